/**
 * A trigger as the automations editor holds it (DESIGN §10 "Triggers"): every control's value as
 * typed, so a refused save keeps all of it; and the trigger a draft stands for — checked by the
 * domain's own `triggerSchema` (and the field values by `valueProblem`) before any round trip.
 * Also the writes a move in the list makes.
 */
import { changeOf, draftOf, type FieldDraft } from '@/components/custom-field-control';
import { valueProblem, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { MacroActions } from '@/domain/macros';
import { firstIssueMessage } from '@/domain/schemas';
import {
  CONDITION_OPERATORS,
  propertyKind,
  takesValue,
  triggerSchema,
  type ConditionOperator,
  type ConditionProperty,
  type EmailRecipient,
  type TriggerEmail,
  type Trigger,
  type TriggerActions,
  type TriggerCondition,
  type TriggerEvent,
  type TriggerInput,
} from '@/domain/triggers';
import { PRIORITIES, TICKET_STATUSES, type Priority } from '@/domain/types';
import type { PreviewedTrigger } from '@/domain/plans/trigger-preview';

/** A category action's value that removes the ticket's category (`''` leaves it). */
export const NO_CATEGORY = '\u0000none';
/** An assignee action's value that unassigns the ticket (`''` leaves it; else an agent's uid). */
export const UNASSIGN = '\u0000unassign';
/** An assignee action's value that gives the ticket round-robin to {@link TriggerDraft.roundRobinAgents}. */
export const ROUND_ROBIN = '\u0000roundRobin';
/** The cap a new round-robin starts with: unsolved tickets per agent (DESIGN §10 "Round-robin"). */
export const DEFAULT_ROUND_ROBIN_CAP = 20;

/** One condition as typed. */
export interface ConditionDraft {
  property: ConditionProperty;
  operator: ConditionOperator;
  value: string;
}

/** The languages a trigger's email may be translated into (the main text serves the others). */
export const EMAIL_TRANSLATIONS = ['es', 'ar'] as const;
export type EmailTranslation = (typeof EMAIL_TRANSLATIONS)[number];

/** One of a trigger's emails as typed; a translation with both texts empty is none. */
export interface EmailDraft {
  to: EmailRecipient;
  address: string;
  subject: string;
  body: string;
  translations: Record<EmailTranslation, { subject: string; body: string }>;
}

/** A new email: to the requester, nothing written yet. */
export const NEW_EMAIL: EmailDraft = {
  to: 'requester',
  address: '',
  subject: '',
  body: '',
  translations: { es: { subject: '', body: '' }, ar: { subject: '', body: '' } },
};

/** A trigger as the form edits it: every action as a control's value (`''` leaves it alone). */
export interface TriggerDraft {
  /** The trigger being edited, or `null` for a new one. */
  id: string | null;
  title: string;
  active: boolean;
  on: TriggerEvent[];
  all: ConditionDraft[];
  any: ConditionDraft[];
  status: string;
  priority: string;
  /** `''` leaves the category; {@link NO_CATEGORY} removes it. */
  category: string;
  /** `''`, {@link UNASSIGN}, {@link ROUND_ROBIN} or an agent's uid. */
  assignee: string;
  /** The round-robin's agents (uids, in the rota's order) when `assignee` is {@link ROUND_ROBIN}. */
  roundRobinAgents: string[];
  /** The round-robin's cap as typed: unsolved tickets per agent, a whole number 1–1000. */
  roundRobinCap: string;
  addTags: string[];
  removeTags: string[];
  fields: { key: string; draft: FieldDraft }[];
  note: string;
  /** The emails it sends, in order. */
  emails: EmailDraft[];
}

/** A new trigger: active, on new tickets, with nothing to test and nothing to do yet. */
export const NEW_DRAFT: TriggerDraft = {
  id: null,
  title: '',
  active: true,
  on: ['created'],
  all: [],
  any: [],
  status: '',
  priority: '',
  category: '',
  assignee: '',
  roundRobinAgents: [],
  roundRobinCap: String(DEFAULT_ROUND_ROBIN_CAP),
  addTags: [],
  removeTags: [],
  fields: [],
  note: '',
  emails: [],
};

/** The tests a property allows. */
export function operatorsOf(property: ConditionProperty): readonly ConditionOperator[] {
  return CONDITION_OPERATORS[propertyKind(property)];
}

/** The value a new condition on `property` starts with: the first choice where there is a list. */
export function firstValueOf(property: ConditionProperty, fields: readonly CustomFieldDefinition[]): string {
  switch (propertyKind(property)) {
    case 'status':
      return TICKET_STATUSES[0];
    case 'priority':
      return PRIORITIES[0];
    case 'updatedBy':
      return 'customer';
    case 'hoursSinceCreated':
    case 'hoursSinceUpdated':
    case 'hoursSinceSolved':
    case 'hoursSinceLastMessage':
      return '24';
    case 'field': {
      const field = fields.find((candidate) => `field:${candidate.key}` === property);
      if (field?.type === 'checkbox') return 'true';
      if (field?.type === 'dropdown' || field?.type === 'multiselect') {
        return field.options?.find((option) => !option.archived)?.id ?? '';
      }
      return '';
    }
    default:
      return '';
  }
}

/** A new condition on `property`: its first test and first value. */
export function conditionOn(property: ConditionProperty, fields: readonly CustomFieldDefinition[]): ConditionDraft {
  return { property, operator: operatorsOf(property)[0] ?? 'is', value: firstValueOf(property, fields) };
}

/** A stored trigger as the form's draft. */
export function draftFrom(trigger: Trigger, fields: readonly CustomFieldDefinition[]): TriggerDraft {
  const { actions } = trigger;
  const assignee = actions.assignee;
  const roundRobin = assignee?.kind === 'roundRobin' ? assignee : null;
  return {
    id: trigger.id,
    title: trigger.title,
    active: trigger.active,
    on: [...trigger.on],
    all: trigger.all.map((condition) => ({ ...condition })),
    any: trigger.any.map((condition) => ({ ...condition })),
    status: actions.status ?? '',
    priority: actions.priority ?? '',
    category: actions.category === undefined ? '' : actions.category || NO_CATEGORY,
    assignee: !assignee ? '' : assignee.kind === 'agent' ? assignee.uid : roundRobin ? ROUND_ROBIN : UNASSIGN,
    roundRobinAgents: roundRobin ? [...roundRobin.agents] : [],
    roundRobinCap: String(roundRobin?.cap ?? DEFAULT_ROUND_ROBIN_CAP),
    addTags: actions.addTags ?? [],
    removeTags: actions.removeTags ?? [],
    fields: Object.entries(actions.fields ?? {}).flatMap(([key, value]) => {
      const field = fields.find((candidate) => candidate.key === key);
      return field ? [{ key, draft: draftOf(field, value ?? undefined) }] : [];
    }),
    note: actions.note ?? '',
    emails: (actions.emails ?? []).map((email) => ({
      to: email.to,
      address: email.address,
      subject: email.subject,
      body: email.body,
      translations: {
        es: { ...NEW_EMAIL.translations.es, ...email.translations?.es },
        ar: { ...NEW_EMAIL.translations.ar, ...email.translations?.ar },
      },
    })),
  };
}

/** What an email draft saves: the address only for a fixed address, each translation begun. */
function emailOf(draft: EmailDraft): TriggerEmail {
  const translations: NonNullable<TriggerEmail['translations']> = {};
  for (const locale of EMAIL_TRANSLATIONS) {
    const text = draft.translations[locale];
    if (text.subject.trim() || text.body.trim()) translations[locale] = { ...text };
  }
  return {
    to: draft.to,
    address: draft.to === 'address' ? draft.address : '',
    subject: draft.subject,
    body: draft.body,
    ...(Object.keys(translations).length > 0 && { translations }),
  };
}

/** What a condition draft saves: the value only for a test that compares with one. */
function conditionOf(draft: ConditionDraft): TriggerCondition {
  return { property: draft.property, operator: draft.operator, value: takesValue(draft.operator) ? draft.value : '' };
}

/**
 * The actions a draft stands for. A field value its field refuses is the first problem (a
 * sentence, from `valueProblem`) unless `lenient`, which leaves it out (a test of a draft
 * still being typed).
 */
function actionsOf(
  draft: TriggerDraft,
  fields: readonly CustomFieldDefinition[],
  lenient: boolean,
): TriggerActions | { problem: string } {
  const actions: TriggerActions = {};
  if (draft.status) actions.status = draft.status as MacroActions['status'];
  if (draft.priority) actions.priority = draft.priority as Priority;
  if (draft.category) actions.category = draft.category === NO_CATEGORY ? null : draft.category;
  if (draft.assignee === UNASSIGN) actions.assignee = { kind: 'unassign' };
  else if (draft.assignee === ROUND_ROBIN) {
    // The cap as typed: a number the schema then bounds, or the schema's own sentence for what
    // is not a whole number (never rounded or clamped).
    const typed = draft.roundRobinCap.trim();
    const cap = /^[+-]?\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
    if (Number.isNaN(cap) && !lenient) return { problem: 'The cap is a whole number of tickets.' };
    if (!Number.isNaN(cap)) actions.assignee = { kind: 'roundRobin', agents: draft.roundRobinAgents, cap };
  } else if (draft.assignee) actions.assignee = { kind: 'agent', uid: draft.assignee };
  if (draft.addTags.length > 0) actions.addTags = draft.addTags;
  if (draft.removeTags.length > 0) actions.removeTags = draft.removeTags;
  if (draft.fields.length > 0) {
    const values: NonNullable<TriggerActions['fields']> = {};
    for (const { key, draft: value } of draft.fields) {
      const field = fields.find((candidate) => candidate.key === key);
      if (!field) continue;
      const change = changeOf(field, value);
      const problem = change === null ? null : valueProblem(field, change);
      if (problem && !lenient) return { problem };
      if (!problem) values[key] = change;
    }
    if (Object.keys(values).length > 0) actions.fields = values;
  }
  if (draft.note.trim()) actions.note = draft.note;
  if (draft.emails.length > 0) actions.emails = draft.emails.map(emailOf);
  return actions;
}

/**
 * The trigger a draft saves, or the first problem with it (a sentence: the field values' through
 * `valueProblem`, the rest through `triggerSchema`).
 * @param place the trigger's id and its `order` (a new one's: after the last).
 */
export function triggerOf(
  draft: TriggerDraft,
  fields: readonly CustomFieldDefinition[],
  place: { id: string; order: number },
): TriggerInput | { problem: string } {
  const actions = actionsOf(draft, fields, false);
  if ('problem' in actions) return actions;
  const parsed = triggerSchema.safeParse({
    title: draft.title,
    active: draft.active,
    order: place.order,
    on: draft.on,
    all: draft.all.map(conditionOf),
    any: draft.any.map(conditionOf),
    actions,
  });
  if (!parsed.success) return { problem: firstIssueMessage(parsed.error) };
  return { id: place.id, ...(parsed.data as Omit<TriggerInput, 'id'>) };
}

/** The draft as "Test this rule" runs it: as typed, unchecked, a field value its field refuses left out. */
export function previewedOf(draft: TriggerDraft, fields: readonly CustomFieldDefinition[]): PreviewedTrigger {
  const actions = actionsOf(draft, fields, true);
  return {
    id: draft.id ?? 'draft',
    title: draft.title.trim(),
    on: draft.on,
    all: draft.all.map(conditionOf),
    any: draft.any.map(conditionOf),
    actions: 'problem' in actions ? {} : actions,
  };
}

/** The `order` a new trigger takes: after the last one. */
export function nextOrder(triggers: readonly Pick<Trigger, 'order'>[]): number {
  return triggers.reduce((last, trigger) => Math.max(last, trigger.order + 1), 0);
}

/** A stored trigger as the port saves it again (without its stored time). */
export function inputOf(trigger: Trigger): TriggerInput {
  const { updatedAt: _at, ...input } = trigger;
  return input;
}

/**
 * The triggers to save to move the one at `index` (of `ordered`, the desk's order) one place up
 * (`-1`) or down (`1`), each with its new `order`. Two triggers swap their `order` when every
 * order differs (the usual case: two writes); otherwise the list is numbered again from 0 and
 * every trigger whose order changes is saved.
 * @returns the triggers to save, `[]` when the move goes past an end.
 */
export function movedTriggers(ordered: readonly Trigger[], index: number, by: -1 | 1): TriggerInput[] {
  const target = index + by;
  const moving = ordered[index];
  const other = ordered[target];
  if (!moving || !other) return [];
  if (new Set(ordered.map((trigger) => trigger.order)).size === ordered.length) {
    return [
      { ...inputOf(moving), order: other.order },
      { ...inputOf(other), order: moving.order },
    ];
  }
  const next = [...ordered];
  next[index] = other;
  next[target] = moving;
  return next.flatMap((trigger, order) => (trigger.order === order ? [] : [{ ...inputOf(trigger), order }]));
}
