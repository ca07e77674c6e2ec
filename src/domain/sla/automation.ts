/**
 * What trusted code does on its own, on a schedule (DESIGN §2, §10): record each SLA target the
 * moment it is breached — the scheduled Cloud Function on Firebase, the local backend's timer
 * locally — as the system actor, whose events the timeline shows as by "Triage". (The automatic
 * close is a time rule, `src/domain/auto-close.ts`; {@link planAutoClose} plays it in the demo
 * desk's simulated history.)
 */
import { transition } from '@/domain/lifecycle';
import type { AuditEntry, TicketChangePlan } from '@/domain/plans/ticket-write';
import { slaClocks, type SlaContext, type SlaTargetName, type SlaTicket } from '@/domain/sla/clocks';
import type { Ticket } from '@/domain/types';

/** The `actorId` (and `updatedBy`) of what trusted code does on its own: shown as "Triage". */
export const SYSTEM_ACTOR_ID = 'system';

/** How often the schedule runs, in ms: the automatic close and breach records are at most this late. */
export const AUTOMATION_INTERVAL_MS = 5 * 60_000;

/**
 * The automatic close of a solved ticket (DESIGN §2 `close` by the system actor), once
 * `closeAfterDays` whole days have passed since `solvedAt` — as the desk's automatic-close rule
 * decides it, for the demo desk's simulated history (`local/seed/history.ts`), which plays the
 * past without running rules.
 * @param now ms since the epoch.
 * @returns the plan (status closed, `closedAt` and `updatedAt` stamped, one status entry), or
 *   `null` when the ticket is not due.
 */
export function planAutoClose(
  ticket: Pick<Ticket, 'status' | 'solvedAt' | 'requesterId' | 'assigneeId'>,
  closeAfterDays: number,
  now: number,
): TicketChangePlan | null {
  if (ticket.status !== 'solved' || !ticket.solvedAt) return null;
  if (now - Date.parse(ticket.solvedAt) < closeAfterDays * 24 * 60 * 60_000) return null;
  const result = transition(ticket, 'close', { kind: 'system' });
  if (!result.ok) return null;
  return {
    write: { set: { status: result.to }, clear: [], stamp: ['updatedAt', 'closedAt'] },
    events: [{ type: 'status', from: ticket.status, to: result.to }],
  };
}

/** A breach to record: the audit entry (`sla`, to = the target), its fixed id and its time. */
export interface BreachRecord {
  /** `sla-{target}-{clock start, ms}`: one record per clock, however often it is looked at. */
  id: string;
  entry: AuditEntry;
  /** When the target fell due (ISO-8601 UTC): the moment of the breach. */
  at: string;
}

/**
 * The breaches of a ticket's clocks at `ctx.now`: every clock that missed its target — running
 * or paused overdue, or met late — with the id that makes recording it idempotent.
 */
export function breachRecords(ticket: SlaTicket, ctx: SlaContext): BreachRecord[] {
  return slaClocks(ticket, ctx)
    .filter((clock) => clock.breached && clock.dueAt !== undefined)
    .map((clock) => ({
      id: breachId(clock.target, clock.startedAt),
      entry: { type: 'sla', from: null, to: clock.target },
      at: clock.dueAt as string,
    }));
}

/** The id of a clock's breach record. */
export function breachId(target: SlaTargetName, startedAt: string): string {
  return `sla-${target}-${Date.parse(startedAt)}`;
}
