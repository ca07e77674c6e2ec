#!/usr/bin/env node
// Lighthouse figures for the pages of issue 14: how fast Triage's production builds load on a
// phone. Prints figures; it is not a test and asserts nothing about them (it exits non-zero only
// when something cannot run, or when a queue run did not measure the signed-in queue).
//
// 1. Builds: the production local build in dist/ (reused while newer than every source file, as
//    the benchmarks do) and the Firebase build in dist-firebase/ (the Emulator Suite demo project
//    of .env.example, built as scripts/build/firebase-example.mjs builds it; reused the same
//    way). Budgets are reported, not enforced. The sign-in page renders without the emulators.
// 2. Serves each with scripts/dev/serve-dist.mjs: firebase.json's headers and rewrites, gzip.
// 3. For each page, starts Debian's Chromium (chrome-launcher, headless, a fresh profile) and runs
//    Lighthouse 12 with its default mobile settings (simulated slow 4G, 4× CPU slowdown, the
//    performance category) through its Node API, one run after another:
//      sign-in, local build, first visit     /sign-in; all the origin's data and the HTTP cache
//                                            cleared before each run.
//      sign-in, Firebase build, first visit  the same on the Firebase build.
//      agent queue, first visit (no cache)   /desk, signed in as the agent Priya through the
//                                            sign-in form first; before each run the HTTP cache,
//                                            Cache Storage and service workers are cleared, never
//                                            localStorage or IndexedDB (the session and the desk).
//      agent queue, repeat visit             /desk loaded once (in a tab with the phone's screen,
//                                            until any service worker is ready), then measured
//                                            without clearing anything.
//    The local backend keeps a browser-wide session in localStorage unless "Only in this tab" is
//    ticked (src/backend/local/auth/session.ts); the sign-in leaves it unticked, so Lighthouse's new
//    tab finds Priya signed in. Each queue run checks that it measured the queue: the final URL is
//    /desk and the page then shows the queue's heading, not the sign-in form.
// 4. Prints a markdown table (the median of the runs for each figure, and the score's range)
//    and the largest contentful paint element of each page; writes every run's full Lighthouse
//    result and a summary to test-results/lighthouse/. "Transferred" is Lighthouse's total byte
//    weight: what the page's own requests transferred (gzip), not what a service worker fetches
//    for itself (its precache).
//
// Usage: npm run lighthouse [-- [--no-build] [--rebuild] [--runs=3] [--only=queue-cold,…]]
//   --no-build  use dist/ and dist-firebase/ as they are (fails when one is missing).
//   --rebuild   build both even when they are newer than the sources.
//   --runs=N    runs per page (default 3).
//   --only=…    some of the pages: sign-in-local, sign-in-firebase, queue-cold, queue-warm.
//   --dist=DIR, --dist-firebase=DIR  other build directories (default dist/ and dist-firebase/).
// CHROMIUM=/path/to/chrome overrides /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { ensureLocalBuild, isFreshBuild, quantile } from './support.mjs';
import { firebaseExampleEnv } from '../build/firebase-example.mjs';
import serveDistProcess from '../dev/serve-dist-process.cjs';

const { startServeDist } = serveDistProcess;

const NAME = 'lighthouse';
const OUT_DIR = 'test-results/lighthouse';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const AGENT = { email: 'priya@triage.test', password: 'triage-agent' };

