/**
 * What antd's CSS-in-JS puts into the screen tests' document: only the declarations that decide
 * whether an element is seen or can be used, for speed with the same results.
 *
 * jsdom's `getComputedStyle`, which Testing Library's role queries and user-event call for an
 * element and its ancestors, matches the element against every CSS rule in the document: with
 * antd's thousands of rules it was more than half of the screen tests' time. Those callers read
 * only `display`, `visibility`, `opacity` (jest-dom's `toBeVisible`) and `pointer-events`
 * (user-event refuses to click through `none`); jsdom lays nothing out, so the other
 * declarations decide nothing here. A rule left with none of the four is not written at all.
 */
import { StyleProvider, type Transformer } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

/** The CSS properties the tests' DOM libraries read, lower-cased without hyphens. */
const READ_PROPERTIES = new Set(['display', 'visibility', 'opacity', 'pointerevents']);

/** Whether a style object's entry is a nested rule (a selector, `@media`, `&…`) rather than a declaration. */
function isNestedRule(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // antd's compound values ({ value: [...], _multi_value_ / _skip_check_ }) are declarations.
  return !('_skip_check_' in value) && !('_multi_value_' in value);
}

/** Keeps nested rules and the {@link READ_PROPERTIES}; cssinjs applies it at every level. */
export const visibilityOnly: Transformer = {
  visit: (style) =>
    Object.fromEntries(
      Object.entries(style).filter(
        ([key, value]) => isNestedRule(value) || READ_PROPERTIES.has(key.toLowerCase().replace(/-/g, '')),
      ),
    ),
};

/** Wraps a screen under test so antd writes only the {@link visibilityOnly} declarations. */
export function VisibilityStyles({ children }: { children: ReactNode }) {
  return <StyleProvider transformers={[visibilityOnly]}>{children}</StyleProvider>;
}
