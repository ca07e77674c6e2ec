/**
 * Playwright journeys in Chromium against the production build with the local backend, served
 * by scripts/dev/serve-dist.mjs with firebase.json's Hosting headers (so under the production CSP).
 * Uses Debian's Chromium where present (no browser downloads here) — its headless shell, the
 * lighter build Playwright itself runs headless, else the full browser — and elsewhere
 * Playwright's own Chromium. Screenshots go to test-results/ (kept as CI artifacts).
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from './e2e/browsers';

/** E2E_PORT, E2E_DIST and E2E_OUTPUT let two people (or CI jobs) run the local journeys side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
/**
 * The Firebase build (USE_EMULATORS=true, values of .env.example), for the Auth-emulator journey;
 * E2E_FIREBASE_PORT moves it (Playwright starts every web server whichever project runs).
 */
const FIREBASE_PORT = Number(process.env.E2E_FIREBASE_PORT ?? 4174);

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT ?? './test-results/playwright',
  // Ceilings for a hang, not gates on speed (two workers on two cores make each journey slower; a
  // context's first visit to the local build seeds the demo desk on the main thread, which under the
  // whole suite's load on a small machine took more than 15 s).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Two workers (one per core) unless E2E_WORKERS says otherwise. Every test has its own browser
  // context, so its own local desk (IndexedDB) and session, and the local journeys run test by
  // test side by side. The Firebase projects share one emulator desk and keep their file's tests
  // in order in any case.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry, and `npm test`'s summary names every journey that needed it: a journey that fails
  // twice fails the suite, one that fails once is reported, not hidden. (Text typed into a
  // pre-rendered form while the app hydrated was sometimes refused as empty; the forms now send
  // what their fields show, src/lib/use-typed-before-hydration.ts.)
  retries: 1,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT ?? 'test-results/reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    // The offline shell's service worker (DESIGN §12) would answer requests from its precache,
    // round the journeys' own route handlers, after downloading it in every fresh context: it
    // runs only in the journey about it (e2e/offline.spec.ts allows it).
    serviceWorkers: 'block',
    // A trace (DOM snapshots and a screencast of every action) costs about a fifth of a journey's
    // time, so the first run records none and its retry records one: a failure twice has its trace.
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'local', testIgnore: /firebase-.*\.spec\.ts/, fullyParallel: true },
    {
      // The Firebase build against the Auth emulator alone (Firestore unreachable).
      name: 'firebase-emulator',
      testMatch: /firebase-auth-emulator\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${FIREBASE_PORT}` },
    },
    {
      // The Firebase build against the Auth, Firestore (127.0.0.1:8080) and Functions emulators.
      name: 'firebase-firestore',
      testMatch: /firebase-(firestore|automations|google)\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${FIREBASE_PORT}` },
    },
  ],
  webServer: [
    {
      // check-build leaves a local build in dist/; build one when run on its own.
      command: `sh -c '[ -f ${DIST}/index.html ] || BACKEND=local npx webpack --mode production --output-path ${DIST}; node scripts/dev/serve-dist.mjs ${DIST} ${PORT}'`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      command: `sh -c '[ -f dist-firebase/index.html ] || node scripts/build/firebase-example.mjs; node scripts/dev/serve-dist.mjs dist-firebase ${FIREBASE_PORT} --emulators'`,
      url: `http://127.0.0.1:${FIREBASE_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
