/**
 * Triggers (DESIGN §10 "Triggers"): an admin's rules that trusted code runs on every ticket
 * created or updated, in the admin's order — Zendesk's triggers. A trigger has conditions (all of
 * them must hold, and at least one of the "any" ones when there are any) and actions, the same
 * actions a macro has but a public reply and "assign to me" (a trigger acts for the desk, not
 * for a person). This module holds the type, its schema and limits, and the conditions' test;
 * `src/domain/plans/triggers.ts` runs a desk's triggers over a change.
 *
 * Decisions:
 * - Conditions compare the ticket as the change leaves it; "changed", "changed to" and "changed
 *   from" compare it with the ticket before the change that started the chain (a trigger set off
 *   by another trigger's priority sees that priority as changed).
 * - A condition's value is text: a status, a priority, a category's name, a tag, an agent's uid
 *   (`''` for nobody), an organisation's id (`''` for none: the ticket's, DESIGN §1 "Organisations"), a field's value as `fieldFilterKey` writes it (an option id, `true`/`false`,
 *   a number, a day), a word or an email domain. Text compares case-folded.
 */
import { z } from 'zod/mini';
import { TICKET_STATUSES, PRIORITIES, type Ticket, type IsoDateTime } from '@/domain/types';
import { LIMITS } from '@/domain/limits';
import { fieldChangesSchema, type CustomFieldValue } from '@/domain/custom-fields';
import { MACRO_STATUS_EVENTS, type MacroActions } from '@/domain/macros';
import { MAX_ROUND_ROBIN_AGENTS, MAX_ROUND_ROBIN_CAP, type RoundRobinAssignee } from '@/domain/round-robin';
import type { Locale } from '@/domain/locales';

/** Most triggers a desk keeps (each ticket write tests every active one). */
export const MAX_TRIGGERS = 200;
/** Most conditions of one trigger, "all" and "any" together. */
export const MAX_TRIGGER_CONDITIONS = 20;
/** Longest trigger title (characters). */
export const MAX_TRIGGER_TITLE = 100;
/** Longest text a condition compares with (characters). */
export const MAX_CONDITION_VALUE = 200;

/**
 * When a trigger is tested: on a ticket's creation, on each later change, or both — or, for a
 * **time rule** (`['time']` alone), by the scheduled job over the tickets not closed (DESIGN §10
 * "Time rules").
 */
