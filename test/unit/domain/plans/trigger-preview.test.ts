/**
 * "Test this rule" (DESIGN §10 "Triggers"): a trigger being edited, tested on one ticket as it is
 * now — each condition's outcome with the ticket's value, the changes it would make, a refusal, a
 * kind of change it does not run on — and counted over the tickets of the last 30 days; and what
 * an admin types to pick a ticket.
 */
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { NO_FIELD_VALUES } from '@/domain/plans/field-values';
import { UNASSIGNED_SOLVE } from '@/domain/plans/triggers';
import {
  countMatches,
  PREVIEW_EXAMPLES,
  previewChange,
  previewTrigger,
  previewWindowStart,
  testsRequesterEmail,
  ticketReferenceOf,
  type PreviewedTrigger,
} from '@/domain/plans/trigger-preview';
import type { TriggerCondition } from '@/domain/triggers';
import { agent, ticket } from '../../../support/plan-fixtures';

const PLAN: CustomFieldDefinition = {
  key: 'plan',
  type: 'dropdown',
  label: { en: 'Plan' },
  visibleTo: 'customers',
  filledBy: 'agents',
  requiredOnSubmit: false,
  requiredToSolve: false,
  archived: false,
  options: [
    { id: 'team', label: { en: 'Team' }, archived: false },
    { id: 'enterprise', label: { en: 'Enterprise' }, archived: false },
  ],
};
const FIELDS = { definitions: [PLAN], values: NO_FIELD_VALUES };
const AGENTS = new Map([[agent.uid, agent]]);

const when = (property: TriggerCondition['property'], operator: TriggerCondition['operator'], value = '') => ({
  property,
  operator,
  value,
});

/** A trigger on new tickets with these conditions and actions, as the editor holds it. */
function rule(over: Partial<PreviewedTrigger> = {}): PreviewedTrigger {
  return {
    id: 'draft',
    title: 'Printers are urgent',
    on: ['created'],
    all: [when('subject', 'contains', 'printer')],
    any: [],
    actions: { priority: 'urgent', addTags: ['hardware'] },
    ...over,
  };
}

const base = { fields: FIELDS, agents: AGENTS, by: 'customer' as const, requesterEmail: 'dana@shop.example' };

describe('previewTrigger: one ticket as it is now', () => {
  it('says each condition held, with the value the ticket holds, and lists the changes it would make', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule({
        all: [when('subject', 'contains', 'printer'), when('priority', 'isNot', 'urgent')],
        any: [when('requesterEmail', 'endsWith', 'shop.example'), when('tags', 'includes', 'vip')],
      }),
      ticket: ticket({ subject: 'Printer on fire', priority: 'normal' }),
      event: 'created',
    });
    expect(preview.outcome).toBe('fired');
    expect(preview.all.map(({ matched, actual }) => [matched, actual])).toEqual([
      [true, 'Printer on fire'],
      [true, 'normal'],
    ]);
    expect(preview.any.map(({ matched, actual }) => [matched, actual])).toEqual([
      [true, 'dana@shop.example'],
      [false, ''],
    ]);
    expect(preview.changes).toEqual([
      expect.objectContaining({ type: 'priority', from: 'normal', to: 'urgent', trigger: 'Printers are urgent' }),
      expect.objectContaining({ type: 'tags', from: null, to: 'hardware', trigger: 'Printers are urgent' }),
    ]);
    expect(preview.refusal).toBeNull();
  });

  it('changes nothing and says which condition failed when the conditions do not hold', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule(),
      ticket: ticket({ subject: 'Cannot sign in' }),
      event: 'created',
    });
    expect(preview.outcome).toBe('notMatched');
    expect(preview.all).toEqual([
      { condition: when('subject', 'contains', 'printer'), matched: false, actual: 'Cannot sign in' },
    ]);
    expect(preview.changes).toEqual([]);
    expect(preview.note).toBeNull();
  });

  it('writes the internal note it would write, and a field value, through the planners', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule({ actions: { note: 'Check the toner first.', fields: { plan: 'enterprise' } } }),
      ticket: ticket(),
      event: 'created',
    });
    expect(preview.note).toBe('Check the toner first.');
    expect(preview.changes).toEqual([
      expect.objectContaining({ type: 'field', field: 'plan', from: null, to: 'enterprise' }),
    ]);
  });

  it('holds but is refused when its actions would be (a solve with nobody assigned), with the sentence', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule({ actions: { status: 'solve' } }),
      ticket: ticket(),
      event: 'created',
    });
    expect(preview.outcome).toBe('refused');
    expect(preview.refusal).toBe(UNASSIGNED_SOLVE);
    expect(preview.changes).toEqual([]);
  });

  it('assigns to a named agent', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule({ actions: { assignee: { kind: 'agent', uid: agent.uid } } }),
      ticket: ticket(),
      event: 'created',
    });
    expect(preview.changes).toEqual([expect.objectContaining({ type: 'assignee', from: null, to: agent.uid })]);
  });

  it('does not run on a kind of change it is not for, but still shows its conditions', () => {
    const preview = previewTrigger({ ...base, trigger: rule(), ticket: ticket(), event: 'updated' });
    expect(preview.runs).toBe(false);
    expect(preview.outcome).toBe('notRun');
    expect(preview.all).toEqual([
      { condition: when('subject', 'contains', 'printer'), matched: true, actual: 'Printer on fire' },
    ]);
    expect(preview.changes).toEqual([]);
  });

  it('sees no change on an update: "changed" never holds in a test', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule({ on: ['updated'], all: [when('priority', 'changed')] }),
      ticket: ticket(),
      event: 'updated',
    });
    expect(preview.outcome).toBe('notMatched');
    expect(previewChange(ticket(), 'updated', 'agent', null).before).toEqual(ticket());
    expect(previewChange(ticket(), 'created', 'agent', null).before).toBeNull();
  });

  it('leaves a round-robin assignment out (a test reads no rota) and says so; the other actions act', () => {
    const preview = previewTrigger({
      ...base,
      trigger: rule({ actions: { priority: 'high', assignee: { kind: 'roundRobin', agents: [agent.uid], cap: 5 } } }),
      ticket: ticket(),
      event: 'created',
    });
    expect(preview.rotaLeftOut).toBe(true);
    expect(preview.changes).toEqual([expect.objectContaining({ type: 'priority', to: 'high' })]);
  });
});

