/**
 * The offline shell's service worker, from the page's side (DESIGN §12): registers `/sw.js` (the
 * production build writes it, webpack.config.ts) and, when a new version is waiting after a
 * deploy, says so with a Reload button. A chunk of its own, imported once the page has loaded
 * (src/index.tsx), so neither Workbox nor the prompt is part of the first visit's JS.
 */
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { defineMessages, useIntl } from 'react-intl';
import { Provider } from 'react-redux';
import Button from 'antd/es/button';
import notification from 'antd/es/notification';
import { Workbox } from 'workbox-window';
import type { AppStore } from '@/app/store';
import { ThemeProvider } from '@/app/theme';
import { useDirection } from '@/lib/i18n/direction';

/** Where the production build writes the service worker. */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open tab asks the server whether a new version was deployed (besides each navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

const messages = defineMessages({
  title: { id: 'app.update.title', defaultMessage: 'New version available' },
  body: { id: 'app.update.body', defaultMessage: 'A new version of Triage is ready. Reload to start using it.' },
  reload: { id: 'app.update.reload', defaultMessage: 'Reload' },
});

/**
 * "New version available" as a notification at the end corner of the window, until it is
 * dismissed (`role="status"`: read out without interrupting), with a Reload button.
 * @param onReload called when Reload is pressed.
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const intl = useIntl();
  const rtl = useDirection() === 'rtl';
  const [api, holder] = notification.useNotification();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (dismissed) return;
    // Opened again with the same key when the language or direction changes: updated in place.
    api.open({
      key: 'triage-update',
      role: 'status',
      message: intl.formatMessage(messages.title),
      description: intl.formatMessage(messages.body),
      duration: 0,
      placement: rtl ? 'bottomLeft' : 'bottomRight',
      onClose: () => setDismissed(true),
      actions: (
        <Button type="primary" onClick={onReload}>
          {intl.formatMessage(messages.reload)}
        </Button>
      ),
    });
  }, [api, intl, rtl, onReload, dismissed]);
  return holder;
}

/**
 * Registers the service worker, checks for a new version every hour, and shows
 * {@link UpdatePrompt} — themed and in the person's language, from `store` — whenever a new
 * worker is waiting. Reload makes that worker take over and reloads the page once it controls it.
 */
export function registerServiceWorker(store: AppStore): void {
  const workbox = new Workbox(SERVICE_WORKER_URL);
  let root: Root | undefined;
  let prompts = 0;

  const reload = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    // Another tab's Reload already made it take over: this page only needs to load again.
    if (!registration?.waiting) {
      location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    // The generated worker skips waiting on this message (webpack.config.ts: `skipWaiting: false`).
    workbox.messageSkipWaiting();
  };
  const onReload = () => void reload();

  workbox.addEventListener('waiting', () => {
    if (!root) {
      // The notification draws itself on document.body; its React root needs no place on the page.
      const host = document.createElement('div');
      host.hidden = true;
      document.body.append(host);
      root = createRoot(host);
    }
    // A new key for each waiting worker: a prompt dismissed for one deploy comes back for the next.
    prompts += 1;
    root.render(
      <Provider store={store}>
        <ThemeProvider>
          <UpdatePrompt key={prompts} onReload={onReload} />
        </ThemeProvider>
      </Provider>,
    );
  });

  workbox.register().then(
    () =>
      window.setInterval(() => {
        // Offline, the check would only fail.
        if (navigator.onLine) workbox.update().catch(() => undefined);
      }, UPDATE_CHECK_MS),
    (error: unknown) => console.warn('Triage could not install its offline copy.', error),
  );
}