export const TRIGGER_EVENTS = ['created', 'updated', 'time'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/** Who made a change, as a condition names them. */
export const CHANGE_AUTHORS = ['customer', 'agent', 'system'] as const;
export type ChangeAuthor = (typeof CHANGE_AUTHORS)[number];

/** The ticket properties a condition may test, and how (`field:<key>` for a custom field). */
export const CONDITION_OPERATORS = {
  status: ['is', 'isNot', 'changed', 'changedTo', 'changedFrom'],
  priority: ['is', 'isNot', 'changed', 'changedTo', 'changedFrom'],
  category: ['is', 'isNot', 'changed', 'changedTo', 'changedFrom'],
  assignee: ['is', 'isNot', 'changed', 'changedTo', 'changedFrom'],
  tags: ['includes', 'excludes'],
  subject: ['contains', 'notContains'],
  requesterEmail: ['is', 'endsWith', 'contains'],
  organisation: ['is', 'isNot'],
  updatedBy: ['is', 'isNot'],
  hoursSinceCreated: ['atLeast', 'lessThan'],
  hoursSinceUpdated: ['atLeast', 'lessThan'],
  hoursSinceSolved: ['atLeast', 'lessThan'],
  hoursSinceLastMessage: ['atLeast', 'lessThan'],
  field: ['is', 'isNot', 'present', 'absent', 'changed'],
} as const;

/** The properties only a time rule tests: whole hours since a moment of the ticket, by the job's clock. */
export const HOURS_PROPERTIES = [
  'hoursSinceCreated',
  'hoursSinceUpdated',
  'hoursSinceSolved',
  'hoursSinceLastMessage',
] as const;
/** One of {@link HOURS_PROPERTIES}. */
export type HoursProperty = (typeof HOURS_PROPERTIES)[number];
/** The most hours a time condition counts (a year). */
export const MAX_CONDITION_HOURS = 8_760;

/** Whether a property is one of {@link HOURS_PROPERTIES}. */
export function isHoursProperty(property: string): property is HoursProperty {
  return (HOURS_PROPERTIES as readonly string[]).includes(property);
}

/** The ticket's moment an hours property counts from. */
const HOURS_FROM: Record<HoursProperty, 'createdAt' | 'updatedAt' | 'solvedAt' | 'lastMessageAt'> = {
  hoursSinceCreated: 'createdAt',
  hoursSinceUpdated: 'updatedAt',
  hoursSinceSolved: 'solvedAt',
  hoursSinceLastMessage: 'lastMessageAt',
};

/** The ticket field an hours property counts from (the job's queries bound on it). */
export function hoursFrom(property: HoursProperty): 'createdAt' | 'updatedAt' | 'solvedAt' | 'lastMessageAt' {
  return HOURS_FROM[property];
}

/** A property a condition tests. */
export type ConditionProperty = Exclude<keyof typeof CONDITION_OPERATORS, 'field'> | `field:${string}`;
/** A test a condition makes. */
export type ConditionOperator = (typeof CONDITION_OPERATORS)[keyof typeof CONDITION_OPERATORS][number];

/** One condition: `property` tested by `operator` against `value` (unused by changed/present/absent). */
export interface TriggerCondition {
  property: ConditionProperty;
  operator: ConditionOperator;
  value: string;
}

/** Who a trigger's email goes to: the ticket's requester, its assignee (after the chain), or one fixed address. */
export const EMAIL_RECIPIENTS = ['requester', 'assignee', 'address'] as const;
export type EmailRecipient = (typeof EMAIL_RECIPIENTS)[number];

/** Most emails from triggers one ticket gets in {@link RULE_EMAIL_WINDOW_MS} (DESIGN §10 "Rule emails"). */
export const MAX_RULE_EMAILS_PER_TICKET = 10;
/** The window of the per-ticket limit: 24 hours, in ms. */
export const RULE_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Most emails one trigger sends per firing. */
export const MAX_TRIGGER_EMAILS = 3;
/** Longest subject of a trigger's email template (characters, before placeholders are filled). */
export const MAX_EMAIL_SUBJECT = 200;
/** Longest body of a trigger's email template (characters, before placeholders are filled). */
export const MAX_EMAIL_BODY = 5_000;

/** A template's text in one language. */
export interface EmailText {
  subject: string;
  body: string;
}

/**
 * An email a trigger sends (DESIGN §10 "Rule emails"): to whom, and a template with
 * placeholders ({@link RULE_EMAIL_PLACEHOLDERS}). The recipient gets the translation in their
 * language when the template has one, else the main text.
 */
export interface TriggerEmail extends EmailText {
  to: EmailRecipient;
  /** The fixed address, for `to: 'address'` (lowercased); `''` otherwise. */
  address: string;
  /** The template in other languages than the main text's (optional, each whole). */
  translations?: Partial<Record<Exclude<Locale, 'en'>, EmailText>>;
}

/** The placeholders a trigger's email may use (an unknown one is refused when the trigger is saved). */
export const RULE_EMAIL_PLACEHOLDERS = [
  'ticket.number',
  'ticket.subject',
  'ticket.status',
  'ticket.priority',
  'ticket.link',
  'requester.name',
  'requester.firstName',
  'assignee.name',
  'assignee.firstName',
  'desk.name',
] as const;
/** One of {@link RULE_EMAIL_PLACEHOLDERS}. */
export type RuleEmailPlaceholder = (typeof RULE_EMAIL_PLACEHOLDERS)[number];

/** The `{{…}}` placeholders of `text` that are not {@link RULE_EMAIL_PLACEHOLDERS}, each once, as written. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const [whole, path] of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    if (!(RULE_EMAIL_PLACEHOLDERS as readonly string[]).includes(path ?? '') && !unknown.includes(whole)) {
      unknown.push(whole);
    }
  }
  return unknown;
}

/**
 * What a trigger does: a macro's actions but the reply and "assign to me", and two a macro does
 * not have — round-robin assignment (`src/domain/round-robin.ts`) and emails from a template.
 */
export type TriggerActions = Omit<MacroActions, 'assignee'> & {
  assignee?: { kind: 'agent'; uid: string } | { kind: 'unassign' } | RoundRobinAssignee;
  emails?: TriggerEmail[];
};

/** A trigger as stored (`triggers/{id}`, in `order`). */
export interface Trigger {
  id: string;
  /** 1–100 characters: the timeline names the trigger by it. */
  title: string;
  /** An inactive trigger is kept but never run. */
  active: boolean;
  /** Its place in the desk's order (ascending); ties by id. */
  order: number;
  /** When it is tested. */
  on: TriggerEvent[];
  /** Every one must hold. */
  all: TriggerCondition[];
  /** At least one must hold, when there are any. */
  any: TriggerCondition[];
  actions: TriggerActions;
  updatedAt?: IsoDateTime;
}

const conditionSchema = z
  .object({
    property: z
      .string()
      .check(
        z.refine(
          (property) => property in CONDITION_OPERATORS || /^field:[a-z][a-z0-9_]{0,39}$/.test(property),
          'Choose what the condition tests from the list.',
        ),
      ),
    operator: z.string(),
    value: z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_CONDITION_VALUE, `A condition compares with at most ${MAX_CONDITION_VALUE} characters.`),
      ),
  })
  .check(
    z.refine((condition) => {
      const kind = condition.property.startsWith('field:') ? 'field' : condition.property;
      const allowed: readonly string[] = CONDITION_OPERATORS[kind as keyof typeof CONDITION_OPERATORS] ?? [];
      return allowed.includes(condition.operator);
    }, 'This test does not apply to what the condition tests.'),
    z.refine(
      (condition) =>
        ['changed', 'present', 'absent'].includes(condition.operator) ||
        condition.value !== '' ||
        condition.property === 'assignee' ||
        condition.property === 'category' ||
        condition.property === 'organisation',
      'A condition needs a value to compare with.',
    ),
    z.refine(
      (condition) =>
        !isHoursProperty(condition.property) ||
        (/^\d+$/.test(condition.value) &&
          Number(condition.value) >= 1 &&
          Number(condition.value) <= MAX_CONDITION_HOURS),
      `Hours are a whole number from 1 to ${MAX_CONDITION_HOURS}.`,
    ),
  );

