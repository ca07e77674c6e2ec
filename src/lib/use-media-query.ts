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
 * @returns whether it matches; false where the environment has no `matchMedia` (tests, servers).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/** Whether the window is phone-sized (≤ {@link PHONE_MAX_WIDTH} px wide). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`);
}
