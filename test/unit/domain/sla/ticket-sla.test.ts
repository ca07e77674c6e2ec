/**
 * The SLA record trusted code derives from each ticket write (DESIGN §10): which periods pause the
 * requester-wait clocks and where the next-reply cycle stands. Fixed instants; each write's time
 * is the ticket's `updatedAt` after it.
 */
import { MAX_SLA_PAUSES, sameSlaState, slaStateAfter, type SlaTrackedTicket } from '@/domain/sla/ticket-sla';
import type { TicketSlaState } from '@/domain/types';

const CREATED = '2026-03-03T10:00:00.000Z';
const FIRST_REPLY = '2026-03-03T11:00:00.000Z';
const T1 = '2026-03-03T12:00:00.000Z';
const T2 = '2026-03-03T13:00:00.000Z';
const T3 = '2026-03-03T14:00:00.000Z';
const T4 = '2026-03-03T15:00:00.000Z';
const T5 = '2026-03-03T16:00:00.000Z';

/** A ticket as submitted: new, the requester's message its last, no pauses. */
function submitted(fields: Partial<SlaTrackedTicket> = {}): SlaTrackedTicket {
  return {
    status: 'new',
    lastMessageAt: CREATED,
    lastMessageBy: 'customer',
    updatedAt: CREATED,
    sla: { pauses: [] },
    ...fields,
  };
}

/** A ticket staff answered once (at FIRST_REPLY), now open. */
function answered(fields: Partial<SlaTrackedTicket> = {}): SlaTrackedTicket {
  return submitted({
    status: 'open',
    firstResponseAt: FIRST_REPLY,
    lastMessageAt: FIRST_REPLY,
    lastMessageBy: 'agent',
    updatedAt: FIRST_REPLY,
    ...fields,
  });
}

/** The record after a write that changes `changes` on `before` (the stored record carried over). */
function write(before: SlaTrackedTicket, changes: Partial<SlaTrackedTicket>): TicketSlaState {
  return slaStateAfter(before, { ...before, ...changes });
}

/** The ticket with the record a write produced, for chaining writes. */
function after(before: SlaTrackedTicket, changes: Partial<SlaTrackedTicket>): SlaTrackedTicket {
  return { ...before, ...changes, sla: write(before, changes) };
}

describe('slaStateAfter: pauses', () => {
  test('creation: no pauses, no cycle', () => {
    expect(slaStateAfter(null, submitted({ sla: undefined }))).toStrictEqual({ pauses: [] });
    expect(slaStateAfter(null, submitted())).toStrictEqual({ pauses: [] });
  });

  test('open → pending opens a pause at the write', () => {
    expect(write(answered(), { status: 'pending', updatedAt: T1 })).toStrictEqual({ pauses: [{ from: T1 }] });
  });

  test('pending → open closes it', () => {
    const pending = after(answered(), { status: 'pending', updatedAt: T1 });
    expect(write(pending, { status: 'open', updatedAt: T2 })).toStrictEqual({ pauses: [{ from: T1, to: T2 }] });
  });

  test('pending → on hold keeps one open pause', () => {
    const pending = after(answered(), { status: 'pending', updatedAt: T1 });
    expect(write(pending, { status: 'on_hold', updatedAt: T2 })).toStrictEqual({ pauses: [{ from: T1 }] });
  });

  test('new → on hold opens a pause too', () => {
    expect(write(submitted(), { status: 'on_hold', updatedAt: T1 })).toStrictEqual({ pauses: [{ from: T1 }] });
  });

  test('solve opens a pause; reopen closes it; a second pending period is a second pause', () => {
    const solved = after(answered(), { status: 'solved', updatedAt: T1 });
    expect(solved.sla).toStrictEqual({ pauses: [{ from: T1 }] });
    const reopened = after(solved, { status: 'open', updatedAt: T2 });
    expect(reopened.sla).toStrictEqual({ pauses: [{ from: T1, to: T2 }] });
    expect(write(reopened, { status: 'pending', updatedAt: T3 })).toStrictEqual({
      pauses: [{ from: T1, to: T2 }, { from: T3 }],
    });
  });

  test('pending → solved → closed: the pause that began when pending lasts on', () => {
    const pending = after(answered(), { status: 'pending', updatedAt: T1 });
    const solved = after(pending, { status: 'solved', updatedAt: T2 });
    expect(solved.sla).toStrictEqual({ pauses: [{ from: T1 }] });
    expect(write(solved, { status: 'closed', updatedAt: T3 })).toStrictEqual({ pauses: [{ from: T1 }] });
  });

  test('a ticket from before SLAs (no record) starts one', () => {
    const legacy = answered({ sla: undefined });
    expect(write(legacy, { status: 'pending', updatedAt: T1 })).toStrictEqual({ pauses: [{ from: T1 }] });
  });

  test(`more than MAX_SLA_PAUSES (${MAX_SLA_PAUSES}) pauses: the oldest two merge`, () => {
    const hour = (n: number) => new Date(Date.parse(CREATED) + n * 3_600_000).toISOString();
    const closedPauses = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ from: hour(2 * i), to: hour(2 * i + 1) }));

    // MAX_SLA_PAUSES − 1 kept, one more opened: exactly MAX_SLA_PAUSES, none merged.
    const almostFull = answered({ updatedAt: hour(200), sla: { pauses: closedPauses(MAX_SLA_PAUSES - 1) } });
    const atMax = write(almostFull, { status: 'pending', updatedAt: hour(201) });
    expect(atMax.pauses).toHaveLength(MAX_SLA_PAUSES);
    expect(atMax.pauses[0]).toStrictEqual({ from: hour(0), to: hour(1) });

    // MAX_SLA_PAUSES kept, one more opened: the first two become one span from the first's start
    // to the second's end (hour 0 → hour 3).
    const full = answered({ updatedAt: hour(200), sla: { pauses: closedPauses(MAX_SLA_PAUSES) } });
    const merged = write(full, { status: 'pending', updatedAt: hour(201) });
    expect(merged.pauses).toHaveLength(MAX_SLA_PAUSES);
    expect(merged.pauses[0]).toStrictEqual({ from: hour(0), to: hour(3) });
    expect(merged.pauses[1]).toStrictEqual({ from: hour(4), to: hour(5) });
    expect(merged.pauses.at(-2)).toStrictEqual({
      from: hour(2 * MAX_SLA_PAUSES - 2),
      to: hour(2 * MAX_SLA_PAUSES - 1),
    });
    expect(merged.pauses.at(-1)).toStrictEqual({ from: hour(201) });
  });
});

