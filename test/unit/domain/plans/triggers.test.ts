/**
 * Triggers (DESIGN §10 "Triggers"): each condition on each property, each action through the
 * planners, on a created and an updated ticket, the chain (a trigger set off by another's change),
 * the loop guard, refusals traced without stopping the chain, and the schema's bad input.
 */
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { NO_FIELD_VALUES } from '@/domain/plans/field-values';
import { MAX_TRIGGER_PASSES, runTriggers, TRIGGER_ACTOR, UNASSIGNED_SOLVE } from '@/domain/plans/triggers';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import {
  contradicts,
  MAX_TRIGGER_CONDITIONS,
  testCondition,
  timeRuleDue,
  triggerSchema,
  unknownPlaceholders,
  type Trigger,
  type TriggerChange,
  type TriggerCondition,
} from '@/domain/triggers';
import type { Ticket } from '@/domain/types';
import { agent, ticket } from '../../../support/plan-fixtures';

const PLAN: CustomFieldDefinition = {
  key: 'plan',
  type: 'dropdown',
  label: { en: 'Plan' },
  visibleTo: 'customers',
  filledBy: 'agents',
  requiredOnSubmit: false,
  requiredToSolve: true,
  archived: false,
  options: [
    { id: 'team', label: { en: 'Team' }, archived: false },
    { id: 'enterprise', label: { en: 'Enterprise' }, archived: false },
  ],
};
const FIELDS = { definitions: [PLAN], values: NO_FIELD_VALUES };
const AGENTS = new Map([[agent.uid, agent]]);

let nextId = 0;
/** A trigger on created and updated tickets with these conditions and actions. */
function trigger(all: TriggerCondition[], actions: Trigger['actions'], over: Partial<Trigger> = {}): Trigger {
  nextId += 1;
  return {
    id: `tr${nextId}`,
    title: `Trigger ${nextId}`,
    active: true,
    order: nextId,
    on: ['created', 'updated'],
    all,
    any: [],
    actions,
    ...over,
  };
}
const when = (property: TriggerCondition['property'], operator: TriggerCondition['operator'], value = '') => ({
  property,
  operator,
  value,
});

/** A change of `before` into `after` by `by` (a new ticket when `before` is null). */
function change(after: Ticket, before: Ticket | null = null, by: TriggerChange['by'] = 'customer'): TriggerChange {
  return { event: before ? 'updated' : 'created', before, after, by, requesterEmail: 'dana@shop.example' };
}

