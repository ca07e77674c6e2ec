/**
 * The checks and writes that tickets and messages share: who may read a ticket (DESIGN §1),
 * how a lifecycle move changes it (DESIGN §2), and the audit events it leaves (DESIGN §3).
 */
import { AppError } from '@/domain/errors';
import { refusalError, statusChangeEffects, transition, type LifecycleEvent } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import type { AuditEvent, AuditEventType, Ticket, UserProfile } from '@/domain/types';
import { actorOf, isoAt, permissionDenied, principalOf } from '@/backend/local/context';
import { newSortableId } from '@/backend/local/ids';

/**
 * The ticket, if `me` may read it (DESIGN §1: staff read all, customers their own).
 * @throws AppError `not-found` when it does not exist, `permission-denied` when it is not theirs.
 */
export function readableTicket(me: UserProfile, ticket: Ticket | undefined): Ticket {
  if (!ticket) throw new AppError('not-found', 'This ticket does not exist.');
  if (!can(principalOf(me), 'ticket.read', ticket)) throw permissionDenied('This ticket is not yours.');
  return ticket;
}

/** The refusal of a guarded write whose ticket changed since the caller saw it (the port's `WriteOptions`). */
export function staleTicketError(): AppError {
  return new AppError(
    'aborted',
    'Someone else changed this ticket since you opened it. Check its current state and try again.',
  );
}

/**
 * Checks a guarded write's `expectedUpdatedAt` against the ticket as read in the write's
 * transaction; no expectation passes.
 * @throws AppError `aborted` ({@link staleTicketError}) when the ticket's `updatedAt` differs.
 */
export function assertUnchangedSince(ticket: Ticket, expectedUpdatedAt: string | undefined): void {
  if (expectedUpdatedAt !== undefined && ticket.updatedAt !== expectedUpdatedAt) throw staleTicketError();
}

/**
 * One audit-trail entry (DESIGN §3).
 * @param atMs when it happened, ms since the epoch.
 */
export function auditEvent(
  ticketId: string,
  type: AuditEventType,
  from: string | null,
  to: string | null,
  actorId: string,
  atMs: number,
): AuditEvent {
  return { id: newSortableId(atMs), ticketId, type, from, to, actorId, at: isoAt(atMs) };
}

/** A ticket after a lifecycle move, and the audit events to write with it. */
export interface TransitionOutcome {
  ticket: Ticket;
  events: AuditEvent[];
}

/**
 * Applies a lifecycle event to a ticket (DESIGN §2) without writing anything: sets
 * `solvedAt`/`closedAt`, clears `solvedAt` when a solved ticket reopens, and makes a staff
 * member who solves an unassigned ticket its assignee (a solved ticket has an owner, as in
 * Zendesk). The caller writes the result in the same transaction it read the ticket in.
 * @param atMs the time of the move, ms since the epoch.
 * @throws AppError `failed-precondition` or `permission-denied` (`refusalError` in the domain).
 */
export function applyTransition(
  ticket: Ticket,
  event: LifecycleEvent,
  me: UserProfile,
  atMs: number,
): TransitionOutcome {
  const result = transition(ticket, event, actorOf(me));
  if (!result.ok) throw refusalError(result);
  const at = isoAt(atMs);
  const next: Ticket = { ...ticket, status: result.to, updatedAt: at };
  const events = [auditEvent(ticket.id, 'status', ticket.status, result.to, me.uid, atMs)];
  const effects = statusChangeEffects(ticket, result.to, me);
  if (effects.setSolvedAt) next.solvedAt = at;
  if (effects.clearSolvedAt) delete next.solvedAt;
  if (effects.setClosedAt) next.closedAt = at;
  if (effects.assignTo) {
    next.assigneeId = effects.assignTo.uid;
    next.assigneeName = effects.assignTo.displayName;
    events.push(auditEvent(ticket.id, 'assignee', null, effects.assignTo.uid, me.uid, atMs));
  }
  return { ticket: next, events };
}
