import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfigProvider from 'antd/es/config-provider';
import type { Message } from '@/domain/types';
import { Conversation } from '@/features/tickets/components/conversation';
import { messagesOf } from '../support/local-backend';
import { localBackend, renderPanel, signedInStore, ticketBy } from './composer-harness';

beforeEach(() => window.localStorage.clear());

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
    expect(store.getState().drafts[ticket.id]?.body).toBe('Still smoking.\nPlease hurry.');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const sent = await screen.findByText(/Still smoking/, { selector: '[role="article"] *' }, { timeout: 5000 });
    expect(sent.closest('[role="article"]')).toHaveAccessibleName('Reply by Dana Whitfield');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(store.getState().drafts[ticket.id]).toBeUndefined();
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
    expect(window.localStorage.getItem('persist:triage.drafts')).toContain('Half a thought');
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
    expect(store.getState().drafts[ticket.id]).toMatchObject({ body: 'Customer is a VIP.', internal: true });
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

  it('says the ticket changed and keeps the text when it changed since it was shown', async () => {
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

    expect(await screen.findByText('This ticket changed while you were writing.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Public reply' })).toHaveValue('On it.');
    expect((await backend.tickets.get(ticket.id)).status).toBe('on_hold');
    expect(await messagesOf(backend, ticket.id)).toHaveLength(1);
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

  function renderConversation(messages: Message[] | null) {
    return render(
      <ConfigProvider>
        <Conversation messages={messages} requesterId="u-customer" />
      </ConfigProvider>,
    );
  }

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