describe('testCondition: each property and test', () => {
  const before = ticket({ priority: 'normal', category: 'Billing', tags: ['vip'], fields: { plan: 'team' } });
  const after = ticket({
    priority: 'urgent',
    category: 'Billing',
    tags: ['vip', 'refund'],
    assigneeId: agent.uid,
    subject: 'Refund for order 42',
    fields: { plan: 'enterprise' },
  });
  const updated = change(after, before, 'agent');
  it.each([
    ['status is open', when('status', 'is', 'open'), true],
    ['status is solved', when('status', 'is', 'solved'), false],
    ['status is not solved', when('status', 'isNot', 'solved'), true],
    ['status changed', when('status', 'changed'), false],
    ['priority changed', when('priority', 'changed'), true],
    ['priority changed to urgent', when('priority', 'changedTo', 'urgent'), true],
    ['priority changed to high', when('priority', 'changedTo', 'high'), false],
    ['priority changed from normal', when('priority', 'changedFrom', 'normal'), true],
    ['priority changed from low', when('priority', 'changedFrom', 'low'), false],
    ['category is billing (case-folded)', when('category', 'is', 'billing'), true],
    ['category is not Billing', when('category', 'isNot', 'Billing'), false],
    ['assignee is the agent', when('assignee', 'is', agent.uid), true],
    ['assignee is nobody', when('assignee', 'is', ''), false],
    ['assignee changed to the agent', when('assignee', 'changedTo', agent.uid), true],
    ['tags include refund', when('tags', 'includes', 'refund'), true],
    ['tags exclude vip', when('tags', 'excludes', 'vip'), false],
    ['subject contains "refund"', when('subject', 'contains', 'REFUND'), true],
    ['subject does not contain "printer"', when('subject', 'notContains', 'printer'), true],
    ['requester email is', when('requesterEmail', 'is', 'dana@shop.example'), true],
    ['requester domain is shop.example', when('requesterEmail', 'endsWith', 'shop.example'), true],
    ['requester domain is example (a parent domain)', when('requesterEmail', 'endsWith', 'example'), true],
    [
      'requester domain is hop.example (not a suffix of the domain)',
      when('requesterEmail', 'endsWith', 'hop.example'),
      false,
    ],
    ['updated by an agent', when('updatedBy', 'is', 'agent'), true],
    ['updated by not an agent', when('updatedBy', 'isNot', 'agent'), false],
    ['field plan is enterprise', when('field:plan', 'is', 'enterprise'), true],
    ['field plan is not team', when('field:plan', 'isNot', 'team'), true],
    ['field plan present', when('field:plan', 'present'), true],
    ['field seats absent', when('field:seats', 'absent'), true],
    ['field plan changed', when('field:plan', 'changed'), true],
  ] as const)('%s', (_name, condition, matched) => {
    expect(testCondition(condition, updated).matched).toBe(matched);
  });

  it("tests the ticket's organisation, or the one the runtime knows better for a new ticket", () => {
    const member = ticket({ organisationId: 'AcmeId1' });
    const isAcme = when('organisation', 'is', 'AcmeId1');
    const inNone = when('organisation', 'is', '');
    expect(testCondition(isAcme, change(member))).toMatchObject({ matched: true, actual: 'AcmeId1' });
    expect(testCondition(when('organisation', 'isNot', 'AcmeId1'), change(member)).matched).toBe(false);
    expect(testCondition(inNone, change(ticket())).matched).toBe(true);
    // A new ticket trusted code has not reached: the runtime names its requester's organisation.
    expect(testCondition(isAcme, { ...change(ticket()), organisationId: 'AcmeId1' }).matched).toBe(true);
    expect(testCondition(inNone, { ...change(member), organisationId: null }).matched).toBe(true);
  });

  it('says nothing "changed" on a new ticket, and traces the value it looked at', () => {
    const created = change(after);
    expect(testCondition(when('priority', 'changed'), created).matched).toBe(false);
    expect(testCondition(when('priority', 'changedTo', 'urgent'), created).matched).toBe(false);
    expect(testCondition(when('priority', 'is', 'urgent'), created)).toMatchObject({ matched: true, actual: 'urgent' });
  });
});

