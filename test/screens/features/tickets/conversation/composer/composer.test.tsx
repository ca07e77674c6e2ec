import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfigProvider from 'antd/es/config-provider';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { makeStore } from '@/app/store';
import { fakeBackend } from '../../../../../support/fake-backend';
import type { RootState } from '@/app/root-reducer';
import type { AddMessageInput } from '@/backend/port/messages';
import type { Backend } from '@/backend/port/backend';
import { AppError } from '@/domain/errors/errors';
import type { Message, UserProfile } from '@/domain/types';
import { selectUser } from '@/features/auth/slice/auth-slice';
import { Conversation } from '@/features/tickets/conversation/components/conversation';
import { draftSaved, selectDraft } from '@/features/tickets/conversation/slice/drafts-slice';
import { selectTicketOutbox } from '@/features/tickets/conversation/slice/outbox-slice';
import { demoAccount, firstValue, messagesOf, secondClient, signInDemo } from '../../../../../support/local-backend';
import { localBackend, renderPanel, signedInStore, ticketBy } from '../../../../../support/composer-harness';

const DRAFTS_KEY = 'persist:triage.drafts';

beforeEach(() => window.localStorage.clear());

/** The signed-in person's draft of a ticket's reply. */
function myDraft(state: RootState, ticketId: string) {
  const uid = selectUser(state)?.uid;
  if (!uid) throw new Error('nobody is signed in');
  return selectDraft(state, uid, ticketId);
}

let desks = 0;
/** A database name for a desk that two clients (two tabs) share. */
function sharedDesk(): string {
  desks += 1;
  return `composer-shared-${Date.now()}-${desks}`;
}

describe('composer, customer', () => {
  it('says what is wrong with an empty or too long reply and keeps the text', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });

    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a message.')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Your reply' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a message.')).toBeInTheDocument();

    const long = 'x'.repeat(10_001);
    await user.clear(box);
    await user.click(box);
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('A message has at most 10,000 characters.')).toBeInTheDocument();
    expect(box).toHaveValue(long);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // Nothing reached the backend: only the description is in the conversation.
    expect(await messagesOf(backend, ticket.id)).toHaveLength(1);
  });

  it('sends a public reply with Ctrl+Enter, shows it in the conversation and clears the draft', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: false });

    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.type(box, 'Still smoking.{Enter}Please hurry.');
    expect(myDraft(store.getState(), ticket.id)?.body).toBe('Still smoking.\nPlease hurry.');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const sent = await screen.findByText(/Still smoking/, { selector: '[role="article"] *' }, { timeout: 5000 });
    expect(sent.closest('[role="article"]')).toHaveAccessibleName('Reply by Dana Whitfield');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(myDraft(store.getState(), ticket.id)).toBeUndefined();
    const messages = await messagesOf(backend, ticket.id);
    expect(messages.map((message) => message.body)).toEqual(['It smells of toner.', 'Still smoking.\nPlease hurry.']);
    expect(messages[1]?.internal).toBe(false);
  });

  it('restores the draft after the composer is remounted and in a new store built from persisted state', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const first = await signedInStore(backend);
    const view = renderPanel(first.store, { ticketId: ticket.id, staff: false });

    await user.type(await screen.findByRole('textbox', { name: 'Your reply' }), 'Half a thought');
    view.unmount();
    const again = renderPanel(first.store, { ticketId: ticket.id, staff: false });
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toHaveValue('Half a thought');
    again.unmount();

    // A reload: redux-persist wrote the draft to localStorage; a new store reads it back.
    await act(() => first.persistor.flush());
    expect(window.localStorage.getItem(DRAFTS_KEY)).toContain('Half a thought');
    first.persistor.pause();
    const second = await signedInStore(backend);
    renderPanel(second.store, { ticketId: ticket.id, staff: false });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue('Half a thought'));
  });

  it('shows nothing for a closed ticket', async () => {
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    await backend.tickets.transition(ticket.id, 'solve');
    await backend.tickets.transition(ticket.id, 'close');
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true });
    expect(await screen.findByRole('article', { name: 'Reply by Dana Whitfield' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the ticket')).toBeNull());
    expect(screen.queryByTestId('composer')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
  });
});

