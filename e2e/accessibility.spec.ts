/**
 * Accessibility checked by machine (DESIGN §8), local backend: axe-core (WCAG 2.1 A/AA, contrast
 * included) on every screen and its main states — the guest forms and their errors, the
 * customer's list, form (with its errors), request and a forbidden page, the agent's queue, an
 * empty view, the shortcuts dialog, the account menu, a ticket with its send menu, the canned
 * replies, a page that does not exist, the admin's people and desk settings — in the light and dark themes, left
 * to right (English) and right to left (Arabic, from the browser's language). Each check prints
 * `axe <screen> (<language>, <theme>): …`; any serious or critical violation fails.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, DANA, PRIYA, chooseTheme, expectAccessible, settled, signInInAnyLanguage } from './support';

/** Opens a page of the context signed in (in that tab only) as `account`, in the chosen theme. */
async function signedIn(
  context: BrowserContext,
  account: { email: string; password: string; home: RegExp },
  dark: boolean,
): Promise<Page> {
  const page = await context.newPage();
  await signInInAnyLanguage(page, account);
  await chooseTheme(page, dark);
  return page;
}

/** Checks what the page shows once its animations are over. */
async function check(page: Page, label: string): Promise<void> {
  await settled(page);
  await expectAccessible(page, label);
}

for (const locale of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${locale}, ${theme}`, () => {
      test.use({ locale });
      const dark = theme === 'dark';
      const is = (screen: string) => `${screen} (${locale}, ${theme})`;

      test(`every screen and its main states pass axe (${locale}, ${theme})`, async ({ context }) => {
        test.setTimeout(120_000);
        // The customer (the theme chosen here is kept by the browser for the guest pages below).
        const customer = await signedIn(context, DANA, dark);
        await expect(customer.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect(customer.getByRole('link').filter({ hasText: /#\d+/ }).first()).toBeVisible();
        await check(customer, is('my requests'));

        await customer.locator('header .ant-dropdown-trigger').click();
        await expect(customer.locator('.ant-dropdown-menu')).toBeVisible();
        await check(customer, is('account menu'));
        await customer.keyboard.press('Escape');

        await customer.getByRole('link').filter({ hasText: /#\d+/ }).first().click();
        await expect(customer.getByRole('feed')).toBeVisible();
        await check(customer, is('request'));

        // The account page, with the password form's errors shown.
        await customer.goto('/account');
        await expect(customer.getByRole('switch').nth(1)).toBeVisible();
        await customer.locator('form button[type="submit"]').last().click();
        await expect(customer.locator('.ant-form-item-explain-error').first()).toBeVisible();
        await check(customer, is('account page with errors'));

        await customer.goto('/requests/new');
        await customer.locator('form button[type="submit"]').click();
        await expect(customer.locator('.ant-form-item-explain-error, [role="alert"]').first()).toBeVisible();
        await check(customer, is('new request with errors'));

        await customer.goto('/desk');
        await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
        await check(customer, is('forbidden page'));
        await customer.close();

        // Signed out.
        const guest = await context.newPage();
        await guest.goto('/sign-in');
        await guest.locator('form button[type="submit"]').click();
        await expect(guest.locator('[role="alert"]').first()).toBeVisible();
        await check(guest, is('sign-in with errors'));
        await guest.goto('/sign-up');
        await guest.locator('form button[type="submit"]').click();
        const fieldErrors = guest.locator('.ant-form-item-explain-error');
        await expect(fieldErrors.first()).toBeVisible();
        // The domain's refusals in the reader's language, not the schemas' English.
        if (locale === 'ar') await expect(fieldErrors.first()).toHaveText('اكتب اسمك.');
        await check(guest, is('sign-up with errors'));
        await guest.goto('/reset-password');
        await expect(guest.locator('form')).toBeVisible();
        await check(guest, is('reset password'));
        await guest.close();

        // The agent.
        const agent = await signedIn(context, PRIYA, dark);
        await expect(agent.getByRole('table')).toBeVisible();
        await check(agent, is('queue'));
        await agent.keyboard.press('?');
        await expect(agent.getByRole('dialog')).toBeVisible();
        await check(agent, is('shortcuts dialog'));
        await agent.keyboard.press('Escape');
        await expect(agent.getByRole('dialog')).toBeHidden();

        await agent.goto('/desk?view=all&q=no-ticket-says-this');
        await expect(agent.locator('.ant-empty')).toBeVisible();
        await check(agent, is('queue, nothing matches'));

        await agent.goto('/desk');
        await agent.getByRole('row').nth(1).getByRole('link').first().click();
        await expect(agent.getByRole('feed')).toBeVisible();
        await check(agent, is('ticket'));
        await agent
          .locator('[data-testid="composer"] .ant-dropdown-trigger, .ant-space-compact .ant-dropdown-trigger')
          .first()
          .click();
        await expect(agent.locator('.ant-dropdown-menu')).toBeVisible();
        await check(agent, is('ticket, send menu'));
        await agent.keyboard.press('Escape');

        await agent.goto('/canned-replies');
        await expect(agent.getByRole('heading', { level: 1 })).toBeVisible();
        await check(agent, is('canned replies'));

        await agent.goto('/no-such-page');
        await expect(agent.getByRole('heading', { level: 1 })).toBeVisible();
        await check(agent, is('page not found'));
        await agent.close();

        // The admin.
        const admin = await signedIn(context, ADMIN, dark);
        await admin.goto('/admin');
        await expect(admin.getByText('dana@example.test')).toBeVisible();
        await check(admin, is('admin: people and settings'));

        // Outgoing mail: a simulated reply from a stranger bounces (an email in the list, its text
        // open, the outcome shown), then an empty form shows its errors.
        await admin.goto('/admin/mail');
        await admin.locator('form input').nth(0).fill('1');
        await admin.locator('form input').nth(1).fill('stranger@example.test');
        await admin.locator('form textarea').fill('Is this the right address?');
        await admin.locator('form button[type="submit"]').click();
        await expect(admin.getByTestId('outgoing-mail').first()).toBeVisible();
        await admin.getByTestId('outgoing-mail').first().locator('summary').click();
        await admin.locator('form input').nth(1).fill('');
        await admin.locator('form button[type="submit"]').click();
        await expect(admin.locator('.ant-form-item-explain-error').first()).toBeVisible();
        await check(admin, is('outgoing mail'));

        // Desk settings (DESIGN §10): the form, then a Sunday that closes before it opens and an
        // empty desk name, saved: each error at its field.
        await admin.goto('/admin/settings');
        await expect(admin.getByTestId('sla-policy-urgent')).toBeVisible();
        await check(admin, is('desk settings'));
        await admin.locator('[data-testid="day-sun"] input[type="checkbox"]').check();
        await admin.locator('[data-testid="day-sun"] input[type="time"]').nth(1).fill('08:00');
        await admin.locator('form input').first().fill('');
        await admin.locator('form button[type="submit"]').click();
        await expect(admin.locator('.ant-form-item-explain-error')).toHaveCount(2);
        await check(admin, is('desk settings with errors'));
        // The ticket's SLA card (a seeded open ticket of the desk).
        await admin.goto('/desk?view=breached');
        await admin.locator('tr[data-ticket-id] a').first().click();
        await expect(admin.getByTestId('ticket-sla')).toBeVisible();
        await check(admin, is('ticket with its SLA card'));
      });
    });
  }
}