describe('runTriggers: each action, on a created and an updated ticket', () => {
  const urgent = when('priority', 'is', 'urgent');
  it.each([
    ['sets the priority', { priority: 'high' }, ['priority', 'high']],
    ['sets the category', { category: 'Billing' }, ['category', 'Billing']],
    ['assigns to an agent', { assignee: { kind: 'agent', uid: agent.uid } }, ['assignee', agent.uid]],
    ['adds a tag', { addTags: ['escalated'] }, ['tags', 'escalated']],
    ['sets a custom field', { fields: { plan: 'team' } }, ['field', 'team']],
    ['moves the status through the lifecycle table', { status: 'await_customer' }, ['status', 'pending']],
  ] as const)('%s', (_name, actions, [type, to]) => {
    for (const before of [null, ticket()]) {
      const after = ticket({ priority: 'urgent' });
      const run = runTriggers({
        triggers: [trigger([urgent], actions as Trigger['actions'])],
        change: change(after, before),
        fields: FIELDS,
        agents: AGENTS,
      });
      expect(run.fired).toHaveLength(1);
      expect(run.plan.events).toEqual([expect.objectContaining({ type, to, trigger: run.fired[0] })]);
      expect(run.plan.events[0]).not.toHaveProperty('macro');
    }
  });

  it('sends a fired trigger’s emails, in order, changing nothing on the ticket; one that does not hold sends none', () => {
    const email = { to: 'assignee' as const, address: '', subject: 'Yours', body: 'See it' };
    const sends = trigger([urgent], { emails: [email, { ...email, to: 'requester' }] });
    const silent = trigger([when('priority', 'is', 'low')], { emails: [email] });
    const run = runTriggers({
      triggers: [sends, silent],
      change: change(ticket({ priority: 'urgent' })),
      fields: null,
      agents: AGENTS,
    });
    expect(run.fired).toEqual([sends.title]);
    expect(run.plan.events).toEqual([]);
    expect(run.emails).toEqual([
      { triggerId: sends.id, trigger: sends.title, index: 0, email },
      { triggerId: sends.id, trigger: sends.title, index: 1, email: { ...email, to: 'requester' } },
    ]);
  });

  it('removes a tag, unassigns, and writes an internal note as the desk', () => {
    const after = ticket({ priority: 'urgent', tags: ['vip', 'spam'], assigneeId: agent.uid, assigneeName: 'Priya' });
    const run = runTriggers({
      triggers: [trigger([urgent], { removeTags: ['spam'], assignee: { kind: 'unassign' }, note: 'Routed.' })],
      change: change(after, ticket()),
      fields: null,
      agents: AGENTS,
    });
    expect(run.ticket).toMatchObject({ tags: ['vip'] });
    expect(run.ticket.assigneeId).toBeUndefined();
    expect(run.notes).toEqual([{ trigger: run.fired[0], body: 'Routed.' }]);
  });

  it('runs only active triggers on their kind of change, in the admin’s order', () => {
    const later = trigger([urgent], { priority: 'high' }, { order: 20, title: 'Later' });
    const earlier = trigger([urgent], { priority: 'low' }, { order: 10, title: 'Earlier' });
    const off = trigger([urgent], { addTags: ['off'] }, { active: false });
    const createdOnly = trigger([urgent], { addTags: ['new'] }, { on: ['created'] });
    const run = runTriggers({
      triggers: [later, earlier, off, createdOnly],
      change: change(ticket({ priority: 'urgent' }), ticket()),
      fields: null,
      agents: AGENTS,
    });
    // "Earlier" sets low; then "Later" no longer holds (priority is not urgent).
    expect(run.fired).toEqual(['Earlier']);
    expect(run.trace.filter((entry) => entry.outcome === 'notRun').map((entry) => entry.triggerId)).toEqual(
      expect.arrayContaining([off.id, createdOnly.id]),
    );
  });

  it('chains: a trigger set off by another’s change fires in the same run, each once', () => {
    const tagVip = trigger(
      [when('requesterEmail', 'endsWith', 'shop.example')],
      { addTags: ['vip'] },
      { title: 'VIP' },
    );
    const raise = trigger([when('tags', 'includes', 'vip')], { priority: 'high' }, { title: 'VIP priority' });
    const run = runTriggers({
      triggers: [raise, tagVip],
      change: change(ticket()),
      fields: null,
      agents: AGENTS,
    });
    expect(run.fired).toEqual(['VIP', 'VIP priority']);
    expect(run.ticket).toMatchObject({ tags: ['vip'], priority: 'high' });
    // Both still hold at the end, with nothing left to change: no loop.
    expect(run.loopStopped).toBeNull();
  });

  it('stops a loop (A sets what B undoes and back) once, naming the trigger it stopped', () => {
    const down = trigger([when('priority', 'is', 'high')], { priority: 'low' }, { title: 'A: lower' });
    const up = trigger([when('priority', 'is', 'low')], { priority: 'high' }, { title: 'B: raise' });
    const run = runTriggers({
      triggers: [down, up],
      change: change(ticket({ priority: 'high' }), ticket()),
      fields: null,
      agents: AGENTS,
    });
    expect(run.fired).toEqual(['A: lower', 'B: raise']);
    expect(run.loopStopped).toBe('A: lower');
    expect(run.plan.events.map((entry) => [entry.trigger, entry.from, entry.to])).toEqual([
      ['A: lower', 'high', 'low'],
      ['B: raise', 'low', 'high'],
    ]);
    expect(run.trace.length).toBeLessThanOrEqual(2 * MAX_TRIGGER_PASSES);
  });

  it('traces a refused trigger and goes on: a closed ticket, a solve without an assignee or a required field', () => {
    const solve = trigger([urgent], { status: 'solve' }, { title: 'Solve urgent' });
    const tag = trigger([urgent], { addTags: ['seen'] }, { title: 'Tag urgent' });
    const unassigned = runTriggers({
      triggers: [solve, tag],
      change: change(ticket({ priority: 'urgent' }), ticket()),
      fields: null,
      agents: AGENTS,
    });
    expect(unassigned.fired).toEqual(['Tag urgent']);
    expect(unassigned.trace.find((entry) => entry.outcome === 'refused')).toMatchObject({
      title: 'Solve urgent',
      refusal: UNASSIGNED_SOLVE,
    });
    const assigned = ticket({ priority: 'urgent', assigneeId: agent.uid, assigneeName: agent.displayName });
    const required = runTriggers({
      triggers: [solve],
      change: change(assigned, ticket()),
      fields: FIELDS,
      agents: AGENTS,
    });
    expect(required.fired).toEqual([]);
    expect(required.trace[0]?.refusal).toContain('Plan');
    const closed = runTriggers({
      triggers: [tag],
      change: change(ticket({ priority: 'urgent', status: 'closed' }), ticket()),
      fields: null,
      agents: AGENTS,
    });
    expect(closed.trace[0]).toMatchObject({ outcome: 'refused' });
    // An agent the trigger names who is gone refuses that trigger only.
    const gone = runTriggers({
      triggers: [trigger([urgent], { assignee: { kind: 'agent', uid: 'left-the-company' } }), tag],
      change: change(ticket({ priority: 'urgent' }), ticket()),
      fields: null,
      agents: AGENTS,
    });
    expect(gone.fired).toEqual(['Tag urgent']);
  });

  it('acts as the desk itself, never as a person', () => {
    expect(TRIGGER_ACTOR.uid).toBe(SYSTEM_ACTOR_ID);
    const run = runTriggers({
      triggers: [trigger([urgent], { note: 'Seen by the desk.' })],
      change: change(ticket({ priority: 'urgent' })),
      fields: null,
      agents: AGENTS,
    });
    expect(run.notes).toHaveLength(1);
  });
});

