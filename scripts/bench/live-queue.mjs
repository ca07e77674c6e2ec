#!/usr/bin/env node
// Live-queue benchmark: how soon a customer's new request shows in an agent's open queue, with
// no reload (the local backend: two tabs of one browser profile, as in the ticket journey).
// Prints figures; it is not a test and asserts nothing about them (the journey
// e2e/ticket-journey.spec.ts checks that the row shows at all).
//
// 1. Reuses the production local build in dist/ when it is newer than every source file, else
//    builds it (BACKEND=local; budgets reported, not enforced).
// 2. Serves it (scripts/dev/serve-dist.mjs) on a free port and starts Chromium with playwright-core.
// 3. In one browser context, a new customer signs up in one tab and the agent Priya signs in in
//    another ("only in this tab" each) and opens the Unassigned view.
// 4. RUNS times after a warm-up: the customer sends a new request; the time is taken in the
//    customer's tab when the Send button's click is dispatched, and in the agent's tab by a
//    MutationObserver when a queue row with the request's subject is added (both `Date.now()`
//    of one browser, so the two clocks are the same).
// 5. Prints each run and the minimum, median and maximum.
//
// Usage: npm run bench:live-queue [-- --runs=7 --dist=dist --rebuild]
import path from 'node:path';
import { ensureLocalBuild, quantile, serveAndLaunch } from './support.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const RUNS = Math.max(1, Number(args.runs ?? 7));
const DIST = path.resolve(args.dist ?? 'dist');
const AGENT = { email: 'priya@triage.test', password: 'triage-agent' };
const stamp = Date.now().toString(36);
const CUSTOMER = { name: 'Bench Requester', email: `bench-${stamp}@example.test`, password: 'correct horse 42' };
/** How long one request may take to show before the benchmark gives up (a hang is a finding, not a figure). */
const GIVE_UP_MS = 30_000;

ensureLocalBuild('bench:live-queue', DIST, args.rebuild === 'true');
const { browser, origin, stop } = await serveAndLaunch(DIST);

/** Signs in (or up) through the form, only in this tab, and waits for `home`. */
async function enter(page, fill, button, home) {
  await fill();
  await page.getByRole('checkbox', { name: 'Only in this tab' }).check();
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(home, { timeout: GIVE_UP_MS });
}

/**
 * Sends one request from the customer's tab; resolves with the milliseconds from the Send
 * click to its row in the agent's queue.
 */
async function oneRun(customer, agent, subject) {
  await customer.goto(`${origin}/requests/new`);
  await customer.getByLabel('Subject').fill(subject);
  await customer.getByLabel('Description').fill('Measured by npm run bench:live-queue.');
  await customer.evaluate(() => {
    const send = [...document.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Send request',
    );
    send?.addEventListener('click', () => (window.__benchSentAt = Date.now()), { capture: true, once: true });
  });
  const seen = agent.evaluate(
    ({ wanted, giveUpMs }) =>
      new Promise((resolve, reject) => {
        const shown = () =>
          [...document.querySelectorAll('table[aria-label] tbody tr')].some((row) => row.textContent?.includes(wanted));
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`bench:live-queue: "${wanted}" did not show within ${giveUpMs} ms`));
        }, giveUpMs);
      }),
    { wanted: subject, giveUpMs: GIVE_UP_MS },
  );
  await customer.getByRole('button', { name: 'Send request' }).click();
  const seenAt = await seen;
  const sentAt = await customer.evaluate(() => window.__benchSentAt);
  await customer.waitForURL(/\/requests\/[A-Za-z0-9_-]+$/, { timeout: GIVE_UP_MS });
  return seenAt - sentAt;
}

const times = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const customer = await context.newPage();
  const agent = await context.newPage();
  await customer.goto(`${origin}/sign-up`);
  await enter(
    customer,
    async () => {
      await customer.getByLabel('Your name').fill(CUSTOMER.name);
      await customer.getByLabel('Email').fill(CUSTOMER.email);
      await customer.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
      await customer.getByLabel('Confirm password').fill(CUSTOMER.password);
    },
    'Create account',
    /\/requests$/,
  );
  await agent.goto(`${origin}/sign-in`);
  await enter(
    agent,
    async () => {
      await agent.getByLabel('Email').fill(AGENT.email);
      await agent.getByLabel('Password').fill(AGENT.password);
    },
    'Sign in',
    /\/desk/,
  );
  await agent.goto(`${origin}/desk?view=unassigned`);
  await agent.getByRole('table', { name: /queue/i }).waitFor({ timeout: GIVE_UP_MS });

  await oneRun(customer, agent, `Warm-up ${stamp}`);
  for (let run = 1; run <= RUNS; run += 1) {
    const ms = await oneRun(customer, agent, `Bench ${stamp} run ${run}`);
    times.push(ms);
    console.log(`bench:live-queue: run ${run}/${RUNS}: shown in the agent's queue ${ms} ms after Send`);
  }
} finally {
  await stop();
}
console.log(
  `\nA new request in the agent's open queue, from Send to its row (local backend, two tabs), ${RUNS} runs: ` +
    `min ${Math.min(...times)} ms, median ${quantile(times, 0.5)} ms, max ${Math.max(...times)} ms`,
);
