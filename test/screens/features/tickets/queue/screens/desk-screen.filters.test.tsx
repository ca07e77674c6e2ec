/**
 * The queue's filters, search, saved views, keyboard and unread dot, on the seeded
 * local backend (fake-indexeddb) with the agent Priya signed in. Expected rows are computed
 * from the stored tickets with the domain's own rules (views, search keys), never from the UI.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queueViewById, type QueueViewId } from '@/domain/queue-views';
import { agentFieldSearchKeys, fieldWordKeys, searchKeyOf, searchKeysFor, unionKeys } from '@/domain/search-keys';
import type { Ticket } from '@/domain/types';
import { SEARCH_DEBOUNCE_MS } from '@/features/tickets/queue/components/filter-bar';
import {
  demoAccount,
  secondClient,
  seededDeskAs,
  storedTickets,
  storedUsers,
  storedAgentValues,
} from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

const priya = demoAccount('priya@triage.test');

jest.setTimeout(90_000);

/** Newest activity first, ties by id (the queue's default order). */
function byActivity(a: Ticket, b: Ticket): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/** The stored tickets of a view for Priya, narrowed by `keep`, in the queue's default order (first 25). */
function expectedRows(tickets: Ticket[], view: QueueViewId, uid: string, keep: (t: Ticket) => boolean): number[] {
  const filter = queueViewById(view).filter(uid);
  return tickets
    .filter(
      (t) =>
        filter.statuses.includes(t.status) &&
        (filter.assigneeId === undefined || (t.assigneeId ?? null) === filter.assigneeId) &&
        keep(t),
    )
    .sort(byActivity)
    .slice(0, 25)
    .map((t) => t.number);
}

/** The ticket numbers of the table's rows, top to bottom. */
function rowNumbers(): number[] {
  return [...screen.getByRole('table').querySelectorAll('tbody tr[data-ticket-id] td[data-column="number"]')].map(
    (cell) => Number(cell.textContent?.replace(/\D/g, '')),
  );
}

async function expectRows(numbers: number[]) {
  await waitFor(() => expect(rowNumbers()).toEqual(numbers));
}

