/**
 * Reports (DESIGN §11), `day-stats.ts`: the per-day statistics a ticket stands for, what a write
 * changes in them, and the counters a day keeps (none naming a ticket; durations in buckets). Every expected value is worked out by hand from the desk's zone, its
 * opening hours and its SLA policy (DESIGN §10).
 */
import {
  applyStatsDeltas,
  bucketMs,
  dayStatsFrom,
  dayStatsOfTickets,
  durationBucket,
  emptyDayStats,
  histogramMedian,
  STATS_LAST_BUCKET,
  statsCounterKey,
  statsCounterOf,
  statsCountersOf,
  statsDeltas,
  statsEntriesDiff,
  statsEntriesFrom,
  statsEntriesOf,
  type DayStats,
  type StatsDesk,
  type StatsEntry,
  type StatsTicket,
} from '@/domain/reports/day-stats';
import type { CustomFieldValues } from '@/domain/custom-fields';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { HOUR, MINUTE } from '../../../support/durations';

/** The default desk: UTC, Monday to Friday 09:00–17:00; urgent counts calendar hours, the rest business hours. */
const UTC_DESK: StatsDesk = {
  businessHours: DEFAULT_DESK_SETTINGS.businessHours,
  sla: DEFAULT_DESK_SETTINGS.sla,
  categories: DEFAULT_DESK_SETTINGS.categories,
  archivedCategories: [],
};

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

/** What one write changes: the entries of `before` and `after` that differ. */
const diff = (before: StatsTicket | null, after: StatsTicket | null) =>
  statsEntriesDiff(statsEntriesOf(before, UTC_DESK), statsEntriesOf(after, UTC_DESK));

describe('statsEntriesDiff: what one write changes', () => {
  it('adds the created entry of a new ticket', () => {
    expect(diff(null, ticket())).toEqual({
      removed: [],
      added: [{ day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: null } }],
    });
  });

  it('adds only the first reply on the first reply', () => {
    expect(diff(ticket(), replied)).toEqual({
      removed: [],
      added: [
        {
          day: '2026-03-02',
          section: 'firstReplies',
          ticketId: 't1',
          entry: { ms: 45 * MINUTE, priority: 'normal', assigneeId: 'alice', assigneeName: 'Alice Agent' },
        },
      ],
    });
  });

  it('adds the solve on a solve, and removes it on a reopen', () => {
    const solve = diff(replied, solved);
    expect(solve).toEqual({ removed: [], added: [statsEntriesOf(solved, UTC_DESK)[2]] });
    expect(solve.added[0]).toMatchObject({ day: '2026-03-02', section: 'solved', entry: { ms: 2 * HOUR } });
    const reopened = {
      ...solved,
      status: 'open' as const,
      sla: { pauses: [{ from: '2026-03-02T12:00:00.000Z', to: '2026-03-03T09:00:00.000Z' }] },
    };
    expect(diff(solved, reopened)).toEqual({ removed: [statsEntriesOf(solved, UTC_DESK)[2]], added: [] });
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
    const resolve = diff(reopened, again);
    expect(resolve.added).toEqual([
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
    // From the first solve straight to the second (a late trigger run sees both at once).
    expect(diff(solved, again)).toEqual({ removed: [statsEntriesOf(solved, UTC_DESK)[2]], added: resolve.added });
  });

  it('swaps the created entry on a priority or category change', () => {
    expect(diff(ticket(), ticket({ priority: 'high' })).added).toEqual([
      { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'high', category: null } },
    ]);
    expect(diff(ticket(), ticket({ category: 'Account' }))).toEqual({
      removed: [statsEntriesOf(ticket(), UTC_DESK)[0]],
      added: [
        { day: '2026-03-02', section: 'created', ticketId: 't1', entry: { priority: 'normal', category: 'Account' } },
      ],
    });
    // Once replied, the first reply carries the priority too.
    const changed = diff(replied, { ...replied, priority: 'low' });
    expect(changed.added.map((entry) => [entry.section, entry.entry.priority])).toEqual([
      ['created', 'low'],
      ['firstReplies', 'low'],
    ]);
    expect(changed.removed).toHaveLength(2);
  });

  it('changes nothing for a write that changes no entry, whatever the order of a stored map’s keys', () => {
    expect(diff(replied, { ...replied })).toEqual({ removed: [], added: [] });
    // A pause opened by pending changes no entry; nor does closing a solved ticket.
    expect(
      diff(replied, { ...replied, status: 'pending', sla: { pauses: [{ from: '2026-03-02T11:00:00.000Z' }] } }),
    ).toEqual({ removed: [], added: [] });
    expect(diff(solved, { ...solved, status: 'closed', closedAt: '2026-03-06T12:00:00.000Z' })).toEqual({
      removed: [],
      added: [],
    });
    // Firestore gives a map's keys back sorted: the same entries, in another key order.
    const entries = statsEntriesOf({ ...solved, priority: 'urgent' }, UTC_DESK);
    const reordered = entries.map((entry) =>
      Object.fromEntries(
        Object.entries(entry)
          .reverse()
          .map(([key, value]) => [
            key,
            typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse()) : value,
          ]),
      ),
    ) as unknown as StatsEntry[];
    expect(statsEntriesDiff(reordered, entries)).toEqual({ removed: [], added: [] });
  });

  it('removes every entry of a deleted ticket', () => {
    expect(diff(solved, null)).toEqual({ removed: statsEntriesOf(solved, UTC_DESK), added: [] });
  });
});

