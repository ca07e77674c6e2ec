/**
 * Renders the real app (store, theme, routes) on a memory router, with a given backend —
 * the local adapter on fake-indexeddb for screen tests — with antd writing only the styles the
 * tests can read ({@link VisibilityStyles}).
 */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appStarted } from '@/app/listeners';
import { routeObjects } from '@/app/router';
import { makeStore } from '@/app/store';
import type { RootState } from '@/app/root-reducer';
import { ThemeProvider } from '@/app/theme';
import type { Backend } from '@/backend/port/backend';
import { VisibilityStyles } from './visibility-styles';

/** Renders the app at `path`; returns Testing Library's result plus the store and router. */
export function renderApp(backend: Backend, path: string, preloadedState?: Partial<RootState>) {
  const { store } = makeStore(backend, preloadedState);
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  store.dispatch(appStarted());
  const view = render(
    <VisibilityStyles>
      <Provider store={store}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </VisibilityStyles>,
  );
  return { ...view, store, router };
}