const email = { to: 'requester', address: '', subject: 'About #{{ticket.number}}', body: 'Hello' };
/** A time rule as saved: pending for 3 days → tag. */
const timeRule = {
  title: 'Remind after 3 days pending',
  active: true,
  order: 1,
  on: ['time'],
  all: [when('status', 'is', 'pending'), when('hoursSinceUpdated', 'atLeast', '72')],
  any: [],
  actions: { addTags: ['reminded'] },
};

describe('time rules: hours by the job’s clock, once per ticket', () => {
  const HOUR = 3_600_000;
  const updatedAt = '2026-03-02T10:00:00.000Z';
  const at = (hours: number) => Date.parse(updatedAt) + hours * HOUR;
  const pending = ticket({ status: 'pending', updatedAt, solvedAt: undefined });
  const rule = trigger([when('status', 'is', 'pending'), when('hoursSinceUpdated', 'atLeast', '72')], {
    addTags: ['reminded'],
  });
  const timed = { ...rule, on: ['time' as const] };
  const timeChange = (now: number, on: Ticket = pending): TriggerChange => ({
    event: 'time',
    before: on,
    after: on,
    by: 'system',
    requesterEmail: null,
    now,
  });

  it.each([
    ['hoursSinceUpdated', 'atLeast', '72', 71.99, false, '71'],
    ['hoursSinceUpdated', 'atLeast', '72', 72, true, '72'],
    ['hoursSinceUpdated', 'lessThan', '72', 71.5, true, '71'],
    ['hoursSinceUpdated', 'lessThan', '72', 72, false, '72'],
    ['hoursSinceSolved', 'atLeast', '1', 500, false, ''],
  ] as const)('%s %s %s at %s hours: %s', (property, operator, value, hours, matched, actual) => {
    expect(testCondition(when(property, operator, value), timeChange(at(hours)))).toMatchObject({ matched, actual });
  });

  it('never holds without the job’s clock (a change by a person has none)', () => {
    expect(testCondition(when('hoursSinceUpdated', 'atLeast', '1'), change(pending, pending)).matched).toBe(false);
  });

  it('fires once: the run marks the ticket, and a marked ticket is passed over', () => {
    const first = runTriggers({ triggers: [timed], change: timeChange(at(72)), fields: null, agents: AGENTS });
    expect(first.fired).toEqual([timed.title]);
    expect(first.plan.write.set.timeRuleMarks).toEqual([timed.id]);
    expect(first.ticket.timeRuleMarks).toEqual([timed.id]);
    const again = runTriggers({
      triggers: [timed],
      change: timeChange(at(200), first.ticket),
      fields: null,
      agents: AGENTS,
    });
    expect(again.fired).toEqual([]);
    expect(again.trace).toEqual([expect.objectContaining({ triggerId: timed.id, outcome: 'alreadyFired' })]);
  });

  it('a time rule is not run on a change, nor a trigger by the job', () => {
    expect(
      runTriggers({ triggers: [timed], change: change(pending, ticket()), fields: null, agents: AGENTS }).fired,
    ).toEqual([]);
    const onUpdates = { ...rule, on: ['updated' as const], all: [when('status', 'is', 'pending')] };
    expect(
      runTriggers({ triggers: [onUpdates], change: timeChange(at(72)), fields: null, agents: AGENTS }).fired,
    ).toEqual([]);
  });

  it('is due (timeRuleDue) only by its hours, unmarked, active, on a ticket not closed', () => {
    expect(timeRuleDue(timed, pending, at(71))).toBe(false);
    expect(timeRuleDue(timed, pending, at(72))).toBe(true);
    expect(timeRuleDue(timed, { ...pending, timeRuleMarks: [timed.id] }, at(72))).toBe(false);
    expect(timeRuleDue({ ...timed, active: false }, pending, at(72))).toBe(false);
    expect(timeRuleDue(timed, { ...pending, status: 'closed' }, at(72))).toBe(false);
    // Its other conditions are the run's to test: a solved ticket is due by the clock, and the run says no.
    expect(timeRuleDue(timed, { ...pending, status: 'solved' }, at(72))).toBe(true);
  });
});