describe('durations in buckets', () => {
  it('puts a duration in a bucket of a third of a doubling from one minute, the last from about a year', () => {
    expect(durationBucket(0)).toBe(0);
    expect(durationBucket(-5)).toBe(0);
    expect(durationBucket(Number.NaN)).toBe(0);
    expect(durationBucket(59_999)).toBe(0);
    expect(durationBucket(MINUTE)).toBe(1);
    expect(durationBucket(2 * MINUTE - 1)).toBe(3);
    expect(durationBucket(2 * MINUTE)).toBe(4);
    expect(durationBucket(HOUR)).toBe(1 + Math.floor(3 * Math.log2(60)));
    expect(durationBucket(365 * 24 * HOUR)).toBe(STATS_LAST_BUCKET);
    expect(durationBucket(10 * 365 * 24 * HOUR)).toBe(STATS_LAST_BUCKET);
  });

  it('stands for every duration of its bucket within 12.3 %', () => {
    for (let ms = MINUTE; ms < 300 * 24 * HOUR; ms = Math.ceil(ms * 1.07)) {
      const estimate = bucketMs(durationBucket(ms));
      // 2^(1/6) − 1 ≈ 12.25 %, and a ms of rounding.
      expect(Math.abs(estimate - ms) / ms).toBeLessThanOrEqual(0.123);
    }
    expect(bucketMs(0)).toBe(30_000);
  });

  it('takes the median of a histogram: the middle bucket, the mean of the two middle ones, or null', () => {
    const of = (...durations: number[]) => {
      const histogram = new Map<number, number>();
      for (const ms of durations) histogram.set(durationBucket(ms), (histogram.get(durationBucket(ms)) ?? 0) + 1);
      return histogramMedian(histogram);
    };
    expect(of()).toBeNull();
    expect(histogramMedian(new Map([[5, 0]]))).toBeNull();
    expect(of(10 * MINUTE, 30 * MINUTE, 2 * HOUR)).toBe(bucketMs(durationBucket(30 * MINUTE)));
    expect(of(HOUR, 2 * HOUR)).toBe((bucketMs(durationBucket(HOUR)) + bucketMs(durationBucket(2 * HOUR))) / 2);
    expect(of(HOUR, 3 * HOUR, 3 * HOUR, 3 * HOUR)).toBe(bucketMs(durationBucket(3 * HOUR)));
  });
});

