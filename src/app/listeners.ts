/**
 * Listener middleware (DESIGN §5): registers the features' own listeners (the auth mirror,
 * `features/auth/auth-listener.ts`; the outbox's delivery,
 * `features/tickets/conversation/outbox-listener.ts`) and keeps here only what spans features:
 * on sign-out (or a switch to another person) it resets the API cache, and on sign-out purges
 * the drafts of the person signing out.
 */
import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { forgetStoredDrafts } from '@/app/persist';
import type { RootState } from '@/app/root-reducer';
import type { Backend } from '@/backend/port';
import { currentUserOf, sessionUidOf } from '@/lib/session/auth-machine';
import { registerAuthListener } from '@/features/auth/auth-listener';
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
 * - the auth mirror (`registerAuthListener`): on `appStarted`, `backend.auth.onChange` → `authChanged`;
 * - on `authChanged`: when the session ends or becomes another person, resets the API cache
 *   (no data of the previous person survives); when this tab's person signs out, purges their
 *   drafts, in the store and in storage. Only theirs: other tabs may hold other people's. A tab
 *   that starts signed out had nobody to sign out, so it purges nothing;
 * - the outbox's listeners (`registerOutboxListeners`), delivering after any auth change.
 */
export function registerListeners(startListening: AppStartListening): void {
  registerAuthListener(startListening, appStarted);

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
