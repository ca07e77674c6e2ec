/**
 * The one way to add a message (`src/domain/plans/add-message.ts`): the sequence every store goes
 * through — read the ticket, the message under the id and, only when the reply could take the
 * ticket, the desk's setting; plan; write — over an in-memory store that records what it was asked.
 */
import { addMessageThrough, type AddMessageRequest, type MessageStore } from '@/domain/plans/add-message';
import type { ReplyPlan } from '@/domain/plans/reply';
import type { Message, Ticket } from '@/domain/types';
import { agent, customer, stranger, ticket } from '../../../support/plan-fixtures';

/** A store over one ticket and at most one stored message, logging each call in order. */
function memoryStore(
  stored: Ticket | null,
  existing: Pick<Message, 'authorId'> | null = null,
  assignOnReply = true,
): MessageStore<Pick<Message, 'authorId'>, ReplyPlan> & { calls: string[]; written: ReplyPlan[] } {
  const calls: string[] = [];
  const written: ReplyPlan[] = [];
  return {
    calls,
    written,
    readTicket: async () => (calls.push('readTicket'), stored),
    readMessage: async () => (calls.push('readMessage'), existing),
    readAssignOnReply: async () => (calls.push('readAssignOnReply'), assignOnReply),
    readFields: async () => (calls.push('readFields'), { definitions: [], values: { visible: {}, agents: {} } }),
    write: async (plan) => {
      calls.push('write');
      written.push(plan);
      return plan;
    },
  };
}

function request(fields: Partial<AddMessageRequest>): AddMessageRequest {
  return {
    actor: customer,
    internal: false,
    attachmentCount: 0,
    event: undefined,
    expectedUpdatedAt: undefined,
    ...fields,
  };
}

describe('addMessageThrough', () => {
  it("writes a requester's reply with the plan, reading the ticket and the id but not the desk's setting", async () => {
    const store = memoryStore(ticket({ status: 'pending' }));
    const outcome = await addMessageThrough(store, request({}));
    expect(store.calls).toEqual(['readTicket', 'readMessage', 'write']);
    expect(outcome.kind).toBe('added');
    expect(store.written[0]?.write.set.status).toBe('open');
    expect(store.written[0]?.author).toEqual({
      authorId: customer.uid,
      authorName: customer.displayName,
      authorRole: 'customer',
      internal: false,
    });
  });

  it("reads the desk's setting when a staff reply could take a new ticket, and assigns by it", async () => {
    const on = memoryStore(ticket({ status: 'new' }), null, true);
    await addMessageThrough(on, request({ actor: agent }));
    expect(on.calls).toEqual(['readTicket', 'readMessage', 'readAssignOnReply', 'write']);
    expect(on.written[0]?.write.set.assigneeId).toBe(agent.uid);

    const off = memoryStore(ticket({ status: 'new' }), null, false);
    await addMessageThrough(off, request({ actor: agent }));
    expect(off.written[0]?.write.set.assigneeId).toBeUndefined();
    expect(off.written[0]?.write.set.status).toBe('open');
  });

  it('resolves a retry with the message already stored under the id, writing nothing', async () => {
    const store = memoryStore(ticket(), { authorId: customer.uid });
    expect(await addMessageThrough(store, request({}))).toEqual({
      kind: 'retried',
      message: { authorId: customer.uid },
    });
    expect(store.calls).toEqual(['readTicket', 'readMessage']);
  });

  it("refuses another person's message under the id, a missing or unreadable ticket, and a closed one, writing nothing", async () => {
    const cases: [ReturnType<typeof memoryStore>, AddMessageRequest, string][] = [
      [memoryStore(ticket(), { authorId: agent.uid }), request({}), 'already-exists'],
      [memoryStore(null), request({}), 'not-found'],
      [memoryStore(ticket()), request({ actor: stranger }), 'permission-denied'],
      [memoryStore(ticket({ status: 'closed' })), request({}), 'failed-precondition'],
      [memoryStore(ticket()), request({ internal: true }), 'permission-denied'],
    ];
    for (const [store, input, code] of cases) {
      await expect(addMessageThrough(store, input)).rejects.toMatchObject({ code });
      expect(store.calls).not.toContain('write');
    }
  });
});
