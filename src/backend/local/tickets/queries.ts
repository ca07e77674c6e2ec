/**
 * Queue pages and view counts on the ticket indexes of schemas v2–v3 (see `core/db.ts`). A page is
 * read as a few index ranges ("lanes", one per status asked for) of at most `limit + 1`
 * rows each, merged in the query's order: a 10 000-ticket desk costs a few hundred rows per
 * page, never a table scan. Counts are key-only `count()`s on the same indexes.
 * A search or a tag reads the tickets under one key of the `*staffSearchKeys` (staff) or
 * `*searchKeys` (customers) multiEntry index instead — only the matches, whatever the other
 * filters — and orders them in memory; the staff's search lanes read them in order.
 */
import Dexie, { type Collection } from 'dexie';
import type { TicketCursor, TicketFilter, TicketPage, TicketSort, TicketSortField } from '@/backend/port/tickets';
import { TICKET_STATUSES, type Ticket, type TicketStatus } from '@/domain/types';
import {
  hasUnsolvedLane,
  QUEUE_ASSIGNEE,
  queueAssigneeKey,
  SEARCH_KEYS,
  SEARCH_LANE_SORT_FIELDS,
  STAFF_SEARCH_KEYS,
  searchLaneField,
  type SearchLaneSortField,
  type TriageDb,
  UNSOLVED_LANE,
} from '@/backend/local/core/db';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { fieldFilterKey, organisationKey, searchKeyOf, tagKey } from '@/domain/search-keys';
import { ticketSortValue } from '@/domain/schemas';
import { isStaff } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';

/**
 * Whose search keys a list reads (DESIGN §3 "Search"): the staff's hold the internal notes'
 * words too; a customer's only what they may read (their list is always their own tickets).
 */
export type SearchScope = 'staff' | 'customer';

/** The search scope of a signed-in person. */
export function searchScopeOf(person: Pick<UserProfile, 'role'>): SearchScope {
  return isStaff(person.role) ? 'staff' : 'customer';
}

/** The order a list has when its query names none (the port's default): last public reply, newest first. */
export const DEFAULT_TICKET_SORT: TicketSort = { field: 'lastMessageAt', direction: 'desc' };

/** A validated list query, as the adapter reads it. */
export interface TicketPageQuery extends TicketFilter {
  limit: number;
  sort: TicketSort;
  after?: TicketCursor;
}

/**
 * One index range of a page read: the compound index and the values of its leading fields;
 * the sort field and id follow them in the index. `keep` filters rows the index cannot.
 */
export interface TicketLane {
  index: string;
  prefix: string[];
  keep?: (ticket: Ticket) => boolean;
}

/** Code-unit order, which is the order of ISO timestamps and ids in IndexedDB (unlike `localeCompare`). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Compares two tickets in a list's order: the sort field, then the id, both in its direction. */
export function compareTickets(a: Ticket, b: Ticket, sort: TicketSort): number {
  const ascending =
    compareText(ticketSortValue(a, sort.field), ticketSortValue(b, sort.field)) || compareText(a.id, b.id);
  return sort.direction === 'asc' ? ascending : -ascending;
}

/** The statuses a filter asks for; an empty or absent list means every status. */
function statusesOf(filter: TicketFilter): readonly TicketStatus[] {
  return filter.statuses && filter.statuses.length > 0 ? [...new Set(filter.statuses)] : TICKET_STATUSES;
}

/**
 * Whether a ticket passes every part of a filter but the tag and the search (what `keep`
 * checks when an index cannot; those two are read from the search-key index).
 */
export function matchesFilter(ticket: Ticket, filter: TicketFilter): boolean {
  return (
    (filter.requesterId === undefined || ticket.requesterId === filter.requesterId) &&
    statusesOf(filter).includes(ticket.status) &&
    (filter.assigneeId === undefined || (ticket.assigneeId ?? null) === filter.assigneeId) &&
    (filter.priority === undefined || ticket.priority === filter.priority) &&
    (filter.category === undefined || ticket.category === filter.category) &&
    (filter.slaDueAfter === undefined || ticketSortValue(ticket, 'slaDueAt') > filter.slaDueAfter) &&
    (filter.slaDueBefore === undefined || ticketSortValue(ticket, 'slaDueAt') <= filter.slaDueBefore)
  );
}

