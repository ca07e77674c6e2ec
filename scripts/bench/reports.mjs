#!/usr/bin/env node
// Reports benchmark (DESIGN §11): how fast /reports is ready on a local desk of 10 000 tickets
// submitted over 90 days. Prints figures; it is not a test and asserts nothing about them.
//
// 1. Reuses the production local build in dist/ when it is newer than every source file, else
//    builds it (BACKEND=local; budgets reported, not enforced).
// 2. Serves it (scripts/dev/serve-dist.mjs), starts Chromium with playwright-core, lets the app seed
//    its desk, then writes the benchmark desk (scripts/bench/report-desk.ts) through the local
//    adapter's own Dexie database, so its middleware — the local backend's trusted code — writes
//    each ticket's SLA record and the per-day statistics as the app's own writes would.
// 3. Signs in as the agent Priya and measures, median and p95 of several runs after a warm-up:
//    a full load of /reports?days=90 from navigation start, and a switch from 7 to 90 days in the
//    app, each to the first animation frame after the report is drawn (`data-report-ready`);
//    and prints the records the 90-day report read.
//
// Usage: npm run bench:reports [-- --runs=7 --tickets=10000 --dist=dist --rebuild]
import os from 'node:os';
import path from 'node:path';
import { bundleForPage, ensureLocalBuild, quantile, serveAndLaunch } from './support.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const RUNS = Math.max(5, Number(args.runs ?? 7));
const TICKETS = Number(args.tickets ?? 10_000);
const DIST = path.resolve(args.dist ?? 'dist');
const PORT = Number(args.port ?? 4184);
const BASE = `http://127.0.0.1:${PORT}`;
const AGENT = { email: 'priya@triage.test', password: 'triage-agent' };

// ── 1. the build ────────────────────────────────────────────────────────────────────────
ensureLocalBuild('bench:reports', DIST, args.rebuild === 'true');

// The adapter's database (with its middleware) and the desk's generator, bundled for the page.
const benchLib = await bundleForPage(
  [
    "export { openTriageDb } from '@/backend/local/core/db';",
    "export { benchReportDesk } from './scripts/bench/report-desk';",
  ],
  '__reportsBenchLib',
);

// ── 2. server, browser, desk ────────────────────────────────────────────────────────────
const { browser, stop } = await serveAndLaunch(DIST, PORT);

/** In every document: resolves `window.__reportReady` with performance.now() at the frame after the report is drawn. */
function installReadyMark() {
  const ready = (period) => document.querySelector(`[data-report-ready="${period}"]`);
  window.__whenReady = (period) =>
    new Promise((resolve) => {
      const done = () => requestAnimationFrame(() => resolve(performance.now()));
      if (ready(period)) return void done();
      const observer = new MutationObserver(() => {
        if (!ready(period)) return;
        observer.disconnect();
        done();
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
  if (location.pathname === '/reports') window.__loadReady = window.__whenReady(90);
}

const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addInitScript(installReadyMark);
const page = await context.newPage();
page.on('pageerror', (error) => console.error('page error:', error.message));
await page.goto(`${BASE}/sign-in`);
await page.getByLabel('Email').waitFor();
await page.evaluate(benchLib);
const seedStart = Date.now();
const desk = await page.evaluate(async (count) => {
  const { openTriageDb, benchReportDesk } = window.__reportsBenchLib;
  const db = openTriageDb('triage');
  // The app seeds its desk on first open: wait for the counter it leaves.
  let counter;
  for (let tries = 0; !counter && tries < 200; tries += 1) {
    counter = await db.counters.get('tickets');
    if (!counter) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!counter) throw new Error('bench: the app did not seed its database');
  const users = await db.users.toArray();
  const people = {
    customers: users.filter((user) => user.role === 'customer'),
    agents: users.filter((user) => user.role !== 'customer'),
  };
  const { tickets, ratings } = benchReportDesk(count, Date.now(), counter.value + 1, people);
  for (let i = 0; i < tickets.length; i += 500) {
    // As the backend writes: with `settings` and `stats` in the transaction, the middleware derives both.
    await db.transaction('rw', [db.tickets, db.settings, db.stats], () =>
      db.tickets.bulkPut(tickets.slice(i, i + 500)),
    );
  }
  await db.ratings.bulkPut(ratings);
  await db.counters.put({ id: 'tickets', value: counter.value + tickets.length });
  const total = await db.tickets.count();
  const days = await db.stats.count();
  db.close();
  return { total, ratings: ratings.length, days };
}, TICKETS);
console.log(
  `bench:reports: ${TICKETS} tickets written through the adapter in ${((Date.now() - seedStart) / 1000).toFixed(1)} s ` +
    `(desk: ${desk.total} tickets, ${desk.ratings} new ratings, ${desk.days} days of statistics)`,
);

// ── 3. sign in and measure ──────────────────────────────────────────────────────────────
await page.goto(`${BASE}/sign-in`);
await page.getByLabel('Email').fill(AGENT.email);
await page.getByLabel('Password').fill(AGENT.password);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/desk/);

const samples = { 'full load of /reports?days=90': [], 'switch 7 → 90 days in the app': [] };
let reads = 0;
for (let run = 0; run <= RUNS; run += 1) {
  await page.goto(`${BASE}/reports?days=90`);
  const load = await page.evaluate(() => window.__loadReady);
  reads = Number(await page.locator('[data-report-reads]').getAttribute('data-report-reads'));
  await page
    .locator('.ant-segmented-item')
    .filter({ hasText: /^7 days$/ })
    .click();
  await page.locator('[data-report-ready="7"]').waitFor();
  const switchMs = await page.evaluate(async () => {
    const item = [...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === '90 days');
    const start = performance.now();
    item.click();
    return (await window.__whenReady(90)) - start;
  });
  if (run === 0) continue; // warm-up
  samples['full load of /reports?days=90'].push(load);
  samples['switch 7 → 90 days in the app'].push(switchMs);
}

console.log(
  `\nReports benchmark: ${desk.total} tickets over 90 days, ${RUNS} runs after a warm-up, ` +
    `Chromium ${browser.version()}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}`.trimEnd(),
);
const width = Math.max(...Object.keys(samples).map((name) => name.length));
const ms = (value) => `${value.toFixed(0)} ms`.padStart(9);
console.log(`  ${'measure'.padEnd(width)}    median       p95       min       max`);
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `  ${name.padEnd(width)} ${ms(quantile(values, 0.5))} ${ms(quantile(values, 0.95))} ${ms(Math.min(...values))} ${ms(Math.max(...values))}`,
  );
}
console.log(
  `  records read for the 90-day report: ${reads} (the day statistics; the backlog and rating counts read index keys only)`,
);
console.log('  (to the first animation frame after the report is drawn; full loads from navigation start)');
await stop();
