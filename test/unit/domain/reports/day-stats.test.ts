/**
 * Reports (DESIGN §11), `day-stats.ts`: the per-day statistics a ticket stands for and what a
 * write changes in them. Every expected value is worked out by hand from the desk's zone, its
 * opening hours and its SLA policy (DESIGN §10).
 */
import {
  applyStatsChanges,
  dayStatsFrom,
  emptyDayStats,
  statsChangesBetween,
  statsEntriesOf,
  type DayStats,
  type StatsDesk,
  type StatsTicket,
} from '@/domain/reports/day-stats';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { HOUR, MINUTE } from '../../../support/durations';

/** The default desk: UTC, Monday to Friday 09:00–17:00; urgent counts calendar hours, the rest business hours. */
const UTC_DESK: StatsDesk = { businessHours: DEFAULT_DESK_SETTINGS.businessHours, sla: DEFAULT_DESK_SETTINGS.sla };

function deskIn(timeZone: string): StatsDesk {
  return { ...UTC_DESK, businessHours: { ...UTC_DESK.businessHours, timeZone } };
}

/** A new, unassigned ticket of normal priority submitted on Monday 2 March 2026 at 10:00 UTC. */
function ticket(fields: Partial<StatsTicket> = {}): StatsTicket {
  return { id: 't1', status: 'new', priority: 'normal', createdAt: '2026-03-02T10:00:00.000Z', ...fields };
}

/** The same ticket answered by Alice at 10:45 (an open ticket, assigned to her). */
const replied = ticket({
  status: 'open',
  assigneeId: 'alice',
  assigneeName: 'Alice Agent',
  firstResponseAt: '2026-03-02T10:45:00.000Z',
  sla: { pauses: [] },
});

/** …and solved by her at 12:00 the same day. */
const solved: StatsTicket = {
  ...replied,
  status: 'solved',
  solvedAt: '2026-03-02T12:00:00.000Z',
  sla: { pauses: [{ from: '2026-03-02T12:00:00.000Z' }] },
};