describe('triggerSchema: bad input', () => {
  const valid = {
    title: 'VIP customers',
    active: true,
    order: 1,
    on: ['created'],
    all: [when('tags', 'includes', 'vip')],
    any: [],
    actions: { priority: 'high' },
  };
  const refusal = (input: unknown) => {
    const parsed = triggerSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join(' ');
  };
  it('accepts a well-formed trigger', () => {
    expect(refusal(valid)).toBeNull();
  });
  it('accepts emails with known placeholders, spaces inside the braces too, and a lowercased fixed address', () => {
    const parsed = triggerSchema.safeParse({
      ...valid,
      actions: {
        emails: [
          { ...email, body: 'Hi {{ requester.firstName }}, #{{ticket.number}} is {{ticket.status}}: {{ticket.link}}' },
          { ...email, to: 'address', address: ' Ops@Example.COM ' },
        ],
      },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.actions.emails?.[1]?.address).toBe('ops@example.com');
  });
  it('accepts a time rule: on the schedule alone, with an hours condition', () => {
    expect(refusal(timeRule)).toBeNull();
  });
  it('names each unknown placeholder once, as written', () => {
    expect(unknownPlaceholders('{{a}} {{ticket.number}} {{ a }} {{a}}')).toEqual(['{{a}}', '{{ a }}']);
  });
  it.each([
    ['no condition', { ...valid, all: [] }, 'at least one condition'],
    ['no action', { ...valid, actions: {} }, 'at least one action'],
    ['no event', { ...valid, on: [] }, 'Choose when the trigger runs'],
    ['an empty title', { ...valid, title: '  ' }, 'Give the trigger a title.'],
    ['a title of 101 characters', { ...valid, title: 'x'.repeat(101) }, 'at most 100 characters'],
    [
      `${MAX_TRIGGER_CONDITIONS + 1} conditions`,
      { ...valid, all: Array.from({ length: MAX_TRIGGER_CONDITIONS + 1 }, () => when('tags', 'includes', 'vip')) },
      `at most ${MAX_TRIGGER_CONDITIONS} conditions`,
    ],
    ['a test that does not apply', { ...valid, all: [when('tags', 'changedTo', 'vip')] }, 'does not apply'],
    ['an unknown property', { ...valid, all: [when('secret' as 'tags', 'is', 'x')] }, 'from the list'],
    ['a value missing', { ...valid, all: [when('priority', 'is', '')] }, 'needs a value'],
    [
      'contradictory conditions',
      { ...valid, all: [when('priority', 'is', 'high'), when('priority', 'is', 'low')] },
      'can never all hold',
    ],
    ['a forged action', { ...valid, actions: { assignee: { kind: 'me' } } }, ''],
    ['a bad tag', { ...valid, actions: { addTags: ['Not A Tag'] } }, 'A tag is lowercase'],
    [
      'an email with an unknown placeholder',
      { ...valid, actions: { emails: [{ ...email, body: 'Hi {{customer.name}}' }] } },
      'placeholder Triage does not know',
    ],
    [
      'a translation with an unknown placeholder',
      { ...valid, actions: { emails: [{ ...email, translations: { es: { subject: 'Hola', body: '{{ x }}' } } }] } },
      'placeholder Triage does not know',
    ],
    ['an email without a subject', { ...valid, actions: { emails: [{ ...email, subject: ' ' }] } }, 'a subject'],
    [
      'an email body of 5 001 characters',
      { ...valid, actions: { emails: [{ ...email, body: 'x'.repeat(5_001) }] } },
      'at most 5000 characters',
    ],
    [
      'a fixed address that is not one',
      { ...valid, actions: { emails: [{ ...email, to: 'address', address: 'ops at example' }] } },
      'name@example.com',
    ],
    [
      'an address on a requester email',
      { ...valid, actions: { emails: [{ ...email, address: 'someone@example.com' }] } },
      'name@example.com',
    ],
    ['a forged recipient', { ...valid, actions: { emails: [{ ...email, to: 'everyone' }] } }, ''],
    ['four emails', { ...valid, actions: { emails: [email, email, email, email] } }, 'at most 3 emails'],
    ['a time rule that also runs on new tickets', { ...timeRule, on: ['time', 'created'] }, 'on the schedule only'],
    [
      'a time rule without an hours condition',
      { ...timeRule, all: [when('status', 'is', 'pending')] },
      'needs an hours condition',
    ],
    [
      'an hours condition only among "any"',
      { ...timeRule, all: [when('status', 'is', 'pending')], any: [when('hoursSinceUpdated', 'atLeast', '72')] },
      'needs an hours condition',
    ],
    [
      'an hours condition on a trigger',
      { ...valid, all: [when('hoursSinceCreated', 'atLeast', '24')] },
      'are for time rules',
    ],
    ['0 hours', { ...timeRule, all: [when('hoursSinceUpdated', 'atLeast', '0')] }, 'whole number from 1 to 8760'],
    ['1.5 hours', { ...timeRule, all: [when('hoursSinceUpdated', 'atLeast', '1.5')] }, 'whole number from 1 to 8760'],
    [
      '8 761 hours',
      { ...timeRule, all: [when('hoursSinceUpdated', 'atLeast', '8761')] },
      'whole number from 1 to 8760',
    ],
    ['a time rule testing a change', { ...timeRule, any: [when('status', 'changed')] }, 'no change to test'],
    [
      'a time rule testing who changed it',
      { ...timeRule, any: [when('updatedBy', 'is', 'agent')] },
      'no change to test',
    ],
    [
      'a time rule assigning round-robin',
      { ...timeRule, actions: { assignee: { kind: 'roundRobin', agents: ['a'], cap: 5 } } },
      'does not assign round-robin',
    ],
  ])('refuses %s', (_name, input, sentence) => {
    const said = refusal(input);
    expect(said).not.toBeNull();
    expect(said).toContain(sentence);
  });
  it('finds contradictions: is and is not, includes and excludes, present and absent', () => {
    expect(contradicts([when('status', 'is', 'open'), when('status', 'isNot', 'open')])).toBe(true);
    expect(contradicts([when('tags', 'includes', 'vip'), when('tags', 'excludes', 'VIP')])).toBe(true);
    expect(contradicts([when('field:plan', 'present'), when('field:plan', 'absent')])).toBe(true);
    expect(contradicts([when('tags', 'includes', 'vip'), when('tags', 'includes', 'refund')])).toBe(false);
  });
});
