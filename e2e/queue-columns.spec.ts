/**
 * The queue's columns and field filter on the local backend (DESIGN §3 "Custom fields"): the agent
 * Priya opens "Columns", hides the requester and adds the demo's Product, filters by a product from
 * the bar's field menu, and finds the table showing it, then sorts it by the demo's Seats; the chooser and the menu pass axe. Shots:
 * queue-columns-01-chooser (1280, light, English), queue-columns-02-product (the filtered table),
 * queue-columns-03-by-seats (sorted by the demo's sortable Seats), queue-columns-04-dark-ar (Arabic,
 * dark: the field columns mirrored to the end).
 */
import { expect, test } from './fixtures';
import { axeFindings, chooseTheme, PRIYA, shot, signIn } from './support';

test('an agent chooses the queue’s columns, adds a field’s, and filters by it from the bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, PRIYA);
  await page.goto('/desk?view=open');
  const table = page.getByRole('table', { name: /^Queue: / });
  await expect(table).toHaveAttribute('aria-busy', 'false');

  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  await chooser.getByRole('checkbox', { name: 'Requester' }).uncheck();
  await chooser.getByRole('checkbox', { name: 'Product' }).check();
  await expect(page).toHaveURL(/cols=status%2Cpriority%2Cassignee%2CnextSla%2CupdatedAt%2Cfield%3Aproduct/);
  await expect(table.getByRole('columnheader', { name: 'Product' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Requester' })).toHaveCount(0);
  const findings = await axeFindings(page, { within: '[role="dialog"]' });
  expect(findings.serious, 'axe: the column chooser').toEqual([]);
  await shot(page, 'queue-columns-01-chooser');
  await page.keyboard.press('Escape');

  // The field menu: Product, then one of its options.
  await page.getByRole('button', { name: 'Filter by a field' }).click();
  await page.locator('.ant-dropdown-menu-submenu-title').filter({ hasText: 'Product' }).click();
  const menuFindings = await axeFindings(page, { within: '.ant-dropdown-menu' });
  expect(menuFindings.serious, 'axe: the field menu').toEqual([]);
  await page.getByRole('menuitem', { name: 'Web app' }).click();
  await expect(page).toHaveURL(/field=product%3Aweb_app/);
  await expect(page.getByTestId('field-filter')).toContainText('Field: Product = Web app');
  const products = table.locator('tbody td[data-column="field:product"]');
  await expect(products.first()).toHaveText('Web app');
  // The filtered rows replace the others a moment after the first one shows.
  await expect.poll(async () => new Set(await products.allInnerTexts())).toEqual(new Set(['Web app']));
  await shot(page, 'queue-columns-02-product');

  // The demo's Seats holds a sort slot: its column's header sorts the queue, smallest first, then
  // the tickets without a value.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Seats' }).check();
  await page.keyboard.press('Escape');
  await table.getByRole('button', { name: /Seats/ }).click();
  await expect(page).toHaveURL(/sort=fieldSortA&dir=asc/);
  await expect(table.getByRole('columnheader', { name: /Seats/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const seats = (await table.locator('tbody td[data-column="field:seats"]').allInnerTexts()).map((text) =>
    text.trim() === '—' ? null : Number(text.replace(/[^\d]/g, '')),
  );
  const valued = seats.filter((value): value is number => value !== null);
  expect(valued.length).toBeGreaterThan(0);
  expect(valued).toEqual([...valued].sort((a, b) => a - b));
  expect(seats.slice(0, valued.length)).toEqual(valued);
  await shot(page, 'queue-columns-03-by-seats');

  // Arabic, dark: the same table, mirrored; the chooser opens in Arabic too.
  await chooseTheme(page, true);
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'الأعمدة' }).click();
  await expect(page.getByRole('dialog', { name: 'الأعمدة' })).toBeVisible();
  await shot(page, 'queue-columns-04-dark-ar');
});
