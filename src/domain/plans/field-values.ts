/**
 * Custom field values on a ticket as plans (DESIGN §3 "Custom fields"): which values a write
 * stores where, the audit entries it makes, and the two requirements — fields customers must
 * fill to submit, fields that must be filled before a ticket is solved. Storage is split by
 * who may read it: values customers see live on the ticket itself (`fields`), agents-only
 * values apart (a staff-only record), so a customer's read of their ticket never carries them.
 */
import { AppError } from '@/domain/errors/errors';
import {
  applyValueChanges,
  isEmptyValue,
  missingOnSubmit,
  missingToSolve,
  valuesWriteProblem,
  visibleToCustomers,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
  type CustomFieldValue,
  type CustomFieldValues,
  type FieldWriter,
} from '@/domain/custom-fields';
import type { AuditEntry } from '@/domain/plans/ticket-write';

/** A write's changes by field key: a new value, or `null` to empty the field. */
export type FieldChanges = Record<string, CustomFieldValue | null>;

/** A ticket's values, split as stored: `visible` on the ticket, `agents` in the staff-only record. */
export interface TicketFieldValues {
  visible: CustomFieldValues;
  agents: CustomFieldValues;
}

/** No values at all. */
export const NO_FIELD_VALUES: TicketFieldValues = Object.freeze({ visible: {}, agents: {} });

/** What a ticket's definitions and values are, for a check that needs both (a solve). */
export interface FieldsContext {
  definitions: readonly CustomFieldDefinition[];
  values: TicketFieldValues;
}

/** A planned change of values: the whole new map of each part that changes, and its audit entries. */
export interface FieldValuesPlan {
  /** The ticket's new `fields` when a customer-visible value changes. */
  visible?: CustomFieldValues;
  /** The staff-only record's new values when an agents-only value changes. */
  agents?: CustomFieldValues;
  /** One `field` entry per changed key, in key order. */
  events: AuditEntry[];
}

/** A value as the audit trail stores it: text as it is, a number in JS notation, `true`/`false`, options comma-joined; `null` when empty. */
export function auditFieldValue(value: CustomFieldValue | undefined): string | null {
  if (value === undefined || isEmptyValue(value)) return null;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * The audit entries between two value maps: one `field` entry per key whose value changed,
 * in key order (the planners and trusted code that sees only before and after agree on it).
 */
export function fieldAuditEntries(before: CustomFieldValues, after: CustomFieldValues): AuditEntry[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => {
    const from = auditFieldValue(before[key]);
    const to = auditFieldValue(after[key]);
    return from === to ? [] : [{ type: 'field' as const, field: key, from, to }];
  });
}

/** The keys whose value differs between two maps of values (added, changed or removed), sorted. */
function changedFieldKeys(before: CustomFieldValues, after: CustomFieldValues): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/**
 * The keys a write changes, by their field's type, every type present (Firestore's
 * `fieldsChanged`): what the rules walk. A key with no definition is under none.
 */
export function changedKeysByType(
  definitions: readonly CustomFieldDefinition[],
  before: CustomFieldValues,
  after: CustomFieldValues,
): Record<CustomFieldType, string[]> {
  const types = new Map(definitions.map((field) => [field.key, field.type]));
  const byType = Object.fromEntries(CUSTOM_FIELD_TYPES.map((type) => [type, [] as string[]])) as Record<
    CustomFieldType,
    string[]
  >;
  for (const key of changedFieldKeys(before, after)) {
    const type = types.get(key);
    if (type) byType[type].push(key);
  }
  return byType;
}

/** The two parts of a map of values, by whether customers see each field; keys with no definition go with the agents' part. */
export function splitValues(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues,
): TicketFieldValues {
  const visible = new Set(definitions.filter(visibleToCustomers).map((field) => field.key));
  const split: TicketFieldValues = { visible: {}, agents: {} };
  for (const [key, value] of Object.entries(values)) (visible.has(key) ? split.visible : split.agents)[key] = value;
  return split;
}

/**
 * Plans a write of values on a ticket (DESIGN §3 "Custom fields"): each key a defined field, each
 * value fit for it (`valuesWriteProblem`), a customer writing only fields customers fill. A
 * change to what is stored already changes nothing and writes no entry.
 * @throws AppError `permission-denied` (a customer writing a field only staff fill),
 *   `invalid-argument` (unknown key, wrong type, too long, out of range, an archived field or option).
 */
export function planFieldValues(
  definitions: readonly CustomFieldDefinition[],
  stored: TicketFieldValues,
  changes: FieldChanges,
  writer: FieldWriter,
): FieldValuesPlan {
  const all = { ...stored.agents, ...stored.visible };
  const problem = valuesWriteProblem(definitions, changes, all, writer);
  if (problem !== null) {
    const staffOnly = definitions.some(
      (field) => field.key in changes && writer === 'customer' && field.filledBy !== 'customers',
    );
    throw new AppError(staffOnly ? 'permission-denied' : 'invalid-argument', problem);
  }
  const after = splitValues(definitions, applyValueChanges(all, changes));
  const plan: FieldValuesPlan = { events: [] };
  const visibleEvents = fieldAuditEntries(stored.visible, after.visible);
  const agentEvents = fieldAuditEntries(stored.agents, after.agents);
  if (visibleEvents.length > 0) plan.visible = after.visible;
  if (agentEvents.length > 0) plan.agents = after.agents;
  plan.events = [...visibleEvents, ...agentEvents].sort((a, b) => (a.field ?? '').localeCompare(b.field ?? ''));
  return plan;
}

