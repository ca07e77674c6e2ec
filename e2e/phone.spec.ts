/**
 * Phone size (390 × 844, local backend): the side menu is a drawer opened from the header, and the
 * main screens of both roles fit the width — nothing wider than the window (screenshots of each
 * in test-results/screens/phone-*, the ticket in the dark theme too).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, DANA, PRIYA, chooseTheme, makePng, settled, shot, signIn } from './support';

test.use({ viewport: { width: 390, height: 844 } });

/** Fails when anything makes the page wider than the window (a horizontal scroll on a phone). */
async function expectFitsWidth(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: innerWidth }));
  expect(widths.page, 'page width at 390 px').toBeLessThanOrEqual(widths.window);
}

test('a customer at phone size: menu drawer, requests, a request, the new-request form', async ({ page }) => {
  await signIn(page, DANA);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expectFitsWidth(page);
  await shot(page, 'phone-01-customer-requests');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('menuitem', { name: /My requests/ })).toBeVisible();
  await settled(page);
  await shot(page, 'phone-02-menu-drawer', { viewport: true });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('link').filter({ hasText: /#\d+/ }).first().click();
  await expect(page).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'phone-03-customer-request');

  await page.goto('/requests/new');
  await expect(page.getByLabel('Subject')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'phone-04-customer-new-request');
});

test('an agent at phone size: the queue as cards and a ticket', async ({ page }) => {
  await signIn(page, PRIYA);
  // Cards, not a table that scrolls sideways: each with its subject link, status and priority.
  const cards = page.getByRole('list', { name: /^Queue:/ }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(cards.first().getByRole('link')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'phone-05-agent-queue');

  // The order, without column headers: a select.
  await page.getByLabel('Order').selectOption('createdAt-asc');
  await expect(page).toHaveURL(/sort=createdAt/);
  await expect(page).toHaveURL(/dir=asc/);
  await expect
    .poll(async () => {
      const numbers = (await cards.locator('.triage-card-number').allTextContents()).map((text) =>
        Number(text.replace(/\D/g, '')),
      );
      return numbers.length > 1 && numbers.every((number, index) => index === 0 || number > (numbers[index - 1] ?? 0));
    }, 'cards in ascending number order')
    .toBe(true);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog')
    .getByRole('menuitem', { name: /Macros/ })
    .click();
  await expect(page).toHaveURL(/\/macros/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goBack();

  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/desk\/tickets\//);
  await expect(page.getByRole('textbox', { name: 'Public reply' })).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'phone-06-agent-ticket');

  // The same in the dark theme.
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  await settled(page);
  await expectFitsWidth(page);
  await shot(page, 'phone-07-agent-ticket-dark');
  await page.getByRole('switch', { name: 'Dark theme' }).click();
});

for (const theme of ['light', 'dark'] as const) {
  test(`every main screen at phone size, ${theme} theme, with a photo from the camera roll`, async ({ context }) => {
    const dark = theme === 'dark';
    const name = (index: number, screen: string) => `phone-${theme}-${String(index).padStart(2, '0')}-${screen}`;
    /** Waits out animations, checks the width and keeps a screenshot. */
    const keep = async (page: Page, index: number, screen: string) => {
      await settled(page);
      await expectFitsWidth(page);
      await shot(page, name(index, screen));
    };

    const customer = await context.newPage();
    await signIn(customer, DANA);
    await chooseTheme(customer, dark);
    await keep(customer, 1, 'requests');

    // A new request with a photo picked from the phone's library (the picker accepts images).
    await customer.getByRole('button', { name: 'New request' }).first().click();
    await customer.getByLabel('Subject').fill(`Cracked screen photo (${theme})`);
    await customer
      .getByRole('textbox', { name: /Description/ })
      .fill('The screen cracked after the update. Photo attached.');
    const chooser = customer.waitForEvent('filechooser', { timeout: 10_000 });
    await customer.getByRole('button', { name: /Attach/ }).click();
    await (
      await chooser
    ).setFiles({
      name: 'IMG_0412.png',
      mimeType: 'image/png',
      buffer: makePng(120, 90, (x, y) => [40 + x, 80 + y, 160]),
    });
    await expect(customer.getByText('Uploaded').first()).toBeVisible();
    await keep(customer, 2, 'new-request-with-photo');
    await customer.getByRole('button', { name: /Submit|Send request/ }).click();
    await expect(customer).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
    await expect(customer.getByRole('img', { name: 'IMG_0412.png' })).toBeVisible();
    // …and a reply in the conversation, from the phone.
    await customer.getByRole('textbox', { name: 'Your reply' }).fill('One more: it also flickers when charging.');
    await customer.getByRole('button', { name: 'Send reply' }).click();
    await expect(customer.getByRole('article').filter({ hasText: 'it also flickers when charging' })).toBeVisible();
    await keep(customer, 3, 'request-with-photo-and-reply');

    const guest = await context.newPage();
    await guest.goto('/sign-in');
    await expect(guest.locator('form')).toBeVisible();
    await keep(guest, 4, 'sign-in');

    await signIn(guest, PRIYA);
    await expect(guest.getByRole('list', { name: /^Queue:/ })).toBeVisible();
    await keep(guest, 5, 'queue');
    await guest
      .getByRole('list', { name: /^Queue:/ })
      .getByRole('link')
      .first()
      .click();
    await expect(guest.getByRole('textbox', { name: 'Public reply' })).toBeVisible();
    await keep(guest, 6, 'ticket');
    await guest.goto('/macros');
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await keep(guest, 7, 'macros');

    const admin = await context.newPage();
    await signIn(admin, ADMIN);
    await admin.goto('/admin');
    await expect(admin.getByText('dana@example.test')).toBeVisible();
    await keep(admin, 8, 'admin');
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await expect(admin.getByRole('dialog')).toBeVisible();
    await settled(admin);
    await shot(admin, name(9, 'menu-drawer'), { viewport: true });
    await admin.keyboard.press('Escape');

    // The emails the customer's request and reply caused, one open.
    await admin.goto('/admin/mail');
    await expect(admin.getByTestId('outgoing-mail').first()).toBeVisible();
    await admin.getByTestId('outgoing-mail').first().locator('summary').click();
    await keep(admin, 10, 'outgoing-mail');

    // The desk settings (DESIGN §10).
    await admin.goto('/admin/settings');
    await expect(admin.getByTestId('sla-policy-urgent')).toBeVisible();
    await keep(admin, 12, 'desk-settings');

    // The customer's account page.
    await customer.goto('/account');
    await expect(customer.getByRole('switch', { name: 'Updates on my requests' })).toBeVisible();
    await keep(customer, 11, 'account');
  });
}