const PAGES = [
  { id: 'sign-in-local', label: 'sign-in, local build, first visit', build: 'local', path: '/sign-in', kind: 'first' },
  {
    id: 'sign-in-firebase',
    label: 'sign-in, Firebase build, first visit',
    build: 'firebase',
    path: '/sign-in',
    kind: 'first',
  },
  { id: 'queue-cold', label: 'agent queue, first visit (no cache)', build: 'local', path: '/desk', kind: 'cold' },
  { id: 'queue-warm', label: 'agent queue, repeat visit', build: 'local', path: '/desk', kind: 'warm' },
];

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const known = new Set(['no-build', 'rebuild', 'runs', 'only', 'dist', 'dist-firebase']);
const unknown = Object.keys(args).filter((key) => !known.has(key));
const RUNS = Number(args.runs ?? 3);
const only = args.only ? args.only.split(',') : PAGES.map((page) => page.id);
const missing = only.filter((id) => !PAGES.some((page) => page.id === id));
if (unknown.length > 0 || missing.length > 0 || !Number.isInteger(RUNS) || RUNS < 1) {
  console.error(
    `${NAME}: ${unknown.length > 0 ? `unknown option --${unknown.join(' --')}` : ''}` +
      `${missing.length > 0 ? `unknown page ${missing.join(', ')} (pages: ${PAGES.map((page) => page.id).join(', ')})` : ''}` +
      `${!Number.isInteger(RUNS) || RUNS < 1 ? '--runs takes a whole number ≥ 1' : ''}`,
  );
  process.exit(1);
}
const pages = PAGES.filter((page) => only.includes(page.id));
if (!existsSync(CHROMIUM)) {
  console.error(`${NAME}: no Chromium at ${CHROMIUM} (set CHROMIUM to another one).`);
  process.exit(1);
}

// ── 1. the builds ─────────────────────────────────────────────────────────────────────────
const BUILDS = {
  local: { dir: path.resolve(args.dist ?? 'dist'), serveArgs: [] },
  // The emulator build's CSP allows the emulators, as in the Playwright Firebase journeys.
  firebase: { dir: path.resolve(args['dist-firebase'] ?? 'dist-firebase'), serveArgs: ['--emulators'] },
};

/**
 * Makes sure `dir` holds the Firebase build of .env.example newer than the sources, as
 * scripts/build/firebase-example.mjs builds it (its environment; budgets reported, not enforced).
 */
function ensureFirebaseBuild(dir, rebuild) {
  const relative = path.relative('.', dir);
  if (!rebuild && isFreshBuild(dir, 'demo-triage')) {
    console.log(`${NAME}: reusing the Firebase build in ${relative}/`);
    return;
  }
  console.log(`${NAME}: building the Firebase build (.env.example) into ${relative}/ …`);
  const { status, stdout } = spawnSync(`npx webpack --mode production --output-path ${JSON.stringify(dir)}`, {
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: true,
    encoding: 'utf8',
    env: { ...process.env, ...firebaseExampleEnv(), BUDGETS: 'report' },
  });
  if (status !== 0) {
    console.error(stdout.split('\n').slice(-30).join('\n'));
    console.error(`${NAME}: the Firebase build failed.`);
    process.exit(1);
  }
}

const needs = new Set(pages.map((page) => page.build));
if (args['no-build'] === 'true') {
  for (const build of needs) {
    if (!existsSync(path.join(BUILDS[build].dir, 'index.html'))) {
      console.error(`${NAME}: --no-build, but ${path.relative('.', BUILDS[build].dir)}/index.html is missing.`);
      process.exit(1);
    }
  }
} else {
  if (needs.has('local')) ensureLocalBuild(NAME, BUILDS.local.dir, args.rebuild === 'true');
  if (needs.has('firebase')) ensureFirebaseBuild(BUILDS.firebase.dir, args.rebuild === 'true');
}

// ── 2. the servers ────────────────────────────────────────────────────────────────────────
const children = [];
process.on('exit', () => children.forEach((child) => child.kill()));
process.on('SIGINT', () => process.exit(130));

/** Serves `dir` with serve-dist; resolves to its origin once it listens. */
async function serve(dir, extraArgs) {
  const server = await startServeDist(dir, { args: extraArgs });
  children.push(server.child);
  return server.origin;
}

const origins = {};
for (const build of needs) origins[build] = await serve(BUILDS[build].dir, BUILDS[build].serveArgs);

// ── 3. the runs ───────────────────────────────────────────────────────────────────────────
/** Starts headless Chromium with a fresh profile; returns it and Puppeteer connected to it. */
async function startChromium() {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
    logLevel: 'silent',
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  return { chrome, browser };
}

/**
 * Clears, for `origin`, the storage types given (Storage.clearDataForOrigin, as Lighthouse's own
 * reset does) and the browser's HTTP cache, through the DevTools protocol of `page`.
 */