const emailSubject = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the email a subject.'),
    z.maxLength(MAX_EMAIL_SUBJECT, `An email subject has at most ${MAX_EMAIL_SUBJECT} characters.`),
  );
const emailBody = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Write the email’s text.'),
    z.maxLength(MAX_EMAIL_BODY, `An email has at most ${MAX_EMAIL_BODY} characters.`),
  );
const knownPlaceholders = z.refine<EmailText>(
  (text) => unknownPlaceholders(`${text.subject}\n${text.body}`).length === 0,
  'The email uses a placeholder Triage does not know: use only those listed.',
);
const emailTextSchema = z.object({ subject: emailSubject, body: emailBody }).check(knownPlaceholders);

const triggerEmailSchema = z
  .object({
    to: z.enum(EMAIL_RECIPIENTS),
    address: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
    subject: emailSubject,
    body: emailBody,
    translations: z.optional(z.object({ es: z.optional(emailTextSchema), ar: z.optional(emailTextSchema) })),
  })
  .check(
    knownPlaceholders,
    z.refine(
      (email) => (email.to === 'address' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.address) : email.address === ''),
      'Type the address the email goes to, as name@example.com.',
    ),
  );

const tagList = z.array(z.string().check(z.regex(LIMITS.tags.pattern, 'A tag is lowercase letters, digits, - or _.')));