describe('composer, staff', () => {
  it('sends a public reply and sets the ticket pending in the same step', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true });

    await user.type(await screen.findByRole('textbox', { name: 'Public reply' }), 'Can you send a photo?');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    // A new ticket: the agent may open it, set it pending, put it on hold or solve it (DESIGN §2).
    const choices = await screen.findAllByRole('menuitem');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Send and set open',
      'Send and set pending',
      'Send and set on hold',
      'Send and set solved',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Send and set pending' }));

    await screen.findByRole('article', { name: 'Reply by Priya Shah' }, { timeout: 5000 });
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).status).toBe('pending'));
    const messages = await messagesOf(backend, ticket.id);
    expect(messages[1]).toMatchObject({ body: 'Can you send a photo?', internal: false, authorRole: 'agent' });
  });

  it('warns about an unfilled placeholder of a reply-only macro only while the text still holds it', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    const me = await new Promise<{ uid: string }>((resolve) => {
      const stop = backend.auth.onChange((change) => {
        if (change.kind !== 'signedIn') return;
        resolve(change.user);
        queueMicrotask(stop);
      });
    });
    await backend.settings.saveMacro({
      id: 'order',
      title: 'Order shipped',
      body: 'Your order {{order.id}} ships today.',
      actions: {},
      ownerId: me.uid,
    });
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true });
    const box = await screen.findByRole('textbox', { name: 'Public reply' });
    const warning = 'Not filled in: {{order.id}} — edit before sending.';
    const insert = async () => {
      const picker = screen.getByRole('button', { name: /Macros/ });
      // Enabled once the macros have arrived.
      await waitFor(() => expect(picker).toBeEnabled());
      await user.click(picker);
      await user.click(await screen.findByRole('button', { name: /Order shipped/ }));
      expect(await screen.findByText(warning)).toBeInTheDocument();
    };

    // Rewritten: the placeholder replaced by hand.
    await insert();
    await user.clear(box);
    await user.type(box, 'Your order 4711 ships today.');
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    // Cleared.
    await user.clear(box);
    await insert();
    await user.clear(box);
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    // Sent as it was (the agent may): the empty composer warns of nothing.
    await insert();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('article', { name: 'Reply by Priya Shah' }, { timeout: 5000 });
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
  });

  it('writes an internal note when switched to "Internal note", shown as one', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true });

    const noteMode = await screen.findByRole('radio', { name: 'Internal note' });
    expect(noteMode).not.toBeChecked();
    await user.click(noteMode);
    expect(noteMode).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Public reply' })).not.toBeChecked();
    expect(screen.getByTestId('composer')).toHaveAttribute('data-mode', 'internal');
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Customer is a VIP.');
    expect(myDraft(store.getState(), ticket.id)).toMatchObject({ body: 'Customer is a VIP.', internal: true });
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const note = await screen.findByRole('article', { name: 'Internal note by Priya Shah' }, { timeout: 5000 });
    expect(within(note).getByText('Internal note')).toBeInTheDocument();
    expect(within(note).getByText('Customer is a VIP.')).toBeInTheDocument();
    const messages = await messagesOf(backend, ticket.id);
    expect(messages[1]).toMatchObject({ body: 'Customer is a VIP.', internal: true });
    expect((await backend.tickets.get(ticket.id)).status).toBe('new');
  });

  it('can set the next status with an internal note too, as Zendesk\'s "Submit as pending"', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true });

    await user.click(await screen.findByRole('radio', { name: 'Internal note' }));
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Waiting on billing.');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send and set on hold' }));

    await screen.findByRole('article', { name: 'Internal note by Priya Shah' }, { timeout: 5000 });
    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).status).toBe('on_hold'));
    expect((await messagesOf(backend, ticket.id))[1]).toMatchObject({ body: 'Waiting on billing.', internal: true });
  });

  it('asks before a status set overwrites a change made since it was loaded; Review sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    // Someone else puts it on hold after this agent loaded it.
    await backend.tickets.transition(ticket.id, 'hold');
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true, stale: ticket });

    await user.type(await screen.findByRole('textbox', { name: 'Public reply' }), 'On it.');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send and set pending' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: `Ticket #${ticket.number} changed since you loaded it` },
      { timeout: 5000 },
    );
    expect(within(within(dialog).getByRole('list', { name: 'What changed' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByText('Status: New → On hold')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Public reply' })).toHaveValue('On it.');
    expect((await backend.tickets.get(ticket.id)).status).toBe('on_hold');
    expect(await messagesOf(backend, ticket.id)).toHaveLength(1);
  });

  it('sends and sets the status on "Send anyway", naming a changed assignee', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    // Someone else takes the ticket (assigning a new ticket also opens it) after it was loaded.
    const staff = await firstValue<UserProfile[]>((onNext, onError) => backend.users.watchStaff(onNext, onError));
    const sam = staff.find((person) => person.email === 'sam@triage.test');
    if (!sam) throw new Error('no seeded Sam');
    await backend.tickets.update(ticket.id, { assigneeId: sam.uid });
    const { store } = await signedInStore(backend);
    renderPanel(store, { ticketId: ticket.id, staff: true, stale: ticket });

    await user.type(await screen.findByRole('textbox', { name: 'Public reply' }), 'Fixed on our side.');
    await user.click(screen.getByRole('button', { name: 'More ways to send' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send and set solved' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: `Ticket #${ticket.number} changed since you loaded it` },
      { timeout: 5000 },
    );
    expect(within(dialog).getByText('Status: New → Open')).toBeInTheDocument();
    expect(within(dialog).getByText('Assignee: Unassigned → Sam Okafor')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));

    await waitFor(async () => expect((await backend.tickets.get(ticket.id)).status).toBe('solved'), {
      timeout: 5000,
    });
    const messages = await messagesOf(backend, ticket.id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ body: 'Fixed on our side.', internal: false });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Public reply' })).toHaveValue(''));
  });
});

