/**
 * @jest-environment node
 *
 * The outbox (offline), `outbox-listener.ts`: the listener delivers each person's unsent messages
 * with their own client ids — waiting while the backend is unreachable, failed with the reason on
 * a refusal, and never sent twice by overlapping flushes.
 */
import type { AddMessageInput } from '@/backend/port/messages';
import { appStarted } from '@/app/listeners';
import { outboxFlushRequested } from '@/features/tickets/conversation/outbox-listener';
import { makeStore } from '@/app/store';
import { AppError } from '@/domain/errors/errors';
import type { Message } from '@/domain/types';
import { outboxQueued, outboxRetried, selectTicketOutbox } from '@/features/tickets/conversation/slice/outbox-slice';
import { fakeBackend, profile } from '../../../../support/fake-backend';
import { entry } from '../../../../support/outbox-entry';

const message = (ticketId: string, input: AddMessageInput): Message => ({
  id: input.id,
  ticketId,
  authorId: 'u-1',
  authorName: 'Priya',
  authorRole: 'agent',
  body: input.body,
  internal: input.internal,
  attachments: [],
  createdAt: '2026-11-22T10:01:00.000Z',
});

describe('outbox delivery listener', () => {
  async function setup() {
    const fake = fakeBackend();
    const add = jest.fn<Promise<Message>, [string, AddMessageInput]>();
    (fake.backend.messages as unknown as { add: typeof add }).add = add;
    const { store, persistor } = makeStore(fake.backend);
    // As in the app (PersistGate): nothing is queued before the persisted outbox is back.
    await new Promise<void>((resolve) => {
      if (persistor.getState().bootstrapped) resolve();
      else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
    });
    store.dispatch(appStarted());
    fake.emit({ kind: 'signedIn', user: profile({ uid: 'u-1' }), emailVerified: true });
    const outbox = () => selectTicketOutbox(store.getState(), 'u-1', 't1');
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { store, add, outbox, settle };
  }

  it('waits while unavailable, then delivers oldest first with the same ids and removes them', async () => {
    const { store, add, outbox, settle } = await setup();
    add.mockRejectedValue(new AppError('unavailable', 'offline'));
    store.dispatch(outboxQueued(entry('u-1', 'm1')));
    store.dispatch(outboxQueued(entry('u-1', 'm2')));
    await settle();
    expect(outbox().map((e) => e.state)).toEqual(['waiting', 'waiting']);

    add.mockReset();
    add.mockImplementation(async (ticketId, input) => message(ticketId, input));
    store.dispatch(outboxFlushRequested());
    await settle();
    await settle();
    expect(add.mock.calls.map(([ticketId, input]) => [ticketId, input.id, input.body])).toEqual([
      ['t1', 'm1', 'reply m1'],
      ['t1', 'm2', 'reply m2'],
    ]);
    expect(outbox()).toEqual([]);
  });

  it('sends each message once however many flushes overlap', async () => {
    const { store, add, outbox, settle } = await setup();
    let release: () => void = () => undefined;
    add.mockImplementation(
      (ticketId, input) => new Promise((resolve) => (release = () => resolve(message(ticketId, input)))),
    );
    store.dispatch(outboxQueued(entry('u-1', 'm1')));
    store.dispatch(outboxFlushRequested());
    store.dispatch(outboxFlushRequested());
    await settle();
    expect(add).toHaveBeenCalledTimes(1);
    expect(outbox()[0]?.state).toBe('sending');
    release();
    await settle();
    expect(outbox()).toEqual([]);
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('marks a refused message failed with the reason; a retry without the status change sends it', async () => {
    const { store, add, outbox, settle } = await setup();
    add.mockRejectedValueOnce(new AppError('aborted', 'The ticket changed since you loaded it.'));
    store.dispatch(outboxQueued({ ...entry('u-1', 'm1'), event: 'await_customer', expectedUpdatedAt: 'then' }));
    await settle();
    expect(outbox()[0]).toMatchObject({ state: 'failed', error: { code: 'aborted' } });

    add.mockImplementation(async (ticketId, input) => message(ticketId, input));
    store.dispatch(outboxRetried({ owner: 'u-1', messageId: 'm1', withoutEvent: true }));
    await settle();
    expect(add).toHaveBeenLastCalledWith('t1', expect.not.objectContaining({ event: expect.anything() }));
    expect(add.mock.lastCall?.[1].id).toBe('m1');
    expect(outbox()).toEqual([]);
  });
});
