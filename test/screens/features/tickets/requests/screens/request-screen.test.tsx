/**
 * The request screen over the local backend (seeded, signed in as the customer Dana): the
 * requester's status buttons per status against DESIGN §2 written out independently below,
 * live changes (an agent's reply, a reopen by replying), the follow-up offer on a closed
 * request, and clear pages for a request that does not exist or is someone else's.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Ticket, TicketStatus } from '@/domain/types';
import { button, findHeading } from '../../../../../support/fast-queries';
import { demoAccount, firstTickets, secondClient, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

/**
 * DESIGN §2, read for a customer on their own request: "solve … customer on own ticket" from
 * new, open, pending, on_hold; "reopen … customer on own ticket" from solved; nothing on a
 * closed one. Written out here rather than derived from `src/domain/`, so a wrong table fails.
 */
const CUSTOMER_BUTTONS: Record<TicketStatus, string[]> = {
  new: ['Mark as solved'],
  open: ['Mark as solved'],
  pending: ['Mark as solved'],
  on_hold: ['Mark as solved'],
  solved: ['Reopen'],
  closed: [],
};

/** A fresh seeded desk with Dana signed in, and her requests. */
async function asDana() {
  const { backend, dbName, me } = await seededDeskAs(demoAccount('dana@example.test'));
  const tickets = await firstTickets(backend, { requesterId: me.uid, limit: 100 });
  const ofStatus = (status: TicketStatus): Ticket => {
    const ticket = tickets.find((candidate) => candidate.status === status);
    if (!ticket) throw new Error(`Dana has no ${status} request in the seed`);
    return ticket;
  };
  return { backend, dbName, me, ofStatus };
}

/** The labels of the status buttons shown, in order (none when the group is absent). */
function statusButtons(): string[] {
  const group = document.querySelector('[role="group"][aria-label="Status actions"]');
  return Array.from(group?.querySelectorAll('button') ?? []).map((element) => element.textContent ?? '');
}

function shownStatus(): string {
  return screen.getByTestId('request-status').textContent ?? '';
}

beforeEach(() => {
  localStorage.clear();
});