describe('counters: what a day stores', () => {
  it('counts an entry in counters that name no ticket, and reads each key back as its counter', () => {
    const counters = statsEntriesOf({ ...solved, category: 'Billing' }, UTC_DESK).flatMap(statsCountersOf);
    expect(counters).toEqual([
      { kind: 'created.priority', priority: 'normal' },
      { kind: 'created.category', category: 'Billing' },
      { kind: 'firstReply.ms', bucket: durationBucket(45 * MINUTE) },
      { kind: 'firstReply.agent', agentId: 'alice', bucket: durationBucket(45 * MINUTE) },
      { kind: 'solved.ms', bucket: durationBucket(2 * HOUR) },
      { kind: 'solved.agent', agentId: 'alice' },
      { kind: 'solved.sla', priority: 'normal', target: 'firstReply', outcome: 'met' },
      { kind: 'solved.sla', priority: 'normal', target: 'resolution', outcome: 'met' },
    ]);
    for (const counter of counters) {
      expect(statsCounterKey(counter)).not.toContain('t1');
      expect(statsCounterOf(statsCounterKey(counter))).toEqual(counter);
    }
  });

  it('keeps any uid or category text apart from the key’s separators, and none as none', () => {
    const odd = { kind: 'created.category', category: 'A|b/c %d' } as const;
    expect(statsCounterOf(statsCounterKey(odd))).toEqual(odd);
    const nobody = { kind: 'firstReply.agent', agentId: null, bucket: 4 } as const;
    expect(statsCounterKey(nobody)).toBe('firstReply|agent||4');
    expect(statsCounterOf(statsCounterKey(nobody))).toEqual(nobody);
    for (const key of [
      'created|priority|critical',
      'firstReply|ms|99',
      'solved|sla|low|x|met',
      'x',
      'created|category|%E0%A4%A',
    ]) {
      expect(statsCounterOf(key)).toBeNull();
    }
  });

  it('counts a category that is not one of the desk’s as none: no client can add counters by inventing categories', () => {
    const invented = statsEntriesOf(ticket({ category: 'x'.repeat(60) }), UTC_DESK);
    expect(invented[0]?.entry).toEqual({ priority: 'normal', category: null });
    const archived = { ...UTC_DESK, archivedCategories: ['Legacy'] };
    expect(statsEntriesOf(ticket({ category: 'Legacy' }), archived)[0]?.entry).toMatchObject({ category: 'Legacy' });
  });

  it('counts a ticket’s dropdown values by option, agents-only ones merged in, and only the desk’s own fields and options', () => {
    const product = {
      key: 'product',
      type: 'dropdown' as const,
      label: { en: 'Product' },
      visibleTo: 'customers' as const,
      filledBy: 'customers' as const,
      requiredOnSubmit: false,
      requiredToSolve: false,
      archived: false,
      options: [
        { id: 'web', label: { en: 'Web' }, archived: false },
        { id: 'old', label: { en: 'Old' }, archived: true },
      ],
    };
    const plan = { ...product, key: 'plan', visibleTo: 'agents' as const, filledBy: 'agents' as const, archived: true };
    const order = { ...product, key: 'order', type: 'text' as const, options: undefined };
    const desk: StatsDesk = { ...UTC_DESK, fieldDefinitions: [product, plan, order] };
    const [created] = statsEntriesOf(
      // An archived option and an archived field still count; a text field, an unknown key or
      // option, and a value of the wrong type do not.
      ticket({ fields: { product: 'old', plan: 'web', order: 'web', colour: 'web' } }),
      desk,
    );
    expect(created?.entry).toEqual({ priority: 'normal', category: null, dropdowns: { plan: 'web', product: 'old' } });
    expect(statsCountersOf(created as StatsEntry).map(statsCounterKey)).toEqual([
      'created|priority|normal',
      'created|category|',
      'created|field|plan|web',
      'created|field|product|old',
    ]);
    expect(statsCounterOf('created|field|product|old')).toEqual({
      kind: 'created.field',
      key: 'product',
      option: 'old',
    });
    const forged: CustomFieldValues[] = [{ product: 'nope' }, { product: 3 }, { product: ['web'] }, { colour: 'web' }];
    for (const invented of forged) {
      expect(statsEntriesOf(ticket({ fields: invented }), desk)[0]?.entry).toEqual({
        priority: 'normal',
        category: null,
      });
    }
    // Without definitions (a desk that has none), nothing is counted by field.
    expect(statsEntriesOf(ticket({ fields: { product: 'web' } }), UTC_DESK)[0]?.entry).not.toHaveProperty('dropdowns');
    // A value changed moves the submission's counters.
    const diff = statsEntriesDiff(
      statsEntriesOf(ticket({ fields: { product: 'web' } }), desk),
      statsEntriesOf(ticket({ fields: { product: 'old' } }), desk),
    );
    expect(statsDeltas(diff.removed, diff.added)).toEqual([
      { day: '2026-03-02', counts: { 'created|field|product|web': -1, 'created|field|product|old': 1 }, names: {} },
    ]);
  });

  it('counts a ticket’s organisation, and moves the count when trusted code gives a new ticket its organisation', () => {
    const [created] = statsEntriesOf(ticket({ organisationId: 'Acme1' }), UTC_DESK);
    expect(created?.entry).toEqual({ priority: 'normal', category: null, organisationId: 'Acme1' });
    expect(statsCountersOf(created as StatsEntry).map(statsCounterKey)).toContain('created|organisation|Acme1');
    expect(statsCounterOf('created|organisation|Acme1')).toEqual({
      kind: 'created.organisation',
      organisationId: 'Acme1',
    });
    expect(statsCounterOf('created|organisation|')).toBeNull();
    // Firebase's derived write gives a new ticket its organisation after its first count.
    const diff = statsEntriesDiff(
      statsEntriesOf(ticket(), UTC_DESK),
      statsEntriesOf(ticket({ organisationId: 'Acme1' }), UTC_DESK),
    );
    expect(statsDeltas(diff.removed, diff.added)).toEqual([
      { day: '2026-03-02', counts: { 'created|organisation|Acme1': 1 }, names: {} },
    ]);
  });

  it('keeps a day the same size however many tickets it counts', () => {
    const dayOf = (count: number) => {
      const tickets = Array.from({ length: count }, (_, i) => ({ ...solved, id: `ticket-${i}-${'x'.repeat(100)}` }));
      return dayStatsOfTickets(tickets, UTC_DESK)[0];
    };
    const one = dayOf(1);
    const many = dayOf(2_000);
    expect(Object.keys(many?.counts ?? {})).toEqual(Object.keys(one?.counts ?? {}));
    expect(JSON.stringify(many).length).toBeLessThan(JSON.stringify(one).length + 50);
    expect(many?.counts['created|priority|normal']).toBe(2_000);
  });
});

