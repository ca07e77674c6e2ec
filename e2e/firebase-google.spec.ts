/**
 * Google sign-in on the Firebase build, for real against the Auth emulator (DESIGN §1).
 *
 * The Firebase SDK opens its popup only after loading Google's script loader from apis.google.com
 * (the Auth emulator's own helper page loads it too), so the popup needs that host even against
 * the emulator. Where it is out of reach the first test shows what a person then sees — a clear
 * sentence, not a silent failure — and the journey skips with that reason. Where it is reachable
 * (a laptop), the journey runs: "Continue with Google" opens the emulator's offline stand-in for Google's consent screen in a popup, the
 * person adds an account there, and the desk signs them in as a customer with the name Google
 * gave — their profile written under the rules, their address verified by Google, so a request
 * they submit goes through and is mailed to them. Signing in with Google again chooses the same
 * account from the emulator's list and finds the same profile and request, not a second account.
 * Runs where `npm test` starts the Auth, Firestore and Functions emulators; skips elsewhere.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './support';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST;
test.skip(
  !AUTH_HOST || FIRESTORE_HOST !== '127.0.0.1:8080',
  'Auth emulator and Firestore on 127.0.0.1:8080 not both running: npm test runs this under them',
);

const stamp = Date.now().toString(36);
const googler = { name: 'Greta Google', email: `greta-${stamp}@example.test` };

/** Whether this machine reaches Google's script loader, which the SDK's popup needs. */
async function googleReachable(): Promise<boolean> {
  try {
    return (await fetch('https://apis.google.com/js/api.js', { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Clicks "Continue with Google" once the pre-rendered page is hydrated (a click on the
 * server-rendered button before React has attached its handler does nothing).
 */
async function clickGoogle(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect
    .poll(() => button.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  await button.click();
}

/** Clicks "Continue with Google" and returns the emulator's consent popup, loaded. */
async function openGooglePopup(page: Page): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await clickGoogle(page);
  const popup = await opened;
  await popup.waitForLoadState();
  return popup;
}

test('Google sign-in that cannot reach Google says so and keeps the page usable', async ({ page }) => {
  await page.route('https://apis.google.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/sign-in');
  await clickGoogle(page);
  await expect(page.getByRole('alert')).toContainText(
    'Triage cannot reach the sign-in service. Check your connection and try again.',
  );
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await shot(page, 'firebase-google-00-unreachable');
});

test('a customer signs in with Google through the Auth emulator and comes back to the same account', async ({
  page,
  request,
}) => {
  test.skip(
    !(await googleReachable()),
    'apis.google.com is out of reach here: the Firebase SDK loads it before it opens the sign-in popup, even against the Auth emulator',
  );
  test.setTimeout(150_000);
  await page.goto('/sign-in');
  const popup = await openGooglePopup(page);
  // The Auth emulator's widget: "Add new account", then the account's details, then sign in.
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill(googler.email);
  await popup.locator('#display-name-input').fill(googler.name);
  await shot(popup, 'firebase-google-01-consent');
  await popup.locator('#sign-in').click();

  await expect(page).toHaveURL(/\/requests$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: new RegExp(`^${googler.name} .*account menu$`) })).toBeVisible();

  // The account is a Google one, and Google vouches for its address.
  const lookup = await request.post(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-triage/accounts:lookup`,
    { headers: { Authorization: 'Bearer owner' }, data: { email: [googler.email] } },
  );
  const account = (await lookup.json()).users[0] as {
    localId: string;
    emailVerified?: boolean;
    providerUserInfo: { providerId: string }[];
  };
  expect(account.providerUserInfo.map((info) => info.providerId)).toEqual(['google.com']);
  expect(account.emailVerified).toBe(true);
  // The profile the sign-in wrote under the rules: a customer, named as Google named them.
  const profile = await request.get(
    `http://${FIRESTORE_HOST}/v1/projects/demo-triage/databases/(default)/documents/users/${account.localId}`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  const fields = (await profile.json()).fields as Record<string, { stringValue?: string }>;
  expect(fields.role?.stringValue).toBe('customer');
  expect(fields.displayName?.stringValue).toBe(googler.name);
  await shot(page, 'firebase-google-02-signed-in');

  // A request goes through the rules like any customer's.
  const subject = `Google sign-in request ${stamp}`;
  await page.getByRole('button', { name: 'New request' }).first().click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('Signed in with Google, asking for help.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();

  // Out and back in with Google: the emulator lists the account; choosing it is the same person.
  await page.goto('/requests');
  await page.getByRole('button', { name: new RegExp(`^${googler.name} .*account menu$`) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  const again = await openGooglePopup(page);
  await again.getByText(googler.email).click();
  await expect(page).toHaveURL(/\/requests$/, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: subject })).toBeVisible({ timeout: 30_000 });

  const accounts = await request.post(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-triage/accounts:lookup`,
    { headers: { Authorization: 'Bearer owner' }, data: { email: [googler.email] } },
  );
  expect((await accounts.json()).users).toHaveLength(1);
});