/** What an admin may save as a trigger (`id` and `updatedAt` are the store's). */
export const triggerSchema = z
  .object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Give the trigger a title.'),
        z.maxLength(MAX_TRIGGER_TITLE, `A trigger title has at most ${MAX_TRIGGER_TITLE} characters.`),
      ),
    active: z.boolean(),
    order: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
    on: z
      .array(z.enum(TRIGGER_EVENTS))
      .check(z.minLength(1, 'Choose when the trigger runs: created, updated or both.')),
    all: z.array(conditionSchema),
    any: z.array(conditionSchema),
    actions: z.object({
      status: z.optional(z.enum(MACRO_STATUS_EVENTS)),
      priority: z.optional(z.enum(PRIORITIES)),
      category: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(60)))),
      assignee: z.optional(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('agent'), uid: z.string().check(z.minLength(1), z.maxLength(128)) }),
          z.object({ kind: z.literal('unassign') }),
          z.object({
            kind: z.literal('roundRobin'),
            agents: z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(
              z.minLength(1, 'Choose at least one agent for the round-robin.'),
              z.maxLength(MAX_ROUND_ROBIN_AGENTS, `A round-robin goes over at most ${MAX_ROUND_ROBIN_AGENTS} agents.`),
              z.refine((agents) => new Set(agents).size === agents.length, 'Each agent is in the round-robin once.'),
            ),
            cap: z
              .number()
              .check(
                z.int('The cap is a whole number of tickets.'),
                z.gte(1, 'The cap is at least 1 unsolved ticket per agent.'),
                z.lte(MAX_ROUND_ROBIN_CAP, `The cap is at most ${MAX_ROUND_ROBIN_CAP} unsolved tickets per agent.`),
              ),
          }),
        ]),
      ),
      addTags: z.optional(tagList),
      removeTags: z.optional(tagList),
      fields: z.optional(fieldChangesSchema),
      note: z.optional(z.string().check(z.maxLength(10_000, 'A note has at most 10 000 characters.'))),
      emails: z.optional(
        z
          .array(triggerEmailSchema)
          .check(z.maxLength(MAX_TRIGGER_EMAILS, `A trigger sends at most ${MAX_TRIGGER_EMAILS} emails.`)),
      ),
    }),
  })
  .check(
    z.refine(
      (trigger) => trigger.all.length + trigger.any.length > 0,
      'A trigger needs at least one condition: without one it would act on every ticket.',
    ),
    z.refine(
      (trigger) => trigger.all.length + trigger.any.length <= MAX_TRIGGER_CONDITIONS,
      `A trigger has at most ${MAX_TRIGGER_CONDITIONS} conditions.`,
    ),
    z.refine(
      (trigger) =>
        Object.values(trigger.actions).some((action) =>
          Array.isArray(action) ? action.length > 0 : action !== undefined && action !== '',
        ),
      'A trigger needs at least one action.',
    ),
    z.refine(
      (trigger) => !contradicts(trigger.all),
      'These conditions can never all hold: one asks for a value another rules out.',
    ),
    z.refine(
      (trigger) => !trigger.on.includes('time') || trigger.on.length === 1,
      'A time rule runs on the schedule only, not also on new tickets or updates.',
    ),
    z.refine(
      (trigger) => !trigger.on.includes('time') || trigger.all.some((condition) => isHoursProperty(condition.property)),
      'A time rule needs an hours condition among "all of these" (hours since created, updated, solved or the last message).',
    ),
    z.refine(
      (trigger) =>
        trigger.on.includes('time') ||
        [...trigger.all, ...trigger.any].every((condition) => !isHoursProperty(condition.property)),
      'Hours conditions are for time rules: choose "On a schedule" for this trigger.',
    ),
    z.refine(
      (trigger) =>
        !trigger.on.includes('time') ||
        [...trigger.all, ...trigger.any].every(
          (condition) => !condition.operator.startsWith('changed') && condition.property !== 'updatedBy',
        ),
      'A time rule tests the ticket as it is: it has no change to test (changed, or who made it).',
    ),
    z.refine(
      (trigger) => !trigger.on.includes('time') || trigger.actions.assignee?.kind !== 'roundRobin',
      'A time rule does not assign round-robin: round-robin is for new and updated tickets.',
    ),
  );

/**
 * Whether "all" conditions contradict each other: the same property asked to be two different
 * values, or to be and not to be the same value, or a tag both included and excluded.
 */
