/**
 * Reports (DESIGN §11): a period of the desk's days, and the figures of each chart computed from
 * the per-day statistics (`day-stats.ts`), the backlog counts and the rating counts — never from
 * tickets. Pure: the screen, the tests and the bench compute the same figures.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { localDateOf } from '@/domain/sla/business-hours';
import { SLA_TARGETS, type SlaTargetName } from '@/domain/sla/clocks';
import { PRIORITIES, type IsoDateTime, type Priority, type TicketStatus } from '@/domain/types';
import { histogramMedian, statsCounterOf, type DayStats, type StatsCounter } from '@/domain/reports/day-stats';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The periods a report covers, in days (the last N local days, today included). */
export const REPORT_PERIODS = [7, 30, 90] as const;
/** One of {@link REPORT_PERIODS}. */
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The statuses counted in the backlog: the unsolved ones. */
export const BACKLOG_STATUSES = ['new', 'open', 'pending', 'on_hold'] as const satisfies readonly TicketStatus[];
/** One of {@link BACKLOG_STATUSES}. */
export type BacklogStatus = (typeof BACKLOG_STATUSES)[number];

/** The days and instants a report covers. */
export interface ReportRange {
  /** The desk's local dates, oldest first: `YYYY-MM-DD`. */
  days: string[];
  /** The first day's local midnight (ISO-8601 UTC). */
  from: IsoDateTime;
  /** The end of the range: now (ISO-8601 UTC). */
  to: IsoDateTime;
}

/**
 * The last `period` local days of the desk, today included.
 * @param now ms since the epoch.
 * @param timeZone the desk's IANA zone.
 */
export function reportRange(period: ReportPeriod, now: number, timeZone: string): ReportRange {
  // Dates are counted as plain calendar dates, and the first one's midnight is read in the zone
  // on its own: a zoned instant moved by whole days keeps its UTC offset across a DST change.
  const first = dayjs.utc(localDateOf(now, timeZone)).subtract(period - 1, 'day');
  const days = Array.from({ length: period }, (_, i) => first.add(i, 'day').format('YYYY-MM-DD'));
  return { days, from: dayjs.tz(days[0], timeZone).toDate().toISOString(), to: new Date(now).toISOString() };
}

/** What a backend reads for a report: the stored days of the range, the backlog, the ratings. */
export interface ReportInput {
  /** The days of the range that have statistics (days without any are not stored). */
  days: DayStats[];
  /** Tickets in each unsolved status now. */
  backlog: Record<BacklogStatus, number>;
  /** Ratings given within the range. */
  ratings: { good: number; bad: number };
  /**
   * Documents the read cost, as Firestore bills them: each document returned, and per
   * aggregation query one per 1000 index entries counted (at least one). Locally: the records read.
   */
  reads: number;
}

/** One day of "created vs solved". */
export interface DayVolume {
  day: string;
  created: number;
  solved: number;
}

/**
 * One week's medians (ms of calendar time, within 12.3 %: durations are counted in buckets,
 * `day-stats.ts`); `null` when nothing happened.
 */
export interface WeekMedians {
  /** The Monday the week starts on (or the range's first day for a partial first week), `YYYY-MM-DD`. */
  week: string;
  firstReplyMs: number | null;
  resolutionMs: number | null;
  /** First replies and solves counted. */
  firstReplies: number;
  solved: number;
}

/** SLA achievement of one target at one priority, over the tickets solved in the range. */
export interface SlaAchievement {
  priority: Priority;
  target: SlaTargetName;
  met: number;
  missed: number;
  /** Percent met, 0–100, one decimal; `null` when none counted. */
  percent: number | null;
}

/** One agent's figures: tickets solved while assigned to them, median first reply on theirs. */
export interface AgentFigures {
  /** `null`: unassigned. */
  agentId: string | null;
  agentName: string | null;
  solved: number;
  firstReplyMs: number | null;
  firstReplies: number;
}

