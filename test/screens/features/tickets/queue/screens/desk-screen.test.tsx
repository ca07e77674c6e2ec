/**
 * The agent queue (`/desk`) on the seeded local backend (fake-indexeddb), signed in as the
 * agent Priya: the six views and their live counts against the stored tickets, the view in
 * the URL (and back), sorting both ways, cursor pages forward and back, and a ticket
 * submitted by a customer on another client appearing live.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUEUE_VIEWS, type QueueViewId } from '@/domain/queue-views';
import { NO_SLA_DUE, type Ticket } from '@/domain/types';
import { demoAccount, secondClient, seededDeskAs, storedTickets } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

const priya = demoAccount('priya@triage.test');
const dana = demoAccount('dana@example.test');

/** A fresh seeded desk with Priya signed in; `tickets()` reads what is stored, bypassing the port. */
async function signedInDesk() {
  const desk = await seededDeskAs(priya);
  return { ...desk, tickets: () => storedTickets(desk.dbName) };
}

/** The tickets of a view for this agent, per `src/domain/queue-views.ts`. */
function inView(tickets: Ticket[], view: QueueViewId, agentUid: string): Ticket[] {
  // The SLA views' window as the screen reads it: to the minute (`useMinuteClock`).
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const filter = QUEUE_VIEWS.find((candidate) => candidate.id === view)?.filter(agentUid, now);
  if (!filter) throw new Error(`no view ${view}`);
  const due = (ticket: Ticket) => ticket.slaDueAt ?? NO_SLA_DUE;
  return tickets.filter(
    (ticket) =>
      filter.statuses.includes(ticket.status) &&
      (filter.assigneeId === undefined || (ticket.assigneeId ?? null) === filter.assigneeId) &&
      (filter.slaDueAfter === undefined || due(ticket) > filter.slaDueAfter) &&
      (filter.slaDueBefore === undefined || due(ticket) <= filter.slaDueBefore),
  );
}

/** Newest first by a timestamp field, ties by id (the port's order). */
function byDesc(field: 'updatedAt' | 'createdAt') {
  return (a: Ticket, b: Ticket) => (a[field] === b[field] ? (a.id < b.id ? 1 : -1) : a[field] < b[field] ? 1 : -1);
}

/** The ticket numbers of the table's rows, top to bottom, once they are not skeletons. */
function rowNumbers(): number[] {
  const table = screen.getByRole('table');
  return within(table)
    .queryAllByRole('row')
    .map((row) => row.getAttribute('data-ticket-id'))
    .filter((id): id is string => id !== null)
    .map((id) => {
      const row = table.querySelector(`tr[data-ticket-id="${id}"] td[data-column="number"]`);
      return Number(row?.textContent?.replace('#', ''));
    });
}

/** The label around a segmented control's radio (the input itself takes no pointer events). */
function labelOf(radio: HTMLElement): HTMLElement {
  const label = radio.closest('label');
  if (!label) throw new Error('the radio has no label');
  return label;
}

async function expectRows(numbers: number[]) {
  await waitFor(() => expect(rowNumbers()).toEqual(numbers));
}

// Each test seeds a desk and renders the whole app in jsdom, which is slow on a busy 2-core CI box.
jest.setTimeout(90_000);

