/**
 * Pre-rendered guest pages (DESIGN §12): the build writes sign-in, sign-up and reset-password as
 * HTML, so the form is there before any script runs; the app then hydrates it without moving
 * anything, and a visitor whom the page does not fit (a remembered user, dark theme) never sees it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DANA, FIRST_SIGN_IN_MS, PRIYA, shot, signIn } from './support';

// Holding the app's scripts is a route on the network: a service worker answering them from its
// precache (installed by the first visit, DESIGN §12) would get round it. Blocked for every
// journey but the offline shell's own (playwright.config.ts); said again here, where it matters.
test.use({ serviceWorkers: 'block' });

/** Starts recording layout shifts (and hydration errors) before the page's first script. */
async function watchFirstPaint(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return errors;
}

/** Holds every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the guest pages are in the HTML with their labelled fields', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await shot(page, 'prerender-01-sign-in-without-javascript');
    // The app's scripts wait in a template until the head script adds them after the first paint
    // (without JavaScript, never): none is in the page as it is parsed.
    await expect(page.locator('script[src]')).toHaveCount(0);
    expect(
      await page
        .locator('template#triage-scripts')
        .evaluate((held: HTMLTemplateElement) => held.content.querySelectorAll('script[src]').length),
    ).toBeGreaterThan(0);

    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();

    await page.goto('/reset-password');
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('each page says, in the three languages, that Triage needs JavaScript; a submit sends nothing and keeps what was typed', async ({
    page,
  }) => {
    for (const path of ['/sign-in', '/sign-up', '/reset-password']) {
      await page.goto(path);
      const notice = page.getByRole('alert').filter({ hasText: 'Triage needs JavaScript' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Triage necesita JavaScript');
      await expect(notice).toContainText('يحتاج Triage إلى JavaScript');
      await page.getByLabel('Email').fill('dana@example.test');
      await page.getByLabel('Email').press('Enter');
      await page.getByRole('button', { name: /^(Sign in|Create account|Send reset link)$/ }).click();
      // Nothing was sent: no navigation (the address has no query), and the field keeps its text.
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByLabel('Email')).toHaveValue('dana@example.test');
    }
    await shot(page, 'prerender-02-reset-without-javascript');
    // The app's own page for any other address: the notice, not a start-up line that never ends.
    await page.goto('/desk');
    await expect(page.getByRole('alert').filter({ hasText: 'Triage needs JavaScript' })).toBeVisible();
    await expect(page.getByText('Starting Triage…')).toBeHidden();
  });
});

test('the sign-in page hydrates without a layout shift or an error, and works', async ({ page }) => {
  const errors = await watchFirstPaint(page);
  await page.goto('/sign-in');
  const email = page.getByLabel('Email');
  await expect(email).toBeVisible();
  // Hydrated: React answers the form (an empty submit names the missing field).
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email.')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  expect(errors).toEqual([]);
  await signIn(page, PRIYA);
});

test('what is typed before the scripts arrive is kept when the page hydrates', async ({ page }) => {
  const errors = await watchFirstPaint(page);
  const release = await holdScripts(page);
  // Deferred scripts hold DOMContentLoaded back: wait for the response only.
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(PRIYA.email);
  await page.getByLabel('Password').fill(PRIYA.password);
  release();
  // Hydrated: the screen's effects have run (the demo accounts are listed under the form).
  await expect(page.getByRole('heading', { name: 'Demo accounts (local mode)' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(PRIYA.email);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(PRIYA.home, { timeout: FIRST_SIGN_IN_MS });
  expect(errors).toEqual([]);
});

test('a click on Sign in before the scripts arrive neither reloads the page nor is lost', async ({ page }) => {
  const errors = await watchFirstPaint(page);
  const release = await holdScripts(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(PRIYA.email);
  await page.getByLabel('Password').fill(PRIYA.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Held by the page's head script: no native submission (which would reload /sign-in?).
  await expect(page.locator('html')).toHaveAttribute('data-submit-held', '');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByLabel('Password')).toHaveValue(PRIYA.password);
  release();
  // Hydrated, the screen makes the held submission with what was typed.
  await expect(page).toHaveURL(PRIYA.home, { timeout: FIRST_SIGN_IN_MS });
  expect(errors).toEqual([]);
});

test('a language chosen before the scripts arrive is the one the page starts in', async ({ page }) => {
  const errors = await watchFirstPaint(page);
  const release = await holdScripts(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel('Language').selectOption('es');
  release();
  // The app heard of it: the page in Spanish, the choice kept, the picker showing it.
  await expect(page.getByText('El servicio de soporte que va a tu ritmo.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  await page.reload();
  await expect(page.getByText('El servicio de soporte que va a tu ritmo.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a remembered user or the dark theme never sees the pre-rendered sign-in page', async ({ page }) => {
  await signIn(page, PRIYA);
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();

  // Hold the app's scripts: what shows is the HTML and its head script alone.
  const release = await holdScripts(page);
  const errors = await watchFirstPaint(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await expect(page.getByText('Starting Triage…')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeHidden();
  await shot(page, 'prerender-02-remembered-user-start-up-line', { viewport: true });

  release();
  await expect(page).toHaveURL(/\/desk/);
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  expect(errors).toEqual([]);
});

test('a remembered user in the light theme never sees the pre-rendered sign-in page either', async ({ page }) => {
  // The hint is stored under `user` once the session is confirmed (src/app/persist.ts).
  await signIn(page, PRIYA);
  const release = await holdScripts(page);
  const errors = await watchFirstPaint(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await expect(page.getByText('Starting Triage…')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/desk/);
  expect(errors).toEqual([]);
});

/** The scripts the page's head script preloaded (their paths), once it has painted. */
async function preloadedScripts(page: Page): Promise<string[]> {
  // The head script adds them a frame after the first paint.
  await page.waitForTimeout(1_100);
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
}

