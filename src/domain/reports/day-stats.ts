/**
 * Per-day statistics (DESIGN §11): what reports read instead of tickets. One document per local
 * day of the desk (`stats/{YYYY-MM-DD}`, the desk's time zone), kept by trusted code — the local
 * backend's write middleware, `ticketWritten` on Firebase — from each ticket write.
 *
 * A day holds counters, never one entry per ticket, so its size is bounded by the desk's shape
 * (priorities, categories, staff, duration buckets) and not by the day's volume: a busy day and a
 * quiet one have documents of the same size. Durations are counted in fixed buckets (three per
 * doubling from one minute, {@link durationBucket}), so medians are kept to within 12.3 %.
 *
 * What a ticket adds to the counters is a function of the ticket as it is ({@link statsEntriesOf}:
 * its submission, first reply and solve); a write changes the counters by the difference between
 * the entries before and after ({@link statsEntriesDiff}, {@link statsDeltas}). Trusted code on
 * Firebase keeps the entries it counted per ticket (`statsLedger/{ticketId}`) and diffs against
 * them, so a retried or late run counts nothing twice.
 */
import { localDateOf } from '@/domain/sla/business-hours';
import { slaClocks, SLA_TARGETS, type SlaTargetName } from '@/domain/sla/clocks';
import type { CustomFieldDefinition, CustomFieldValues } from '@/domain/custom-fields';
import type { DeskSettings, Priority, Ticket } from '@/domain/types';

/** The sections of a day's statistics. */
export const STATS_SECTIONS = ['created', 'firstReplies', 'solved'] as const;
/** One of {@link STATS_SECTIONS}. */
export type StatsSection = (typeof STATS_SECTIONS)[number];

/** A ticket submitted that day, with its priority, category and dropdown values as they are now. */
export interface CreatedEntry {
  priority: Priority;
  /** `null` for none. */
  category: string | null;
  /**
   * Its dropdown fields' option ids by field key (DESIGN §11 "Tickets by field"), customers' and
   * agents-only alike; absent when it has none.
   */
  dropdowns?: Record<string, string>;
  /** The ticket's organisation (DESIGN §1 "Organisations"); absent for none. */
  organisationId?: string;
}

/** Staff's first public reply to a ticket, that day. */
export interface FirstReplyEntry {
  /** From submission to the first reply, in ms of calendar time. */
  ms: number;
  priority: Priority;
  /** The ticket's assignee (as the ticket is now: a reassignment moves it); `null` when unassigned. */
  assigneeId: string | null;
  assigneeName: string | null;
}

/** A target's outcome on a solved ticket: met in time, or missed (breached, met late or not). */
export type SlaOutcome = 'met' | 'missed';

/** A ticket solved that day (its latest solve: a reopen takes it out). */
export interface SolvedEntry {
  /** From submission to the solve, in ms of calendar time. */
  ms: number;
  priority: Priority;
  category: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  /**
   * Each SLA target's outcome at the solve under the desk's policy (DESIGN §10); a target that
   * never started, or stopped unbreached by the solve, has none.
   */
  sla: Partial<Record<SlaTargetName, SlaOutcome>>;
}

/** Each section's entry. */
interface SectionEntries {
  created: CreatedEntry;
  firstReplies: FirstReplyEntry;
  solved: SolvedEntry;
}

/** One ticket's entry in one day's section: what it adds to that day's counters. */
export type StatsEntry = {
  [S in StatsSection]: { day: string; section: S; ticketId: string; entry: SectionEntries[S] };
}[StatsSection];

/**
 * One day's statistics, as stored in `stats/{day}`: counters by {@link StatsCounter} key, and the
 * names of the agents they mention (by uid; the latest name a write carried).
 */
export interface DayStats {
  /** The desk's local date, `YYYY-MM-DD`. */
  day: string;
  /** Counter key → count (a count that went back to 0 may stay, as 0). */
  counts: Record<string, number>;
  /** Agent uid → display name. */
  names: Record<string, string>;
}

/** The fields of a ticket its statistics come from. */
export type StatsTicket = Pick<
  Ticket,
  | 'id'
  | 'status'
  | 'priority'
  | 'category'
  | 'assigneeId'
  | 'assigneeName'
  | 'createdAt'
  | 'firstResponseAt'
  | 'solvedAt'
  | 'closedAt'
  | 'sla'
  | 'organisationId'
> & {
  /**
   * All its custom field values, the ticket's own and the agents-only ones merged (trusted code
   * reads both); only the dropdowns count.
   */
  fields?: CustomFieldValues;
};

