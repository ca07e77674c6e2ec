/**
 * "Simulate a reply by email" (`/admin/mail`): the outcome shown belongs to the email just
 * received — a later attempt refused by the form's own checks does not leave it standing next
 * to its errors — and the ticket number is taken as typed, never clamped.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { demoAccount, firstTickets, messagesOf, seededDeskAs } from '../../../../support/local-backend';
import { renderApp } from '../../../../support/render-app';

beforeEach(() => localStorage.clear());

const NOT_THE_REQUESTER =
  'Not added, and nothing sent: the sender is not the requester, and the desk writes only to addresses it knows.';

describe('simulate a reply by email', () => {
  it('drops the last outcome when the next attempt is refused by the form', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin/mail');

    const number = await screen.findByRole('spinbutton', { name: 'Ticket number' });
    const from = screen.getByRole('textbox', { name: 'From (the sender’s address)' });
    const text = screen.getByRole('textbox', { name: 'Text of the email' });
    await user.type(number, '1');
    await user.type(from, 'mallory@example.test');
    await user.type(text, 'Let me in.');
    await user.click(screen.getByRole('button', { name: 'Receive this email' }));
    expect(await screen.findByText(NOT_THE_REQUESTER)).toBeInTheDocument();

    await user.clear(number);
    await user.clear(from);
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Receive this email' }));
    expect(await screen.findByText('Enter the ticket’s number, e.g. 12.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(NOT_THE_REQUESTER)).not.toBeInTheDocument());
  });

  it('refuses a ticket number of 0 or -3 with its message, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin/mail');
    const number = await screen.findByRole('spinbutton', { name: 'Ticket number' });
    for (const typed of ['0', '-3', '2.5']) {
      await user.clear(number);
      await user.type(number, typed);
      await user.click(screen.getByRole('button', { name: 'Receive this email' }));
      expect(await screen.findByText('Enter the ticket’s number, e.g. 12.')).toBeInTheDocument();
      expect(number).toHaveValue(typed);
    }
  });

  it('adds nothing and sends nothing for the requester’s out-of-office (RFC 3834), then takes her own reply', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const [ticket] = await firstTickets(backend, { statuses: ['pending'], limit: 1 });
    if (!ticket) throw new Error('the seeded desk has no pending ticket');
    const requester = (await backend.users.list({ search: ticket.requesterName, limit: 5 })).people.find(
      (person) => person.uid === ticket.requesterId,
    );
    if (!requester) throw new Error('no requester');
    const before = (await messagesOf(backend, ticket.id)).length;
    renderApp(backend, '/admin/mail');

    await user.type(await screen.findByRole('spinbutton', { name: 'Ticket number' }), String(ticket.number));
    await user.type(screen.getByRole('textbox', { name: 'From (the sender’s address)' }), requester.email);
    await user.type(screen.getByRole('textbox', { name: 'Text of the email' }), 'I am away until Monday.');
    await user.click(screen.getByRole('checkbox', { name: /Sent by an auto-responder/ }));
    await user.click(screen.getByRole('button', { name: 'Receive this email' }));
    expect(
      await screen.findByText(
        'Not added, and nothing sent: an automatic email (an out-of-office, a notice) is never answered and never becomes the requester’s reply.',
      ),
    ).toBeInTheDocument();
    expect(await messagesOf(backend, ticket.id)).toHaveLength(before);

    await user.click(screen.getByRole('checkbox', { name: /Sent by an auto-responder/ }));
    await user.click(screen.getByRole('button', { name: 'Receive this email' }));
    expect(await screen.findByText(`Added to ticket #${ticket.number} as the requester’s reply.`)).toBeInTheDocument();
    await waitFor(async () => expect(await messagesOf(backend, ticket.id)).toHaveLength(before + 1));
  });
});
