/**
 * Keyboard only (DESIGN §8), local backend: no clicks after the page loads — Tab, Shift+Tab,
 * typing, Enter, Space and arrow keys. At every stop the focused control must show a visible
 * focus indicator (an outline or antd's focus shadow), and a navigation lands on the new
 * screen's heading.
 * - A customer signs up, writes a request with an attachment (the file dialog opened from the
 *   keyboard) and replies to it.
 * - An agent finds a new ticket of the demo desk by searching, opens it, assigns it to herself,
 *   replies and solves it (sending from the send menu).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PRIYA, shot } from './support';

const stamp = Date.now().toString(36);
const customer = { name: 'Kim Keyboard', email: `kim-${stamp}@example.test`, password: 'tabs and enter 42' };
const subject = `Keyboard ${stamp}: export button does nothing`;
/** A new, unassigned ticket of the local demo desk. */
const SEEDED = { search: 'VAT number', subject: 'Invoice PDF shows the wrong VAT number' };

/**
 * Fails unless something other than the page has focus and it is visibly marked: an outline, a
 * focus shadow, or antd's focused wrapper (inputs draw the ring on their wrapper).
 */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'nothing has focus';
    for (let node: Element | null = active, depth = 0; node && depth < 3; node = node.parentElement, depth += 1) {
      const style = getComputedStyle(node);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadowed = style.boxShadow !== 'none' && /\d+px/.test(style.boxShadow);
      if (outlined || shadowed || /-focused\b/.test(node.className.toString())) return 'visible';
    }
    return `no visible focus on <${active.tagName.toLowerCase()}> ${(active.getAttribute('aria-label') ?? active.textContent ?? '').slice(0, 40)}`;
  });
  expect(ring, `focus ring on ${what}`).toBe('visible');
}

/** Presses Tab (or Shift+Tab) until `target` has focus — as a keyboard user would — at most 60 times. */
async function tabTo(page: Page, target: Locator, what: string, { backwards = false } = {}): Promise<void> {
  await target.waitFor({ state: 'attached', timeout: 10_000 });
  for (let step = 0; step < 60; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(page, what);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${what}`);
}

/** After a navigation, focus is on the new screen's main heading. */
async function expectHeadingFocused(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

test('a customer, by keyboard alone: sign up, a request with an attachment, a reply', async ({ page }) => {
  await page.goto('/sign-up');
  await tabTo(page, page.getByLabel('Your name'), 'name');
  await page.keyboard.type(customer.name);
  await tabTo(page, page.getByLabel('Email'), 'email');
  await page.keyboard.type(customer.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }), 'password');
  await page.keyboard.type(customer.password);
  await tabTo(page, page.getByLabel('Confirm password'), 'confirm password');
  await page.keyboard.type(customer.password);
  const thisTab = page.getByRole('checkbox', { name: 'Only in this tab' });
  if ((await thisTab.count()) > 0) {
    await tabTo(page, thisTab, 'only in this tab');
    await page.keyboard.press('Space');
    await expect(thisTab).toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: 'Create account' }), 'create account');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/requests$/);
  await expectHeadingFocused(page);

  await tabTo(page, page.getByRole('button', { name: 'New request' }).first(), 'new request');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/requests\/new$/);
  await expectHeadingFocused(page);
  await tabTo(page, page.getByLabel('Subject'), 'subject');
  await page.keyboard.type(subject);
  await tabTo(page, page.getByRole('textbox', { name: /Description|What happened/ }), 'description');
  await page.keyboard.type('Pressing Export on the reports page does nothing, in every browser.');
  const attach = page.getByRole('button', { name: /Attach/ });
  await tabTo(page, attach, 'attach files');
  const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'console.txt', mimeType: 'text/plain', buffer: Buffer.from('TypeError: x is undefined\n') });
  await expect(page.getByText('console.txt')).toBeVisible();
  await expect(page.getByText('Uploaded').first()).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /Submit|Send request/ }), 'submit');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/requests\/[A-Za-z0-9_-]+$/);
  await expectHeadingFocused(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
  await expect(page.getByRole('link', { name: /console\.txt/ })).toBeVisible();

  const reply = page.getByRole('textbox', { name: 'Your reply' });
  await tabTo(page, reply, 'your reply');
  await page.keyboard.type('It also happens with the CSV option.');
  await tabTo(page, page.getByRole('button', { name: 'Send reply' }), 'send reply');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article').filter({ hasText: 'It also happens with the CSV option.' })).toBeVisible();
  await shot(page, 'keyboard-customer-request');
});

test('an agent, by keyboard alone: find a ticket, open, assign to me, reply and solve', async ({ page: agent }) => {
  await agent.goto('/sign-in');
  await tabTo(agent, agent.getByLabel('Email'), 'email');
  await agent.keyboard.type(PRIYA.email);
  await tabTo(agent, agent.getByLabel('Password'), 'password');
  await agent.keyboard.type(PRIYA.password);
  const agentTab = agent.getByRole('checkbox', { name: 'Only in this tab' });
  if ((await agentTab.count()) > 0) {
    await tabTo(agent, agentTab, 'only in this tab');
    await agent.keyboard.press('Space');
  }
  await tabTo(agent, agent.getByRole('button', { name: 'Sign in', exact: true }), 'sign in');
  await agent.keyboard.press('Enter');
  await expect(agent).toHaveURL(/\/desk/);
  await expectHeadingFocused(agent);

  // Find: the search box, then the ticket's link among the results.
  await tabTo(
    agent,
    agent
      .getByRole('searchbox')
      .or(agent.getByPlaceholder(/Search/))
      .first(),
    'search',
  );
  await agent.keyboard.type(SEEDED.search);
  await agent.keyboard.press('Enter');
  const link = agent.getByRole('link', { name: SEEDED.subject });
  await expect(link).toBeVisible();
  await tabTo(agent, link, 'the ticket in the results');
  await agent.keyboard.press('Enter');
  await expect(agent).toHaveURL(/\/desk\/tickets\//);
  await expectHeadingFocused(agent);

  // Assign to me.
  await tabTo(agent, agent.getByRole('button', { name: 'Assign to me' }), 'assign to me');
  await agent.keyboard.press('Enter');
  await expect(agent.getByLabel('Assignee')).toHaveValue(/.+/);
  await expect(agent.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

  // Reply, and send it setting Solved from the send menu.
  await tabTo(agent, agent.getByRole('textbox', { name: 'Public reply' }), 'public reply');
  await agent.keyboard.type('Fixed in today’s release — export works again.');
  await tabTo(agent, agent.getByRole('button', { name: 'More ways to send' }), 'more ways to send');
  await agent.keyboard.press('Enter');
  const solved = agent.getByRole('menuitem', { name: /solved/i });
  await expect(solved).toBeVisible();
  // Two frames after each key: the menu's active item is React state, and Enter acts on the state
  // committed, which under load can lag the class the loop reads (it once chose "On hold").
  const settle = () =>
    agent.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (
    let step = 0;
    step < 6 && !(await solved.evaluate((item) => item.classList.contains('ant-dropdown-menu-item-active')));
    step += 1
  ) {
    await agent.keyboard.press('ArrowDown');
    await settle();
  }
  await expect(solved).toHaveClass(/ant-dropdown-menu-item-active/);
  await settle();
  await agent.keyboard.press('Enter');
  await expect(agent.getByTestId('ticket-status')).toContainText('Solved');
  await expect(agent.getByRole('article').filter({ hasText: 'export works again' })).toBeVisible();
  await shot(agent, 'keyboard-agent-solved');
});
