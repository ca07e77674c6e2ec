/**
 * The customer's request list (`/requests`) on the seeded local backend (fake-indexeddb):
 * only the person's own tickets, newest public activity first (an internal note does not
 * move a request; a public reply does, live), her search by a word of the public reply (never
 * of a note's), and the empty state of a fresh customer with its "New request" button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@/domain/types';
import {
  demoAccount,
  localTestBackend,
  secondClient,
  seededDeskAs,
  storedTickets,
} from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

const priya = demoAccount('priya@triage.test');
const dana = demoAccount('dana@example.test');
const luis = demoAccount('luis@example.test');
const admin = demoAccount('admin@triage.test');

/** Last public activity first, ties by id (the port's order). */
function byLastMessage(a: Ticket, b: Ticket): number {
  if (a.lastMessageAt !== b.lastMessageAt) return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/** The ticket ids of the listed requests, top to bottom. */
function listedIds(): string[] {
  const list = screen.getByRole('list', { name: 'Your requests' });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('data-ticket-id') ?? '?');
}

describe('my requests', () => {
  it('lists only the customer’s own requests, newest public activity first, with "Load more"', async () => {
    const { dbName, backend, me } = await seededDeskAs(dana);
    // More than one page (20) of her own requests, so "Load more" has a second page to load.
    const seeded = (await storedTickets(dbName)).filter((ticket) => ticket.requesterId === me.uid).length;
    for (let i = seeded; i < 23; i += 1) {
      await backend.tickets.create({ subject: `Question number ${i}`, description: 'Details.', priority: 'low' });
    }
    const stored = await storedTickets(dbName);
    const own = stored.filter((ticket) => ticket.requesterId === me.uid).sort(byLastMessage);
    expect(own.length).toBeGreaterThan(20);
    // Other people's requests exist, so a list that showed them would fail.
    expect(stored.length).toBeGreaterThan(own.length);

    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/requests');
    const ownIds = own.map((ticket) => ticket.id);
    await waitFor(() => expect(listedIds()).toEqual(ownIds.slice(0, 20)));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listedIds()).toEqual(ownIds));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const first = own[0];
    if (!first) throw new Error('no request');
    const firstLink = screen.getByRole('link', { name: new RegExp(first.subject) });
    expect(firstLink).toHaveAttribute('href', `/requests/${first.id}`);
    expect(firstLink).toHaveTextContent(`#${first.number}`);
  });

  it('moves a request up on a public reply, live, but not on an internal note', async () => {
    const { dbName, backend, me } = await seededDeskAs(dana);
    const own = (await storedTickets(dbName)).filter((ticket) => ticket.requesterId === me.uid).sort(byLastMessage);
    // Her open request with the oldest public activity: an agent's reply leaves it open and waiting on her.
    const oldest = own.filter((ticket) => ticket.status === 'open').at(-1);
    if (!oldest || own[0]?.id === oldest.id) throw new Error('the seed gives Dana an open request below the top');

    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/requests');
    await waitFor(() => expect(listedIds()).toContain(oldest.id));
    const before = listedIds();

    const agent = await secondClient(dbName, priya);
    await agent.messages.add(oldest.id, { id: 'note-1', body: 'Checking with Quokkabilling first.', internal: true });
    // The note changed the ticket (updatedAt) but not its public activity: same order.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listedIds()).toEqual(before);
    expect(screen.queryByText(/Checking with/)).not.toBeInTheDocument();

    await agent.messages.add(oldest.id, { id: 'reply-1', body: 'Here is what we found: Wombatfix.', internal: false });
    await waitFor(() => expect(listedIds()[0]).toBe(oldest.id));
    const item = screen.getByRole('link', { name: new RegExp(oldest.subject) });
    expect(item).toHaveTextContent('Last reply by support');
    expect(item).toHaveTextContent('Waiting on you');

    // Her search finds the request by a word of the public reply, and never by the note's.
    const search = screen.getByRole('searchbox', { name: 'Search your requests' });
    await user.type(search, 'wombatfix');
    await waitFor(() => expect(router.state.location.search).toBe('?q=wombatfix'));
    await waitFor(() => expect(listedIds()).toEqual([oldest.id]));
    await user.clear(search);
    await user.type(search, 'quokkabilling{Enter}');
    expect(await screen.findByText('No request of yours matches “quokkabilling”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    // One letter searches nothing, and says so.
    await user.clear(search);
    await user.type(search, 'q');
    expect(await screen.findByText('Type at least 2 letters, or a request number.')).toBeInTheDocument();
    await waitFor(() => expect(listedIds()).toContain(oldest.id));
  });

  it('invites a fresh customer to make their first request', async () => {
    const backend = localTestBackend({ seed: true });
    await backend.auth.signUp({ displayName: 'Nina New', email: 'nina@example.test', password: 'long enough 1' });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/requests');

    const invitation = await screen.findByText('You have no requests yet', {}, { timeout: 5000 });
    const empty = invitation.closest('.ant-empty');
    if (!(empty instanceof HTMLElement)) throw new Error('the invitation is not an empty state');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    await user.click(within(empty).getByRole('button', { name: /New request/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/new'));
  });

  it('offers a member their sharing organisation’s requests, read only, and takes them away when it stops sharing', async () => {
    const { dbName, backend, me } = await seededDeskAs(dana);
    const desk = await secondClient(dbName, admin);
    const organisation = { name: 'Whitfield & Co', domains: [], notes: '', shareTickets: true };
    const { id } = await desk.users.saveOrganisation({ organisation });
    const colleague = await secondClient(dbName, luis);
    const luisProfile = await colleague.users.get((await storedUid(colleague)) ?? '');
    for (const uid of [me.uid, luisProfile.uid]) await desk.users.setOrganisation({ uid, organisationId: id });
    const asked = await colleague.tickets.create({
      subject: 'Badge printer offline',
      description: 'Since Monday.',
      priority: 'low',
    });

    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/requests');
    await user.click(await screen.findByText('Whitfield & Co’s'));
    await waitFor(() => expect(router.state.location.search).toBe('?of=organisation'));
    const list = await screen.findByRole('list', { name: 'Your organisation’s requests' });
    const item = await within(list).findByRole('link', { name: /Badge printer offline/ });
    expect(item).toHaveAttribute('href', `/requests/${asked.id}`);
    expect(item).toHaveTextContent('Last reply by Luis Romero');
    // Her own older requests were filed before she joined: not the organisation's.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('searchbox', { name: 'Search your requests' })).not.toBeInTheDocument();

    await desk.users.saveOrganisation({ id, organisation: { ...organisation, shareTickets: false } });
    await waitFor(() => expect(screen.queryByText('Whitfield & Co’s')).not.toBeInTheDocument());
    expect(await screen.findByRole('list', { name: 'Your requests' })).toBeInTheDocument();
  });
});

/** The uid of the person signed in to `client`. */
async function storedUid(client: Awaited<ReturnType<typeof secondClient>>): Promise<string | undefined> {
  return new Promise((resolve) => {
    const stop = client.auth.onChange((change) => {
      if (change.kind === 'signedIn') {
        resolve(change.user.uid);
        queueMicrotask(() => stop());
      }
    });
  });
}
