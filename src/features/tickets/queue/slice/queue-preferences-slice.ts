/**
 * The queue's personal preferences, kept across sessions (persisted in localStorage under its
 * own key, DESIGN §5): an agent's saved views and when they last opened each ticket (the
 * queue's unread dot). Both are kept per person, since one browser may be shared at a help
 * desk.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { ticketOpened } from '@/features/tickets/ticket-events';

/** A named queue filter and order an agent kept (saved personal views). */
export interface SavedQueueView {
  /** Client-generated, unique among the person's views. */
  id: string;
  /** 1–40 characters, as typed. */
  name: string;
  /** The queue's URL query string without `?` and without a page cursor (`queue-location.ts`). */
  search: string;
}

/** The queue preferences slice's state. */
export interface QueuePreferencesState {
  /** Saved queue views, by the uid of the person who saved them. */
  savedViews: Record<string, SavedQueueView[]>;
  /** Per uid, per ticket id: the ticket's `updatedAt` when that person last opened it. */
  lastSeen: Record<string, Record<string, string>>;
}

/** Most saved views a person keeps (the picker stays one row of chips). */
export const MAX_SAVED_VIEWS = 20;
/** Longest saved view name. */
export const MAX_SAVED_VIEW_NAME = 40;
/** Most tickets whose last opening is remembered per person; the oldest entries go first. */
export const MAX_LAST_SEEN = 500;

/** Defaults, also used when the persisted state is corrupt or from a newer version. */
export const initialQueuePreferences: QueuePreferencesState = { savedViews: {}, lastSeen: {} };

const NO_VIEWS: readonly SavedQueueView[] = [];

const queuePreferencesSlice = createSlice({
  name: 'queuePreferences',
  initialState: initialQueuePreferences,
  reducers: {
    /**
     * Keeps a queue view for a person. The name is trimmed and cut to
     * {@link MAX_SAVED_VIEW_NAME}; an empty name is ignored; a view with the same name is
     * replaced; past {@link MAX_SAVED_VIEWS} the oldest goes.
     */
    queueViewSaved(state, action: PayloadAction<{ uid: string; view: SavedQueueView }>) {
      const { uid, view } = action.payload;
      const name = view.name.trim().slice(0, MAX_SAVED_VIEW_NAME);
      if (!name || !uid) return;
      const kept = (state.savedViews[uid] ?? []).filter((saved) => saved.name !== name && saved.id !== view.id);
      state.savedViews[uid] = [...kept, { ...view, name }].slice(-MAX_SAVED_VIEWS);
    },
    /** Removes one of a person's saved views. */
    queueViewRemoved(state, action: PayloadAction<{ uid: string; id: string }>) {
      const { uid, id } = action.payload;
      const views = state.savedViews[uid];
      if (!views) return;
      const kept = views.filter((view) => view.id !== id);
      if (kept.length > 0) state.savedViews[uid] = kept;
      else delete state.savedViews[uid];
    },
  },
  extraReducers: (builder) => {
    /**
     * Records that a person opened a ticket as it was at `updatedAt`; the queue shows a dot
     * on it again once its `updatedAt` moves past that. Bounded by {@link MAX_LAST_SEEN}.
     */
    builder.addCase(ticketOpened, (state, action) => {
      const { uid, ticketId, updatedAt } = action.payload;
      if (!uid) return;
      const seen = state.lastSeen[uid] ?? {};
      if ((seen[ticketId] ?? '') >= updatedAt) return;
      delete seen[ticketId]; // re-inserted last: insertion order is recency
      seen[ticketId] = updatedAt;
      const ids = Object.keys(seen);
      for (const old of ids.slice(0, Math.max(0, ids.length - MAX_LAST_SEEN))) delete seen[old];
      state.lastSeen[uid] = seen;
    });
  },
  selectors: {
    /** The saved views of `uid`, oldest first. */
    selectSavedViews: (state, uid: string): readonly SavedQueueView[] => state.savedViews[uid] ?? NO_VIEWS,
    /** When `uid` last opened each ticket (ticket id → its `updatedAt` then), if ever. */
    selectLastSeen: (state, uid: string): Record<string, string> | undefined => state.lastSeen[uid],
  },
});

/** The store state as far as this slice is concerned: `{ queuePreferences }`. */
export type QueuePreferencesRootState = WithSlice<typeof queuePreferencesSlice>;

export const { queueViewSaved, queueViewRemoved } = queuePreferencesSlice.actions;
export const { selectSavedViews, selectLastSeen } = queuePreferencesSlice.selectors;
/** The queue preferences slice's reducer. */
export const queuePreferencesReducer = queuePreferencesSlice.reducer;

/** Whether a ticket changed since its viewer last opened it (never-opened tickets have no dot). */
export function isUnread(ticket: { id: string; updatedAt: string }, seen: Record<string, string> | undefined): boolean {
  const at = seen?.[ticket.id];
  return at !== undefined && ticket.updatedAt > at;
}
