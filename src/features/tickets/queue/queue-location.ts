/**
 * The agent queue's state as it lives in the URL (`/desk?view=mine&sort=updatedAt&dir=desc`),
 * so that reload, back and a shared link keep the view, its filters (`status`, `priority`,
 * `assignee` — `none` for unassigned —, `category`, `tag`, `field` (a custom field's value as
 * `key:value`), `org` (an organisation's id), `requester`, `q` for the search),
 * order, page size and page. The page
 * is the cursor it starts after (`after=<sort value>~<ticket id>`, never an offset); the
 * cursors of the pages before it travel in the history entry's state, for "Previous".
 * Every parameter is untrusted input: anything unknown falls back to the default.
 */
import type { TicketCursor, TicketFilter, TicketQuery, TicketSort } from '@/backend/port/tickets';
import { queueViewById, type QueueView, type QueueViewFilter } from '@/domain/queue-views';
import { LIMITS } from '@/domain/limits';
import { MAX_SEARCH_TEXT } from '@/domain/schemas';
import { PRIORITIES, TICKET_STATUSES, type Priority, type TicketStatus } from '@/domain/types';

/**
 * The orders the queue offers: last activity (`updatedAt`), ticket number (`createdAt`), next SLA
 * breach, or the value of the field holding a sort slot (`fieldSortA`, `fieldSortB`: DESIGN §3
 * "Custom fields").
 */
export type QueueSortField = Extract<
  TicketSort['field'],
  'updatedAt' | 'createdAt' | 'slaDueAt' | 'fieldSortA' | 'fieldSortB'
>;

/** Page sizes the queue offers. */
export const QUEUE_PAGE_SIZES = [25, 50] as const;

/**
 * The filter bar's choices, on top of the view: a status or an assignee replaces the view's
 * own; the others narrow it. Absent means "any".
 */
export interface QueueFilters {
  status?: TicketStatus;
  priority?: Priority;
  /** An agent's uid, or `null` for unassigned. */
  assignee?: string | null;
  category?: string;
  tag?: string;
  /** A custom field's value (DESIGN §3 "Custom fields"): an option id, `true`/`false`, a day or a month. */
  field?: { key: string; value: string };
  /** An organisation's id: its tickets (DESIGN §1 "Organisations"). */
  organisation?: string;
  /** A requester's uid. */
  requester?: string;
  /** The search text as typed. */
  q?: string;
}

/**
 * The table's optional columns, in their order (the number and the subject always show): the
 * default set is all of them (DESIGN §3 "Custom fields": the column chooser).
 */
export const QUEUE_COLUMNS = ['requester', 'status', 'priority', 'assignee', 'nextSla', 'updatedAt'] as const;
/** One of {@link QUEUE_COLUMNS}. */
export type QueueBuiltInColumn = (typeof QUEUE_COLUMNS)[number];
/** A column of the table: a built-in one, or a custom field's value (`field:<key>`). */
export type QueueColumn = QueueBuiltInColumn | `field:${string}`;
/** Most custom field columns a queue shows (the table scrolls sideways past the screen's width). */
export const MAX_FIELD_COLUMNS = 5;

/** The queue's state, parsed from the URL. */
export interface QueueLocation {
  view: QueueView;
  filters: QueueFilters;
  /**
   * The columns chosen (`cols=` in the URL, so a saved view keeps its own: DESIGN §3 "Custom
   * fields"), in order; absent for the default, {@link QUEUE_COLUMNS}.
   */
  columns?: QueueColumn[];
  sort: { field: QueueSortField; direction: TicketSort['direction'] };
  /** Tickets per page, one of {@link QUEUE_PAGE_SIZES}. */
  size: number;
  /** Where the page starts; absent on the first page. */
  after?: TicketCursor;
}

/**
 * What a queue history entry carries besides its URL: the `after` cursor of each earlier
 * page, first page (`null`) first. Absent when the page was opened from a link.
 */
export interface QueueHistoryState {
  queuePages: (TicketCursor | null)[];
}

/** The order a fresh queue opens in: most recent activity first. */
export const DEFAULT_QUEUE_SORT: QueueLocation['sort'] = { field: 'updatedAt', direction: 'desc' };