async function clearFor(page, origin, storageTypes) {
  const session = await page.createCDPSession();
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes });
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/** Whether `page` shows the agent queue (its heading, no sign-in form) at /desk. */
function showsQueue(page) {
  return page.evaluate(
    () =>
      location.pathname === '/desk' &&
      document.querySelector('#queue-title') !== null &&
      document.querySelector('[data-screen="sign-in"]') === null,
  );
}

/** A new tab of `browser` as Lighthouse's mobile runs see the page (its phone's screen and user agent). */
async function phoneTab(browser) {
  const page = await browser.newPage();
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  await page.setViewport({ width, height, deviceScaleFactor, isMobile: true, hasTouch: true });
  await page.setUserAgent(userAgents.mobile);
  return page;
}

/**
 * Signs the agent in through the sign-in form in a tab of the browser, for the whole browser
 * ("Only in this tab" left unticked: the session goes to localStorage), and waits for the queue.
 */
async function signInAgent(browser, origin) {
  const page = await phoneTab(browser);
  await page.goto(`${origin}/sign-in`, { waitUntil: 'load' });
  await page.waitForSelector('#sign-in-email', { visible: true, timeout: 30_000 });
  await page.type('#sign-in-email', AGENT.email);
  await page.type('#sign-in-password', AGENT.password);
  await page.click('form button[type="submit"]');
  await page.waitForFunction(() => location.pathname === '/desk' && document.querySelector('#queue-title'), {
    timeout: 30_000,
  });
  const session = await page.evaluate(() =>
    Object.keys(localStorage).find((key) => key.startsWith('triage.local.session:')),
  );
  if (!session) throw new Error('signed in, but no browser-wide session in localStorage');
  await page.close();
}

/** Loads `url` once in a tab (the visit a repeat visit repeats) and waits for the queue and any service worker. */
async function visitOnce(browser, url) {
  const page = await phoneTab(browser);
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
  if (!(await showsQueue(page))) throw new Error(`the warm-up visit of ${url} did not show the queue`);
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker?.getRegistration().then((registration) => registration && navigator.serviceWorker.ready),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]),
  );
  await page.close();
}

