/**
 * `src/domain/deactivation.ts`: who may deactivate whom, and what happens to their open tickets
 * (DESIGN §1 "Deactivated people").
 */
import {
  deactivationRequestSchema,
  planDeactivation,
  planReactivation,
  type DeactivationInput,
} from '@/domain/deactivation';
import { planTicketPatch } from '@/domain/plans/ticket-patch';
import { admin, agent, customer, otherAgent, ticket } from '../../support/plan-fixtures';

const otherAdmin = { uid: 'ad2', role: 'admin' as const, displayName: 'Olu Admin' };

function plan(input: Partial<DeactivationInput>) {
  return planDeactivation({
    actor: admin,
    person: agent,
    activeAdmins: 2,
    assigned: [],
    choice: { kind: 'unassign' },
    assignee: null,
    ...input,
  });
}

describe('planDeactivation (DESIGN §1 "Deactivated people")', () => {
  it('is the admins’ alone', () => {
    for (const actor of [agent, otherAgent, customer]) {
      expect(() => plan({ actor, person: otherAdmin })).toThrow(
        expect.objectContaining({
          code: 'permission-denied',
          message: 'Only admins can deactivate or reactivate people.',
        }),
      );
    }
  });

  it('refuses no such person, yourself, and the last active admin', () => {
    expect(() => plan({ person: null })).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => plan({ person: admin })).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'You cannot deactivate yourself.' }),
    );
    expect(() => plan({ person: otherAdmin, activeAdmins: 1 })).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(plan({ person: otherAdmin, activeAdmins: 2 }).deactivate).toBe(true);
  });

  it('a repeated request only moves the open tickets still assigned to them (a retry, or the next page)', () => {
    expect(plan({ person: { ...agent, deactivated: true } })).toEqual({ deactivate: false, tickets: [] });
    const left = plan({
      person: { ...otherAdmin, deactivated: true },
      activeAdmins: 1,
      assigned: [ticket({ assigneeId: otherAdmin.uid, assigneeName: otherAdmin.displayName })],
    });
    expect(left.deactivate).toBe(false);
    expect(left.tickets).toHaveLength(1);
  });

  it('reads requests through one strict schema', () => {
    expect(deactivationRequestSchema.safeParse({ uid: 'a1', deactivated: true }).success).toBe(true);
    expect(
      deactivationRequestSchema.safeParse({
        uid: 'a1',
        deactivated: true,
        openTickets: { kind: 'reassign', assigneeId: 'a2' },
      }).success,
    ).toBe(true);
    for (const bad of [
      { uid: '', deactivated: true },
      { uid: 'x'.repeat(129), deactivated: true },
      { uid: 'a1', deactivated: 'yes' },
      { uid: 'a1', deactivated: true, openTickets: { kind: 'reassign' } },
      { uid: 'a1', deactivated: true, openTickets: { kind: 'delete' } },
      { uid: 'a1', deactivated: true, role: 'admin' },
    ]) {
      expect(deactivationRequestSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('unassigns each unsolved ticket they hold, with its audit entry, and leaves solved and closed ones as history', () => {
    const held = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'].map((status, index) =>
      ticket({
        id: `t${index}`,
        status: status as never,
        assigneeId: agent.uid,
        assigneeName: agent.displayName,
        ...(status === 'solved' || status === 'closed' ? { solvedAt: '2026-03-01T09:00:00.000Z' } : {}),
      }),
    );
    const someoneElses = ticket({ id: 'other', assigneeId: otherAgent.uid, assigneeName: otherAgent.displayName });
    const result = plan({ assigned: [...held, someoneElses] });
    expect(result.tickets.map((each) => each.ticketId)).toEqual(['t0', 't1', 't2', 't3']);
    for (const { plan: change } of result.tickets) {
      expect(change.write.clear).toEqual(expect.arrayContaining(['assigneeId', 'assigneeName']));
      expect(change.events).toContainEqual({ type: 'assignee', from: agent.uid, to: null });
    }
  });

  it('reassigns them all to one active colleague; a new ticket opens as it is assigned', () => {
    const result = plan({
      assigned: [ticket({ id: 'n', status: 'new', assigneeId: agent.uid, assigneeName: agent.displayName })],
      choice: { kind: 'reassign', assigneeId: otherAgent.uid },
      assignee: otherAgent,
    });
    expect(result.tickets).toHaveLength(1);
    expect(result.tickets[0]?.plan.write.set).toMatchObject({
      assigneeId: otherAgent.uid,
      assigneeName: otherAgent.displayName,
      status: 'open',
    });
  });

  it('refuses reassigning to no one, to a customer, to a deactivated colleague or to the person themselves', () => {
    const reassign = (assignee: DeactivationInput['assignee']) =>
      plan({
        assigned: [ticket({ assigneeId: agent.uid, assigneeName: agent.displayName })],
        choice: { kind: 'reassign', assigneeId: assignee?.uid ?? 'nobody' },
        assignee,
      });
    for (const assignee of [null, customer, { ...otherAgent, deactivated: true as const }, agent]) {
      expect(() => reassign(assignee)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    }
  });
});

describe('planReactivation', () => {
  it('is the admins’ alone, and writes only for someone deactivated', () => {
    expect(() => planReactivation(agent, { ...otherAgent, deactivated: true })).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => planReactivation(admin, null)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(planReactivation(admin, { ...otherAgent, deactivated: true })).toBe(true);
    expect(planReactivation(admin, otherAgent)).toBe(false);
  });
});

describe('planTicketPatch and a deactivated assignee', () => {
  it('refuses assigning any ticket to someone deactivated', () => {
    const input = {
      ticket: ticket(),
      patch: { assigneeId: otherAgent.uid },
      actor: agent,
      expectedUpdatedAt: undefined,
    };
    expect(planTicketPatch({ ...input, assignee: otherAgent }).write.set.assigneeId).toBe(otherAgent.uid);
    expect(() => planTicketPatch({ ...input, assignee: { ...otherAgent, deactivated: true } })).toThrow(
      expect.objectContaining({ code: 'invalid-argument' }),
    );
  });
});
