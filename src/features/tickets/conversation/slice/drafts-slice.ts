/**
 * Unsent reply drafts and new requests being written (DESIGN §5: persisted so what is being
 * typed survives a reload; sign-out purges the drafts of the person signing out).
 *
 * Every draft belongs to the person who wrote it. One browser may hold several people's drafts:
 * localStorage is shared by its tabs, and with the local backend a tab may keep a session of its
 * own ("only in this tab"), so an agent and a customer can be signed in side by side. Drafts are therefore stored under
 * `<owner uid>:<key>`, carry their owner, and are read, written and removed only for the uid the
 * caller passes — the signed-in person's. A draft also carries the client id its message will be
 * sent with (DESIGN §3), so a send retried after a reload is the same write, not a second one.
 */
import type { FieldDraft } from '@/components/custom-field-control';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { PRIORITIES, type Attachment, type Priority } from '@/domain/types';

/** The other fields of a new request being written (its description is the draft's `body`). */
export interface RequestDraftFields {
  subject: string;
  priority: Priority;
  /** A desk category, or `''` for none. */
  category: string;
}

/** A reply being written — or, under a {@link newRequestDraftKey} key, a new request. */
export interface Draft {
  /** uid of the person who wrote it: the only one it is ever shown to or sent by. */
  owner: string;
  body: string;
  /** An internal note (DESIGN §3) rather than a public reply. Always false on a new request. */
  internal: boolean;
  /** ISO-8601 UTC time of the last edit. */
  updatedAt: string;
  /** The client id the message is sent with; kept until the send is confirmed (DESIGN §3). */
  messageId: string;
  /** Only on a new-request draft, with the client id of the ticket it creates. */
  request?: RequestDraftFields & { ticketId: string } & Partial<RequestDraftFiles>;
}

/**
 * The files of a new request being written. Uploaded ones are already stored under the draft's
 * client ids (DESIGN §4), so the draft keeps them across a reload; files still uploading, failed
 * or cancelled when the page went are only named, so the form can say which must be added again.
 */
export interface RequestDraftFiles {
  attachments: Attachment[];
  /** Names of the files that were not uploaded when the draft was last saved. */
  unfinished: string[];
}

/** A new request being written: its description and other fields. */
export interface RequestDraft extends RequestDraftFields {
  description: string;
  /** The custom fields customers fill, as their controls hold them (DESIGN §3 "Custom fields"). */
  fields?: Record<string, FieldDraft>;
}

/** The client ids a new request is created with (DESIGN §3: a retried create is idempotent). */
export interface RequestIds {
  ticketId: string;
  messageId: string;
}

/** A saved new request: the form's values, the ids it will be sent with, and its files. */
export interface SavedRequest {
  values: RequestDraft;
  ids: RequestIds;
  files: RequestDraftFiles;
}

const NO_FILES: RequestDraftFiles = { attachments: [], unfinished: [] };

function isAttachment(value: unknown): value is Attachment {
  if (typeof value !== 'object' || value === null) return false;
  const { path, name, size, contentType } = value as Record<string, unknown>;
  return (
    typeof path === 'string' && typeof name === 'string' && typeof size === 'number' && typeof contentType === 'string'
  );
}

/** The well-formed files of a persisted draft (anything malformed is left out, not trusted). */
function filesOf(request: Partial<RequestDraftFiles>): RequestDraftFiles {
  return {
    attachments: Array.isArray(request.attachments) ? request.attachments.filter(isAttachment) : [],
    unfinished: Array.isArray(request.unfinished)
      ? request.unfinished.filter((name): name is string => typeof name === 'string')
      : [],
  };
}

/**
 * The drafts key of the new-request form: one for a plain request, one per closed ticket being
 * followed up. The `:` keeps them apart from ticket ids, which never contain one.
 */
export function newRequestDraftKey(followUpOf?: string): string {
  return followUpOf ? `request:follow-up:${followUpOf}` : 'request:new';
}

/**
 * Where the draft `key` (a ticket id or a {@link newRequestDraftKey}) of `owner` is stored.
 * uids (Firebase's and the local backend's) never contain a `:`.
 */
export function draftEntryKey(owner: string, key: string): string {
  return `${owner}:${key}`;
}

/** Whether the stored entry `entryKey` is one of `owner`'s drafts. */
export function isDraftEntryOf(entryKey: string, owner: string): boolean {
  return entryKey.startsWith(draftEntryKey(owner, ''));
}