describe('statsEntriesOf: the entries a ticket stands for', () => {
  it('puts a new ticket on the desk’s local day of its submission', () => {
    const late = ticket({ createdAt: '2026-03-01T23:30:00.000Z', category: 'Billing' });
    // 00:30 on 2 March in Madrid (UTC+1), 15:30 on 1 March in Los Angeles (UTC−8).
    expect(statsEntriesOf(late, deskIn('Europe/Madrid'))).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: 'Billing' } },
    ]);
    expect(statsEntriesOf(late, deskIn('America/Los_Angeles'))).toEqual([
      { day: '2026-03-01', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: 'Billing' } },
    ]);
    expect(statsEntriesOf(late, UTC_DESK)[0]?.day).toBe('2026-03-01');
  });

  it('has no entries for no ticket, and a null category for none', () => {
    expect(statsEntriesOf(null, UTC_DESK)).toEqual([]);
    expect(statsEntriesOf(ticket(), UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: null } },
    ]);
  });

  it('records the first reply on its day, with the calendar ms since submission and the assignee', () => {
    expect(statsEntriesOf(replied, UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: null } },
      {
        day: '2026-03-02',
        section: 'firstReplies',
        ticketId: 't1',
        entry: { ms: 45 * MINUTE, priority: 'normal', assigneeId: 'alice', assigneeName: 'Alice Agent' },
      },
    ]);
    // Unassigned: null, not undefined (Firestore and the JSON comparison both need a value).
    const unassigned = statsEntriesOf({ ...replied, assigneeId: undefined, assigneeName: undefined }, UTC_DESK);
    expect(unassigned[1]?.entry).toEqual({ ms: 45 * MINUTE, priority: 'normal', assigneeId: null, assigneeName: null });
  });

  it('records a first reply after midnight on the next local day', () => {
    const night = { ...replied, createdAt: '2026-03-02T22:00:00.000Z', firstResponseAt: '2026-03-02T23:15:00.000Z' };
    const entries = statsEntriesOf(night, deskIn('Europe/Madrid'));
    expect(entries.map(({ day, section }) => `${section}@${day}`)).toEqual([
      'created@2026-03-02',
      'firstReplies@2026-03-03',
    ]);
    expect(entries[1]?.entry).toMatchObject({ ms: 75 * MINUTE });
  });

  it('records the solve, with each SLA outcome, only while solved or closed', () => {
    // Normal priority, business hours: first reply 8 h (45 min used: met), resolution 3 days (2 h: met).
    const solvedEntry = {
      day: '2026-03-02',
      section: 'solved',
      ticketId: 't1',
      entry: {
        ms: 2 * HOUR,
        priority: 'normal',
        category: null,
        assigneeId: 'alice',
        assigneeName: 'Alice Agent',
        sla: { firstReply: 'met', resolution: 'met' },
      },
    };
    expect(statsEntriesOf(solved, UTC_DESK)).toEqual([...statsEntriesOf(replied, UTC_DESK), solvedEntry]);
    const closed = { ...solved, status: 'closed' as const, closedAt: '2026-03-06T12:00:00.000Z' };
    expect(statsEntriesOf(closed, UTC_DESK)[2]).toEqual(solvedEntry);
    // Reopened (a stale solvedAt left behind): no solve.
    const reopened = {
      ...solved,
      status: 'open' as const,
      sla: { pauses: [{ from: '2026-03-02T12:00:00.000Z', to: '2026-03-03T09:00:00.000Z' }] },
    };
    expect(statsEntriesOf(reopened, UTC_DESK).map((entry) => entry.section)).toEqual(['created', 'firstReplies']);
    // Solved without a solvedAt (malformed): no solve either.
    expect(statsEntriesOf({ ...solved, solvedAt: undefined }, UTC_DESK)).toHaveLength(2);
  });

  it('counts a first reply after its target as missed, within it as met (urgent: 30 calendar minutes)', () => {
    const urgent = { ...solved, priority: 'urgent' as const };
    // Replied 45 min after submission: missed; solved after 2 h of the 4 h resolution target: met.
    expect(statsEntriesOf(urgent, UTC_DESK)[2]?.entry).toMatchObject({
      priority: 'urgent',
      sla: { firstReply: 'missed', resolution: 'met' },
    });
    const quick = { ...urgent, firstResponseAt: '2026-03-02T10:20:00.000Z' };
    expect(statsEntriesOf(quick, UTC_DESK)[2]?.entry).toMatchObject({ sla: { firstReply: 'met', resolution: 'met' } });
    // Solved at 14:30 (4.5 h): resolution missed…
    const slow = {
      ...quick,
      solvedAt: '2026-03-02T14:30:00.000Z',
      sla: { pauses: [{ from: '2026-03-02T14:30:00.000Z' }] },
    };
    expect(statsEntriesOf(slow, UTC_DESK)[2]?.entry).toMatchObject({
      ms: 4.5 * HOUR,
      sla: { firstReply: 'met', resolution: 'missed' },
    });
    // …unless it spent 10:30–14:00 pending: 1 h counted, met.
    const paused = {
      ...slow,
      sla: { pauses: [{ from: '2026-03-02T10:30:00.000Z', to: '2026-03-02T14:00:00.000Z' }, { from: slow.solvedAt }] },
    };
    expect(statsEntriesOf(paused, UTC_DESK)[2]?.entry).toMatchObject({
      ms: 4.5 * HOUR,
      sla: { firstReply: 'met', resolution: 'met' },
    });
  });

  it('gives a target stopped by the solve before it was due no outcome', () => {
    // Urgent, solved 10 minutes after submission with no reply at all: the first reply never came.
    const unanswered = ticket({
      priority: 'urgent',
      status: 'solved',
      solvedAt: '2026-03-02T10:10:00.000Z',
      sla: { pauses: [{ from: '2026-03-02T10:10:00.000Z' }] },
    });
    const entries = statsEntriesOf(unanswered, UTC_DESK);
    expect(entries.map((entry) => entry.section)).toEqual(['created', 'solved']);
    expect(entries[1]?.entry).toEqual({
      ms: 10 * MINUTE,
      priority: 'urgent',
      category: null,
      assigneeId: null,
      assigneeName: null,
      sla: { resolution: 'met' },
    });
    // Solved 40 minutes in, still unanswered: the first reply was already overdue — missed.
    const overdue = { ...unanswered, solvedAt: '2026-03-02T10:40:00.000Z' };
    expect(statsEntriesOf(overdue, UTC_DESK)[1]?.entry).toMatchObject({
      sla: { firstReply: 'missed', resolution: 'met' },
    });
  });

  it('counts business hours across a weekend (high: first reply in 2 business hours)', () => {
    // Friday 6 March 16:00 UTC: one business hour on Friday, the second from Monday 09:00 — due Monday 10:00.
    const friday = ticket({
      priority: 'high',
      createdAt: '2026-03-06T16:00:00.000Z',
      status: 'solved',
      assigneeId: 'alice',
      assigneeName: 'Alice Agent',
      solvedAt: '2026-03-09T11:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-09T11:00:00.000Z' }] },
    });
    const monday930 = { ...friday, firstResponseAt: '2026-03-09T09:30:00.000Z' };
    const entries = statsEntriesOf(monday930, UTC_DESK);
    expect(entries.map(({ day, section }) => `${section}@${day}`)).toEqual([
      'created@2026-03-06',
      'firstReplies@2026-03-09',
      'solved@2026-03-09',
    ]);
    // 65.5 calendar hours to the reply, 1.5 business hours: met. Solved after 3 of 24 business hours: met.
    expect(entries[1]?.entry).toMatchObject({ ms: 65.5 * HOUR });
    expect(entries[2]?.entry).toMatchObject({ ms: 67 * HOUR, sla: { firstReply: 'met', resolution: 'met' } });
    const monday1030 = { ...friday, firstResponseAt: '2026-03-09T10:30:00.000Z' };
    expect(statsEntriesOf(monday1030, UTC_DESK)[2]?.entry).toMatchObject({
      sla: { firstReply: 'missed', resolution: 'met' },
    });
    // The same reply in calendar hours (a 2 h target) would have been missed by far.
    const calendar: StatsDesk = {
      ...UTC_DESK,
      sla: { ...UTC_DESK.sla, high: { ...UTC_DESK.sla.high, hours: 'calendar' } },
    };
    expect(statsEntriesOf(monday930, calendar)[2]?.entry).toMatchObject({
      sla: { firstReply: 'missed', resolution: 'missed' },
    });
  });

  it('records a next-reply outcome when the ticket had a cycle', () => {
    // Normal: next reply in 8 business hours. Customer wrote Monday 11:00, staff answered Tuesday 11:00
    // (8 business hours: met exactly) or Tuesday 12:00 (9: missed).
    const cycle = (repliedAt: string): StatsTicket => ({
      ...solved,
      solvedAt: '2026-03-03T13:00:00.000Z',
      sla: {
        pauses: [{ from: '2026-03-03T13:00:00.000Z' }],
        nextReply: { since: '2026-03-02T11:00:00.000Z', repliedAt },
      },
    });
    expect(statsEntriesOf(cycle('2026-03-03T11:00:00.000Z'), UTC_DESK)[2]?.entry).toMatchObject({
      sla: { firstReply: 'met', nextReply: 'met', resolution: 'met' },
    });
    expect(statsEntriesOf(cycle('2026-03-03T12:00:00.000Z'), UTC_DESK)[2]?.entry).toMatchObject({
      sla: { firstReply: 'met', nextReply: 'missed', resolution: 'met' },
    });
  });
});

