/**
 * Delivering the outbox (DESIGN §5, offline): replies written while the backend could not be
 * reached wait in the persisted outbox slice and go out by themselves. The composition root
 * registers these listeners with its listener middleware; they need only the outbox slice,
 * the backend (the middleware's extra argument) and, from the app, who is signed in.
 */
import { createAction, isAnyOf, type ActionCreatorWithoutPayload, type Action } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { toErrorShape } from '@/domain/errors/errors';
import {
  OUTBOX_PERSIST_KEY,
  outboxEntryKey,
  outboxFailed,
  outboxQueued,
  outboxRemoved,
  outboxResumed,
  outboxRetried,
  outboxSending,
  outboxStillWaiting,
  selectWaitingOutbox,
  type OutboxRootState,
} from '@/features/tickets/conversation/slice/outbox-slice';
import type { StartListening } from '@/lib/store/store-types';

/** Asks for the outbox to be delivered now (the browser came back online, or the retry timer). */
export const outboxFlushRequested = createAction('outbox/flushRequested');

/** How often waiting outbox messages are retried while the browser says it is online, in ms. */
export const OUTBOX_RETRY_MS = 15_000;

/** What the app tells the outbox listeners about itself. */
export interface OutboxListenerOptions<State> {
  /** Dispatched once when the app starts: from then on the outbox is retried now and then. */
  appStarted: ActionCreatorWithoutPayload;
  /** An action after which the signed-in person may have changed (sign-in, sign-out, switch). */
  sessionChanged: { match: (action: Action) => boolean };
  /** The signed-in person's uid, or undefined when nobody is. */
  currentUid: (state: State) => string | undefined;
}

/**
 * Registers the outbox listeners:
 * - on `appStarted` (once): requests a delivery whenever the browser comes back online and
 *   every {@link OUTBOX_RETRY_MS} (in case only the backend was unreachable), until the
 *   store's listeners are cleared;
 * - after the persisted outbox is restored, interrupted sends wait again and a delivery starts;
 * - on queueing, retrying, a session change and {@link outboxFlushRequested}, the signed-in
 *   person's waiting messages are delivered (below).
 * @param startListening the app's listener middleware's `startListening`.
 */
export function registerOutboxListeners<State extends OutboxRootState>(
  startListening: StartListening<State>,
  { appStarted, sessionChanged, currentUid }: OutboxListenerOptions<State>,
): void {
  startListening({
    actionCreator: appStarted,
    effect: async (_action, listenerApi) => {
      listenerApi.unsubscribe(); // one-shot: a second appStarted must not start a second timer
      const flush = () => listenerApi.dispatch(outboxFlushRequested());
      const timer = setInterval(flush, OUTBOX_RETRY_MS);
      // Under Node (tests, tooling) the timer must not keep the process alive.
      (timer as { unref?: () => void }).unref?.();
      if (typeof window !== 'undefined') window.addEventListener('online', flush);
      try {
        await listenerApi.condition(() => false); // resolves never; rejects when cancelled
      } finally {
        clearInterval(timer);
        if (typeof window !== 'undefined') window.removeEventListener('online', flush);
      }
    },
  });

  // A reload interrupts any send: what was being sent waits again.
  startListening({
    predicate: (action) => action.type === REHYDRATE && (action as { key?: string }).key === OUTBOX_PERSIST_KEY,
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
    predicate: (action) =>
      isAnyOf(outboxFlushRequested, outboxQueued, outboxRetried)(action) || sessionChanged.match(action),
    effect: async (_action, listenerApi) => {
      const uid = currentUid(listenerApi.getState());
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
