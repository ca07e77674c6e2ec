/**
 * One browser, one signed-in person (local backend, as Firebase does it): a Ctrl+click on a
 * ticket opens a tab that is already signed in and shows the ticket; signing out in one tab signs
 * every tab out. A tab signed in "only in this tab" keeps its own person meanwhile; "Sign in
 * someone else in this tab" sets a tab apart without signing the browser's person out.
 */
import { fullBrowser } from './browsers';
import { expect, test } from './fixtures';
import { DANA, PRIYA, sawSignIn, shot, signIn, watchForSignInFlash } from './support';

// Debian's chromium-headless-shell 150 crashes the renderer of a tab opened by Ctrl+click (the
// full browser opens it): this file runs in the full browser where the machine has it.
test.use(fullBrowser());

test('tabs share the signed-in person; a tab of its own keeps its person', async ({ context, page }) => {
  // A customer first, in a tab of their own (how one machine shows two people side by side).
  await signIn(page, DANA);
  const customerTab = page;

  // The agent in another tab, signed in for the whole browser.
  const agentTab = await context.newPage();
  await signIn(agentTab, PRIYA, { thisTabOnly: false });

  // Ctrl+click on a ticket: a new tab, signed in as the agent, on that ticket — never a sign-in page on the way.
  await watchForSignInFlash(context);
  const link = agentTab.getByRole('row').nth(1).getByRole('link').first();
  const subject = (await link.textContent()) ?? '';
  const [ticketTab] = await Promise.all([
    context.waitForEvent('page'),
    link.click({ modifiers: [process.platform === 'darwin' ? 'Meta' : 'Control'] }),
  ]);
  await ticketTab.waitForLoadState();
  await expect(ticketTab).toHaveURL(/\/desk\/tickets\//);
  await expect(ticketTab.getByRole('heading', { level: 1 })).toContainText(subject);
  await expect(ticketTab.getByRole('button', { name: /^Priya Shah .*account menu$/ })).toBeVisible();
  expect(await sawSignIn(ticketTab)).toBe(false);
  await shot(ticketTab, 'session-01-ctrl-click-opens-signed-in-tab');

  // Signing out in the new tab signs the agent's first tab out too; the customer's stays.
  await ticketTab.getByRole('button', { name: /^Priya Shah .*account menu$/ }).click();
  await ticketTab.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(ticketTab).toHaveURL(/\/sign-in/);
  await expect(agentTab).toHaveURL(/\/sign-in/);
  await expect(customerTab.getByRole('button', { name: /^Dana Whitfield .*account menu$/ })).toBeVisible();
  await customerTab.reload();
  await expect(customerTab).toHaveURL(/\/requests/);
  await expect(customerTab.getByRole('button', { name: /^Dana Whitfield .*account menu$/ })).toBeVisible();
});

test('“Sign in someone else in this tab” leaves the browser’s person signed in in the other tabs', async ({
  context,
  page,
}) => {
  await signIn(page, PRIYA, { thisTabOnly: false });
  const agentTab = page;
  const otherTab = await context.newPage();
  await otherTab.goto('/desk');
  await otherTab.getByRole('button', { name: /^Priya Shah .*account menu$/ }).click();
  await otherTab.getByRole('menuitem', { name: 'Sign in someone else in this tab' }).click();
  await expect(otherTab).toHaveURL(/\/sign-in$/);
  // The tab is apart: its next sign-in stays in it.
  await expect(otherTab.getByRole('checkbox', { name: 'Only in this tab' })).toBeChecked();
  await otherTab.getByLabel('Email').fill(DANA.email);
  await otherTab.getByLabel('Password').fill(DANA.password);
  await otherTab.getByRole('button', { name: 'Sign in' }).click();
  await expect(otherTab).toHaveURL(/\/requests$/);
  await expect(otherTab.getByRole('button', { name: /^Dana Whitfield .*account menu$/ })).toBeVisible();
  // The agent's tab never saw a sign-out, and keeps her after a reload.
  await agentTab.reload();
  await expect(agentTab.getByRole('button', { name: /^Priya Shah .*account menu$/ })).toBeVisible();
  await shot(otherTab, 'session-02-someone-else-in-this-tab');
});
