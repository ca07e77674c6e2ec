/**
 * The Chromium the journeys run in, and its arguments (playwright.config.ts, and a journey that
 * needs the full browser). No browser downloads here: Debian's packages.
 */
import { existsSync } from 'node:fs';

/** Debian's full browser (package `chromium`). */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's packages `chromium-headless-shell` (about a fifth less CPU for the same journeys:
 * docs/benchmarks.md) and `chromium`, the first present; E2E_CHROMIUM names another. Undefined
 * where none is: Playwright's own Chromium.
 */
export const SYSTEM_CHROMIUM = [
  process.env.E2E_CHROMIUM,
  '/usr/lib/chromium/chromium-headless-shell',
  FULL_CHROMIUM,
].find((candidate): candidate is string => candidate !== undefined && existsSync(candidate));

/** The command-line switches every journey's browser starts with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Launch options for a journey file that needs the full browser where the default is Debian's
 * headless shell (`test.use(fullBrowser())`; the file gets a worker of its own). Empty where
 * E2E_CHROMIUM chose the browser or the full one is not installed.
 */
export function fullBrowser(): { launchOptions?: { executablePath: string; args: string[] } } {
  if (process.env.E2E_CHROMIUM || !existsSync(FULL_CHROMIUM)) return {};
  return { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } };
}