const CURSOR_SEPARATOR = '~';

/** `after` as it appears in the URL. Sort values are ISO-8601 and ids never contain `~`. */
function formatCursor(cursor: TicketCursor): string {
  return `${cursor.value}${CURSOR_SEPARATOR}${cursor.id}`;
}

/** The cursor of an `after` parameter, or undefined when it is missing or malformed. */
function parseCursor(raw: string | null): TicketCursor | undefined {
  if (!raw) return undefined;
  const at = raw.lastIndexOf(CURSOR_SEPARATOR);
  const value = raw.slice(0, at);
  const id = raw.slice(at + 1);
  return at > 0 && id.length > 0 ? { value, id } : undefined;
}

/** The URL value of "unassigned" in `assignee=`. */
export const UNASSIGNED_PARAM = 'none';

function oneOfParam<T extends string>(raw: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((value) => value === raw);
}

/** A free-text parameter, trimmed and bounded; absent when empty. */
function textParam(raw: string | null, max: number): string | undefined {
  const text = raw?.trim().slice(0, max);
  return text ? text : undefined;
}

/** The filter bar's choices from the URL; anything malformed is dropped. */
export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const assignee = params.get('assignee');
  const tag = params.get('tag');
  const field = /^([a-z][a-z0-9_]{0,39}):([a-z0-9_-]{1,40})$/.exec(params.get('field') ?? '');
  const organisation = params.get('org');
  const filters: QueueFilters = {
    status: oneOfParam(params.get('status'), TICKET_STATUSES),
    priority: oneOfParam(params.get('priority'), PRIORITIES),
    assignee: assignee === UNASSIGNED_PARAM ? null : textParam(assignee, 128),
    category: textParam(params.get('category'), 60),
    tag: tag && tag.length <= LIMITS.tags.maxLength && LIMITS.tags.pattern.test(tag) ? tag : undefined,
    field: field?.[1] && field[2] ? { key: field[1], value: field[2] } : undefined,
    organisation: organisation && /^[A-Za-z0-9_-]{1,128}$/.test(organisation) ? organisation : undefined,
    requester: textParam(params.get('requester'), 128),
    q: textParam(params.get('q'), MAX_SEARCH_TEXT),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as QueueFilters;
}

/**
 * The port's filter for a view and the bar's choices: a status or an assignee chosen in the
 * bar replaces the view's; priority, category, tag, requester and search narrow it. A search
 * looks in every ticket, any status and any assignee, as a help desk's search does (a number
 * typed into "All open" finds a closed ticket too): only the bar's own Status and Assignee
 * narrow it. A tag, a field's value, an organisation and a search do not combine (one
 * `array-contains` per Firestore query): the tag wins, then the field, then the organisation, and
 * the bar says so.
 */
export function queueFilterOf(view: QueueView, filters: QueueFilters, agentUid: string, now?: number): TicketFilter {
  const searching = isSearching(filters);
  const base: QueueViewFilter = searching ? { statuses: [...TICKET_STATUSES] } : view.filter(agentUid, now);
  return {
    statuses: filters.status ? [filters.status] : base.statuses,
    ...(filters.assignee !== undefined
      ? { assigneeId: filters.assignee }
      : base.assigneeId !== undefined && { assigneeId: base.assigneeId }),
    ...(filters.priority && { priority: filters.priority }),
    ...(filters.category && { category: filters.category }),
    ...(filters.tag
      ? { tag: filters.tag }
      : filters.field
        ? { field: filters.field }
        : filters.organisation
          ? { organisationId: filters.organisation }
          : filters.q && { search: filters.q }),
    ...(filters.requester && { requesterId: filters.requester }),
    ...(base.slaDueAfter && { slaDueAfter: base.slaDueAfter }),
    ...(base.slaDueBefore && { slaDueBefore: base.slaDueBefore }),
  };
}

/**
 * The order a queue is read in: the view's own when it has one (the SLA views: next breach
 * first, which is also what Firestore needs for their range), else the URL's.
 */
export function queueSortOf(location: Pick<QueueLocation, 'view' | 'sort' | 'filters'>): QueueLocation['sort'] {
  const searching = isSearching(location.filters);
  return !searching && location.view.sort ? location.view.sort : location.sort;
}

