/**
 * `src/domain/plans/status-move.ts`: what a status move changes and leaves in the audit trail, and
 * what it refuses (DESIGN §2).
 */
import { planStatusMove, planTransition } from '@/domain/plans/status-move';
import { AT, agent, customer, stranger, ticket } from '../../../support/plan-fixtures';

describe('planStatusMove / planTransition (DESIGN §2)', () => {
  it('plans a move with its status entry and updatedAt', () => {
    expect(planStatusMove(ticket(), 'hold', agent, null)).toEqual({
      write: { set: { status: 'on_hold' }, clear: [], stamp: ['updatedAt'] },
      events: [{ type: 'status', from: 'open', to: 'on_hold' }],
    });
  });

  it('makes the agent who solves an unassigned ticket its assignee, after the status entry', () => {
    expect(planStatusMove(ticket(), 'solve', agent, null)).toEqual({
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
    expect(planStatusMove(solved, 'reopen', customer, null).write.clear).toEqual(['solvedAt']);
    expect(planStatusMove(solved, 'close', agent, null).write.stamp).toEqual(['updatedAt', 'closedAt']);
  });

  it('refuses a move the table forbids, or the actor may not make', () => {
    expect(() => planStatusMove(ticket(), 'reopen', agent, null)).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(() => planStatusMove(ticket(), 'hold', customer, null)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
  });

  it('checks, in order, that the ticket exists, is readable, and is as the caller saw it', () => {
    expect(() => planTransition(undefined, 'hold', agent, undefined, null)).toThrow(
      expect.objectContaining({ code: 'not-found' }),
    );
    expect(() => planTransition(ticket(), 'solve', stranger, undefined, null)).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'You can only see your own requests.' }),
    );
    expect(() => planTransition(ticket(), 'hold', agent, '2020-01-01T00:00:00.000Z', null)).toThrow(
      expect.objectContaining({ code: 'aborted' }),
    );
    const plan = planTransition(ticket(), 'hold', agent, ticket().updatedAt, null);
    expect(plan.ticket).toEqual(ticket());
    expect(plan.events).toEqual([{ type: 'status', from: 'open', to: 'on_hold' }]);
  });
});
