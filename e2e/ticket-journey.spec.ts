/**
 * Ticket round trip: a customer and an agent side by side — two pages
 * of one browser context, since the local backend's data lives in the browser profile, each
 * signed in "only in this tab". The customer submits a request with a file and a screenshot (previewed
 * inline for both); the agent's
 * queue shows it live, without a reload; the agent assigns it and replies "set pending";
 * the customer sees the reply live and answers, which reopens it; the agent adds an internal
 * note the customer never sees, then solves; the customer reopens by replying.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makePng, PRIYA, shot, signIn, signUp } from './support';

const stamp = Date.now().toString(36);
const customer = { name: 'Rosa Requester', email: `rosa-${stamp}@example.test`, password: 'correct horse 42' };
const subject = `Invoice ${stamp} shows the wrong VAT number`;
const description = 'The invoice for October lists our old VAT number. Can you fix it?';
/** Words only in the agent's public reply and in the internal note (the search finds conversations). */
const replyWord = `vatref${stamp}`;
const noteWord = `ledger${stamp}`;
const agentReply = `Thanks Rosa — which VAT number should the invoice show? Our reference: ${replyWord}.`;
const customerAnswer = 'It should be GB123456789.';
const internalNote = `Billing system note: VAT numbers sync nightly, see ${noteWord}.`;
const customerReopen = 'The corrected invoice still shows the old number.';

function signInAgent(page: Page): Promise<void> {
  return signIn(page, PRIYA);
}

function signUpCustomer(page: Page): Promise<void> {
  return signUp(page, customer);
}

