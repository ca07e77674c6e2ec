/**
 * SLA clocks (DESIGN §10): for a ticket and the desk's policy, each target's state — running,
 * paused, met or stopped — its due time, and the time left or overdue. Pure: the same answer in
 * the queue, on the ticket, in trusted code (the stored `slaDueAt`) and in reports.
 *
 * - **First reply** runs from submission to staff's first public reply (`firstResponseAt`). It
 *   never pauses, as Zendesk's "first reply time".
 * - **Next reply** runs from the requester's oldest unanswered public reply after the first reply
 *   to staff's next public reply.
 * - **Resolution** runs from submission until the ticket is solved; reopening resumes it.
 *
 * Next reply and resolution are the requester-wait clocks: they stand still while the ticket is
 * pending or on hold (waiting on the requester or a third party), as Zendesk's requester wait
 * time does. A ticket solved or closed before a target was reached stops that clock with no
 * outcome. Targets count business hours or calendar hours, as the priority's policy says.
 */
import { addBusinessMs, businessMsBetween, type Span } from '@/domain/sla/business-hours';
import {
  NO_SLA_DUE,
  type BusinessHours,
  type IsoDateTime,
  type SlaPolicy,
  type Ticket,
  type TicketStatus,
} from '@/domain/types';

/** The SLA targets, in the order they are shown. */
export const SLA_TARGETS = ['firstReply', 'nextReply', 'resolution'] as const;
/** One of {@link SLA_TARGETS}. */
export type SlaTargetName = (typeof SLA_TARGETS)[number];

/**
 * Statuses in which the requester-wait clocks (next reply, resolution) stand still (DESIGN §10):
 * waiting on the requester or a third party, and done.
 */
export const PAUSING_STATUSES: readonly TicketStatus[] = ['pending', 'on_hold', 'solved', 'closed'];

/** Statuses that end a clock that has not been met (the ticket is done). */
const DONE_STATUSES: readonly TicketStatus[] = ['solved', 'closed'];

/** A target's state. `met` includes a target met late (then `breached` is true). */
export type SlaClockState = 'running' | 'paused' | 'met' | 'stopped';

/** One target's clock on one ticket at one moment. */
export interface SlaClock {
  target: SlaTargetName;
  state: SlaClockState;
  /** The target, in ms of business or calendar time. */
  targetMs: number;
  /** When the target falls (or fell) due; absent while paused before it was reached (it moves). */
  dueAt?: IsoDateTime;
  /**
   * Running: ms until `dueAt` (negative once overdue). Paused: the target time still left (ms of
   * business or calendar time; negative when already over). Met or stopped: target minus time
   * used (negative when met late).
   */
  remainingMs: number;
  /** Whether the target was missed: overdue while running or paused, or met late. */
  breached: boolean;
  /** When the clock started. */
  startedAt: IsoDateTime;
  /** When it was met (the reply or the solve). */
  metAt?: IsoDateTime;
  /** Time the clock has counted, in ms of business or calendar time. */
  elapsedMs: number;
}

/** The fields of a ticket the clocks read. */
export type SlaTicket = Pick<Ticket, 'status' | 'createdAt' | 'firstResponseAt' | 'solvedAt' | 'closedAt' | 'sla'>;

/** What the clocks need to know about the desk. */
export interface SlaContext {
  policy: SlaPolicy;
  businessHours: BusinessHours;
  /** The moment to evaluate at, ms since the epoch. */
  now: number;
}

/**
 * The spans in which a requester-wait clock counts: from `start` to `end`, less the ticket's
 * pauses (an open pause lasts until `end`). A clock that runs on past `end` (`running`) always
 * ends with the span it runs in, even an empty one — at the very instant it starts or resumes.
 */
function activeSpans(
  start: number,
  end: number,
  pauses: readonly { from: string; to?: string }[],
  running: boolean,
): Span[] {
  const spans: Span[] = [];
  let cursor = start;
  for (const pause of pauses) {
    const from = Date.parse(pause.from);
    const to = pause.to === undefined ? Infinity : Date.parse(pause.to);
    if (to <= cursor) continue;
    if (from >= end) break;
    if (from > cursor) spans.push({ from: cursor, to: Math.min(from, end) });
    cursor = Math.max(cursor, to);
    if (cursor >= end) break;
  }
  if (cursor < end || (running && cursor === end)) spans.push({ from: cursor, to: end });
  return spans;
}

/** Counted time within a span, and when `left` of it runs out from a point, per the policy's hours. */
function measure(policy: SlaPolicy, hours: BusinessHours) {
  return policy.hours === 'calendar'
    ? { within: (span: Span) => span.to - span.from, after: (from: number, left: number) => from + left }
    : {
        within: (span: Span) => businessMsBetween(span.from, span.to, hours),
        after: (from: number, left: number) => addBusinessMs(from, left, hours),
      };
}

/**
 * Walks a clock's spans: the time it counted, and the instant its target fell due if it did
 * within them — or, when `openEnded`, after the last span's start (the clock still runs).
 */
function walk(
  spans: readonly Span[],
  targetMs: number,
  ctx: SlaContext,
  openEnded: boolean,
): { elapsedMs: number; dueAt?: number } {
  const { within, after } = measure(ctx.policy, ctx.businessHours);
  let elapsedMs = 0;
  let dueAt: number | undefined;
  spans.forEach((span, index) => {
    const last = index === spans.length - 1;
    const counted = within(span);
    if (dueAt === undefined && elapsedMs + counted >= targetMs) dueAt = after(span.from, targetMs - elapsedMs);
    else if (dueAt === undefined && last && openEnded) dueAt = after(span.from, targetMs - elapsedMs);
    elapsedMs += counted;
  });
  return { elapsedMs, dueAt };
}

