/**
 * The agent desk's built-in queue views (after Zendesk's default views). Each is a
 * filter over tickets, a count and a default order. "All open" is every unsolved ticket
 * (new, open, pending, on hold), as Zendesk's "All unsolved tickets": the Pending and On hold
 * views are its subsets for the agent who wants only those.
 */
import { AT_RISK_MS } from '@/domain/sla/clocks';
import { TICKET_STATUSES, type TicketStatus } from '@/domain/types';

/** Statuses that still need work (DESIGN §2: everything before solved). */
export const UNSOLVED_STATUSES: readonly TicketStatus[] = ['new', 'open', 'pending', 'on_hold'];

/** A queue view's id, as used in the URL (`/desk?view=mine`). */
export const QUEUE_VIEW_IDS = [
  'unassigned',
  'mine',
  'open',
  'breaching',
  'breached',
  'pending',
  'on_hold',
  'solved',
  'closed',
  'all',
] as const;
/** One of {@link QUEUE_VIEW_IDS}. */
export type QueueViewId = (typeof QUEUE_VIEW_IDS)[number];

/** A view's filter, in the shape of the port's `TicketFilter` (kept structural: the domain does not import the port). */
export interface QueueViewFilter {
  statuses: TicketStatus[];
  /** `null`: unassigned only; a uid: that agent's; absent: anyone. */
  assigneeId?: string | null;
  /** The SLA views' window on the next due time (ISO-8601 UTC; after: exclusive, before: inclusive). */
  slaDueAfter?: string;
  slaDueBefore?: string;
}

/** One built-in view. */
export interface QueueView {
  id: QueueViewId;
  label: string;
  /**
   * The filter for the agent with this uid at `now` (ms since the epoch; only the SLA views
   * depend on it, and the desk re-reads them each minute).
   */
  filter(agentUid: string, now?: number): QueueViewFilter;
  /** The order the view is read in, when it has its own (the SLA views: next breach first). */
  sort?: { field: 'slaDueAt'; direction: 'asc' };
}

/** The SLA views' order (DESIGN §10): the next breach first. */
const BY_NEXT_BREACH = { field: 'slaDueAt', direction: 'asc' } as const;

const UNASSIGNED_VIEW: QueueView = {
  id: 'unassigned',
  label: 'Unassigned',
  filter: () => ({ statuses: [...UNSOLVED_STATUSES], assigneeId: null }),
};

/** The built-in views, in menu order. */
export const QUEUE_VIEWS: readonly QueueView[] = [
  UNASSIGNED_VIEW,
  { id: 'mine', label: 'Mine', filter: (uid) => ({ statuses: [...UNSOLVED_STATUSES], assigneeId: uid }) },
  { id: 'open', label: 'All open', filter: () => ({ statuses: [...UNSOLVED_STATUSES] }) },
  {
    id: 'breaching',
    label: 'Breaching soon',
    filter: (_uid, now = Date.now()) => ({
      statuses: [...UNSOLVED_STATUSES],
      slaDueAfter: new Date(now).toISOString(),
      slaDueBefore: new Date(now + AT_RISK_MS).toISOString(),
    }),
    sort: BY_NEXT_BREACH,
  },
  {
    id: 'breached',
    label: 'Breached',
    filter: (_uid, now = Date.now()) => ({
      statuses: [...UNSOLVED_STATUSES],
      slaDueBefore: new Date(now).toISOString(),
    }),
    sort: BY_NEXT_BREACH,
  },
  { id: 'pending', label: 'Pending', filter: () => ({ statuses: ['pending'] }) },
  { id: 'on_hold', label: 'On hold', filter: () => ({ statuses: ['on_hold'] }) },
  { id: 'solved', label: 'Solved', filter: () => ({ statuses: ['solved'] }) },
  { id: 'closed', label: 'Closed', filter: () => ({ statuses: ['closed'] }) },
  { id: 'all', label: 'All tickets', filter: () => ({ statuses: [...TICKET_STATUSES] }) },
];

/** The filter bar's choices that can contradict a view (see {@link viewShowsChoices}). */
export interface ViewChoices {
  /** A status chosen in the bar. */
  status?: TicketStatus;
  /** An assignee chosen in the bar (`null`: unassigned). */
  assignee?: string | null;
  /** Whether a search is on: it looks in every ticket, so no view frames it. */
  searching: boolean;
}

/**
 * Whether the list is still the view narrowed by the bar, so the view may be shown as the
 * current one: no search (which looks everywhere), a chosen status among the view's, a chosen
 * assignee the view's own (or the view leaves the assignee open).
 * @returns false when the bar's choices make the list something the view is not.
 */
export function viewShowsChoices(view: QueueView, agentUid: string, choices: ViewChoices): boolean {
  if (choices.searching) return false;
  const filter = view.filter(agentUid);
  if (choices.status !== undefined && !filter.statuses.includes(choices.status)) return false;
  if (choices.assignee !== undefined && filter.assigneeId !== undefined && choices.assignee !== filter.assigneeId) {
    return false;
  }
  return true;
}

/**
 * The view with this id, or the first ("Unassigned") for anything else — a URL parameter
 * is untrusted input.
 */
export function queueViewById(id: string | null | undefined): QueueView {
  return QUEUE_VIEWS.find((view) => view.id === id) ?? UNASSIGNED_VIEW;
}
