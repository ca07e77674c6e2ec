/**
 * An admin changes a role on /admin (seeded local desk): the confirmation names the person and
 * what the role sees, Cancel keeps the role, confirming changes it with a sentence for a toast.
 * A screenshot of the confirmation at 1280 px. The desk switch "assign a new ticket to the agent
 * who first replies" turns off and on, said in a sentence each time.
 */
import { expect, test } from './fixtures';
import { settled, shot } from './support';

test('an admin is asked before a role changes, and told in a sentence after', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('admin@triage.test');
  await page.getByLabel('Password').fill('triage-admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/desk/);
  await page.goto('/admin');

  const name = 'Luis Romero';
  const row = page.locator('.ant-list-item').filter({ hasText: 'luis@example.test' });
  // The last of the row's selects (a customer's row has their organisation's first).
  const role = row.locator('.ant-select').last();
  await role.click();
  await page.locator('.ant-select-item-option[title="Agent"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Make ${name} an agent?`);
  await expect(dialog).toContainText('internal notes included');
  // Settled: the menu closed and the dialog's entrance animation done.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await settled(page);
  await shot(page, 'admin-01-role-change-confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Customer');

  await role.click();
  await page.locator('.ant-select-item-option[title="Agent"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make an agent' }).click();
  await expect(page.getByText(`${name} is now an agent.`)).toBeVisible();
  await expect(row).toContainText('Agent');

  const assignOnReply = page.getByRole('switch', { name: 'Assign a new ticket to the agent who first replies' });
  await expect(assignOnReply).toBeChecked();
  await assignOnReply.click();
  await expect(page.getByText(/Replying no longer assigns a ticket/)).toBeVisible();
  await expect(assignOnReply).not.toBeChecked();
  // Settled: the switch's and the toast's transitions done.
  await settled(page);
  await shot(page, 'admin-02-assign-on-reply-off');
  await assignOnReply.click();
  await expect(page.getByText(/now goes to the agent who first replies/)).toBeVisible();
  await expect(assignOnReply).toBeChecked();
});