/** Asserts the inline preview of an image attachment is shown and was really decoded. */
async function expectDecodedImage(page: Page, name: string): Promise<void> {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

/** The status tag in a ticket's header (the agent's ticket or the customer's request). */
function headerStatus(page: Page) {
  return page.getByTestId(/^(ticket|request)-status$/);
}

test('a request goes from customer to agent and back, live, in two tabs', async ({ context }) => {
  test.setTimeout(120_000);
  const customerPage = await context.newPage();
  const agentPage = await context.newPage();

  await signUpCustomer(customerPage);
  await signInAgent(agentPage);
  await agentPage.goto('/desk?view=unassigned');
  await expect(agentPage.getByRole('table', { name: /queue/i })).toBeVisible();
  await shot(agentPage, 'ticket-01-agent-queue-before');

  // The customer writes a request with an attachment.
  await customerPage.getByRole('button', { name: 'New request' }).first().click();
  await expect(customerPage).toHaveURL(/\/requests\/new$/);
  // One click on the untouched form: every field's message at once, focus on the first.
  await customerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(customerPage.getByText('The subject needs at least 3 characters.')).toBeVisible();
  await expect(customerPage.getByText('Write a message.')).toBeVisible();
  await expect(customerPage.getByLabel('Subject')).toBeFocused();
  await shot(customerPage, 'ticket-02-customer-new-request-validation');
  await customerPage.getByLabel('Subject').fill(subject);
  await customerPage.getByLabel('Description').fill(description);
  await customerPage.getByLabel('Attach files').setInputFiles({
    name: 'invoice-october.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Invoice 2026-10\nVAT: GB000000000\nTotal: 120.00 EUR\n'),
  });
  await customerPage.getByLabel('Attach files').setInputFiles({
    name: 'invoice-screenshot.png',
    mimeType: 'image/png',
    // A "page" with a header bar and three lines of text, 320×200.
    buffer: makePng(320, 200, (x, y) =>
      y < 32 ? [22, 119, 255] : y % 40 < 12 && x > 24 && x < 24 + ((y * 7) % 240) ? [90, 90, 90] : [250, 250, 250],
    ),
  });
  await expect(customerPage.getByTestId('attachment-item')).toHaveCount(2);
  for (const item of await customerPage.getByTestId('attachment-item').all()) {
    await expect(item).toHaveAttribute('data-state', 'done');
  }
  await shot(customerPage, 'ticket-03-customer-new-request-filled');
  await customerPage.getByRole('button', { name: 'Send request' }).click();

  await expect(customerPage).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
  await expect(customerPage.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
  await expect(customerPage.getByRole('link', { name: 'invoice-october.txt' })).toBeVisible();

  // The agent's queue shows it live, without a reload (how soon: `npm run bench:live-queue`).
  const row = agentPage.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await shot(agentPage, 'ticket-05-agent-queue-shows-request');
  await expectDecodedImage(customerPage, 'invoice-screenshot.png');
  await shot(customerPage, 'ticket-04-customer-request-sent');

  // The agent assigns it to themselves (a new ticket opens) and replies "set pending".
  await row.getByRole('link', { name: subject }).click();
  await expect(agentPage).toHaveURL(/\/desk\/tickets\//);
  await expect(headerStatus(agentPage)).toHaveText('New');
  // The screenshot is previewed inline; a click opens it full size.
  await expectDecodedImage(agentPage, 'invoice-screenshot.png');
  await agentPage.getByRole('button', { name: 'View invoice-screenshot.png full size' }).click();
  await expect(agentPage.locator('.ant-image-preview-img')).toBeVisible();
  await shot(agentPage, 'ticket-05b-agent-image-preview-open');
  await agentPage.keyboard.press('Escape');
  await expect(agentPage.locator('.ant-image-preview-img')).toBeHidden();
  await agentPage.getByRole('button', { name: 'Assign to me' }).click();
  await expect(headerStatus(agentPage)).toHaveText('Open');
  await expect(agentPage.getByLabel('Ticket properties')).toContainText('Priya');
  await agentPage.getByRole('textbox', { name: 'Public reply' }).fill(agentReply);
  await agentPage.getByRole('button', { name: 'More ways to send' }).click();
  await agentPage.getByRole('menuitem', { name: 'Send and set pending' }).click();
  await expect(headerStatus(agentPage)).toHaveText('Pending');
  await expect(agentPage.getByRole('article', { name: /^Reply by Priya/ })).toContainText(agentReply);
  await shot(agentPage, 'ticket-06-agent-replied-pending');

  // The customer sees the reply live and answers; the ticket is open again for the agent.
  await expect(customerPage.getByRole('article', { name: /^Reply by Priya/ })).toContainText(agentReply);
  await expect(headerStatus(customerPage)).toHaveText('Pending');
  await shot(customerPage, 'ticket-07-customer-sees-reply');
  await customerPage.getByRole('textbox', { name: 'Your reply' }).fill(customerAnswer);
  await customerPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(customerPage.getByRole('article', { name: `Reply by ${customer.name}` }).last()).toContainText(
    customerAnswer,
  );
  await expect(headerStatus(customerPage)).toHaveText('Open');
  await expect(headerStatus(agentPage)).toHaveText('Open');
  await expect(agentPage.getByTestId('conversation').getByText(customerAnswer)).toBeVisible();
  await shot(agentPage, 'ticket-08-agent-sees-answer-open');

  // An internal note: distinct for the agent, absent for the customer.
  await agentPage.getByRole('radio', { name: 'Internal note' }).check({ force: true });
  await agentPage.getByRole('textbox', { name: 'Internal note' }).fill(internalNote);
  await agentPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agentPage.getByRole('article', { name: /^Internal note by Priya/ })).toContainText(internalNote);
  await shot(agentPage, 'ticket-09-agent-internal-note');
  // Give the customer's live view time to receive anything it would, then check it did not.
  await customerPage.waitForTimeout(1_000);
  await expect(customerPage.getByText(internalNote)).toHaveCount(0);
  await expect(customerPage.getByRole('article', { name: /Internal note/ })).toHaveCount(0);
  await shot(customerPage, 'ticket-10-customer-without-note');

  // The agent solves; the customer sees it solved and reopens by replying.
  await agentPage.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Solve' }).click();
  await expect(headerStatus(agentPage)).toHaveText('Solved');
  await shot(agentPage, 'ticket-11-agent-solved');
  await expect(headerStatus(customerPage)).toHaveText('Solved');
  await expect(customerPage.getByRole('group', { name: 'Status actions' })).toContainText('Reopen');
  await shot(customerPage, 'ticket-12-customer-sees-solved');
  await customerPage.getByRole('textbox', { name: 'Your reply' }).fill(customerReopen);
  await customerPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(headerStatus(customerPage)).toHaveText('Open');
  await expect(headerStatus(agentPage)).toHaveText('Open');
  await expect(agentPage.getByTestId('conversation').getByText(customerReopen)).toBeVisible();

  // The audit timeline tells the story, and the customer's list shows the request.
  const activity = agentPage.getByTestId('activity-entry');
  await expect(activity.first()).toContainText(`${customer.name} set status Solved → Open`);
  await expect(activity.filter({ hasText: 'Open → Pending' })).toHaveCount(1);
  await expect(activity.filter({ hasText: 'New → Open' })).toHaveCount(1);
  await shot(agentPage, 'ticket-13-agent-reopened-by-customer');
  await customerPage.goto('/requests');
  await expect(customerPage.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await shot(customerPage, 'ticket-14-customer-my-requests');

  // Her search finds the request by a word of the agent's public reply, never by the note's.
  const search = customerPage.getByRole('searchbox', { name: 'Search your requests' });
  await search.fill(replyWord.toUpperCase());
  await expect(customerPage).toHaveURL(new RegExp(`q=${replyWord.toUpperCase()}`));
  await expect(customerPage.getByRole('list', { name: 'Your requests' }).getByRole('listitem')).toHaveCount(1);
  await expect(customerPage.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await search.fill(noteWord);
  await expect(customerPage.getByText(`No request of yours matches “${noteWord}”.`)).toBeVisible();
  await shot(customerPage, 'ticket-15-customer-search-not-by-note');
  // The agent's queue finds it by the note's word.
  await agentPage.goto('/desk?view=open');
  await agentPage.getByRole('searchbox', { name: 'Search tickets' }).fill(noteWord);
  const rows = agentPage.getByRole('table', { name: /^Queue:/ }).locator('tbody tr[data-ticket-id]');
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('td[data-column="subject"]')).toContainText(subject);
  await shot(agentPage, 'ticket-16-agent-search-by-note');
});
