/**
 * Followers (seeded local desk, DESIGN §1 "Followers"): Priya follows a ticket she does not hold;
 * Sam, in another tab of the same desk, sees her in its followers live and writes an internal note
 * and puts the ticket on hold; the admin's outgoing mail holds Priya's two emails — the note quoted,
 * and the new status — and nothing of the note reaches the requester. Priya unfollows.
 * Screenshots: followers-01-card (1280 px), followers-02-mail, followers-03-phone-ar-dark (390 px,
 * Arabic, dark).
 */
import { expect, test } from './fixtures';
import { ADMIN, chooseTheme, settled, shot, signIn, signInStaff } from './support';

test('an agent follows a ticket and is emailed its internal note and its status change', async ({ context }) => {
  test.setTimeout(120_000);
  const sam = await signInStaff(context, 'sam@triage.test');
  await sam.goto('/desk?view=open&status=open&sort=createdAt&dir=desc');
  const row = sam
    .getByRole('table', { name: /^Queue/ })
    .locator('tbody tr[data-ticket-id]')
    .first();
  await expect(row).toBeVisible();
  const ticketId = (await row.getAttribute('data-ticket-id')) ?? '';
  const number = ((await row.locator('td[data-column="number"]').textContent()) ?? '').replace('#', '');

  const priya = await signInStaff(context, 'priya@triage.test');
  await priya.goto(`/desk/tickets/${ticketId}`);
  const card = priya.getByTestId('ticket-followers');
  await expect(card).toContainText('Nobody follows this ticket.');
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(priya.getByText(`You follow ticket #${number}.`)).toBeVisible();
  await expect(card).toContainText('Priya Shah (you)');
  await settled(priya);
  await shot(priya, 'followers-01-card');

  await sam.goto(`/desk/tickets/${ticketId}`);
  await expect(sam.getByTestId('ticket-followers')).toContainText('Priya Shah');
  const note = `Refund approved by finance ${Date.now().toString(36)}.`;
  await sam.getByRole('radio', { name: 'Internal note' }).check({ force: true });
  await sam.getByRole('textbox', { name: 'Internal note' }).fill(note);
  await sam.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(sam.getByRole('article', { name: /^Internal note by Sam/ })).toContainText(note);
  await sam.getByRole('button', { name: 'Put on hold' }).click();
  await expect(sam.getByTestId('ticket-status')).toHaveText('On hold');

  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin/mail');
  const toPriya = admin.getByTestId('outgoing-mail').filter({ hasText: 'To priya@triage.test' });
  const noteMail = toPriya.filter({ hasText: 'Followed ticket: message' });
  await expect(noteMail).toHaveCount(1);
  await noteMail.getByText('Text of the email').click();
  await expect(noteMail.locator('pre')).toContainText('Sam Okafor added an internal note on ticket');
  await expect(noteMail.locator('pre')).toContainText(`> ${note}`);
  const changeMail = toPriya.filter({ hasText: 'Followed ticket: change' });
  await expect(changeMail).toHaveCount(1);
  await changeMail.getByText('Text of the email').click();
  await expect(changeMail.locator('pre')).toContainText('Status: On hold');
  // The note reached Priya only.
  await expect(admin.getByTestId('outgoing-mail').filter({ hasText: note })).toHaveCount(1);
  await settled(admin);
  await shot(admin, 'followers-02-mail');

  // On a phone, in Arabic and dark; then she stops following.
  await priya.setViewportSize({ width: 390, height: 844 });
  await priya.getByLabel('Language').selectOption('ar');
  await chooseTheme(priya, true);
  const arCard = priya.getByTestId('ticket-followers');
  await expect(arCard).toContainText('المتابعون');
  await arCard.scrollIntoViewIfNeeded();
  await settled(priya);
  await shot(priya, 'followers-03-phone-ar-dark', { viewport: true });
  await arCard.getByRole('button', { name: 'إلغاء المتابعة' }).click();
  await expect(arCard).toContainText('لا أحد يتابع هذه التذكرة.');
});