describe('statsChangesBetween: what one write changes', () => {
  it('sets the created entry of a new ticket', () => {
    expect(statsChangesBetween(null, ticket(), UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: null } },
    ]);
  });

  it('sets only the first reply on the first reply', () => {
    expect(statsChangesBetween(ticket(), replied, UTC_DESK)).toEqual([
      {
        day: '2026-03-02',
        section: 'firstReplies',
        ticketId: 't1',
        entry: { ms: 45 * MINUTE, priority: 'normal', assigneeId: 'alice', assigneeName: 'Alice Agent' },
      },
    ]);
  });

  it('sets the solve on a solve, and removes it on a reopen', () => {
    const solve = statsChangesBetween(replied, solved, UTC_DESK);
    expect(solve).toEqual([statsEntriesOf(solved, UTC_DESK)[2]]);
    expect(solve[0]).toMatchObject({ day: '2026-03-02', section: 'solved', entry: { ms: 2 * HOUR } });
    const reopened = {
      ...solved,
      status: 'open' as const,
      sla: { pauses: [{ from: '2026-03-02T12:00:00.000Z', to: '2026-03-03T09:00:00.000Z' }] },
    };
    expect(statsChangesBetween(solved, reopened, UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'solved', ticketId: 't1', entry: null },
    ]);
  });

  it('moves the solve to the day of a later solve', () => {
    const reopened = { ...solved, status: 'open' as const, solvedAt: undefined };
    const again: StatsTicket = {
      ...reopened,
      status: 'solved',
      solvedAt: '2026-03-04T09:30:00.000Z',
      sla: {
        pauses: [
          { from: '2026-03-02T12:00:00.000Z', to: '2026-03-03T09:00:00.000Z' },
          { from: '2026-03-04T09:30:00.000Z' },
        ],
      },
    };
    const resolve = statsChangesBetween(reopened, again, UTC_DESK);
    expect(resolve).toEqual([
      {
        day: '2026-03-04',
        section: 'solved',
        ticketId: 't1',
        entry: {
          ms: 47.5 * HOUR,
          priority: 'normal',
          category: null,
          assigneeId: 'alice',
          assigneeName: 'Alice Agent',
          sla: { firstReply: 'met', resolution: 'met' },
        },
      },
    ]);
    // From the first solve straight to the second (a late trigger run sees both at once): set and remove.
    expect(statsChangesBetween(solved, again, UTC_DESK)).toEqual([
      resolve[0],
      { day: '2026-03-02', section: 'solved', ticketId: 't1', entry: null },
    ]);
  });

  it('rewrites the created entry on a priority or category change', () => {
    expect(statsChangesBetween(ticket(), ticket({ priority: 'high' }), UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'high', category: null } },
    ]);
    expect(statsChangesBetween(ticket(), ticket({ category: 'Account' }), UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: 'Account' } },
    ]);
    // Once replied, the first reply carries the priority too.
    const changed = statsChangesBetween(replied, { ...replied, priority: 'low' }, UTC_DESK);
    expect(changed.map((change) => [change.section, change.entry?.priority])).toEqual([
      ['created', 'low'],
      ['firstReplies', 'low'],
    ]);
  });

  it('changes nothing for a write that changes no entry', () => {
    expect(statsChangesBetween(replied, { ...replied }, UTC_DESK)).toEqual([]);
    // A pause opened by pending changes no entry; nor does closing a solved ticket.
    expect(
      statsChangesBetween(
        replied,
        { ...replied, status: 'pending', sla: { pauses: [{ from: '2026-03-02T11:00:00.000Z' }] } },
        UTC_DESK,
      ),
    ).toEqual([]);
    expect(
      statsChangesBetween(solved, { ...solved, status: 'closed', closedAt: '2026-03-06T12:00:00.000Z' }, UTC_DESK),
    ).toEqual([]);
  });

  it('removes every entry of a deleted ticket', () => {
    expect(statsChangesBetween(solved, null, UTC_DESK)).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: null },
      { day: '2026-03-02', section: 'firstReplies', ticketId: 't1', entry: null },
      { day: '2026-03-02', section: 'solved', ticketId: 't1', entry: null },
    ]);
  });
});

