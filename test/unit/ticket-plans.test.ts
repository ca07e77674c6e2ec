/**
 * The ticket planners of `src/domain/plans/`: what each write changes, which audit entries it
 * leaves, and what it refuses — decided once, for both adapters (DESIGN §1–§3).
 */
import { planNewTicket, isRetriedSubmission } from '@/domain/plans/new-ticket';
import { assertMayAttach, isRetriedMessage, planReply, type ReplyInput } from '@/domain/plans/reply';
import { planStatusMove, planTransition } from '@/domain/plans/status-move';
import { assertMayPatch, planTicketPatch, type TicketPatchInput } from '@/domain/plans/ticket-patch';
import { assertMayOrder, requesterScope, scopedFilter } from '@/domain/plans/ticket-scope';
import {
  applyTicketWrite,
  assertUnchangedSince,
  auditValue,
  isEmptyWrite,
  isStale,
  mergeWrites,
  sameTags,
} from '@/domain/plans/ticket-write';
import { AT, admin, agent, customer, otherAgent, stranger, ticket } from '../support/plan-fixtures';

function patch(input: Partial<TicketPatchInput>): ReturnType<typeof planTicketPatch> {
  return planTicketPatch({
    ticket: ticket(),
    patch: {},
    actor: agent,
    assignee: null,
    expectedUpdatedAt: undefined,
    ...input,
  });
}

