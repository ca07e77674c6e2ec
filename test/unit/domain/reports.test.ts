/**
 * Reports (DESIGN §11), the pure part: the per-day statistics a ticket stands for and what a
 * write changes in them (`day-stats.ts`), and the report's period and figures (`report.ts`).
 * Every expected value is worked out by hand from the desk's zone, its opening hours and its SLA
 * policy (DESIGN §10).
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
import { buildReport, median, reportRange, type ReportInput } from '@/domain/reports/report';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

describe('reportRange: the last N local days', () => {
  it('covers 7, 30 and 90 days ending today in the desk’s zone', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const week = reportRange(7, now, 'Europe/Madrid');
    expect(week).toEqual({
      days: ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'],
      // Midnight of 4 March in Madrid (UTC+1).
      from: '2026-03-03T23:00:00.000Z',
      to: '2026-03-10T12:00:00.000Z',
    });
    const month = reportRange(30, now, 'Europe/Madrid');
    expect([month.days.length, month.days[0], month.days.at(-1), month.from]).toEqual([
      30,
      '2026-02-09',
      '2026-03-10',
      '2026-02-08T23:00:00.000Z',
    ]);
    const quarter = reportRange(90, now, 'Europe/Madrid');
    expect([quarter.days.length, quarter.days[0], quarter.days.at(-1), quarter.from]).toEqual([
      90,
      '2025-12-11',
      '2026-03-10',
      '2025-12-10T23:00:00.000Z',
    ]);
    expect(new Set(quarter.days).size).toBe(90);
    expect(quarter.days).toEqual([...quarter.days].sort());
  });

  it('ends on the desk’s today, not UTC’s', () => {
    const now = Date.parse('2026-03-10T23:30:00.000Z');
    expect(reportRange(7, now, 'Europe/Madrid').days.at(-1)).toBe('2026-03-11');
    expect(reportRange(7, now, 'America/Los_Angeles').days.at(-1)).toBe('2026-03-10');
    expect(reportRange(7, now, 'America/Los_Angeles').from).toBe('2026-03-04T08:00:00.000Z');
  });

  it('starts at the first day’s local midnight across a DST change (Europe/Berlin, 29 March 2026)', () => {
    // Now in summer time (UTC+2), the first day in winter time (UTC+1).
    const across = reportRange(7, Date.parse('2026-04-02T10:00:00.000Z'), 'Europe/Berlin');
    expect(across.days).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    expect(across.from).toBe('2026-03-26T23:00:00.000Z');
    // The first day already in summer time.
    expect(reportRange(7, Date.parse('2026-04-05T10:00:00.000Z'), 'Europe/Berlin').from).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // Back in October (25 October 2026): now in winter time, the first day in summer time.
    const autumn = reportRange(30, Date.parse('2026-11-05T10:00:00.000Z'), 'Europe/Berlin');
    expect([autumn.days[0], autumn.from]).toEqual(['2026-10-07', '2026-10-06T22:00:00.000Z']);
    // Los Angeles, 90 days from April back into January (UTC−8).
    const west = reportRange(90, Date.parse('2026-04-10T10:00:00.000Z'), 'America/Los_Angeles');
    expect([west.days[0], west.from]).toEqual(['2026-01-11', '2026-01-11T08:00:00.000Z']);
  });
});

describe('median', () => {
  it('takes the middle value, the mean of the two middle ones, or null', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('buildReport', () => {
  // Thursday 12 March 2026, UTC desk: the days are Friday 6 to Thursday 12 March.
  const range = reportRange(7, Date.parse('2026-03-12T15:00:00.000Z'), 'UTC');
  const alice = { assigneeId: 'alice', assigneeName: 'Alice Agent' };
  const bob = { assigneeId: 'bob', assigneeName: 'Bob Agent' };
  const carl = { assigneeId: 'carl', assigneeName: 'Carl Agent' };
  const nobody = { assigneeId: null, assigneeName: null };
  const day = (date: string, sections: Partial<Omit<DayStats, 'day'>>): DayStats => ({
    ...emptyDayStats(date),
    ...sections,
  });
  const days: DayStats[] = [
    // Outside the range on both sides: ignored throughout.
    day('2026-03-05', {
      created: { t0: { priority: 'low', category: 'Other' } },
      firstReplies: { t0: { ms: HOUR, priority: 'low', ...carl } },
      solved: { t0: { ms: HOUR, priority: 'low', category: 'Other', ...carl, sla: { firstReply: 'met' } } },
    }),
    day('2026-03-06', {
      created: { t1: { priority: 'normal', category: 'Billing' }, t2: { priority: 'high', category: null } },
      firstReplies: { t1: { ms: 60 * MINUTE, priority: 'normal', ...alice } },
    }),
    day('2026-03-08', {
      solved: {
        t1: {
          ms: 2 * HOUR,
          priority: 'normal',
          category: 'Billing',
          ...alice,
          sla: { firstReply: 'met', resolution: 'met' },
        },
      },
    }),
    day('2026-03-09', {
      created: { t3: { priority: 'urgent', category: 'Technical' }, t4: { priority: 'normal', category: 'Billing' } },
      firstReplies: {
        t3: { ms: 10 * MINUTE, priority: 'urgent', ...alice },
        t2: { ms: 30 * MINUTE, priority: 'high', ...bob },
      },
      solved: {
        t2: {
          ms: 5 * HOUR,
          priority: 'high',
          category: null,
          ...bob,
          sla: { firstReply: 'met', resolution: 'missed' },
        },
        t3: {
          ms: HOUR,
          priority: 'urgent',
          category: 'Technical',
          ...alice,
          sla: { firstReply: 'met', nextReply: 'missed', resolution: 'met' },
        },
      },
    }),
    day('2026-03-10', { firstReplies: { t4: { ms: 2 * HOUR, priority: 'normal', ...carl } } }),
    day('2026-03-11', {
      solved: {
        t5: { ms: 3 * HOUR, priority: 'normal', category: null, ...nobody, sla: { resolution: 'met' } },
        t6: {
          ms: 4 * HOUR,
          priority: 'normal',
          category: 'Billing',
          ...alice,
          sla: { firstReply: 'missed', resolution: 'met' },
        },
        t7: {
          ms: 6 * HOUR,
          priority: 'normal',
          category: 'Account',
          ...alice,
          sla: { firstReply: 'met', resolution: 'missed' },
        },
      },
    }),
    day('2026-03-13', { created: { t8: { priority: 'urgent', category: 'Other' } } }),
  ];
  const input: ReportInput = {
    days,
    backlog: { new: 2, open: 3, pending: 1, on_hold: 0 },
    ratings: { good: 3, bad: 1 },
    reads: 9,
  };
  const report = buildReport(range, input);

  it('counts created and solved per day, with zeros on days without statistics', () => {
    expect(report.range).toBe(range);
    expect(report.volume).toEqual([
      { day: '2026-03-06', created: 2, solved: 0 },
      { day: '2026-03-07', created: 0, solved: 0 },
      { day: '2026-03-08', created: 0, solved: 1 },
      { day: '2026-03-09', created: 2, solved: 2 },
      { day: '2026-03-10', created: 0, solved: 0 },
      { day: '2026-03-11', created: 0, solved: 3 },
      { day: '2026-03-12', created: 0, solved: 0 },
    ]);
    expect(report.totals).toEqual({ created: 4, solved: 6 });
  });

  it('takes weekly medians, weeks starting on Monday after a partial first week', () => {
    expect(report.weeks).toEqual([
      { week: '2026-03-06', firstReplyMs: 60 * MINUTE, resolutionMs: 2 * HOUR, firstReplies: 1, solved: 1 },
      // First replies 10 min, 30 min, 2 h; solves 1, 3, 4, 5, 6 h.
      { week: '2026-03-09', firstReplyMs: 30 * MINUTE, resolutionMs: 4 * HOUR, firstReplies: 3, solved: 5 },
    ]);
    // A month from Wednesday 11 February: a partial week, then four from Monday; a week with nothing is null.
    const month = buildReport(reportRange(30, Date.parse('2026-03-12T15:00:00.000Z'), 'UTC'), input);
    expect(month.weeks.map((week) => week.week)).toEqual([
      '2026-02-11',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(month.weeks[0]).toEqual({
      week: '2026-02-11',
      firstReplyMs: null,
      resolutionMs: null,
      firstReplies: 0,
      solved: 0,
    });
    // 5 March is in this range: its week (from Monday 2 March) has t0's and t1's first replies and solves.
    expect(month.weeks[3]).toEqual({
      week: '2026-03-02',
      firstReplyMs: HOUR,
      resolutionMs: 1.5 * HOUR,
      firstReplies: 2,
      solved: 2,
    });
    // A range starting on a Monday has no partial week.
    const fromMonday = buildReport(reportRange(7, Date.parse('2026-03-15T15:00:00.000Z'), 'UTC'), input);
    expect(fromMonday.weeks.map((week) => week.week)).toEqual(['2026-03-09']);
  });

  it('gives each priority’s SLA achievement per target, in percent with one decimal', () => {
    const row = (priority: string, target: string) =>
      report.sla.find((item) => item.priority === priority && item.target === target);
    expect(report.sla).toHaveLength(12);
    expect(report.sla.slice(0, 3).map((item) => `${item.priority}/${item.target}`)).toEqual([
      'low/firstReply',
      'low/nextReply',
      'low/resolution',
    ]);
    expect(row('normal', 'firstReply')).toEqual({
      priority: 'normal',
      target: 'firstReply',
      met: 2,
      missed: 1,
      percent: 66.7,
    });
    expect(row('normal', 'nextReply')).toEqual({
      priority: 'normal',
      target: 'nextReply',
      met: 0,
      missed: 0,
      percent: null,
    });
    expect(row('normal', 'resolution')).toEqual({
      priority: 'normal',
      target: 'resolution',
      met: 3,
      missed: 1,
      percent: 75,
    });
    expect(row('high', 'firstReply')).toMatchObject({ met: 1, missed: 0, percent: 100 });
    expect(row('high', 'resolution')).toMatchObject({ met: 0, missed: 1, percent: 0 });
    expect(row('urgent', 'nextReply')).toMatchObject({ met: 0, missed: 1, percent: 0 });
    expect(row('urgent', 'resolution')).toMatchObject({ met: 1, missed: 0, percent: 100 });
    // Low: only on 5 March, outside the range.
    expect(row('low', 'firstReply')).toMatchObject({ met: 0, missed: 0, percent: null });
  });

  it('lists agents by tickets solved, the unassigned as agentId null, with their median first reply', () => {
    expect(report.agents).toEqual([
      { agentId: 'alice', agentName: 'Alice Agent', solved: 4, firstReplyMs: 35 * MINUTE, firstReplies: 2 },
      { agentId: 'bob', agentName: 'Bob Agent', solved: 1, firstReplyMs: 30 * MINUTE, firstReplies: 1 },
      { agentId: null, agentName: null, solved: 1, firstReplyMs: null, firstReplies: 0 },
      { agentId: 'carl', agentName: 'Carl Agent', solved: 0, firstReplyMs: 2 * HOUR, firstReplies: 1 },
    ]);
  });

  it('shares the tickets created by category (none included) and by all four priorities', () => {
    expect(report.categories).toEqual([
      { key: 'Billing', count: 2 },
      { key: 'Technical', count: 1 },
      { key: null, count: 1 },
    ]);
    expect(report.priorities).toEqual([
      { key: 'low', count: 0 },
      { key: 'normal', count: 2 },
      { key: 'high', count: 1 },
      { key: 'urgent', count: 1 },
    ]);
  });

  it('passes the backlog through per unsolved status, and scores CSAT in percent', () => {
    expect(report.backlog).toEqual([
      { key: 'new', count: 2 },
      { key: 'open', count: 3 },
      { key: 'pending', count: 1 },
      { key: 'on_hold', count: 0 },
    ]);
    expect(report.csat).toEqual({ good: 3, bad: 1, percent: 75 });
    expect(buildReport(range, { ...input, ratings: { good: 2, bad: 1 } }).csat.percent).toBe(66.7);
    expect(buildReport(range, { ...input, ratings: { good: 0, bad: 0 } }).csat).toEqual({
      good: 0,
      bad: 0,
      percent: null,
    });
  });

  it('reports zeros and nulls for a range without statistics', () => {
    const empty = buildReport(range, { ...input, days: [] });
    expect(empty.volume.every((item) => item.created === 0 && item.solved === 0)).toBe(true);
    expect(empty.totals).toEqual({ created: 0, solved: 0 });
    expect(empty.agents).toEqual([]);
    expect(empty.categories).toEqual([]);
    expect(empty.sla.every((item) => item.percent === null)).toBe(true);
    expect(empty.weeks).toEqual([
      { week: '2026-03-06', firstReplyMs: null, resolutionMs: null, firstReplies: 0, solved: 0 },
      { week: '2026-03-09', firstReplyMs: null, resolutionMs: null, firstReplies: 0, solved: 0 },
    ]);
  });
});
