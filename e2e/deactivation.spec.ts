/**
 * An admin deactivates an agent who is signed in and holds open tickets (seeded local desk; two
 * tabs of one browser, each signed in only in itself): the agent's tab is signed out at once, the
 * agent cannot sign in again and is told why, every open ticket they held now belongs to the
 * colleague the admin chose, and the history names them "(deactivated)". Reactivated, they sign
 * in again. DESIGN §1 "Deactivated people". Screenshots: deactivation-01-dialog,
 * deactivation-02-history.
 */
import { expect, test } from './fixtures';
import { ADMIN, settled, shot, signIn, signInStaff } from './support';

const SAM = { email: 'sam@triage.test', password: 'triage-agent', home: /\/desk/ };

test('a deactivated agent is out at once, their open tickets go to a colleague, and history names them', async ({
  context,
}) => {
  // Sam, signed in, on his own open tickets: the first one is what the journey follows.
  const sam = await signInStaff(context, SAM.email);
  await sam.goto('/desk?view=mine');
  const firstRow = sam.locator('tbody tr[data-ticket-id]').first();
  await expect(firstRow).toBeVisible();
  const ticketId = (await firstRow.getAttribute('data-ticket-id')) ?? '';
  expect(ticketId).not.toBe('');

  // The admin, in another tab, deactivates him and gives his open tickets to Priya.
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin');
  const row = admin.locator('.ant-list-item').filter({ hasText: SAM.email });
  await row.getByRole('button', { name: 'Deactivate Sam Okafor' }).click();
  const dialog = admin.getByRole('dialog').filter({ hasText: 'Deactivate Sam Okafor?' });
  await expect(dialog).toContainText('They are signed out at once');
  await dialog.locator('.ant-select').click();
  await admin.locator('.ant-select-item-option[title="Reassign them all to Priya Shah"]').click();
  await expect(admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await settled(admin);
  await shot(admin, 'deactivation-01-dialog');
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(admin.getByText(/^Sam Okafor is deactivated\. \d+ open tickets? moved\.$/)).toBeVisible();
  await expect(row).toContainText('Deactivated');

  // Sam's tab is signed out without him doing anything, and he cannot come back.
  await expect(sam).toHaveURL(/\/sign-in/);
  await sam.getByLabel('Email').fill(SAM.email);
  await sam.getByLabel('Password').fill(SAM.password);
  await sam.getByRole('button', { name: 'Sign in' }).click();
  await expect(sam.getByRole('alert')).toContainText('This account has been disabled.');
  await expect(sam).toHaveURL(/\/sign-in/);

  // His ticket is Priya's now, and its history says who moved it from whom.
  await admin.goto(`/desk/tickets/${ticketId}`);
  await expect(admin.getByTestId('assignee-name')).toHaveText('Priya Shah');
  await expect(
    admin
      .getByTestId('activity-entry')
      .filter({ hasText: 'reassigned the ticket from Sam Okafor (deactivated) to Priya Shah' }),
  ).toHaveCount(1);
  await settled(admin);
  await shot(admin, 'deactivation-02-history');

  await admin.goto('/admin');
  await row.getByRole('button', { name: 'Reactivate Sam Okafor' }).click();
  await admin
    .getByRole('dialog')
    .filter({ hasText: 'Reactivate Sam Okafor?' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(admin.getByText('Sam Okafor can sign in again.')).toBeVisible();

  // Reactivated: he signs in again, with nothing of his left open.
  await signIn(sam, SAM);
  await sam.goto('/desk?view=mine');
  await expect(sam.getByText('Nothing is assigned to you right now.')).toBeVisible();
});
