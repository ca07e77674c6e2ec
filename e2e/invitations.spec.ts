/**
 * Invitations (seeded local desk, DESIGN §1 "Invitations"): an admin pastes a list with a line
 * that is no address — told which line, nothing sent, the text kept — then invites a new agent
 * beside an address that already has an account (told so, not invited). The link comes from the
 * outgoing mail; the invitee chooses a name and password and lands in the desk as an agent. The
 * same link a second time is refused, and the list says "Accepted". Screenshots:
 * invitations-01-outcomes, invitations-02-join, invitations-03-list (1280 px).
 */
import { expect, test } from './fixtures';
import { ADMIN, settled, shot, signIn } from './support';

test('an admin invites an agent, who joins from the emailed link; the link works once', async ({ context, page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Invite people' });
  const addresses = dialog.getByLabel('Addresses');
  await addresses.fill('noor@example.test, Noor Haddad, agent\nnot-an-address');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByRole('alert')).toContainText('One line cannot be read');
  await expect(dialog.getByRole('alert')).toContainText('Line 2 (“not-an-address”): not an email address.');
  // Nothing was sent, and what was typed is still there to correct.
  await expect(addresses).toHaveValue('noor@example.test, Noor Haddad, agent\nnot-an-address');

  await addresses.fill('noor@example.test, Noor Haddad, agent\ndana@example.test');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  const outcomes = dialog.getByTestId('invitation-outcome');
  await expect(outcomes).toHaveText([
    'noor@example.test: invited.',
    'dana@example.test: has an account already; nothing sent. Change their role in the people list.',
  ]);
  await settled(page);
  await shot(page, 'invitations-01-outcomes');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('invitation').filter({ hasText: 'noor@example.test' });
  await expect(row).toContainText('Pending until');
  await expect(row).toContainText('Agent · invited by Alex Morgan');

  // The link, from the email the desk wrote.
  await page.goto('/admin/mail');
  const mail = page.getByTestId('outgoing-mail').filter({ hasText: 'Alex Morgan invited you to' });
  await expect(mail).toHaveCount(1);
  await mail.getByText('Text of the email').click();
  const text = (await mail.locator('pre').textContent()) ?? '';
  const link = /https?:\/\/\S+\/invitation#[\w-]+\.[\w-]+/.exec(text)?.[0] ?? '';
  expect(link).not.toBe('');

  // The invitee, in a tab of their own: name and password, then the desk.
  const invitee = await context.newPage();
  await invitee.goto(new URL(link).pathname + new URL(link).hash);
  await expect(invitee.getByRole('heading', { name: 'Join the desk' })).toBeVisible();
  await invitee.getByLabel('Your name').fill('Noor Haddad');
  await invitee.getByLabel('Password', { exact: true }).fill('noor-password');
  await invitee.getByLabel('Confirm password').fill('noor-password');
  await settled(invitee);
  await shot(invitee, 'invitations-02-join');
  await invitee.getByRole('button', { name: 'Join' }).click();
  await expect(invitee).toHaveURL(/\/desk/);
  await expect(invitee.getByRole('button', { name: /^Noor Haddad .*account menu$/ })).toBeVisible();

  // The same link again, once they signed out: used already.
  await invitee.getByRole('button', { name: /^Noor Haddad .*account menu$/ }).click();
  await invitee.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(invitee).toHaveURL(/\/sign-in/);
  await invitee.goto(new URL(link).pathname + new URL(link).hash);
  await invitee.getByLabel('Your name').fill('Someone Else');
  await invitee.getByLabel('Password', { exact: true }).fill('another-password');
  await invitee.getByLabel('Confirm password').fill('another-password');
  await invitee.getByRole('button', { name: 'Join' }).click();
  await expect(invitee.getByRole('alert')).toContainText('This invitation has been used already.');
  await expect(invitee.getByLabel('Your name')).toHaveValue('Someone Else');

  await page.goto('/admin');
  await expect(row).toContainText('Accepted');
  await expect(row.getByRole('button', { name: /Resend/ })).toHaveCount(0);
  await settled(page);
  await shot(page, 'invitations-03-list');
});
