/**
 * Accessibility checked by machine (DESIGN §8), local backend: axe-core (WCAG 2.1 A/AA and
 * best-practice rules, contrast included; see `axeFindings` in ./support) on every route of the
 * route table (src/app/routes.tsx, read by ./route-table), for each visitor the route lets in —
 * guest, customer, agent, admin — in passes of theme × window: light and dark, desktop
 * (1280×800) and phone (390×844), light desktop and dark phone in English, dark desktop and light
 * phone in Arabic (right to left, from the browser's language). On top of each screen: the account menu and the phone
 * menu's drawer (each signed-in visitor), and each dialog, menu and error state a screen opens
 * (the first visitor allowed there opens it: the same component for every role). A parametrised
 * path (`/requests/:ticketId`) gets a real id of the demo desk.
 *
 * One test per visitor and language signs in once and moves between routes inside the app
 * (history + popstate, as a link does), switching theme and window size in place for each of
 * its two passes. Each check
 * prints `axe <visitor> <pass> <screen>: …`; each test ends with a table of what it checked; any
 * serious or critical violation fails the test (all of them are listed, not only the first).
 */
import type { Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { readRouteTable, type Visitor } from './route-table';
import { ADMIN, DANA, PRIYA, axeFindings, chooseTheme, signInInAnyLanguage } from './support';

type Locale = 'en' | 'ar';

/** One pass of the sweep: a theme and a window, in the test's language. */
interface Pass {
  locale: Locale;
  theme: 'light' | 'dark';
  window: 'desktop' | 'phone';
}

const WINDOWS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/**
 * Every pass: each theme on each window once (light and dark, desktop and phone), two of the four
 * in Arabic — one of each theme and one of each window — so right to left meets both themes and
 * both windows too. Repeating a theme × window in the other language checks the same components in
 * the same colours again, at a third of the sweep's time (the suite's time budget, issue 29).
 */
const PASSES: readonly Pass[] = [
  { locale: 'en', theme: 'light', window: 'desktop' },
  { locale: 'ar', theme: 'dark', window: 'desktop' },
  { locale: 'ar', theme: 'light', window: 'phone' },
  { locale: 'en', theme: 'dark', window: 'phone' },
];

const ROUTES = readRouteTable();
const VISITORS: readonly Visitor[] = ['guest', 'customer', 'agent', 'admin'];
const ACCOUNTS = { customer: DANA, agent: PRIYA, admin: ADMIN } as const;

/** The Arabic catalogue (every file of src/lib/i18n/catalogues/ar), by message id. */
const ARABIC: Record<string, string> = Object.assign(
  {},
  ...readdirSync(path.resolve(__dirname, '..', 'src/lib/i18n/catalogues/ar'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.resolve(__dirname, '..', 'src/lib/i18n/catalogues/ar', name), 'utf8'))),
);

/** A message as the page shows it: the code's English, or the Arabic catalogue's text for `id`. */
function say(locale: Locale, id: string, english: string): string {
  if (locale === 'en') return english;
  const arabic = ARABIC[id];
  if (arabic === undefined) throw new Error(`no Arabic text for ${id}`);
  return arabic;
}

/** What one test has seen of the desk: ids for parametrised paths. */
interface Desk {
  /** `:ticketId` — a request of the customer, or for staff a ticket past its SLA (its card shows). */
  ticketId: string;
  /** A solved ticket (staff): its Close asks first. */
  solvedTicketId?: string;
  /** `:uid` — a person (staff: the requester of `ticketId`; a customer is barred from the page anyway). */
  personId?: string;
}

/** One row of the printed table. */
interface Checked {
  visitor: Visitor;
  pass: string;
  screen: string;
  serious: number;
}

/** What a check needs: the page, the pass, the desk's ids, and where to record the result. */
interface Sweep {
  page: Page;
  visitor: Visitor;
  pass: Pass;
  desk: Desk;
  checked: Checked[];
}

const passName = (pass: Pass) => `${pass.locale} ${pass.theme} ${pass.window}`;