describe('composer, drafts of several people on one browser', () => {
  it("never shows an agent's internal-note draft to the requester signed in in another tab", async () => {
    const user = userEvent.setup({ delay: null });
    const dbName = sharedDesk();
    const agentSide = localBackend(dbName);
    const ticket = await ticketBy(agentSide, 'agent');
    const agentTab = await signedInStore(agentSide);
    const view = renderPanel(agentTab.store, { ticketId: ticket.id, staff: true });
    await user.click(await screen.findByRole('radio', { name: 'Internal note' }));
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Refund approved, do not promise it yet.');
    await act(() => agentTab.persistor.flush());
    expect(window.localStorage.getItem(DRAFTS_KEY)).toContain('Refund approved');
    agentTab.persistor.pause();
    view.unmount();

    // The requester signs in in another tab: the same localStorage, a session of their own.
    const customerTab = await signedInStore(await secondClient(dbName, demoAccount('customer')));
    renderPanel(customerTab.store, { ticketId: ticket.id, staff: false });
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    // The note came back with the drafts (it is the agent's, kept for them) but is not shown.
    expect(JSON.stringify(customerTab.store.getState().drafts)).toContain('Refund approved');
    expect(box).toHaveValue('');
    expect(screen.getByTestId('composer')).toHaveAttribute('data-mode', 'public');
    expect(screen.queryByRole('radio', { name: 'Internal note' })).toBeNull();
  });

  it('shows the requester an empty public reply box after an agent wrote a note in the same tab', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend, 'agent');
    const { store } = await signedInStore(backend);
    const view = renderPanel(store, { ticketId: ticket.id, staff: true });
    await user.click(await screen.findByRole('radio', { name: 'Internal note' }));
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Do not refund.');
    view.unmount();

    // The requester signs in on this tab without the agent signing out first: no purge ran.
    await signInDemo(backend, demoAccount('customer'));
    await waitFor(() => expect(selectUser(store.getState())?.role).toBe('customer'));
    expect(JSON.stringify(store.getState().drafts)).toContain('Do not refund.');
    renderPanel(store, { ticketId: ticket.id, staff: false });
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toHaveValue('');
    expect(screen.getByTestId('composer')).toHaveAttribute('data-mode', 'public');
  });

  it("ignores a customer's own draft in internal mode (a customer never sends a note)", async () => {
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const { store } = await signedInStore(backend);
    const me = selectUser(store.getState())?.uid ?? '';
    store.dispatch(
      draftSaved({
        owner: me,
        ticketId: ticket.id,
        body: 'left from when I was staff',
        internal: true,
        messageId: 'm-odd',
        updatedAt: '2026-03-02T09:00:00.000Z',
      }),
    );
    renderPanel(store, { ticketId: ticket.id, staff: false });
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toHaveValue('');
    expect(screen.getByTestId('composer')).toHaveAttribute('data-mode', 'public');
  });

  it('puts a reply whose answer was lost in the outbox and delivers it once, with its client id, after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localBackend();
    const ticket = await ticketBy(backend);
    const calls: AddMessageInput[] = [];
    let reachable = false;
    const flaky: Backend = {
      ...backend,
      messages: {
        ...backend.messages,
        add: async (ticketId, input) => {
          calls.push(input);
          // The first answer is lost on the way back, after the reply was stored; then the
          // backend stays unreachable until the "reload".
          if (calls.length === 1) await backend.messages.add(ticketId, input);
          if (!reachable) throw new AppError('unavailable', 'connection lost');
          return backend.messages.add(ticketId, input);
        },
      },
    };
    const first = await signedInStore(flaky);
    const view = renderPanel(first.store, { ticketId: ticket.id, staff: false });
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.type(box, 'Is anyone there?');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    // Not an error: the reply waits in the outbox and the composer is free again.
    expect(await screen.findByRole('listitem', { name: 'Reply: Waiting to send' })).toHaveTextContent(
      'Is anyone there?',
    );
    expect(box).toHaveValue('');
    expect(myDraft(first.store.getState(), ticket.id)).toBeUndefined();
    await act(() => first.persistor.flush());
    first.persistor.pause();
    view.unmount();

    // A reload with the backend reachable again: the outbox is delivered by itself.
    reachable = true;
    const second = await signedInStore(flaky);
    renderPanel(second.store, { ticketId: ticket.id, staff: false });
    const me = selectUser(second.store.getState())?.uid ?? '';
    await waitFor(() => expect(selectTicketOutbox(second.store.getState(), me, ticket.id)).toEqual([]));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((call) => call.id)).size).toBe(1);
    const messages = await messagesOf(backend, ticket.id);
    expect(messages.map((message) => message.body)).toEqual(['It smells of toner.', 'Is anyone there?']);
    expect(screen.queryByRole('list', { name: 'Unsent messages' })).not.toBeInTheDocument();
  });

  it("removes on sign-out the person's stored drafts, also ones another tab wrote, and nobody else's", async () => {
    const backend = localBackend();
    await ticketBy(backend);
    const { store } = await signedInStore(backend);
    const me = selectUser(store.getState())?.uid ?? '';
    const draft = (owner: string): string =>
      JSON.stringify({
        owner,
        body: 'typed elsewhere',
        internal: false,
        updatedAt: '2026-03-02T09:00:00.000Z',
        messageId: 'm',
      });
    // Written by another tab after this one read the drafts: this store never saw them.
    window.localStorage.setItem(
      DRAFTS_KEY,
      JSON.stringify({
        [`${me}:t-other`]: draft(me),
        'u-someone-else:t-other': draft('u-someone-else'),
        _persist: JSON.stringify({ version: 2, rehydrated: true }),
      }),
    );

    await backend.auth.signOut();
    await waitFor(() => expect(store.getState().auth.kind).toBe('signedOut'));
    const stored = JSON.parse(window.localStorage.getItem(DRAFTS_KEY) ?? '{}') as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'u-someone-else:t-other']);
  });
});

