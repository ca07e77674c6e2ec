/**
 * The Firebase build against the Auth emulator alone: a
 * browser signs up and signs in for real, and the unreachable Firestore shows as a clear
 * on-screen state with a retry — not a blank page, not an endless spinner.
 * Runs under `firebase emulators:exec --only auth`; skips with the reason elsewhere.
 */
import { expect, test } from './fixtures';
import { shot } from './support';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
test.skip(!AUTH_HOST, 'Auth emulator not running (FIREBASE_AUTH_EMULATOR_HOST unset): npm test runs this under it');

const person = {
  name: 'Fiona Firebase',
  email: `fiona-${Date.now().toString(36)}@example.test`,
  password: 'emulated 123',
};

test('signs up and in against the Auth emulator and shows Firestore as unreachable with a retry', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByText('Demo accounts (local mode)')).toHaveCount(0);
  await shot(page, 'firebase-01-sign-in');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Triage cannot reach its database' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`You are signed in as ${person.email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'firebase-02-firestore-unreachable');

  // The account exists in the Auth emulator: the sign-up was real.
  const accounts = await request.get(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-triage/accounts:batchGet?maxResults=500`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  expect(JSON.stringify(await accounts.json())).toContain(person.email);

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Triage cannot reach its database' })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That email and password do not match an account.');

  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`You are signed in as ${person.email}`)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'firebase-03-signed-in-firestore-unreachable');
});
