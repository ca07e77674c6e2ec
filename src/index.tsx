/**
 * Entry point: validates the configuration (a bad value is named on screen, never a blank
 * page), creates the backend and the store, and renders the app — hydrating a page the build
 * pre-rendered (DESIGN §12) when the app would render exactly that page for this visitor — and,
 * once the page has loaded, registers the offline shell's service worker.
 */
import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { stopHoldingSubmits } from '@/lib/held-submit';
import { App } from '@/app/app';
import { preloadSignedInFrame } from '@/app/router';
import { createAppBackend } from '@/app/backend';
import { loadConfig } from '@/config/config';
import { makeStore, type AppStore } from '@/app/store';
import { isLocale, localeFromPreferences } from '@/domain/locales';
import { localeChanged } from '@/features/preferences/slice/preferences-slice';

/**
 * What the build draws its pages and frames in (src/app/prerender.tsx): the light theme and
 * English. With `frame` (`data-frame="<role>-<layout>"`, put in `#root` by the page's frame
 * script, DESIGN §12), whether the store's first render is that frame: a remembered person of that
 * role, the session still being confirmed, the side menu open (the layout is the one the script
 * saw, which the first render takes while hydrating). Without, whether it is the pre-rendered
 * guest page: no remembered user.
 */
function rendersAsBuilt(store: AppStore, frame?: string): boolean {
  const { auth, preferences } = store.getState();
  const locale = preferences.locale ?? localeFromPreferences(navigator.languages);
  const visitor = frame
    ? auth.kind === 'unknown' && frame.startsWith(`${auth.lastUser?.role}-`) && !preferences.menuCollapsed
    : auth.kind === 'unknown' && !auth.lastUser;
  return visitor && preferences.theme === 'light' && locale === 'en';
}

/**
 * The chunks the frame's first render asks for (the frame itself, and the parts of it loaded on
 * their own), fetched before hydrating it: its first render then does not suspend, and the
 * session's answer arriving meanwhile cannot make React drop the pre-rendered frame for a spinner.
 */
function loadFrameChunks(frame: string): Promise<unknown> {
  return preloadSignedInFrame({ staff: !frame.startsWith('customer-'), phone: frame.endsWith('-phone') });
}

/**
 * A language picked on the pre-rendered page before the scripts ran: the select shows it, the
 * store has not heard of it (hydration would put the select back). Applied before the first
 * render, which then draws the page in that language instead of hydrating the English one.
 */
function adoptLanguagePickedBeforeStart(store: AppStore) {
  const picker = document.querySelector<HTMLSelectElement>('select[data-testid="language-picker"]');
  const picked = picker?.value;
  const rendered = picker && [...picker.options].find((option) => option.defaultSelected)?.value;
  if (picked && picked !== rendered && isLocale(picked)) store.dispatch(localeChanged(picked));
}

/** Shows the rendered app: lifts the head script's "stale" mark and drops the start-up line behind it. */
function reveal() {
  document.documentElement.removeAttribute('data-prerender');
  document.querySelector('.boot-stale')?.remove();
}

/** Names what is wrong with the configuration; its screen is loaded only then (not in the first JS). */
function showConfigError(container: HTMLElement, variable: string | null, message: string) {
  void import(/* webpackChunkName: "config-error" */ '@/components/config-error-screen').then(
    ({ ConfigErrorScreen }) => {
      flushSync(() => createRoot(container).render(<ConfigErrorScreen variable={variable} message={message} />));
      reveal();
    },
  );
}

/**
 * The offline shell (DESIGN §12): once the page has loaded, a chunk of its own registers the
 * service worker the production build writes (none in development; Jest never runs this file).
 */
function registerOfflineShell(store: AppStore) {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import(/* webpackChunkName: "service-worker" */ '@/app/service-worker').then(
      ({ registerServiceWorker }) => registerServiceWorker(store),
      () => undefined, // Offline before the chunk was ever fetched: the next visit registers.
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function start(container: HTMLElement) {
  const result = loadConfig();
  if (!result.ok) {
    showConfigError(container, result.error.variable, result.error.message);
    return;
  }
  try {
    const { store, persistor } = makeStore(createAppBackend(result.config));
    const app = <App store={store} persistor={persistor} />;
    const { frame } = container.dataset;
    // Replaces a pre-rendered page or frame that is not this visitor's in one synchronous commit.
    const replace = () => {
      const root = createRoot(container);
      flushSync(() => root.render(app));
      // A submission held back on the replaced page was not this visitor's page's: let it go.
      stopHoldingSubmits();
    };
    const render = () => {
      if (container.dataset.prerendered) adoptLanguagePickedBeforeStart(store);
      if (frame && rendersAsBuilt(store, frame)) {
        // The frame is painted already; it becomes the app's once its chunks are here.
        void loadFrameChunks(frame).then(
          () => startTransition(() => void hydrateRoot(container, app)),
          () => replace(),
        );
      } else if (container.dataset.prerendered && rendersAsBuilt(store)) {
        // As a transition, hydration yields to the browser every few milliseconds instead of
        // holding the main thread for the whole tree: the page is already painted and its form
        // usable (typing is kept, a submission is held until the app can make it).
        startTransition(() => {
          hydrateRoot(container, app);
        });
      } else {
        replace();
      }
      reveal();
    };
    // The persisted state is read before the first render, so that render is the visitor's page.
    if (persistor.getState().bootstrapped) render();
    else {
      const unsubscribe = persistor.subscribe(() => {
        if (!persistor.getState().bootstrapped) return;
        unsubscribe();
        render();
      });
    }
    registerOfflineShell(store);
  } catch (error) {
    showConfigError(container, null, error instanceof Error ? error.message : 'Triage could not start.');
  }
}

const container = document.getElementById('root');
// In a task of its own: evaluating the entry's modules is one long task already; starting the app
// (the store, the backend, the first render) in the same task made it longer still.
if (container) setTimeout(() => start(container), 0);
