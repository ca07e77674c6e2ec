/**
 * Triggers on the local backend, live in three tabs of one browser (DESIGN §10 "Triggers"): an
 * admin switches off the demo desk's urgent rule and writes their own — priority urgent → round-
 * robin over Priya and Sam, tag `escalated`, email the assignee — and tests it on a ticket before
 * saving, writing nothing; a customer submits an urgent request; Priya's queue shows it assigned to
 * her, and the ticket carries the tag; the admin's rule trace of the ticket says which trigger
 * fired, which conditions held, whom the round-robin picked and that the assignee was emailed; the
 * email is in the outgoing mail; tested again on that ticket, the rule says it would act and email,
 * and the trace shows no run more. Then a time rule: written on the same screen ("On a schedule"),
 * it acts on a customer's new request once the clock of the tab running the local backend's
 * scheduled pass moves 73 hours on, and the rule trace shows the time rules' run. Waits are
 * bounded; how long a trigger takes is `npm run bench:triggers`'s figure, not an assertion here.
 */
import { expect, test } from './fixtures';
import { ADMIN, DANA, PRIYA, shot, signIn } from './support';

// One after the other: each test seeds a demo desk in its own browser context, and two seeds at
// once on a small machine slow the first sign-in past its bound.
test.describe.configure({ mode: 'default' });

const stamp = Date.now().toString(36);
const title = `Urgent to the on-call pair ${stamp}`;
const subject = `Checkout down for everyone ${stamp}`;

