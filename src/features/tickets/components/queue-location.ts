/**
 * The agent queue's state as it lives in the URL (`/desk?view=mine&sort=updatedAt&dir=desc`),
 * so that reload, back and a shared link keep the view, order, page size and page. The page
 * is the cursor it starts after (`after=<sort value>~<ticket id>`, never an offset); the
 * cursors of the pages before it travel in the history entry's state, for "Previous".
 * Every parameter is untrusted input: anything unknown falls back to the default.
 */
import type { TicketCursor, TicketSort } from '@/backend/port';
import { queueViewById, type QueueView } from '@/domain/queue-views';

/** The orders the queue offers: last activity (`updatedAt`) or ticket number (`createdAt`). */
export type QueueSortField = Extract<TicketSort['field'], 'updatedAt' | 'createdAt'>;

/** Page sizes the queue offers. */
export const QUEUE_PAGE_SIZES = [25, 50] as const;

/** The queue's state, parsed from the URL. */
export interface QueueLocation {
  view: QueueView;
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

/** Reads the queue's state from the URL's query parameters (defaults for anything missing or unknown). */
export function parseQueueLocation(params: URLSearchParams): QueueLocation {
  const field: QueueSortField = params.get('sort') === 'createdAt' ? 'createdAt' : 'updatedAt';
  const direction = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const requestedSize = Number(params.get('size'));
  const size = QUEUE_PAGE_SIZES.find((allowed) => allowed === requestedSize) ?? QUEUE_PAGE_SIZES[0];
  const after = parseCursor(params.get('after'));
  return { view: queueViewById(params.get('view')), sort: { field, direction }, size, ...(after ? { after } : {}) };
}

/** The query string (without `?`) for a queue state; the cursor only when past the first page. */
export function queueSearch(location: QueueLocation): string {
  const params = new URLSearchParams({
    view: location.view.id,
    sort: location.sort.field,
    dir: location.sort.direction,
  });
  if (location.size !== QUEUE_PAGE_SIZES[0]) params.set('size', String(location.size));
  if (location.after) params.set('after', formatCursor(location.after));
  return params.toString();
}

/** The earlier pages' cursors from a history entry's state, or null when it carries none. */
export function queuePagesOf(state: unknown): QueueHistoryState['queuePages'] | null {
  const pages = (state as Partial<QueueHistoryState> | null)?.queuePages;
  return Array.isArray(pages) ? pages : null;
}
