/**
 * Build-time rendering of the public pages (DESIGN §12): the production build runs this module
 * in Node (scripts/prerender-plugin.ts) to write each guest page's HTML — what the browser
 * paints before any script runs — and the antd styles those pages use as one static CSS file,
 * which antd then takes as already present instead of computing them on the main thread.
 *
 * The page is rendered by the app's own tree (`App`) at that path with a fresh store, so the
 * client's first render matches it and React hydrates it (src/index.tsx).
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@/app/theme';
import { SignedInStyleSheet } from '@/app/signed-in-style-sheet';
import { App } from '@/app/app';
import { createAppBackend } from '@/app/backend';
import { routeObjects } from '@/app/router';
import { homePathFor, ROUTES } from '@/app/routes';
import { makeStore } from '@/app/store';
import type { AppConfig } from '@/config/config-schema';
import { ROLES, type Role } from '@/domain/roles';

/** The pages written at build time: the guest routes of src/app/routes.tsx. */
export const PRERENDERED_PATHS = ['/sign-in', '/sign-up', '/reset-password'] as const;

/** A pre-rendered page: its path and the markup that goes inside `#root`. */
export interface PrerenderedPage {
  path: (typeof PRERENDERED_PATHS)[number];
  html: string;
}

/**
 * What the build needs to preload a signed-in address's scripts (DESIGN §12): each signed-in
 * route's path pattern (`/requests/:ticketId`), the roles that may open it and its screen's chunk
 * name, and each role's home (the address `/` leads to).
 */
export interface RoutePreloadTable {
  routes: { path: string; roles: readonly Role[]; chunk: string }[];
  home: Record<Role, string>;
}

/** The signed-in routes of src/app/routes.tsx as {@link RoutePreloadTable}. */
export function routePreloadTable(): RoutePreloadTable {
  return {
    routes: ROUTES.flatMap((route) =>
      route.access.kind === 'roles' ? [{ path: route.path, roles: route.access.roles, chunk: route.chunk }] : [],
    ),
    home: Object.fromEntries(ROLES.map((role) => [role, homePathFor(role)])) as Record<Role, string>,
  };
}

/** Renders `element` to HTML once every lazy part of it (the route's screen) has loaded. */
function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

/** Resolves once redux-persist has read the (in Node: empty) storage, as the client waits for. */
function bootstrapped(persistor: ReturnType<typeof makeStore>['persistor']): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}

/**
 * Renders every page of {@link PRERENDERED_PATHS} as a first-time visitor sees it (signed out,
 * light theme, English), then the antd components of the signed-in frame and screens
 * ({@link SignedInStyleSheet}) for their styles alone.
 * @param config the build's configuration (the same values the bundle is built with).
 * @returns each page's `#root` markup; `css`: the antd styles of those pages; `appCss`: those and
 *   the signed-in screens' (for index.html). Each is plain CSS with antd's record of which styles
 *   it holds, so the browser does not compute and inject them again.
 * @throws when a page fails to render (the build fails and names it).
 */
export async function prerenderPages(
  config: AppConfig,
): Promise<{ pages: PrerenderedPage[]; css: string; appCss: string }> {
  const cache = createCache();
  const pages: PrerenderedPage[] = [];
  for (const path of PRERENDERED_PATHS) {
    const { store, persistor } = makeStore(createAppBackend(config));
    await bootstrapped(persistor);
    const html = await renderToHtml(
      <StyleProvider cache={cache}>
        <App
          store={store}
          persistor={persistor}
          createRouter={() => createMemoryRouter(routeObjects, { initialEntries: [path] })}
        />
      </StyleProvider>,
    );
    pages.push({ path, html });
  }
  const css = extractStyle(cache, { plain: true });
  const { store } = makeStore(createAppBackend(config));
  await renderToHtml(
    <StyleProvider cache={cache}>
      <Provider store={store}>
        <ThemeProvider>
          <SignedInStyleSheet />
        </ThemeProvider>
      </Provider>
    </StyleProvider>,
  );
  return { pages, css, appCss: extractStyle(cache, { plain: true }) };
}
