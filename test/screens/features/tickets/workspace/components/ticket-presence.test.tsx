/**
 * Collision detection on the ticket screen, on the seeded local backend
 * (fake-indexeddb) with two clients of one desk, as two tabs: Priya has the ticket screen
 * open; Sam is a second client speaking the port. Each sees the other arrive, type and leave.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Unsubscribe } from '@/backend/port/subscriptions';
import type { PresenceEntry } from '@/backend/port/presence';
import type { Backend } from '@/backend/port/backend';
import type { Ticket } from '@/domain/types';
import { demoAccount, firstTickets, secondClient, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

// Each test seeds a desk and renders the whole app (antd under jsdom): slower than most.
jest.setTimeout(60_000);

const priya = demoAccount('priya@triage.test');
const sam = demoAccount('sam@triage.test');

/** Priya's ticket screen on an open ticket, and Sam signed in on a second client of the desk. */
async function bothOnATicket() {
  const { backend, dbName } = await seededDeskAs(priya);
  const [ticket] = await firstTickets(backend, { statuses: ['open'], limit: 1 });
  if (!ticket) throw new Error('no seeded open ticket');
  const other = await secondClient(dbName, sam);
  const view = renderApp(backend, `/desk/tickets/${ticket.id}`);
  await screen.findByRole('heading', { name: `#${ticket.number} ${ticket.subject}` }, { timeout: 15_000 });
  return { ...view, backend, ticket, other };
}

/** The live region listing the others on the ticket (by test id: role queries over the whole app are slow). */
function presenceRegion() {
  const region = screen.getByTestId('ticket-presence');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return within(region);
}

/** What a client sees of a ticket's presence, as it arrives. */
function follow(backend: Backend, ticket: Ticket): { latest: () => PresenceEntry[] | undefined; stop: Unsubscribe } {
  let latest: PresenceEntry[] | undefined;
  const stop = backend.presence.watch(
    ticket.id,
    (entries) => {
      latest = entries;
    },
    (error) => {
      throw new Error(error.message);
    },
  );
  return { latest: () => latest, stop };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  fireEvent(document, new Event('visibilitychange'));
}

afterEach(() => {
  // Back to jsdom's own (prototype) getter.
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('ticket screen: who else is on the ticket', () => {
  it('shows another agent viewing, then typing, and clears them when they leave', async () => {
    const { ticket, other } = await bothOnATicket();
    expect(presenceRegion().queryAllByTestId('presence-entry')).toHaveLength(0);

    await act(() => other.presence.announce(ticket.id, { typing: false, ttlMs: 30_000 }));
    expect(await presenceRegion().findByText('Sam Okafor is viewing', {}, { timeout: 5000 })).toBeInTheDocument();
    // Priya's own entry is not listed to her.
    expect(presenceRegion().queryByText(/Priya Shah/)).toBeNull();

    await act(() => other.presence.announce(ticket.id, { typing: true, ttlMs: 30_000 }));
    expect(await presenceRegion().findByText('Sam Okafor is typing…', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(presenceRegion().getByTestId('presence-entry')).toHaveAttribute('data-typing', 'true');

    await act(() => other.presence.leave(ticket.id));
    await waitFor(() => expect(presenceRegion().queryAllByTestId('presence-entry')).toHaveLength(0), {
      timeout: 3000,
    });
  });

  it('drops an agent whose tab went away without leaving, once their entry expires', async () => {
    const { ticket, other } = await bothOnATicket();
    // 3 s: long enough to be seen on a loaded 2-core machine, short enough to wait out.
    await act(() => other.presence.announce(ticket.id, { typing: true, ttlMs: 3000 }));
    expect(await presenceRegion().findByText('Sam Okafor is typing…', {}, { timeout: 5000 })).toBeInTheDocument();
    // No write follows: only the expiry removes it.
    await waitFor(() => expect(presenceRegion().queryAllByTestId('presence-entry')).toHaveLength(0), {
      timeout: 8000,
    });
  });

  it('announces Priya while the screen is open, typing while she writes, and leaves when hidden or closed', async () => {
    const user = userEvent.setup({ delay: null });
    const { ticket, other, unmount } = await bothOnATicket();
    const seen = follow(other, ticket);
    const priyaEntry = () => seen.latest()?.find((entry) => entry.displayName === 'Priya Shah');
    try {
      await waitFor(() => expect(priyaEntry()).toMatchObject({ typing: false }), { timeout: 5000 });
      // Announced for the screen's ttl (30 s), renewed by the heartbeat.
      expect(Date.parse(priyaEntry()?.expiresAt ?? '') - Date.now()).toBeGreaterThan(20_000);

      const box = screen.getByRole('textbox', { name: 'Public reply' });
      await user.click(box);
      await user.type(box, 'Looking into it');
      await waitFor(() => expect(priyaEntry()?.typing).toBe(true), { timeout: 5000 });
      // Leaving the box ends typing (so does 4 s without a keystroke).
      await user.click(screen.getByRole('heading', { name: `#${ticket.number} ${ticket.subject}` }));
      await waitFor(() => expect(priyaEntry()?.typing).toBe(false), { timeout: 5000 });

      act(() => setVisibility('hidden'));
      await waitFor(() => expect(priyaEntry()).toBeUndefined(), { timeout: 5000 });
      act(() => setVisibility('visible'));
      await waitFor(() => expect(priyaEntry()).toBeDefined(), { timeout: 5000 });

      unmount();
      await waitFor(() => expect(priyaEntry()).toBeUndefined(), { timeout: 5000 });
    } finally {
      seen.stop();
    }
  });
});