describe('applyStatsChanges', () => {
  const stored: DayStats = {
    day: '2026-03-02',
    created: { other: { priority: 'low', category: 'Billing' } },
    firstReplies: {},
    solved: {
      t1: { ms: 1, priority: 'normal', category: null, assigneeId: null, assigneeName: null, sla: {} },
    },
  };

  it('applies sets and removals to copies of the stored days, and leaves the input alone', () => {
    const days = new Map([[stored.day, stored]]);
    const snapshot = structuredClone(days);
    const out = applyStatsChanges(days, [
      ...statsChangesBetween(null, ticket(), UTC_DESK),
      { day: '2026-03-02', section: 'solved', ticketId: 't1', entry: null },
      { day: '2026-03-05', section: 'created', ticketId: 't9', entry: { priority: 'urgent', category: null } },
    ]);
    expect(days).toEqual(snapshot);
    expect(stored.created).toEqual({ other: { priority: 'low', category: 'Billing' } });
    expect(stored.solved).toHaveProperty('t1');
    expect([...out.keys()]).toEqual(['2026-03-02', '2026-03-05']);
    expect(out.get('2026-03-02')).toEqual({
      day: '2026-03-02',
      created: { other: { priority: 'low', category: 'Billing' }, t1: { priority: 'normal', category: null } },
      firstReplies: {},
      solved: {},
    });
    expect(out.get('2026-03-05')).toEqual({
      ...emptyDayStats('2026-03-05'),
      created: { t9: { priority: 'urgent', category: null } },
    });
    expect(out.get('2026-03-02')).not.toBe(stored);
  });

  it('returns no day for no change, and applies the same changes twice to the same result', () => {
    expect(applyStatsChanges(new Map(), []).size).toBe(0);
    const changes = statsChangesBetween(null, solved, UTC_DESK);
    const once = applyStatsChanges(new Map(), changes);
    const twice = applyStatsChanges(once, changes);
    expect(twice).toEqual(once);
  });
});

