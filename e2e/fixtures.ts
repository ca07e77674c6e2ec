/**
 * The journeys' `test`: Playwright's, with
 * - every page of the test's browser context watched for Content-Security-Policy violations
 *   (serve-dist serves firebase.json's production CSP), so a journey that needs a source the CSP
 *   does not allow fails instead of passing quietly;
 * - every page's CSS transitions and animations (antd's motion) played `animationRate` times
 *   faster through the DevTools protocol: each still runs, with its start and end events, in a
 *   fraction of the frames. Painting those frames was about a quarter of the journeys' CPU
 *   (docs/benchmarks.md). The app is unchanged; `E2E_ANIMATION_RATE=1` runs every journey at the
 *   app's own speed, `test.use({ animationRate: 1 })` one file;
 * - every page's file-chooser interception on from its start: Playwright turns it on when the
 *   first `filechooser` listener is added, without waiting, so a `waitForEvent('filechooser')`
 *   just before the click that opens the dialog could miss it (a 90 s timeout in the keyboard
 *   journey, now and then).
 */
import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The default of the `animationRate` option: `E2E_ANIMATION_RATE`, else 20. */
const DEFAULT_ANIMATION_RATE = Number(process.env.E2E_ANIMATION_RATE ?? 20);

/** The running test's rate (a worker runs one test at a time), for contexts the test opens itself. */
let currentRate = DEFAULT_ANIMATION_RATE;

/**
 * Sets the page's document timeline playback rate through a DevTools session of its own, which
 * stays attached (detaching it resets the rate; Chromium keeps the rate across the page's
 * navigations). That session also resets the page's network emulation when the page reloads, so
 * a journey that takes the browser offline (`context.setOffline`) runs at rate 1.
 * Throws when the protocol refuses it (a browser other than Chromium).
 */
async function quicken(context: BrowserContext, page: Page): Promise<void> {
  if (currentRate === 1) return;
  const session = await context.newCDPSession(page);
  await session.send('Animation.setPlaybackRate', { playbackRate: currentRate });
}

/** Quickens a page and turns its file-chooser interception on, before the test sees it. */
async function prepare(context: BrowserContext, page: Page): Promise<void> {
  page.on('filechooser', () => undefined);
  await quicken(context, page);
}

const quickened = new WeakSet<BrowserContext>();

/** Makes every page a test opens with `context.newPage()` prepared before the test sees it. */
function quickenNewPages(context: BrowserContext): BrowserContext {
  if (quickened.has(context)) return context;
  quickened.add(context);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await prepare(context, page);
    return page;
  };
  return context;
}

export const test = base.extend<{ animationRate: number; rateOfThisTest: void }, { browser: Browser }>({
  animationRate: [DEFAULT_ANIMATION_RATE, { option: true }],
  rateOfThisTest: [
    async ({ animationRate }, provide) => {
      currentRate = animationRate;
      await provide();
    },
    { auto: true },
  ],
  // Journeys that open their own contexts (`browser.newContext()`) get the same pages.
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => quickenNewPages(await newContext(options));
      await provide(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, provide) => {
    const violations: string[] = [];
    context.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await provide(quickenNewPages(context));
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  page: async ({ context, page }, provide) => {
    await prepare(context, page);
    await provide(page);
  },
});

export { expect };
