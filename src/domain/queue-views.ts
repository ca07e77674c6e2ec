/**
 * The agent desk's built-in queue views (after Zendesk's default views). Each is a
 * filter over tickets, a count and a default order. "All open" is every unsolved ticket
 * (new, open, pending, on hold), as Zendesk's "All unsolved tickets": the Pending and On hold
 * views are its subsets for the agent who wants only those.
 */
import { TICKET_STATUSES, type TicketStatus } from '@/domain/types';

/** Statuses that still need work (DESIGN §2: everything before solved). */
export const UNSOLVED_STATUSES: readonly TicketStatus[] = ['new', 'open', 'pending', 'on_hold'];

/** A queue view's id, as used in the URL (`/desk?view=mine`). */
export const QUEUE_VIEW_IDS = ['unassigned', 'mine', 'open', 'pending', 'on_hold', 'solved', 'closed', 'all'] as const;
/** One of {@link QUEUE_VIEW_IDS}. */
export type QueueViewId = (typeof QUEUE_VIEW_IDS)[number];

/** A view's filter, in the shape of the port's `TicketFilter` (kept structural: the domain does not import the port). */
export interface QueueViewFilter {
  statuses: TicketStatus[];
  /** `null`: unassigned only; a uid: that agent's; absent: anyone. */
  assigneeId?: string | null;
}

/** One built-in view. */
export interface QueueView {
  id: QueueViewId;
  label: string;
  /** The filter for the agent with this uid. */
  filter(agentUid: string): QueueViewFilter;
}

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
