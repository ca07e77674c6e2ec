/**
 * @jest-environment node
 *
 * The outbox (offline), `outbox-slice.ts`: the slice keeps each person's unsent messages apart.
 */
import {
  outboxQueued,
  outboxReducer,
  outboxResumed,
  outboxSending,
  selectTicketOutbox,
  selectWaitingOutbox,
} from '@/features/tickets/conversation/slice/outbox-slice';
import { entry } from '../../../../../support/outbox-entry';

describe('outbox slice', () => {
  it("keeps people's entries apart, oldest first, and resumes interrupted sends", () => {
    let state = outboxReducer(undefined, outboxQueued(entry('u-1', 'm2')));
    state = outboxReducer(state, outboxQueued(entry('u-1', 'm1')));
    state = outboxReducer(state, outboxQueued(entry('u-2', 'm3')));
    state = outboxReducer(state, outboxSending({ owner: 'u-1', messageId: 'm1' }));
    // Someone else's ref changes nothing.
    state = outboxReducer(state, outboxSending({ owner: 'u-2', messageId: 'm2' }));
    const root = { outbox: state } as never;
    expect(selectTicketOutbox(root, 'u-1', 't1').map((e) => e.messageId)).toEqual(['m1', 'm2']);
    expect(selectWaitingOutbox(root, 'u-1').map((e) => e.messageId)).toEqual(['m2']);
    expect(selectWaitingOutbox(root, 'u-2').map((e) => e.messageId)).toEqual(['m3']);
    state = outboxReducer(state, outboxResumed());
    expect(selectWaitingOutbox({ outbox: state } as never, 'u-1').map((e) => e.messageId)).toEqual(['m1', 'm2']);
  });
});
