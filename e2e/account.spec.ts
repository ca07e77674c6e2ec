/**
 * The account page (DESIGN §9), local backend: a customer with a request (an agent has replied
 * and written an internal note) adds a picture — a wrong file is refused with a sentence, a real
 * PNG is previewed and shown beside her messages, for her and for the agent — renames herself,
 * changes her password (the wrong current one first), downloads her data (her request and its
 * public replies, no note), and deletes her account (the wrong password first): she is signed
 * out, and the agent's ticket now says "Deleted user".
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseTheme, makePng, PRIYA, shot, signIn, signUp } from './support';

const stamp = Date.now().toString(36);
const customer = { name: 'Ada Avatar', email: `ada-${stamp}@example.test`, password: 'first password 42' };
const subject = `Account ${stamp}: the scanner is slow`;
const reply = 'Which model is it?';
const note = `Note ${stamp}: same scanner as last month.`;

/** Waits until an image of the page named by `selector` is decoded (a real picture, not initials). */
async function expectPicture(page: Page, selector: string) {
  const image = page.locator(selector).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test('a picture, a new name and password, my data, and deleting my account', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, customer);
  await page.goto('/requests/new');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('It takes a minute per page.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
  const ticketId = page.url().split('/').pop() ?? '';

  const agent = await context.newPage();
  await signIn(agent, PRIYA);
  await agent.goto(`/desk/tickets/${ticketId}`);
  await agent.getByRole('textbox', { name: 'Public reply' }).fill(reply);
  await agent.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agent.getByRole('article', { name: /^Reply by Priya/ })).toContainText(reply);
  await agent.getByRole('radio', { name: 'Internal note' }).check({ force: true });
  await agent.getByRole('textbox', { name: 'Internal note' }).fill(note);
  await agent.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agent.getByRole('article', { name: /^Internal note by Priya/ })).toContainText(note);

  // The picture: a text file is refused with a sentence; a PNG is previewed.
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByRole('alert')).toContainText('A picture is a PNG, JPEG, GIF or WebP image.');
  const png = makePng(96, 96, (x, y) => [40 + x * 2, 120, 200 - y]);
  await page.getByTestId('avatar-file').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('button', { name: 'Change picture' })).toBeVisible();
  await expectPicture(page, 'main .ant-avatar img');
  await expectPicture(page, 'header .ant-avatar img');
  await page.mouse.move(0, 0);
  await shot(page, 'account-01-light-with-picture');
  await chooseTheme(page, true);
  await shot(page, 'account-02-dark-with-picture');
  await chooseTheme(page, false);

  // The picture beside her message, for her and for the agent.
  await page.goto(`/requests/${ticketId}`);
  await expectPicture(page, `[aria-label="Reply by ${customer.name}"] .ant-avatar img`);
  await agent.reload();
  await expectPicture(agent, `[aria-label="Reply by ${customer.name}"] .ant-avatar img`);
  await shot(agent, 'account-03-picture-in-conversation');

  // A new name: an empty one is refused in place, a real one is saved.
  await page.goto('/account');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await name.fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ada Lovelace .*account menu$/ })).toBeVisible();

  // The password: the wrong current one changes nothing; the right one does.
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('second password 42');
  await page.getByLabel('New password again').fill('second password 42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('That is not your current password. Nothing was changed.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('second password 42');
  await page.getByLabel('Current password').fill(customer.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  // My data: the request and its public replies, never the internal note.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await (await downloading).path();
  const data = JSON.parse(await readFile(file, 'utf8')) as {
    profile: { email: string; displayName: string };
    requests: { subject: string; messages: { from: string; body: string }[] }[];
  };
  expect(data.profile).toMatchObject({ email: customer.email, displayName: 'Ada Lovelace' });
  expect(data.requests.map((request) => request.subject)).toEqual([subject]);
  expect(data.requests[0]?.messages.map((message) => [message.from, message.body])).toEqual([
    ['you', 'It takes a minute per page.'],
    ['support', reply],
  ]);
  expect(JSON.stringify(data)).not.toContain(note);

  // Deleting the account: the wrong password first, then the right (new) one.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your current password. Nothing was changed.');
  await shot(page, 'account-04-delete-refused');
  await dialog.getByLabel('Your password').fill('second password 42');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The desk keeps the ticket, with the requester anonymised.
  await agent.reload();
  await expect(agent.getByTestId('ticket-requester')).toHaveText('Deleted user');
  await expect(agent.getByRole('article', { name: 'Reply by Deleted user' })).toContainText(
    'It takes a minute per page.',
  );
  await shot(agent, 'account-05-ticket-after-deletion');
  await context.close();
});
