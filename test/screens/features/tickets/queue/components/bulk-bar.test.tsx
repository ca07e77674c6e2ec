/**
 * Bulk work in the queue on the seeded local backend (fake-indexeddb), as the agent
 * Priya: ticking rows shows the bulk bar; a status move the lifecycle table forbids for one
 * ticked ticket is offered disabled with the reason; assigning and tagging reach the backend and
 * are reported; a bad tag is refused with DESIGN §3's message and keeps what was typed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoAccount, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(90_000);

const priya = demoAccount('priya@triage.test');

/** The ids of the table's rows, top to bottom. */
function rowIds(): string[] {
  return [...screen.getByRole('table').querySelectorAll('tbody tr[data-ticket-id]')].map(
    (row) => row.getAttribute('data-ticket-id') ?? '',
  );
}

function rowCheckbox(id: string): HTMLElement {
  const row = screen.getByRole('table').querySelector(`tbody tr[data-ticket-id="${id}"]`);
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${id}`);
  return within(row).getByRole('checkbox');
}

describe('queue bulk bar', () => {
  it('offers only moves every ticked ticket allows, assigns and tags them, and reports', async () => {
    const { backend, me } = await seededDeskAs(priya);
    const user = userEvent.setup({ delay: null });
    // Pending and On hold views mixed through "All open": pick one pending and one on-hold ticket.
    renderApp(backend, '/desk?view=open&sort=createdAt&dir=desc');
    await waitFor(() => expect(rowIds().length).toBeGreaterThan(5), { timeout: 15_000 });
    const statuses = new Map(
      [...screen.getByRole('table').querySelectorAll('tbody tr[data-ticket-id]')].map((row) => [
        row.getAttribute('data-ticket-id') ?? '',
        row.querySelector('td[data-column="status"]')?.textContent ?? '',
      ]),
    );
    const pendingId = [...statuses].find(([, status]) => status === 'Pending')?.[0];
    const onHoldId = [...statuses].find(([, status]) => status === 'On hold')?.[0];
    if (!pendingId || !onHoldId) throw new Error('the seed should have pending and on-hold tickets');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(rowCheckbox(pendingId));
    await user.click(rowCheckbox(onHoldId));
    // Ticking is not opening.
    expect(screen.getByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    expect(bar.getByText('2 tickets selected')).toBeInTheDocument();

    // "Set pending" is not a move from pending (DESIGN §2): disabled, with the ticket that blocks it.
    await user.click(bar.getByRole('button', { name: /Set status/ }));
    const setPending = await screen.findByRole('menuitem', { name: /Set pending/ });
    expect(setPending).toHaveAttribute('aria-disabled', 'true');
    expect(setPending).toHaveTextContent(/Not possible on #\d+ \(Pending\)/);
    expect(screen.getByRole('menuitem', { name: 'Open' })).not.toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');

    // Assign both to me.
    await user.click(bar.getByRole('button', { name: /Assign/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Bulk change result' })).toHaveTextContent(
        '2 tickets assigned to you.',
      ),
    );
    for (const id of [pendingId, onHoldId]) expect((await backend.tickets.get(id)).assigneeId).toBe(me.uid);
    // Done tickets are unticked.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument());

    // The result stays while nothing new is ticked; ticking starts a new piece of work, and the
    // old result goes.
    expect(screen.getByRole('status', { name: 'Bulk change result' })).toBeInTheDocument();
    await user.click(rowCheckbox(pendingId));
    expect(screen.queryByRole('status', { name: 'Bulk change result' })).not.toBeInTheDocument();

    // A bad tag is refused before anything is written, and stays in the field.
    const tagBar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    await user.type(tagBar.getByRole('textbox', { name: 'Tag to add' }), 'Needs Review!');
    await user.click(tagBar.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tags use lowercase letters, digits and hyphens only.');
    expect(tagBar.getByRole('textbox', { name: 'Tag to add' })).toHaveValue('Needs Review!');
    expect((await backend.tickets.get(pendingId)).tags).not.toContain('needs-review');

    await user.clear(tagBar.getByRole('textbox', { name: 'Tag to add' }));
    await user.type(tagBar.getByRole('textbox', { name: 'Tag to add' }), 'needs-review');
    await user.click(tagBar.getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Bulk change result' })).toHaveTextContent(
        'Tag “needs-review” added to 1 ticket.',
      ),
    );
    expect((await backend.tickets.get(pendingId)).tags).toContain('needs-review');
  });

  it('leaves a result in the view it was done in: another view does not show it', async () => {
    const { backend } = await seededDeskAs(priya);
    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/desk?view=open&sort=createdAt&dir=desc');
    await waitFor(() => expect(rowIds().length).toBeGreaterThan(5), { timeout: 15_000 });
    const [first, second] = rowIds();
    if (!first || !second) throw new Error('the seed should have open tickets');
    await user.click(rowCheckbox(first));
    await user.click(rowCheckbox(second));
    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    await user.click(bar.getByRole('button', { name: /Assign/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Bulk change result' })).toHaveTextContent(
        '2 tickets assigned to you.',
      ),
    );

    const views = screen.getByRole('radiogroup', { name: 'Queue views' });
    const mine = within(views).getByRole('radio', { name: /^Mine/ }).closest('label');
    if (!mine) throw new Error('the Mine radio has no label');
    await user.click(mine);
    await waitFor(() => expect(within(views).getByRole('radio', { name: /^Mine/ })).toBeChecked());
    expect(screen.queryByRole('status', { name: 'Bulk change result' })).not.toBeInTheDocument();
  });

  it('x ticks the row the keyboard is on, and the header box ticks the page', async () => {
    const { backend } = await seededDeskAs(priya);
    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/desk?view=open');
    await waitFor(() => expect(rowIds().length).toBeGreaterThan(2), { timeout: 15_000 });
    await user.keyboard('jx');
    const [first] = rowIds();
    expect(rowCheckbox(first ?? '')).toBeChecked();
    expect(screen.getByText('1 ticket selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select every ticket on this page' }));
    expect(screen.getByText(`${rowIds().length} tickets selected`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
