/**
 * The Firebase build against the Auth, Firestore and Functions emulators with this repository's
 * rules and Cloud Functions: a customer signs up and submits a request (the ticket, its number's
 * claim and its description in one transaction the rules accept), an agent (promoted past the
 * rules, as `make-admin` does) finds it by a word of its subject, assigns it, sets its priority
 * and replies, the customer sees the reply live, and the agent's timeline shows each change.
 * The search keys and every timeline entry are written by the Cloud Function (the rules refuse
 * both from any client), so finding the ticket and seeing its timeline show the trusted code ran.
 * Made an admin, the agent then finds the email the reply caused in Outgoing mail (DESIGN §9).
 * Runs where `npm test` starts Firestore on 127.0.0.1:8080 (the port the emulator build looks
 * for) with the Functions emulator; skips with the reason elsewhere.
 */
import { expect, test } from './fixtures';
import { settled, shot, signUp } from './support';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST;
test.skip(
  !AUTH_HOST || FIRESTORE_HOST !== '127.0.0.1:8080',
  'Auth emulator and Firestore on 127.0.0.1:8080 not both running: npm test runs this under them',
);

const stamp = Date.now().toString(36);
const customer = { name: 'Carmen Firestore', email: `carmen-${stamp}@example.test`, password: 'emulated 123' };
const agent = { name: 'Alba Agent', email: `alba-${stamp}@example.test`, password: 'emulated 456' };

test('a request goes through the Firebase build, the rules and back, live on both sides', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  // Firebase Auth keeps one session per browser context: two contexts are two people.
  const agentContext = await browser.newContext();

  // The agent signs up, then is promoted past the rules (the emulator's owner token, as the
  // documented first-admin command does with the Admin SDK).
  const agentPage = await agentContext.newPage();
  await signUp(agentPage, agent, 30_000);
  const lookup = await request.post(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-triage/accounts:lookup`,
    { headers: { Authorization: 'Bearer owner' }, data: { email: [agent.email] } },
  );
  const agentUid = (await lookup.json()).users[0].localId as string;
  const promoted = await request.patch(
    `http://${FIRESTORE_HOST}/v1/projects/demo-triage/databases/(default)/documents/users/${agentUid}?updateMask.fieldPaths=role`,
    { headers: { Authorization: 'Bearer owner' }, data: { fields: { role: { stringValue: 'agent' } } } },
  );
  expect(promoted.ok()).toBe(true);

  const page = await context.newPage();
  await signUp(page, customer, 30_000);
  // She clicks the verification link (the emulator's admin API stands in): the desk emails only
  // verified addresses (DESIGN §9).
  const customerLookup = await request.post(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-triage/accounts:lookup`,
    { headers: { Authorization: 'Bearer owner' }, data: { email: [customer.email] } },
  );
  const verified = await request.post(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-triage/accounts:update`,
    {
      headers: { Authorization: 'Bearer owner' },
      data: { localId: (await customerLookup.json()).users[0].localId as string, emailVerified: true },
    },
  );
  expect(verified.ok()).toBe(true);
  await page.getByRole('button', { name: 'New request' }).first().click();
  const subject = `Printer on floor 3 jams ${stamp}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('Every second page since this morning.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
  await expect(page.getByText(/^#\d+/).first()).toBeVisible();
  await shot(page, 'firebase-firestore-01-request-sent');

  await agentPage.goto('/desk?view=unassigned');
  // The search keys come from the Cloud Function: search for the subject's unique word.
  await agentPage.getByRole('searchbox', { name: 'Search tickets' }).fill(stamp);
  const row = agentPage.getByRole('row', { name: new RegExp(subject) });
  // Under a search only keyed tickets show: no keys, no row.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('link', { name: subject }).click();
  await expect(agentPage).toHaveURL(/\/desk\/tickets\//);
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('New');
  await agentPage.getByLabel('Ticket properties').getByText('High', { exact: true }).click();
  // Stored (the function's audit entry is written) before the reply: two writes of one ticket a
  // moment apart race, and the later one is refused as stale by design (the agent is told).
  await expect(agentPage.getByText(`${agent.name} set priority Normal → High`)).toBeVisible({ timeout: 30_000 });
  // A plain public reply on a New, unassigned ticket opens it and makes the agent its assignee
  // (the rules refuse the reply without both).
  const reply = 'A technician is on the way.';
  await agentPage.getByRole('textbox', { name: 'Public reply' }).fill(reply);
  await agentPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agentPage.getByRole('article', { name: new RegExp(`^Reply by ${agent.name}`) })).toContainText(reply);
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('Open');
  await expect(agentPage.getByLabel('Ticket properties')).toContainText(agent.name);

  await expect(agentPage.getByText(`${agent.name} took the ticket`)).toBeVisible({ timeout: 30_000 });
  await expect(agentPage.getByText(`${agent.name} set priority Normal → High`)).toBeVisible();
  await expect(agentPage.getByText(`${customer.name} submitted the request`)).toBeVisible();
  await shot(agentPage, 'firebase-firestore-02-agent-timeline');

  await expect(page.getByRole('article', { name: new RegExp(`^Reply by ${agent.name}`) })).toContainText(reply, {
    timeout: 30_000,
  });
  await shot(page, 'firebase-firestore-03-customer-sees-reply');

  // Made an admin (past the rules, as above), she finds the email the reply caused — written by
  // the messageCreated function — in Outgoing mail: to the customer, with the reply quoted.
  const madeAdmin = await request.patch(
    `http://${FIRESTORE_HOST}/v1/projects/demo-triage/databases/(default)/documents/users/${agentUid}?updateMask.fieldPaths=role`,
    { headers: { Authorization: 'Bearer owner' }, data: { fields: { role: { stringValue: 'admin' } } } },
  );
  expect(madeAdmin.ok()).toBe(true);
  await agentPage.goto('/admin/mail');
  const email = agentPage.getByTestId('outgoing-mail').filter({ hasText: subject }).filter({ hasText: 'Public reply' });
  await expect(email).toContainText(`To ${customer.email}`, { timeout: 30_000 });
  await expect(email).toContainText(/Reply-To reply\+\d+-[0-9a-z]+-[0-9a-f]{24}@reply\.localhost/);
  await email.getByText('Text of the email').click();
  await expect(email.locator('pre')).toContainText(`> ${reply}`);
  await settled(agentPage);
  await shot(agentPage, 'firebase-firestore-04-outgoing-mail');
  await context.close();
  await agentContext.close();
});
