/**
 * The store (DESIGN §5): `configureStore` with the backend as the thunk extra argument, the
 * listener middleware first, RTK Query's middleware, redux-persist, and Redux DevTools in
 * every build (with sanitisers that keep file blobs out of the DevTools).
 */
import { configureStore, type Action } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '@/lib/store/api';
import { createAppListenerMiddleware, registerListeners, type AppStartListening } from '@/app/listeners';
import { rootReducer, type RootState } from '@/app/root-reducer';
import type { Backend } from '@/backend/port/backend';

function withoutBlobs(value: unknown): unknown {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `<Blob ${value.size} bytes>`;
  if (Array.isArray(value)) return value.map(withoutBlobs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBlobs(item)]));
  }
  return value;
}

/**
 * Makes a store bound to a backend.
 * @returns `{ store, persistor }`; call `store.dispatch(appStarted())` to start the auth mirror.
 */
export function makeStore(backend: Backend, preloadedState?: Partial<RootState>) {
  const listenerMiddleware = createAppListenerMiddleware(backend);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: backend },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware),
    // RTK Query's own actions are batched, and by default their subscribers told on the next
    // animation frame: a page read while a frame is due then waits for it before React renders it
    // (slower in bench:queue; see docs/benchmarks.md). At the end of the task instead: still one
    // render per burst.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
    devTools: {
      name: 'Triage',
      actionSanitizer: <A extends Action>(action: A) => withoutBlobs(action) as A,
      stateSanitizer: <S>(state: S) => withoutBlobs(state) as S,
    },
  });
  registerListeners(listenerMiddleware.startListening as AppStartListening);
  setupListeners(store.dispatch);
  const persistor = persistStore(store);
  return { store, persistor, listenerMiddleware };
}

/** The app's store type. */
export type AppStore = ReturnType<typeof makeStore>['store'];
/** The app's dispatch, which knows thunks. */
export type AppDispatch = AppStore['dispatch'];