/**
 * Runs axe on what the page shows now and records it; serious or critical violations are soft
 * failures (the sweep goes on, the test fails at its end with every one listed).
 */
async function check(sweep: Sweep, screen: string, within?: string): Promise<void> {
  const label = `${sweep.visitor} ${passName(sweep.pass)} ${screen}`;
  const started = Date.now();
  const findings = await axeFindings(sweep.page, within === undefined ? {} : { within });
  console.log(
    `axe ${label}: ${findings.serious.length} serious/critical, ${findings.minor} moderate/minor (${Date.now() - started} ms)`,
  );
  for (const violation of findings.serious) console.log(`  ${violation}`);
  sweep.checked.push({ visitor: sweep.visitor, pass: passName(sweep.pass), screen, serious: findings.serious.length });
  expect.soft(findings.serious, `axe: serious or critical violations on ${label}`).toEqual([]);
}

/**
 * Waits until the screen has drawn: no loading frame or spinner, its heading shown, and its CSS
 * transitions run (a button enabled as its list arrives fades from the disabled colours for
 * 0.2 s, which axe would read as too little contrast). Transitions only: they always end, where
 * an animation may loop.
 */
async function screenReady(page: Page): Promise<void> {
  await expect(page.getByTestId('screen-skeleton')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.allSettled(transitions.map((transition) => transition.finished));
  });
}

/** Moves to `to` inside the app, as a link does (history entry + popstate), and waits for it. */
async function go(page: Page, to: string): Promise<void> {
  await page.evaluate((address) => {
    history.pushState(null, '', address);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL((url) => url.pathname + url.search === to);
  await screenReady(page);
}

/**
 * A route's path with its parameters filled from the desk.
 * @throws for a parameter the sweep has no value for (give it one in `desk`).
 */
function addressOf(route: string, desk: Desk): string {
  return route.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'ticketId') return desk.ticketId;
    if (name === 'uid') return desk.personId ?? 'nobody';
    throw new Error(`the accessibility sweep has no value for :${name} in ${route}`);
  });
}

/** Presses Escape until no dialog, popup or drawer is open. */
async function closeOverlays(page: Page): Promise<void> {
  const open = page.locator(
    '.ant-modal-wrap:visible, .ant-drawer-open, .ant-dropdown:not(.ant-dropdown-hidden):visible, .ant-popover:not(.ant-popover-hidden):visible, .ant-select-dropdown:not(.ant-select-dropdown-hidden):visible',
  );
  for (let tries = 0; tries < 3 && (await open.count()) > 0; tries += 1) await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);
}

/** A state a screen opens on top of itself, checked once per pass. */
interface ScreenState {
  name: string;
  /**
   * Who checks it: the first visitor allowed on the route (the others see the same component);
   * absent: every visitor.
   */
  visitor?: Visitor;
  /** Phone passes only (the drawer exists only there). */
  phoneOnly?: boolean;
  /**
   * The overlay the state opens (a CSS selector), when it leaves the page under it as it was:
   * only the overlay is checked, the page having been checked a moment before.
   */
  overlay?: string;
  /** Opens on top of the state before it (a dialog from a menu), which stays open. */
  follows?: boolean;
  /** Opens the state on the route's screen (already shown) and waits until it is drawn. */
  open(page: Page, sweep: Sweep): Promise<void>;
}

/** Submits the page's last form empty (or as it is) and waits for its errors. */
async function submitForErrors(page: Page, form = page.locator('form').last()): Promise<void> {
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('.ant-form-item-explain-error, [role="alert"]').first()).toBeVisible();
}

