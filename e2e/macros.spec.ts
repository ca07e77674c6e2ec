/**
 * Reply-only macros (what canned replies were) on the local backend: an agent writes a personal
 * macro with placeholders, opens a ticket, inserts it from the composer and sees the placeholders
 * filled with the requester's name, the ticket number and their own name — nothing is written
 * until they send.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIRST_SIGN_IN_MS, shot } from './support';

async function signInAsSeeded(page: Page, role: 'agent' | 'customer'): Promise<void> {
  await page.goto('/sign-in');
  await page
    .locator('.triage-demo-account', { hasText: new RegExp(`· ${role}`) })
    .first()
    .getByRole('button', { name: /^Use / })
    .click();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an agent writes a reply-only macro and inserts it into a ticket with its placeholders filled', async ({
  page,
}) => {
  await signInAsSeeded(page, 'agent');
  await expect(page).toHaveURL(/\/desk(\?|$)/, { timeout: FIRST_SIGN_IN_MS });
  const account = page.getByRole('button', { name: /account menu$/ });
  const agentName = (await account.locator('.triage-header-name').textContent()) ?? '';
  expect(agentName).not.toBe('');

  await page.getByRole('menuitem', { name: /Macros/ }).click();
  await expect(page).toHaveURL(/\/macros$/);
  await page.getByRole('button', { name: /New macro/ }).click();
  const form = page.getByRole('form', { name: 'New macro' });
  await form.getByLabel('Title').fill('Looking into it');
  await form
    .getByLabel('Public reply (optional)')
    .fill('Hi {{requester.firstName}}, I am on ticket #{{ticket.number}} now. — {{agent.name}}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Your personal macros' }).getByText('Looking into it')).toBeVisible();
  await shot(page, 'macros-01-list');

  await page.getByRole('menuitem', { name: /Desk/ }).click();
  const row = page.locator('tbody tr[data-ticket-id]').first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/desk\/tickets\//);
  const number = (await page.getByTestId('ticket-number').textContent())?.replace(/\D/g, '') ?? '';
  const requester = (await page.getByTestId('ticket-requester').textContent())?.trim() ?? '';
  expect(number).not.toBe('');
  expect(requester).not.toBe('');

  await page.getByRole('button', { name: /Macros/ }).click();
  await page.getByRole('searchbox', { name: 'Search macros' }).fill('looking');
  await page
    .getByRole('list', { name: 'Macros' })
    .getByRole('button', { name: /Looking into it/ })
    .click();
  const reply = page.getByRole('textbox', { name: 'Public reply' });
  await expect(reply).toHaveValue(`Hi ${requester.split(' ')[0]}, I am on ticket #${number} now. — ${agentName}`);
  await shot(page, 'macros-02-inserted');
});