/** Whether a filter narrows by a field no lane index holds (priority, category, SLA due time). */
function hasFieldFilter(filter: TicketFilter): boolean {
  return (
    filter.priority !== undefined ||
    filter.category !== undefined ||
    filter.slaDueAfter !== undefined ||
    filter.slaDueBefore !== undefined
  );
}

/** Whether a filter is statuses and an SLA due window alone (what `[status+slaDueAt+id]` counts from keys). */
function isSlaWindowOnly(filter: TicketFilter): boolean {
  return (
    (filter.slaDueAfter !== undefined || filter.slaDueBefore !== undefined) &&
    filter.priority === undefined &&
    filter.category === undefined &&
    filter.assigneeId === undefined &&
    filter.requesterId === undefined &&
    filter.tag === undefined &&
    filter.field === undefined &&
    filter.organisationId === undefined &&
    filter.search === undefined
  );
}

/**
 * The `searchKeys` entry a filter is read from: its tag's key, its field value's key
 * (`fieldFilterKey`), its organisation's (`organisationKey`), or its search's one key (`searchKeyOf`), or `null` for none. The schema
 * refuses two of them.
 */
export function searchKeyOfFilter(filter: TicketFilter): string | null {
  if (filter.tag !== undefined) return tagKey(filter.tag);
  if (filter.field !== undefined) return fieldFilterKey(filter.field.key, filter.field.value);
  if (filter.organisationId !== undefined) return organisationKey(filter.organisationId);
  return searchKeyOf(filter.search);
}

/** Whether a filter narrows by more than its statuses and its search key (what the search lanes hold). */
function narrowsBeyondSearch(filter: TicketFilter): boolean {
  return hasFieldFilter(filter) || filter.assigneeId !== undefined || filter.requesterId !== undefined;
}

function isSearchLaneField(field: TicketSortField): field is SearchLaneSortField {
  return (SEARCH_LANE_SORT_FIELDS as readonly string[]).includes(field);
}

/**
 * Whether a key's unsolved tickets are one range of the search lanes ({@link UNSOLVED_LANE}): a tag
 * or field filter key, asked for exactly the unsolved statuses.
 */
function readsUnsolvedLane(key: string, filter: TicketFilter): boolean {
  const statuses = statusesOf(filter);
  return (
    hasUnsolvedLane(key) &&
    statuses.length === UNSOLVED_STATUSES.length &&
    UNSOLVED_STATUSES.every((status) => statuses.includes(status))
  );
}

/**
 * The search lanes of a key in a sort field's order: one `[key, status]` range per status, or the
 * one `[key, UNSOLVED_LANE]` range of a tag or field filter over the unsolved statuses.
 */
function searchLanes(key: string, filter: TicketFilter, field: SearchLaneSortField): TicketLane[] {
  const keep = narrowsBeyondSearch(filter) ? { keep: (ticket: Ticket) => matchesFilter(ticket, filter) } : {};
  const index = searchLaneField(field);
  if (readsUnsolvedLane(key, filter)) return [{ index, prefix: [key, UNSOLVED_LANE], ...keep }];
  return statusesOf(filter).map((status) => ({ index, prefix: [key, status], ...keep }));
}

/** The tickets under one search key of a scope that pass the rest of a filter, in no order. */
function searchMatches(
  db: TriageDb,
  key: string,
  filter: TicketFilter,
  scope: SearchScope,
): Collection<Ticket, string> {
  return db.tickets
    .where(scope === 'staff' ? STAFF_SEARCH_KEYS : SEARCH_KEYS)
    .equals(key)
    .filter((ticket) => matchesFilter(ticket, filter));
}

/**
 * The index ranges a filter is read from, in a sort field's indexes: a requester's own
 * tickets (few) in one range, filtered; otherwise one range per status, by assignee when the
 * filter names one (`null` = unassigned).
 */
