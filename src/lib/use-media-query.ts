/**
 * Whether a CSS media query matches now, kept current as the window changes (rotation, resize).
 */
import { useSyncExternalStore } from 'react';

/** The width under which Triage lays itself out for a phone (antd's `md` breakpoint), in CSS px. */
export const PHONE_MAX_WIDTH = 767;

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * @param query a media query, e.g. `(max-width: 767px)`.
 * @param drawn what a page rendered without a window (the build's pre-render) answered: React
 *   uses it while hydrating that page, so the first render matches it (default: false).
 * @returns whether it matches; `drawn()` where the environment has no `matchMedia` (tests, servers).
 */
export function useMediaQuery(query: string, drawn: () => boolean = () => false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? drawn(),
    drawn,
  );
}

/** The layout the build is drawing (src/app/prerender.tsx); a phone's only while it draws one. */
let drawingPhone = false;

/** At build time: draw what follows in a phone's layout (`true`) or a wide window's. */
export function drawPhoneLayout(phone: boolean): void {
  drawingPhone = phone;
}

/**
 * Whether the page was drawn in a phone's layout: at build time, what is being drawn; in the
 * browser, the pre-rendered frame's layout (`data-frame="<role>-phone"` on `#root`, set by the
 * page's frame script), false for any other page.
 */
function drawnForPhone(): boolean {
  if (typeof document === 'undefined') return drawingPhone;
  return document.getElementById('root')?.dataset.frame?.endsWith('-phone') ?? false;
}

/** Whether the window is phone-sized (≤ {@link PHONE_MAX_WIDTH} px wide). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`, drawnForPhone);
}
