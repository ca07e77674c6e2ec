/**
 * Submitting a request as a plan (DESIGN §2–§3): the checks, the ticket's fields, its first
 * public message and its first audit entry. The adapter adds the id, the number it took from
 * `counters/tickets`, the times and its own storage details (search keys, `null` fields).
 */
import { refusalError, transition } from '@/domain/lifecycle';
import { isStaff } from '@/domain/roles';
import { assertCan, readableTicket, refusals } from '@/domain/errors/refusals';
import type { NewTicketInput } from '@/domain/schemas';
import type { Message, Ticket, UserProfile } from '@/domain/types';
import { actorOf, principalOf, type ActingUser, type AuditEntry } from '@/domain/plans/ticket-write';

/**
 * A retried submission with a client-chosen ticket id (DESIGN §3: a retry finds its own ticket).
 * @param existing the ticket stored under that id, if any.
 * @returns true when it is the actor's own (nothing is written; the retry returns it), false when the id is free.
 * @throws AppError `already-exists` when it is someone else's.
 */
export function isRetriedSubmission(
  existing: Pick<Ticket, 'requesterId'> | null | undefined,
  actor: Pick<UserProfile, 'uid'>,
): boolean {
  if (!existing) return false;
  if (existing.requesterId !== actor.uid) throw refusals.idInUse('ticket');
  return true;
}

/** A new ticket's own fields: all but its id, number and times. */
export type NewTicketFields = Pick<
  Ticket,
  | 'subject'
  | 'status'
  | 'priority'
  | 'category'
  | 'tags'
  | 'requesterId'
  | 'requesterName'
  | 'lastMessageBy'
  | 'followUpOf'
>;

/** What a submission writes, but for ids, number and times. */
export interface NewTicketPlan {
  ticket: NewTicketFields;
  /** The first public message: the description, with the request's files (added by the adapter). */
  message: Pick<Message, 'authorId' | 'authorName' | 'authorRole' | 'body' | 'internal'>;
  events: AuditEntry[];
}

/**
 * Plans a submission by `actor`: anyone signed in may submit (`ticket.create`); it enters the
 * lifecycle with `submit`; a follow-up must name a closed ticket the actor may read. The
 * category is trimmed and left out when empty; the ticket starts untagged and unassigned.
 * @param fields the request, checked by `newTicketSchema`.
 * @param followed the ticket `fields.followUpOf` names, as read (`null`/`undefined` when it does not exist).
 * @throws AppError `permission-denied`, `not-found` (the followed ticket), `failed-precondition`
 *   (it is not closed).
 */
export function planNewTicket(
  fields: NewTicketInput,
  actor: ActingUser,
  followed?: Pick<Ticket, 'requesterId' | 'status'> | null,
): NewTicketPlan {
  assertCan(principalOf(actor), 'ticket.create');
  const submit = transition(null, 'submit', actorOf(actor));
  if (!submit.ok) throw refusalError(submit);
  const { subject, description, priority, followUpOf } = fields;
  if (followUpOf !== undefined) {
    if (readableTicket(principalOf(actor), followed).status !== 'closed') throw refusals.followUpOfOpenTicket();
  }
  const category = fields.category?.trim() || undefined;
  return {
    ticket: {
      subject,
      status: submit.to,
      priority,
      ...(category ? { category } : {}),
      tags: [],
      requesterId: actor.uid,
      requesterName: actor.displayName,
      lastMessageBy: isStaff(actor.role) ? 'agent' : 'customer',
      ...(followUpOf !== undefined ? { followUpOf } : {}),
    },
    message: {
      authorId: actor.uid,
      authorName: actor.displayName,
      authorRole: actor.role,
      body: description,
      internal: false,
    },
    events: [{ type: 'status', from: null, to: submit.to }],
  };
}