describe('request screen', () => {
  it.each(Object.entries(CUSTOMER_BUTTONS))('gives the customer on a %s request: %j', async (status, expected) => {
    const { backend, ofStatus } = await asDana();
    const ticket = ofStatus(status as TicketStatus);
    renderApp(backend, `/requests/${ticket.id}`);

    expect(await findHeading(`#${ticket.number} ${ticket.subject}`)).toBeInTheDocument();
    // The conversation has arrived (the description is the first message).
    expect(await screen.findByTestId('conversation')).toBeInTheDocument();
    expect(statusButtons()).toEqual(expected);
    if (status === 'closed') {
      expect(screen.getByText('This request is closed')).toBeInTheDocument();
      expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    } else {
      expect(screen.getByLabelText('Your reply')).toBeInTheDocument();
      expect(screen.queryByText('This request is closed')).not.toBeInTheDocument();
    }
  });

  it('marks an open request solved and reopens it, showing each status live', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, ofStatus } = await asDana();
    const ticket = ofStatus('open');
    renderApp(backend, `/requests/${ticket.id}`);

    await findHeading(`#${ticket.number} ${ticket.subject}`);
    expect(shownStatus()).toBe('Open');
    await user.click(button('Mark as solved'));
    await waitFor(() => expect(shownStatus()).toBe('Solved'));
    await waitFor(() => expect(statusButtons()).toEqual(['Reopen']));
    // The buttons wait for the solve's write to settle (its emails come after it): a click on a
    // disabled button does nothing, which a slow machine would otherwise meet.
    await waitFor(() => expect(button('Reopen')).toBeEnabled());

    await user.click(button('Reopen'));
    await waitFor(() => expect(shownStatus()).toBe('Open'));
    await waitFor(() => expect(statusButtons()).toEqual(['Mark as solved']));
  });

  it('reopens a solved request when the customer replies, without a reload', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, ofStatus } = await asDana();
    const ticket = ofStatus('solved');
    renderApp(backend, `/requests/${ticket.id}`);

    await findHeading(`#${ticket.number} ${ticket.subject}`);
    expect(shownStatus()).toBe('Solved');
    await user.type(screen.getByLabelText('Your reply'), 'Sorry, it happened again this morning.');
    await user.click(button('Send reply'));

    expect(await screen.findByText('Sorry, it happened again this morning.')).toBeInTheDocument();
    await waitFor(() => expect(shownStatus()).toBe('Open'));
    // The composer empties once the write is acknowledged, which may come after the live update.
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveValue(''));
  });

  it("shows an agent's public reply live and never their internal note", async () => {
    const { backend, dbName, ofStatus } = await asDana();
    const ticket = ofStatus('open');
    renderApp(backend, `/requests/${ticket.id}`);
    await findHeading(`#${ticket.number} ${ticket.subject}`);
    await screen.findByTestId('conversation');

    const agent = await secondClient(dbName, demoAccount('priya@triage.test'));
    await agent.messages.add(ticket.id, {
      id: 'note-from-priya',
      body: 'Customer seems upset; be gentle.',
      internal: true,
    });
    await agent.messages.add(ticket.id, {
      id: 'reply-from-priya',
      body: 'Thanks for waiting — the fix is live now.',
      internal: false,
      event: 'await_customer',
    });

    expect(await screen.findByText('Thanks for waiting — the fix is live now.')).toBeInTheDocument();
    await waitFor(() => expect(shownStatus()).toBe('Pending'));
    expect(screen.queryByText('Customer seems upset; be gentle.')).not.toBeInTheDocument();
  });

  it('offers a follow-up on a closed request, linked to it', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, ofStatus } = await asDana();
    const closed = ofStatus('closed');
    const { router } = renderApp(backend, `/requests/${closed.id}`);

    await findHeading(`#${closed.number} ${closed.subject}`);
    await user.click(button('Open a follow-up request'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/new'));
    expect(new URLSearchParams(router.state.location.search).get('followUpOf')).toBe(closed.id);
    expect(await screen.findByText(`#${closed.number} ${closed.subject}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(`Re: ${closed.subject}`.slice(0, 150)));

    await user.type(screen.getByLabelText('Description'), 'The same export problem is back.');
    await user.click(button('Send request'));

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/requests/new'));
    const followUpId = router.state.location.pathname.split('/')[2] ?? '';
    expect(await backend.tickets.get(followUpId)).toMatchObject({ followUpOf: closed.id, status: 'new' });
    expect(await screen.findByText('an earlier, closed request')).toHaveAttribute('href', `/requests/${closed.id}`);
  });

  it('says plainly when a request does not exist', async () => {
    const { backend } = await asDana();
    renderApp(backend, '/requests/no-such-request');
    expect(await screen.findByText('Request not found')).toBeInTheDocument();
    expect(button('Back to my requests')).toBeInTheDocument();
  });

  it("answers another customer's request exactly as one that does not exist (nothing confirms it is there)", async () => {
    const { backend, dbName } = await asDana();
    const luis = await secondClient(dbName, demoAccount('luis@example.test'));
    const [theirs] = await firstTickets(luis, { limit: 1 });
    if (!theirs) throw new Error('Luis has no requests in the seed');

    const missing = renderApp(backend, '/requests/no-such-request');
    await screen.findByText('Request not found');
    const missingText = missing.container.textContent;
    missing.unmount();

    const view = renderApp(backend, `/requests/${theirs.id}`);
    expect(await screen.findByText('Request not found')).toBeInTheDocument();
    expect(view.container.textContent).toBe(missingText);
    expect(screen.queryByText(theirs.subject)).not.toBeInTheDocument();
  });
});
