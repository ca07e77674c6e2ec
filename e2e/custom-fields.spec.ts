/**
 * Custom fields and macros journey on the local backend (DESIGN §3 "Custom fields", "Macros"): an
 * admin adds an agents-only dropdown required to solve, and a shared macro that sets it, tags,
 * replies and solves; a customer sends a request with the fields customers fill; the agent cannot
 * solve until the field is set — the refusal names it — opens the queue filtered by the ticket's
 * product, then applies the macro from the composer after its preview, in one step; the timeline
 * shows each change by the macro's name, and the customer reads the reply.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, DANA, PRIYA, shot, signIn } from './support';

const subject = `Checkout fails after the update ${Date.now().toString(36)}`;

/** The fields panel of the agent's ticket page. */
const fieldsPanel = (page: Page) => page.getByRole('region', { name: 'Ticket fields' });

test('a required-to-solve field holds the solve until a macro sets it, tags, replies and solves in one step, named in the timeline', async ({
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

  // A shared macro that sets the field, tags, replies and solves.
  await admin.goto('/macros');
  await admin.getByRole('button', { name: /New macro/ }).click();
  const macro = admin.getByRole('form', { name: 'New macro' });
  await macro.getByLabel('Title').fill('Bug confirmed');
  await macro
    .getByLabel('Public reply (optional)')
    .fill('Hi {{requester.firstName}}, we found the bug behind #{{ticket.number}} and fixed it.');
  await macro.getByLabel('Status').click({ force: true });
  await admin.locator('.ant-select-dropdown:visible .ant-select-item', { hasText: /^Solve$/ }).click();
  await macro.getByLabel('Add tags').fill('bug');
  await macro.getByLabel('Add tags').press('Enter');
  await macro.getByRole('combobox', { name: 'Set a field' }).click({ force: true });
  await admin.locator('.ant-select-dropdown:visible .ant-select-item', { hasText: 'Value of Root cause' }).click();
  await macro.getByLabel(/^Root cause/).selectOption({ label: 'Bug' });
  await shot(admin, 'macros-03-admin-new-macro');
  await macro.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved “Bug confirmed”.')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Shared macros' }).getByText('Bug confirmed')).toBeVisible();
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

  // A value leads to the queue filtered by it.
  await fieldsPanel(agent).getByRole('link', { name: 'Open tickets with this Product' }).click();
  await expect(agent).toHaveURL(/\/desk\?.*field=product%3Aweb_app/);
  await expect(agent.getByTestId('field-filter')).toContainText('Field: Product = Web app');
  await expect(agent.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
  await shot(agent, 'fields-05b-queue-filtered-by-field');
  await agent.goBack();

  // The macro, previewed first: exactly what it will change, nothing written yet.
  await agent.getByRole('button', { name: /Macros/ }).click();
  await agent.getByRole('searchbox', { name: 'Search macros' }).fill('bug confirmed');
  await agent
    .getByRole('list', { name: 'Macros' })
    .getByRole('button', { name: /Bug confirmed/ })
    .click();
  const preview = agent.getByRole('dialog', { name: 'Apply “Bug confirmed”' });
  await expect(preview.getByText(/set Root cause — → Bug/)).toBeVisible();
  await expect(preview.getByText(/changed tags: added bug/)).toBeVisible();
  await expect(preview.getByText(/set status (New|Open) → Solved/)).toBeVisible();
  await expect(preview.getByText(/Hi Dana, we found the bug behind #\d+ and fixed it\./)).toBeVisible();
  await expect(agent.getByTestId('ticket-status')).not.toHaveText('Solved');
  await shot(agent, 'macros-04-agent-preview');
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(agent.getByTestId('ticket-status')).toHaveText('Solved');
  const activity = agent.getByRole('list', { name: 'Activity' });
  await expect(activity.getByText(/set Root cause — → Bug · macro “Bug confirmed”/)).toBeVisible();
  await expect(activity.getByText(/changed tags: added bug · macro “Bug confirmed”/)).toBeVisible();
  await expect(activity.getByText(/set status (Open|New) → Solved · macro “Bug confirmed”/)).toBeVisible();
  await expect(agent.getByRole('article', { name: /Reply by Priya Shah/ }).last()).toContainText(
    'we found the bug behind',
  );
  await shot(agent, 'fields-06-agent-solved-timeline');

  // The customer sees the request solved with the macro's reply, and never the agents-only value.
  await expect(customer.getByTestId('request-status')).toHaveText('Solved');
  await expect(customer.getByTestId('conversation').getByText(/we found the bug behind/)).toBeVisible();
  await expect(customer.getByText('Bug', { exact: true })).toHaveCount(0);
});
