/**
 * Bulk work in the queue: Priya ticks five open tickets and sets them
 * pending; while her confirmation is open, Sam solves one of them from its ticket screen. The
 * backend refuses that one ("Set pending" is not a move from solved, DESIGN §2) and the queue
 * reports it by number and reason; the other four are pending. Two pages of one browser
 * context (the local backend's data lives in the browser profile; sessions are per tab).
 */
import { expect, test } from './fixtures';
import { shot, signInStaff } from './support';

test('bulk status change on five tickets reports the one another agent made impossible', async ({ context }) => {
  test.setTimeout(120_000);
  const priya = await signInStaff(context, 'priya@triage.test');
  const sam = await signInStaff(context, 'sam@triage.test');

  // Priya: every open ticket, by number.
  await priya.goto('/desk?view=open&status=open&sort=createdAt&dir=desc');
  const table = priya.getByRole('table', { name: /^Queue/ });
  const rows = table.locator('tbody tr[data-ticket-id]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  const picked: { id: string; number: string; subject: string }[] = [];
  for (let i = 0; i < 5; i += 1) {
    const row = rows.nth(i);
    picked.push({
      id: (await row.getAttribute('data-ticket-id')) ?? '',
      number: ((await row.locator('td[data-column="number"]').textContent()) ?? '').replace('#', ''),
      subject: (await row.locator('td[data-column="subject"]').textContent()) ?? '',
    });
    await row.getByRole('checkbox').check();
  }
  const bar = priya.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('5 tickets selected');
  await shot(priya, 'bulk-01-five-selected');

  // "Set pending" is offered (allowed for all five); "Close" is not, and says why.
  await bar.getByRole('button', { name: /Set status/ }).click();
  await expect(priya.getByRole('menuitem', { name: /Close/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(priya.getByRole('menuitem', { name: /Close/ })).toContainText('Not possible on');
  await shot(priya, 'bulk-02-status-menu');
  await priya.getByRole('menuitem', { name: 'Set pending' }).click();
  const dialog = priya.getByRole('dialog');
  await expect(dialog).toContainText('Set pending: 5 tickets?');
  await expect(priya.getByRole('menuitem', { name: 'Set pending' })).toBeHidden();
  await priya.waitForTimeout(400); // let the dialog's opening animation finish for the screenshot
  await shot(priya, 'bulk-03-confirm');

  // Meanwhile Sam solves the third one.
  const victim = picked[2];
  if (!victim) throw new Error('unreachable');
  await sam.goto(`/desk/tickets/${victim.id}`);
  await sam.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Solve' }).click();
  await expect(sam.getByTestId('ticket-status')).toHaveText('Solved');

  // Priya confirms: four done, the solved one refused, by number and reason.
  await dialog.getByRole('button', { name: 'Set pending' }).click();
  const result = priya.getByRole('status', { name: 'Bulk change result' });
  await expect(result).toContainText('4 tickets set to Pending. 1 ticket refused:');
  const refused = result.getByRole('list', { name: 'Refused tickets' }).getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(`#${victim.number}`);
  await expect(refused).toContainText('“Set pending” is not possible on a solved ticket.');
  await expect(dialog).toBeHidden();
  await shot(priya, 'bulk-04-report');

  // Check where each ended: four in Pending, the refused one still solved.
  await priya.goto('/desk?view=pending&sort=updatedAt&dir=desc&size=50');
  const pendingRows = priya.getByRole('table', { name: /^Queue/ }).locator('tbody tr[data-ticket-id]');
  for (const ticket of picked.filter((candidate) => candidate.id !== victim.id)) {
    await expect(pendingRows.and(priya.locator(`[data-ticket-id="${ticket.id}"]`))).toHaveCount(1);
  }
  await expect(pendingRows.and(priya.locator(`[data-ticket-id="${victim.id}"]`))).toHaveCount(0);
  await shot(priya, 'bulk-05-pending-view');
  await priya.goto(`/desk/tickets/${victim.id}`);
  await expect(priya.getByTestId('ticket-status')).toHaveText('Solved');
});
