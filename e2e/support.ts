/** Helpers shared by the journeys. */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });

/** Saves a full-page screenshot as test-results/screens/<name>.png (kept as a CI artifact). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Records, from the first script of every document, whether the sign-in screen ever
 * appeared — so a reload that flashes it, even for one frame, is caught.
 */
export async function watchForSignInFlash(page: Page): Promise<void> {
  await page.addInitScript(() => {
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
