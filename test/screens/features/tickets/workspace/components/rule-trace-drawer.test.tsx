/**
 * A ticket's rule trace (DESIGN §10 "Triggers") on the seeded local backend: an admin opens it
 * from the ticket's activity and reads, for the change that ran the triggers, which fired and
 * each condition with the ticket's value and whether it held; an agent is not offered it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backend } from '@/backend/port/backend';
import type { Ticket } from '@/domain/types';
import { demoAccount, firstTickets, secondClient, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());

/** An open ticket of the seeded desk without the `vip` tag, of low or normal priority. */
async function someTicket(backend: Backend): Promise<Ticket> {
  const ticket = (await firstTickets(backend, { statuses: ['open'], limit: 50 })).find(
    (candidate) => !candidate.tags.includes('vip') && (candidate.priority === 'low' || candidate.priority === 'normal'),
  );
  if (!ticket) throw new Error('the seeded desk has no open ticket to tag');
  return ticket;
}

describe('rule trace', () => {
  it('shows an admin which trigger fired on a change and each condition’s value', async () => {
    const { backend, dbName } = await seededDeskAs(demoAccount('admin'));
    await backend.settings.saveTrigger({
      id: 'vip-first',
      title: 'VIP first',
      active: true,
      order: 0,
      on: ['updated'],
      all: [{ property: 'tags', operator: 'includes', value: 'vip' }],
      any: [
        { property: 'priority', operator: 'is', value: 'low' },
        { property: 'priority', operator: 'is', value: 'normal' },
      ],
      actions: { priority: 'high' },
    });
    await backend.settings.saveTrigger({
      id: 'refunds',
      title: 'Refunds',
      active: true,
      order: 1,
      on: ['updated'],
      all: [{ property: 'subject', operator: 'contains', value: 'refund-never-in-a-subject' }],
      any: [],
      actions: { addTags: ['refund'] },
    });
    const ticket = await someTicket(backend);
    await backend.tickets.update(ticket.id, { tags: [...ticket.tags, 'vip'] });

    renderApp(backend, `/desk/tickets/${ticket.id}`);
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Rule trace' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Rule trace' });
    const run = await within(drawer).findByRole('region', { name: 'Ticket updated by an agent' }, { timeout: 10_000 });
    expect(within(run).getByText('Fired: VIP first')).toBeInTheDocument();

    const entries = within(run).getAllByTestId('rule-trace-entry');
    expect(entries).toHaveLength(2);
    const [vip, refunds] = entries as [HTMLElement, HTMLElement];
    expect(vip).toHaveTextContent('VIP first');
    expect(vip).toHaveTextContent('Fired');
    const tagsLine = within(vip).getByText('Tags include “vip”').closest('li') as HTMLElement;
    expect(within(tagsLine).getByRole('img', { name: 'holds' })).toBeInTheDocument();
    expect(tagsLine).toHaveTextContent(`(the ticket: ${[...ticket.tags, 'vip'].join(', ')})`);
    expect(refunds).toHaveTextContent('Did not match');
    expect(within(refunds).getByRole('img', { name: 'does not hold' })).toBeInTheDocument();
    expect(refunds).toHaveTextContent(`(the ticket: “${ticket.subject}”)`);

    // An agent is not offered the desk's rules.
    const agent = await secondClient(dbName, demoAccount('priya@triage.test'));
    await expect(
      new Promise((resolve, reject) => agent.tickets.watchRuleTraces(ticket.id, resolve, reject)),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('does not offer the rule trace to an agent', async () => {
    const { backend } = await seededDeskAs(demoAccount('priya@triage.test'));
    const ticket = await someTicket(backend);
    renderApp(backend, `/desk/tickets/${ticket.id}`);
    await screen.findByRole('heading', { name: `#${ticket.number} ${ticket.subject}` }, { timeout: 15_000 });
    expect(await screen.findByText('Activity')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rule trace' })).not.toBeInTheDocument();
  });
});