describe('ticket writes', () => {
  it('applies set, clear and stamp fields to a stored ticket, leaving other fields alone', () => {
    const before = ticket({ category: 'Billing', solvedAt: '2026-02-03T00:00:00.000Z' });
    const after = applyTicketWrite(
      before,
      { set: { priority: 'high' }, clear: ['category', 'solvedAt'], stamp: ['updatedAt'] },
      AT,
    );
    expect(after).toEqual({ ...ticket(), priority: 'high', updatedAt: AT });
    expect(before.category).toBe('Billing');
  });

  it('merges two writes, the later one winning on a field both name', () => {
    const merged = mergeWrites(
      { set: { lastMessageBy: 'agent' }, clear: [], stamp: ['updatedAt', 'solvedAt'] },
      { set: { status: 'open' }, clear: ['solvedAt'], stamp: ['updatedAt'] },
    );
    expect(merged).toEqual({
      set: { lastMessageBy: 'agent', status: 'open' },
      clear: ['solvedAt'],
      stamp: ['updatedAt'],
    });
  });

  it('knows an empty write', () => {
    expect(isEmptyWrite({ set: {}, clear: [], stamp: [] })).toBe(true);
    expect(isEmptyWrite({ set: {}, clear: [], stamp: ['updatedAt'] })).toBe(false);
  });

  it('formats audit values: tags comma-separated, nothing as null', () => {
    expect(auditValue(['billing', 'vip'])).toBe('billing, vip');
    expect(auditValue([])).toBeNull();
    expect(auditValue('')).toBeNull();
    expect(auditValue(undefined)).toBeNull();
    expect(auditValue('high')).toBe('high');
  });

  it('compares tag lists in order', () => {
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTags(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('the stale-write check (one comparison for both adapters)', () => {
  const stored = { updatedAt: '2026-02-02T09:00:00.000Z' };

  it('passes without an expectation, and for the same instant in another ISO spelling', () => {
    expect(isStale(stored, undefined)).toBe(false);
    expect(isStale(stored, '2026-02-02T09:00:00Z')).toBe(false);
    expect(isStale(stored, '2026-02-02T10:00:00.000+01:00')).toBe(false);
  });

  it('refuses another instant, and a value that is not a date, with the one aborted sentence', () => {
    expect(isStale(stored, '2026-02-02T09:00:00.001Z')).toBe(true);
    expect(isStale(stored, 'yesterday')).toBe(true);
    expect(() => assertUnchangedSince(stored, 'yesterday')).toThrow(
      expect.objectContaining({
        code: 'aborted',
        message: expect.stringContaining('Someone else changed this ticket'),
      }),
    );
  });
});

describe('planStatusMove / planTransition (DESIGN §2)', () => {
  it('plans a move with its status entry and updatedAt', () => {
    expect(planStatusMove(ticket(), 'hold', agent)).toEqual({
      write: { set: { status: 'on_hold' }, clear: [], stamp: ['updatedAt'] },
      events: [{ type: 'status', from: 'open', to: 'on_hold' }],
    });
  });

  it('makes the agent who solves an unassigned ticket its assignee, after the status entry', () => {
    expect(planStatusMove(ticket(), 'solve', agent)).toEqual({
      write: {
        set: { status: 'solved', assigneeId: 'a1', assigneeName: 'Priya Shah' },
        clear: [],
        stamp: ['updatedAt', 'solvedAt'],
      },
      events: [
        { type: 'status', from: 'open', to: 'solved' },
        { type: 'assignee', from: null, to: 'a1' },
      ],
    });
  });

  it('clears solvedAt on a reopen and stamps closedAt on a close', () => {
    const solved = ticket({ status: 'solved', assigneeId: 'a1', solvedAt: AT });
    expect(planStatusMove(solved, 'reopen', customer).write.clear).toEqual(['solvedAt']);
    expect(planStatusMove(solved, 'close', agent).write.stamp).toEqual(['updatedAt', 'closedAt']);
  });

  it('refuses a move the table forbids, or the actor may not make', () => {
    expect(() => planStatusMove(ticket(), 'reopen', agent)).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(() => planStatusMove(ticket(), 'hold', customer)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
  });

  it('checks, in order, that the ticket exists, is readable, and is as the caller saw it', () => {
    expect(() => planTransition(undefined, 'hold', agent, undefined)).toThrow(
      expect.objectContaining({ code: 'not-found' }),
    );
    expect(() => planTransition(ticket(), 'solve', stranger, undefined)).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'You can only see your own requests.' }),
    );
    expect(() => planTransition(ticket(), 'hold', agent, '2020-01-01T00:00:00.000Z')).toThrow(
      expect.objectContaining({ code: 'aborted' }),
    );
    const plan = planTransition(ticket(), 'hold', agent, ticket().updatedAt);
    expect(plan.ticket).toEqual(ticket());
    expect(plan.events).toEqual([{ type: 'status', from: 'open', to: 'on_hold' }]);
  });
});

describe('planTicketPatch (DESIGN §1–§3)', () => {
  it('refuses customers any field, before anything else', () => {
    expect(() => assertMayPatch(customer, { priority: 'high' })).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'Only agents and admins can change a ticket.' }),
    );
    expect(() => patch({ actor: customer, patch: { tags: [] }, ticket: ticket({ status: 'closed' }) })).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => assertMayPatch(admin, { priority: 'high', tags: [], category: null, assigneeId: null })).not.toThrow();
  });

  it('refuses a stale view before a closed ticket', () => {
    const closed = ticket({ status: 'closed' });
    expect(() => patch({ ticket: closed, patch: { priority: 'high' }, expectedUpdatedAt: AT })).toThrow(
      expect.objectContaining({ code: 'aborted' }),
    );
    expect(() => patch({ ticket: closed, patch: { priority: 'high' } })).toThrow(
      expect.objectContaining({
        code: 'failed-precondition',
        message: 'This ticket is closed and can no longer change.',
      }),
    );
  });

  it('writes only the fields that change, one entry each, in a fixed order', () => {
    const plan = patch({
      ticket: ticket({ category: 'Billing', tags: ['old'] }),
      patch: { tags: ['vip', 'vip', 'late'], category: '', priority: 'urgent' },
    });
    expect(plan).toEqual({
      write: { set: { priority: 'urgent', tags: ['vip', 'late'] }, clear: ['category'], stamp: ['updatedAt'] },
      events: [
        { type: 'priority', from: 'normal', to: 'urgent' },
        { type: 'category', from: 'Billing', to: null },
        { type: 'tags', from: 'old', to: 'vip, late' },
      ],
    });
  });

  it('plans nothing for a patch that changes nothing', () => {
    const plan = patch({
      ticket: ticket({ tags: ['a'], assigneeId: 'a1', assigneeName: 'Priya Shah' }),
      patch: { priority: 'normal', tags: ['a', 'a'], category: null, assigneeId: 'a1' },
    });
    expect(plan.events).toEqual([]);
    expect(isEmptyWrite(plan.write)).toBe(true);
  });

  it('assigns to staff only, naming the assignee', () => {
    expect(() => patch({ patch: { assigneeId: customer.uid }, assignee: customer })).toThrow(
      expect.objectContaining({
        code: 'invalid-argument',
        message: 'Tickets can only be assigned to agents and admins.',
      }),
    );
    expect(() => patch({ patch: { assigneeId: 'ghost' }, assignee: null })).toThrow(
      expect.objectContaining({ code: 'invalid-argument' }),
    );
    expect(() => patch({ patch: { assigneeId: 'a2' }, assignee: agent })).toThrow(
      expect.objectContaining({ code: 'invalid-argument' }),
    );
    expect(patch({ ticket: ticket({ assigneeId: 'a1' }), patch: { assigneeId: 'a2' }, assignee: otherAgent })).toEqual({
      write: { set: { assigneeId: 'a2', assigneeName: 'Ken Ito' }, clear: [], stamp: ['updatedAt'] },
      events: [{ type: 'assignee', from: 'a1', to: 'a2' }],
    });
  });

  it('unassigns by clearing the assignee', () => {
    expect(
      patch({ ticket: ticket({ assigneeId: 'a1', assigneeName: 'Priya Shah' }), patch: { assigneeId: null } }),
    ).toEqual({
      write: { set: {}, clear: ['assigneeId', 'assigneeName'], stamp: ['updatedAt'] },
      events: [{ type: 'assignee', from: 'a1', to: null }],
    });
  });

  it('opens a new ticket when it is assigned, the status entry after the assignee entry', () => {
    expect(patch({ ticket: ticket({ status: 'new' }), patch: { assigneeId: 'a2' }, assignee: otherAgent })).toEqual({
      write: { set: { assigneeId: 'a2', assigneeName: 'Ken Ito', status: 'open' }, clear: [], stamp: ['updatedAt'] },
      events: [
        { type: 'assignee', from: null, to: 'a2' },
        { type: 'status', from: 'new', to: 'open' },
      ],
    });
  });

  it('leaves a new ticket new when it is unassigned', () => {
    const plan = patch({ ticket: ticket({ status: 'new', assigneeId: 'a1' }), patch: { assigneeId: null } });
    expect(plan.write.set.status).toBeUndefined();
  });
});

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

