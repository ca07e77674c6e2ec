/**
 * The composition root's React side: store, persistence gate, theme, language, router. Starts the auth
 * mirror once on mount.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { appStarted } from '@/app/listeners';
import { createAppRouter } from '@/app/router';
import type { makeStore } from '@/app/store';
import { ThemeProvider } from '@/app/theme';
import { ErrorBoundary } from '@/components/error-boundary';
import { FullPageSpinner } from '@/components/full-page-state';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';

/**
 * Renders `children` once the persisted state is back (redux-persist's `PersistGate`, but
 * reading the persistor's state on the first render: a page rendered after rehydration — the
 * pre-rendered sign-in being hydrated, DESIGN §12 — shows its screen at once instead of one
 * render of the spinner, which would not match the server's HTML).
 */
function PersistenceGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const read = () => persistor.getState().bootstrapped;
  return useSyncExternalStore(persistor.subscribe, read, read) ? children : <FullPageSpinner label={PRODUCT_NAME} />;
}

/** Props of {@link App}: a store made by `makeStore`, and the router (the browser's by default). */
export interface AppProps extends Pick<ReturnType<typeof makeStore>, 'store' | 'persistor'> {
  /** Makes the router once; the build's pre-render passes a memory router at a given path. */
  createRouter?: typeof createAppRouter;
}

/** The whole app for a store made by `makeStore`. */
export function App({ store, persistor, createRouter = createAppRouter }: AppProps) {
  const [router] = useState(createRouter);
  useEffect(() => {
    store.dispatch(appStarted());
  }, [store]);
  return (
    <Provider store={store}>
      <PersistenceGate persistor={persistor}>
        <ThemeProvider>
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </ThemeProvider>
      </PersistenceGate>
    </Provider>
  );
}
