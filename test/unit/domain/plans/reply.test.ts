/**
 * `src/domain/plans/reply.ts`: what a reply or note changes on its ticket, and what it refuses
 * (DESIGN §1–§3).
 */
import { assertMayAttach, isRetriedMessage, planReply, type ReplyInput } from '@/domain/plans/reply';
import { AT, agent, customer, otherAgent, stranger, ticket } from '../../../support/plan-fixtures';

describe('planReply (DESIGN §1–§3)', () => {
  function reply(input: Partial<ReplyInput>): ReturnType<typeof planReply> {
    return planReply({
      ticket: ticket(),
      actor: customer,
      internal: false,
      attachmentCount: 0,
      event: undefined,
      expectedUpdatedAt: undefined,
      assignOnReply: true,
      fields: null,
      ...input,
    });
  }

  it('checks in order: internal notes need staff, then a closed ticket, then replying, then attaching', () => {
    const closed = ticket({ status: 'closed' });
    expect(() => reply({ ticket: closed, internal: true })).toThrow(
      expect.objectContaining({
        code: 'permission-denied',
        message: 'Only agents and admins can write internal notes.',
      }),
    );
    expect(() => reply({ ticket: closed })).toThrow(
      expect.objectContaining({
        code: 'failed-precondition',
        message: 'This ticket is closed. Start a follow-up request instead.',
      }),
    );
    expect(() => reply({ actor: stranger })).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'You can only reply to your own requests.' }),
    );
  });

  it('checks the stale guard only when an event goes with the message', () => {
    expect(() => reply({ expectedUpdatedAt: AT })).not.toThrow();
    expect(() => reply({ actor: agent, event: 'hold', expectedUpdatedAt: AT })).toThrow(
      expect.objectContaining({ code: 'aborted' }),
    );
  });

  it('stamps the last public reply and the first response of staff', () => {
    expect(reply({ actor: agent })).toEqual({
      author: { authorId: 'a1', authorName: 'Priya Shah', authorRole: 'agent', internal: false },
      write: { set: { lastMessageBy: 'agent' }, clear: [], stamp: ['updatedAt', 'lastMessageAt', 'firstResponseAt'] },
      events: [],
    });
    expect(reply({ actor: agent, ticket: ticket({ firstResponseAt: AT }) }).write.stamp).toEqual([
      'updatedAt',
      'lastMessageAt',
    ]);
  });

  it('changes nothing the requester sees for an internal note', () => {
    expect(reply({ actor: agent, internal: true })).toEqual({
      author: { authorId: 'a1', authorName: 'Priya Shah', authorRole: 'agent', internal: true },
      write: { set: {}, clear: [], stamp: ['updatedAt'] },
      events: [],
    });
  });

  it('reopens a pending ticket on the requester’s reply (customer_reply)', () => {
    const plan = reply({ ticket: ticket({ status: 'pending' }) });
    expect(plan.write).toEqual({
      set: { lastMessageBy: 'customer', status: 'open' },
      clear: [],
      stamp: ['updatedAt', 'lastMessageAt'],
    });
    expect(plan.events).toEqual([{ type: 'status', from: 'pending', to: 'open' }]);
  });

  it('lets an explicit event replace the automatic reopen', () => {
    const plan = reply({ ticket: ticket({ status: 'pending' }), event: 'solve' });
    expect(plan.write.set.status).toBe('solved');
    expect(plan.events).toEqual([{ type: 'status', from: 'pending', to: 'solved' }]);
  });

  it('opens a new ticket on a staff public reply and makes the replier its assignee (REPLY_MOVES)', () => {
    const plan = reply({ ticket: ticket({ status: 'new' }), actor: agent });
    expect(plan.write.set).toEqual({
      lastMessageBy: 'agent',
      status: 'open',
      assigneeId: agent.uid,
      assigneeName: agent.displayName,
    });
    expect(plan.events).toEqual([
      { type: 'assignee', from: null, to: agent.uid },
      { type: 'status', from: 'new', to: 'open' },
    ]);
  });

  it('opens a new ticket without taking it when the desk turned assign-on-reply off', () => {
    const plan = reply({ ticket: ticket({ status: 'new' }), actor: agent, assignOnReply: false });
    expect(plan.write.set).toEqual({ lastMessageBy: 'agent', status: 'open' });
    expect(plan.events).toEqual([{ type: 'status', from: 'new', to: 'open' }]);
  });

  it('leaves the assignee of an assigned new ticket, and a new ticket under an internal note, alone', () => {
    const assigned = reply({
      ticket: ticket({ status: 'new', assigneeId: otherAgent.uid, assigneeName: otherAgent.displayName }),
      actor: agent,
    });
    expect(assigned.write.set).toEqual({ lastMessageBy: 'agent', status: 'open' });
    const note = reply({ ticket: ticket({ status: 'new' }), actor: agent, internal: true });
    expect(note.write.set).toEqual({});
    expect(note.events).toEqual([]);
  });

  it('takes a new ticket with an explicit move too (“Send and set pending”), assignee entry first', () => {
    const plan = reply({ ticket: ticket({ status: 'new' }), actor: agent, event: 'await_customer' });
    expect(plan.write.set).toMatchObject({ status: 'pending', assigneeId: agent.uid });
    expect(plan.events).toEqual([
      { type: 'assignee', from: null, to: agent.uid },
      { type: 'status', from: 'new', to: 'pending' },
    ]);
  });

  it('leaves an open ticket’s status and assignee alone on a staff reply', () => {
    const plan = reply({ ticket: ticket({ status: 'open' }), actor: agent });
    expect(plan.write.set).toEqual({ lastMessageBy: 'agent' });
  });

  it('refuses an event the table forbids', () => {
    expect(() => reply({ actor: agent, event: 'reopen' })).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
  });

  it('accepts a retry of the author’s own message and refuses someone else’s id', () => {
    expect(isRetriedMessage(undefined, customer)).toBe(false);
    expect(isRetriedMessage({ authorId: 'c1' }, customer)).toBe(true);
    expect(() => isRetriedMessage({ authorId: 'a1' }, customer)).toThrow(
      expect.objectContaining({ code: 'already-exists' }),
    );
  });

  it('lets files go to a ticket not submitted yet, or one the person may attach to', () => {
    expect(() => assertMayAttach(customer, null)).not.toThrow();
    expect(() => assertMayAttach(customer, ticket())).not.toThrow();
    expect(() => assertMayAttach(stranger, ticket())).toThrow(expect.objectContaining({ code: 'permission-denied' }));
    expect(() => assertMayAttach(agent, ticket({ status: 'closed' }))).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
  });
});
