/**
 * Agents' desktop notifications on the seeded local backend: a new ticket and a customer's reply
 * on my ticket notify while the tab is hidden, nothing while it is visible or switched off, and
 * the bell asks the browser's permission.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  demoAccount,
  localTestBackend,
  secondClient,
  seededDeskAs,
  signInDemo,
} from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(60_000);

const priya = demoAccount('priya@triage.test');
const dana = demoAccount('dana@example.test');

interface Shown {
  title: string;
  body?: string;
}
let shown: Shown[] = [];
let visibility: DocumentVisibilityState = 'hidden';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = jest.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
  close() {}
}

beforeAll(() => {
  Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  shown = [];
  visibility = 'hidden';
  FakeNotification.permission = 'granted';
  localStorage.clear();
});

/**
 * How long the bell may take to say "on": its two live lists' first snapshots over a seeded desk.
 * A bound for a hang, not for speed (10 s was passed once on a loaded two-core machine).
 */
const BELL_ON_MS = 30_000;

/** Waits until the bell shows notifications on (its live lists have their first snapshot). */
async function bellOn() {
  const bell = await screen.findByRole('button', { name: /Desktop notifications on/ }, { timeout: BELL_ON_MS });
  // Give both live lists their baseline snapshot before anything changes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return bell;
}

/** Resolves after `ms`: long enough for a live update that should NOT notify to have arrived. */
const settle = (ms = 1000) => new Promise((resolve) => setTimeout(resolve, ms));

describe('desk notifications', () => {
  it('notifies a new ticket and a customer’s reply on my ticket while the tab is hidden', async () => {
    const { dbName, backend, me } = await seededDeskAs(priya);
    const customer = localTestBackend({ seed: false, dbName });
    await signInDemo(customer, dana);
    // One of Priya's tickets from Dana, made before the page opens.
    const hers = await customer.tickets.create({ subject: 'Printer offline', description: 'Again.', priority: 'high' });
    await backend.tickets.update(hers.id, { assigneeId: me.uid });
    renderApp(backend, '/desk');
    await bellOn();

    const created = await customer.tickets.create({
      subject: 'Invoice shows the wrong VAT',
      description: 'Since this month.',
      priority: 'normal',
    });
    await waitFor(() =>
      expect(shown).toContainEqual({
        title: `New ticket #${created.number}`,
        body: `Invoice shows the wrong VAT — ${created.requesterName}`,
      }),
    );

    await customer.messages.add(hers.id, { id: 'reply-1', body: 'It is back online, thanks!', internal: false });
    await waitFor(() =>
      expect(shown).toContainEqual({
        title: `${hers.requesterName} replied on #${hers.number}`,
        body: 'Printer offline',
      }),
    );
    // Priya's own reply on it does not notify her.
    const before = shown.length;
    await backend.messages.add(hers.id, { id: 'reply-2', body: 'Great, closing soon.', internal: false });
    await settle();
    expect(shown).toHaveLength(before);
  });

  it('stays quiet while the tab is visible, and when switched off', async () => {
    const { dbName, backend } = await seededDeskAs(priya);
    const customer = await secondClient(dbName, dana);
    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/desk');
    const bell = await bellOn();

    visibility = 'visible';
    await customer.tickets.create({ subject: 'Seen on screen', description: 'Visible tab.', priority: 'low' });
    await settle();
    expect(shown).toEqual([]);

    visibility = 'hidden';
    await user.click(bell);
    await screen.findByRole('button', { name: /Turn on desktop notifications/ });
    await customer.tickets.create({ subject: 'Nobody is told', description: 'Switched off.', priority: 'low' });
    await settle();
    expect(shown).toEqual([]);
    expect(
      localStorage.getItem(Object.keys(localStorage).find((key) => key.startsWith('triage:desk-notifications:')) ?? ''),
    ).toBe('off');
  });

  it('asks the browser’s permission from the bell, and says when it is blocked', async () => {
    FakeNotification.permission = 'default';
    const { backend } = await seededDeskAs(priya);
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderApp(backend, '/desk');
    await user.click(await screen.findByRole('button', { name: /Turn on desktop notifications/ }));
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    await screen.findByRole('button', { name: /Desktop notifications on/ }, { timeout: BELL_ON_MS });
    unmount();

    FakeNotification.permission = 'denied';
    renderApp(backend, '/desk');
    expect(await screen.findByRole('button', { name: /blocked for this site/ })).toBeDisabled();
  });

  it('shows no bell to customers', async () => {
    const { backend } = await seededDeskAs(dana);
    renderApp(backend, '/requests');
    await screen.findByRole('heading', { name: /requests/i });
    expect(screen.queryByRole('button', { name: /desktop notifications/i })).not.toBeInTheDocument();
  });
});
