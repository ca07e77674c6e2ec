/**
 * The queue at 1280 px (seeded local desk, agent Priya, "All open"): every subject is shown whole
 * (wrapped, not cut), "Last activity" is never clipped, and the search box's placeholder fits.
 * Screenshot: queue-01-1280.
 */
import { expect, test } from './fixtures';
import { shot, signInStaff } from './support';

test('the queue at 1280 px shows whole subjects, unclipped times and a readable search placeholder', async ({
  context,
}) => {
  const page = await signInStaff(context, 'priya@triage.test');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/desk?view=open');
  await expect(page.locator('tbody tr[data-ticket-id]').first()).toBeVisible();

  const clipped = await page.evaluate(() => {
    const cut = (element: Element) =>
      element instanceof HTMLElement &&
      (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    const found: string[] = [];
    for (const cell of document.querySelectorAll(
      'tbody td[data-column="subject"], tbody td[data-column="updatedAt"]',
    )) {
      if (cut(cell) || [...cell.querySelectorAll('*')].some(cut)) found.push(cell.textContent ?? '');
    }
    return found;
  });
  expect(clipped, 'cells whose text is cut off').toEqual([]);

  const search = page.getByRole('searchbox', { name: 'Search tickets' });
  const placeholderFits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context2d = document.createElement('canvas').getContext('2d');
    if (!context2d) return false;
    context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context2d.measureText(input.placeholder).width <= room;
  });
  expect(placeholderFits, 'the search placeholder fits its box').toBe(true);
  // Property changes count as activity (as Zendesk's "Updated"), and the header says so.
  await expect(page.getByRole('columnheader', { name: /Last activity/ })).toHaveAttribute('title', /any kind/);
  await shot(page, 'queue-01-1280');
});