export function contradicts(conditions: readonly { property: string; operator: string; value: string }[]): boolean {
  const key = (condition: { property: string; value: string }) =>
    `${condition.property}\u0000${condition.value.toLowerCase()}`;
  const is = new Map<string, string>();
  const positive = new Set<string>();
  const negative = new Set<string>();
  for (const condition of conditions) {
    if (condition.operator === 'is' || condition.operator === 'includes') {
      positive.add(key(condition));
      const other = condition.operator === 'is' ? is.get(condition.property) : undefined;
      if (other !== undefined && other !== condition.value.toLowerCase()) return true;
      if (condition.operator === 'is') is.set(condition.property, condition.value.toLowerCase());
    }
    if (condition.operator === 'isNot' || condition.operator === 'excludes') negative.add(key(condition));
    if (condition.operator === 'present' || condition.operator === 'absent') {
      const opposite = `${condition.property}\u0000${condition.operator === 'present' ? 'absent' : 'present'}`;
      if (positive.has(opposite)) return true;
      positive.add(`${condition.property}\u0000${condition.operator}`);
    }
  }
  return [...positive].some((entry) => negative.has(entry));
}

/** A change trusted code runs the triggers over. */
export interface TriggerChange {
  event: TriggerEvent;
  /** The ticket before the change that started the chain; `null` for a new ticket. */
  before: Ticket | null;
  /** The ticket now (after the change, and after the triggers that fired so far). */
  after: Ticket;
  /** Who made the change that started the chain. */
  by: ChangeAuthor;
  /** The requester's email, when known. */
  requesterEmail: string | null;
  /**
   * The ticket's organisation (`null` for none), when the runtime knows it better than the ticket
   * does: on a new ticket trusted code has not yet given its requester's (DESIGN §1
   * "Organisations"). Absent: the ticket's own `organisationId`.
   */
  organisationId?: string | null;
  /** ms since the epoch: the clock hours conditions count by (a time rule's run; absent: they never hold). */
  now?: number;
}

/** One condition's outcome, for the rule trace: what the ticket held, and whether it passed. */
export interface ConditionResult {
  condition: TriggerCondition;
  matched: boolean;
  /** The ticket's value the condition looked at, as text (`''` for none). */
  actual: string;
}

