/**
 * Offline, for real (DESIGN §12): the first visit installs the service worker, which precaches
 * the app shell. An agent goes offline (`context.setOffline`: the browser has no network at all),
 * replies — the reply shows as "Waiting to send" — and reloads while still offline: the page, its
 * scripts and styles come from the service worker's cache, the ticket from the local data, and
 * the reply still waits. She reconnects and the reply is delivered exactly once: one copy in the
 * conversation, for her and for a second agent, also after another reload. Nothing plays the
 * cache here; the app's data goes through the local backend, which refuses writes while offline.
 *
 * Then a deploy: the build is served from a directory of its own (scripts/dev/serve-dist.mjs on a
 * port of its own), whose `sw.js` the journey replaces with a different one, as a deploy would (a
 * route handler cannot stand in: the browser's update check of a worker's script bypasses it).
 * The page offers "New version available" with Reload, and Reload makes the new worker take over
 * and reloads the page under it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServeDist } from '../scripts/dev/serve-dist-process.cjs';
import { expectAccessible, settled, shot, signInStaff } from './support';

// The one journey with the service worker (playwright.config.ts blocks it for the others).
// Offline emulation and a page's second DevTools session do not mix (fixtures.ts): own speed here.
test.use({ serviceWorkers: 'allow', animationRate: 1 });

/** The build the journeys are served from (playwright.config.ts). */
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');

/**
 * Waits until the service worker is active and controls `page` (it claims the page it was
 * installed from; a reload is the fallback), and its precache is complete.
 */
async function controlledByServiceWorker(page: Page): Promise<void> {
  const claimed = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return true;
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
      setTimeout(resolve, 5_000);
    });
    return Boolean(navigator.serviceWorker.controller);
  });
  if (!claimed) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The session-storage key that keeps a reloaded page offline (`keepOfflineAcrossReloads`). */
const STILL_OFFLINE = 'e2e-still-offline';

/**
 * Chromium 150 forgets the emulated offline state of `navigator.onLine` when the page reloads
 * (the network stays blocked, and the reloaded document reads `true` and gets no `offline`
 * event): every document of the context reads `navigator.onLine` as false while the tab's
 * session storage holds STILL_OFFLINE, and as the browser's value otherwise. Only that signal is
 * stood in for; the network is the browser's, offline for real.
 */
async function keepOfflineAcrossReloads(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const browserValue = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return sessionStorage.getItem(key) === '1' ? false : Boolean(browserValue?.call(this) ?? true);
      },
    });
  }, STILL_OFFLINE);
  await page.evaluate((key) => sessionStorage.setItem(key, '1'), STILL_OFFLINE);
}

/** Ends `keepOfflineAcrossReloads` with the `online` event a real reconnect fires. */
async function reconnect(page: Page): Promise<void> {
  await page.evaluate((key) => {
    sessionStorage.removeItem(key);
    window.dispatchEvent(new Event('online'));
  }, STILL_OFFLINE);
}

/** The version the controlling worker answers (only the second deploy's answers). */
function workerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage({ type: 'TRIAGE_TEST_VERSION' }, [channel.port2]);
        setTimeout(() => resolve('first'), 2_000);
      }),
  );
}

