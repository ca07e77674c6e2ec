/**
 * Round-robin assignment (DESIGN §10 "Triggers"): the pick — in the set's order after the last,
 * skipping who is unavailable, at the cap, not staff or unknown — and the trigger run that asks
 * for the rota, picks from it, and keeps its other actions when nobody may take the ticket.
 */
import { runTriggers } from '@/domain/plans/triggers';
import { pickRoundRobin, type RotaCandidate, type RotaState, type RoundRobinAssignee } from '@/domain/round-robin';
import { triggerSchema, type Trigger } from '@/domain/triggers';
import { agent, otherAgent, admin, customer, ticket as ticketWith } from '../../support/plan-fixtures';

const SET: RoundRobinAssignee = { kind: 'roundRobin', agents: [agent.uid, otherAgent.uid, admin.uid], cap: 3 };

function candidate(person: Pick<RotaCandidate, 'uid' | 'role' | 'displayName'>, over: Partial<RotaCandidate> = {}) {
  return { ...person, available: true, open: 0, ...over };
}
function rota(last: string | null, ...candidates: RotaCandidate[]): RotaState {
  return { last, candidates: new Map(candidates.map((one) => [one.uid, one])) };
}
const everyone = [candidate(agent), candidate(otherAgent), candidate(admin)];

describe('pickRoundRobin', () => {
  it.each([
    ['a new rota starts with the first', null, everyone, agent.uid],
    ['the next after the last', agent.uid, everyone, otherAgent.uid],
    ['wraps round after the last of the set', admin.uid, everyone, agent.uid],
    ['a last agent no longer in the set starts from the first', 'gone', everyone, agent.uid],
    [
      'skips who is unavailable',
      agent.uid,
      [candidate(agent), candidate(otherAgent, { available: false }), candidate(admin)],
      admin.uid,
    ],
    [
      'skips who is at the cap',
      agent.uid,
      [candidate(agent), candidate(otherAgent, { open: 3 }), candidate(admin)],
      admin.uid,
    ],
    [
      'skips one under the cap by one? no: takes them',
      agent.uid,
      [candidate(agent), candidate(otherAgent, { open: 2 })],
      otherAgent.uid,
    ],
    [
      'skips a member who is no longer staff',
      agent.uid,
      [candidate(agent), candidate({ ...otherAgent, role: 'customer' }), candidate(admin)],
      admin.uid,
    ],
    ['skips a member with no profile', agent.uid, [candidate(agent), candidate(admin)], admin.uid],
    ['gives it back to the last when only they may take it', agent.uid, [candidate(agent)], agent.uid],
  ])('%s', (_what, last, candidates, expected) => {
    expect(pickRoundRobin(SET, rota(last, ...candidates))?.uid).toBe(expected);
  });

  it('gives it to nobody when nobody is available or under the cap', () => {
    expect(
      pickRoundRobin(SET, rota(null, candidate(agent, { available: false }), candidate(otherAgent, { open: 9 }))),
    ).toBeNull();
  });

  it('goes round evenly: 100 picks over 5 available agents give each 20, in turn', () => {
    const five = ['u1', 'u2', 'u3', 'u4', 'u5'];
    const action: RoundRobinAssignee = { kind: 'roundRobin', agents: five, cap: 1000 };
    const counts = new Map<string, number>();
    let last: string | null = null;
    for (let index = 0; index < 100; index += 1) {
      const state = rota(
        last,
        ...five.map((uid) => candidate({ uid, role: 'agent', displayName: uid }, { open: counts.get(uid) ?? 0 })),
      );
      const picked = pickRoundRobin(action, state)?.uid ?? 'nobody';
      expect(picked).toBe(five[index % 5]);
      counts.set(picked, (counts.get(picked) ?? 0) + 1);
      last = picked;
    }
    expect([...counts.values()]).toEqual([20, 20, 20, 20, 20]);
  });
});

