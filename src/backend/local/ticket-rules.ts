/**
 * The checks and writes that tickets and messages share: who may read a ticket (DESIGN §1),
 * how a lifecycle move changes it (DESIGN §2), and the audit events it leaves (DESIGN §3).
 */
import { AppError } from '@/domain/errors';
import { transition, type LifecycleEvent, type TransitionResult } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
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

/** The error for a move `transition()` refused: the actor's role → `permission-denied`, the table → `failed-precondition`. */
export function refusalError(refusal: Extract<TransitionResult, { ok: false }>): AppError {
  switch (refusal.code) {
    case 'not-allowed-for-actor':
      return new AppError('permission-denied', refusal.message);
    case 'closed':
    case 'invalid-transition':
      return new AppError('failed-precondition', refusal.message);
    default: {
      const unexpected: never = refusal.code;
      return new AppError('failed-precondition', String(unexpected));
    }
  }
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
 * @throws AppError `failed-precondition` or `permission-denied` (see {@link refusalError}).
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
  if (result.to === 'solved') {
    next.solvedAt = at;
    if (!next.assigneeId && isStaff(me.role)) {
      next.assigneeId = me.uid;
      next.assigneeName = me.displayName;
      events.push(auditEvent(ticket.id, 'assignee', null, me.uid, me.uid, atMs));
    }
  }
  // Back to open (reopen, or the requester's reply) means no longer solved; closed keeps it.
  if (result.to === 'open') delete next.solvedAt;
  if (result.to === 'closed') next.closedAt = at;
  return { ticket: next, events };
}
