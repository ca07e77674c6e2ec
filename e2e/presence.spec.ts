/**
 * Collision detection: two agents on one ticket see each other's presence
 * and typing, live, and it clears within seconds when one leaves the ticket or closes the tab.
 * Two pages of one browser context, since the local backend's data lives in the browser
 * profile and its session is per tab: Priya in one, Sam in the other.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot, signInStaff } from './support';

/** How soon a leave must show on the other page (the entry itself would last 30 s). */
const CLEARS_WITHIN_MS = 5_000;

/** The ticket screen's heading, "#12 Subject". */
function ticketHeading(page: Page) {
  return page.getByRole('heading', { name: /^#\d+ / });
}

function presence(page: Page) {
  return page.getByTestId('ticket-presence');
}

test('two agents on one ticket see each other viewing and typing, and it clears when one leaves', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const priya = await signInStaff(context, 'priya@triage.test');
  const sam = await signInStaff(context, 'sam@triage.test');

  // Priya opens the first open ticket of "All open"; Sam follows her link.
  await priya.goto('/desk?view=open');
  await priya.getByRole('table', { name: /queue/i }).getByRole('link').first().click();
  await expect(priya).toHaveURL(/\/desk\/tickets\//);
  const ticketUrl = new URL(priya.url()).pathname;
  await expect(ticketHeading(priya)).toBeVisible();
  await sam.goto(ticketUrl);

  // Each sees the other viewing; nobody sees themselves.
  await expect(presence(priya).getByText('Sam Okafor is viewing')).toBeVisible();
  await expect(presence(sam).getByText('Priya Shah is viewing')).toBeVisible();
  await expect(presence(priya).getByText(/Priya Shah/)).toHaveCount(0);
  await shot(priya, 'presence-01-priya-sees-sam-viewing');

  // Sam writes a reply: Priya sees him typing; it stops when he leaves the box.
  const box = sam.getByRole('textbox', { name: 'Public reply' });
  await box.click();
  await box.pressSequentially('Looking at this one now', { delay: 20 });
  await expect(presence(priya).getByText('Sam Okafor is typing…')).toBeVisible();
  await shot(priya, 'presence-02-priya-sees-sam-typing');
  await shot(sam, 'presence-03-sam-typing-sees-priya');
  await ticketHeading(sam).click();
  await expect(presence(priya).getByText('Sam Okafor is viewing')).toBeVisible();

  // Sam goes back to the queue (in the app): he is gone from Priya's screen at once.
  await sam.getByRole('link', { name: 'Back to queue' }).click();
  await expect(sam).toHaveURL(/\/desk(\?|$)/);
  await expect(presence(priya).getByTestId('presence-entry')).toHaveCount(0, { timeout: CLEARS_WITHIN_MS });

  // Sam comes back, then closes his tab: gone within seconds too.
  await sam.goto(ticketUrl);
  await expect(presence(priya).getByText('Sam Okafor is viewing')).toBeVisible();
  await sam.close({ runBeforeUnload: true });
  await expect(presence(priya).getByTestId('presence-entry')).toHaveCount(0, { timeout: CLEARS_WITHIN_MS });
  await shot(priya, 'presence-04-priya-alone-again');
});
