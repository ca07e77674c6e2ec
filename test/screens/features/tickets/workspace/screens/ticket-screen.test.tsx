/**
 * The agent's ticket screen (`/desk/tickets/:ticketId`) on the seeded local backend
 * (fake-indexeddb), signed in as the agent Priya: status buttons against DESIGN §2's table for
 * every status, property changes with their audit entries, tag limits of DESIGN §3, the
 * closed ticket, and a stale write refused as `aborted`.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketFilter } from '@/backend/port/tickets';
import type { Backend } from '@/backend/port/backend';
import type { Ticket, TicketStatus } from '@/domain/types';
import { demoAccount, firstTickets, secondClient, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

// Each test seeds a desk and renders the whole app (antd under jsdom): slower than most.
jest.setTimeout(60_000);

/**
 * DESIGN §2, written out by hand for an agent (not derived from `src/domain/lifecycle.ts`):
 * the status buttons an agent must see on a ticket of each status.
 */
const AGENT_BUTTONS: Record<TicketStatus, string[]> = {
  new: ['Open', 'Set pending', 'Put on hold', 'Solve'],
  open: ['Set pending', 'Put on hold', 'Solve'],
  pending: ['Open', 'Put on hold', 'Solve'],
  on_hold: ['Open', 'Set pending', 'Solve'],
  solved: ['Reopen', 'Close'],
  closed: [],
};

const STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  on_hold: 'On hold',
  solved: 'Solved',
  closed: 'Closed',
};

/** For each status with buttons: one to click, and where it must take the ticket. */
const CLICKS: Partial<Record<TicketStatus, { button: string; to: TicketStatus }>> = {
  new: { button: 'Put on hold', to: 'on_hold' },
  open: { button: 'Set pending', to: 'pending' },
  pending: { button: 'Open', to: 'open' },
  on_hold: { button: 'Solve', to: 'solved' },
  solved: { button: 'Close', to: 'closed' },
};

const priya = demoAccount('priya@triage.test');
const sam = demoAccount('sam@triage.test');

/** The first ticket matching `filter` and `where`, read once from the backend. */
async function findTicket(backend: Backend, filter: TicketFilter, where: (ticket: Ticket) => boolean = () => true) {
  const ticket = (await firstTickets(backend, { ...filter, limit: 100 })).find(where);
  if (!ticket) throw new Error(`no seeded ticket matches ${JSON.stringify(filter)}`);
  return ticket;
}

async function uidOf(backend: Backend, email: string): Promise<string> {
  const { people } = await backend.users.list({ search: email, limit: 1 });
  const user = people.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.uid;
}

/** Renders the ticket screen for Priya; resolves once the ticket's heading shows. */
async function openTicket(status: TicketStatus, where?: (ticket: Ticket) => boolean) {
  const { backend, dbName } = await seededDeskAs(priya);
  const ticket = await findTicket(backend, { statuses: [status] }, where);
  const view = renderApp(backend, `/desk/tickets/${ticket.id}`);
  await screen.findByRole('heading', { name: `#${ticket.number} ${ticket.subject}` }, { timeout: 15_000 });
  return { ...view, backend, ticket, dbName };
}

/** The labels of the status buttons shown, sorted; none when the group is absent. */
function statusButtonLabels(): string[] {
  const group = screen.queryByRole('group', { name: 'Status actions' });
  if (!group) return [];
  return within(group)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .sort();
}

function activityEntries(): string[] {
  return screen.queryAllByTestId('activity-entry').map((entry) => entry.textContent ?? '');
}

async function expectActivity(text: string) {
  await waitFor(() => expect(activityEntries().some((entry) => entry.startsWith(text))).toBe(true), {
    timeout: 5000,
  });
}

function propertiesPanel() {
  return within(screen.getByLabelText('Ticket properties'));
}

describe('ticket screen: status buttons follow DESIGN §2 for an agent', () => {
  it.each(Object.keys(AGENT_BUTTONS) as TicketStatus[])('on a %s ticket', async (status) => {
    const user = userEvent.setup({ delay: null });
    const { backend, ticket } = await openTicket(status);

    expect(screen.getByTestId('ticket-status')).toHaveTextContent(STATUS_LABELS[ticket.status]);
    expect(statusButtonLabels()).toEqual([...AGENT_BUTTONS[status]].sort());

    const click = CLICKS[status];
    if (!click) return;
    const group = screen.getByRole('group', { name: 'Status actions' });
    await user.click(within(group).getByRole('button', { name: click.button }));
    if (click.to === 'closed') {
      await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    }

    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).status).toBe(click.to), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('ticket-status')).toHaveTextContent(STATUS_LABELS[click.to]));
    await expectActivity(`Priya Shah set status ${STATUS_LABELS[status]} → ${STATUS_LABELS[click.to]}`);
    // The buttons follow the new status, live.
    await waitFor(() => expect(statusButtonLabels()).toEqual([...AGENT_BUTTONS[click.to]].sort()));
  });
});