/** Whether the bar's search is what the queue reads (a tag, a field's value or an organisation wins over it). */
export function isSearching(filters: QueueFilters): boolean {
  return Boolean(filters.q) && !filters.tag && !filters.field && !filters.organisation;
}

/**
 * What the queue reads for a location: the page's query (filter, order, page size, cursor) and
 * the filter its total counts. One function for the screen and its prefetch, so both name the
 * same RTK Query cache entries.
 * @param now the SLA views' clock (ms since the epoch, to the minute).
 */
export function queueReadsOf(
  queue: QueueLocation,
  agentUid: string,
  now: number,
): { filter: TicketFilter; query: TicketQuery } {
  const filter = queueFilterOf(queue.view, queue.filters, agentUid, now);
  return {
    filter,
    query: { ...filter, limit: queue.size, sort: queueSortOf(queue), ...(queue.after && { after: queue.after }) },
  };
}

/** Whether the bar narrows the view at all. */
export function hasQueueFilters(filters: QueueFilters): boolean {
  return Object.keys(filters).length > 0;
}

/**
 * The columns of a `cols=` parameter (comma-separated): built-in ones in their own order, then at
 * most {@link MAX_FIELD_COLUMNS} field columns in the order given; unknown and repeated ones are
 * dropped. `undefined` when the parameter is absent (the default columns).
 */
export function parseQueueColumns(raw: string | null): QueueColumn[] | undefined {
  if (raw === null) return undefined;
  const given = new Set(raw.split(',').slice(0, 40));
  const fields = [...given]
    .filter((column) => /^field:[a-z][a-z0-9_]{0,39}$/.test(column))
    .slice(0, MAX_FIELD_COLUMNS) as QueueColumn[];
  return [...QUEUE_COLUMNS.filter((column) => given.has(column)), ...fields];
}

/** Reads the queue's state from the URL's query parameters (defaults for anything missing or unknown). */
export function parseQueueLocation(params: URLSearchParams): QueueLocation {
  const field: QueueSortField =
    oneOfParam(params.get('sort'), ['createdAt', 'slaDueAt', 'fieldSortA', 'fieldSortB'] as const) ?? 'updatedAt';
  const direction = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const requestedSize = Number(params.get('size'));
  const size = QUEUE_PAGE_SIZES.find((allowed) => allowed === requestedSize) ?? QUEUE_PAGE_SIZES[0];
  const after = parseCursor(params.get('after'));
  const columns = parseQueueColumns(params.get('cols'));
  return {
    view: queueViewById(params.get('view')),
    filters: parseQueueFilters(params),
    ...(columns && { columns }),
    sort: { field, direction },
    size,
    ...(after ? { after } : {}),
  };
}

/** The query string (without `?`) for a queue state; the cursor only when past the first page. */
export function queueSearch(location: QueueLocation): string {
  const params = new URLSearchParams({
    view: location.view.id,
    sort: location.sort.field,
    dir: location.sort.direction,
  });
  const { status, priority, assignee, category, tag, field, organisation, requester, q } = location.filters;
  if (status) params.set('status', status);
  if (priority) params.set('priority', priority);
  if (assignee !== undefined) params.set('assignee', assignee ?? UNASSIGNED_PARAM);
  if (category) params.set('category', category);
  if (tag) params.set('tag', tag);
  if (field) params.set('field', `${field.key}:${field.value}`);
  if (organisation) params.set('org', organisation);
  if (requester) params.set('requester', requester);
  if (q) params.set('q', q);
  if (location.columns) params.set('cols', location.columns.join(','));
  if (location.size !== QUEUE_PAGE_SIZES[0]) params.set('size', String(location.size));
  if (location.after) params.set('after', formatCursor(location.after));
  return params.toString();
}

/** The earlier pages' cursors from a history entry's state, or null when it carries none. */
export function queuePagesOf(state: unknown): QueueHistoryState['queuePages'] | null {
  const pages = (state as Partial<QueueHistoryState> | null)?.queuePages;
  return Array.isArray(pages) ? pages : null;
}
