/**
 * Submissions of a pre-rendered form made before the app took the page over (DESIGN §12). The
 * page's head script (scripts/build/prerender-stale-check.ts) stops every form submission until
 * released — a native submit would reload the page and drop what was typed — and notes one on
 * `<html data-submit-held>`; the screen makes it again once hydrated.
 */

declare global {
  interface Window {
    /** The head script's capturing `submit` listener, while it holds submissions. */
    __triageHoldSubmit?: (event: Event) => void;
  }
}

/** Stops holding submissions (removes the head script's listener); harmless when there is none. */
export function stopHoldingSubmits(): void {
  const hold = window.__triageHoldSubmit;
  if (!hold) return;
  document.removeEventListener('submit', hold, true);
  delete window.__triageHoldSubmit;
}

/**
 * Stops holding submissions and says whether one was held back (clearing the note).
 * @returns true when a form was submitted before the app took the page over.
 */
export function takeHeldSubmit(): boolean {
  stopHoldingSubmits();
  const root = document.documentElement;
  const held = root.hasAttribute('data-submit-held');
  root.removeAttribute('data-submit-held');
  return held;
}