/** The dialogs, menus and error states of each route (by the table's path). */
const STATES: Record<string, readonly ScreenState[]> = {
  '/sign-in': [{ name: 'errors', visitor: 'guest', open: (page) => submitForErrors(page) }],
  '/sign-up': [
    {
      name: 'errors',
      visitor: 'guest',
      async open(page, sweep) {
        await submitForErrors(page);
        // The domain's refusals in the reader's language, not the schemas' English.
        await expect(page.locator('.ant-form-item-explain-error').first()).toHaveText(
          say(sweep.pass.locale, 'auth.field.nameMissing', 'Enter your name.'),
        );
      },
    },
  ],
  '/requests/new': [{ name: 'errors', visitor: 'customer', open: (page) => submitForErrors(page) }],
  '/invitation': [
    {
      // The route alone names no invitation (the not-valid sentence); a link's fragment shows the form.
      name: 'form errors',
      visitor: 'guest',
      async open(page) {
        await page.goto('/invitation#sweep.sweep');
        await page.reload();
        await submitForErrors(page);
      },
    },
  ],
  '/account': [
    {
      name: 'password form errors',
      visitor: 'customer',
      open: (page) =>
        submitForErrors(
          page,
          page
            .locator('form')
            .filter({ has: page.locator('input[type="password"]') })
            .last(),
        ),
    },
    {
      name: 'delete-account dialog',
      overlay: '.ant-modal-root',
      visitor: 'customer',
      async open(page) {
        await page.locator('.ant-card .ant-btn-dangerous').last().click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ],
  '/desk': [
    {
      name: 'shortcuts dialog',
      overlay: '.ant-modal-root',
      visitor: 'agent',
      async open(page) {
        await page.locator('h1').first().click();
        await page.keyboard.press('?');
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'bulk status menu',
      visitor: 'agent',
      async open(page) {
        // A row of the table, or on a phone a card.
        await page.locator('[data-ticket-id]').first().getByRole('checkbox').check();
        await page.getByRole('toolbar').locator('.ant-dropdown-trigger').nth(1).click();
        await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')).toBeVisible();
      },
    },
    {
      name: 'bulk change dialog',
      follows: true,
      overlay: '.ant-modal-root',
      visitor: 'agent',
      async open(page) {
        await page
          .locator(
            '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item:not(.ant-dropdown-menu-item-disabled)',
          )
          .first()
          .click();
        await expect(page.locator('.ant-modal-confirm')).toBeVisible();
      },
    },
    {
      name: 'nothing matches',
      visitor: 'agent',
      async open(page) {
        // One word in no subject, name or message of the demo desk (a search finds all three).
        await go(page, '/desk?view=all&q=zqxvnomatchword');
        await expect(page.locator('.ant-empty')).toBeVisible();
      },
    },
  ],
  '/desk/tickets/:ticketId': [
    {
      // The admin's rule trace drawer (its runs are drawn by the screen test; here, what a ticket no trigger ran on shows).
      name: 'rule trace',
      overlay: '.ant-drawer',
      visitor: 'admin',
      async open(page, sweep) {
        await page
          .getByRole('button', { name: say(sweep.pass.locale, 'workspace.timeline.ruleTrace', 'Rule trace') })
          .click();
        await expect(page.locator('.ant-drawer-open .ant-drawer-body')).toBeVisible();
        await expect(page.locator('.ant-drawer-open .ant-skeleton')).toHaveCount(0);
      },
    },
    {
      name: 'send menu',
      overlay: '.ant-dropdown',
      visitor: 'agent',
      async open(page) {
        await expect(page.getByTestId('ticket-sla')).toBeVisible();
        await page
          .locator('[data-testid="composer"] .ant-dropdown-trigger, .ant-space-compact .ant-dropdown-trigger')
          .first()
          .click();
        await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')).toBeVisible();
      },
    },
    {
      name: 'close dialog (solved ticket)',
      visitor: 'agent',
      async open(page, sweep) {
        await go(page, `/desk/tickets/${sweep.desk.solvedTicketId}`);
        await page
          .getByRole('group', { name: say(sweep.pass.locale, 'tickets.statusActions.group', 'Status actions') })
          .getByRole('button', { name: say(sweep.pass.locale, 'move.close', 'Close'), exact: true })
          .click();
        await expect(page.locator('.ant-modal-confirm')).toBeVisible();
      },
    },
  ],
  '/macros': [
    {
      name: 'delete confirmation',
      overlay: '.ant-popover',
      visitor: 'agent',
      async open(page) {
        await page.locator('main .ant-btn-dangerous').first().click();
        await expect(page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-message')).toBeVisible();
      },
    },
  ],
  '/admin': [
    {
      name: 'role menu',
      overlay: '.ant-select-dropdown',
      visitor: 'admin',
      async open(page) {
        await expect(page.getByText('dana@example.test')).toBeVisible();
        // The role's select: the row's last (a customer's organisation comes first).
        await page
          .locator('.ant-list-item')
          .filter({ hasText: 'luis@example.test' })
          .locator('.ant-select')
          .last()
          .click();
        await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeVisible();
      },
    },
    {
      name: 'role change dialog',
      follows: true,
      overlay: '.ant-modal-root',
      visitor: 'admin',
      async open(page) {
        await page
          .locator(
            '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:not(.ant-select-item-option-selected)',
          )
          .first()
          .click();
        await expect(page.locator('.ant-modal-confirm')).toBeVisible();
      },
    },
    {
      // "Invite people" with a line that is no address: the dialog says which line.
      name: 'invite dialog with a line it cannot read',
      overlay: '.ant-modal-root',
      visitor: 'admin',
      async open(page, sweep) {
        await page
          .getByRole('button', { name: say(sweep.pass.locale, 'admin.invitations.open', 'Invite people') })
          .click();
        await page.locator('#invite-addresses').fill('not-an-address');
        await page
          .getByRole('button', { name: say(sweep.pass.locale, 'admin.invitations.send', 'Send invitations') })
          .click();
        await expect(page.locator('.ant-modal-root [role="alert"]')).toBeVisible();
      },
    },
    {
      // "New organisation" with no name and a piece that is no domain: both fields say why.
      name: 'organisation dialog with its errors',
      overlay: '.ant-modal-root',
      visitor: 'admin',
      async open(page, sweep) {
        await page
          .getByRole('button', { name: say(sweep.pass.locale, 'admin.organisations.add', 'New organisation') })
          .click();
        // Typed once the dialog's form holds the field (a fill during its entrance could be lost).
        const domains = page.locator('.ant-modal-root #domains');
        await expect(domains).toBeVisible();
        await expect(async () => {
          await domains.fill('example');
          await expect(domains).toHaveValue('example', { timeout: 1_000 });
        }).toPass();
        // The field says why as it is typed; Save once that line is in (it moves the button down).
        await expect(page.locator('.ant-modal-root .ant-form-item-explain-error')).toHaveCount(1);
        await page.getByRole('button', { name: say(sweep.pass.locale, 'admin.organisations.save', 'Save') }).click();
        await expect(page.locator('.ant-modal-root .ant-form-item-explain-error')).toHaveCount(2);
      },
    },
  ],
  '/admin/mail': [
    {
      // A simulated reply from the requester of a closed ticket bounces to them (an email in the
      // list, its text open, the outcome shown), then an empty form shows its errors.
      name: 'bounced reply and errors',
      visitor: 'admin',
      async open(page) {
        const closed = await closedTicketAndRequester(page);
        await page.locator('form input').nth(0).fill(String(closed.number));
        await page.locator('form input').nth(1).fill(closed.email);
        await page.locator('form textarea').fill('Is this the right address?');
        await page.locator('form button[type="submit"]').click();
        await expect(page.getByTestId('outgoing-mail').first()).toBeVisible();
        await page.getByTestId('outgoing-mail').first().locator('summary').click();
        await page.locator('form input').nth(1).fill('');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
      },
    },
  ],
  '/admin/settings': [
    {
      // A Sunday that closes before it opens and an empty desk name, saved: each error at its field.
      name: 'errors',
      visitor: 'admin',
      async open(page) {
        await expect(page.getByTestId('sla-policy-urgent')).toBeVisible();
        await page.locator('[data-testid="day-sun"] input[type="checkbox"]').check();
        await page.locator('[data-testid="day-sun"] input[type="time"]').nth(1).fill('08:00');
        await page.locator('form input').first().fill('');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(2);
      },
    },
  ],
  '/admin/fields': [
    {
      // A new dropdown field with one option and no label, saved: the editor, its options and the refusal.
      name: 'new field refused',
      visitor: 'admin',
      async open(page) {
        const add = page.locator('.ant-card-head button');
        await expect(add).toBeEnabled();
        await add.click();
        await page.locator('form .ant-select').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item').nth(3).click();
        await page
          .locator('form button:not([type="submit"])')
          .filter({ has: page.locator('.anticon-plus') })
          .click();
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('form [role="alert"]')).toBeVisible();
      },
    },
  ],
  '/admin/automations': [
    {
      // A new trigger with one condition and no title, saved: the editor, its rows, "Test this rule" and the refusal.
      name: 'new trigger refused',
      visitor: 'admin',
      async open(page) {
        // The triggers' card is the first; the recurring tickets' is below it.
        const add = page.locator('.ant-card-head button').first();
        await expect(add).toBeEnabled();
        await add.click();
        await page.locator('[data-testid="trigger-editor"] > form fieldset').nth(1).locator('button').last().click();
        await page.locator('[data-testid="trigger-editor"] > form button[type="submit"]').click();
        await expect(page.locator('[data-testid="trigger-editor"] > form [role="alert"]')).toBeVisible();
      },
    },
    {
      // An email to a fixed address, its Spanish version open, a placeholder Triage does not know named.
      name: 'new trigger with an email',
      visitor: 'admin',
      async open(page) {
        // The state before left its refused editor open: leave the screen and come back to the list.
        await go(page, '/admin/settings');
        await go(page, '/admin/automations');
        const add = page.locator('.ant-card-head button').first();
        await expect(add).toBeEnabled();
        await add.click();
        await page.locator('[data-testid="trigger-email-add"]').click();
        await page.locator('select[id$="-email0-to"]').selectOption('address');
        await page.locator('input[id$="-email0-address"]').fill('ops@example.com');
        await page.locator('textarea[id$="-email0-body"]').fill('{{requester.name}}: {{nope}}');
        await page.locator('[data-testid="trigger-editor"] details summary').first().click();
        await expect(page.locator('[id$="-email0-unknown"]')).toBeVisible();
      },
    },
    {
      // A new recurring ticket, monthly, saved empty: its editor, with each problem at its field.
      name: 'new recurring ticket refused',
      visitor: 'admin',
      async open(page) {
        await go(page, '/admin/settings');
        await go(page, '/admin/automations');
        const add = page.locator('.ant-card-head button').last();
        await expect(add).toBeEnabled();
        await add.click();
        const editor = page.locator('[data-testid="recurring-ticket-editor"]');
        await editor.locator('select[id$="-frequency"]').selectOption('monthly');
        await editor.locator('button[type="submit"]').click();
        await expect(editor.locator('[id$="-title-problem"]')).toBeVisible();
      },
    },
  ],
};

/** What the signed-in frame opens, checked once per pass on the visitor's first route. */
const FRAME_STATES: readonly ScreenState[] = [
  {
    name: 'account menu',
    overlay: '.ant-dropdown',
    async open(page) {
      await page.locator('header .ant-dropdown-trigger').click();
      await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')).toBeVisible();
    },
  },
  {
    name: 'phone menu',
    overlay: '.ant-drawer',
    phoneOnly: true,
    async open(page) {
      await page.locator('header button[aria-expanded]').first().click();
      await expect(page.locator('.ant-drawer-open .ant-menu')).toBeVisible();
    },
  },
];

/** Opens, checks and closes each state of `states` that this visitor and pass should check. */
async function checkStates(sweep: Sweep, where: string, states: readonly ScreenState[]) {
  for (const state of states) {
    if (state.visitor !== undefined && state.visitor !== sweep.visitor) continue;
    if (state.phoneOnly && sweep.pass.window !== 'phone') continue;
    if (!state.follows) await closeOverlays(sweep.page);
    await state.open(sweep.page, sweep);
    await check(sweep, `${where}: ${state.name}`, state.overlay);
  }
  await closeOverlays(sweep.page);
}

/** Puts the page in the pass's theme (the header's switch) and window size. */
async function enterPass(page: Page, pass: Pass): Promise<void> {
  await page.setViewportSize(WINDOWS.desktop);
  await chooseTheme(page, pass.theme === 'dark');
  await page.setViewportSize(WINDOWS[pass.window]);
}

/** Reads the ids the parametrised paths need, from what the visitor's screens list. */
/** A closed ticket's number and its requester's address, read from the local desk's IndexedDB. */
async function closedTicketAndRequester(page: Page): Promise<{ number: number; email: string }> {
  const found = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('triage');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const tickets = await all<{ number: number; status: string; requesterId: string }>('tickets');
    const users = await all<{ uid: string; email: string }>('users');
    db.close();
    const closed = tickets.find((ticket) => ticket.status === 'closed');
    const email = users.find((user) => user.uid === closed?.requesterId)?.email;
    return closed && email ? { number: closed.number, email } : null;
  });
  if (!found) throw new Error('the demo desk has no closed ticket with a requester');
  return found;
}

async function readDesk(page: Page, visitor: Visitor): Promise<Desk> {
  if (visitor === 'customer') {
    const href = await page.getByRole('link').filter({ hasText: /#\d+/ }).first().getAttribute('href');
    return { ticketId: href?.split('/').pop() ?? '' };
  }
  // The first row of `view` whose status is `status` (any when absent): a row of the view shown
  // before may still be on screen for a moment.
  const firstOf = async (view: string, status?: string) => {
    await go(page, `/desk?view=${view}`);
    const row = page.locator(status ? `tr[data-ticket-id][data-status="${status}"]` : 'tr[data-ticket-id]').first();
    await expect(row).toBeVisible();
    return (await row.getAttribute('data-ticket-id')) ?? '';
  };
  const ticketId = await firstOf('breached');
  return { ticketId, solvedTicketId: await firstOf('solved', 'solved'), personId: await requesterOf(page, ticketId) };
}

/** The requester of a ticket of the local desk, read from its IndexedDB. */
async function requesterOf(page: Page, ticketId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('triage');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const ticket = await new Promise<{ requesterId: string } | undefined>((resolve, reject) => {
      const request = db.transaction('tickets').objectStore('tickets').get(id);
      request.onsuccess = () => resolve(request.result as { requesterId: string } | undefined);
      request.onerror = () => reject(request.error);
    });
    db.close();
    if (!ticket) throw new Error(`no ticket ${id} in the local desk`);
    return ticket.requesterId;
  }, ticketId);
}

/**
 * Prints what was checked: a row per visitor and screen or state, a column per pass, each cell
 * the count of serious or critical violations (`-`: not checked in that pass).
 */
function printTable(checked: readonly Checked[]): void {
  if (checked.length === 0) return;
  const passes = PASSES.map(passName).filter((pass) => checked.some((row) => row.pass === pass));
  const rows = [...new Set(checked.map((row) => `${row.visitor} ${row.screen}`))];
  const width = Math.max(...rows.map((row) => row.length));
  const serious = checked.reduce((sum, row) => sum + row.serious, 0);
  const cell = (text: string) => text.padEnd(19);
  const lines = [
    `axe sweep: ${checked.length} checks, ${serious} serious/critical violations`,
    `${''.padEnd(width)}  ${passes.map(cell).join('')}`,
    ...rows.map(
      (row) =>
        `${row.padEnd(width)}  ${passes
          .map((pass) => {
            const found = checked.find(
              (candidate) => `${candidate.visitor} ${candidate.screen}` === row && candidate.pass === pass,
            );
            return cell(found ? String(found.serious) : '-');
          })
          .join('')}`,
    ),
  ];
  console.log(lines.join('\n'));
}

/** Every check this worker ran, for the table printed after the last test. */
const CHECKED: Checked[] = [];

test.afterAll(() => printTable(CHECKED));

test('the check itself finds a serious violation, on the page or within an overlay, and passes a clean one', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>Clean</h1>' +
      '<div role="dialog" aria-label="Broken"><button></button><img src="data:,"></div></main></body></html>',
  );
  const whole = await axeFindings(page);
  expect(whole.serious.map((line) => line.split(' ')[0])).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
  const overlay = await axeFindings(page, { within: '[role="dialog"]' });
  expect(overlay.serious.length).toBeGreaterThan(0);
  await page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Clean</h1></main></body></html>');
  expect((await axeFindings(page)).serious).toEqual([]);
});

