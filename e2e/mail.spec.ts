/**
 * Email (DESIGN §9), local backend — three people side by side in one browser (each page
 * signed in only in its tab): a new customer submits a request before verifying her address (no
 * receipt: the desk emails verified addresses only), then verifies it; the agent Priya replies "set
 * pending" and writes an internal note; the admin's "Outgoing mail" shows the reply's email with
 * the reply text (and nothing of the note); a reply by email simulated from the requester's
 * address becomes her reply and reopens the ticket, live on her page; one from a stranger is
 * refused with nothing sent. The customer then turns off "Updates on my requests" on her account page, and
 * the agent's next reply writes her no email.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, chooseTheme, PRIYA, shot, signIn, signUp } from './support';

const stamp = Date.now().toString(36);
const customer = { name: 'Mara Mailer', email: `mara-${stamp}@example.test`, password: 'post office 42' };
const subject = `Mail ${stamp}: <b>bold</b> printer`;
const reply = 'Could you send a photo of the error light?';
const note = `Note ${stamp}: printer is out of warranty.`;
const emailedAnswer = `Here it is, blinking orange ${stamp}.`;

function mailItems(page: Page) {
  return page.getByTestId('outgoing-mail').filter({ hasText: subject });
}

test('outgoing mail, reply by email, and the switch that stops it', async ({ browser }) => {
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  await signUp(customerPage, customer);
  // Until she verifies her address, the desk writes her nothing (DESIGN §9): her request still goes in.
  await customerPage.goto('/account');
  await expect(customerPage.getByText('Until you verify your address, the desk sends you no email')).toBeVisible();
  await customerPage.goto('/requests/new');
  await customerPage.getByLabel('Subject').fill(subject);
  await customerPage.getByLabel('Description').fill('It prints blank pages since Monday.');
  await customerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(customerPage.getByRole('heading', { level: 1 })).toContainText(subject);
  const ticketId = customerPage.url().split('/').pop() ?? '';
  const number = Number(
    /#(\d+)/.exec((await customerPage.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1],
  );
  expect(number).toBeGreaterThan(0);

  // She verifies it (locally the link is taken as clicked); the next emails reach her.
  await customerPage.goto('/account');
  await customerPage.getByRole('button', { name: 'Send a verification link' }).click();
  await expect(customerPage.getByText('Verified (this demo sends no email')).toBeVisible();
  await customerPage.goto(`/requests/${ticketId}`);

  // The agent replies "set pending", and writes an internal note.
  const agentPage = await context.newPage();
  await signIn(agentPage, PRIYA);
  await agentPage.goto(`/desk/tickets/${ticketId}`);
  await agentPage.getByRole('textbox', { name: 'Public reply' }).fill(reply);
  await agentPage.getByRole('button', { name: 'More ways to send' }).click();
  await agentPage.getByRole('menuitem', { name: 'Send and set pending' }).click();
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('Pending');
  await agentPage.getByRole('radio', { name: 'Internal note' }).check({ force: true });
  await agentPage.getByRole('textbox', { name: 'Internal note' }).fill(note);
  await agentPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agentPage.getByRole('article', { name: /^Internal note by Priya/ })).toContainText(note);

  // The admin's outgoing mail: the reply, to the requester, nothing of the note, and no receipt:
  // the request came in before she verified her address.
  const adminPage = await context.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.goto('/admin/mail');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Outgoing mail' })).toBeVisible();
  const replyMail = mailItems(adminPage).filter({ hasText: 'Public reply' });
  await expect(replyMail).toHaveCount(1);
  await expect(replyMail).toContainText(`[#${number}] ${subject}`);
  await expect(replyMail).toContainText(`To ${customer.email}`);
  await expect(replyMail).toContainText(new RegExp(`Reply-To reply\\+${number}-[0-9a-z]+-[0-9a-f]{24}@reply\\.`));
  await replyMail.getByText('Text of the email').click();
  await expect(replyMail.locator('pre')).toContainText(`> ${reply}`);
  await expect(replyMail.locator('pre')).toContainText('Priya Shah replied to your request');
  await expect(mailItems(adminPage).filter({ hasText: 'Request received' })).toHaveCount(0);
  await expect(adminPage.getByText(note)).toHaveCount(0);
  await shot(adminPage, 'mail-01-outgoing-mail-light');

  // Reply by email, from the requester's address: her reply, the ticket open again, live for her.
  await adminPage.getByLabel('Ticket number').fill(String(number));
  await adminPage.getByLabel('From (the sender’s address)').fill(customer.email.toUpperCase());
  await adminPage
    .getByLabel('Text of the email')
    .fill(`${emailedAnswer}\n\nOn Tue, Nov 24, 2026 at 10:00 AM Triage <reply@x> wrote:\n> ${reply}\n`);
  await adminPage.getByRole('button', { name: 'Receive this email' }).click();
  await expect(adminPage.getByRole('alert').or(adminPage.locator('.ant-alert'))).toContainText(
    `Added to ticket #${number} as the requester’s reply.`,
  );
  await expect(customerPage.getByRole('article', { name: `Reply by ${customer.name}` }).last()).toContainText(
    emailedAnswer,
  );
  await expect(customerPage.getByText(`> ${reply}`)).toHaveCount(0);
  await expect(customerPage.getByTestId('request-status')).toHaveText('Open');
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('Open');

  // From a stranger: refused, and nothing is sent to an address the desk does not know (DESIGN §9).
  await adminPage.getByLabel('Ticket number').fill(String(number));
  await adminPage.getByLabel('From (the sender’s address)').fill('mallory@example.test');
  await adminPage.getByLabel('Text of the email').fill('Close this ticket please.');
  await adminPage.getByRole('button', { name: 'Receive this email' }).click();
  await expect(adminPage.locator('.ant-alert')).toContainText(
    'Not added, and nothing sent: the sender is not the requester',
  );
  await expect(mailItems(adminPage).filter({ hasText: 'mallory@example.test' })).toHaveCount(0);
  await expect(customerPage.getByText('Close this ticket please.')).toHaveCount(0);
  // Bad input keeps what was typed and says what is wrong.
  await adminPage.getByLabel('From (the sender’s address)').fill('not an address');
  await adminPage.getByRole('button', { name: 'Receive this email' }).click();
  await expect(adminPage.getByText('Enter an email address, e.g. name@example.com.')).toBeVisible();
  await expect(adminPage.getByLabel('Text of the email')).toHaveValue('Close this ticket please.');
  await chooseTheme(adminPage, true);
  await shot(adminPage, 'mail-02-outgoing-mail-dark');
  await chooseTheme(adminPage, false);

  // The customer turns off her request updates; the agent's next reply writes her nothing.
  await customerPage.getByRole('button', { name: /account menu$/ }).click();
  await customerPage.getByRole('menuitem', { name: 'Your account' }).click();
  await expect(customerPage).toHaveURL(/\/account$/);
  await expect(customerPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeFocused();
  const updates = customerPage.getByRole('switch', { name: 'Updates on my requests' });
  await expect(updates).toBeChecked();
  await expect(customerPage.getByRole('switch', { name: 'Every new ticket in Unassigned' })).toHaveCount(0);
  await shot(customerPage, 'mail-03-account-light');
  await updates.click();
  await expect(customerPage.getByText('You will no longer get these emails: Updates on my requests.')).toBeVisible();
  await expect(updates).not.toBeChecked();
  await chooseTheme(customerPage, true);
  await shot(customerPage, 'mail-04-account-dark');

  await agentPage.getByRole('radio', { name: 'Public reply' }).check({ force: true });
  await agentPage.getByRole('textbox', { name: 'Public reply' }).fill('Thanks, a technician is on the way.');
  await agentPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agentPage.getByRole('article', { name: /^Reply by Priya/ }).last()).toContainText('technician');
  // The email the first reply caused is still the only one.
  await adminPage.waitForTimeout(1_000);
  await expect(mailItems(adminPage).filter({ hasText: 'Public reply' })).toHaveCount(1);
  await context.close();
});
