/**
 * Macros as plans (DESIGN §3 "Macros"): the actions through the same planners as by hand, the
 * reply and its status event, the note, one write whose every entry names the macro, and the
 * refusals of each planner.
 */
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { macroSchema, isTextOnly, findMacros, type Macro } from '@/domain/macros';
import { applyMacroThrough, isEmptyMacroPlan, needsFields, planMacro, type MacroStore } from '@/domain/plans/macro';
import { NO_FIELD_VALUES } from '@/domain/plans/field-values';
import { admin, agent, customer, otherAgent, ticket } from '../../../support/plan-fixtures';

const PLAN: CustomFieldDefinition = {
  key: 'plan',
  type: 'dropdown',
  label: { en: 'Plan' },
  visibleTo: 'agents',
  filledBy: 'agents',
  requiredOnSubmit: false,
  requiredToSolve: true,
  archived: false,
  options: [{ id: 'team', label: { en: 'Team' }, archived: false }],
};
const fields = { definitions: [PLAN], values: NO_FIELD_VALUES };

const macro = (actions: Macro['actions'], body = '', ownerId: string | null = null): Macro => ({
  id: 'm1',
  title: 'Refund sent',
  body,
  actions,
  ownerId,
});
const input = (over: Partial<Parameters<typeof planMacro>[0]> = {}) => ({
  ticket: ticket(),
  macro: macro({}),
  actor: agent,
  assignee: null,
  fields: null,
  assignOnReply: true,
  expectedUpdatedAt: undefined,
  ...over,
});

describe('planMacro', () => {
  it('plans the actions, the reply with its solve, and the note as one write, every entry naming the macro', () => {
    const plan = planMacro(
      input({
        macro: macro(
          { priority: 'high', addTags: ['refund'], fields: { plan: 'team' }, status: 'solve', note: 'By card.' },
          'Hi {{requester.firstName}}, refunded #{{ticket.number}}.',
        ),
        fields,
      }),
    );
    expect(plan.events.map((entry) => [entry.type, entry.to, entry.macro])).toEqual([
      ['priority', 'high', 'Refund sent'],
      ['tags', 'refund', 'Refund sent'],
      ['field', 'team', 'Refund sent'],
      ['status', 'solved', 'Refund sent'],
      ['assignee', agent.uid, 'Refund sent'],
    ]);
    expect(plan.agentFields).toEqual({ plan: 'team' });
    expect(plan.reply).toEqual({
      author: { authorId: agent.uid, authorName: agent.displayName, authorRole: 'agent', internal: false },
      body: 'Hi Dana, refunded #7.',
    });
    expect(plan.note?.author.internal).toBe(true);
    expect(plan.write.set).toMatchObject({
      priority: 'high',
      tags: ['refund'],
      status: 'solved',
      lastMessageBy: 'agent',
    });
    expect(plan.write.stamp).toEqual(expect.arrayContaining(['updatedAt', 'lastMessageAt', 'solvedAt']));
  });

  it('holds a solve on a required field empty, as the Solve button does, and lets the macro that sets it solve', () => {
    expect(() => planMacro(input({ macro: macro({ status: 'solve' }), fields }))).toThrow(
      'Fill “Plan” before solving this ticket.',
    );
    expect(
      planMacro(input({ macro: macro({ status: 'solve', fields: { plan: 'team' } }), fields })).write.set.status,
    ).toBe('solved');
  });

  it('adds and removes tags, keeping the others, and refuses more than a ticket holds', () => {
    const tagged = ticket({ tags: ['vip', 'late'] });
    const plan = planMacro(input({ ticket: tagged, macro: macro({ addTags: ['refund'], removeTags: ['late'] }) }));
    expect(plan.write.set.tags).toEqual(['vip', 'refund']);
    const full = ticket({ tags: Array.from({ length: 10 }, (_, i) => `t${i}`) });
    expect(() => planMacro(input({ ticket: full, macro: macro({ addTags: ['one-more'] }) }))).toThrow(
      'This macro would leave the ticket with more than 10 tags.',
    );
  });

  it('assigns to the agent applying it, a named agent, or nobody; refuses a customer as assignee', () => {
    const mine = planMacro(
      input({ ticket: ticket({ status: 'new' }), macro: macro({ assignee: { kind: 'me' } }), assignee: agent }),
    );
    // Taking a new ticket opens it (DESIGN §2 "open (incl. assign)").
    expect(mine.events.map((entry) => entry.type)).toEqual(['assignee', 'status']);
    const named = planMacro(
      input({ macro: macro({ assignee: { kind: 'agent', uid: otherAgent.uid } }), assignee: otherAgent }),
    );
    expect(named.write.set.assigneeName).toBe(otherAgent.displayName);
    const off = planMacro(
      input({
        ticket: ticket({ assigneeId: agent.uid, assigneeName: agent.displayName }),
        macro: macro({ assignee: { kind: 'unassign' } }),
      }),
    );
    expect(off.write.clear).toEqual(expect.arrayContaining(['assigneeId', 'assigneeName']));
    expect(() =>
      planMacro(input({ macro: macro({ assignee: { kind: 'agent', uid: customer.uid } }), assignee: customer })),
    ).toThrow('Tickets can only be assigned to agents and admins.');
  });

  it('skips a move to the status the ticket has, and plans nothing when nothing would change', () => {
    const plan = planMacro(
      input({
        ticket: ticket({ status: 'pending', priority: 'high' }),
        macro: macro({ status: 'await_customer', priority: 'high' }),
      }),
    );
    expect(isEmptyMacroPlan(plan)).toBe(true);
  });

  it('refuses customers, a stale preview, a closed ticket and a move the lifecycle forbids', () => {
    expect(() => planMacro(input({ actor: customer }))).toThrow('Only agents and admins can use macros.');
    expect(() =>
      planMacro(input({ macro: macro({ priority: 'high' }), expectedUpdatedAt: '2020-01-01T00:00:00.000Z' })),
    ).toThrow(expect.objectContaining({ code: 'aborted' }));
    expect(() =>
      planMacro(input({ ticket: ticket({ status: 'closed' }), macro: macro({ priority: 'high' }) })),
    ).toThrow(expect.objectContaining({ code: 'failed-precondition' }));
    expect(() => planMacro(input({ ticket: ticket({ status: 'open' }), macro: macro({ status: 'close' }) }))).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
  });

  it('reads the fields only for a macro that sets values or solves', () => {
    expect(needsFields(macro({ priority: 'low' }), agent)).toBe(false);
    expect(needsFields(macro({ status: 'solve' }), agent)).toBe(true);
    expect(needsFields(macro({ fields: { plan: 'team' } }), admin)).toBe(true);
  });
});

