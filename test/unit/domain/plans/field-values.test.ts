/**
 * Custom field values as plans (DESIGN §3 "Custom fields"): where each value is stored, the audit
 * entries, the two requirements, and what the rules are told.
 */
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import {
  auditFieldValue,
  changedKeysByType,
  fieldAuditEntries,
  fieldRulesSummary,
  NO_FIELD_VALUES,
  planFieldValues,
  planSubmittedValues,
  splitValues,
} from '@/domain/plans/field-values';
import { planStatusMove } from '@/domain/plans/status-move';
import { planTicketPatch } from '@/domain/plans/ticket-patch';
import { planReply } from '@/domain/plans/reply';
import { agent, customer, ticket } from '../../../support/plan-fixtures';

const option = (id: string, archived = false) => ({ id, label: { en: id }, archived });
const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false };
const FIELDS: CustomFieldDefinition[] = [
  {
    ...base,
    key: 'order',
    type: 'text',
    label: { en: 'Order' },
    visibleTo: 'customers',
    filledBy: 'customers',
    requiredOnSubmit: true,
  },
  {
    ...base,
    key: 'product',
    type: 'dropdown',
    label: { en: 'Product' },
    visibleTo: 'customers',
    filledBy: 'customers',
    options: [option('web'), option('fax', true)],
  },
  {
    ...base,
    key: 'plan',
    type: 'dropdown',
    label: { en: 'Plan' },
    visibleTo: 'agents',
    filledBy: 'agents',
    requiredToSolve: true,
    options: [option('free'), option('team')],
  },
  {
    ...base,
    key: 'seats',
    type: 'number',
    label: { en: 'Seats' },
    visibleTo: 'agents',
    filledBy: 'agents',
    integer: true,
    min: 1,
    max: 9,
  },
  {
    ...base,
    key: 'old',
    type: 'checkbox',
    label: { en: 'Old' },
    visibleTo: 'customers',
    filledBy: 'agents',
    archived: true,
  },
];

describe('planFieldValues', () => {
  it('stores customers’ values on the ticket and agents-only ones apart, one entry per changed key', () => {
    const plan = planFieldValues(FIELDS, NO_FIELD_VALUES, { product: 'web', plan: 'team', seats: 3 }, 'staff');
    expect(plan.visible).toEqual({ product: 'web' });
    expect(plan.agents).toEqual({ plan: 'team', seats: 3 });
    expect(plan.events).toEqual([
      { type: 'field', field: 'plan', from: null, to: 'team' },
      { type: 'field', field: 'product', from: null, to: 'web' },
      { type: 'field', field: 'seats', from: null, to: '3' },
    ]);
  });

  it('writes nothing for a value already stored, and empties a field with null', () => {
    const stored = { visible: { product: 'web' }, agents: { plan: 'free' } };
    expect(planFieldValues(FIELDS, stored, { product: 'web' }, 'staff')).toEqual({ events: [] });
    const cleared = planFieldValues(FIELDS, stored, { plan: null }, 'staff');
    expect(cleared.agents).toEqual({});
    expect(cleared.visible).toBeUndefined();
    expect(cleared.events).toEqual([{ type: 'field', field: 'plan', from: 'free', to: null }]);
  });

  it.each([
    [{ colour: 'red' }, 'staff', 'invalid-argument', 'There is no field “colour”.'],
    [{ product: 5 }, 'staff', 'invalid-argument', '“Product” is one of its options.'],
    [{ product: 'fax' }, 'staff', 'invalid-argument', 'The option “fax” of “Product” is archived: choose another.'],
    [{ seats: 10 }, 'staff', 'invalid-argument', '“Seats” is 1 to 9.'],
    [{ seats: 2.5 }, 'staff', 'invalid-argument', '“Seats” is a whole number.'],
    [{ order: 'x'.repeat(10_000) }, 'staff', 'invalid-argument', '“Order” has at most 500 characters.'],
    [{ old: true }, 'staff', 'invalid-argument', '“Old” is archived: it takes no new value.'],
    [{ plan: 'team' }, 'customer', 'permission-denied', 'Only agents and admins can fill “Plan”.'],
  ] as const)('refuses %j by %s (%s)', (changes, writer, code, message) => {
    expect(() => planFieldValues(FIELDS, NO_FIELD_VALUES, changes, writer)).toThrow(
      expect.objectContaining({ code, message }),
    );
  });

  it('refuses more changes in one write than the rules can check', () => {
    const many: CustomFieldDefinition[] = Array.from({ length: 11 }, (_, i) => ({
      ...base,
      key: `f${i}`,
      type: 'text',
      label: { en: `F${i}` },
      visibleTo: 'agents',
      filledBy: 'agents',
    }));
    const changes = Object.fromEntries(many.map((field) => [field.key, 'x']));
    expect(() => planFieldValues(many, NO_FIELD_VALUES, changes, 'staff')).toThrow('Change at most 10 fields at once.');
  });
});

