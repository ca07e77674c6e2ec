/** Helpers shared by the journeys. */
import { mkdirSync, readFileSync } from 'node:fs';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { encodePng } from '../scripts/build/png.cjs';
import { expect, type BrowserContext, type Page } from '@playwright/test';

const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });

/**
 * Saves a screenshot as test-results/screens/<name>.png (kept as a CI artifact): the full page,
 * or with `{ viewport: true }` what the window shows — for a modal, whose fixed mask covers only
 * the window and would look cut off on a page taller than it.
 */
export async function shot(page: Page, name: string, options: { viewport?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: !options.viewport });
}

/**
 * Records, from the first script of every document of `target` (a page, or every page of a
 * context), whether the sign-in screen ever appeared — so a reload or a new tab that flashes
 * it, even for one frame, is caught.
 */
export async function watchForSignInFlash(target: Pick<Page, 'addInitScript'>): Promise<void> {
  await target.addInitScript(() => {
    const flag = window as unknown as { __sawSignIn?: boolean };
    flag.__sawSignIn = false;
    new MutationObserver(() => {
      if (location.pathname.startsWith('/sign-in') || document.querySelector('[data-screen="sign-in"]')) {
        flag.__sawSignIn = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Whether the sign-in screen appeared since the last navigation. */
export function sawSignIn(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __sawSignIn?: boolean }).__sawSignIn));
}

/**
 * A real PNG (8-bit RGB) of `width`×`height` px painted by `colour(x, y)` → [r, g, b] — so a
 * journey can attach an image that the browser must decode.
 */
export function makePng(width: number, height: number, colour: (x: number, y: number) => number[]): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set(colour(x, y), (y * width + x) * 3);
  }
  return encodePng(width, height, pixels, 3);
}

/**
 * Ticks "Only in this tab" on a sign-in or sign-up form where the build offers it (the local
 * backend signs the whole browser in otherwise): journeys play two people in two tabs of one
 * browser, which share the local desk's data.
 */
export async function onlyInThisTab(page: Page): Promise<void> {
  const box = page.getByRole('checkbox', { name: 'Only in this tab' });
  if ((await box.count()) > 0) await box.check();
}

/**
 * The ceiling of a sign-in or sign-up (ms): a context's first one on the local build seeds the demo desk
 * first, which two workers on two small cores stretch past the default 15 s. A bound for a hang,
 * not a gate on speed.
 */
export const FIRST_SIGN_IN_MS = 40_000;

/**
 * Signs a person in through the form on `page`, only in that tab unless `thisTabOnly` is false
 * (then the whole browser, as a stranger would), and waits for `home`.
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string; home: RegExp },
  { thisTabOnly = true }: { thisTabOnly?: boolean } = {},
): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  if (thisTabOnly) await onlyInThisTab(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(account.home, { timeout: FIRST_SIGN_IN_MS });
}

/**
 * Picks `option` (its exact title) in the antd select labelled `label` (exactly). Clicks the
 * select's box, not its input: a select without search draws its value over the input.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: label, exact: true }) })
    .click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** The seeded agent Priya (local demo desk). */
export const PRIYA = { email: 'priya@triage.test', password: 'triage-agent', home: /\/desk/ };
/** The seeded admin Alex (local demo desk); home is the desk. */
export const ADMIN = { email: 'admin@triage.test', password: 'triage-admin', home: /\/(desk|admin)/ };
/** The seeded customer Dana (local demo desk). */
export const DANA = { email: 'dana@example.test', password: 'triage-customer', home: /\/requests$/ };

/**
 * Opens a new page of `context` and signs in a seeded staff member (password `triage-agent`)
 * only in that tab, resolving once the desk shows: two pages can be two people.
 */
export async function signInStaff(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, { email, password: 'triage-agent', home: /\/desk/ });
  return page;
}

/** Who signs up in a journey. */
export interface NewPerson {
  name: string;
  email: string;
  password: string;
}

/**
 * Signs a new customer up through the form on `page` (only in that tab, where the build offers
 * it) and waits for their requests (the home of a new account). `timeout` (ms) gives a slow
 * backend (the emulators) longer to answer.
 */