test('a reply written offline waits, survives an offline reload and is delivered exactly once on reconnect', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const priya = await signInStaff(context, 'priya@triage.test');
  // The first visit installed the service worker (registered once the page loaded).
  await controlledByServiceWorker(priya);

  await priya.goto('/desk?view=open&status=open');
  await priya
    .getByRole('table', { name: /^Queue/ })
    .locator('tbody tr[data-ticket-id]')
    .first()
    .click();
  await expect(priya).toHaveURL(/\/desk\/tickets\//);
  const ticketUrl = priya.url();
  const heading = priya.getByRole('heading', { name: /^#\d+ / });
  await expect(heading).toBeVisible();

  const reply = `Written on the train ${Date.now().toString(36)}: I will check the logs as soon as I land.`;
  const copies = (page: Page) => page.getByRole('article', { name: /^Reply by Priya/ }).filter({ hasText: reply });
  const waiting = priya.getByRole('listitem', { name: 'Reply: Waiting to send' });

  // Offline: the header says so; the reply goes to the outbox instead of failing.
  await context.setOffline(true);
  await expect(priya.getByText('Offline', { exact: true })).toBeVisible();
  await priya.getByRole('textbox', { name: 'Public reply' }).fill(reply);
  await priya.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(waiting).toContainText(reply);
  await expect(priya.getByRole('textbox', { name: 'Public reply' })).toHaveValue('');
  await expect(copies(priya)).toHaveCount(0);
  await shot(priya, 'offline-01-waiting-to-send');

  // Reload, still offline: the service worker answers the page and its files; the ticket reads
  // from the local data, the reply still waits.
  await keepOfflineAcrossReloads(priya);
  const reload = await priya.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(heading).toBeVisible();
  await expect(priya.getByText('Offline', { exact: true })).toBeVisible();
  await expect(waiting).toContainText(reply);
  await expect(copies(priya)).toHaveCount(0);
  await shot(priya, 'offline-02-after-reload-still-waiting');

  // Reconnect: delivered, once.
  await context.setOffline(false);
  await reconnect(priya);
  await expect(copies(priya)).toHaveCount(1, { timeout: 10_000 });
  await expect(priya.getByRole('list', { name: 'Unsent messages' })).toHaveCount(0);
  await expect(priya.getByText('Offline', { exact: true })).toHaveCount(0);
  await shot(priya, 'offline-03-delivered-once');

  // Still one after another reload, and for a second agent.
  await priya.reload();
  await expect(heading).toBeVisible();
  await expect(copies(priya)).toHaveCount(1);
  const sam = await signInStaff(context, 'sam@triage.test');
  await sam.goto(ticketUrl);
  await expect(copies(sam)).toHaveCount(1);
  await sam.waitForTimeout(1_000);
  await expect(copies(sam)).toHaveCount(1);
  await expect(copies(priya)).toHaveCount(1);
  await shot(sam, 'offline-04-second-agent-sees-one');
});

/**
 * Serves the build from a directory of its own — links to the build's files, and a copy of
 * `sw.js` that `redeploy` replaces — with scripts/dev/serve-dist.mjs on a free port.
 */
async function deployableCopy(): Promise<{ origin: string; redeploy: (sw: string) => void; stop: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'triage-deploy-'));
  for (const name of readdirSync(DIST)) {
    if (name !== 'sw.js') symlinkSync(path.join(DIST, name), path.join(dir, name));
  }
  writeFileSync(path.join(dir, 'sw.js'), readFileSync(path.join(DIST, 'sw.js')));
  const server = await startServeDist(dir);
  return {
    origin: server.origin,
    redeploy: (sw) => writeFileSync(path.join(dir, 'sw.js'), sw),
    stop: () => {
      server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('after a deploy the page offers the new version, and Reload brings its service worker in', async ({ page }) => {
  const site = await deployableCopy();
  try {
    await page.goto(`${site.origin}/sign-in`);
    await controlledByServiceWorker(page);
    expect(await workerVersion(page)).toBe('first');

    // The deploy: a different sw.js (the same worker, also answering its version).
    site.redeploy(`${readFileSync(path.join(DIST, 'sw.js'), 'utf8')}
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'TRIAGE_TEST_VERSION') event.ports[0].postMessage('second');
});
`);
    // An open tab finds it at its next update check (hourly, or a navigation): ask now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

    const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Reload to start using it.');
    await settled(page);
    await shot(page, 'offline-05-new-version-available', { viewport: true });
    await expectAccessible(page, 'sign-in with the new-version prompt');
    // The old worker controls the page until the person chooses.
    expect(await workerVersion(page)).toBe('first');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await workerVersion(page)).toBe('second');
    await expect(page.getByRole('status').filter({ hasText: 'New version available' })).toHaveCount(0);
  } finally {
    site.stop();
  }
});
