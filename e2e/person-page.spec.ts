/**
 * A person's page (seeded local desk, DESIGN §1 "A person's page"): from a ticket, Priya opens its
 * requester's page — their card and requests — and from there the queue of all their requests;
 * the admin reaches an agent's page from the people list, with the tickets the agent holds.
 * Screenshots: person-01-customer (1280 px), person-02-agent-phone-ar-dark (390 px, Arabic, dark).
 */
import { expect, test } from './fixtures';
import { ADMIN, chooseTheme, PRIYA, settled, shot, signIn } from './support';

test("a ticket's requester has a page with their requests; an agent's lists the tickets they hold", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, PRIYA);
  await page.goto('/desk?view=open&status=open&sort=createdAt&dir=desc');
  const row = page
    .getByRole('table', { name: /^Queue/ })
    .locator('tbody tr[data-ticket-id]')
    .first();
  await row.locator('td[data-column="subject"] a').click();
  const requester = page.getByTestId('ticket-requester');
  const name = (await requester.textContent()) ?? '';
  await requester.click();
  await expect(page).toHaveURL(/\/desk\/people\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Requests \(\d+\)$/)).toBeVisible();
  await settled(page);
  await shot(page, 'person-01-customer');
  await page.getByRole('link', { name: 'All their requests in the queue' }).click();
  await expect(page).toHaveURL(/\/desk\?view=all&requester=/);
  await expect(
    page
      .getByRole('table', { name: /^Queue/ })
      .locator('tbody tr[data-ticket-id]')
      .first(),
  ).toBeVisible();

  // The admin, from the people list, on a phone, in Arabic and dark.
  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Sam Okafor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Okafor' })).toBeVisible();
  await expect(page.getByText(/^Assigned to them \(\d+\)$/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Language').selectOption('ar');
  await chooseTheme(page, true);
  await expect(page.getByText(/^المسندة إليه \(\d+\)$/)).toBeVisible();
  await settled(page);
  await shot(page, 'person-02-agent-phone-ar-dark', { viewport: true });
});
