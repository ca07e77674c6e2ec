/**
 * Build-time rendering of the public pages (DESIGN §12): the production build runs this module
 * in Node (scripts/build/prerender-plugin.ts) to write each guest page's HTML — what the browser
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
import { App } from '@/app/app';
import { createAppBackend } from '@/app/backend';
import { preloadSignedInFrame, routeObjects } from '@/app/router';
import { homePathFor, ROUTES } from '@/app/routes';
import { makeStore } from '@/app/store';
import type { AppConfig } from '@/config/config-schema';
import { ROLES, type Role } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import { drawPhoneLayout } from '@/lib/use-media-query';

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

/** The layouts a signed-in frame is drawn in: a phone's (≤ 767 px) and a wide window's (≥ 992 px). */
export const FRAME_LAYOUTS = ['desktop', 'phone'] as const;

/** A pre-rendered signed-in frame: the `#root` markup of a role's frame in a layout. */
export interface PrerenderedFrame {
  role: Role;
  layout: (typeof FRAME_LAYOUTS)[number];
  html: string;
}

/**
 * The stand-in person the frames are drawn for: the page's frame script writes the visitor's own
 * name and initials over theirs (scripts/build/prerender-stale-check.ts), before the first paint.
 */
export const FRAME_PERSON: Omit<UserProfile, 'role'> = {
  uid: 'frame',
  displayName: 'Frame Person',
  email: 'frame@triage.invalid',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/**
 * Renders the signed-in frame of each role in each layout as the app's first render draws it for
 * a visitor it remembers (the persisted hint, DESIGN §5) while the session is confirmed: side menu
 * (or the phone's menu button), header with the person, a skeleton where the screen goes. At
 * `/account` (no menu entry selected: the frame script marks the address's entry).
 */
async function prerenderFrames(config: AppConfig, cache: ReturnType<typeof createCache>): Promise<PrerenderedFrame[]> {
  const frames: PrerenderedFrame[] = [];
  // Loaded first, as src/index.tsx does before hydrating: the frame then has no Suspense boundary.
  await preloadSignedInFrame({ staff: true, phone: true });
  for (const role of ROLES) {
    for (const layout of FRAME_LAYOUTS) {
      const { store, persistor } = makeStore(createAppBackend(config), {
        auth: { kind: 'unknown', lastUser: { ...FRAME_PERSON, role } },
      } as Parameters<typeof makeStore>[1]);
      await bootstrapped(persistor);
      drawPhoneLayout(layout === 'phone');
      try {
        const html = await renderToHtml(
          <StyleProvider cache={cache}>
            <App
              store={store}
              persistor={persistor}
              createRouter={() => createMemoryRouter(routeObjects, { initialEntries: ['/account'] })}
            />
          </StyleProvider>,
        );
        frames.push({ role, layout, html });
      } finally {
        drawPhoneLayout(false);
      }
    }
  }
  return frames;
}

/**
 * Renders every page of {@link PRERENDERED_PATHS} as a first-time visitor sees it (signed out,
 * light theme, English), and the signed-in frames ({@link prerenderFrames}).
 * @param config the build's configuration (the same values the bundle is built with).
 * @returns each page's and each frame's `#root` markup; `css`: the antd styles of the pages;
 *   `frameCss`: the frames' (for index.html). Each is plain CSS with antd's record of which
 *   styles it holds, so the browser does not compute and inject them again.
 * @throws when a page fails to render (the build fails and names it).
 */
export async function prerenderPages(
  config: AppConfig,
): Promise<{ pages: PrerenderedPage[]; frames: PrerenderedFrame[]; css: string; frameCss: string }> {
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
  // The frames' styles apart: index.html holds only what its frame needs. Every antd rule in a
  // document is matched against its elements at each style recalculation, so a rule the screen
  // never uses still costs each interaction time (bench:queue's filter is slower with the guest
  // pages' and every signed-in screen's styles in it; see docs/benchmarks.md).
  const frameCache = createCache();
  const frames = await prerenderFrames(config, frameCache);
  return {
    pages,
    frames,
    css: extractStyle(cache, { plain: true }),
    frameCss: extractStyle(frameCache, { plain: true }),
  };
}
