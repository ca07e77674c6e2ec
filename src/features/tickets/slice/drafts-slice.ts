/**
 * Unsent reply drafts, per ticket, and new requests being written (DESIGN §5: persisted so
 * what is being typed survives a reload; purged on sign-out).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { PRIORITIES, type Priority } from '@/domain/types';

/** The other fields of a new request being written (its description is the draft's `body`). */
export interface RequestDraftFields {
  subject: string;
  priority: Priority;
  /** A desk category, or `''` for none. */
  category: string;
}

/** A reply being written — or, under a {@link newRequestDraftKey} key, a new request. */
export interface Draft {
  body: string;
  internal: boolean;
  /** ISO-8601 UTC time of the last edit. */
  updatedAt: string;
  /** Only on a new-request draft. */
  request?: RequestDraftFields;
}

/** A new request being written: its description and other fields. */
export interface RequestDraft extends RequestDraftFields {
  description: string;
}

/**
 * The drafts key of the new-request form: one for a plain request, one per closed ticket being
 * followed up. The `:` keeps them apart from ticket ids, which never contain one.
 */
export function newRequestDraftKey(followUpOf?: string): string {
  return followUpOf ? `request:follow-up:${followUpOf}` : 'request:new';
}

function isPriority(value: unknown): value is Priority {
  return (PRIORITIES as readonly unknown[]).includes(value);
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
    /** Saves a new request being written under `key`; a blank form (default priority) removes it. */
    requestDraftSaved(state, action: PayloadAction<{ key: string; draft: RequestDraft; updatedAt: string }>) {
      const { key, draft, updatedAt } = action.payload;
      const { description, subject, priority, category } = draft;
      if (description === '' && subject === '' && category === '' && priority === 'normal') delete state[key];
      else state[key] = { body: description, internal: false, updatedAt, request: { subject, priority, category } };
    },
    /** Removes a ticket's draft (after sending), or a new-request draft by its key. */
    draftDiscarded(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
    /** Removes every draft (on sign-out). */
    draftsCleared: () => initialState,
  },
  selectors: {
    selectDraft: (state, ticketId: string): Draft | undefined => state[ticketId],
    /** The new request saved under `key`, or undefined (also for a malformed persisted one). */
    selectRequestDraft: (state, key: string): RequestDraft | undefined => {
      const draft = state[key];
      const request = draft?.request;
      if (!draft || !request) return undefined;
      if (typeof request.subject !== 'string' || typeof request.category !== 'string') return undefined;
      if (!isPriority(request.priority)) return undefined;
      return {
        description: draft.body,
        subject: request.subject,
        priority: request.priority,
        category: request.category,
      };
    },
  },
});

export const { draftSaved, requestDraftSaved, draftDiscarded, draftsCleared } = draftsSlice.actions;
export const { selectDraft, selectRequestDraft } = draftsSlice.selectors;
/** The drafts slice's reducer. */
export const draftsReducer = draftsSlice.reducer;