describe('planSubmittedValues', () => {
  it('keeps what customers fill, and names a required field left empty', () => {
    expect(planSubmittedValues(FIELDS, { order: 'A-1', product: 'web' })).toEqual({ order: 'A-1', product: 'web' });
    expect(() => planSubmittedValues(FIELDS, { product: 'web' })).toThrow('Fill “Order” to send your request.');
    expect(() => planSubmittedValues(FIELDS, { order: 'A-1', plan: 'team' })).toThrow(
      'Only agents and admins can fill “Plan”.',
    );
  });
});

describe('required to solve, on every path that solves', () => {
  const context = (agents = {}) => ({ definitions: FIELDS, values: { visible: {}, agents } });
  it('refuses a staff solve naming the empty field, and solves once it is set', () => {
    expect(() => planStatusMove(ticket(), 'solve', agent, context())).toThrow(
      expect.objectContaining({ code: 'failed-precondition', message: 'Fill “Plan” before solving this ticket.' }),
    );
    expect(planStatusMove(ticket(), 'solve', agent, context({ plan: 'free' })).write.set.status).toBe('solved');
  });
  it('refuses a reply that solves, but not the requester marking their own request solved', () => {
    const reply = { ticket: ticket(), internal: false, attachmentCount: 0, expectedUpdatedAt: ticket().updatedAt };
    expect(() => planReply({ ...reply, actor: agent, event: 'solve', assignOnReply: true, fields: context() })).toThrow(
      'Fill “Plan” before solving this ticket.',
    );
    const own = planStatusMove(ticket({ status: 'pending' }), 'solve', customer, context());
    expect(own.write.set.status).toBe('solved');
  });
  it('lets a field change and the solve it waits for come in turn', () => {
    const patched = planTicketPatch({
      ticket: ticket(),
      patch: { fields: { plan: 'team' } },
      actor: agent,
      assignee: null,
      expectedUpdatedAt: undefined,
      fields: context(),
    });
    expect(patched.agentFields).toEqual({ plan: 'team' });
    expect(patched.events).toEqual([{ type: 'field', field: 'plan', from: null, to: 'team' }]);
  });
  it('lets the requester fill their own request’s fields, and no one else’s', () => {
    const fields = { definitions: FIELDS, values: NO_FIELD_VALUES };
    const own = planTicketPatch({
      ticket: ticket(),
      patch: { fields: { order: 'A-2' } },
      actor: customer,
      assignee: null,
      expectedUpdatedAt: undefined,
      fields,
    });
    expect(own.write.set.fields).toEqual({ order: 'A-2' });
    expect(() =>
      planTicketPatch({
        ticket: ticket({ requesterId: 'someone-else' }),
        patch: { fields: { order: 'A-2' } },
        actor: customer,
        assignee: null,
        expectedUpdatedAt: undefined,
        fields,
      }),
    ).toThrow(expect.objectContaining({ code: 'permission-denied' }));
  });
});

describe('what trusted code and the rules see', () => {
  it('derives the same entries from before and after as the planner writes', () => {
    expect(fieldAuditEntries({ a: ['x', 'y'], b: 1 }, { a: ['x'], c: true })).toEqual([
      { type: 'field', field: 'a', from: 'x, y', to: 'x' },
      { type: 'field', field: 'b', from: '1', to: null },
      { type: 'field', field: 'c', from: null, to: 'true' },
    ]);
    expect(auditFieldValue(false)).toBe('false');
    expect(auditFieldValue([])).toBeNull();
  });
  it('splits values by who sees them, and names changed keys by type', () => {
    expect(splitValues(FIELDS, { order: 'A', plan: 'free', unknown: 1 })).toEqual({
      visible: { order: 'A' },
      agents: { plan: 'free', unknown: 1 },
    });
    expect(changedKeysByType(FIELDS, { order: 'A', plan: 'free' }, { order: 'B', plan: 'free', seats: 2 })).toEqual({
      text: ['order'],
      multiline: [],
      number: ['seats'],
      dropdown: [],
      multiselect: [],
      checkbox: [],
      date: [],
    });
  });
  it('summarises the definitions for the rules: active keys by type, who fills what, requirements', () => {
    const summary = fieldRulesSummary(FIELDS);
    expect(summary.keys).toEqual(['order', 'product', 'plan', 'seats', 'old']);
    expect(summary.checkbox).toEqual([]);
    expect(summary.visible).toEqual(['order', 'product', 'old']);
    expect(summary.agents).toEqual(['plan', 'seats']);
    expect(summary.customerFills).toEqual(['order', 'product']);
    expect(summary.requiredOnSubmit).toEqual(['order']);
    expect(summary.solveAgents).toEqual(['plan']);
    expect(summary.options).toEqual({ product: ['web'], plan: ['free', 'team'] });
    expect(summary).toMatchObject({ min: { seats: 1 }, max: { seats: 9 }, integer: ['seats'] });
  });
});