describe('desk queue', () => {
  it('shows the six views with counts matching the stored tickets', async () => {
    const { backend, me, tickets } = await signedInDesk();
    const stored = await tickets();
    renderApp(backend, '/desk');

    const expected = Object.fromEntries(
      QUEUE_VIEWS.map((view) => [view.id, inView(stored, view.id, me.uid).length]),
    ) as Record<QueueViewId, number>;
    // The seed has something in every view, and the views differ: a wrong filter shows.
    expect(Object.values(expected).every((count) => count > 0)).toBe(true);
    expect(new Set(Object.values(expected)).size).toBeGreaterThan(3);

    const views = await screen.findByRole('radiogroup', { name: 'Queue views' });
    for (const view of QUEUE_VIEWS) {
      await waitFor(() =>
        expect(within(views).getByRole('radio', { name: `${view.label} ${expected[view.id]}` })).toBeInTheDocument(),
      );
    }
    // The default view is Unassigned, newest activity first, with exactly its tickets.
    expect(within(views).getByRole('radio', { name: /^Unassigned/ })).toBeChecked();
    await expectRows(
      inView(stored, 'unassigned', me.uid)
        .sort(byDesc('updatedAt'))
        .map((ticket) => ticket.number),
    );
  });

  it('keeps the view in the URL: opening it, switching it, and going back', async () => {
    const { backend, me, tickets } = await signedInDesk();
    const stored = await tickets();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/desk?view=pending');

    const views = await screen.findByRole('radiogroup', { name: 'Queue views' });
    expect(within(views).getByRole('radio', { name: /^Pending/ })).toBeChecked();
    const pending = inView(stored, 'pending', me.uid).sort(byDesc('updatedAt'));
    await expectRows(pending.map((ticket) => ticket.number));

    await user.click(labelOf(within(views).getByRole('radio', { name: /^Mine/ })));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('view')).toBe('mine'));
    const mine = inView(stored, 'mine', me.uid).sort(byDesc('updatedAt'));
    await expectRows(mine.map((ticket) => ticket.number));
    expect(mine.every((ticket) => ticket.assigneeId === me.uid)).toBe(true);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(within(views).getByRole('radio', { name: /^Pending/ })).toBeChecked());
    await expectRows(pending.map((ticket) => ticket.number));
  });

  it('sorts by number and by last activity, both ways', async () => {
    const { backend, me, tickets } = await signedInDesk();
    const open = inView(await tickets(), 'open', me.uid);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/desk?view=open&size=50');

    const newestActivity = [...open].sort(byDesc('updatedAt')).map((ticket) => ticket.number);
    await expectRows(newestActivity);
    const table = screen.getByRole('table');
    const activityHeader = within(table).getByRole('columnheader', { name: /Last activity/ });
    const numberHeader = within(table).getByRole('columnheader', { name: /Number/ });
    expect(activityHeader).toHaveAttribute('aria-sort', 'descending');
    expect(numberHeader).toHaveAttribute('aria-sort', 'none');

    await user.click(within(numberHeader).getByRole('button', { name: /Number/ }));
    const newestFirst = [...open].sort(byDesc('createdAt')).map((ticket) => ticket.number);
    await expectRows(newestFirst);
    expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toContain('sort=createdAt');

    await user.click(within(numberHeader).getByRole('button', { name: /Number/ }));
    await expectRows([...newestFirst].reverse());
    expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toContain('dir=asc');

    await user.click(within(activityHeader).getByRole('button', { name: /Last activity/ }));
    await expectRows(newestActivity);
    await user.click(within(activityHeader).getByRole('button', { name: /Last activity/ }));
    await expectRows([...newestActivity].reverse());
    expect(activityHeader).toHaveAttribute('aria-sort', 'ascending');
  });

  it('pages forward and back with cursors; a link to a page opens that page', async () => {
    const { backend, me, tickets } = await signedInDesk();
    const open = inView(await tickets(), 'open', me.uid).sort(byDesc('updatedAt'));
    // 25 per page: the seed's open view needs a second page.
    expect(open.length).toBeGreaterThan(25);
    expect(open.length).toBeLessThanOrEqual(50);
    const user = userEvent.setup({ delay: null });
    const { router, unmount } = renderApp(backend, '/desk?view=open');

    const numbers = open.map((ticket) => ticket.number);
    await expectRows(numbers.slice(0, 25));
    const pager = screen.getByRole('navigation', { name: 'Queue pages' });
    await waitFor(() => expect(screen.getByTestId('queue-range')).toHaveTextContent(`1–25 of ${open.length}`));
    expect(within(pager).getByRole('button', { name: /Previous/ })).toBeDisabled();

    // Every state the table passes through on the way: page 1's rows never stand, undimmed,
    // as page 2 (RTK Query's `data` keeps the previous page while the next one loads).
    const seen: { range: string; busy: string | null; rows: number[] }[] = [];
    const observer = new MutationObserver(() =>
      seen.push({
        range: screen.getByTestId('queue-range').textContent ?? '',
        busy: screen.getByRole('table').getAttribute('aria-busy'),
        rows: rowNumbers(),
      }),
    );
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    await expectRows(numbers.slice(25));
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((state) => state.busy === 'false' && state.rows.join() === numbers.slice(0, 25).join())).toEqual(
      seen.filter((state) => state.busy === 'false' && state.range.startsWith('1–')),
    );
    const after = new URLSearchParams(router.state.location.search).get('after');
    // The cursor is the first page's last ticket (its sort value and id), never an offset.
    const lastOfFirst = open[24];
    expect(after).toBe(`${lastOfFirst?.updatedAt}~${lastOfFirst?.id}`);
    expect(screen.getByTestId('queue-range')).toHaveTextContent(`26–${open.length} of ${open.length}`);
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: /Previous/ }));
    await expectRows(numbers.slice(0, 25));
    expect(new URLSearchParams(router.state.location.search).get('after')).toBeNull();

    // Back in history returns to page 2 (its URL holds the cursor).
    await act(() => router.navigate(-1));
    await expectRows(numbers.slice(25));
    // Rows per page: 50 shows the whole view on one page.
    await user.click(labelOf(within(pager).getByRole('radio', { name: '50' })));
    await expectRows(numbers);
    expect(new URLSearchParams(router.state.location.search).get('size')).toBe('50');

    // Page 2's address opened afresh (no history): that page, then "Previous" to the first.
    const secondPage = `/desk?view=open&sort=updatedAt&dir=desc&after=${encodeURIComponent(after ?? '')}`;
    unmount();
    const reopened = renderApp(backend, secondPage);
    await expectRows(numbers.slice(25));
    expect(screen.getByTestId('queue-range')).toHaveTextContent(`${open.length - 25} tickets of ${open.length}`);
    const pagerAgain = screen.getByRole('navigation', { name: 'Queue pages' });
    await user.click(within(pagerAgain).getByRole('button', { name: /Previous/ }));
    await expectRows(numbers.slice(0, 25));
    expect(reopened.router.state.location.search).not.toContain('after=');
  });

  it('shows a ticket submitted by a customer on another client live, with its count, and opens it', async () => {
    const { dbName, backend, me, tickets } = await signedInDesk();
    const unassigned = inView(await tickets(), 'unassigned', me.uid).length;
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(backend, '/desk');
    const views = await screen.findByRole('radiogroup', { name: 'Queue views' });
    await waitFor(() =>
      expect(within(views).getByRole('radio', { name: `Unassigned ${unassigned}` })).toBeInTheDocument(),
    );

    const announcement = screen.getByTestId('queue-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(announcement).toHaveTextContent(/^$/);

    const customer = await secondClient(dbName, dana);
    const created = await customer.tickets.create({
      subject: 'Printer on fire after the update',
      description: 'It started right after version 4.2 installed.',
      priority: 'urgent',
    });

    const link = await screen.findByRole('link', { name: 'Printer on fire after the update' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/desk/tickets/${created.id}`);
    await waitFor(() => expect(rowNumbers()[0]).toBe(created.number));
    await waitFor(() =>
      expect(within(views).getByRole('radio', { name: `Unassigned ${unassigned + 1}` })).toBeInTheDocument(),
    );
    // Screen readers hear it without leaving what they were doing (DESIGN §8 live regions).
    expect(announcement).toHaveTextContent(`New ticket #${created.number}: Printer on fire after the update`);

    // Clicking anywhere on the row (here: the requester) opens the ticket.
    const row = link.closest('tr');
    if (!row) throw new Error('the subject link is not in a row');
    await user.click(within(row).getByRole('cell', { name: created.requesterName }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/desk/tickets/${created.id}`));
    // Focus follows the navigation to the new screen's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    expect(document.activeElement).toHaveTextContent('Printer on fire after the update');
  });

  it('says so when a view becomes empty', async () => {
    const { backend, me, tickets } = await signedInDesk();
    const unassigned = inView(await tickets(), 'unassigned', me.uid);
    renderApp(backend, '/desk?view=unassigned');
    await expectRows(unassigned.sort(byDesc('updatedAt')).map((ticket) => ticket.number));
    expect(screen.queryByText('No unassigned tickets — nice.')).not.toBeInTheDocument();

    // Priya takes every unassigned ticket; the view empties live.
    for (const ticket of unassigned) await backend.tickets.update(ticket.id, { assigneeId: me.uid });
    expect(await screen.findByText('No unassigned tickets — nice.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(rowNumbers()).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('queue-count-unassigned')).toHaveTextContent('0'));
  });
});
