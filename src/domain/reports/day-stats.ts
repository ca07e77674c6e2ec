/**
 * Per-day statistics (DESIGN §11): what reports read instead of tickets. One document per local
 * day of the desk (`stats/{YYYY-MM-DD}`, the desk's time zone), kept by trusted code — the local
 * backend's write middleware, `ticketWritten` on Firebase — from each ticket write. Each section
 * is keyed by ticket id, so writing a ticket's entries again is harmless (a retried trigger, a
 * repeated write) and a reopen can take its solve back out: the entries are a function of the
 * ticket as it is ({@link statsEntriesOf}), and a write changes the difference
 * ({@link statsChangesBetween}).
 */
import { localDateOf } from '@/domain/sla/business-hours';
import { slaClocks, SLA_TARGETS, type SlaTargetName } from '@/domain/sla/clocks';
import type { DeskSettings, Priority, Ticket } from '@/domain/types';

/** The sections of a day's statistics. */
export const STATS_SECTIONS = ['created', 'firstReplies', 'solved'] as const;
/** One of {@link STATS_SECTIONS}. */
export type StatsSection = (typeof STATS_SECTIONS)[number];

/** A ticket submitted that day, with its priority and category as they are now. */
export interface CreatedEntry {
  priority: Priority;
  /** `null` for none. */
  category: string | null;
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

/** One day's statistics, as stored in `stats/{day}`. */
export interface DayStats {
  /** The desk's local date, `YYYY-MM-DD`. */
  day: string;
  created: Record<string, CreatedEntry>;
  firstReplies: Record<string, FirstReplyEntry>;
  solved: Record<string, SolvedEntry>;
}

/** The entries of one section. */
type EntryOf<S extends StatsSection> = DayStats[S][string];

/** One ticket's entry in one day's section. */
export type StatsEntry = {
  [S in StatsSection]: { day: string; section: S; ticketId: string; entry: EntryOf<S> };
}[StatsSection];

/** One write to a day's statistics: set a ticket's entry, or remove it (`entry: null`). */
export type StatsChange = Omit<StatsEntry, 'entry'> & { entry: StatsEntry['entry'] | null };

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
>;

/** The desk settings statistics need: the time zone of its days and the SLA policy. */
export type StatsDesk = Pick<DeskSettings, 'businessHours' | 'sla'>;

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
 * (day of `solvedAt`, with each SLA target's outcome then). Days are the desk's local dates.
 * @returns the entries, in the order of {@link STATS_SECTIONS}; none for `null`.
 */
export function statsEntriesOf(ticket: StatsTicket | null, desk: StatsDesk): StatsEntry[] {
  if (!ticket) return [];
  const zone = desk.businessHours.timeZone;
  const created = Date.parse(ticket.createdAt);
  const dayOf = (ms: number) => localDateOf(ms, zone);
  const assignee = { assigneeId: ticket.assigneeId ?? null, assigneeName: ticket.assigneeName ?? null };
  const entries: StatsEntry[] = [
    {
      day: dayOf(created),
      section: 'created',
      ticketId: ticket.id,
      entry: { priority: ticket.priority, category: ticket.category ?? null },
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
        category: ticket.category ?? null,
        ...assignee,
        sla: slaOutcomes(ticket, desk, at),
      },
    });
  }
  return entries;
}

const keyOf = (entry: Pick<StatsEntry, 'day' | 'section' | 'ticketId'>) =>
  `${entry.day}/${entry.section}/${entry.ticketId}`;

/**
 * What one ticket write changes in the statistics: the entries of `after` that differ from those
 * of `before` (set), and those of `before` that `after` no longer has (removed: `entry: null`) —
 * e.g. a reopen removes the solve, a priority change rewrites the submission's entry.
 * @param before the ticket before the write (`null` when the write created it).
 * @param after the ticket after it (`null` when it was deleted).
 */
export function statsChangesBetween(
  before: StatsTicket | null,
  after: StatsTicket | null,
  desk: StatsDesk,
): StatsChange[] {
  const old = new Map(statsEntriesOf(before, desk).map((entry) => [keyOf(entry), entry]));
  const changes: StatsChange[] = [];
  for (const entry of statsEntriesOf(after, desk)) {
    const was = old.get(keyOf(entry));
    old.delete(keyOf(entry));
    if (!was || JSON.stringify(was.entry) !== JSON.stringify(entry.entry)) changes.push(entry);
  }
  for (const gone of old.values()) changes.push({ ...gone, entry: null } as StatsChange);
  return changes;
}

/** An empty day. */
export function emptyDayStats(day: string): DayStats {
  return { day, created: {}, firstReplies: {}, solved: {} };
}

/**
 * Applies changes to stored days (a copy per day touched; `days` is not modified).
 * @returns the days changed, keyed by date, each whole (for a put).
 */
export function applyStatsChanges(
  days: ReadonlyMap<string, DayStats>,
  changes: readonly StatsChange[],
): Map<string, DayStats> {
  const out = new Map<string, DayStats>();
  for (const change of changes) {
    const stored = out.get(change.day) ?? days.get(change.day) ?? emptyDayStats(change.day);
    const day: DayStats = out.has(change.day)
      ? stored
      : {
          day: change.day,
          created: { ...stored.created },
          firstReplies: { ...stored.firstReplies },
          solved: { ...stored.solved },
        };
    const section = day[change.section] as Record<string, unknown>;
    if (change.entry === null) delete section[change.ticketId];
    else section[change.ticketId] = change.entry;
    out.set(change.day, day);
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const PRIORITY_SET = new Set<unknown>(['low', 'normal', 'high', 'urgent']);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const msOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

function entriesFrom<T>(value: unknown, read: (entry: Record<string, unknown>) => T | null): Record<string, T> {
  const out: Record<string, T> = {};
  if (!isRecord(value)) return out;
  for (const [id, raw] of Object.entries(value)) {
    const entry = isRecord(raw) && PRIORITY_SET.has(raw.priority) ? read(raw) : null;
    if (entry) out[id] = entry;
  }
  return out;
}

function slaFrom(value: unknown): SolvedEntry['sla'] {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    SLA_TARGETS.filter((t) => value[t] === 'met' || value[t] === 'missed').map((t) => [t, value[t] as SlaOutcome]),
  );
}

/** The fields a first reply and a solve share: a duration and the assignee; `null` without a valid duration. */
function timedEntryFrom(raw: Record<string, unknown>): FirstReplyEntry | null {
  const ms = msOf(raw.ms);
  if (ms === null) return null;
  const priority = raw.priority as Priority;
  return { ms, priority, assigneeId: textOrNull(raw.assigneeId), assigneeName: textOrNull(raw.assigneeName) };
}

/**
 * A stored day's statistics as read (Firestore data, an IndexedDB record): entries that are not
 * well formed are left out rather than failing the report.
 * @param day the document's id, `YYYY-MM-DD`.
 */
export function dayStatsFrom(day: string, data: unknown): DayStats {
  const record = isRecord(data) ? data : {};
  return {
    day,
    created: entriesFrom(record.created, (raw) => ({
      priority: raw.priority as Priority,
      category: textOrNull(raw.category),
    })),
    firstReplies: entriesFrom(record.firstReplies, timedEntryFrom),
    solved: entriesFrom(record.solved, (raw) => {
      const timed = timedEntryFrom(raw);
      return timed && { ...timed, category: textOrNull(raw.category), sla: slaFrom(raw.sla) };
    }),
  };
}
