import { refusalError, statusChangeEffects, transition } from '@/domain/lifecycle';

const agent = { uid: 'a1', role: 'agent' as const, displayName: 'Priya Shah' };
const customer = { uid: 'c1', role: 'customer' as const, displayName: 'Dana Whitfield' };

describe('statusChangeEffects (DESIGN §2 side effects of a move)', () => {
  it('makes an agent who solves an unassigned ticket its assignee and stamps solvedAt', () => {
    expect(statusChangeEffects({ status: 'open' }, 'solved', agent)).toEqual({
      setSolvedAt: true,
      clearSolvedAt: false,
      setClosedAt: false,
      assignTo: { uid: 'a1', displayName: 'Priya Shah' },
    });
  });

  it('keeps the existing assignee when an agent solves an assigned ticket', () => {
    expect(statusChangeEffects({ status: 'pending', assigneeId: 'a2' }, 'solved', agent).assignTo).toBeNull();
  });

  it('leaves an unassigned ticket unassigned when its customer solves it', () => {
    expect(statusChangeEffects({ status: 'open' }, 'solved', customer).assignTo).toBeNull();
  });

  it('clears solvedAt when a solved ticket reopens, and keeps it when it closes', () => {
    expect(statusChangeEffects({ status: 'solved', assigneeId: 'a1' }, 'open', customer).clearSolvedAt).toBe(true);
    const close = statusChangeEffects({ status: 'solved', assigneeId: 'a1' }, 'closed', agent);
    expect(close).toMatchObject({ clearSolvedAt: false, setClosedAt: true, setSolvedAt: false });
  });
});

describe('refusalError', () => {
  it('turns a role refusal into permission-denied and a table refusal into failed-precondition', () => {
    const byRole = transition({ status: 'open', requesterId: 'c1' }, 'hold', {
      kind: 'user',
      uid: 'c1',
      role: 'customer',
    });
    const byTable = transition({ status: 'new', requesterId: 'c1' }, 'reopen', {
      kind: 'user',
      uid: 'a1',
      role: 'agent',
    });
    if (byRole.ok || byTable.ok) throw new Error('expected refusals');
    expect(refusalError(byRole)).toMatchObject({ code: 'permission-denied', message: byRole.message });
    expect(refusalError(byTable)).toMatchObject({ code: 'failed-precondition', message: byTable.message });
  });
});