test('an admin’s round-robin trigger assigns a customer’s urgent request live, and the rule trace says why', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin/automations');

  // The demo desk's urgent rule goes off: this admin's replaces it.
  const seeded = admin.getByRole('switch', { name: 'Active: Urgent requests go round-robin' });
  await expect(seeded).toBeChecked();
  await seeded.click();
  await expect(seeded).not.toBeChecked();

  await admin.getByRole('button', { name: /New trigger/ }).click();
  const form = admin.getByRole('form', { name: 'New trigger' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  const all = form.getByRole('group', { name: 'When all of these hold' });
  await all.getByRole('button', { name: /Add a condition/ }).click();
  await all.getByRole('combobox', { name: 'Condition 1: what it tests' }).selectOption('priority');
  await all.getByRole('combobox', { name: 'Condition 1: value' }).selectOption('urgent');
  await form.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: 'Round-robin among agents…' });
  const set = form.getByRole('group', { name: /the next available agent of these/ });
  await set.getByRole('checkbox', { name: 'Priya Shah' }).check();
  await set.getByRole('checkbox', { name: 'Sam Okafor' }).check();
  await form.getByRole('textbox', { name: /Skip an agent who already holds/ }).fill('100');
  await form.getByLabel('Add tags').fill('escalated');
  await form.getByLabel('Add tags').press('Enter');
  // And an email to whoever the round-robin picks, from a template with placeholders.
  await form.getByRole('button', { name: 'Add an email' }).click();
  const email = form.getByRole('region', { name: 'Email 1' });
  await email.getByRole('combobox', { name: 'Send to' }).selectOption({ label: 'The assignee' });
  await email.getByRole('textbox', { name: /^Subject/ }).fill('Urgent: #{{ticket.number}} is yours');
  await email.getByRole('textbox', { name: /^Text/ }).fill('{{assignee.firstName}}, {{requester.name}} needs you.');

  // Tested before saving, on the demo desk's ticket #1 (not urgent): it would not act, and says why.
  const tester = admin.getByRole('region', { name: 'Test this rule' });
  await tester.getByRole('textbox', { name: 'Ticket number or id' }).fill('1');
  await tester.getByRole('button', { name: 'Test on this ticket' }).click();
  const result = tester.getByTestId('trigger-test-result');
  await expect(result).toContainText(/It would (not )?act/);
  await shot(admin, 'automations-01-editor-tested');
  await form.getByRole('button', { name: 'Save trigger' }).click();
  const listed = admin.getByRole('list', { name: 'Triggers' }).locator('li', { hasText: title });
  await expect(listed).toContainText(
    'Priority is Urgent → Round-robin to Priya Shah and Sam Okafor (at most 100 unsolved each) · Tags +escalated · Email the assignee',
  );
  await shot(admin, 'automations-02-list');

  // Priya's queue, open in its own tab, and a customer's urgent request in another.
  const agent = await context.newPage();
  await signIn(agent, PRIYA);
  await agent.goto('/desk?view=all');
  await expect(agent.getByRole('table', { name: /queue/i })).toBeVisible();
  const customer = await context.newPage();
  await signIn(customer, DANA);
  await customer.getByRole('button', { name: 'New request' }).first().click();
  await customer.getByLabel('Subject').fill(subject);
  await customer.getByLabel('Description').fill('Every card payment fails since 9:00 with a timeout.');
  // antd draws the radio over a hidden input: its label takes the click.
  await customer.getByText('Urgent', { exact: true }).click();
  await expect(customer.getByRole('radio', { name: 'Urgent' })).toBeChecked();
  await customer.getByRole('button', { name: 'Send request' }).click();
  await expect(customer).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);

  // Priya is first in the set and the rota is new: hers, live in her queue.
  const row = agent.getByRole('row', { name: new RegExp(subject) });
  await expect(row.locator('td[data-column="assignee"]')).toHaveText(/Priya Shah/, { timeout: 20_000 });
  await shot(agent, 'automations-03-agent-queue');
  await row.getByRole('link', { name: subject }).click();
  await expect(agent).toHaveURL(/\/desk\/tickets\//);
  await expect(agent.getByText('escalated', { exact: true }).first()).toBeVisible();
  await expect(agent.getByText(`trigger “${title}”`).first()).toBeVisible();
  const ticketPath = new URL(agent.url()).pathname;
  const number = ((await agent.getByTestId('ticket-number').textContent()) ?? '').replace(/\D/g, '');
  expect(number).not.toBe('');

  // The admin's rule trace of that ticket: the run of its creation, what fired and why.
  await admin.goto(ticketPath);
  await admin.getByRole('button', { name: 'Rule trace' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Rule trace' });
  const run = drawer.getByRole('region', { name: 'Ticket created by a customer' });
  await expect(run).toContainText(`Fired: ${title}`);
  const entry = run.getByTestId('rule-trace-entry').filter({ hasText: title });
  await expect(entry).toContainText('Fired');
  await expect(entry).toContainText('Round-robin picked Priya Shah.');
  await expect(entry.getByTestId('rule-trace-email')).toHaveText('Emailed the assignee (priya@triage.test).');
  await expect(entry.getByRole('img', { name: 'holds' })).toHaveCount(1);
  // The demo rule switched off is not read, so not traced; the other demo rule was tested and did not hold.
  await expect(run.getByTestId('rule-trace-entry').filter({ hasText: 'Urgent requests go round-robin' })).toHaveCount(
    0,
  );
  await expect(run.getByTestId('rule-trace-entry').filter({ hasText: 'VIP customers' })).toContainText('Did not match');
  await shot(admin, 'automations-04-rule-trace', { viewport: true });
  await admin.keyboard.press('Escape');

  // The email is in the desk's outgoing mail, to Priya, its placeholders filled.
  await admin.goto('/admin/mail');
  const sent = admin.getByTestId('outgoing-mail').filter({ hasText: `[#${number}] Urgent: #${number} is yours` });
  await expect(sent).toContainText('Trigger email');
  await expect(sent).toContainText('priya@triage.test');
  await shot(admin, 'automations-05-outgoing-mail');

  // "Test this rule" on that ticket, as it is now: the conditions hold; testing writes nothing.
  await admin.goto('/admin/automations');
  await admin.getByRole('button', { name: `Edit ${title}` }).click();
  const retest = admin.getByRole('region', { name: 'Test this rule' });
  await retest.getByRole('textbox', { name: 'Ticket number or id' }).fill(number);
  await retest.getByRole('button', { name: 'Test on this ticket' }).click();
  await expect(retest.getByTestId('trigger-test-result')).toContainText('It would act on this ticket.');
  await expect(retest.getByTestId('trigger-test-result').getByRole('img', { name: 'Holds' })).toHaveCount(1);
  await expect(retest.getByTestId('trigger-test-emails')).toContainText('Email the assignee');
  await admin.goto(ticketPath);
  await admin.getByRole('button', { name: 'Rule trace' }).click();
  await expect(admin.getByRole('dialog', { name: 'Rule trace' }).getByTestId('rule-trace-run')).toHaveCount(1);
});

test('a time rule acts on a ticket when the browser’s clock moves past its hours, and the rule trace says so', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const rule = `Follow up after 3 days ${stamp}`;
  const word = `zeppelin${stamp}`;
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin/automations');
  await admin.getByRole('button', { name: /New trigger/ }).click();
  const form = admin.getByRole('form', { name: 'New trigger' });
  await form.getByRole('textbox', { name: 'Title' }).fill(rule);
  await form.getByRole('checkbox', { name: 'On a schedule (a time rule)' }).check();
  await expect(form.getByRole('checkbox', { name: 'New tickets' })).not.toBeChecked();
  const all = form.getByRole('group', { name: 'When all of these hold' });
  await all.getByRole('button', { name: /Add a condition/ }).click();
  await expect(all.getByRole('combobox', { name: 'Condition 1: what it tests' })).toHaveValue('hoursSinceUpdated');
  await all.getByRole('combobox', { name: 'Condition 1: test' }).selectOption('atLeast');
  await all.getByRole('textbox', { name: 'Condition 1: value' }).fill('72');
  await all.getByRole('button', { name: /Add a condition/ }).click();
  await all.getByRole('textbox', { name: 'Condition 2: value' }).fill(word);
  await form.getByLabel('Add tags').fill('follow-up');
  await form.getByLabel('Add tags').press('Enter');
  await shot(admin, 'automations-06-time-rule-editor');
  await form.getByRole('button', { name: 'Save trigger' }).click();
  const listed = admin.getByRole('list', { name: 'Triggers' }).locator('li', { hasText: rule });
  await expect(listed).toContainText(
    `Hours since updated is at least 72 hours and Subject contains “${word}” → Tags +follow-up`,
  );

  const customer = await context.newPage();
  await signIn(customer, DANA);
  await customer.getByRole('button', { name: 'New request' }).first().click();
  await customer.getByLabel('Subject').fill(`Seats on the ${word}`);
  await customer.getByLabel('Description').fill('Two seats, please.');
  await customer.getByRole('button', { name: 'Send request' }).click();
  // The request's own page (not the form's `/requests/new`).
  await expect(customer).toHaveURL(/\/requests\/(?!new$)[A-Za-z0-9_-]+$/);
  const ticketId = new URL(customer.url()).pathname.split('/').pop() ?? '';

  // An agent's tab whose clock the test owns: the local backend's scheduled pass runs in it.
  const agent = await context.newPage();
  await agent.clock.install();
  await signIn(agent, PRIYA);
  await agent.goto(`/desk/tickets/${ticketId}`);
  await expect(agent.getByText(`Seats on the ${word}`).first()).toBeVisible();
  await expect(agent.getByText('follow-up', { exact: true })).toHaveCount(0);
  await agent.clock.fastForward(73 * 3_600_000);
  await expect(agent.getByText('follow-up', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(agent.getByText(`trigger “${rule}”`).first()).toBeVisible();

  // The admin's rule trace: a run of the time rules, by the desk itself, and why it fired.
  await admin.goto(`/desk/tickets/${ticketId}`);
  await admin.getByRole('button', { name: 'Rule trace' }).click();
  const run = admin
    .getByRole('dialog', { name: 'Rule trace' })
    .getByRole('region', { name: 'Time rules checked by the desk itself' });
  await expect(run).toContainText(`Fired: ${rule}`);
  await expect(run.getByTestId('rule-trace-entry').filter({ hasText: rule })).toContainText(
    'Hours since updated is at least 72 hours',
  );
  await shot(admin, 'automations-07-time-rule-trace', { viewport: true });
});

test('a recurring ticket an admin adds is created once its time comes on the browser’s clock, as the admin’s request', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const word = `lighthouse${stamp}`;
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin/automations');
  const add = admin.getByRole('button', { name: /Add recurring ticket/ });
  await expect(add).toBeEnabled();
  await add.click();
  const form = admin.getByRole('form', { name: 'New recurring ticket' });
  await form.getByRole('textbox', { name: 'Name' }).fill(`Morning check ${stamp}`);
  await form.getByRole('combobox', { name: 'Repeats' }).selectOption('daily');
  await form.getByRole('textbox', { name: 'Time (HH:mm)' }).fill('09:00');
  await form.getByRole('textbox', { name: 'Subject' }).fill(`Check the ${word} alerts of {{date}}`);
  await form.getByRole('textbox', { name: 'Description' }).fill('Look at the overnight alerts.');
  await shot(admin, 'automations-08-recurring-editor');
  await form.getByRole('button', { name: 'Save recurring ticket' }).click();
  const row = admin.getByRole('listitem').filter({ hasText: `Morning check ${stamp}` });
  await expect(row).toContainText('Every day at 09:00');
  await expect(row).toContainText(/Next: .+/);
  await shot(admin, 'automations-09-recurring-list');

  // An agent's tab whose clock the test owns: the local backend's scheduled pass runs in it. The
  // queue searched for the subject's word first: nothing yet, then the live row.
  const agent = await context.newPage();
  await agent.clock.install();
  await signIn(agent, PRIYA);
  await agent.getByRole('searchbox', { name: 'Search tickets' }).fill(word);
  await expect(agent).toHaveURL(new RegExp(`q=${word}`));
  const rows = agent.locator('tbody td[data-column="subject"]').filter({ hasText: word });
  await expect(rows).toHaveCount(0);
  // A day and a little more on: the next 09:00 on the desk's clock has passed.
  await agent.clock.fastForward(25 * 3_600_000);
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(new RegExp(`Check the ${word} alerts of \\d{4}-\\d{2}-\\d{2}`));
  await rows.first().click();
  // The admin's request, as if they had sent it.
  await expect(agent.getByText('Look at the overnight alerts.').first()).toBeVisible();
  await shot(agent, 'automations-10-recurring-ticket', { viewport: true });
});