/** Tickets submitted in the range with one category (`null`: none) or priority. */
export interface Share<K> {
  key: K;
  count: number;
}

/**
 * Tickets submitted in the range by one dropdown field's options (DESIGN §11 "Tickets by field"),
 * by count (then option id); a ticket without a value, or submitted before the field existed, is
 * in none of them (the report shows the rest of the period's tickets as "not set").
 */
export interface FieldShares {
  key: string;
  options: Share<string>[];
}

/** Satisfaction over the range: good ratings of all ratings, in percent (`null`: no ratings). */
export interface CsatScore {
  good: number;
  bad: number;
  percent: number | null;
}

/** Every figure of a report (DESIGN §11). */
export interface Report {
  range: ReportRange;
  volume: DayVolume[];
  backlog: Share<BacklogStatus>[];
  weeks: WeekMedians[];
  sla: SlaAchievement[];
  agents: AgentFigures[];
  categories: Share<string | null>[];
  priorities: Share<Priority>[];
  /** Per dropdown field with a value counted in the range, by field key. */
  fields: FieldShares[];
  /**
   * Tickets submitted in the range by organisation id (DESIGN §1 "Organisations"), most first; a
   * ticket of no organisation is in none of them (the rest of the period's tickets).
   */
  organisations: Share<string>[];
  csat: CsatScore;
  totals: { created: number; solved: number };
  /** Unsolved tickets now: the backlog's sum. */
  unsolved: number;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The Monday of a local date's ISO week. */
function mondayOf(day: string): string {
  const date = dayjs.utc(day);
  return date.subtract((date.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/**
 * The report's figures from what the backend read. Days outside the range are ignored; agents are
 * sorted by solved count (then name), categories by count (then name).
 */
export function buildReport(range: ReportRange, input: ReportInput): Report {
  const inRange = new Set(range.days);
  const stored = new Map(input.days.filter((d) => inRange.has(d.day)).map((d) => [d.day, d]));
  const days = range.days.map((day) => stored.get(day));

  // Every counter of the range's days, read once.
  const perDay = days.map((day) =>
    Object.entries(day?.counts ?? {}).flatMap(([key, count]) => {
      const counter = statsCounterOf(key);
      return counter && count > 0 ? [{ counter, count }] : [];
    }),
  );
  const names = new Map<string, string>();
  for (const day of days) for (const [uid, name] of Object.entries(day?.names ?? {})) names.set(uid, name);

  const volume = range.days.map((day, i) => {
    const counters = perDay[i] ?? [];
    const sum = (kind: StatsCounter['kind']) =>
      counters.reduce((total, { counter, count }) => total + (counter.kind === kind ? count : 0), 0);
    return { day, created: sum('created.priority'), solved: sum('solved.ms') };
  });

  const firstDay = range.days[0] ?? '';
  const weekData = new Map<string, { first: Map<number, number>; solved: Map<number, number> }>();
  const add = (histogram: Map<number, number>, bucket: number, count: number) =>
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
  range.days.forEach((day, i) => {
    // A week starts on Monday; the range's first, partial week starts on its first day.
    const monday = mondayOf(day);
    const week = monday < firstDay ? firstDay : monday;
    const data = weekData.get(week) ?? { first: new Map(), solved: new Map() };
    weekData.set(week, data);
    for (const { counter, count } of perDay[i] ?? []) {
      if (counter.kind === 'firstReply.ms') add(data.first, counter.bucket, count);
      if (counter.kind === 'solved.ms') add(data.solved, counter.bucket, count);
    }
  });
  const countOf = (histogram: ReadonlyMap<number, number>) => [...histogram.values()].reduce((a, b) => a + b, 0);
  // A Map keeps insertion order: the weeks come oldest first.
  const weeks = [...weekData.entries()].map(([week, data]) => ({
    week,
    firstReplyMs: histogramMedian(data.first),
    resolutionMs: histogramMedian(data.solved),
    firstReplies: countOf(data.first),
    solved: countOf(data.solved),
  }));

  const slaCounts = new Map<string, { met: number; missed: number }>();
  const agents = new Map<string, { agentId: string | null; solved: number; replies: Map<number, number> }>();
  const agentOf = (id: string | null) => {
    const key = id ?? '';
    let figures = agents.get(key);
    if (!figures) {
      figures = { agentId: id, solved: 0, replies: new Map() };
      agents.set(key, figures);
    }
    return figures;
  };
  const categories = new Map<string | null, number>();
  const priorities = new Map<Priority, number>();
  const fields = new Map<string, Map<string, number>>();
  const organisations = new Map<string, number>();
  for (const counters of perDay) {
    for (const { counter, count } of counters) {
      switch (counter.kind) {
        case 'solved.agent':
          agentOf(counter.agentId).solved += count;
          break;
        case 'firstReply.agent':
          add(agentOf(counter.agentId).replies, counter.bucket, count);
          break;
        case 'solved.sla': {
          const key = `${counter.priority}/${counter.target}`;
          const counts = slaCounts.get(key) ?? { met: 0, missed: 0 };
          counts[counter.outcome] += count;
          slaCounts.set(key, counts);
          break;
        }
        case 'created.category':
          categories.set(counter.category, (categories.get(counter.category) ?? 0) + count);
          break;
        case 'created.priority':
          priorities.set(counter.priority, (priorities.get(counter.priority) ?? 0) + count);
          break;
        case 'created.organisation':
          organisations.set(counter.organisationId, (organisations.get(counter.organisationId) ?? 0) + count);
          break;
        case 'created.field': {
          const options = fields.get(counter.key) ?? new Map<string, number>();
          options.set(counter.option, (options.get(counter.option) ?? 0) + count);
          fields.set(counter.key, options);
          break;
        }
        default:
          break;
      }
    }
  }

  const sla = PRIORITIES.flatMap((priority) =>
    SLA_TARGETS.map((target) => {
      const { met, missed } = slaCounts.get(`${priority}/${target}`) ?? { met: 0, missed: 0 };
      return { priority, target, met, missed, percent: percentOf(met, met + missed) };
    }),
  );

  const byName = (a: string | null, b: string | null) => (a ?? '\uffff').localeCompare(b ?? '\uffff');
  const agentList = [...agents.values()]
    .map(({ agentId, solved, replies }) => ({
      agentId,
      agentName: agentId === null ? null : (names.get(agentId) ?? null),
      solved,
      firstReplyMs: histogramMedian(replies),
      firstReplies: countOf(replies),
    }))
    .sort((a, b) => b.solved - a.solved || byName(a.agentName, b.agentName));

  const totals = volume.reduce(
    (sum, day) => ({ created: sum.created + day.created, solved: sum.solved + day.solved }),
    { created: 0, solved: 0 },
  );
  const { good, bad } = input.ratings;
  return {
    range,
    volume,
    backlog: BACKLOG_STATUSES.map((key) => ({ key, count: input.backlog[key] })),
    weeks,
    sla,
    agents: agentList,
    categories: [...categories.entries()]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || byName(a.key, b.key)),
    priorities: PRIORITIES.map((key) => ({ key, count: priorities.get(key) ?? 0 })),
    fields: [...fields.entries()]
      .sort(([a], [b]) => byName(a, b))
      .map(([key, options]) => ({
        key,
        options: [...options.entries()]
          .map(([option, count]) => ({ key: option, count }))
          .sort((a, b) => b.count - a.count || byName(a.key, b.key)),
      })),
    organisations: [...organisations.entries()]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || byName(a.key, b.key)),
    csat: { good, bad, percent: percentOf(good, good + bad) },
    totals,
    unsolved: BACKLOG_STATUSES.reduce((sum, key) => sum + input.backlog[key], 0),
  };
}