/**
 * The desk settings statistics need: the time zone of its days, the SLA policy, and the desk's
 * categories (active and archived): every other category a ticket carries counts as none, so no
 * client can add counters by inventing categories.
 */
export type StatsDesk = Pick<DeskSettings, 'businessHours' | 'sla' | 'categories' | 'archivedCategories'> & {
  /**
   * The custom fields' definitions (archived ones too): a dropdown value counts only when it is one
   * of its field's options, archived or not, so no client adds counters by inventing keys or
   * options. Absent: no field is counted.
   */
  fieldDefinitions?: readonly CustomFieldDefinition[];
};

/**
 * A ticket's dropdown values that statistics count: option ids of the desk's dropdown fields, by
 * key, in key order (so that equal values compare equal as JSON); `undefined` for none.
 */
export function statsDropdownsOf(
  values: CustomFieldValues | undefined,
  definitions: readonly CustomFieldDefinition[] | undefined,
): Record<string, string> | undefined {
  if (!values || !definitions) return undefined;
  const out: Record<string, string> = {};
  for (const field of [...definitions].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const value = values[field.key];
    if (field.type !== 'dropdown' || typeof value !== 'string') continue;
    if (field.options?.some((option) => option.id === value)) out[field.key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function slaOutcomes(ticket: StatsTicket, desk: StatsDesk, solvedAt: number): SolvedEntry['sla'] {
  const clocks = slaClocks(ticket, {
    policy: desk.sla[ticket.priority],
    businessHours: desk.businessHours,
    now: solvedAt,
  });
  const outcomes: SolvedEntry['sla'] = {};
  for (const clock of clocks) {
    if (clock.breached) outcomes[clock.target] = 'missed';
    else if (clock.state === 'met') outcomes[clock.target] = 'met';
  }
  // Kept in the order of SLA_TARGETS, so that equal outcomes compare equal as JSON.
  return Object.fromEntries(SLA_TARGETS.filter((t) => outcomes[t]).map((t) => [t, outcomes[t]]));
}

/**
 * The statistics entries a ticket stands for as it is: its submission (on the day of
 * `createdAt`), its first reply (day of `firstResponseAt`) and, while solved or closed, its solve
 * (day of `solvedAt`, with each SLA target's outcome then). Days are the desk's local dates; a
 * category that is not one of the desk's counts as none.
 * @returns the entries, in the order of {@link STATS_SECTIONS}; none for `null`.
 */
export function statsEntriesOf(ticket: StatsTicket | null, desk: StatsDesk): StatsEntry[] {
  if (!ticket) return [];
  const zone = desk.businessHours.timeZone;
  const created = Date.parse(ticket.createdAt);
  const dayOf = (ms: number) => localDateOf(ms, zone);
  const assignee = { assigneeId: ticket.assigneeId ?? null, assigneeName: ticket.assigneeName ?? null };
  const known = ticket.category && [...desk.categories, ...desk.archivedCategories].includes(ticket.category);
  const category = known ? (ticket.category as string) : null;
  const dropdowns = statsDropdownsOf(ticket.fields, desk.fieldDefinitions);
  const entries: StatsEntry[] = [
    {
      day: dayOf(created),
      section: 'created',
      ticketId: ticket.id,
      entry: {
        priority: ticket.priority,
        category,
        ...(dropdowns && { dropdowns }),
        ...(ticket.organisationId && { organisationId: ticket.organisationId }),
      },
    },
  ];
  if (ticket.firstResponseAt) {
    const at = Date.parse(ticket.firstResponseAt);
    entries.push({
      day: dayOf(at),
      section: 'firstReplies',
      ticketId: ticket.id,
      entry: { ms: Math.max(0, at - created), priority: ticket.priority, ...assignee },
    });
  }
  if ((ticket.status === 'solved' || ticket.status === 'closed') && ticket.solvedAt) {
    const at = Date.parse(ticket.solvedAt);
    entries.push({
      day: dayOf(at),
      section: 'solved',
      ticketId: ticket.id,
      entry: {
        ms: Math.max(0, at - created),
        priority: ticket.priority,
        category,
        ...assignee,
        sla: slaOutcomes(ticket, desk, at),
      },
    });
  }
  return entries;
}

/**
 * The collection where trusted code on Firebase keeps what it counted for each ticket
 * (`statsLedger/{ticketId}`: `{ entries: StatsEntry[] }`, at most three); no client reads it.
 */
export const STATS_LEDGER = 'statsLedger';

/** The ms below which a duration is in bucket 0: one minute. */
export const STATS_BUCKET_FLOOR_MS = 60_000;
/** Buckets per doubling of a duration: each bucket spans a factor 2^(1/3) ≈ 1.26. */
export const STATS_BUCKETS_PER_DOUBLING = 3;
/** The last bucket: 2^19 minutes (about a year) and longer. */
export const STATS_LAST_BUCKET = 1 + 19 * STATS_BUCKETS_PER_DOUBLING;

/**
 * The bucket a duration is counted in: 0 below one minute; bucket b ≥ 1 holds
 * [1 min · 2^((b−1)/3), 1 min · 2^(b/3)), the last one everything from about a year.
 * @param ms a duration in ms (negative counts as 0).
 */
export function durationBucket(ms: number): number {
  if (!(ms >= STATS_BUCKET_FLOOR_MS)) return 0;
  const bucket = 1 + Math.floor(STATS_BUCKETS_PER_DOUBLING * Math.log2(ms / STATS_BUCKET_FLOOR_MS) + 1e-9);
  return Math.min(bucket, STATS_LAST_BUCKET);
}

/**
 * The duration a bucket stands for in a median: the geometric middle of its span (within
 * 2^(1/6) − 1 ≈ 12.3 % of every duration in it); 30 s for bucket 0.
 */
export function bucketMs(bucket: number): number {
  if (bucket <= 0) return STATS_BUCKET_FLOOR_MS / 2;
  return Math.round(STATS_BUCKET_FLOOR_MS * 2 ** ((bucket - 0.5) / STATS_BUCKETS_PER_DOUBLING));
}

/**
 * The median of durations counted in buckets ({@link bucketMs} of the middle one; the mean of the
 * two middle ones' for an even count).
 * @param histogram bucket → count.
 * @returns ms, or `null` when the histogram counts nothing.
 */
export function histogramMedian(histogram: ReadonlyMap<number, number>): number | null {
  const buckets = [...histogram.entries()].filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const [bucket, count] of buckets) {
      seen += count;
      if (rank < seen) return bucketMs(bucket);
    }
    return bucketMs(buckets[buckets.length - 1]?.[0] ?? 0);
  };
  const mid = Math.floor(total / 2);
  return total % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** A uid or category as one segment of a counter key (`''` for none). */
const segment = (value: string | null) => (value === null ? '' : encodeURIComponent(value));
const fromSegment = (value: string | undefined) => (value ? decodeURIComponent(value) : null);

/**
 * A counter of a day, parsed from its key (the `|`-separated key stores it; uids and categories
 * URI-encoded, `''` for none):
 * - `created|priority|<priority>`, `created|category|<category>`: tickets submitted;
 * - `created|field|<key>|<option id>`: tickets submitted with that dropdown value;
 * - `firstReply|ms|<bucket>`, `firstReply|agent|<uid>|<bucket>`: first replies by duration;
 * - `solved|ms|<bucket>`, `solved|agent|<uid>`: solves by duration and by assignee;
 * - `solved|sla|<priority>|<target>|<met|missed>`: SLA outcomes of the solves.
 */
export type StatsCounter =
  | { kind: 'created.priority'; priority: Priority }
  | { kind: 'created.category'; category: string | null }
  | { kind: 'created.field'; key: string; option: string }
  | { kind: 'created.organisation'; organisationId: string }
  | { kind: 'firstReply.ms'; bucket: number }
  | { kind: 'firstReply.agent'; agentId: string | null; bucket: number }
  | { kind: 'solved.ms'; bucket: number }
  | { kind: 'solved.agent'; agentId: string | null }
  | { kind: 'solved.sla'; priority: Priority; target: SlaTargetName; outcome: SlaOutcome };

/** The key a counter is stored under. */
export function statsCounterKey(counter: StatsCounter): string {
  switch (counter.kind) {
    case 'created.priority':
      return `created|priority|${counter.priority}`;
    case 'created.category':
      return `created|category|${segment(counter.category)}`;
    case 'created.field':
      return `created|field|${segment(counter.key)}|${segment(counter.option)}`;
    case 'created.organisation':
      return `created|organisation|${segment(counter.organisationId)}`;
    case 'firstReply.ms':
      return `firstReply|ms|${counter.bucket}`;
    case 'firstReply.agent':
      return `firstReply|agent|${segment(counter.agentId)}|${counter.bucket}`;
    case 'solved.ms':
      return `solved|ms|${counter.bucket}`;
    case 'solved.agent':
      return `solved|agent|${segment(counter.agentId)}`;
    case 'solved.sla':
      return `solved|sla|${counter.priority}|${counter.target}|${counter.outcome}`;
  }
}

const PRIORITY_SET = new Set<unknown>(['low', 'normal', 'high', 'urgent']);
const TARGET_SET = new Set<unknown>(SLA_TARGETS);
const bucketFrom = (value: string | undefined) => {
  const bucket = Number(value);
  return Number.isInteger(bucket) && bucket >= 0 && bucket <= STATS_LAST_BUCKET ? bucket : null;
};

/**
 * A stored key read back as its counter.
 * @returns `null` for a key that is not one of {@link StatsCounter}'s shapes (left out of reports).
 */
export function statsCounterOf(key: string): StatsCounter | null {
  const [section, kind, a, b, c] = key.split('|');
  try {
    if (section === 'created' && kind === 'priority' && PRIORITY_SET.has(a))
      return { kind: 'created.priority', priority: a as Priority };
    if (section === 'created' && kind === 'category') return { kind: 'created.category', category: fromSegment(a) };
    if (section === 'created' && kind === 'organisation' && a)
      return { kind: 'created.organisation', organisationId: decodeURIComponent(a) };
    if (section === 'created' && kind === 'field' && a && b)
      return { kind: 'created.field', key: decodeURIComponent(a), option: decodeURIComponent(b) };
    if (section === 'firstReply' && kind === 'ms' && bucketFrom(a) !== null)
      return { kind: 'firstReply.ms', bucket: bucketFrom(a) as number };
    if (section === 'firstReply' && kind === 'agent' && bucketFrom(b) !== null)
      return { kind: 'firstReply.agent', agentId: fromSegment(a), bucket: bucketFrom(b) as number };
    if (section === 'solved' && kind === 'ms' && bucketFrom(a) !== null)
      return { kind: 'solved.ms', bucket: bucketFrom(a) as number };
    if (section === 'solved' && kind === 'agent') return { kind: 'solved.agent', agentId: fromSegment(a) };
    if (
      section === 'solved' &&
      kind === 'sla' &&
      PRIORITY_SET.has(a) &&
      TARGET_SET.has(b) &&
      (c === 'met' || c === 'missed')
    )
      return { kind: 'solved.sla', priority: a as Priority, target: b as SlaTargetName, outcome: c };
  } catch {
    // A malformed URI escape: not a counter of ours.
  }
  return null;
}

/** The counters one entry adds 1 to. */
export function statsCountersOf(entry: StatsEntry): StatsCounter[] {
  switch (entry.section) {
    case 'created':
      return [
        { kind: 'created.priority', priority: entry.entry.priority },
        { kind: 'created.category', category: entry.entry.category },
        ...Object.entries(entry.entry.dropdowns ?? {}).map(([key, option]): StatsCounter => ({
          kind: 'created.field',
          key,
          option,
        })),
        ...(entry.entry.organisationId
          ? [{ kind: 'created.organisation', organisationId: entry.entry.organisationId } as const]
          : []),
      ];
    case 'firstReplies': {
      const bucket = durationBucket(entry.entry.ms);
      return [
        { kind: 'firstReply.ms', bucket },
        { kind: 'firstReply.agent', agentId: entry.entry.assigneeId, bucket },
      ];
    }
    case 'solved': {
      const { priority, sla } = entry.entry;
      return [
        { kind: 'solved.ms', bucket: durationBucket(entry.entry.ms) },
        { kind: 'solved.agent', agentId: entry.entry.assigneeId },
        ...SLA_TARGETS.filter((target) => sla[target]).map((target): StatsCounter => ({
          kind: 'solved.sla',
          priority,
          target,
          outcome: sla[target] as SlaOutcome,
        })),
      ];
    }
  }
}

const keyOf = (entry: Pick<StatsEntry, 'day' | 'section' | 'ticketId'>) =>
  `${entry.day}/${entry.section}/${entry.ticketId}`;

/** JSON with every object's keys sorted: a stored map read back (Firestore sorts keys) compares equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The entries that differ between two sets of a ticket's entries: those of `before` that `after`
 * no longer has or has otherwise (removed), and those of `after` that are new or changed (added)
 * — e.g. a reopen removes the solve, a priority change swaps the submission's entry.
 */
export function statsEntriesDiff(
  before: readonly StatsEntry[],
  after: readonly StatsEntry[],
): { removed: StatsEntry[]; added: StatsEntry[] } {
  const old = new Map(before.map((entry) => [keyOf(entry), entry]));
  const added: StatsEntry[] = [];
  for (const entry of after) {
    const was = old.get(keyOf(entry));
    if (was && canonical(was.entry) === canonical(entry.entry)) old.delete(keyOf(entry));
    else added.push(entry);
  }
  return { removed: [...old.values()], added };
}

/** What a write adds to one day: counter key → change (±), and agent names to record. */
export interface StatsDelta {
  day: string;
  counts: Record<string, number>;
  names: Record<string, string>;
}

/**
 * The counter changes of removing and adding entries, per day touched; counters whose changes
 * cancel out are left out, and a day with no change at all has no delta.
 */
export function statsDeltas(removed: readonly StatsEntry[], added: readonly StatsEntry[]): StatsDelta[] {
  const days = new Map<string, StatsDelta>();
  const deltaOf = (day: string) => {
    let delta = days.get(day);
    if (!delta) {
      delta = { day, counts: {}, names: {} };
      days.set(day, delta);
    }
    return delta;
  };
  const count = (entries: readonly StatsEntry[], by: number) => {
    for (const entry of entries) {
      const delta = deltaOf(entry.day);
      for (const counter of statsCountersOf(entry)) {
        const key = statsCounterKey(counter);
        delta.counts[key] = (delta.counts[key] ?? 0) + by;
      }
      if (by > 0 && entry.section !== 'created' && entry.entry.assigneeId && entry.entry.assigneeName)
        delta.names[entry.entry.assigneeId] = entry.entry.assigneeName;
    }
  };
  count(removed, -1);
  count(added, 1);
  const out: StatsDelta[] = [];
  for (const delta of days.values()) {
    for (const [key, change] of Object.entries(delta.counts)) if (change === 0) delete delta.counts[key];
    if (Object.keys(delta.counts).length > 0 || Object.keys(delta.names).length > 0) out.push(delta);
  }
  return out;
}

/** An empty day. */
export function emptyDayStats(day: string): DayStats {
  return { day, counts: {}, names: {} };
}

/**
 * Applies deltas to stored days (a copy per day touched; `days` is not modified).
 * @returns the days changed, keyed by date, each whole (for a put).
 */
export function applyStatsDeltas(
  days: ReadonlyMap<string, DayStats>,
  deltas: readonly StatsDelta[],
): Map<string, DayStats> {
  const out = new Map<string, DayStats>();
  for (const delta of deltas) {
    const stored = out.get(delta.day) ?? days.get(delta.day) ?? emptyDayStats(delta.day);
    const day: DayStats = out.has(delta.day)
      ? stored
      : { day: delta.day, counts: { ...stored.counts }, names: { ...stored.names } };
    for (const [key, change] of Object.entries(delta.counts)) day.counts[key] = (day.counts[key] ?? 0) + change;
    Object.assign(day.names, delta.names);
    out.set(delta.day, day);
  }
  return out;
}

/**
 * The days the given tickets' entries fill from nothing (a seed, a rebuild).
 * @returns one day per date with entries, oldest first.
 */
export function dayStatsOfTickets(tickets: readonly (StatsTicket | null)[], desk: StatsDesk): DayStats[] {
  const entries = tickets.flatMap((ticket) => statsEntriesOf(ticket, desk));
  return [...applyStatsDeltas(new Map(), statsDeltas([], entries)).values()].sort((a, b) => a.day.localeCompare(b.day));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored day's statistics as read (Firestore data, an IndexedDB record): counts that are not
 * whole numbers ≥ 0 and names that are not text are left out rather than failing the report.
 * @param day the document's id, `YYYY-MM-DD`.
 */
export function dayStatsFrom(day: string, data: unknown): DayStats {
  const record = isRecord(data) ? data : {};
  const counts: Record<string, number> = {};
  if (isRecord(record.counts))
    for (const [key, count] of Object.entries(record.counts))
      if (typeof count === 'number' && Number.isInteger(count) && count > 0) counts[key] = count;
  const names: Record<string, string> = {};
  if (isRecord(record.names))
    for (const [uid, name] of Object.entries(record.names)) if (typeof name === 'string') names[uid] = name;
  return { day, counts, names };
}

/** Checks a stored ledger's entries (`statsLedger/{ticketId}.entries`): malformed ones are dropped. */
export function statsEntriesFrom(value: unknown): StatsEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is StatsEntry =>
      isRecord(item) &&
      typeof item.day === 'string' &&
      typeof item.ticketId === 'string' &&
      (STATS_SECTIONS as readonly unknown[]).includes(item.section) &&
      isRecord(item.entry) &&
      PRIORITY_SET.has(item.entry.priority),
  );
}