describe('applyMacroThrough', () => {
  const store = (stored: Macro | null, written: string[]): MacroStore<string> => ({
    readTicket: async () => ticket(),
    readMacro: async () => stored,
    readProfile: async () => null,
    readAssignOnReply: async () => true,
    readFields: async () => fields,
    write: async () => {
      written.push('write');
      return 'written';
    },
  });

  it('writes nothing for a preview, and writes the same plan on apply', async () => {
    const written: string[] = [];
    const stored = macro({ priority: 'urgent' });
    const preview = await applyMacroThrough(store(stored, written), {
      actor: agent,
      expectedUpdatedAt: undefined,
      preview: true,
    });
    expect(written).toEqual([]);
    const applied = await applyMacroThrough(store(stored, written), {
      actor: agent,
      expectedUpdatedAt: undefined,
      preview: false,
    });
    expect(written).toEqual(['write']);
    expect(applied.plan).toEqual(preview.plan);
  });

  it('refuses a macro that does not exist or is someone else’s personal one, as not found', async () => {
    await expect(
      applyMacroThrough(store(null, []), { actor: agent, expectedUpdatedAt: undefined, preview: true }),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      applyMacroThrough(store(macro({ priority: 'low' }, '', otherAgent.uid), []), {
        actor: agent,
        expectedUpdatedAt: undefined,
        preview: true,
      }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('macro schema', () => {
  const valid = { id: 'm1', title: 'Refund', body: '', actions: { priority: 'high' }, ownerId: null };
  it.each([
    ['no title', { title: '  ' }, 'A macro needs a title.'],
    ['neither reply nor action', { actions: {} }, 'A macro needs a reply or at least one action.'],
    [
      'a tag added and removed',
      { actions: { addTags: ['a'], removeTags: ['a'] } },
      'A macro cannot add and remove the same tag.',
    ],
    [
      'a move a macro may not fire',
      { actions: { status: 'submit' } },
      'A macro can open, set pending, put on hold, solve, reopen or close a ticket.',
    ],
    ['an unknown action', { actions: { delete: true } }, undefined],
  ])('refuses %s', (_what, over, message) => {
    const parsed = macroSchema.safeParse({ ...valid, ...over });
    expect(parsed.success).toBe(false);
    if (message && !parsed.success) expect(parsed.error.issues[0]?.message).toBe(message);
  });

  it('finds macros by every word and tells reply-only ones apart', () => {
    const list = [macro({}, 'Reset your password'), { ...macro({ priority: 'high' }), id: 'm2', title: 'Escalate' }];
    expect(findMacros(list, 'RESET').map((found) => found.id)).toEqual(['m1']);
    expect(list.map(isTextOnly)).toEqual([true, false]);
  });
});
