#!/usr/bin/env node
// Reload benchmark: what a remembered agent sees, and when, on reloading the queue over a slow
// phone network. Prints figures; it is not a test and asserts nothing about them.
//
// 1. Reuses the production local build in dist/ when it is newer than every source file, else
//    builds it (BACKEND=local; budgets reported, not enforced).
// 2. Serves it (scripts/dev/serve-dist.mjs: firebase.json's headers, gzip) and starts Chromium with
//    playwright-core, service workers blocked (every reload goes to the network).
// 3. Signs in as the agent Priya (unthrottled), then reloads /desk RUNS times in the same tab — so
//    the tab remembers her, as after any reload — each time with the HTTP cache cleared, the
//    network at Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and the
//    CPU slowed 4×, and records, from navigation start: the first contentful paint, the side menu's
//    first entry, the queue's heading and its first row (checked on every animation frame).
// 4. Prints each run and the medians.
//
// Usage: npm run bench:reload [-- --runs=5 --dist=dist --rebuild]
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureLocalBuild, quantile } from './support.mjs';
import serveDistProcess from '../dev/serve-dist-process.cjs';

const { startServeDist } = serveDistProcess;
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const RUNS = Math.max(1, Number(args.runs ?? 5));
const DIST = path.resolve(args.dist ?? 'dist');
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const UNTHROTTLED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

ensureLocalBuild('bench:reload', DIST, args.rebuild === 'true');
const server = await startServeDist(DIST, { args: [] });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const runs = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${server.origin}/sign-in`);
  await page.getByLabel('Email').fill('priya@triage.test');
  await page.getByLabel('Password').fill('triage-agent');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('#queue-title', { timeout: 60_000 });
  await page.addInitScript(() => {
    const marks = {};
    window.__reloadMarks = marks;
    const check = () => {
      const at = Math.round(performance.now());
      if (!marks.menu && document.querySelector('.ant-layout-sider .ant-menu-item')) marks.menu = at;
      if (!marks.heading && document.querySelector('#queue-title')) marks.heading = at;
      if (!marks.rows && document.querySelector('table[aria-label] tbody tr[data-ticket-id]')) marks.rows = at;
      if (!marks.rows) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  for (let run = 1; run <= RUNS; run += 1) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.origin}/desk`);
    await page.waitForFunction(() => window.__reloadMarks.rows, null, { timeout: 60_000 });
    const marks = await page.evaluate(() => ({
      ...window.__reloadMarks,
      paint: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
    }));
    runs.push(marks);
    console.log(
      `bench:reload: run ${run}/${RUNS}: first paint ${marks.paint} ms, side menu ${marks.menu} ms, queue heading ${marks.heading} ms, first row ${marks.rows} ms`,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', UNTHROTTLED);
  }
} finally {
  await browser.close();
  server.child.kill();
}
const median = (key) =>
  quantile(
    runs.map((marks) => marks[key]),
    0.5,
  );
console.log(
  `\nReload of /desk as a remembered agent (slow 4G, 4× CPU, no HTTP cache), median of ${RUNS}: ` +
    `first paint ${median('paint')} ms, side menu ${median('menu')} ms, queue heading ${median('heading')} ms, first row ${median('rows')} ms`,
);
