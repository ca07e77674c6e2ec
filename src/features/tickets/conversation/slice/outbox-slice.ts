/**
 * The outbox (offline): replies and internal notes that could not reach the backend —
 * the browser is offline or the backend unreachable (`unavailable`) — wait here, persisted
 * (`persist.ts`), until the listener in `listeners.ts` delivers them. Each keeps the client id it
 * was first sent with (DESIGN §3), and `messages.add` is idempotent on that id, so a delivery
 * retried after a reload, or attempted by two tabs, is one message, never two.
 *
 * Entries are stored under `<owner uid>:<message id>` and only their owner sees or sends them.
 * They are not purged on sign-out (unlike drafts): they are work the person already sent, and go
 * out the next time that person is signed in and online.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ErrorShape } from '@/domain/errors/errors';
import type { LifecycleEvent } from '@/domain/lifecycle';
import type { Attachment } from '@/domain/types';

/** Where an outbox entry is: waiting for the network, being sent now, or refused by the backend. */
export type OutboxState = 'waiting' | 'sending' | 'failed';

/** A reply or internal note that has not reached the backend yet. */
export interface OutboxEntry {
  /** uid of the person who wrote it: the only one it is shown to or sent by. */
  owner: string;
  ticketId: string;
  /** The client id it is sent with, every time (DESIGN §3). */
  messageId: string;
  body: string;
  internal: boolean;
  /** Files already uploaded to the message's folder (a file still uploading cannot be queued). */
  attachments: Attachment[];
  /** "Send and set …": the lifecycle event to fire with it. */
  event?: LifecycleEvent;
  /** The ticket's `updatedAt` when it was written, guarding `event` (see `WriteOptions`). */
  expectedUpdatedAt?: string;
  /** ISO-8601 UTC time it was queued. */
  queuedAt: string;
  state: OutboxState;
  /** Why the backend refused it (state `failed`). */
  error?: ErrorShape;
}

/** Entries by {@link outboxEntryKey}. */
export type OutboxSliceState = Record<string, OutboxEntry>;

/** Where `owner`'s entry for message `messageId` is stored. */
export function outboxEntryKey(owner: string, messageId: string): string {
  return `${owner}:${messageId}`;
}

/** Whether the stored entry `entryKey` is `owner`'s. */
export function isOutboxEntryOf(entryKey: string, owner: string): boolean {
  return entryKey.startsWith(outboxEntryKey(owner, ''));
}

type Ref = { owner: string; messageId: string };

/** `owner`'s entry, never anyone else's (even one stored under a forged key). */
function own(state: OutboxSliceState, { owner, messageId }: Ref): OutboxEntry | undefined {
  const entry = state[outboxEntryKey(owner, messageId)];
  return entry?.owner === owner ? entry : undefined;
}

const outboxSlice = createSlice({
  name: 'outbox',
  initialState: {} as OutboxSliceState,
  reducers: {
    /** Queues a message that could not be sent (state `waiting`). */
    outboxQueued(state, action: PayloadAction<Omit<OutboxEntry, 'state' | 'error'>>) {
      const entry = action.payload;
      state[outboxEntryKey(entry.owner, entry.messageId)] = { ...entry, state: 'waiting' };
    },
    /** A delivery attempt started. */
    outboxSending(state, action: PayloadAction<Ref>) {
      const entry = own(state, action.payload);
      if (entry) {
        entry.state = 'sending';
        delete entry.error;
      }
    },
    /** The backend is still unreachable: back to waiting. */
    outboxStillWaiting(state, action: PayloadAction<Ref>) {
      const entry = own(state, action.payload);
      if (entry) entry.state = 'waiting';
    },
    /** The backend refused it: it stays, with the reason, until retried or discarded. */
    outboxFailed(state, action: PayloadAction<Ref & { error: ErrorShape }>) {
      const entry = own(state, action.payload);
      if (entry) {
        entry.state = 'failed';
        entry.error = action.payload.error;
      }
    },
    /**
     * Puts a failed entry back in line; `withoutEvent` drops its status change (after a refusal
     * of that change, "Send without changing status").
     */
    outboxRetried(state, action: PayloadAction<Ref & { withoutEvent?: boolean }>) {
      const entry = own(state, action.payload);
      if (!entry) return;
      entry.state = 'waiting';
      delete entry.error;
      if (action.payload.withoutEvent) {
        delete entry.event;
        delete entry.expectedUpdatedAt;
      }
    },
    /** Delivered, or discarded by its owner: it goes. */
    outboxRemoved(state, action: PayloadAction<Ref>) {
      if (own(state, action.payload)) delete state[outboxEntryKey(action.payload.owner, action.payload.messageId)];
    },
    /** After a reload nothing is being sent any more: `sending` entries wait again. */
    outboxResumed(state) {
      for (const entry of Object.values(state)) if (entry.state === 'sending') entry.state = 'waiting';
    },
  },
  selectors: {
    /** The whole outbox (a stable reference until it changes). */
    selectOutbox: (state) => state,
    /** `owner`'s entries for one ticket, oldest first. */
    selectTicketOutbox: (state, owner: string, ticketId: string): OutboxEntry[] =>
      Object.entries(state)
        .filter(([key, entry]) => entry.owner === owner && isOutboxEntryOf(key, owner) && entry.ticketId === ticketId)
        .map(([, entry]) => entry)
        .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
    /** `owner`'s entries waiting for delivery, oldest first. */
    selectWaitingOutbox: (state, owner: string): OutboxEntry[] =>
      Object.entries(state)
        .filter(([key, entry]) => entry.owner === owner && isOutboxEntryOf(key, owner) && entry.state === 'waiting')
        .map(([, entry]) => entry)
        .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
  },
});

export const {
  outboxQueued,
  outboxSending,
  outboxStillWaiting,
  outboxFailed,
  outboxRetried,
  outboxRemoved,
  outboxResumed,
} = outboxSlice.actions;
export const { selectOutbox, selectTicketOutbox, selectWaitingOutbox } = outboxSlice.selectors;
/** The store state as far as this slice is concerned: `{ outbox }`. */
export type OutboxRootState = WithSlice<typeof outboxSlice>;
/** The storage key the outbox is persisted under (`src/app/persist.ts`). */
export const OUTBOX_PERSIST_KEY = 'triage.outbox';
/** The outbox slice's reducer. */
export const outboxReducer = outboxSlice.reducer;
