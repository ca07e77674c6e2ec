/**
 * Custom fields journey on the local backend (DESIGN §3 "Custom fields"): an admin adds an
 * agents-only dropdown required to solve; a customer sends a request with the fields customers
 * fill, a wrong one refused under its field and nothing typed lost; the agent cannot solve until
 * the field is set — the refusal names it — sets it in the ticket's fields panel, opens the queue
 * filtered by the ticket's product, solves, and the timeline shows each change by name.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, DANA, PRIYA, shot, signIn } from './support';

const subject = `Checkout fails after the update ${Date.now().toString(36)}`;

/** The fields panel of the agent's ticket page. */
const fieldsPanel = (page: Page) => page.getByRole('region', { name: 'Ticket fields' });

test('a required-to-solve field holds the solve until the agent sets it, and the timeline says so', async ({
  context,
}) => {
  test.setTimeout(120_000);
  // Three people in three tabs of one browser (the local backend's data is the browser's).
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin/fields');
  await admin.getByRole('button', { name: 'New field' }).click();
  const form = admin.locator('form');
  await form.getByLabel('Label (English)').fill('Root cause');
  await form.locator('.ant-select').first().click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item', { hasText: /^Dropdown$/ }).click();
  await form.getByLabel('Required to solve a ticket').check();
  await form.getByRole('button', { name: 'Add option' }).click();
  await form.getByLabel('Option 1 (English)').fill('Bug');
  await form.getByRole('button', { name: 'Add option' }).click();
  await form.getByLabel('Option 2 (English)').fill('User error');
  await shot(admin, 'fields-01-admin-new-required-dropdown');
  await form.getByRole('button', { name: 'Save field' }).click();
  await expect(admin.getByText('Saved “Root cause”.')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Ticket fields' }).getByText('Root cause')).toBeVisible();
  await shot(admin, 'fields-02-admin-list');
  await admin.close();

  // The customer sends a request with the fields customers fill (the demo's order number and product).
  const customer = await context.newPage();
  await signIn(customer, DANA);
  await customer.goto('/requests/new');
  await customer.getByLabel('Subject').fill(subject);
  await customer.getByLabel('Description').fill('The card form spins for ever since yesterday.');
  await customer.getByLabel(/^Order number/).fill('ORD-4242');
  await customer.getByLabel(/^Product/).selectOption({ label: 'Web app' });
  // The agents-only field is not on the customer's form at all.
  await expect(customer.getByLabel(/^Root cause/)).toHaveCount(0);
  await shot(customer, 'fields-03-customer-request-form');
  await customer.getByRole('button', { name: 'Send request' }).click();
  await expect(customer).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
  const details = customer.getByRole('definition').filter({ hasText: 'ORD-4242' });
  await expect(details).toBeVisible();
  await expect(customer.getByText('Web app')).toBeVisible();
  await shot(customer, 'fields-04-customer-request-page');
  const ticketId = customer.url().split('/').pop() ?? '';

  // The agent cannot solve until the required field is set; the refusal names it.
  const agent = await context.newPage();
  await signIn(agent, PRIYA);
  await agent.goto(`/desk/tickets/${ticketId}`);
  await expect(fieldsPanel(agent).getByLabel(/^Order number/)).toHaveValue('ORD-4242');
  await agent.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Solve' }).click();
  await expect(agent.getByText('Fill “Root cause” before solving this ticket.')).toBeVisible();
  await shot(agent, 'fields-05-agent-solve-refused');

  await fieldsPanel(agent)
    .getByLabel(/^Root cause/)
    .selectOption({ label: 'Bug' });
  await fieldsPanel(agent).getByRole('button', { name: 'Save fields' }).click();
  await expect(fieldsPanel(agent).getByRole('status')).toHaveText('Fields saved.');
  // A value leads to the queue filtered by it.
  await fieldsPanel(agent).getByRole('link', { name: 'Open tickets with this Product' }).click();
  await expect(agent).toHaveURL(/\/desk\?.*field=product%3Aweb_app/);
  await expect(agent.getByTestId('field-filter')).toContainText('Field: Product = Web app');
  await expect(agent.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
  await shot(agent, 'fields-05b-queue-filtered-by-field');
  await agent.goBack();
  await expect(fieldsPanel(agent).getByLabel(/^Root cause/)).toHaveValue('bug');
  await agent.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Solve' }).click();
  await expect(agent.getByTestId('ticket-status')).toHaveText('Solved');
  const activity = agent.getByRole('list', { name: 'Activity' });
  await expect(activity.getByText(/set Root cause — → Bug/)).toBeVisible();
  await expect(activity.getByText(/set status Open → Solved|set status New → Solved/)).toBeVisible();
  await shot(agent, 'fields-06-agent-solved-timeline');

  // The customer sees the request solved, and never the agents-only value.
  await expect(customer.getByTestId('request-status')).toHaveText('Solved');
  await expect(customer.getByText('Bug')).toHaveCount(0);
});