export function planLanes(filter: TicketFilter, field: TicketSortField): TicketLane[] {
  const keep = hasFieldFilter(filter) ? { keep: (ticket: Ticket) => matchesFilter(ticket, filter) } : {};
  if (filter.requesterId !== undefined) {
    const narrower = filter.assigneeId !== undefined || (filter.statuses?.length ?? 0) > 0 || hasFieldFilter(filter);
    return [
      {
        index: `[requesterId+${field}+id]`,
        prefix: [filter.requesterId],
        ...(narrower ? { keep: (ticket: Ticket) => matchesFilter(ticket, filter) } : {}),
      },
    ];
  }
  if (filter.priority !== undefined && filter.assigneeId === undefined && isSearchLaneField(field)) {
    // The desk's priority filter: exact lanes, one per status (category, if any, filtered).
    const { priority } = filter;
    const byCategory = filter.category !== undefined ? keep : {};
    return statusesOf(filter).map((status) => ({
      index: `[priority+status+${field}+id]`,
      prefix: [priority, status],
      ...byCategory,
    }));
  }
  if (filter.assigneeId !== undefined) {
    const assignee = queueAssigneeKey(filter.assigneeId);
    return statusesOf(filter).map((status) => ({
      index: `[${QUEUE_ASSIGNEE}+status+${field}+id]`,
      prefix: [assignee, status],
      ...keep,
    }));
  }
  return statusesOf(filter).map((status) => ({ index: `[status+${field}+id]`, prefix: [status], ...keep }));
}

/** The key range of a lane: the whole prefix, or the part strictly after the cursor in the sort's direction. */
export function laneBounds(
  lane: Pick<TicketLane, 'prefix'>,
  sort: TicketSort,
  after?: TicketCursor,
): { lower: unknown[]; upper: unknown[]; includeLower: boolean; includeUpper: boolean } {
  const first = [...lane.prefix, Dexie.minKey];
  const last = [...lane.prefix, Dexie.maxKey];
  if (!after) return { lower: first, upper: last, includeLower: true, includeUpper: true };
  const at = [...lane.prefix, after.value, after.id];
  return sort.direction === 'asc'
    ? { lower: at, upper: last, includeLower: false, includeUpper: true }
    : { lower: first, upper: at, includeLower: true, includeUpper: false };
}

/**
 * Merges lanes already in the sort's order into one page: the first `limit` rows, whether
 * more follow, and the cursor of the last row when they do.
 */
export function mergePage(lanes: readonly Ticket[][], sort: TicketSort, limit: number): TicketPage {
  const rows = lanes.flat().sort((a, b) => compareTickets(a, b, sort));
  const tickets = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = tickets.at(-1);
  return {
    tickets,
    hasMore,
    nextCursor: hasMore && last ? { value: ticketSortValue(last, sort.field), id: last.id } : null,
  };
}

function laneRows(db: TriageDb, lane: TicketLane, query: TicketPageQuery): Promise<Ticket[]> {
  const { lower, upper, includeLower, includeUpper } = laneBounds(lane, query.sort, query.after);
  let rows: Collection<Ticket, string> = db.tickets.where(lane.index).between(lower, upper, includeLower, includeUpper);
  if (query.sort.direction === 'desc') rows = rows.reverse();
  if (lane.keep) rows = rows.filter(lane.keep);
  // Each lane can hold at most the whole page plus the row that says there is more.
  return rows.limit(query.limit + 1).toArray();
}

/**
 * One page of tickets matching a validated query, in its order (Dexie calls only, so it can
 * run inside `liveQuery`, which then follows exactly the ranges read).
 */
export async function readTicketPage(db: TriageDb, query: TicketPageQuery, scope: SearchScope): Promise<TicketPage> {
  const key = searchKeyOfFilter(query);
  if (key !== null && scope === 'staff' && isSearchLaneField(query.sort.field) && query.requesterId === undefined) {
    const lanes = searchLanes(key, query, query.sort.field);
    const rows = await Promise.all(lanes.map((lane) => laneRows(db, lane, query)));
    return mergePage(rows, query.sort, query.limit);
  }
  if (key !== null) {
    // A requester's own few tickets, or the order by last reply (customers' lists): all the
    // key's matches, ordered here.
    const { after, sort } = query;
    const matches = await searchMatches(db, key, query, scope).toArray();
    // Strictly after the cursor in the page's order: the same rule as an index range.
    const cursorRow = after && ({ [sort.field]: after.value, id: after.id } as unknown as Ticket);
    const rest = cursorRow ? matches.filter((ticket) => compareTickets(ticket, cursorRow, sort) > 0) : matches;
    return mergePage([rest], sort, query.limit);
  }
  const lanes = planLanes(query, query.sort.field);
  const rows = await Promise.all(lanes.map((lane) => laneRows(db, lane, query)));
  return mergePage(rows, query.sort, query.limit);
}