function params(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

describe('queue filters, search and saved views', () => {
  it('reads filters from the URL, searches as you type into the URL, and goes back', async () => {
    const { backend, me, dbName } = await seededDeskAs(priya);
    const stored = await storedTickets(dbName);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/desk?view=open&priority=high');

    const high = expectedRows(stored, 'open', me.uid, (t) => t.priority === 'high');
    expect(high.length).toBeGreaterThan(0);
    await expectRows(high);
    // The bar shows the URL's choice.
    expect(screen.getByRole('search', { name: 'Filter the queue' })).toHaveTextContent('High');

    // A word of an open ticket's subject, typed in another case: found by its search keys.
    const target = stored.find((t) => t.status === 'open' && t.priority !== 'high');
    const word = target?.subject.split(/\s+/).find((w) => w.length >= 5);
    if (!target || !word) throw new Error('the seed has no open ticket with a long subject word');
    const typed = word.slice(0, 4).toUpperCase();
    const key = searchKeyOf(typed);
    await user.click(screen.getByRole('button', { name: /clear filters/i }));
    await waitFor(() => expect(params(router).get('priority')).toBeNull());
    // The typing pause ends in an effect: its change must not be rendered synchronously from
    // there (React warns "flushSync was called from inside a lifecycle method").
    const errors = jest.spyOn(console, 'error');
    try {
      await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), typed);
      await waitFor(() => expect(params(router).get('q')).toBe(typed), { timeout: SEARCH_DEBOUNCE_MS + 2_000 });
      expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
        expect.stringMatching(/flushSync was called from inside a lifecycle method/),
      );
    } finally {
      errors.mockRestore();
    }
    expect(params(router).get('view')).toBe('open');
    // The stored keys hold the requester's email too (a prefix may match an address's local part).
    const emails = new Map((await storedUsers(dbName)).map((user) => [user.uid, user.email]));
    // …and the words of its custom field values, agents-only ones for staff (`fieldWordKeys`).
    const agentValues = await storedAgentValues(dbName);
    // A search looks in every ticket, whatever the view (`viewShowsChoices`, src/domain/queue-views.ts).
    const found = expectedRows(stored, 'all', me.uid, (t) =>
      unionKeys(
        searchKeysFor({ ...t, requesterEmail: emails.get(t.requesterId) }),
        fieldWordKeys(t.fields),
        agentFieldSearchKeys(agentValues.get(t.id)),
      ).includes(key ?? ''),
    );
    expect(found).toContain(target.number);
    await expectRows(found);

    // Back: the search leaves the URL, the box and the rows.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(params(router).get('q')).toBeNull());
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue(''));
    await expectRows(expectedRows(stored, 'open', me.uid, () => true));
  });

  it('searches at once on Enter, and the pause after it adds no second history entry', async () => {
    const { backend } = await seededDeskAs(priya);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/desk?view=open');
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    const pushed = new Set<string>();
    const stop = router.subscribe((state) => {
      if (state.historyAction === 'PUSH') pushed.add(state.location.key);
    });
    try {
      await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'refund{Enter}');
      await waitFor(() => expect(params(router).get('q')).toBe('refund'));
      // Past the typing pause the box would have searched after.
      await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 300)));
      expect(pushed.size).toBe(1);
      // One step back is the queue before the search.
      await act(() => router.navigate(-1));
      await waitFor(() => expect(params(router).get('q')).toBeNull());
    } finally {
      stop();
    }
  });

  it('saves the current filters as a named view per agent, opens it from the list, and removes it', async () => {
    const { backend, me, dbName } = await seededDeskAs(priya);
    const stored = await storedTickets(dbName);
    const user = userEvent.setup({ delay: null });
    const { router, store } = renderApp(backend, '/desk?view=open&priority=urgent&sort=createdAt&dir=asc');
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));

    await user.click(screen.getByRole('button', { name: 'Save view…' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of the saved view' }), 'Urgent, oldest first{Enter}');
    const saved = screen.getByRole('button', { name: 'Urgent, oldest first' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().queuePreferences.savedViews[me.uid]).toEqual([
      expect.objectContaining({ name: 'Urgent, oldest first', search: expect.stringContaining('priority=urgent') }),
    ]);

    await act(() => router.navigate('/desk?view=mine'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Urgent, oldest first' })).toHaveAttribute('aria-pressed', 'false'),
    );
    await user.click(screen.getByRole('button', { name: 'Urgent, oldest first' }));
    await waitFor(() =>
      expect(Object.fromEntries(params(router))).toEqual({
        view: 'open',
        priority: 'urgent',
        sort: 'createdAt',
        dir: 'asc',
      }),
    );
    const urgentOldest = stored
      .filter((t) => queueViewById('open').filter(me.uid).statuses.includes(t.status) && t.priority === 'urgent')
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))
      .map((t) => t.number);
    await expectRows(urgentOldest.slice(0, 25));

    await user.click(screen.getByLabelText('Remove saved view Urgent, oldest first'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Urgent, oldest first' })).not.toBeInTheDocument());
    expect(store.getState().queuePreferences.savedViews[me.uid]).toBeUndefined();
  });
});

describe('the queue’s columns (DESIGN §3 "Custom fields")', () => {
  it('hides and adds columns, a customer field’s values among them, keeps them in a saved view, and resets them', async () => {
    const { backend, me, dbName } = await seededDeskAs(priya);
    const stored = await storedTickets(dbName);
    const user = userEvent.setup({ delay: null });
    const { router, store } = renderApp(backend, '/desk?view=open');
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    const headings = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headings()).toContain('Requester');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Requester' }));
    await waitFor(() => expect(params(router).get('cols')).toBe('status,priority,assignee,nextSla,updatedAt'));
    // The demo's "Product" is a field customers see; its "Plan" is agents-only: no column.
    expect(screen.queryByRole('checkbox', { name: 'Plan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Product' }));
    await waitFor(() => expect(headings()).toContain('Product'));
    expect(headings()).not.toContain('Requester');
    expect(params(router).get('cols')).toBe('status,priority,assignee,nextSla,updatedAt,field:product');

    // Each row shows its ticket's product by its label, or says it has none.
    const rows = [...screen.getByRole('table').querySelectorAll('tbody tr[data-ticket-id]')];
    const byId = new Map(stored.map((ticket) => [ticket.id, ticket]));
    for (const row of rows.slice(0, 10)) {
      const cell = row.querySelector('td[data-column="field:product"]');
      const product = byId.get(row.getAttribute('data-ticket-id') ?? '')?.fields?.product;
      if (product) expect(cell?.textContent).not.toBe('—');
      else expect(cell?.querySelector('[aria-label="Not set"]')).not.toBeNull();
    }

    // Saved with the view, and back when the view is opened again.
    await user.click(screen.getByRole('button', { name: 'Save view…' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of the saved view' }), 'By product{Enter}');
    expect(store.getState().queuePreferences.savedViews[me.uid]).toEqual([
      expect.objectContaining({ name: 'By product', search: expect.stringContaining('cols=') }),
    ]);
    await act(() => router.navigate('/desk?view=mine'));
    await waitFor(() => expect(headings()).toContain('Requester'));
    await user.click(screen.getByRole('button', { name: 'By product' }));
    await waitFor(() => expect(headings()).toContain('Product'));

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('button', { name: 'Default columns' }));
    await waitFor(() => expect(params(router).has('cols')).toBe(false));
    expect(headings()).toContain('Requester');
    expect(headings()).not.toContain('Product');
  });

  it('sorts by a sortable field’s column, smallest first, tickets without a value last, and back', async () => {
    // The demo's "Seats" (a number customers see) holds sort slot a.
    const { backend, dbName } = await seededDeskAs(priya);
    const open = (await storedTickets(dbName)).filter((ticket) => ticket.status === 'open');
    const seatsOf = (ticket: Ticket) => ticket.fields?.seats;
    const byId = (a: Ticket, b: Ticket) => (a.id < b.id ? -1 : 1);
    const valued = open
      .filter((ticket) => typeof seatsOf(ticket) === 'number')
      .sort((a, b) => Number(seatsOf(a)) - Number(seatsOf(b)) || byId(a, b));
    const rest = open.filter((ticket) => typeof seatsOf(ticket) !== 'number').sort(byId);
    expect(valued.length).toBeGreaterThan(3);
    const ascending = [...valued, ...rest].map((ticket) => ticket.number);

    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/desk?view=all&status=open&cols=status,field:seats');
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    await user.click(await screen.findByRole('button', { name: /Seats/ }));
    await waitFor(() => expect(params(router).get('sort')).toBe('fieldSortA'));
    expect(params(router).get('dir')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Seats/ })).toHaveAttribute('aria-sort', 'ascending');
    await expectRows(ascending.slice(0, 25));
    await user.click(screen.getByRole('button', { name: /Seats/ }));
    await waitFor(() => expect(params(router).get('dir')).toBe('desc'));
    await expectRows([...ascending].reverse().slice(0, 25));
  });
});