describe('statsDeltas and applyStatsDeltas', () => {
  it('moves counters down for entries removed and up for entries added, leaving out what cancels', () => {
    const reopened = { ...solved, status: 'open' as const, solvedAt: undefined };
    const { removed, added } = diff(solved, reopened);
    expect(statsDeltas(removed, added)).toEqual([
      {
        day: '2026-03-02',
        counts: {
          [statsCounterKey({ kind: 'solved.ms', bucket: durationBucket(2 * HOUR) })]: -1,
          'solved|agent|alice': -1,
          'solved|sla|normal|firstReply|met': -1,
          'solved|sla|normal|resolution|met': -1,
        },
        names: {},
      },
    ]);
    // A priority change swaps the created counter; the category counter cancels out.
    const swapped = diff(ticket(), ticket({ priority: 'high' }));
    expect(statsDeltas(swapped.removed, swapped.added)).toEqual([
      { day: '2026-03-02', counts: { 'created|priority|normal': -1, 'created|priority|high': 1 }, names: {} },
    ]);
    expect(statsDeltas([], [])).toEqual([]);
  });

  it('applies deltas to copies of the stored days, and leaves the input alone', () => {
    const stored: DayStats = { day: '2026-03-02', counts: { 'created|priority|low': 3 }, names: { bob: 'Bob' } };
    const days = new Map([[stored.day, stored]]);
    const snapshot = structuredClone(days);
    const out = applyStatsDeltas(days, statsDeltas([], statsEntriesOf(replied, UTC_DESK)));
    expect(days).toEqual(snapshot);
    expect(out.get('2026-03-02')).toEqual({
      day: '2026-03-02',
      counts: {
        'created|priority|low': 3,
        'created|priority|normal': 1,
        'created|category|': 1,
        [statsCounterKey({ kind: 'firstReply.ms', bucket: durationBucket(45 * MINUTE) })]: 1,
        [statsCounterKey({ kind: 'firstReply.agent', agentId: 'alice', bucket: durationBucket(45 * MINUTE) })]: 1,
      },
      names: { bob: 'Bob', alice: 'Alice Agent' },
    });
    expect(applyStatsDeltas(new Map(), []).size).toBe(0);
  });

  it('comes back to the same counts after a change and its undoing', () => {
    const start = applyStatsDeltas(new Map(), statsDeltas([], statsEntriesOf(solved, UTC_DESK)));
    const reopened = { ...solved, status: 'open' as const, solvedAt: undefined };
    const there = diff(solved, reopened);
    const back = diff(reopened, solved);
    const moved = applyStatsDeltas(start, statsDeltas(there.removed, there.added));
    const returned = applyStatsDeltas(moved, statsDeltas(back.removed, back.added));
    expect(dayStatsFrom('2026-03-02', returned.get('2026-03-02'))).toEqual(
      dayStatsFrom('2026-03-02', start.get('2026-03-02')),
    );
  });
});

describe('dayStatsFrom: a stored day as read', () => {
  it('keeps whole counts above zero and text names, and drops the rest', () => {
    const read = dayStatsFrom('2026-03-02', {
      day: 'ignored: the id counts',
      counts: { a: 2, b: 0, c: -1, d: 1.5, e: '3', f: null },
      names: { alice: 'Alice', bob: 7 },
      created: { t1: { priority: 'high' } },
    });
    expect(read).toEqual({ day: '2026-03-02', counts: { a: 2 }, names: { alice: 'Alice' } });
  });

  it('reads anything that is not a document as an empty day', () => {
    for (const data of [undefined, null, 'x', [], { counts: [], names: 'no' }]) {
      expect(dayStatsFrom('2026-03-02', data)).toEqual(emptyDayStats('2026-03-02'));
    }
  });

  it('reads back what was counted', () => {
    const [written] = dayStatsOfTickets([solved], UTC_DESK);
    expect(dayStatsFrom('2026-03-02', JSON.parse(JSON.stringify(written)))).toEqual(written);
  });

  it('reads a ledger’s well-formed entries only', () => {
    const entries = statsEntriesOf(solved, UTC_DESK);
    expect(statsEntriesFrom(JSON.parse(JSON.stringify(entries)))).toEqual(entries);
    expect(
      statsEntriesFrom([...entries, { day: 1 }, null, { day: 'd', section: 'x', ticketId: 't', entry: {} }]),
    ).toEqual(entries);
    expect(statsEntriesFrom(undefined)).toEqual([]);
  });
});