/** How many tickets have this requester and one of these statuses (key-only counts). */
function countForRequester(
  db: TriageDb,
  requesterId: string,
  statuses: readonly TicketStatus[] | null,
): Promise<number> {
  if (!statuses) return countRange(db, '[requesterId+status]', [requesterId]);
  return sum(statuses.map((status) => db.tickets.where('[requesterId+status]').equals([requesterId, status]).count()));
}

/** How many index keys start with `prefix` (IDBIndex.count: no record is read). */
function countRange(db: TriageDb, index: string, prefix: string[]): Promise<number> {
  return db.tickets
    .where(index)
    .between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey], true, true)
    .count();
}

async function sum(counts: Promise<number>[]): Promise<number> {
  return (await Promise.all(counts)).reduce((total, count) => total + count, 0);
}

/**
 * How many tickets match a validated filter. Every case but "one requester's, by assignee"
 * is a sum of key-only index counts (one per status); that one filters the requester's few
 * tickets. Dexie calls only, so it can run inside `liveQuery`.
 */
export function countTickets(db: TriageDb, filter: TicketFilter, scope: SearchScope): Promise<number> {
  const key = searchKeyOfFilter(filter);
  if (key !== null && scope === 'staff' && !narrowsBeyondSearch(filter)) {
    const index = searchLaneField('updatedAt');
    if (readsUnsolvedLane(key, filter)) return countRange(db, index, [key, UNSOLVED_LANE]);
    return sum(statusesOf(filter).map((status) => countRange(db, index, [key, status])));
  }
  if (key !== null) return searchMatches(db, key, filter, scope).count();
  if (filter.priority !== undefined && filter.category === undefined && filter.requesterId === undefined) {
    const { priority } = filter;
    if (filter.assigneeId === undefined) {
      return sum(
        statusesOf(filter).map((status) => db.tickets.where('[status+priority]').equals([status, priority]).count()),
      );
    }
  }
  if (isSlaWindowOnly(filter)) {
    // The SLA views ("Breaching soon", "Breached"): a key range of `[status+slaDueAt+id]` per status.
    const after = filter.slaDueAfter;
    const before = filter.slaDueBefore;
    return sum(
      statusesOf(filter).map((status) =>
        db.tickets
          .where('[status+slaDueAt+id]')
          .between(
            after === undefined ? [status, Dexie.minKey] : [status, after, Dexie.maxKey],
            before === undefined ? [status, Dexie.maxKey] : [status, before, Dexie.maxKey],
            true,
            true,
          )
          .count(),
      ),
    );
  }
  if (hasFieldFilter(filter)) {
    // Priority and category are in no count index: count what the lanes would read.
    return sum(
      planLanes(filter, 'lastMessageAt').map((lane) => {
        const { lower, upper } = laneBounds(lane, DEFAULT_TICKET_SORT);
        return db.tickets
          .where(lane.index)
          .between(lower, upper, true, true)
          .filter((ticket) => matchesFilter(ticket, filter))
          .count();
      }),
    );
  }
  const statuses = filter.statuses && filter.statuses.length > 0 ? [...new Set(filter.statuses)] : null;
  if (filter.requesterId !== undefined) {
    if (filter.assigneeId === undefined) return countForRequester(db, filter.requesterId, statuses);
    return db.tickets
      .where('[requesterId+status]')
      .between([filter.requesterId, Dexie.minKey], [filter.requesterId, Dexie.maxKey])
      .filter((ticket) => matchesFilter(ticket, filter))
      .count();
  }
  if (filter.assigneeId !== undefined) {
    const assignee = queueAssigneeKey(filter.assigneeId);
    const index = `[${QUEUE_ASSIGNEE}+status+lastMessageAt+id]`;
    if (!statuses) return countRange(db, index, [assignee]);
    return sum(statuses.map((status) => countRange(db, index, [assignee, status])));
  }
  if (!statuses) return db.tickets.count();
  return sum(statuses.map((status) => countRange(db, '[status+lastMessageAt+id]', [status])));
}
