/**
 * The composition root's React side: store, persistence gate, theme, language, router. Starts the auth
 * mirror once on mount.
 */
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { appStarted } from '@/app/listeners';
import { createAppRouter } from '@/app/router';
import type { makeStore } from '@/app/store';
import { ThemeProvider } from '@/app/theme';
import { ErrorBoundary } from '@/components/error-boundary';
import { FullPageSpinner } from '@/components/full-page-state';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';

/** The whole app for a store made by `makeStore`. */
export function App({ store, persistor }: Pick<ReturnType<typeof makeStore>, 'store' | 'persistor'>) {
  const [router] = useState(createAppRouter);
  useEffect(() => {
    store.dispatch(appStarted());
  }, [store]);
  return (
    <Provider store={store}>
      <PersistGate loading={<FullPageSpinner label={PRODUCT_NAME} />} persistor={persistor}>
        <ThemeProvider>
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </ThemeProvider>
      </PersistGate>
    </Provider>
  );
}