describe('countMatches: the tickets of the last 30 days', () => {
  const now = Date.parse('2026-03-31T12:00:00.000Z');
  const since = previewWindowStart(now);
  const made = (number: number, createdAt: string, subject: string, requesterId = 'c1') =>
    ticket({ id: `t${number}`, number, createdAt, subject, requesterId });
  const tickets = [
    made(1, '2026-02-27T12:00:00.000Z', 'Printer jammed'), // 32 days before: not counted
    made(2, '2026-03-02T11:00:00.000Z', 'Printer offline'),
    made(3, '2026-03-10T09:00:00.000Z', 'Cannot sign in'),
    made(4, '2026-03-30T09:00:00.000Z', 'printer smells', 'c2'),
  ];

  it('starts 30 days before now', () => {
    expect(since).toBe('2026-03-01T12:00:00.000Z');
  });

  it('counts the tickets created since then that the conditions hold on, newest first as examples', () => {
    const count = countMatches({
      trigger: rule(),
      tickets,
      since,
      event: 'created',
      by: 'customer',
      requesterEmails: new Map(),
    });
    expect(count).toEqual({
      matched: 2,
      tested: 3,
      examples: [
        { id: 't4', number: 4, subject: 'printer smells' },
        { id: 't2', number: 2, subject: 'Printer offline' },
      ],
    });
  });

  it("tests the requester's email from the profiles read, and names at most five examples", () => {
    const byEmail = rule({ all: [when('requesterEmail', 'endsWith', 'vip.example')] });
    expect(testsRequesterEmail(byEmail)).toBe(true);
    expect(testsRequesterEmail(rule())).toBe(false);
    const emails = new Map([['c2', 'mei@vip.example']]);
    expect(
      countMatches({ trigger: byEmail, tickets, since, event: 'created', by: 'customer', requesterEmails: emails })
        .matched,
    ).toBe(1);
    const many = Array.from({ length: 8 }, (_, i) => made(10 + i, `2026-03-2${i}T09:00:00.000Z`, 'Printer'));
    const count = countMatches({
      trigger: rule(),
      tickets: many,
      since,
      event: 'created',
      by: 'customer',
      requesterEmails: new Map(),
    });
    expect(count.matched).toBe(8);
    expect(count.examples).toHaveLength(PREVIEW_EXAMPLES);
    expect(count.examples[0]?.number).toBe(17);
  });
});

describe('ticketReferenceOf: what an admin types to pick a ticket', () => {
  it.each([
    ['42', { number: 42 }],
    ['#42', { number: 42 }],
    [' # 7 ', { number: 7 }],
    ['Xy12_ab-CD', { id: 'Xy12_ab-CD' }],
    ['https://desk.example/desk/tickets/Xy12abCD?tab=1', { id: 'Xy12abCD' }],
    ['/requests/Xy12abCD/', { id: 'Xy12abCD' }],
    ['0', null],
    ['', null],
    ['not an id!', null],
  ])('reads “%s”', (text, expected) => {
    expect(ticketReferenceOf(text)).toEqual(expected);
  });
});