test('a signed-in address preloads its frame, backend and screen before the app asks for them', async ({ page }) => {
  await signIn(page, PRIYA);
  // With the app's scripts held, only the head script can have added the preloads.
  const release = await holdScripts(page);
  await page.goto('/desk', { waitUntil: 'commit' });
  const preloaded = await preloadedScripts(page);
  for (const chunk of ['shell', 'backend', 'desk']) {
    expect(preloaded.some((file) => file.startsWith(`/assets/${chunk}.`))).toBe(true);
  }
  expect(preloaded.some((file) => file.startsWith('/assets/ticket.'))).toBe(false);
  release();
  await expect(page.getByRole('heading', { name: /Queue/ })).toBeVisible();

  // `/` is the remembered person's home; a ticket's address preloads the ticket screen.
  const releaseAgain = await holdScripts(page);
  await page.goto('/desk/tickets/some-ticket', { waitUntil: 'commit' });
  expect((await preloadedScripts(page)).some((file) => file.startsWith('/assets/ticket.'))).toBe(true);
  releaseAgain();
});

test('a route the remembered role may not open is not preloaded', async ({ page }) => {
  await signIn(page, DANA);
  const release = await holdScripts(page);
  await page.goto('/desk', { waitUntil: 'commit' });
  expect(await preloadedScripts(page)).toEqual([]);
  await page.goto('/', { waitUntil: 'commit' });
  const home = await preloadedScripts(page);
  expect(home.some((file) => file.startsWith('/assets/requests.'))).toBe(true);
  expect(home.some((file) => file.startsWith('/assets/desk.'))).toBe(false);
  release();
});

test.describe('the signed-in frame', () => {
  test('a remembered agent sees their frame before the scripts run, and it hydrates without a shift or an error', async ({
    page,
  }) => {
    await signIn(page, PRIYA);
    const release = await holdScripts(page);
    const errors = await watchFirstPaint(page);
    await page.goto('/desk', { waitUntil: 'commit' });
    // The HTML and its own scripts alone: the frame, with Priya's name and the Desk entry marked.
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'agent-desktop');
    await expect(page.getByText('Starting Triage…')).toBeHidden();
    await expect(page.locator('.triage-header-name')).toHaveText('Priya Shah');
    await expect(page.locator('.ant-avatar-string')).toHaveText('PS');
    await expect(page.getByRole('button', { name: /^Priya Shah .*account menu$/ })).toBeVisible();
    await expect(page.locator('.ant-menu-item-selected')).toHaveText('Desk');
    await expect(page.getByTestId('screen-skeleton')).toBeVisible();
    await shot(page, 'prerender-03-agent-frame-before-scripts', { viewport: true });

    release();
    await expect(page.getByRole('heading', { name: /Queue/ })).toBeVisible();
    // Hydrated, not replaced: the frame's own side menu element is the app's.
    await expect(page.locator('.ant-menu-item-selected')).toHaveText('Desk');
    await page.getByRole('link', { name: 'Macros' }).click();
    await expect(page.locator('.ant-menu-item-selected')).toHaveText('Macros');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });

  test('the frame survives hydration: its elements are the app’s, not replaced', async ({ page }) => {
    await signIn(page, PRIYA);
    const release = await holdScripts(page);
    await page.goto('/desk', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'agent-desktop');
    await page.locator('aside.ant-layout-sider').evaluate((element) => element.setAttribute('data-seen', 'before'));
    release();
    await expect(page.getByRole('heading', { name: /Queue/ })).toBeVisible();
    await expect(page.locator('aside.ant-layout-sider')).toHaveAttribute('data-seen', 'before');
  });

  test('a customer on a phone sees the phone frame; the dark theme sees the start-up line', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DANA);
    let release = await holdScripts(page);
    const errors = await watchFirstPaint(page);
    await page.goto('/requests', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'customer-phone');
    await expect(page.getByRole('button', { name: /^Dana Whitfield .*account menu$/ })).toBeVisible();
    await shot(page, 'prerender-04-customer-phone-frame-before-scripts', { viewport: true });
    release();
    await expect(page.getByRole('heading', { name: 'My requests' })).toBeVisible();
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);

    await page.getByRole('switch', { name: 'Dark theme' }).click();
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
    release = await holdScripts(page);
    await page.goto('/requests', { waitUntil: 'commit' });
    await expect(page.getByText('Starting Triage…')).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-frame', /.*/);
    release();
    await expect(page.getByRole('heading', { name: 'My requests' })).toBeVisible();
  });
});