function isPriority(value: unknown): value is Priority {
  return (PRIORITIES as readonly unknown[]).includes(value);
}

/** Drafts by {@link draftEntryKey}. */
export type DraftsState = Record<string, Draft>;

const initialState: DraftsState = {};

/** `owner`'s draft under `key`; never anyone else's, even one stored under a forged key. */
function ownDraft(state: DraftsState, owner: string, key: string): Draft | undefined {
  const draft = state[draftEntryKey(owner, key)];
  return draft?.owner === owner ? draft : undefined;
}

const draftsSlice = createSlice({
  name: 'drafts',
  initialState,
  reducers: {
    /** Saves `owner`'s reply to a ticket, with its mode and client id; an empty body removes it. */
    draftSaved(
      state,
      action: PayloadAction<{
        owner: string;
        ticketId: string;
        body: string;
        internal: boolean;
        messageId: string;
        updatedAt: string;
      }>,
    ) {
      const { owner, ticketId, body, internal, messageId, updatedAt } = action.payload;
      const entry = draftEntryKey(owner, ticketId);
      if (body === '') delete state[entry];
      else state[entry] = { owner, body, internal, updatedAt, messageId };
    },
    /**
     * Saves `owner`'s new request under `key` with the ids it will be created with and its files;
     * a blank form (default priority, no files) removes it.
     */
    requestDraftSaved(
      state,
      action: PayloadAction<{
        owner: string;
        key: string;
        draft: RequestDraft;
        ids: RequestIds;
        files?: RequestDraftFiles;
        updatedAt: string;
      }>,
    ) {
      const { owner, key, draft, ids, files = NO_FILES, updatedAt } = action.payload;
      const { description, subject, priority, category } = draft;
      const entry = draftEntryKey(owner, key);
      const blank = description === '' && subject === '' && category === '' && priority === 'normal';
      if (blank && files.attachments.length === 0 && files.unfinished.length === 0) delete state[entry];
      else
        state[entry] = {
          owner,
          body: description,
          internal: false,
          updatedAt,
          messageId: ids.messageId,
          request: { subject, priority, category, ticketId: ids.ticketId, ...files },
        };
    },
    /** Removes `owner`'s draft under `key` (a ticket id or a new-request key), e.g. once sent. */
    draftDiscarded(state, action: PayloadAction<{ owner: string; key: string }>) {
      delete state[draftEntryKey(action.payload.owner, action.payload.key)];
    },
    /** Removes every draft of one person (their sign-out); other people's stay. */
    draftsOfUserCleared(state, action: PayloadAction<string>) {
      for (const [entry, draft] of Object.entries(state)) {
        if (draft.owner === action.payload || isDraftEntryOf(entry, action.payload)) delete state[entry];
      }
    },
  },
  selectors: {
    /** `owner`'s draft of a reply to `ticketId`, or undefined. */
    selectDraft: (state, owner: string, ticketId: string): Draft | undefined => ownDraft(state, owner, ticketId),
    /** `owner`'s new request saved under `key`, or undefined (also for a malformed persisted one). */
    selectRequestDraft: (state, owner: string, key: string): SavedRequest | undefined => {
      const draft = ownDraft(state, owner, key);
      const request = draft?.request;
      if (!draft || !request) return undefined;
      if (typeof request.subject !== 'string' || typeof request.category !== 'string') return undefined;
      if (!isPriority(request.priority) || typeof request.ticketId !== 'string') return undefined;
      return {
        values: {
          description: draft.body,
          subject: request.subject,
          priority: request.priority,
          category: request.category,
        },
        ids: { ticketId: request.ticketId, messageId: draft.messageId },
        files: filesOf(request),
      };
    },
  },
});

export const { draftSaved, requestDraftSaved, draftDiscarded, draftsOfUserCleared } = draftsSlice.actions;
export const { selectDraft, selectRequestDraft } = draftsSlice.selectors;
/** The store state as far as this slice is concerned: `{ drafts }`. */
export type DraftsRootState = WithSlice<typeof draftsSlice>;

/**
 * Whether the persisted drafts are back after a reload (redux-persist's `_persist` marker on
 * the slice); true when the slice is not persisted at all (e.g. a test store).
 */
export function selectDraftsRehydrated(state: { drafts: { _persist?: { rehydrated: boolean } } }): boolean {
  return state.drafts._persist?.rehydrated ?? true;
}
/** The drafts slice's reducer. */
export const draftsReducer = draftsSlice.reducer;
