/**
 * Unsent reply drafts, per ticket (DESIGN §5: persisted so a reply being written survives a
 * reload; purged on sign-out).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A reply being written. */
export interface Draft {
  body: string;
  internal: boolean;
  /** ISO-8601 UTC time of the last edit. */
  updatedAt: string;
}

/** Drafts by ticket id. */
export type DraftsState = Record<string, Draft>;

const initialState: DraftsState = {};

const draftsSlice = createSlice({
  name: 'drafts',
  initialState,
  reducers: {
    /** Saves the draft of a ticket's reply; an empty body removes it. */
    draftSaved(state, action: PayloadAction<{ ticketId: string; body: string; internal: boolean; updatedAt: string }>) {
      const { ticketId, body, internal, updatedAt } = action.payload;
      if (body === '') delete state[ticketId];
      else state[ticketId] = { body, internal, updatedAt };
    },
    /** Removes a ticket's draft (after sending). */
    draftDiscarded(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
    /** Removes every draft (on sign-out). */
    draftsCleared: () => initialState,
  },
  selectors: {
    selectDraft: (state, ticketId: string): Draft | undefined => state[ticketId],
  },
});

export const { draftSaved, draftDiscarded, draftsCleared } = draftsSlice.actions;
export const { selectDraft } = draftsSlice.selectors;
/** The drafts slice's reducer. */
export const draftsReducer = draftsSlice.reducer;
