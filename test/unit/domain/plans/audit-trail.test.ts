/**
 * The audit trail read off a change (`src/domain/plans/audit-trail.ts`) is the trail the
 * planners write: for every kind of write, the entries derived from the ticket before and after
 * equal the plan's own `events`, in the same order (DESIGN §3). Trusted code on Firebase writes
 * the derived ones, the local backend the planned ones, so both backends show one trail.
 */
import { auditEntriesBetween, SUBMITTED_ENTRY } from '@/domain/plans/audit-trail';
import { planNewTicket } from '@/domain/plans/new-ticket';
import { planReply } from '@/domain/plans/reply';
import { planStatusMove } from '@/domain/plans/status-move';
import { planTicketPatch } from '@/domain/plans/ticket-patch';
import { applyTicketWrite, type TicketChangePlan } from '@/domain/plans/ticket-write';
import type { LifecycleEvent } from '@/domain/lifecycle';
import type { Ticket, TicketStatus } from '@/domain/types';
import { AT, agent, customer, otherAgent, ticket } from '../../../support/plan-fixtures';

/** The plan's events, and the entries derived from the ticket before and after its write. */
function both(before: Ticket, plan: TicketChangePlan) {
  return { planned: plan.events, derived: auditEntriesBetween(before, applyTicketWrite(before, plan.write, AT)) };
}

describe('the audit trail read off a change', () => {
  const patches: [string, Ticket, Parameters<typeof planTicketPatch>[0]['patch'], typeof agent | null][] = [
    ['priority', ticket(), { priority: 'urgent' }, null],
    ['category set', ticket(), { category: 'Billing' }, null],
    ['category cleared', ticket({ category: 'Billing' }), { category: null }, null],
    ['tags', ticket({ tags: ['a'] }), { tags: ['a', 'vip'] }, null],
    ['tags cleared', ticket({ tags: ['a'] }), { tags: [] }, null],
    ['assignee', ticket(), { assigneeId: otherAgent.uid }, otherAgent],
    ['unassigned', ticket({ assigneeId: agent.uid, assigneeName: agent.displayName }), { assigneeId: null }, null],
    ['assigning a new ticket opens it', ticket({ status: 'new' }), { assigneeId: agent.uid }, agent],
    [
      'everything at once',
      ticket({ status: 'new', tags: ['x'] }),
      { priority: 'high', category: 'Hardware', tags: ['y'], assigneeId: otherAgent.uid },
      otherAgent,
    ],
  ];
  it.each(patches)('equals the planned events: %s', (_name, before, patch, assignee) => {
    const plan = planTicketPatch({ ticket: before, patch, actor: agent, assignee, expectedUpdatedAt: undefined });
    const { planned, derived } = both(before, plan);
    expect(planned.length).toBeGreaterThan(0);
    expect(derived).toEqual(planned);
  });

  const moves: [TicketStatus, LifecycleEvent, typeof agent | typeof customer, Partial<Ticket>][] = [
    ['open', 'await_customer', agent, {}],
    ['open', 'hold', agent, {}],
    ['open', 'solve', agent, {}],
    ['new', 'solve', agent, {}],
    ['open', 'solve', agent, { assigneeId: otherAgent.uid, assigneeName: otherAgent.displayName }],
    ['pending', 'solve', customer, {}],
    ['solved', 'reopen', customer, { solvedAt: AT }],
    ['solved', 'close', agent, { solvedAt: AT }],
  ];
  it.each(moves)('equals the planned events of a move from %s by %s', (status, event, actor, fields) => {
    const before = ticket({ status, ...fields });
    const plan = planStatusMove(before, event, actor, null);
    const { planned, derived } = both(before, plan);
    expect(derived).toEqual(planned);
  });

  it.each([
    ['a customer reply on a pending ticket (it reopens)', 'pending', customer, false, undefined],
    ['a customer reply on a solved ticket', 'solved', customer, false, undefined],
    ['an agent reply', 'open', agent, false, undefined],
    ['an internal note', 'pending', agent, true, undefined],
    ['an agent reply on a new ticket (it opens and takes it)', 'new', agent, false, undefined],
    ['an agent reply and set pending on a new ticket', 'new', agent, false, 'await_customer'],
    ['an agent reply and solve on a new ticket', 'new', agent, false, 'solve'],
  ] as const)('equals the planned events of %s', (_name, status, actor, internal, event) => {
    const before = ticket({ status });
    const plan = planReply({
      ticket: before,
      actor,
      internal,
      attachmentCount: 0,
      event,
      expectedUpdatedAt: event ? before.updatedAt : undefined,
      assignOnReply: true,
      fields: null,
    });
    expect(both(before, plan).derived).toEqual(plan.events);
  });

  it('is empty for a write that changes no followed field (a note, a search index update)', () => {
    expect(auditEntriesBetween(ticket(), ticket({ updatedAt: AT, lastMessageAt: AT }))).toEqual([]);
    // A missing optional field and a stored null are the same (DESIGN §3 storage).
    expect(auditEntriesBetween({ ...ticket(), category: null }, ticket())).toEqual([]);
    expect(auditEntriesBetween({ ...ticket(), assigneeId: null }, ticket())).toEqual([]);
  });

  it('starts every trail with the submission, as planned for a new request', () => {
    const plan = planNewTicket(
      { subject: 'Printer on fire', description: 'Smoke.', priority: 'normal' },
      customer,
      null,
    );
    expect(plan.events).toEqual([SUBMITTED_ENTRY]);
  });
});
