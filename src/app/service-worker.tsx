/**
 * The offline shell's service worker, from the page's side (DESIGN §12): registers `/sw.js` (the
 * production build writes it, webpack.config.ts) and, when a new version is waiting after a
 * deploy, says so with a Reload button. A chunk of its own, imported once the page has loaded
 * (src/index.tsx), so neither Workbox nor the prompt is part of the first visit's JS.
 */
import { useCallback, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { defineMessages, useIntl } from 'react-intl';
import { Provider } from 'react-redux';
import Button from 'antd/es/button';
import notification from 'antd/es/notification';
import Space from 'antd/es/space';
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
  later: { id: 'app.update.later', defaultMessage: 'Later' },
});

/** The notification's key: opened again under it when the language or direction changes. */
const PROMPT_KEY = 'triage-update';

/**
 * "New version available" as a notification at the end corner of the window
 * (`role="status"`: read out without interrupting), with Later and Reload buttons. Shown while
 * mounted; {@link UpdatePromptHost} unmounts it once dismissed.
 * @param onReload called when Reload is pressed; `onDismiss` when Later is.
 */
export function UpdatePrompt({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const intl = useIntl();
  const rtl = useDirection() === 'rtl';
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    api.open({
      key: PROMPT_KEY,
      role: 'status',
      message: intl.formatMessage(messages.title),
      description: intl.formatMessage(messages.body),
      duration: 0,
      placement: rtl ? 'bottomLeft' : 'bottomRight',
      // Its own Later button rather than antd's close control, whose `onClose` is not always called.
      closable: false,
      actions: (
        <Space>
          <Button
            onClick={() => {
              api.destroy(PROMPT_KEY);
              onDismiss();
            }}
          >
            {intl.formatMessage(messages.later)}
          </Button>
          <Button type="primary" onClick={onReload}>
            {intl.formatMessage(messages.reload)}
          </Button>
        </Space>
      ),
    });
  }, [api, intl, rtl, onReload, onDismiss]);
  return holder;
}

/**
 * The prompt with the store's theme and language, until Later. The dismissal is kept here, above
 * the theme and language providers, which mount their children afresh on a language switch.
 */
export function UpdatePromptHost({ store, onReload }: { store: AppStore; onReload: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  const dismiss = useCallback(() => setDismissed(true), []);
  return (
    <Provider store={store}>
      <ThemeProvider>{dismissed ? null : <UpdatePrompt onReload={onReload} onDismiss={dismiss} />}</ThemeProvider>
    </Provider>
  );
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
    root.render(<UpdatePromptHost key={prompts} store={store} onReload={onReload} />);
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
