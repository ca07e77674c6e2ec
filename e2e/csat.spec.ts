/**
 * Satisfaction ratings (CSAT, DESIGN §10), local backend: once the agent solves a request, the
 * requester's page asks "How did we do?" — the link of the solved email (`?rate=bad`) opens it
 * with that answer chosen; sending without a choice says so; the rating with its comment is
 * sent once and shown to the requester and on the agent's ticket.
 */
import { expect, test } from './fixtures';
import { expectAccessible, PRIYA, settled, shot, signIn, signUp } from './support';

const stamp = Date.now().toString(36);
const customer = { name: 'Rita Rater', email: `rita-${stamp}@example.test`, password: 'five stars 42' };
const subject = `CSAT ${stamp}: invoice in the wrong currency`;

test('the requester rates a solved request once; the agent sees it', async ({ browser }) => {
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  await signUp(customerPage, customer);
  await customerPage.goto('/requests/new');
  await customerPage.getByLabel('Subject').fill(subject);
  await customerPage.getByLabel('Description').fill('My invoice is in USD, my account is in EUR.');
  await customerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(customerPage.getByRole('heading', { level: 1 })).toContainText(subject);
  const ticketId = customerPage.url().split('/').pop() ?? '';
  // Not solved yet: no prompt.
  await expect(customerPage.getByTestId('satisfaction-prompt')).toHaveCount(0);

  const agentPage = await context.newPage();
  await signIn(agentPage, PRIYA);
  await agentPage.goto(`/desk/tickets/${ticketId}`);
  await agentPage.getByRole('textbox', { name: 'Public reply' }).fill('Fixed: your invoices are in EUR from now on.');
  await agentPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('Open');
  await agentPage.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Solve' }).click();
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('Solved');
  await expect(agentPage.getByTestId('satisfaction-none')).toHaveText(/Not rated yet/);

  // The solved email's "bad" link.
  await customerPage.goto(`/requests/${ticketId}?rate=bad`);
  const prompt = customerPage.getByTestId('satisfaction-prompt');
  await expect(prompt.getByRole('radio', { name: /Bad/ })).toBeChecked();
  await prompt.getByText('Good, I’m satisfied').click();
  await expect(prompt.getByRole('radio', { name: /Good/ })).toBeChecked();
  await shot(customerPage, 'csat-01-prompt');
  // The prompt and the result pass axe (WCAG 2.1 AA).
  await expectAccessible(customerPage, 'satisfaction prompt');
  await prompt.getByRole('textbox').fill('Right answer, but it took three days.');
  await prompt.getByRole('button', { name: 'Send rating' }).click();
  const result = customerPage.getByTestId('satisfaction-result');
  await expect(result).toContainText('You rated this request');
  await expect(result).toContainText('Good');
  await expect(result).toContainText('Right answer, but it took three days.');
  await shot(customerPage, 'csat-02-result');
  await expectAccessible(customerPage, 'satisfaction result');
  await customerPage.setViewportSize({ width: 390, height: 844 });
  await result.scrollIntoViewIfNeeded();
  await settled(customerPage);
  expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(customerPage, 'csat-04-phone', { viewport: true });

  // On the agent's ticket, live.
  await expect(agentPage.getByTestId('satisfaction-result')).toContainText('The requester rated this ticket');
  await expect(agentPage.getByTestId('satisfaction-result')).toContainText('Right answer, but it took three days.');
  await shot(agentPage, 'csat-03-agent');
  await context.close();
});
