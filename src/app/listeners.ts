/**
 * Listener middleware (DESIGN §5): mirrors `backend.auth.onChange` into the auth slice; on
 * sign-out (or a switch to another person) resets the API cache, and on sign-out purges the
 * drafts of the person signing out; registers the features' own listeners (the outbox's
 * delivery, `features/tickets/conversation/outbox-listener.ts`).
 */
import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { forgetStoredDrafts } from '@/app/persist';
import type { RootState } from '@/app/root-reducer';
import type { Backend } from '@/backend/port';
import { currentUserOf, sessionUidOf } from '@/lib/session/auth-machine';
import { authChanged } from '@/features/auth/slice/auth-slice';
import { registerOutboxListeners } from '@/features/tickets/conversation/outbox-listener';
import { draftsOfUserCleared } from '@/features/tickets/conversation/slice/drafts-slice';
import { api } from '@/lib/store/api';
import type { StartListening } from '@/lib/store/store-types';

/** Dispatched once when the app mounts; starts the auth mirror. */
export const appStarted = createAction('app/started');

/** `startListening` typed for this app. */
export type AppStartListening = StartListening<RootState>;

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
 * - the outbox's listeners (`registerOutboxListeners`), delivering after any auth change.
 */
export function registerListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: appStarted,
    effect: async (_action, listenerApi) => {
      listenerApi.unsubscribe(); // one-shot: a second appStarted must not subscribe twice
      const stop = listenerApi.extra.auth.onChange((change) => listenerApi.dispatch(authChanged(change)));
      try {
        await listenerApi.condition(() => false); // resolves never; rejects when cancelled
      } finally {
        stop();
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

  registerOutboxListeners(startListening, {
    appStarted,
    sessionChanged: authChanged,
    currentUid: (state) => currentUserOf(state.auth)?.uid,
  });
}