for (const visitor of VISITORS) {
  test.describe(`axe sweep: ${visitor}`, () => {
    const routes = ROUTES.filter((route) => route.visitors.includes(visitor));
    // One test per language (the browser's, as a visitor's would be), its passes one after the
    // other in one page: a sign-in per language, not per pass (the suite's time budget).
    for (const locale of ['en', 'ar'] as const) {
      const passes = PASSES.filter((pass) => pass.locale === locale);
      test.describe(locale, () => {
        test.use({ locale });

        test(`every route ${visitor} may open, with its menus and dialogs, passes axe (${passes.map(passName).join(', ')})`, async ({
          context,
        }) => {
          test.setTimeout(120_000);
          const home = routes[0]?.path;
          if (home === undefined) throw new Error(`the route table has no route for ${visitor}`);
          const page = await context.newPage();
          let desk: Desk = { ticketId: '' };
          // The theme switch lives in the signed-in frame: for the guest pages, a customer's tab
          // (signed in only there) sets the browser's theme.
          const themeTab = visitor === 'guest' ? await context.newPage() : null;
          if (themeTab) {
            await signInInAnyLanguage(themeTab, DANA);
          } else {
            await signInInAnyLanguage(page, ACCOUNTS[visitor as keyof typeof ACCOUNTS]);
            await screenReady(page);
            desk = await readDesk(page, visitor);
          }
          for (const pass of passes) {
            if (themeTab) {
              await chooseTheme(themeTab, pass.theme === 'dark');
              await page.setViewportSize(WINDOWS[pass.window]);
              await page.goto(home);
              await screenReady(page);
              // The pre-rendered page shows its heading before the app takes it over: moving on
              // before then would change the address under a page the router does not drive yet.
              // The app's first render stops the head script's hold on submissions.
              await page.waitForFunction(() => !('__triageHoldSubmit' in window));
            } else {
              // Back to a screen of the frame (the last pass may have ended on "page not found").
              await closeOverlays(page);
              await go(page, home);
              await enterPass(page, pass);
            }
            await expect(page.locator('html')).toHaveAttribute('dir', pass.locale === 'ar' ? 'rtl' : 'ltr');
            await sweepPass({ page, visitor, pass, desk, checked: CHECKED }, routes, home);
          }
        });
      });
    }
  });
}

/** One pass of a visitor's sweep: every route with its states, then the frame's menus and the barred addresses. */
async function sweepPass(
  sweep: Sweep,
  routes: readonly { path: string; visitors: readonly Visitor[] }[],
  home: string,
) {
  const { page, visitor, desk } = sweep;
  for (const route of routes) {
    await go(page, addressOf(route.path, desk));
    await check(sweep, route.path);
    await checkStates(sweep, route.path, STATES[route.path] ?? []);
  }
  if (visitor === 'guest') return;
  // The frame's menus, on the visitor's first route of the table.
  await go(page, home);
  await checkStates(sweep, home, FRAME_STATES);
  // A route the table keeps from this visitor (the customer: the desk), and an address that is
  // no route (the agent).
  const barred = ROUTES.find((route) => !route.visitors.includes(visitor) && !route.visitors.includes('guest'));
  if (visitor === 'customer' && barred) {
    await go(page, addressOf(barred.path, desk));
    await check(sweep, `${barred.path} (not allowed)`);
  }
  if (visitor === 'agent') {
    await go(page, '/no-such-page');
    await check(sweep, 'page not found');
  }
}