/** The figures of one Lighthouse result. */
function figuresOf(lhr) {
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = lcpItems[0]?.items?.[0]?.node;
  return {
    score: Math.round((lhr.categories.performance.score ?? Number.NaN) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    kib: numeric('total-byte-weight') / 1024,
    lcpElement: node ? { label: node.nodeLabel, selector: node.selector, snippet: node.snippet } : null,
    // How fast this machine ran Chromium just before the run (Lighthouse's own benchmark; a
    // loaded machine gives lower values and longer TBT).
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const describe = (figures) =>
  `score ${figures.score}, FCP ${seconds(figures.fcp)}, LCP ${seconds(figures.lcp)}, TBT ${Math.round(figures.tbt)} ms, ` +
  `CLS ${figures.cls.toFixed(3)}, ${Math.round(figures.kib)} KiB`;

/** Runs Lighthouse `RUNS` times on `spec` in one browser; returns each run's figures. */
async function measure(spec) {
  const origin = origins[spec.build];
  const url = `${origin}${spec.path}`;
  const { chrome, browser } = await startChromium();
  const runs = [];
  try {
    if (spec.kind !== 'first') await signInAgent(browser, origin);
    if (spec.kind === 'warm') await visitOnce(browser, url);
    for (let run = 1; run <= RUNS; run += 1) {
      const page = await browser.newPage();
      if (spec.kind === 'first') await clearFor(page, origin, 'all');
      if (spec.kind === 'cold') await clearFor(page, origin, 'cache_storage,service_workers');
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // The script clears what each kind of visit needs itself (above).
          disableStorageReset: true,
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      writeFileSync(path.join(OUT_DIR, `${spec.id}-${run}.json`), result.report);
      if (lhr.runtimeError)
        throw new Error(`${spec.id} run ${run}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (spec.kind !== 'first' && (finalPath !== '/desk' || !(await showsQueue(page)))) {
        throw new Error(
          `${spec.id} run ${run} did not measure the signed-in queue: it ended on ${lhr.finalDisplayedUrl}` +
            (finalPath === '/desk' ? ' without the queue on screen' : ''),
        );
      }
      if (spec.kind === 'first' && finalPath !== spec.path) {
        throw new Error(`${spec.id} run ${run} ended on ${lhr.finalDisplayedUrl}, not ${spec.path}`);
      }
      await page.close();
      const figures = figuresOf(lhr);
      versions = {
        lighthouse: lhr.lighthouseVersion,
        browser: lhr.environment.hostUserAgent.match(/\S+Chrome\/\S+/)?.[0],
      };
      runs.push({ ...figures, finalUrl: lhr.finalDisplayedUrl, warnings: lhr.runWarnings });
      console.log(`${NAME}: ${spec.id} run ${run}/${RUNS}: ${describe(figures)}`);
    }
  } finally {
    await browser.disconnect().catch(() => undefined);
    chrome.kill();
  }
  return runs;
}

/** Lighthouse's and the browser's versions, as the last result reports them. */
let versions = {};

mkdirSync(OUT_DIR, { recursive: true });
console.log(`${NAME}: ${RUNS} run${RUNS === 1 ? '' : 's'} per page, one page after another, with ${CHROMIUM}`);
const results = [];
let failed = false;
for (const spec of pages) {
  try {
    results.push({ spec, runs: await measure(spec) });
  } catch (error) {
    failed = true;
    console.error(`${NAME}: ${spec.label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ── 4. the table ──────────────────────────────────────────────────────────────────────────
const median = (runs, key) =>
  quantile(
    runs.map((run) => run[key]),
    0.5,
  );
const rows = results.map(({ spec, runs }) => {
  const scores = runs.map((run) => run.score);
  // The LCP element of the run whose LCP is the median (the first such run).
  const lcp = median(runs, 'lcp');
  const typical = runs.reduce((best, run) => (Math.abs(run.lcp - lcp) < Math.abs(best.lcp - lcp) ? run : best));
  return {
    page: spec.label,
    id: spec.id,
    score: median(runs, 'score'),
    scoreMin: Math.min(...scores),
    scoreMax: Math.max(...scores),
    fcp: median(runs, 'fcp'),
    lcp,
    tbt: median(runs, 'tbt'),
    cls: median(runs, 'cls'),
    kib: median(runs, 'kib'),
    lcpElement: typical.lcpElement,
    benchmarkIndex: median(runs, 'benchmarkIndex'),
    warnings: [...new Set(runs.flatMap((run) => run.warnings))],
    runs,
  };
});
writeFileSync(
  path.join(OUT_DIR, 'summary.json'),
  `${JSON.stringify({ ...versions, runsPerPage: RUNS, pages: rows }, null, 2)}\n`,
);

console.log(
  `\nLighthouse ${versions.lighthouse ?? '?'}, ${versions.browser ?? 'Chromium'}, default mobile settings ` +
    `(simulated slow 4G, 4× CPU); median of ${RUNS} (score: median, min–max):\n`,
);
console.log('| page | score | FCP | LCP | TBT | CLS | transferred |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const range = row.scoreMin === row.scoreMax ? '' : ` (${row.scoreMin}–${row.scoreMax})`;
  console.log(
    `| ${row.page} | ${Math.round(row.score)}${range} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ` +
      `${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${Math.round(row.kib)} KiB |`,
  );
}
console.log('\nLargest contentful paint element (of the run with the median LCP):');
for (const row of rows) {
  const element = row.lcpElement;
  const label = element?.label ? ` "${element.label.replace(/\s+/g, ' ').slice(0, 80)}"` : '';
  console.log(`- ${row.page}: ${element ? `${element.selector}${label}` : 'none reported'}`);
}
console.log(
  `\nLighthouse's CPU benchmark index, median per page: ${rows.map((row) => Math.round(row.benchmarkIndex)).join(', ')}` +
    ' (lower when the machine is busy; the figures then run slower).',
);
for (const row of rows) {
  for (const warning of row.warnings) console.log(`Lighthouse warned on ${row.page}: ${warning}`);
}
console.log(
  `\nFull results: ${OUT_DIR}/<page>-<run>.json (open in https://googlechrome.github.io/lighthouse/viewer/), summary.json`,
);
process.exit(failed ? 1 : 0);
