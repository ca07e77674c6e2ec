/**
 * Files never go missing without a word (local backend, production build): a new request with a
 * refused file asks "Send without this file?" naming it and why (screenshot at 1280 px), and an
 * uploaded file of a draft is still attached after a reload and goes with the request.
 */
import { expect, test } from './fixtures';
import { settled, shot, signUp } from './support';

const stamp = Date.now().toString(36);
const customer = { name: 'Fay Files', email: `fay-${stamp}@example.test`, password: 'correct horse 42' };

test('a refused file is named before sending, and a draft keeps its uploaded file across a reload', async ({
  page,
}) => {
  await signUp(page, customer);
  await page.goto('/requests/new');
  await page.getByLabel('Subject').fill(`Receipt ${stamp} is missing the VAT line`);
  await page.getByLabel('Description').fill('The receipt and the tool that printed it are attached.');
  const picker = page.getByLabel('Attach files');
  await picker.setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('Total 12 EUR') });
  const items = page.getByTestId('attachment-item');
  await expect(items.filter({ hasText: 'receipt.txt' })).toHaveAttribute('data-state', 'done');

  // A reload keeps the draft and its uploaded file.
  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue(`Receipt ${stamp} is missing the VAT line`);
  await expect(items.filter({ hasText: 'receipt.txt' })).toHaveAttribute('data-state', 'done');

  await picker.setInputFiles({ name: 'printer.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(items.filter({ hasText: 'printer.exe' })).toHaveAttribute('data-state', 'refused');
  await page.getByRole('button', { name: 'Send request' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Send without this file?');
  await expect(dialog).toContainText('printer.exe — This type of file cannot be attached.');
  await settled(page);
  await shot(page, 'attachments-01-send-without-refused-file', { viewport: true });

  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/requests\/new$/);

  await page.getByRole('button', { name: 'Send request' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send without it' }).click();
  await expect(page).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
  const conversation = page.getByTestId('conversation');
  await expect(conversation).toContainText('receipt.txt');
  await expect(conversation).not.toContainText('printer.exe');
  await shot(page, 'attachments-02-sent-with-kept-file');
});