describe('planNewTicket (DESIGN §2–§3)', () => {
  const request = { subject: 'Printer on fire', description: 'Flames.', priority: 'high' as const };

  it('plans a new ticket, its first public message and its status entry', () => {
    expect(planNewTicket({ ...request, category: '  Hardware ' }, customer)).toEqual({
      ticket: {
        subject: 'Printer on fire',
        status: 'new',
        priority: 'high',
        category: 'Hardware',
        tags: [],
        requesterId: 'c1',
        requesterName: 'Dana Whitfield',
        lastMessageBy: 'customer',
      },
      message: {
        authorId: 'c1',
        authorName: 'Dana Whitfield',
        authorRole: 'customer',
        body: 'Flames.',
        internal: false,
      },
      events: [{ type: 'status', from: null, to: 'new' }],
    });
  });

  it('leaves an empty category out, and marks a staff submission as the agent’s', () => {
    const plan = planNewTicket({ ...request, category: '  ' }, agent);
    expect(plan.ticket).not.toHaveProperty('category');
    expect(plan.ticket.lastMessageBy).toBe('agent');
  });

  it('follows up only a closed ticket the person may read', () => {
    const withFollowUp = { ...request, followUpOf: 't1' };
    expect(planNewTicket(withFollowUp, customer, ticket({ status: 'closed' })).ticket.followUpOf).toBe('t1');
    expect(() => planNewTicket(withFollowUp, customer, null)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => planNewTicket(withFollowUp, stranger, ticket({ status: 'closed' }))).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => planNewTicket(withFollowUp, customer, ticket())).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
  });

  it('accepts a retried submission of one’s own ticket and refuses an id in use', () => {
    expect(isRetriedSubmission(null, customer)).toBe(false);
    expect(isRetriedSubmission({ requesterId: 'c1' }, customer)).toBe(true);
    expect(() => isRetriedSubmission({ requesterId: 'c2' }, customer)).toThrow(
      expect.objectContaining({ code: 'already-exists', message: 'Another request already has this id.' }),
    );
  });
});

describe('ticket scope and order (DESIGN §1)', () => {
  it('leaves a staff filter as it is', () => {
    expect(scopedFilter(agent, { requesterId: 'c2', priority: 'high' })).toEqual({
      requesterId: 'c2',
      priority: 'high',
    });
    expect(requesterScope(admin)).toBeUndefined();
  });

  it('limits a customer to their own requests, and refuses naming anyone else', () => {
    const highOnly: { requesterId?: string; priority: string } = { priority: 'high' };
    expect(scopedFilter(customer, highOnly)).toEqual({ priority: 'high', requesterId: 'c1' });
    expect(scopedFilter(customer, { requesterId: 'c1' })).toEqual({ requesterId: 'c1' });
    expect(requesterScope(customer)).toBe('c1');
    expect(() => scopedFilter(customer, { requesterId: 'c2' })).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'You can only list your own requests.' }),
    );
  });

  it('refuses a customer the updatedAt order only', () => {
    expect(() => assertMayOrder(customer, { field: 'updatedAt' })).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => assertMayOrder(customer, { field: 'lastMessageAt' })).not.toThrow();
    expect(() => assertMayOrder(agent, { field: 'updatedAt' })).not.toThrow();
  });
});
