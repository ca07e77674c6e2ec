/**
 * Offline: an agent goes offline (`context.setOffline`), replies — the
 * reply shows as "Waiting to send" — reloads while still offline (the reply is still waiting),
 * reconnects, and the reply is delivered exactly once: one copy in the conversation, for her and
 * for a second agent, also after another reload.
 *
 * While offline the browser has no network at all, so the reload could not fetch the app's own
 * files. A real deployment would keep them in an app-shell cache; here the test plays that cache:
 * a route handler answers the app's file requests from Node (outside the offline browser) with the
 * server's own response and headers (CSP included). Nothing else passes: `navigator.onLine` is
 * false and the app's data goes through the local backend, which refuses writes while offline.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot, signInStaff } from './support';

test('a reply written offline waits, survives a reload and is delivered exactly once on reconnect', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The app-shell cache: the app's own files, fetched by Node, also while the browser is offline.
  await context.route(`${baseURL}/**`, async (route) => {
    const request = route.request();
    if (request.method() !== 'GET') return route.abort();
    const response = await fetch(request.url());
    const headers = Object.fromEntries(response.headers.entries());
    delete headers['content-encoding'];
    delete headers['content-length'];
    return route.fulfill({
      status: response.status,
      headers,
      body: Buffer.from(await response.arrayBuffer()),
    });
  });

  const priya = await signInStaff(context, 'priya@triage.test');
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

  // Reload, still offline: the ticket reads from the local data, the reply still waits.
  await priya.reload();
  await expect(heading).toBeVisible();
  await expect(priya.getByText('Offline', { exact: true })).toBeVisible();
  await expect(waiting).toContainText(reply);
  await expect(copies(priya)).toHaveCount(0);
  await shot(priya, 'offline-02-after-reload-still-waiting');

  // Reconnect: delivered, once.
  await context.setOffline(false);
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