describe('a round-robin trigger in a run', () => {
  const urgent: Trigger = {
    id: 'rr',
    title: 'Urgent to the team',
    active: true,
    order: 1,
    on: ['created'],
    all: [{ property: 'priority', operator: 'is', value: 'urgent' }],
    any: [],
    actions: { assignee: SET, addTags: ['escalated'] },
  };
  const change = {
    event: 'created' as const,
    before: null,
    after: ticketWith({ status: 'new', priority: 'urgent', assigneeId: undefined, assigneeName: undefined }),
    by: 'customer' as const,
    requesterEmail: null,
  };

  it('asks for the rota of a round-robin trigger that holds, and plans nothing for it until read', () => {
    const run = runTriggers({ triggers: [urgent], change, fields: null, agents: new Map() });
    expect(run.rotasNeeded).toEqual(['rr']);
    expect(run.plan.events).toEqual([]);
  });

  it('does not ask for the rota of one that does not hold', () => {
    const calm = { ...change, after: { ...change.after, priority: 'low' as const } };
    expect(runTriggers({ triggers: [urgent], change: calm, fields: null, agents: new Map() }).rotasNeeded).toEqual([]);
  });

  it('assigns the picked agent, opens the ticket, tags it, and says whom it picked', () => {
    const run = runTriggers({
      triggers: [urgent],
      change,
      fields: null,
      agents: new Map(),
      rotas: new Map([['rr', rota(agent.uid, ...everyone)]]),
    });
    expect(run.rotasNeeded).toEqual([]);
    expect(run.picks).toEqual([{ triggerId: 'rr', uid: otherAgent.uid }]);
    expect(run.ticket).toMatchObject({ assigneeId: otherAgent.uid, status: 'open', tags: ['escalated'] });
    expect(run.trace.find((step) => step.outcome === 'fired')).toMatchObject({ picked: otherAgent.uid });
  });

  it('keeps its other actions when nobody may take the ticket, leaving it unassigned, and says so', () => {
    const run = runTriggers({
      triggers: [urgent],
      change,
      fields: null,
      agents: new Map(),
      rotas: new Map([['rr', rota(null, candidate(agent, { available: false }))]]),
    });
    expect(run.picks).toEqual([{ triggerId: 'rr', uid: null }]);
    expect(run.ticket).toMatchObject({ tags: ['escalated'] });
    expect(run.ticket.assigneeId).toBeUndefined();
    expect(run.trace.find((step) => step.outcome === 'fired')).toMatchObject({ picked: null });
  });

  it('does not count holding again after its pick as a loop', () => {
    const run = runTriggers({
      triggers: [urgent, { ...urgent, id: 'other', order: 2, actions: { priority: 'urgent', addTags: ['x'] } }],
      change,
      fields: null,
      agents: new Map(),
      rotas: new Map([['rr', rota(null, ...everyone)]]),
    });
    expect(run.loopStopped).toBeNull();
    expect(run.ticket.assigneeId).toBe(agent.uid);
  });

  it.each([
    ['no agent', { ...SET, agents: [] }, 'Choose at least one agent for the round-robin.'],
    ['an agent twice', { ...SET, agents: [agent.uid, agent.uid] }, 'Each agent is in the round-robin once.'],
    [
      '51 agents',
      { ...SET, agents: Array.from({ length: 51 }, (_, i) => `u${i}`) },
      'A round-robin goes over at most 50 agents.',
    ],
    ['a cap of 0', { ...SET, cap: 0 }, 'The cap is at least 1 unsolved ticket per agent.'],
    ['a cap of 1.5', { ...SET, cap: 1.5 }, 'The cap is a whole number of tickets.'],
    ['a cap of 1001', { ...SET, cap: 1001 }, 'The cap is at most 1000 unsolved tickets per agent.'],
  ])('refuses a round-robin with %s', (_what, assignee, message) => {
    const { id: _id, ...input } = { ...urgent, actions: { assignee } };
    const parsed = triggerSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('refuses nothing about a customer in the set at save (a role can change): the pick skips them', () => {
    const { id: _id, ...input } = { ...urgent, actions: { assignee: { ...SET, agents: [customer.uid] } } };
    expect(triggerSchema.safeParse(input).success).toBe(true);
  });
});
