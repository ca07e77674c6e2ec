/**
 * The auth mirror (DESIGN §5: Firebase Auth owns the session; the store mirrors it). The
 * composition root registers it with its listener middleware and says which action starts it.
 */
import type { ActionCreatorWithoutPayload } from '@reduxjs/toolkit';
import { authChanged } from '@/features/auth/slice/auth-slice';
import type { StartListening } from '@/lib/store/store-types';

/**
 * Registers the mirror: on `appStarted` (once) it subscribes to `backend.auth.onChange` (the
 * listener middleware's extra argument) and dispatches `authChanged` for every change, until the
 * store's listeners are cleared.
 * @param startListening the app's listener middleware's `startListening`.
 * @param appStarted the action the app dispatches once when it mounts.
 */
export function registerAuthListener<State>(
  startListening: StartListening<State>,
  appStarted: ActionCreatorWithoutPayload,
): void {
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
}