/** The labels of fields, quoted and comma-joined: “Plan”, “Product”. */
function quotedLabels(fields: readonly CustomFieldDefinition[]): string {
  return fields.map((field) => `“${field.label.en}”`).join(', ');
}

/**
 * A request's values as its requester sends them (DESIGN §3): only fields customers fill, each
 * fit ({@link planFieldValues}), and every field required on submit filled.
 * @returns the values to store on the new ticket (all are customer-visible).
 * @throws AppError as {@link planFieldValues}; `invalid-argument` naming the empty required fields.
 */
export function planSubmittedValues(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues,
): CustomFieldValues {
  const plan = planFieldValues(definitions, NO_FIELD_VALUES, values, 'customer');
  const stored = plan.visible ?? {};
  const missing = missingOnSubmit(definitions, stored);
  if (missing.length > 0) throw new AppError('invalid-argument', `Fill ${quotedLabels(missing)} to send your request.`);
  return stored;
}

/**
 * Refuses a solve while a required-to-solve field is empty (DESIGN §2, §3 "Custom fields"),
 * naming the fields. Every path that solves calls it through `planStatusMove`.
 * @throws AppError `failed-precondition`.
 */
export function assertSolvable(context: FieldsContext): void {
  const missing = missingToSolve(context.definitions, { ...context.values.agents, ...context.values.visible });
  if (missing.length > 0) {
    throw new AppError('failed-precondition', `Fill ${quotedLabels(missing)} before solving this ticket.`);
  }
}

/**
 * What the security rules check values against (DESIGN §3 "Custom fields"), written by admins
 * with the definitions (`settings/fields.summary`): the active keys of each type (an archived field
 * is in none: it takes no new value), who sees and fills what, the requirements, options and
 * bounds. The rules have no loops: a write names the keys it changes by type
 * ({@link changedKeysByType}) and the rules walk each list by position.
 */
export interface FieldRulesSummary extends Record<CustomFieldType, string[]> {
  /** Every defined key, archived ones included, in order. */
  keys: string[];
  /** Keys customers see (stored on the ticket), and agents-only keys (the staff-only record); archived ones included. */
  visible: string[];
  agents: string[];
  /** Active keys customers may fill. */
  customerFills: string[];
  /** Active keys customers must fill to submit. */
  requiredOnSubmit: string[];
  /** Active customer-visible keys required to solve, and agents-only ones. */
  solveVisible: string[];
  solveAgents: string[];
  /** Choice fields' option ids by key: a dropdown's active ones, a multi-select's all. */
  options: Record<string, string[]>;
  /** Number fields' bounds by key, where set; whole-number fields by key. */
  min: Record<string, number>;
  max: Record<string, number>;
  integer: string[];
}

/** The rules' summary of a list of definitions. */
export function fieldRulesSummary(definitions: readonly CustomFieldDefinition[]): FieldRulesSummary {
  const active = definitions.filter((field) => !field.archived);
  const keysOf = (fields: readonly CustomFieldDefinition[]) => fields.map((field) => field.key);
  const ofType = (type: CustomFieldType) => keysOf(active.filter((field) => field.type === type));
  const summary: FieldRulesSummary = {
    keys: keysOf(definitions),
    text: ofType('text'),
    multiline: ofType('multiline'),
    number: ofType('number'),
    checkbox: ofType('checkbox'),
    date: ofType('date'),
    dropdown: ofType('dropdown'),
    multiselect: ofType('multiselect'),
    visible: keysOf(definitions.filter(visibleToCustomers)),
    agents: keysOf(definitions.filter((field) => !visibleToCustomers(field))),
    customerFills: keysOf(active.filter((field) => field.filledBy === 'customers')),
    requiredOnSubmit: keysOf(active.filter((field) => field.requiredOnSubmit)),
    solveVisible: keysOf(active.filter((field) => field.requiredToSolve && visibleToCustomers(field))),
    solveAgents: keysOf(active.filter((field) => field.requiredToSolve && !visibleToCustomers(field))),
    options: {},
    min: {},
    max: {},
    integer: keysOf(active.filter((field) => field.type === 'number' && field.integer === true)),
  };
  for (const field of active) {
    if (field.options) {
      // A dropdown's new choice is an active option; a multi-select's list may keep archived ones
      // it holds (the rules see the list, not what it held), so every option counts there.
      const offered = field.type === 'dropdown' ? field.options.filter((option) => !option.archived) : field.options;
      summary.options[field.key] = offered.map((option) => option.id);
    }
    if (field.min !== undefined) summary.min[field.key] = field.min;
    if (field.max !== undefined) summary.max[field.key] = field.max;
  }
  return summary;
}
