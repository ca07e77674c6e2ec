/**
 * Organisations (seeded local desk, DESIGN §1 "Organisations"): an admin adds one with a piece
 * that is not a domain — told which, nothing saved, the name kept — then saves it; a second
 * organisation claiming the same domain is refused in its dialog with what was typed kept. The
 * admin puts the customer Dana in it from the people list and invites a colleague of hers on its
 * behalf, and her ticket's header names it. A trigger on the organisation tags her next request,
 * which the header's organisation link finds in the queue's organisation filter (her older tickets,
 * filed before she joined, are not the organisation's). The organisation shares its requests: her
 * colleague Luis reads that request in his portal, and has no reply box on it; the reports count it
 * under the organisation.
 * Screenshots: organisations-01-list (1280 px), organisations-02-ticket-header,
 * organisations-04-queue-filter, organisations-05-shared-request, organisations-03-phone-ar-dark and
 * organisations-06-shared-request-phone-ar-dark (390 px, Arabic, dark).
 */
import { expect, test } from './fixtures';
import { ADMIN, chooseOption, chooseTheme, DANA, settled, shot, signIn } from './support';

/** A demo customer, Dana's colleague once the admin puts him in her organisation. */
const LUIS = { email: 'luis@example.test', password: 'triage-customer', home: /\/requests$/ };