describe('conversation', () => {
  const base: Message = {
    id: 'm1',
    ticketId: 't1',
    authorId: 'u-customer',
    authorName: 'Dana Whitfield',
    authorRole: 'customer',
    body: '<b>not bold</b>\nsecond line',
    internal: false,
    attachments: [],
    createdAt: '2026-03-02T09:00:00.000Z',
  };

  // The authors' pictures are asked of the backend: nobody here has one.
  const fake = fakeBackend();
  fake.backend.files.getDownloadUrl = () => Promise.reject(new AppError('not-found', 'No such file.'));
  const { store } = makeStore(fake.backend);

  function thread(messages: Message[] | null) {
    return (
      <Provider store={store}>
        <IntlProvider locale="en" defaultLocale="en">
          <ConfigProvider>
            <Conversation messages={messages} requesterId="u-customer" viewerId="u-customer" />
          </ConfigProvider>
        </IntlProvider>
      </Provider>
    );
  }

  function renderConversation(messages: Message[] | null) {
    return render(thread(messages));
  }

  it('reads out replies that arrive from others, not the first messages nor the reader’s own', () => {
    const { rerender } = renderConversation(null);
    const region = screen.getByTestId('conversation-announcement');
    expect(region).toHaveAttribute('aria-live', 'polite');
    rerender(thread([base]));
    expect(region).toHaveTextContent(/^$/);

    const reply: Message = {
      ...base,
      id: 'm2',
      authorId: 'u-agent',
      authorName: 'Priya Shah',
      authorRole: 'agent',
      body: 'Fixed it.',
    };
    rerender(thread([base, reply]));
    expect(region).toHaveTextContent('New reply from Priya Shah: Fixed it.');

    const own: Message = { ...base, id: 'm3', body: 'Thanks!' };
    rerender(thread([base, reply, own]));
    expect(region).toHaveTextContent('New reply from Priya Shah: Fixed it.');
  });

  it('shows a skeleton while the messages load', () => {
    renderConversation(null);
    expect(screen.getByTestId('conversation-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows bodies as plain text with their line breaks, and internal notes marked as such', () => {
    const note: Message = {
      ...base,
      id: 'm2',
      authorId: 'u-agent',
      authorName: 'Priya Shah',
      authorRole: 'agent',
      body: 'VIP',
      internal: true,
    };
    const { container } = renderConversation([base, note]);
    const reply = screen.getByRole('article', { name: 'Reply by Dana Whitfield' });
    expect(container.querySelector('b')).toBeNull();
    expect(within(reply).getByText(/<b>not bold<\/b>/).textContent).toBe('<b>not bold</b>\nsecond line');
    expect(within(reply).queryByText('Customer')).toBeNull();

    const shown = screen.getByRole('article', { name: 'Internal note by Priya Shah' });
    expect(shown).toHaveAttribute('data-testid', 'internal-note');
    expect(within(shown).getByText('Internal note')).toBeInTheDocument();
    expect(within(shown).getByText('Agent')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Reply by Dana Whitfield',
      'Internal note by Priya Shah',
    ]);
  });
});
