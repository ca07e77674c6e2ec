/**
 * Lifecycle moves as plans (DESIGN §2): what firing an event on a ticket writes, decided by
 * `transition()` and `statusChangeEffects()` and nothing else.
 */
import { refusalError, statusChangeEffects, transition, type LifecycleEvent } from '@/domain/lifecycle';
import { readableTicket } from '@/domain/errors/refusals';
import { isStaff } from '@/domain/roles';
import type { Ticket } from '@/domain/types';
import { assertSolvable, type FieldsContext } from '@/domain/plans/field-values';
import {
  actorOf,
  assertUnchangedSince,
  principalOf,
  type ActingUser,
  type AuditEntry,
  type TicketChangePlan,
  type TicketWrite,
} from '@/domain/plans/ticket-write';

/**
 * What firing `event` on `ticket` by `actor` writes: the new status, the timestamps it stamps or
 * clears, a staff member who solves an unassigned ticket becoming its assignee (as in Zendesk),
 * and the audit entries (`status`, then `assignee` when it changed). Staff solve only a ticket
 * whose required-to-solve fields are filled (DESIGN §3 "Custom fields"); a requester marking
 * their own request solved is not held to fields they may not fill.
 * @param fields the desk's definitions and the ticket's values; `null` where no field applies
 *   (a move that cannot solve, or a desk before custom fields such as the demo's history).
 * @throws AppError `failed-precondition` (a closed ticket, a move the table forbids, or a
 *   required-to-solve field empty — the sentence names it) or `permission-denied` (the actor's
 *   role may not fire it): `refusalError` of the lifecycle.
 */
export function planStatusMove(
  ticket: Pick<Ticket, 'status' | 'requesterId' | 'assigneeId'>,
  event: LifecycleEvent,
  actor: ActingUser,
  fields: FieldsContext | null,
): TicketChangePlan {
  const result = transition(ticket, event, actorOf(actor));
  if (!result.ok) throw refusalError(result);
  if (result.to === 'solved' && isStaff(actor.role) && fields !== null) assertSolvable(fields);
  const effects = statusChangeEffects(ticket, result.to, actor);
  const write: TicketWrite = { set: { status: result.to }, clear: [], stamp: ['updatedAt'] };
  if (effects.setSolvedAt) write.stamp.push('solvedAt');
  if (effects.clearSolvedAt) write.clear.push('solvedAt');
  if (effects.setClosedAt) write.stamp.push('closedAt');
  const events: AuditEntry[] = [{ type: 'status', from: ticket.status, to: result.to }];
  if (effects.assignTo) {
    write.set.assigneeId = effects.assignTo.uid;
    write.set.assigneeName = effects.assignTo.displayName;
    events.push({ type: 'assignee', from: null, to: effects.assignTo.uid });
  }
  return { write, events };
}

/**
 * The port's `tickets.transition` as a plan: the ticket must be readable by the actor
 * (DESIGN §1), still as the caller saw it (`expectedUpdatedAt`), and the move allowed.
 * @param ticket as read in the write's transaction, `null`/`undefined` when it does not exist.
 * @param fields as {@link planStatusMove}'s.
 * @returns the plan, and the ticket it applies to.
 * @throws AppError `not-found`, `permission-denied`, `aborted` (stale), and the refusals of
 *   {@link planStatusMove}.
 */
export function planTransition<T extends Ticket>(
  ticket: T | null | undefined,
  event: LifecycleEvent,
  actor: ActingUser,
  expectedUpdatedAt: string | undefined,
  fields: FieldsContext | null,
): TicketChangePlan & { ticket: T } {
  const readable = readableTicket(principalOf(actor), ticket);
  assertUnchangedSince(readable, expectedUpdatedAt);
  return { ticket: readable, ...planStatusMove(readable, event, actor, fields) };
}
