/**
 * The ticket's "Fields" card on the seeded local desk (DESIGN §3 "Custom fields"): a value its
 * field refuses is refused with the domain's sentence and what was typed stays; a good save
 * writes the customers' value on the ticket and the agents-only one apart.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoAccount, firstValue, seededDeskAs, storedTickets } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(60_000);

describe('ticket screen: the fields card', () => {
  it('refuses an oversized value naming the field, keeps it typed, then saves both kinds of value', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, dbName } = await seededDeskAs(demoAccount('priya@triage.test'));
    const ticket = (await storedTickets(dbName)).find((row) => row.status === 'open');
    if (!ticket) throw new Error('the seed should have an open ticket');
    renderApp(backend, `/desk/tickets/${ticket.id}`);
    const card = within(await screen.findByRole('region', { name: 'Ticket fields' }, { timeout: 15_000 }));

    const order = card.getByLabelText(/^Order number/);
    await user.clear(order);
    await user.click(order);
    await user.paste('x'.repeat(501));
    await user.click(card.getByRole('button', { name: 'Save fields' }));
    expect(await card.findByText('“Order number” has at most 500 characters.')).toBeInTheDocument();
    expect(order).toHaveValue('x'.repeat(501));

    await user.clear(order);
    await user.type(order, 'ORD-777');
    await user.selectOptions(card.getByLabelText(/^Plan/), 'Team');
    await user.click(card.getByRole('button', { name: 'Save fields' }));
    expect(await card.findByRole('status')).toHaveTextContent('Fields saved.');

    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).fields?.order_number).toBe('ORD-777'));
    const agents = await firstValue((next, fail) => backend.tickets.watchAgentFields(ticket.id, next, fail));
    expect(agents).toMatchObject({ plan: 'team' });
    // The customers' record never holds the agents-only value.
    expect((await backend.tickets.get(ticket.id)).fields).not.toHaveProperty('plan');
  });
});