describe('ticket screen: properties', () => {
  it('assigns an unassigned ticket to me, then to another agent, with audit entries', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, ticket } = await openTicket('new', (candidate) => !candidate.assigneeId);
    const panel = propertiesPanel();
    expect(panel.getByTestId('assignee-name')).toHaveTextContent('Unassigned');

    await user.click(panel.getByRole('button', { name: 'Assign to me' }));
    const priyaUid = await uidOf(backend, priya.email);
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).assigneeId).toBe(priyaUid));
    await waitFor(() => expect(panel.getByTestId('assignee-name')).toHaveTextContent('Priya Shah'));
    expect(panel.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    await expectActivity('Priya Shah took the ticket');

    const samUid = await uidOf(backend, sam.email);
    await user.selectOptions(panel.getByRole('combobox', { name: 'Assignee' }), samUid);
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).assigneeId).toBe(samUid));
    await waitFor(() => expect(panel.getByTestId('assignee-name')).toHaveTextContent('Sam Okafor'));
    await expectActivity('Priya Shah reassigned the ticket from Priya Shah to Sam Okafor');
  });

  it('opens a New, unassigned ticket and makes me its assignee when I send a plain public reply', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, ticket } = await openTicket('new', (candidate) => !candidate.assigneeId);
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('New');
    await user.type(await screen.findByRole('textbox', { name: 'Public reply' }), 'Looking into it now.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('ticket-status')).toHaveTextContent('Open'));
    await waitFor(() => expect(propertiesPanel().getByTestId('assignee-name')).toHaveTextContent('Priya Shah'));
    const priyaUid = await uidOf(backend, priya.email);
    expect(await backend.tickets.get(ticket.id)).toMatchObject({ status: 'open', assigneeId: priyaUid });
    await expectActivity('Priya Shah took the ticket');
  });

  it('changes priority and category', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, ticket } = await openTicket('open', (candidate) => candidate.priority !== 'urgent');
    const panel = propertiesPanel();
    const from = ticket.priority[0]?.toUpperCase() + ticket.priority.slice(1);

    const priority = within(panel.getByRole('radiogroup', { name: 'Priority' }));
    expect(priority.getByRole('radio', { name: 'Urgent' })).not.toBeChecked();
    // antd's Segmented hides its radio inputs behind their labels: click what people see.
    await user.click(priority.getByText('Urgent'));
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).priority).toBe('urgent'));
    await waitFor(() => expect(screen.getByTestId('ticket-priority')).toHaveTextContent('Urgent'));
    await expectActivity(`Priya Shah set priority ${from} → Urgent`);

    const category = panel.getByRole('combobox', { name: 'Category' });
    const next = ticket.category === 'Technical' ? 'Billing' : 'Technical';
    await user.selectOptions(category, next);
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).category).toBe(next));
    await expectActivity(`Priya Shah set category ${ticket.category ?? 'none'} → ${next}`);
    await user.selectOptions(category, 'None');
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).category).toBeUndefined());
  });

  it('shows DESIGN §3 tag limits with the schema messages and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, ticket } = await openTicket('open');
    const panel = propertiesPanel();
    const input = panel.getByRole('textbox', { name: 'New tag' });

    // Pasted rather than typed key by key: antd inputs are slow to type into under jsdom.
    const enter = async (text: string) => {
      await user.clear(input);
      await user.paste(text);
      await user.keyboard('{Enter}');
    };
    await user.click(input);
    await enter('Refund');
    expect(await panel.findByText('Tags use lowercase letters, digits and hyphens only.')).toBeInTheDocument();
    expect(input).toHaveValue('Refund');

    await enter('a'.repeat(31));
    expect(await panel.findByText('A tag has at most 30 characters.')).toBeInTheDocument();
    expect(input).toHaveValue('a'.repeat(31));
    expect((await backend.tickets.get(ticket.id)).tags).toEqual(ticket.tags);

    // A valid tag is saved, with its audit entry, and the box empties.
    await user.clear(input);
    await user.paste('refund-request');
    await user.click(panel.getByRole('button', { name: 'Add tag' }));
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).tags).toContain('refund-request'));
    await waitFor(() => expect(input).toHaveValue(''));
    await expectActivity('Priya Shah changed tags: added refund-request');

    // Ten tags (DESIGN §3's maximum), set by someone else: the panel follows live, then refuses an 11th.
    const ten = Array.from({ length: 10 }, (_, i) => `tag-${i + 1}`);
    await backend.tickets.update(ticket.id, { tags: ten });
    await waitFor(() => expect(panel.getAllByRole('listitem')).toHaveLength(10));
    await enter('eleventh');
    expect(await panel.findByText('At most 10 tags.')).toBeInTheDocument();
    expect(input).toHaveValue('eleventh');
    expect((await backend.tickets.get(ticket.id)).tags).toEqual(ten);
  });
});

