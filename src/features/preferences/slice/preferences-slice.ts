/**
 * Personal preferences kept across sessions (persisted in localStorage, DESIGN §5): the theme,
 * the side menu, and — per person, since one browser may be shared at a help desk — the
 * agent's saved queue views and when they last opened each ticket (the queue's unread dot).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Light or dark theme. */
export type ThemeMode = 'light' | 'dark';

/** A named queue filter and order an agent kept (issue 5: saved personal views). */
export interface SavedQueueView {
  /** Client-generated, unique among the person's views. */
  id: string;
  /** 1–40 characters, as typed. */
  name: string;
  /** The queue's URL query string without `?` and without a page cursor (`queue-location.ts`). */
  search: string;
}

/** The preferences slice's state. */
export interface PreferencesState {
  theme: ThemeMode;
  /** Side menu collapsed. */
  menuCollapsed: boolean;
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

/** Defaults, also used when persisted preferences are corrupt or from a newer version. */
export const initialPreferences: PreferencesState = {
  theme: 'light',
  menuCollapsed: false,
  savedViews: {},
  lastSeen: {},
};

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferences,
  reducers: {
    /** Sets the theme. */
    themeChanged(state, action: PayloadAction<ThemeMode>) {
      state.theme = action.payload;
    },
    /** Collapses or expands the side menu. */
    menuCollapsedChanged(state, action: PayloadAction<boolean>) {
      state.menuCollapsed = action.payload;
    },
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
    /**
     * Records that a person opened a ticket as it was at `updatedAt`; the queue shows a dot
     * on it again once its `updatedAt` moves past that. Bounded by {@link MAX_LAST_SEEN}.
     */
    ticketSeen(state, action: PayloadAction<{ uid: string; ticketId: string; updatedAt: string }>) {
      const { uid, ticketId, updatedAt } = action.payload;
      if (!uid) return;
      const seen = state.lastSeen[uid] ?? {};
      if ((seen[ticketId] ?? '') >= updatedAt) return;
      delete seen[ticketId]; // re-inserted last: insertion order is recency
      seen[ticketId] = updatedAt;
      const ids = Object.keys(seen);
      for (const old of ids.slice(0, Math.max(0, ids.length - MAX_LAST_SEEN))) delete seen[old];
      state.lastSeen[uid] = seen;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
    selectMenuCollapsed: (state) => state.menuCollapsed,
    selectSavedViewsByUid: (state) => state.savedViews,
    selectLastSeenByUid: (state) => state.lastSeen,
  },
});

export const { themeChanged, menuCollapsedChanged, queueViewSaved, queueViewRemoved, ticketSeen } =
  preferencesSlice.actions;
export const { selectTheme, selectMenuCollapsed, selectSavedViewsByUid, selectLastSeenByUid } =
  preferencesSlice.selectors;
/** The preferences slice's reducer. */
export const preferencesReducer = preferencesSlice.reducer;
