/**
 * The queue's personal preferences — saved views and when each ticket was last opened — as
 * the tickets feature sees them. The state lives in the persisted `preferences` slice (per uid,
 * see `src/features/preferences/slice/preferences-slice.ts`), but features never import each
 * other (STYLE): this module reads it through the root state and dispatches the actions that
 * slice handles, by their type. `test/unit/preferences-slice.test.ts` checks that these
 * action types are the slice's own, so the two cannot drift apart.
 */
import { createAction } from '@reduxjs/toolkit';
import type { RootState } from '@/app/root-reducer';

/** A saved queue view: a name and the queue's query string without a page cursor. */
export type SavedQueueView = RootState['preferences']['savedViews'][string][number];

/** Keeps a queue view for `uid` (the preferences slice's `queueViewSaved`). */
export const saveQueueView = createAction<{ uid: string; view: SavedQueueView }>('preferences/queueViewSaved');
/** Removes one of `uid`'s saved views (the preferences slice's `queueViewRemoved`). */
export const removeQueueView = createAction<{ uid: string; id: string }>('preferences/queueViewRemoved');
/** Records that `uid` opened a ticket as it was at `updatedAt` (the preferences slice's `ticketSeen`). */
export const markTicketSeen = createAction<{ uid: string; ticketId: string; updatedAt: string }>(
  'preferences/ticketSeen',
);

const NO_VIEWS: readonly SavedQueueView[] = [];

/** The saved views of `uid`, oldest first. */
export function selectSavedViews(state: RootState, uid: string): readonly SavedQueueView[] {
  return state.preferences.savedViews[uid] ?? NO_VIEWS;
}

/** When `uid` last opened each ticket (ticket id → its `updatedAt` then), if ever. */
export function selectLastSeen(state: RootState, uid: string): Record<string, string> | undefined {
  return state.preferences.lastSeen[uid];
}

/** Whether a ticket changed since its viewer last opened it (never-opened tickets have no dot). */
export function isUnread(ticket: { id: string; updatedAt: string }, seen: Record<string, string> | undefined): boolean {
  const at = seen?.[ticket.id];
  return at !== undefined && ticket.updatedAt > at;
}