/** A custom field's value as a condition compares it (a multi-select's options joined by commas). */
function fieldText(value: CustomFieldValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A property's value on a ticket, as text. */
function valueOf(ticket: Ticket | null, property: ConditionProperty, change: TriggerChange): string {
  if (property.startsWith('field:')) return fieldText(ticket?.fields?.[property.slice('field:'.length)]);
  if (isHoursProperty(property)) {
    const from = ticket?.[HOURS_FROM[property]];
    if (!from || change.now === undefined) return '';
    return String(Math.max(0, Math.floor((change.now - Date.parse(from)) / 3_600_000)));
  }
  switch (property) {
    case 'status':
      return ticket?.status ?? '';
    case 'priority':
      return ticket?.priority ?? '';
    case 'category':
      return ticket?.category ?? '';
    case 'assignee':
      return ticket?.assigneeId ?? '';
    case 'tags':
      return (ticket?.tags ?? []).join(',');
    case 'subject':
      return ticket?.subject ?? '';
    case 'requesterEmail':
      return change.requesterEmail ?? '';
    case 'organisation':
      return (change.organisationId !== undefined ? change.organisationId : ticket?.organisationId) ?? '';
    case 'updatedBy':
      return change.by;
    default:
      return '';
  }
}

/**
 * Tests one condition on a change.
 * @returns whether it holds, and the value it looked at.
 */
export function testCondition(condition: TriggerCondition, change: TriggerChange): ConditionResult {
  const now = valueOf(change.after, condition.property, change);
  const was = valueOf(change.before, condition.property, change);
  const wanted = condition.value.toLowerCase();
  const folded = now.toLowerCase();
  const isField = condition.property.startsWith('field:');
  const values = condition.property === 'tags' || isField ? folded.split(',').filter(Boolean) : [folded];
  let matched: boolean;
  switch (condition.operator) {
    case 'is':
      matched = isField ? values.includes(wanted) : folded === wanted;
      break;
    case 'isNot':
      matched = isField ? !values.includes(wanted) : folded !== wanted;
      break;
    case 'changed':
      matched = change.before !== null && now !== was;
      break;
    case 'changedTo':
      matched = change.before !== null && now !== was && folded === wanted;
      break;
    case 'changedFrom':
      matched = change.before !== null && now !== was && was.toLowerCase() === wanted;
      break;
    case 'includes':
      matched = values.includes(wanted);
      break;
    case 'excludes':
      matched = !values.includes(wanted);
      break;
    case 'contains':
      matched = wanted !== '' && folded.includes(wanted);
      break;
    case 'notContains':
      matched = wanted === '' || !folded.includes(wanted);
      break;
    case 'endsWith':
      matched = wanted !== '' && (folded.endsWith(`@${wanted.replace(/^@/, '')}`) || folded.endsWith(`.${wanted}`));
      break;
    case 'present':
      matched = now !== '';
      break;
    case 'absent':
      matched = now === '';
      break;
    case 'atLeast':
      matched = now !== '' && Number(now) >= Number(wanted);
      break;
    case 'lessThan':
      matched = now !== '' && Number(now) < Number(wanted);
      break;
    default:
      matched = false;
  }
  return { condition, matched, actual: now };
}

/** Whether a trigger's conditions hold on a change, with each condition's outcome. */
export function testConditions(
  trigger: Pick<Trigger, 'all' | 'any'>,
  change: TriggerChange,
): { matched: boolean; results: ConditionResult[] } {
  const all = trigger.all.map((condition) => testCondition(condition, change));
  const any = trigger.any.map((condition) => testCondition(condition, change));
  const matched = all.every((result) => result.matched) && (any.length === 0 || any.some((result) => result.matched));
  return { matched, results: [...all, ...any] };
}

/** The kind of property a condition tests (`field` for every custom field). */
export function propertyKind(property: string): keyof typeof CONDITION_OPERATORS {
  return property.startsWith('field:') ? 'field' : (property as keyof typeof CONDITION_OPERATORS);
}

/** Whether a test compares with a value (`changed`, `present` and `absent` do not). */
export function takesValue(operator: ConditionOperator): boolean {
  return operator !== 'changed' && operator !== 'present' && operator !== 'absent';
}

/**
 * Whether a time rule is due on a ticket at `now` (ms since the epoch), as far as its clock says:
 * active, on the schedule, not fired on this ticket yet (its mark), the ticket not closed, and
 * every hours condition of its "all" holding. Its other conditions are the run's to test: the
 * scheduled job opens a run only for tickets this lets through.
 */
export function timeRuleDue(rule: Pick<Trigger, 'id' | 'active' | 'on' | 'all'>, ticket: Ticket, now: number): boolean {
  if (!runsOn(rule, 'time') || ticket.status === 'closed') return false;
  if ((ticket.timeRuleMarks ?? []).includes(rule.id)) return false;
  const change: TriggerChange = {
    event: 'time',
    before: ticket,
    after: ticket,
    by: 'system',
    requesterEmail: null,
    now,
  };
  return rule.all
    .filter((condition) => isHoursProperty(condition.property))
    .every((condition) => testCondition(condition, change).matched);
}

/** Whether a trigger runs on this kind of change at all (active, and on this event). */
export function runsOn(trigger: Pick<Trigger, 'active' | 'on'>, event: TriggerEvent): boolean {
  return trigger.active && trigger.on.includes(event);
}

/** A desk's triggers in their order: by `order`, ties by id. */
export function inTriggerOrder<T extends Pick<Trigger, 'order' | 'id'>>(triggers: readonly T[]): T[] {
  return [...triggers].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A trigger as an admin saves it: its id (the store's key) and what {@link triggerSchema} checks. */
export type TriggerInput = Omit<Trigger, 'updatedAt'>;

/** A trigger's id: 1–128 letters, digits, `_` or `-` (a Firestore document id). */
export const triggerIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'This is not a trigger id.'));

/**
 * A stored trigger as read (a document any admin client wrote): the trigger, or `null` when it is
 * malformed — trusted code never runs one, and the admin screen does not list it.
 */
export function triggerFrom(id: string, stored: unknown): Trigger | null {
  if (!triggerIdSchema.safeParse(id).success) return null;
  const parsed = triggerSchema.safeParse(stored);
  if (!parsed.success) return null;
  return { id, ...(parsed.data as Omit<Trigger, 'id'>) };
}

/** Statuses a condition may name (the schema keeps values as text; the editor offers these). */
export const CONDITION_STATUSES = TICKET_STATUSES;