describe('slaStateAfter: next-reply cycle', () => {
  test('a requester reply before the first staff reply starts no cycle', () => {
    const state = write(submitted(), { lastMessageAt: T1, lastMessageBy: 'customer', updatedAt: T1 });
    expect(state).toStrictEqual({ pauses: [] });
  });

  test('the first staff reply starts no cycle either', () => {
    const state = write(submitted(), {
      status: 'open',
      firstResponseAt: T1,
      lastMessageAt: T1,
      lastMessageBy: 'agent',
      updatedAt: T1,
    });
    expect(state).toStrictEqual({ pauses: [] });
  });

  test('a requester reply after the first reply starts a cycle at that reply', () => {
    const state = write(answered(), { lastMessageAt: T1, lastMessageBy: 'customer', updatedAt: T1 });
    expect(state).toStrictEqual({ pauses: [], nextReply: { since: T1 } });
  });

  test('a second requester reply while unanswered keeps the oldest `since`', () => {
    const waiting = after(answered(), { lastMessageAt: T1, lastMessageBy: 'customer', updatedAt: T1 });
    const state = write(waiting, { lastMessageAt: T2, lastMessageBy: 'customer', updatedAt: T2 });
    expect(state).toStrictEqual({ pauses: [], nextReply: { since: T1 } });
  });

  test('a staff public reply answers the cycle at that reply', () => {
    const waiting = after(answered(), { lastMessageAt: T1, lastMessageBy: 'customer', updatedAt: T1 });
    const state = write(waiting, { lastMessageAt: T2, lastMessageBy: 'agent', updatedAt: T2 });
    expect(state).toStrictEqual({ pauses: [], nextReply: { since: T1, repliedAt: T2 } });
  });

  test('a second staff reply keeps the first answer; the next requester reply starts a new cycle', () => {
    const waiting = after(answered(), { lastMessageAt: T1, lastMessageBy: 'customer', updatedAt: T1 });
    const replied = after(waiting, { lastMessageAt: T2, lastMessageBy: 'agent', updatedAt: T2 });
    const again = after(replied, { lastMessageAt: T3, lastMessageBy: 'agent', updatedAt: T3 });
    expect(again.sla).toStrictEqual({ pauses: [], nextReply: { since: T1, repliedAt: T2 } });
    expect(write(again, { lastMessageAt: T4, lastMessageBy: 'customer', updatedAt: T4 })).toStrictEqual({
      pauses: [],
      nextReply: { since: T4 },
    });
  });

  test('an internal note (only updatedAt moves) changes nothing', () => {
    const waiting = after(answered(), { lastMessageAt: T1, lastMessageBy: 'customer', updatedAt: T1 });
    const state = write(waiting, { updatedAt: T2 });
    expect(state).toStrictEqual({ pauses: [], nextReply: { since: T1 } });
    expect(sameSlaState(state, waiting.sla)).toBe(true);
    // On a pending ticket too: its pause stays open.
    const pending = after(answered(), { status: 'pending', updatedAt: T1 });
    const noted = write(pending, { updatedAt: T2 });
    expect(noted).toStrictEqual({ pauses: [{ from: T1 }] });
    expect(sameSlaState(noted, pending.sla)).toBe(true);
  });

  test('a requester reply that reopens a pending ticket closes the pause and starts a cycle in one write', () => {
    const pending = after(answered(), { status: 'pending', updatedAt: T1 });
    const state = write(pending, { status: 'open', lastMessageAt: T5, lastMessageBy: 'customer', updatedAt: T5 });
    expect(state).toStrictEqual({ pauses: [{ from: T1, to: T5 }], nextReply: { since: T5 } });
  });
});

describe('sameSlaState', () => {
  test('equal records, and absent as absent', () => {
    expect(sameSlaState({ pauses: [{ from: T1 }] }, { pauses: [{ from: T1 }] })).toBe(true);
    expect(sameSlaState(undefined, undefined)).toBe(true);
    expect(sameSlaState({ pauses: [] }, undefined)).toBe(false);
    expect(sameSlaState({ pauses: [{ from: T1 }] }, { pauses: [{ from: T1, to: T2 }] })).toBe(false);
  });
});
