/**
 * Listener middleware (DESIGN §5): mirrors `backend.auth.onChange` into the auth slice; on
 * sign-out (or a switch to another person) resets the API cache, and on sign-out purges the
 * drafts of the person signing out; delivers the outbox (issue 5, offline) whenever it may go.
 */
import { createAction, createListenerMiddleware, isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { api } from '@/app/api';
import { forgetStoredDrafts } from '@/app/persist';
import type { RootState } from '@/app/root-reducer';
import type { AppDispatch } from '@/app/store';
import type { Backend } from '@/backend/port';
import { currentUserOf, sessionUidOf } from '@/features/auth/slice/auth-machine';
import { authChanged } from '@/features/auth/slice/auth-slice';
import { toErrorShape } from '@/domain/errors';
import { draftsOfUserCleared } from '@/features/tickets/conversation/slice/drafts-slice';
import {
  outboxEntryKey,
  outboxFailed,
  outboxQueued,
  outboxRemoved,
  outboxResumed,
  outboxRetried,
  outboxSending,
  outboxStillWaiting,
  selectWaitingOutbox,
} from '@/features/tickets/conversation/slice/outbox-slice';

/** Dispatched once when the app mounts; starts the auth mirror. */
export const appStarted = createAction('app/started');

/** Asks for the outbox to be delivered now (the browser came back online, or the retry timer). */
export const outboxFlushRequested = createAction('outbox/flushRequested');

/** How often waiting outbox messages are retried while the browser says it is online, in ms. */
export const OUTBOX_RETRY_MS = 15_000;

/** `startListening` typed for this app. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, Backend>;

/** Creates the listener middleware with the backend as its `extra` argument. */
export function createAppListenerMiddleware(backend: Backend) {
  return createListenerMiddleware({ extra: backend });
}

/**
 * Registers the app's listeners.
 * - on `appStarted` (once): subscribes to `backend.auth.onChange` and dispatches `authChanged`
 *   for every change, until the store's listeners are cleared;
 * - on `authChanged`: when the session ends or becomes another person, resets the API cache
 *   (no data of the previous person survives); when this tab's person signs out, purges their
 *   drafts, in the store and in storage. Only theirs: other tabs may hold other people's. A tab
 *   that starts signed out had nobody to sign out, so it purges nothing;
 * - the outbox (issue 5): after the persisted outbox is restored, interrupted sends wait again;
 *   on queueing, retrying, any auth change, the `online` event and every {@link OUTBOX_RETRY_MS},
 *   the signed-in person's waiting messages are delivered (see below).
 */
export function registerListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: appStarted,
    effect: async (_action, listenerApi) => {
      listenerApi.unsubscribe(); // one-shot: a second appStarted must not subscribe twice
      const stop = listenerApi.extra.auth.onChange((change) => listenerApi.dispatch(authChanged(change)));
      // The outbox goes when the browser is back online, and is retried now and then in case
      // only the backend was unreachable.
      const flush = () => listenerApi.dispatch(outboxFlushRequested());
      const timer = setInterval(flush, OUTBOX_RETRY_MS);
      // Under Node (tests, tooling) the timer must not keep the process alive.
      (timer as { unref?: () => void }).unref?.();
      if (typeof window !== 'undefined') window.addEventListener('online', flush);
      try {
        await listenerApi.condition(() => false); // resolves never; rejects when cancelled
      } finally {
        stop();
        clearInterval(timer);
        if (typeof window !== 'undefined') window.removeEventListener('online', flush);
      }
    },
  });

  startListening({
    actionCreator: authChanged,
    effect: (action, listenerApi) => {
      const { auth } = listenerApi.getOriginalState();
      const before = currentUserOf(auth)?.uid ?? null;
      const change = action.payload;
      const after =
        change.kind === 'signedIn' ? change.user.uid : change.kind === 'profileUnavailable' ? change.uid : null;
      if (before !== null && before !== after) listenerApi.dispatch(api.util.resetApiState());
      const leaving = sessionUidOf(auth);
      if (change.kind === 'signedOut' && leaving) {
        listenerApi.dispatch(draftsOfUserCleared(leaving));
        forgetStoredDrafts(leaving);
      }
    },
  });

  // A reload interrupts any send: what was being sent waits again.
  startListening({
    predicate: (action) => action.type === REHYDRATE && (action as { key?: string }).key === 'triage.outbox',
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(outboxResumed());
      listenerApi.dispatch(outboxFlushRequested());
    },
  });

  // Delivery: the signed-in person's waiting messages, oldest first, one at a time, each with
  // its own client id — so a retry, a reload or a second tab can never make it two messages.
  // `unavailable` stops the round (still offline); any other refusal marks that message failed.
  const inFlight = new Set<string>();
  startListening({
    matcher: isAnyOf(outboxFlushRequested, outboxQueued, outboxRetried, authChanged),
    effect: async (_action, listenerApi) => {
      const uid = currentUserOf(listenerApi.getState().auth)?.uid;
      if (!uid || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
      for (const entry of selectWaitingOutbox(listenerApi.getState(), uid)) {
        const key = outboxEntryKey(uid, entry.messageId);
        if (inFlight.has(key)) continue;
        inFlight.add(key);
        const ref = { owner: uid, messageId: entry.messageId };
        listenerApi.dispatch(outboxSending(ref));
        try {
          await listenerApi.extra.messages.add(entry.ticketId, {
            id: entry.messageId,
            body: entry.body,
            internal: entry.internal,
            attachments: entry.attachments,
            ...(entry.event && { event: entry.event, expectedUpdatedAt: entry.expectedUpdatedAt }),
          });
          listenerApi.dispatch(outboxRemoved(ref));
        } catch (error) {
          const shape = toErrorShape(error);
          if (shape.code === 'unavailable') {
            listenerApi.dispatch(outboxStillWaiting(ref));
            break;
          }
          listenerApi.dispatch(outboxFailed({ ...ref, error: shape }));
        } finally {
          inFlight.delete(key);
        }
      }
    },
  });
}
