/**
 * Audit records for the local adapter (DESIGN §3 `tickets/{id}/events/{eid}`): the audit entries
 * of a domain plan (`src/domain/plans/`) turned into stored {@link AuditEvent}s with sortable ids
 * and times, for every local write that changes a ticket (tickets, messages, reply by email,
 * the scheduled automation, the demo seed); and, for the seed, a lifecycle move applied to a
 * stored ticket with its audit records. No rule is decided here: the plans decide.
 */
import type { LifecycleEvent } from '@/domain/lifecycle';
import { planStatusMove } from '@/domain/plans/status-move';
import { applyTicketWrite, type ActingUser, type AuditEntry } from '@/domain/plans/ticket-write';
import type { AuditEvent, AuditEventType, Ticket } from '@/domain/types';
import { isoAt } from '@/backend/local/core/context';
import { newSortableId } from '@/backend/local/core/ids';

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

/** A plan's audit entries as records, in order (their sortable ids keep it within one time). */
export function auditEventsOf(
  ticketId: string,
  entries: readonly AuditEntry[],
  actorId: string,
  atMs: number,
): AuditEvent[] {
  return entries.map(({ type, field, macro, trigger, from, to }) => ({
    ...auditEvent(ticketId, type, from, to, actorId, atMs),
    ...(field !== undefined ? { field } : {}),
    ...(macro !== undefined ? { macro } : {}),
    ...(trigger !== undefined ? { trigger } : {}),
  }));
}

/** A ticket after a lifecycle move, and the audit events to write with it. */
export interface TransitionOutcome {
  ticket: Ticket;
  events: AuditEvent[];
}

/**
 * A lifecycle move ({@link planStatusMove}) applied to a stored ticket, without writing anything.
 * @param atMs the time of the move, ms since the epoch.
 * @throws AppError the move's refusal.
 */
export function applyTransition(
  ticket: Ticket,
  event: LifecycleEvent,
  me: ActingUser,
  atMs: number,
): TransitionOutcome {
  const plan = planStatusMove(ticket, event, me, null);
  return {
    ticket: applyTicketWrite(ticket, plan.write, isoAt(atMs)),
    events: auditEventsOf(ticket.id, plan.events, me.uid, atMs),
  };
}
