/**
 * The one way a message is added to a ticket (DESIGN §2–§3): read the ticket and what the plan
 * needs, check and plan the message with {@link planReply}, write the plan's result. Every
 * writer goes through {@link addMessageThrough} — the composer on both adapters (`messages.add`),
 * reply by email on the Cloud Functions and its local twin — each over its own
 * {@link MessageStore}: the local database, the Firebase client SDK or the Admin SDK. Only this
 * module calls `planReply` (lint enforces it; DESIGN §5).
 */
import { assignsOnReply, type LifecycleEvent } from '@/domain/lifecycle';
import { readableTicket } from '@/domain/errors/refusals';
import { isStaff } from '@/domain/roles';
import type { FieldsContext } from '@/domain/plans/field-values';
import { isRetriedMessage, planReply, type ReplyPlan } from '@/domain/plans/reply';
import { actorOf, principalOf, type ActingUser } from '@/domain/plans/ticket-write';
import type { Message, Ticket } from '@/domain/types';

/**
 * What adding one message to one ticket reads and writes, in one transaction of the store's
 * database; the store is made for that ticket and that message id (its content is the store's
 * own: body, attachments, the channel it came by). Every read comes before the write, as a
 * Firestore transaction requires. A method that fails rejects with an `AppError` (or the
 * database's error, which the caller maps) and the transaction writes nothing.
 *
 * `Stored` is how the store reads an existing message back (at least its author); `Written` is
 * what its write returns to the caller (the message, or the ticket before and after).
 */
export interface MessageStore<Stored extends Pick<Message, 'authorId'>, Written> {
  /** Reads `tickets/{ticketId}`: the ticket, or `null` when there is none. */
  readTicket(): Promise<Ticket | null>;
  /**
   * Reads `tickets/{ticketId}/messages/{messageId}`: the message already stored under the
   * client-chosen id (a retried write), or `null` when the id is free.
   */
  readMessage(): Promise<Stored | null>;
  /**
   * Reads the desk's `assignOnReply` setting (`settings/desk`, its default when none is stored).
   * Called only when the reply could take the ticket (a staff member's public reply on a new,
   * unassigned ticket), so other writes read one document fewer. A store whose writer never
   * assigns (reply by email, which comes from the requester) answers `false` without reading.
   */
  readAssignOnReply(): Promise<boolean>;
  /**
   * Reads the desk's custom field definitions and the ticket's values (visible and agents-only).
   * Called only when the message solves the ticket by staff (DESIGN §3: required-to-solve fields),
   * so other writes read nothing more.
   * @param ticket the ticket as read by {@link readTicket}.
   */
  readFields(ticket: Ticket): Promise<FieldsContext>;
  /**
   * Writes the plan's result: the message with `plan.author`'s fields, and the ticket's change
   * (`plan.write` over `ticket`, stamped with the write's time) with its audit entries
   * (`plan.events`: written by the local store; on Firebase, trusted code writes the trail from
   * the ticket before and after). May still refuse before writing (the local store checks that
   * the named files were uploaded: `invalid-argument`).
   * @param ticket the ticket as read by {@link readTicket}.
   */
  write(plan: ReplyPlan, ticket: Ticket): Promise<Written>;
}

/** Who adds the message and what it is, beyond its content (which the store holds). */
export interface AddMessageRequest {
  /** The author, as read in the same transaction (the signed-in person, or the email's requester). */
  actor: ActingUser;
  internal: boolean;
  /** How many files the message names. */
  attachmentCount: number;
  /** A lifecycle event fired with the message ("Reply and set pending"). */
  event: LifecycleEvent | undefined;
  /** Guards `event` (ignored without one): the ticket's `updatedAt` as the caller last saw it. */
  expectedUpdatedAt: string | undefined;
}

/** What adding a message did: a retry met its own message already stored, or the store wrote. */
export type AddMessageOutcome<Stored, Written> =
  { kind: 'retried'; message: Stored } | { kind: 'added'; written: Written };

/**
 * Adds a message through `store`: reads the ticket (refusing one the actor may not read), then
 * the message under the same id — the actor's own is a retry and resolves with it; reads the
 * desk's assign-on-reply setting only when the reply could take the ticket; plans the message
 * ({@link planReply}: its checks, author fields, the ticket's change and the status move) and
 * hands the plan to the store's write.
 * @throws AppError `not-found` (no such ticket), `permission-denied` (not readable, an internal
 *   note by a customer, a reply or event the actor may not make), `already-exists` (another
 *   person's message holds the id), `failed-precondition` (closed, or an event not allowed now),
 *   `aborted` (an event on a ticket changed since `expectedUpdatedAt`), or what the store throws.
 *   Nothing is written then.
 */
export async function addMessageThrough<Stored extends Pick<Message, 'authorId'>, Written>(
  store: MessageStore<Stored, Written>,
  request: AddMessageRequest,
): Promise<AddMessageOutcome<Stored, Written>> {
  const { actor, internal } = request;
  const ticket = readableTicket(principalOf(actor), await store.readTicket());
  const existing = await store.readMessage();
  if (existing && isRetriedMessage(existing, actor)) return { kind: 'retried', message: existing };
  const assignOnReply = assignsOnReply(ticket, actorOf(actor), internal, true) && (await store.readAssignOnReply());
  const fields = request.event === 'solve' && isStaff(actor.role) ? await store.readFields(ticket) : null;
  // Throws for anything refused: the store then writes nothing, the message included.
  const plan = planReply({
    ticket,
    actor,
    internal,
    attachmentCount: request.attachmentCount,
    event: request.event,
    expectedUpdatedAt: request.expectedUpdatedAt,
    assignOnReply,
    fields,
  });
  return { kind: 'added', written: await store.write(plan, ticket) };
}
