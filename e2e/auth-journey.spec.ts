/**
 * Foundation journey (issue: Triage builds, runs and signs people in): sign up → sign out →
 * sign in → reload stays signed in → a customer gets a 403 page on /desk; then a seeded agent
 * signs in, sees the live queue, and reloads without being flashed back to sign-in.
 */
import { expect, test } from './fixtures';
import { sawSignIn, shot, watchForSignInFlash } from './support';

const customer = {
  name: 'Dana Requester',
  email: `dana-${Date.now().toString(36)}@example.test`,
  password: 'correct horse 42',
};

test('a new customer signs up, signs out, signs in, reloads and is refused the desk', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Demo accounts (local mode)')).toBeVisible();
  await shot(page, '01-sign-in');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('Your name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('shorter');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await shot(page, '02-sign-up-validation');
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password').fill(customer.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByText('You have no requests yet')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${customer.name} .*account menu$`) })).toBeVisible();
  await shot(page, '03-customer-requests-empty');

  await page.getByRole('button', { name: new RegExp(`^${customer.name} .*account menu$`) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That email and password do not match an account.');
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await shot(page, '04-sign-in-wrong-password');
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/requests$/);

  await watchForSignInFlash(page);
  await page.reload();
  await expect(page.getByText('You have no requests yet')).toBeVisible();
  await expect(page).toHaveURL(/\/requests$/);
  expect(await sawSignIn(page)).toBe(false);

  await page.goto('/desk');
  await expect(page.getByText('403 — not for your role')).toBeVisible();
  await expect(page).toHaveURL(/\/desk(\?|$)/);
  await shot(page, '05-customer-desk-403');
});

test('a seeded agent signs in to the live queue and reloads without a sign-in flash', async ({ page }) => {
  await page.goto('/sign-in');
  const agentRow = page.locator('.triage-demo-account', { hasText: /· agent/ }).first();
  await agentRow.getByRole('button', { name: /^Use / }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/desk(\?|$)/);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('tbody tr[data-ticket-id]').first()).toBeVisible();
  await shot(page, '06-agent-desk');

  await watchForSignInFlash(page);
  await page.reload();
  await expect(page.locator('tbody tr[data-ticket-id]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/desk(\?|$)/);
  expect(await sawSignIn(page)).toBe(false);

  await page.goto('/admin');
  await expect(page.getByText('403 — not for your role')).toBeVisible();

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await page.goto('/desk');
  await expect(page.locator('tbody tr[data-ticket-id]').first()).toBeVisible();
  await shot(page, '07-agent-desk-dark');
});