function iso(ms: number | undefined): IsoDateTime | undefined {
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * One clock from its spans. `metAt` set: met (on time or late). Else `done`: stopped. Else
 * `paused` (the last span ended before now) or running.
 */
function clockOf(
  target: SlaTargetName,
  startedAt: string,
  spans: readonly Span[],
  ctx: SlaContext,
  end: { metAt?: string; done: boolean; paused: boolean },
): SlaClock {
  const targetMs = targetMinutes(ctx.policy, target) * 60_000;
  const running = end.metAt === undefined && !end.done && !end.paused;
  const { elapsedMs, dueAt } = walk(spans, targetMs, ctx, running);
  const base = { target, targetMs, startedAt, elapsedMs, dueAt: iso(dueAt) };
  if (end.metAt !== undefined) {
    return {
      ...base,
      state: 'met',
      metAt: end.metAt,
      remainingMs: targetMs - elapsedMs,
      breached: elapsedMs > targetMs,
    };
  }
  if (end.done) return { ...base, state: 'stopped', remainingMs: targetMs - elapsedMs, breached: elapsedMs > targetMs };
  if (end.paused) {
    return { ...base, state: 'paused', remainingMs: targetMs - elapsedMs, breached: elapsedMs > targetMs };
  }
  const remainingMs = dueAt === undefined ? Infinity : dueAt - ctx.now;
  return { ...base, state: 'running', remainingMs, breached: remainingMs < 0 };
}

/** A policy's target for one clock, in minutes. */
export function targetMinutes(policy: SlaPolicy, target: SlaTargetName): number {
  switch (target) {
    case 'firstReply':
      return policy.firstReplyMinutes;
    case 'nextReply':
      return policy.nextReplyMinutes;
    case 'resolution':
      return policy.resolutionMinutes;
  }
}

/**
 * The ticket's SLA clocks at `ctx.now`: first reply, then next reply (only once a cycle has
 * begun), then resolution. DESIGN §10.
 * @returns one clock per target that applies, in {@link SLA_TARGETS} order.
 */
export function slaClocks(ticket: SlaTicket, ctx: SlaContext): SlaClock[] {
  const now = ctx.now;
  const created = Date.parse(ticket.createdAt);
  const pauses = ticket.sla?.pauses ?? [];
  const done = DONE_STATUSES.includes(ticket.status);
  const paused = PAUSING_STATUSES.includes(ticket.status);
  const clocks: SlaClock[] = [];

  const firstReplyEnd = ticket.firstResponseAt ? Date.parse(ticket.firstResponseAt) : now;
  const firstDone = done && !ticket.firstResponseAt;
  const doneAt = Date.parse(ticket.solvedAt ?? ticket.closedAt ?? ticket.createdAt);
  clocks.push(
    clockOf(
      'firstReply',
      ticket.createdAt,
      [{ from: created, to: firstDone ? Math.min(doneAt, now) : firstReplyEnd }],
      ctx,
      {
        metAt: ticket.firstResponseAt,
        done: firstDone,
        paused: false,
      },
    ),
  );

  const cycle = ticket.sla?.nextReply;
  if (cycle) {
    const since = Date.parse(cycle.since);
    const end = cycle.repliedAt ? Date.parse(cycle.repliedAt) : now;
    clocks.push(
      clockOf('nextReply', cycle.since, activeSpans(since, end, pauses, !cycle.repliedAt && !paused), ctx, {
        metAt: cycle.repliedAt,
        done: !cycle.repliedAt && done,
        paused: !cycle.repliedAt && paused,
      }),
    );
  }

  const solvedAt = done ? (ticket.solvedAt ?? ticket.closedAt) : undefined;
  const resolutionEnd = solvedAt ? Date.parse(solvedAt) : now;
  clocks.push(
    clockOf('resolution', ticket.createdAt, activeSpans(created, resolutionEnd, pauses, !solvedAt && !paused), ctx, {
      metAt: solvedAt,
      done: false,
      paused: !done && paused,
    }),
  );
  return clocks;
}

/**
 * The running clock that falls due first (overdue ones first of all), or `undefined` when none
 * runs: what the queue's "Next SLA" column shows and `slaDueAt` stores.
 */
export function nextSlaClock(clocks: readonly SlaClock[]): SlaClock | undefined {
  return clocks
    .filter((clock) => clock.state === 'running' && clock.dueAt !== undefined)
    .sort((a, b) => Date.parse(a.dueAt as string) - Date.parse(b.dueAt as string))[0];
}

/** `slaDueAt` for a ticket: its next running clock's due time, else {@link NO_SLA_DUE}. */
export function slaDueAtOf(ticket: SlaTicket, ctx: SlaContext): IsoDateTime {
  return nextSlaClock(slaClocks(ticket, ctx))?.dueAt ?? NO_SLA_DUE;
}

/** How close a running clock is to its due time (DESIGN §10): for colours and the queue's views. */
export type SlaUrgency = 'breached' | 'at-risk' | 'on-track';

/** A running clock is at risk in its last hour: the queue's "Breaching soon" view (DESIGN §10). */
export const AT_RISK_MS = 60 * 60_000;

/** The urgency of a clock: breached when missed, at risk when due within {@link AT_RISK_MS}. */
export function urgencyOf(clock: Pick<SlaClock, 'state' | 'remainingMs' | 'breached'>): SlaUrgency {
  if (clock.breached) return 'breached';
  return clock.state === 'running' && clock.remainingMs <= AT_RISK_MS ? 'at-risk' : 'on-track';
}