test('an admin keeps organisations, one domain each, and puts a customer in one; her ticket shows it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByText('No organisations yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New organisation' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'New organisation' });
  await dialog.getByLabel('Name').fill('Whitfield & Co');
  await dialog.getByLabel('Email domains').fill('whitfield.example, example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Not a domain: example. Write them as example.com.');
  await expect(dialog.getByLabel('Name')).toHaveValue('Whitfield & Co');

  await dialog.getByLabel('Email domains').fill('Whitfield.example\n@mail.whitfield.example');
  await dialog.getByLabel('Notes (seen by agents and admins only)').fill('Pays yearly; ask for Dana.');
  await dialog.getByRole('checkbox', { name: 'Members see each other’s requests' }).check();
  // The field's complaint goes as it is corrected (moving the buttons up): Save once it has.
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Whitfield & Co is saved.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('organisation').filter({ hasText: 'Whitfield & Co' });
  await expect(row).toContainText('mail.whitfield.example');
  await expect(row).toContainText('whitfield.example');
  await expect(row).toContainText('Pays yearly; ask for Dana.');
  await expect(row.getByTestId('organisation-shares')).toHaveText('Requests shared among members');

  // A second organisation may not claim the same domain: said in the dialog, what was typed kept.
  await page.getByRole('button', { name: 'New organisation' }).click();
  await dialog.getByLabel('Name').fill('Copycat Ltd');
  await dialog.getByLabel('Email domains').fill('WHITFIELD.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Another organisation already claims whitfield.example.');
  await expect(dialog.getByLabel('Name')).toHaveValue('Copycat Ltd');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('organisation')).toHaveCount(1);

  // Dana joins it from the people list.
  await page.getByPlaceholder('Search by name or email').fill('Dana');
  await chooseOption(page, 'Organisation of Dana Whitfield', 'Whitfield & Co');
  await expect(page.getByText('Dana Whitfield now belongs to Whitfield & Co.')).toBeVisible();
  // And her colleague Luis.
  await page.getByPlaceholder('Search by name or email').fill('Luis');
  await chooseOption(page, 'Organisation of Luis Romero', 'Whitfield & Co');
  await expect(page.getByText('Luis Romero now belongs to Whitfield & Co.')).toBeVisible();
  // The people list by organisation: its members only.
  await page.getByPlaceholder('Search by name or email').fill('');
  await page.getByPlaceholder('Search by name or email').press('Enter');
  await chooseOption(page, 'Organisation', 'Whitfield & Co');
  const people = page.getByRole('region', { name: 'People', exact: true });
  await expect(people.locator('.ant-list-item')).toHaveCount(2);
  await expect(people.locator('.ant-list-item').first()).toContainText('Dana Whitfield');

  // A colleague of hers is invited on behalf of it: the list says so (accepting joins it).
  await page.getByRole('button', { name: 'Invite people' }).click();
  const invite = page.getByRole('dialog').filter({ hasText: 'Invite people' });
  await invite.getByLabel('Addresses').fill('ops@whitfield.example');
  await chooseOption(page, 'Role for lines that name none', 'Customer');
  await chooseOption(page, 'On behalf of an organisation (customers only)', 'Whitfield & Co');
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(invite.getByTestId('invitation-outcome')).toHaveText(['ops@whitfield.example: invited.']);
  await invite.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('invitation').filter({ hasText: 'ops@whitfield.example' })).toContainText(
    'Customer of Whitfield & Co · invited by Alex Morgan',
  );
  await page.mouse.move(0, 400);
  await settled(page);
  await shot(page, 'organisations-01-list');

  // Her ticket's header names her organisation.
  await page.goto('/desk?view=open');
  await page.getByRole('searchbox', { name: 'Search tickets' }).fill('dana@example.test');
  const first = page
    .getByRole('table', { name: /^Queue:/ })
    .locator('tbody tr[data-ticket-id]')
    .first();
  await expect(first).toContainText('Dana Whitfield');
  await first.locator('td[data-column="subject"] a').click();
  await expect(page.getByTestId('ticket-requester-organisation')).toHaveText('Whitfield & Co');
  await settled(page);
  await shot(page, 'organisations-02-ticket-header');
  const header = page.url();

  // A trigger on the organisation: her requests from now on are tagged.
  await page.goto('/admin/automations');
  await page.getByRole('button', { name: /New trigger/ }).click();
  const form = page.getByRole('form', { name: 'New trigger' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Whitfield requests');
  const all = form.getByRole('group', { name: 'When all of these hold' });
  await all.getByRole('button', { name: /Add a condition/ }).click();
  await all.getByRole('combobox', { name: 'Condition 1: what it tests' }).selectOption('organisation');
  await all.getByRole('combobox', { name: 'Condition 1: value' }).selectOption({ label: 'Whitfield & Co' });
  await form.getByLabel('Add tags').fill('whitfield');
  await form.getByLabel('Add tags').press('Enter');
  await form.getByRole('button', { name: 'Save trigger' }).click();
  await expect(
    page.getByRole('list', { name: 'Triggers' }).locator('li', { hasText: 'Whitfield requests' }),
  ).toContainText('Organisation is Whitfield & Co → Tags +whitfield');

  const stamp = Date.now().toString(36);
  const dana = await context.newPage();
  await signIn(dana, DANA);
  await dana.getByRole('button', { name: 'New request' }).first().click();
  await dana.getByLabel('Subject').fill(`Invoices for the Whitfield office ${stamp}`);
  await dana.getByLabel('Description').fill('Please send the yearly invoice to accounts@whitfield.example.');
  await dana.getByRole('button', { name: 'Send request' }).click();
  await expect(dana).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
  // Sent (not only queued), and her tab stays open: the desk's triggers run in the writer's tab.
  await expect(dana.getByTestId('request-status')).toBeVisible();

  // The header's organisation leads to the organisation's tickets: her new request, tagged.
  await page.goto(header);
  await page.getByTestId('ticket-requester-organisation').getByRole('link').click();
  await expect(page).toHaveURL(/\/desk\?view=all&org=/);
  await expect(page.getByTestId('organisation-filter')).toContainText('Organisation: Whitfield & Co');
  const rows = page.getByRole('table', { name: /^Queue:/ }).locator('tbody tr[data-ticket-id]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Invoices for the Whitfield office ${stamp}`);
  await rows.first().locator('td[data-column="subject"] a').click();
  await expect(page.getByText('whitfield', { exact: true }).first()).toBeVisible();
  await dana.close();
  await page.goBack();
  await expect(rows).toHaveCount(1);
  await settled(page);
  await shot(page, 'organisations-04-queue-filter');

  // The organisation shares its requests: Luis reads Dana's in his portal, and cannot reply to it.
  const luis = await context.newPage();
  await signIn(luis, LUIS);
  await luis.getByText('Whitfield & Co’s', { exact: true }).click();
  await expect(luis).toHaveURL(/\/requests\?of=organisation$/);
  const shared = luis.getByRole('list', { name: 'Your organisation’s requests' }).locator('li');
  await expect(shared.filter({ hasText: `Invoices for the Whitfield office ${stamp}` })).toHaveCount(1);
  await shared
    .filter({ hasText: `Invoices for the Whitfield office ${stamp}` })
    .getByRole('link')
    .click();
  await expect(luis.getByTestId('request-shared')).toContainText('Dana Whitfield');
  await expect(luis.getByText('Please send the yearly invoice to accounts@whitfield.example.')).toBeVisible();
  await expect(luis.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await settled(luis);
  await shot(luis, 'organisations-05-shared-request');
  // The same on a phone, in Arabic and dark: whose request it is, and still no reply box.
  await luis.setViewportSize({ width: 390, height: 844 });
  await luis.getByLabel('Language').selectOption('ar');
  await chooseTheme(luis, true);
  await expect(luis.getByTestId('request-shared')).toContainText('Dana Whitfield');
  await expect(luis.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(luis.getByRole('textbox')).toHaveCount(0);
  await settled(luis);
  await shot(luis, 'organisations-06-shared-request-phone-ar-dark', { viewport: true });
  await luis.close();

  // The reports count the period's tickets by organisation: hers, filed under it.
  await page.goto('/reports');
  const card = page.locator('.ant-card').filter({ hasText: 'Tickets by organisation' });
  await card.getByText('Table', { exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Tickets by organisation' }).getByRole('row', { name: /Whitfield & Co/ }),
  ).toContainText('1');

  // On a phone, in Arabic and dark: the list's controls sit under each organisation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await page.getByLabel('Language').selectOption('ar');
  await chooseTheme(page, true);
  await expect(page.getByTestId('organisation')).toContainText('Whitfield & Co');
  await page.getByTestId('organisation').scrollIntoViewIfNeeded();
  await settled(page);
  await shot(page, 'organisations-03-phone-ar-dark', { viewport: true });
});
