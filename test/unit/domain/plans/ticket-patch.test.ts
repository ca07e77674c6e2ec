/**
 * `src/domain/plans/ticket-patch.ts`: what a change of a ticket's properties writes, and what it
 * refuses (DESIGN §1–§3).
 */
import { assertMayPatch, planTicketPatch, type TicketPatchInput } from '@/domain/plans/ticket-patch';
import { isEmptyWrite } from '@/domain/plans/ticket-write';
import { AT, admin, agent, customer, otherAgent, ticket } from '../../../support/plan-fixtures';

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
