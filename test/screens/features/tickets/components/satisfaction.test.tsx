/**
 * The requester's satisfaction prompt (CSAT, DESIGN §10) over the local backend: shown on a solved
 * request of Dana's that has no rating, not on an unsolved one; sending with no answer chosen says
 * so and keeps the comment; the sent rating replaces the prompt, and the backend has it once.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoAccount, firstTickets, secondClient, seededDeskAs } from '../../../../support/local-backend';
import { renderApp } from '../../../../support/render-app';

beforeEach(() => {
  localStorage.clear();
});

describe('satisfaction prompt', () => {
  it('asks on an unrated solved request, says what is missing, and sends the rating once', async () => {
    const { backend, dbName, me } = await seededDeskAs(demoAccount('dana@example.test'));
    // A fresh request of Dana's, solved by an agent: no seeded rating on it.
    const ticket = await backend.tickets.create({ subject: 'Rate me', description: 'Please help.', priority: 'low' });
    const agent = await secondClient(dbName, demoAccount('agent'));
    const user = userEvent.setup({ delay: null });
    renderApp(backend, `/requests/${ticket.id}`);
    await screen.findByRole('heading', { level: 1, name: new RegExp('Rate me') });
    expect(screen.queryByTestId('satisfaction-prompt')).not.toBeInTheDocument();

    await agent.tickets.transition(ticket.id, 'solve');
    await screen.findByTestId('satisfaction-prompt');
    await user.type(screen.getByRole('textbox', { name: 'Anything to add? (optional)' }), 'Fast, thanks.');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose good or bad first.');
    expect(screen.getByRole('textbox', { name: 'Anything to add? (optional)' })).toHaveValue('Fast, thanks.');

    await user.click(screen.getByText('Good, I’m satisfied'));
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    const result = await screen.findByTestId('satisfaction-result');
    expect(result).toHaveTextContent('You rated this request');
    expect(result).toHaveTextContent('Fast, thanks.');
    expect(screen.queryByTestId('satisfaction-prompt')).not.toBeInTheDocument();
    expect(result).toHaveTextContent('Thank you for your rating.');
    await waitFor(async () =>
      expect(await firstTickets(backend, { requesterId: me.uid, limit: 100 })).toContainEqual(
        expect.objectContaining({ id: ticket.id, status: 'solved' }),
      ),
    );
    await expect(backend.tickets.rate(ticket.id, { score: 'bad' })).rejects.toMatchObject({ code: 'already-exists' });
  });
});
