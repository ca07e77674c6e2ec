/**
 * Reports (DESIGN §11), `report.ts`: the report's period and figures, worked out by hand from the
 * per-day counters the tickets' entries fill (medians: the buckets' durations).
 */
import {
  applyStatsDeltas,
  bucketMs,
  durationBucket,
  emptyDayStats,
  STATS_SECTIONS,
  statsDeltas,
  type CreatedEntry,
  type DayStats,
  type FirstReplyEntry,
  type SolvedEntry,
  type StatsEntry,
} from '@/domain/reports/day-stats';
import { buildReport, reportRange, type ReportInput } from '@/domain/reports/report';
import { HOUR, MINUTE } from '../../../support/durations';

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

describe('buildReport', () => {
  // Thursday 12 March 2026, UTC desk: the days are Friday 6 to Thursday 12 March.
  const range = reportRange(7, Date.parse('2026-03-12T15:00:00.000Z'), 'UTC');
  const alice = { assigneeId: 'alice', assigneeName: 'Alice Agent' };
  const bob = { assigneeId: 'bob', assigneeName: 'Bob Agent' };
  const carl = { assigneeId: 'carl', assigneeName: 'Carl Agent' };
  const nobody = { assigneeId: null, assigneeName: null };
  /** A day as trusted code counts it, from its tickets' entries (by ticket id, per section). */
  const day = (
    date: string,
    sections: {
      created?: Record<string, CreatedEntry>;
      firstReplies?: Record<string, FirstReplyEntry>;
      solved?: Record<string, SolvedEntry>;
    },
  ): DayStats => {
    const entries = STATS_SECTIONS.flatMap((section) =>
      Object.entries(sections[section] ?? {}).map(
        ([ticketId, entry]) => ({ day: date, section, ticketId, entry }) as StatsEntry,
      ),
    );
    return applyStatsDeltas(new Map(), statsDeltas([], entries)).get(date) ?? emptyDayStats(date);
  };
  /** The duration a median of `ms` reports: its bucket's (day-stats.ts). */
  const est = (ms: number) => bucketMs(durationBucket(ms));
  const days: DayStats[] = [
    // Outside the range on both sides: ignored throughout.
    day('2026-03-05', {
      created: { t0: { priority: 'low', category: 'Other', dropdowns: { product: 'web' }, organisationId: 'acme' } },
      firstReplies: { t0: { ms: HOUR, priority: 'low', ...carl } },
      solved: { t0: { ms: HOUR, priority: 'low', category: 'Other', ...carl, sla: { firstReply: 'met' } } },
    }),
    day('2026-03-06', {
      created: {
        t1: { priority: 'normal', category: 'Billing', dropdowns: { product: 'web' }, organisationId: 'acme' },
        t2: { priority: 'high', category: null, organisationId: 'globex' },
      },
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
      created: {
        t3: { priority: 'urgent', category: 'Technical', dropdowns: { plan: 'team', product: 'web' } },
        t4: { priority: 'normal', category: 'Billing', dropdowns: { product: 'api' }, organisationId: 'acme' },
      },
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
      { week: '2026-03-06', firstReplyMs: est(60 * MINUTE), resolutionMs: est(2 * HOUR), firstReplies: 1, solved: 1 },
      // First replies 10 min, 30 min, 2 h; solves 1, 3, 4, 5, 6 h.
      { week: '2026-03-09', firstReplyMs: est(30 * MINUTE), resolutionMs: est(4 * HOUR), firstReplies: 3, solved: 5 },
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
      firstReplyMs: est(HOUR),
      resolutionMs: (est(HOUR) + est(2 * HOUR)) / 2,
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
      {
        agentId: 'alice',
        agentName: 'Alice Agent',
        solved: 4,
        firstReplyMs: (est(10 * MINUTE) + est(60 * MINUTE)) / 2,
        firstReplies: 2,
      },
      { agentId: 'bob', agentName: 'Bob Agent', solved: 1, firstReplyMs: est(30 * MINUTE), firstReplies: 1 },
      { agentId: null, agentName: null, solved: 1, firstReplyMs: null, firstReplies: 0 },
      { agentId: 'carl', agentName: 'Carl Agent', solved: 0, firstReplyMs: est(2 * HOUR), firstReplies: 1 },
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

  it('shares the tickets created by each dropdown field’s options, most first (days outside the range left out)', () => {
    expect(report.fields).toEqual([
      { key: 'plan', options: [{ key: 'team', count: 1 }] },
      {
        key: 'product',
        options: [
          { key: 'web', count: 2 },
          { key: 'api', count: 1 },
        ],
      },
    ]);
    expect(buildReport(range, { ...input, days: [] }).fields).toEqual([]);
  });

  it('shares the tickets created by organisation, most first (days outside the range left out)', () => {
    expect(report.organisations).toEqual([
      { key: 'acme', count: 2 },
      { key: 'globex', count: 1 },
    ]);
    expect(buildReport(range, { ...input, days: [] }).organisations).toEqual([]);
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
