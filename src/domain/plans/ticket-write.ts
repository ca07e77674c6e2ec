/**
 * The plain data every ticket planner returns: which fields a write sets, removes or stamps
 * with the write's time, and the audit entries that go with it (DESIGN §3). Each adapter turns
 * a {@link TicketWrite} into its own writes (a Firestore `update` with server timestamps, a
 * Dexie `put` of {@link applyTicketWrite}'s result); nothing here knows a clock or an id.
 */
import type { Actor } from '@/domain/lifecycle';
import type { Principal } from '@/domain/policy';
import { refusals } from '@/domain/errors/refusals';
import type { AuditEventType, Ticket, UserProfile } from '@/domain/types';

/** The person a plan acts for: who they are, their role, the name written on what they change. */
export type ActingUser = Pick<UserProfile, 'uid' | 'role' | 'displayName'>;

/** The policy's view of a person (DESIGN §1). */
export function principalOf(user: Pick<UserProfile, 'uid' | 'role'>): Principal {
  return { uid: user.uid, role: user.role };
}

/** The lifecycle's view of a person (DESIGN §2). */
export function actorOf(user: Pick<UserProfile, 'uid' | 'role'>): Actor {
  return { kind: 'user', uid: user.uid, role: user.role };
}

/** Fields a planner sets to a value. */
export type TicketSetFields = Partial<
  Pick<
    Ticket,
    | 'status'
    | 'priority'
    | 'category'
    | 'tags'
    | 'assigneeId'
    | 'assigneeName'
    | 'lastMessageBy'
    | 'fields'
    | 'timeRuleMarks'
  >
>;

/** Optional fields a planner removes (Firestore stores `null` for the first three, DESIGN §3). */
export type ClearedField = 'category' | 'assigneeId' | 'assigneeName' | 'solvedAt';

/** Time fields a planner stamps with the write's own time (the server's, on Firebase). */
export type StampedField = 'updatedAt' | 'lastMessageAt' | 'firstResponseAt' | 'solvedAt' | 'closedAt';

/** One write to a ticket. An empty write (see {@link isEmptyWrite}) writes nothing. */
export interface TicketWrite {
  set: TicketSetFields;
  clear: ClearedField[];
  stamp: StampedField[];
}

/** One audit-trail entry to write with the change (DESIGN §3), in the order they happened. */
export interface AuditEntry {
  type: AuditEventType;
  /** A `field` entry's custom field key (DESIGN §3 "Custom fields"). */
  field?: string;
  /** The title of the macro whose write this entry is part of (DESIGN §3 "Macros"). */
  macro?: string;
  /** The title of the trigger whose action this entry is (DESIGN §10 "Triggers"). */
  trigger?: string;
  from: string | null;
  to: string | null;
}

/** A planned change of a ticket: the write and its audit entries. */
export interface TicketChangePlan {
  write: TicketWrite;
  events: AuditEntry[];
  /** The ticket's agents-only custom field values after the write, when they change (a staff-only record, DESIGN §3). */
  agentFields?: Record<string, string | number | boolean | string[]>;
}

/** A write that changes nothing. */
export function emptyWrite(): TicketWrite {
  return { set: {}, clear: [], stamp: [] };
}

/** Whether a write changes nothing at all. */
export function isEmptyWrite(write: TicketWrite): boolean {
  return Object.keys(write.set).length === 0 && write.clear.length === 0 && write.stamp.length === 0;
}

/** Two writes as one; where both name a field, `later` wins. */
export function mergeWrites(earlier: TicketWrite, later: TicketWrite): TicketWrite {
  const laterNames = new Set<string>([...Object.keys(later.set), ...later.clear, ...later.stamp]);
  const keep = <F extends string>(fields: F[]) => fields.filter((field) => !laterNames.has(field));
  const set = Object.fromEntries(
    Object.entries(earlier.set).filter(([field]) => !laterNames.has(field)),
  ) as TicketSetFields;
  return {
    set: { ...set, ...later.set },
    clear: [...keep(earlier.clear), ...later.clear],
    // A field both stamp keeps its first place.
    stamp: [
      ...new Set([...earlier.stamp.filter((f) => later.stamp.includes(f) || !laterNames.has(f)), ...later.stamp]),
    ],
  };
}

/**
 * A ticket as a write leaves it, for an adapter that stores whole records.
 * @param at the write's time (ISO-8601), stamped into the write's `stamp` fields.
 */
export function applyTicketWrite<T extends Ticket>(ticket: T, write: TicketWrite, at: string): T {
  const next: T = { ...ticket, ...write.set };
  for (const field of write.clear) delete next[field];
  for (const field of write.stamp) next[field] = at;
  return next;
}

/** How a field appears in the audit trail: tags comma-separated, `null` for none or empty. */
export function auditValue(value: string | readonly string[] | null | undefined): string | null {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Whether two tag lists are the same, in the same order. */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/**
 * Whether a guarded write saw an older ticket: `expectedUpdatedAt` (as the caller last saw it)
 * is no longer the stored `updatedAt`. Both are compared as instants, to the millisecond (the
 * precision both adapters give), so equal times in different ISO spellings match; a value
 * that is not a date matches nothing. No expectation is never stale.
 */
export function isStale(ticket: Pick<Ticket, 'updatedAt'>, expectedUpdatedAt: string | undefined): boolean {
  if (expectedUpdatedAt === undefined) return false;
  const expected = Date.parse(expectedUpdatedAt);
  return Number.isNaN(expected) || Date.parse(ticket.updatedAt) !== expected;
}

/**
 * Refuses a guarded write based on a stale view of the ticket ({@link isStale}).
 * @throws AppError `aborted` (`refusals.staleTicket`).
 */
export function assertUnchangedSince(ticket: Pick<Ticket, 'updatedAt'>, expectedUpdatedAt: string | undefined): void {
  if (isStale(ticket, expectedUpdatedAt)) throw refusals.staleTicket();
}
