/**
 * Focus follows navigation (DESIGN §8): after the path changes, keyboard and screen-reader
 * users land on the new screen's `h1` instead of staying on the link they pressed (or on
 * `<body>` when that link is gone). Screens load lazily, so the heading may appear later than
 * the navigation: the hook watches the frame for a little while and focuses the first `h1`
 * the new screen shows, unless the person has already moved on (clicked or typed).
 */
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long after a navigation a heading that appears late still gets focus (ms). */
const WAIT_FOR_HEADING_MS = 4000;

/**
 * The path seen last by either frame (guest or signed-in), so that signing in — which swaps
 * the frames — counts as a navigation too; `null` until the first page load.
 */
let lastPath: string | null = null;

/**
 * Moves focus to the main heading on every change of path after the first page load
 * (the first load keeps the browser's own start, at the top of the document).
 * @param frame the element the screens render in (the layout's `<main>`).
 * Headings get `tabindex="-1"` so they take focus without entering the Tab order.
 */
export function useHeadingFocusOnNavigation(frame: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    if (previous === null || previous === pathname) return;
    const container = frame.current;
    if (!container) return;

    const stale = container.querySelector('h1');
    let done = false;
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      return document.activeElement === heading;
    };

    const observer = new MutationObserver(() => {
      if (done) return;
      const heading = container.querySelector('h1');
      if (heading && document.activeElement !== heading && heading !== stale) {
        const active = document.activeElement;
        // Take focus only from nowhere (body), from the heading we focused, or from a node
        // that left the page — never from a field or button the person is using.
        // (A heading of the screen being left may show while the next one loads: it is `stale`.)
        if (!active || active === document.body || active.tagName === 'H1' || !active.isConnected) focusHeading();
      }
    });
    const stop = () => {
      done = true;
      observer.disconnect();
    };
    focusHeading();
    observer.observe(container, { childList: true, subtree: true });
    const timer = window.setTimeout(stop, WAIT_FOR_HEADING_MS);
    // Someone who clicks or types has chosen where they are: stop steering.
    const userMoved = (event: Event) => {
      if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Tab') stop();
      if (event.type === 'pointerdown') stop();
    };
    window.addEventListener('pointerdown', userMoved, true);
    window.addEventListener('keydown', userMoved, true);
    return () => {
      stop();
      window.clearTimeout(timer);
      window.removeEventListener('pointerdown', userMoved, true);
      window.removeEventListener('keydown', userMoved, true);
    };
  }, [pathname, frame]);
}
