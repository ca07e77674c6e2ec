/**
 * Closed tickets are never out of reach (seeded local desk, agent Priya): the "Closed" view
 * lists them; a ticket number searched from "All open" finds the closed ticket, the bar says the
 * search looks at every ticket, and no view is highlighted beside it; a status chosen outside
 * the view unhighlights it too; picking a view ends the search.
 * Screenshots: closed-search-01-closed-view, closed-search-02-number-from-all-open.
 */
import { expect, test } from './fixtures';
import { shot, signInStaff } from './support';

test('closed tickets have a view, and a search by number finds them from any view', async ({ context }) => {
  const page = await signInStaff(context, 'priya@triage.test');
  const views = page.getByRole('radiogroup', { name: 'Queue views' });
  /** A view's option, by its name (its label also holds the live count). */
  const view = (name: string) =>
    views.locator('.ant-segmented-item').filter({ hasText: new RegExp(`^${name}\\s*[\\d–]*$`) });
  const checked = views.getByRole('radio', { checked: true });

  await view('Closed').click();
  await expect(page).toHaveURL(/view=closed/);
  const firstRow = page.locator('tbody tr[data-ticket-id]').first();
  await expect(firstRow.locator('td[data-column="status"]')).toHaveText('Closed');
  const number = (await firstRow.locator('td[data-column="number"]').textContent())?.replace(/\D/g, '') ?? '';
  expect(number).not.toBe('');
  await expect(checked).toHaveAccessibleName(/^Closed/);
  // The sliding highlight has landed (antd removes its moving thumb when done).
  await expect(views.locator('.ant-segmented-thumb')).toHaveCount(0);
  await shot(page, 'closed-search-01-closed-view');

  await view('All open').click();
  await expect(page).toHaveURL(/view=open/);
  await page.getByRole('searchbox', { name: 'Search tickets' }).fill(`#${number}`);
  const found = page.locator('tbody tr[data-ticket-id]');
  await expect(found).toHaveCount(1);
  await expect(found.locator('td[data-column="number"]')).toHaveText(`#${number}`);
  await expect(found.locator('td[data-column="status"]')).toHaveText('Closed');
  await expect(page.getByTestId('search-scope')).toContainText('Searching every ticket');
  await expect(checked).toHaveCount(0);
  await page.mouse.move(0, 0); // no hover look on the last view clicked
  await shot(page, 'closed-search-02-number-from-all-open');

  // Picking a view ends the search and highlights that view again.
  await view('All tickets').click();
  await expect(page.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue('');
  await expect(checked).toHaveAccessibleName(/^All tickets/);
});