describe('ticket screen: states', () => {
  it('shows a closed ticket without composer or status buttons', async () => {
    await openTicket('closed');
    expect(await screen.findByText('This ticket is closed')).toBeInTheDocument();
    expect(screen.queryByTestId('composer')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Status actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New tag' })).not.toBeInTheDocument();
    expect(propertiesPanel().getByRole('combobox', { name: 'Assignee' })).toBeDisabled();
  });

  it('shows the composer, conversation and activity on an open ticket', async () => {
    await openTicket('open');
    expect(await screen.findByTestId('composer')).toBeInTheDocument();
    expect(await screen.findByRole('feed', { name: 'Conversation' })).toBeInTheDocument();
    await waitFor(() => expect(activityEntries().length).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: /Back to queue/ })).toHaveAttribute('href', '/desk');
  });

  it("shows agents the requester's email as a mail link", async () => {
    const { backend, ticket } = await openTicket('open');
    const requester = await backend.users.get(ticket.requesterId);
    const email = await screen.findByTestId('ticket-requester-email');
    expect(email).toHaveTextContent(requester.email);
    expect(email).toHaveAttribute('href', `mailto:${requester.email}`);
  });

  it('says so when the ticket does not exist', async () => {
    const { backend } = await seededDeskAs(priya);
    renderApp(backend, '/desk/tickets/no-such-ticket');
    expect(await screen.findByText('Ticket not found', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to queue' })).toHaveAttribute('href', '/desk');
  });
});

describe('ticket screen: someone else changes the ticket', () => {
  it('follows their change live and refuses a stale status change as aborted, losing nothing', async () => {
    const { backend, ticket, dbName } = await openTicket('open', (candidate) => candidate.priority !== 'urgent');
    const other = await secondClient(dbName, sam);
    const group = screen.getByRole('group', { name: 'Status actions' });
    const setPending = within(group).getByRole('button', { name: 'Set pending' });

    // Sam raises the priority while Priya's screen still holds the ticket as it was; she clicks.
    await act(async () => {
      await other.tickets.update(ticket.id, { priority: 'urgent' });
      fireEvent.click(setPending);
    });

    const alert = await screen.findByText(
      /changed this ticket|changed since|changed meanwhile/i,
      {},
      { timeout: 5000 },
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    // The refusal is the `aborted` one (not a forbidden move), and says the screen is current.
    expect(screen.getByText(/now shows its current state/)).toBeInTheDocument();
    // Nothing was written by the refused move; the screen shows the current state.
    const stored = await backend.tickets.get(ticket.id);
    expect(stored.status).toBe('open');
    expect(stored.priority).toBe('urgent');
    await waitFor(() => expect(screen.getByTestId('ticket-priority')).toHaveTextContent('Urgent'));
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Open');
    await expectActivity('Sam Okafor set priority');
  });
});

describe('ticket screen: a deactivated colleague (DESIGN §1 "Deactivated people")', () => {
  it('names them "(deactivated)" in the history and no longer offers them as assignee', async () => {
    const { backend, dbName } = await seededDeskAs(priya);
    const samUid = await uidOf(backend, sam.email);
    const priyaUid = await uidOf(backend, priya.email);
    const ticket = await findTicket(backend, { statuses: ['open'] }, (candidate) => candidate.assigneeId === samUid);
    const admin = await secondClient(dbName, demoAccount('admin@triage.test'));
    await admin.users.setDeactivated({
      uid: samUid,
      deactivated: true,
      openTickets: { kind: 'reassign', assigneeId: priyaUid },
    });

    renderApp(backend, `/desk/tickets/${ticket.id}`);
    await screen.findByRole('heading', { name: `#${ticket.number} ${ticket.subject}` }, { timeout: 15_000 });
    await expectActivity('Alex Morgan reassigned the ticket from Sam Okafor (deactivated) to Priya Shah');
    const picker = propertiesPanel().getByRole('combobox', { name: 'Assignee' });
    expect(within(picker).queryByRole('option', { name: /Sam Okafor/ })).not.toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: /Priya Shah/ })).toBeInTheDocument();
  });
});