export async function signUp(page: Page, person: NewPerson, timeout?: number): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await onlyInThisTab(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/requests$/, { timeout: timeout ?? FIRST_SIGN_IN_MS });
}

/**
 * Signs in through the form whatever language it is in (by the fields' autocomplete purpose),
 * in this tab only where the build offers it, and waits for `home`.
 */
export async function signInInAnyLanguage(
  page: Page,
  account: { email: string; password: string; home: RegExp },
): Promise<void> {
  await page.goto('/sign-in');
  await page.locator('input[autocomplete="email"]').fill(account.email);
  await page.locator('input[autocomplete="current-password"]').fill(account.password);
  const thisTab = page.locator('input[type="checkbox"]');
  if ((await thisTab.count()) > 0) await thisTab.first().check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(account.home, { timeout: FIRST_SIGN_IN_MS });
}

/**
 * Waits until every animation of the page has ended (a fade-in caught midway fails contrast
 * checks) — after two frames, so that a transition the last action starts (a hover fading out)
 * has begun and is waited for too.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await Promise.allSettled(document.getAnimations().map((animation) => animation.finished));
  });
}

/**
 * Puts the signed-in frame of `page` in the light or dark theme with the header's switch (in any
 * language: the first switch of the page), then moves the pointer away so the switch's tooltip
 * is not part of what is checked or shot next.
 */
export async function chooseTheme(page: Page, dark: boolean): Promise<void> {
  const toggle = page.getByRole('switch').first();
  if ((await toggle.isChecked()) !== dark) await toggle.click();
  await expect(toggle).toBeChecked({ checked: dark });
  await page.mouse.move(0, 400);
  await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0);
}

/** The rule sets every axe check runs: WCAG 2.0/2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What axe found on a page: each serious or critical violation as one line, and how many lesser ones. */
export interface AxeFindings {
  /** `<rule> (<impact>): <help> — <first elements and why>`, one per serious/critical rule. */
  serious: string[];
  /** Count of moderate and minor violations (reported, not failing). */
  minor: number;
}

/** axe-core's browser build, put into a page by {@link axeFindings} when the document has none yet. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on what `page` shows (after moving the pointer off the page and letting
 * transitions end): the {@link AXE_TAGS} rules, plus WCAG 2.5.3's label-in-name rule, which axe
 * ships as experimental (off unless named) and which the header's account button once failed.
 * `within` (a CSS selector) limits the check to those elements — an overlay (menu, dialog,
 * drawer) over a page already checked; the page-wide rules then do not run.
 *
 * axe-core is put into the document once and run there directly: the app has no frames, and
 * `@axe-core/playwright`'s builder injected it again into every frame and finished each run in a
 * new blank page, about three times the cost of the run itself on every check.
 */
export async function axeFindings(page: Page, { within }: { within?: string } = {}): Promise<AxeFindings> {
  // The pointer left where the last click was: a control under it shows antd's hover colour.
  await page.mouse.move(0, 0);
  // …and fades back over a few frames: let that transition end before reading colours.
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: { 'label-content-name-mismatch': { enabled: true } },
    // Passes and incomplete results are left out of the report (a large part of its cost).
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    ([include, runOptions]) => {
      const { axe } = window as unknown as {
        axe: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };
      };
      return axe.run(include === null ? document : { include: [include] }, runOptions);
    },
    [within ?? null, options] as const,
  );
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  return {
    serious: serious.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map(
            (node) =>
              `${node.target.join(' ')}${node.html ? ` ${node.html.slice(0, 80)}` : ''}${node.any[0]?.message ? ` [${node.any[0].message}]` : ''}`,
          )
          .join(', ')}`,
    ),
    minor: results.violations.length - serious.length,
  };
}

/**
 * Runs {@link axeFindings} on what `page` shows and fails on any serious or critical violation,
 * naming each with the first elements it found. Prints one line per check (`axe <label>: …`) so
 * the journey's output lists the results per screen.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const findings = await axeFindings(page);
  console.log(`axe ${label}: ${findings.serious.length} serious/critical, ${findings.minor} moderate/minor`);
  expect(findings.serious, `axe: serious or critical violations on ${label}`).toEqual([]);
}
