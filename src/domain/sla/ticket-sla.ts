/**
 * The SLA record trusted code keeps on a ticket (DESIGN §10): which periods paused the
 * requester-wait clocks and where the next-reply cycle stands, derived from the ticket before and
 * after each write — by the local backend in the write, by the `ticketWritten` Cloud Function on
 * Firebase — so the clocks can be computed from the ticket alone, on a queue page of 100 rows.
 */
import { z } from 'zod/mini';
import { PAUSING_STATUSES } from '@/domain/sla/clocks';
import type { IsoDateTime, Ticket, TicketSlaState } from '@/domain/types';

/** The most pauses kept; older ones are merged into one span (the clocks count them the same). */
export const MAX_SLA_PAUSES = 50;

/** The ticket fields the record follows. */
export type SlaTrackedTicket = Pick<
  Ticket,
  'status' | 'lastMessageAt' | 'lastMessageBy' | 'firstResponseAt' | 'updatedAt' | 'sla'
>;

type Pause = TicketSlaState['pauses'][number];

function withPauseChange(
  pauses: TicketSlaState['pauses'],
  wasPaused: boolean,
  isPaused: boolean,
  at: IsoDateTime,
): TicketSlaState['pauses'] {
  if (!wasPaused && isPaused) {
    const next = [...pauses, { from: at }];
    if (next.length <= MAX_SLA_PAUSES) return next;
    // Merge the two oldest: the time between them then counts as paused too — only for tickets
    // that have stopped and started fifty times.
    const [first, second, ...rest] = next as [Pause, Pause, ...Pause[]];
    return [{ from: first.from, to: second.to }, ...rest];
  }
  if (wasPaused && !isPaused) {
    const last = pauses.at(-1);
    if (last && last.to === undefined) return [...pauses.slice(0, -1), { from: last.from, to: at }];
  }
  return pauses;
}

/**
 * The ticket's SLA record after one write (DESIGN §10).
 * - Moving into pending, on hold, solved or closed opens a pause; moving out closes it.
 * - A requester's public reply after the first reply starts a next-reply cycle, unless one is
 *   still unanswered (the oldest unanswered reply counts); staff's public reply answers it.
 * @param before the ticket before the write; `null` when the write created it.
 * @param after the ticket as written; the change's time is its `updatedAt`.
 * @returns the record to store (equal to `after.sla` when nothing changed).
 */
export function slaStateAfter(before: SlaTrackedTicket | null, after: SlaTrackedTicket): TicketSlaState {
  const current: TicketSlaState = after.sla ?? before?.sla ?? { pauses: [] };
  const wasPaused = before !== null && PAUSING_STATUSES.includes(before.status);
  const isPaused = PAUSING_STATUSES.includes(after.status);
  const pauses = withPauseChange(current.pauses, wasPaused, isPaused, after.updatedAt);

  let nextReply = current.nextReply;
  const newPublicMessage = before !== null && after.lastMessageAt !== before.lastMessageAt;
  if (newPublicMessage && after.lastMessageBy === 'customer' && after.firstResponseAt) {
    const unanswered = nextReply !== undefined && nextReply.repliedAt === undefined;
    if (!unanswered) nextReply = { since: after.lastMessageAt };
  } else if (newPublicMessage && after.lastMessageBy === 'agent' && nextReply && !nextReply.repliedAt) {
    nextReply = { since: nextReply.since, repliedAt: after.lastMessageAt };
  }
  return nextReply === undefined ? { pauses } : { pauses, nextReply };
}

/** Whether two SLA records are the same (trusted code writes only a changed one). */
export function sameSlaState(a: TicketSlaState | undefined, b: TicketSlaState | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

const isoSchema = z.iso.datetime();
const slaStateSchema = z.object({
  pauses: z.array(z.object({ from: isoSchema, to: z.optional(isoSchema) })),
  nextReply: z.optional(z.object({ since: isoSchema, repliedAt: z.optional(isoSchema) })),
});

/**
 * An SLA record as stored (trusted code wrote it, but a reader trusts no shape): the record, or
 * `undefined` when absent or malformed (the clocks then count no pauses and no next-reply cycle).
 */
export function slaStateFrom(stored: unknown): TicketSlaState | undefined {
  const parsed = slaStateSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const { pauses, nextReply } = parsed.data;
  const clean = pauses.map((pause) =>
    pause.to === undefined ? { from: pause.from } : { from: pause.from, to: pause.to },
  );
  if (!nextReply) return { pauses: clean };
  return {
    pauses: clean,
    nextReply:
      nextReply.repliedAt === undefined
        ? { since: nextReply.since }
        : { since: nextReply.since, repliedAt: nextReply.repliedAt },
  };
}