describe('dayStatsFrom: a stored day as read', () => {
  it('keeps well-formed entries and drops malformed ones', () => {
    const read = dayStatsFrom('2026-03-02', {
      day: 'ignored: the id counts',
      created: {
        a: { priority: 'high', category: 'Billing' },
        b: { priority: 'critical', category: 'Billing' },
        c: 'normal',
        d: { priority: 'low', category: 42 },
        e: null,
      },
      firstReplies: {
        a: { ms: 1000, priority: 'normal', assigneeId: 'alice', assigneeName: 'Alice' },
        b: { ms: -5, priority: 'normal' },
        c: { ms: '1000', priority: 'normal' },
        d: { ms: Number.NaN, priority: 'normal' },
        e: { ms: 0, priority: 'urgent', assigneeId: 7 },
        f: { ms: 5 },
      },
      solved: {
        a: {
          ms: 2000,
          priority: 'low',
          category: null,
          sla: { firstReply: 'met', nextReply: 'late', resolution: 'missed', extra: 'met' },
        },
        b: { ms: Infinity, priority: 'low' },
        c: [1, 2],
        d: { ms: 3000, priority: 'normal', sla: 'met' },
      },
    });
    expect(read).toEqual({
      day: '2026-03-02',
      created: { a: { priority: 'high', category: 'Billing' }, d: { priority: 'low', category: null } },
      firstReplies: {
        a: { ms: 1000, priority: 'normal', assigneeId: 'alice', assigneeName: 'Alice' },
        e: { ms: 0, priority: 'urgent', assigneeId: null, assigneeName: null },
      },
      solved: {
        a: {
          ms: 2000,
          priority: 'low',
          category: null,
          assigneeId: null,
          assigneeName: null,
          sla: { firstReply: 'met', resolution: 'missed' },
        },
        d: { ms: 3000, priority: 'normal', category: null, assigneeId: null, assigneeName: null, sla: {} },
      },
    });
  });

  it('reads anything that is not a document as an empty day', () => {
    for (const data of [undefined, null, 'x', [], { created: [], firstReplies: 'no', solved: 3 }]) {
      expect(dayStatsFrom('2026-03-02', data)).toEqual(emptyDayStats('2026-03-02'));
    }
  });

  it('reads back what statsEntriesOf wrote', () => {
    const [written] = applyStatsChanges(new Map(), statsChangesBetween(null, solved, UTC_DESK)).values();
    expect(dayStatsFrom('2026-03-02', JSON.parse(JSON.stringify(written)))).toEqual(written);
  });
});
