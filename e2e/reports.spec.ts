/**
 * Reports (DESIGN §11), local backend: an agent opens Reports from the menu; every chart of the
 * seeded desk's 90 days draws, each has its table and CSV; the figures follow a request submitted,
 * answered, solved and rated in the same run; the period is kept in the URL; a customer is kept
 * out. Screenshots of the whole page in light and dark, and at phone size.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseTheme, DANA, expectAccessible, PRIYA, settled, shot, signIn } from './support';

const CHARTS = [
  'Created and solved per day',
  'Backlog by status',
  'Customer satisfaction (CSAT)',
  'Median first reply and resolution per week',
  'SLA achievement',
  'Agents',
  'Tickets by category',
  'Tickets by priority',
  // The demo desk's first dropdown field (DESIGN §11 "Tickets by field").
  'Tickets by Product',
];

/** The number shown on one of the summary figures at the top (e.g. "Created"). */
async function figure(page: Page, title: string): Promise<string> {
  const card = page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
  return (await card.locator('.ant-statistic-content').innerText()).trim();
}

/** The ratings of the period, from the CSAT card's sentence ("12 ratings given in the period."). */
async function ratingCount(page: Page): Promise<number> {
  const text = await page.getByText(/(ratings?|No ratings) given in the period/).innerText();
  return Number(/^(\d+)/.exec(text)?.[1] ?? 0);
}

test('an agent reads every chart of the last 90 days, as tables and CSV too', async ({ page }) => {
  await signIn(page, PRIYA);
  await page.getByRole('menuitem', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports/);
  await page
    .locator('.ant-segmented-item')
    .filter({ hasText: /^90 days$/ })
    .click();
  await expect(page).toHaveURL(/days=90/);
  const ready = page.locator('[data-report-ready="90"]');
  await expect(ready).toBeVisible();

  for (const title of CHARTS) {
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card, title).toHaveCount(1);
    // Drawn: a canvas named after the chart, with pixels on it.
    const canvas = card.locator('canvas');
    await expect(canvas, title).toHaveAttribute('aria-label', new RegExp(`^${title.replace(/[()]/g, '\\$&')}: `));
    const inked = await canvas.evaluate((element: HTMLCanvasElement) => {
      const context = element.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, element.width, element.height);
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) count += 1;
      return count;
    });
    expect(inked, `${title} has something drawn`).toBeGreaterThan(500);
  }
  await settled(page);
  await shot(page, 'reports-01-agent-90-days-light');
  await expectAccessible(page, 'reports (90 days, light)');

  // The SLA card as a table: rows with both met and missed targets from the seeded history.
  const sla = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'SLA achievement' }) });
  await sla
    .locator('.ant-segmented-item')
    .filter({ hasText: /^Table$/ })
    .click();
  const table = sla.getByRole('table', { name: 'SLA achievement' });
  await expect(table.getByRole('columnheader', { name: '% met' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(3);
  await expectAccessible(page, 'reports (SLA table)');

  // CSV of the day-by-day chart: a header and one row per day.
  const volume = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Created and solved per day' }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    volume.getByRole('button', { name: /Download Created and solved per day as CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('triage-created-solved-90-days.csv');
  const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\ufeff/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Day,Created,Solved');
  expect(lines).toHaveLength(91);
  expect(lines.slice(1).some((line) => !line.endsWith(',0,0'))).toBe(true);

  await chooseTheme(page, true);
  await settled(page);
  await shot(page, 'reports-02-agent-90-days-dark');
  await expectAccessible(page, 'reports (90 days, dark)');

  // A phone: one column, nothing wider than the screen.
  await chooseTheme(page, false);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'reports-04-phone');
  await chooseTheme(page, true);
  await settled(page);
  await shot(page, 'reports-05-phone-dark');
});

test('a request submitted, answered, solved and rated shows in the 7-day report', async ({ browser }) => {
  // One browser (one desk): the local backend keeps a sign-in per tab.
  const context = await browser.newContext();
  const agent = await context.newPage();
  await signIn(agent, PRIYA);
  await agent.goto('/reports?days=7');
  await expect(agent.locator('[data-report-ready="7"]')).toBeVisible();
  const createdBefore = Number(await figure(agent, 'Created'));
  const solvedBefore = Number(await figure(agent, 'Solved'));
  const ratingsBefore = await ratingCount(agent);

  const customer = await context.newPage();
  await signIn(customer, DANA);
  await customer.goto('/requests/new');
  const subject = `Report ${Date.now().toString(36)}: export fails`;
  await customer.getByLabel('Subject').fill(subject);
  await customer.getByLabel('Description').fill('The export button does nothing.');
  await customer.getByRole('button', { name: 'Send request' }).click();
  await expect(customer.getByRole('heading', { level: 1 })).toContainText(subject);
  const ticketId = customer.url().split('/').pop() ?? '';

  await agent.goto(`/desk/tickets/${ticketId}`);
  await agent.getByRole('textbox', { name: 'Public reply' }).fill('Fixed in today’s release.');
  await agent.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(agent.getByTestId('ticket-status')).toHaveText('Open');
  await agent.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Solve' }).click();
  await expect(agent.getByTestId('ticket-status')).toHaveText('Solved');

  // Back on the report (read again on opening): one more created and solved.
  await agent.goto('/reports?days=7');
  await expect(agent.locator('[data-report-ready="7"]')).toBeVisible();
  await expect.poll(() => figure(agent, 'Created')).toBe(String(createdBefore + 1));
  await expect.poll(() => figure(agent, 'Solved')).toBe(String(solvedBefore + 1));

  // The requester rates it; Refresh counts the rating.
  await customer.goto(`/requests/${ticketId}?rate=good`);
  await customer.getByTestId('satisfaction-prompt').getByRole('button', { name: 'Send rating' }).click();
  await expect(customer.getByTestId('satisfaction-result')).toContainText('Good');
  await agent.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => ratingCount(agent)).toBe(ratingsBefore + 1);
  await shot(agent, 'reports-03-agent-7-days');
  await context.close();
});

test('a customer cannot open reports', async ({ page }) => {
  await signIn(page, DANA);
  await expect(page.getByRole('menuitem', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByText('403 — not for your role')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
});
