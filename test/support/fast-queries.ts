/**
 * Fast stand-ins for `getByRole(…, { name })`: under jsdom, antd's CSS-in-JS makes every
 * `getComputedStyle` (which role queries call per element) cost ~100 ms.
 */
import { screen } from '@testing-library/react';

/** The button whose label is `name`. */
export function button(name: string): HTMLButtonElement {
  const found = screen.getByText(name, { selector: 'button > span' }).closest('button');
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/** The heading (h1–h6) whose whole text is `text`, once it shows. */
export function findHeading(text: string): Promise<HTMLElement> {
  return screen.findByText(
    (_content, element) => /^H[1-6]$/.test(element?.tagName ?? '') && element?.textContent === text,
  );
}