describe('queue keyboard and unread dot', () => {
  it('moves with j and k, opens with Enter, lists shortcuts with ?, and ignores keys typed in a field', async () => {
    const { backend, me, dbName } = await seededDeskAs(priya);
    const stored = await storedTickets(dbName);
    const { router } = renderApp(backend, '/desk?view=open');
    const open = expectedRows(stored, 'open', me.uid, () => true);
    await expectRows(open);
    const selected = () =>
      screen.getByRole('table').querySelector('tr[aria-current="true"] td[data-column="number"]')?.textContent;

    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(selected()).toBe(`#${open[1]}`));

    // Typing j in the search box moves nothing.
    const search = screen.getByRole('searchbox', { name: 'Search tickets' });
    fireEvent.keyDown(search, { key: 'j' });
    expect(selected()).toBe(`#${open[1]}`);

    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const does of [
      'Next ticket',
      'Previous ticket',
      'Open the selected ticket',
      'Reply to the requester',
      'Write an internal note',
      'Assign to me',
    ]) {
      expect(within(help).getByText(does)).toBeInTheDocument();
    }
    fireEvent.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());

    const second = stored.find((t) => t.number === open[1]);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/desk/tickets/${second?.id}`));
  });

  it('puts a dot on a ticket changed since the agent last opened it, and only then', async () => {
    const { backend, me, dbName } = await seededDeskAs(priya);
    const stored = await storedTickets(dbName);
    const { router } = renderApp(backend, '/desk?view=open');
    const open = expectedRows(stored, 'open', me.uid, () => true);
    await expectRows(open);
    expect(screen.queryAllByRole('img', { name: 'Unread activity' })).toHaveLength(0);

    const ticket = stored.find((t) => t.number === open[0]);
    if (!ticket) throw new Error('no open ticket');
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/desk/tickets/${ticket.id}`));
    await act(() => router.navigate(-1));
    await expectRows(open);
    expect(screen.queryAllByRole('img', { name: 'Unread activity' })).toHaveLength(0);

    // Another agent changes it: it moves and gets the dot.
    const other = await secondClient(dbName, demoAccount('sam@triage.test'));
    await other.tickets.update(ticket.id, { priority: ticket.priority === 'urgent' ? 'low' : 'urgent' });
    await waitFor(() => {
      const row = screen.getByRole('table').querySelector(`tr[data-ticket-id="${ticket.id}"]`);
      expect(row).toHaveAttribute('data-unread', 'true');
    });
    expect(screen.getAllByRole('img', { name: 'Unread activity' })).toHaveLength(1);
  });
});
