/**
 * Adding a reply or an internal note as a plan (DESIGN §1–§3): the checks in their one order,
 * the message's author fields, and what the message changes on its ticket.
 */
import { assignsOnReply, eventForReply, type LifecycleEvent } from '@/domain/lifecycle';
import { isStaff } from '@/domain/roles';
import { assertCan, readableTicket, refusals } from '@/domain/errors/refusals';
import type { Message, Ticket, UserProfile } from '@/domain/types';
import { planStatusMove } from '@/domain/plans/status-move';
import type { FieldsContext } from '@/domain/plans/field-values';
import {
  actorOf,
  assertUnchangedSince,
  mergeWrites,
  principalOf,
  type ActingUser,
  type TicketChangePlan,
  type TicketWrite,
} from '@/domain/plans/ticket-write';

/**
 * A retried write of a message with a client-chosen id (DESIGN §3: a retry resolves with what
 * landed, even if the ticket closed since).
 * @param existing the message stored under that id, if any.
 * @returns true when it is the actor's own (the retry succeeds with it), false when the id is free.
 * @throws AppError `already-exists` when another person's message holds the id.
 */
export function isRetriedMessage(
  existing: Pick<Message, 'authorId'> | null | undefined,
  actor: Pick<UserProfile, 'uid'>,
): boolean {
  if (!existing) return false;
  if (existing.authorId !== actor.uid) throw refusals.idInUse('message');
  return true;
}

/**
 * Checks that `actor` may attach files to a ticket now (DESIGN §1, §4), before any bytes are
 * sent. A ticket not submitted yet passes: its files are the uploader's until a message holds them.
 * @param ticket as read, `null`/`undefined` when it does not exist (yet).
 * @throws AppError `permission-denied` (not theirs, or not allowed), `failed-precondition` on a closed ticket.
 */
export function assertMayAttach(
  actor: Pick<UserProfile, 'uid' | 'role'>,
  ticket: Pick<Ticket, 'requesterId' | 'status'> | null | undefined,
): void {
  if (!ticket) return;
  readableTicket(principalOf(actor), ticket);
  if (ticket.status === 'closed') throw refusals.closedForReplies();
  assertCan(principalOf(actor), 'ticket.attach', ticket);
}

/** What {@link planReply} needs. */
export interface ReplyInput {
  /** The ticket as read in the write's transaction (already checked readable, see `readableTicket`). */
  ticket: Ticket;
  actor: ActingUser;
  internal: boolean;
  /** How many files the message carries. */
  attachmentCount: number;
  /** A lifecycle event fired with the message ("Reply and set pending"). */
  event: LifecycleEvent | undefined;
  /** Guards `event` (ignored without one): the ticket as the caller last saw it. */
  expectedUpdatedAt: string | undefined;
  /** The desk's `assignOnReply` setting: a staff reply on a new, unassigned ticket takes it. */
  assignOnReply: boolean;
  /** The desk's field definitions and the ticket's values, for a reply that solves (`planStatusMove`). */
  fields: FieldsContext | null;
}

/** A planned message: its author fields, and the change of its ticket. */
export interface ReplyPlan extends TicketChangePlan {
  author: Pick<Message, 'authorId' | 'authorName' | 'authorRole' | 'internal'>;
}

/**
 * Plans a new message on a readable ticket. Checks, in this order: an internal note needs
 * staff; a closed ticket takes no message; the actor may reply (and attach, with files);
 * with an event, the ticket is still as the caller saw it. The message stamps `updatedAt`; a
 * public one also `lastMessageAt`/`lastMessageBy`, and the first staff reply to someone else's
 * ticket `firstResponseAt` (a note changes nothing the requester sees). Then the status:
 * `event` decides it when given; otherwise a requester's reply on a pending, on-hold or solved
 * ticket reopens it (`customer_reply`), a staff member's on a new ticket opens it, and takes it
 * when it is unassigned and the desk's `assignOnReply` is on (`REPLY_MOVES`, `assignsOnReply`,
 * DESIGN §2). Audit entries come in `auditEntriesBetween`'s order.
 * @throws AppError `permission-denied`, `failed-precondition` (closed, or the event not
 *   allowed now), `aborted` (stale): nothing may be written then, the message included.
 */
export function planReply({
  ticket,
  actor,
  internal,
  attachmentCount,
  event,
  expectedUpdatedAt,
  assignOnReply,
  fields,
}: ReplyInput): ReplyPlan {
  const who = principalOf(actor);
  if (internal) assertCan(who, 'ticket.writeInternal');
  if (ticket.status === 'closed') throw refusals.closedForReplies();
  assertCan(who, 'ticket.reply', ticket);
  if (attachmentCount > 0) assertCan(who, 'ticket.attach', ticket);
  // The guard protects the status change; a plain reply never overwrites anything.
  if (event !== undefined) assertUnchangedSince(ticket, expectedUpdatedAt);

  let write: TicketWrite = { set: {}, clear: [], stamp: ['updatedAt'] };
  if (!internal) {
    const fromStaff = isStaff(actor.role);
    write.set.lastMessageBy = fromStaff ? 'agent' : 'customer';
    write.stamp.push('lastMessageAt');
    if (fromStaff && actor.uid !== ticket.requesterId && !ticket.firstResponseAt) write.stamp.push('firstResponseAt');
  }
  // An explicit event says where the ticket goes next and replaces the automatic reopen (a
  // requester's "reply and mark solved" on a pending ticket solves it; their reply with
  // "reopen" on a solved one reopens it once).
  const move = event ?? (internal ? null : eventForReply(ticket, actorOf(actor)));
  const moved = move ? planStatusMove(ticket, move, actor, fields) : null;
  if (moved) write = mergeWrites(write, moved.write);
  let events = moved?.events ?? [];
  // A solve already makes its staff author the assignee; otherwise the reply takes the ticket,
  // recorded before the move it comes with (the order `auditEntriesBetween` reads back).
  if (assignsOnReply(ticket, actorOf(actor), internal, assignOnReply) && write.set.assigneeId === undefined) {
    write.set.assigneeId = actor.uid;
    write.set.assigneeName = actor.displayName;
    events = [{ type: 'assignee', from: null, to: actor.uid }, ...events];
  }
  return {
    author: { authorId: actor.uid, authorName: actor.displayName, authorRole: actor.role, internal },
    write,
    events,
  };
}
