/**
 * A trigger in words people read (DESIGN §10 "Triggers"), in the reader's language: what a
 * condition tests ("Priority is Urgent", "Subject contains “printer”"), the value a ticket holds,
 * the actions in a line ("High priority · Assign to Priya Shah · Tags +vip"), the whole rule in a
 * line (conditions → actions), and a change a test would make ("Priority: Normal → Urgent").
 * Shared: the automations screen writes rules with it, a ticket's rule trace reads them. The
 * macros' line (`useMacroSummary`) is the tickets feature's; a trigger's actions are a macro's
 * but the reply and "assign to me", plus round-robin.
 */
import { useMemo } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { auditValueText, fieldValueText } from '@/components/custom-field-control';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import type { AuditEntry } from '@/domain/plans/ticket-write';
import {
  propertyKind,
  takesValue,
  type ChangeAuthor,
  isHoursProperty,
  type ConditionOperator,
  type ConditionProperty,
  type Trigger,
  type TriggerActions,
  type TriggerCondition,
  type TriggerEvent,
} from '@/domain/triggers';
import { PRIORITIES, TICKET_STATUSES, type Priority, type TicketStatus, type UserProfile } from '@/domain/types';
import type { Organisation } from '@/domain/organisations';
import { useLabels } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';

const PROPERTY = defineMessages({
  status: { id: 'automations.property.status', defaultMessage: 'Status' },
  priority: { id: 'automations.property.priority', defaultMessage: 'Priority' },
  category: { id: 'automations.property.category', defaultMessage: 'Category' },
  assignee: { id: 'automations.property.assignee', defaultMessage: 'Assignee' },
  tags: { id: 'automations.property.tags', defaultMessage: 'Tags' },
  subject: { id: 'automations.property.subject', defaultMessage: 'Subject' },
  requesterEmail: { id: 'automations.property.requesterEmail', defaultMessage: 'Requester’s email' },
  organisation: { id: 'automations.property.organisation', defaultMessage: 'Organisation' },
  updatedBy: { id: 'automations.property.updatedBy', defaultMessage: 'Change made by' },
  hoursSinceCreated: { id: 'automations.property.hoursSinceCreated', defaultMessage: 'Hours since created' },
  hoursSinceUpdated: { id: 'automations.property.hoursSinceUpdated', defaultMessage: 'Hours since updated' },
  hoursSinceSolved: { id: 'automations.property.hoursSinceSolved', defaultMessage: 'Hours since solved' },
  hoursSinceLastMessage: {
    id: 'automations.property.hoursSinceLastMessage',
    defaultMessage: 'Hours since the last message',
  },
  field: { id: 'automations.property.field', defaultMessage: 'Field: {field}' },
});

/** The tests, as a condition row's list offers them. */
const OPERATOR: Record<ConditionOperator, MessageDescriptor> = defineMessages({
  is: { id: 'automations.operator.is', defaultMessage: 'is' },
  isNot: { id: 'automations.operator.isNot', defaultMessage: 'is not' },
  changed: { id: 'automations.operator.changed', defaultMessage: 'changed' },
  changedTo: { id: 'automations.operator.changedTo', defaultMessage: 'changed to' },
  changedFrom: { id: 'automations.operator.changedFrom', defaultMessage: 'changed from' },
  includes: { id: 'automations.operator.includes', defaultMessage: 'include' },
  excludes: { id: 'automations.operator.excludes', defaultMessage: 'do not include' },
  contains: { id: 'automations.operator.contains', defaultMessage: 'contains' },
  notContains: { id: 'automations.operator.notContains', defaultMessage: 'does not contain' },
  endsWith: { id: 'automations.operator.endsWith', defaultMessage: 'is at the domain' },
  present: { id: 'automations.operator.present', defaultMessage: 'is filled in' },
  absent: { id: 'automations.operator.absent', defaultMessage: 'is empty' },
  atLeast: { id: 'automations.operator.atLeast', defaultMessage: 'is at least' },
  lessThan: { id: 'automations.operator.lessThan', defaultMessage: 'is less than' },
});

/** A whole condition, per test. */
const CONDITION: Record<ConditionOperator, MessageDescriptor> = defineMessages({
  is: { id: 'automations.condition.is', defaultMessage: '{property} is {value}' },
  isNot: { id: 'automations.condition.isNot', defaultMessage: '{property} is not {value}' },
  changed: { id: 'automations.condition.changed', defaultMessage: '{property} changed' },
  changedTo: { id: 'automations.condition.changedTo', defaultMessage: '{property} changed to {value}' },
  changedFrom: { id: 'automations.condition.changedFrom', defaultMessage: '{property} changed from {value}' },
  includes: { id: 'automations.condition.includes', defaultMessage: '{property} include {value}' },
  excludes: { id: 'automations.condition.excludes', defaultMessage: '{property} do not include {value}' },
  contains: { id: 'automations.condition.contains', defaultMessage: '{property} contains {value}' },
  notContains: { id: 'automations.condition.notContains', defaultMessage: '{property} does not contain {value}' },
  endsWith: { id: 'automations.condition.endsWith', defaultMessage: '{property} is at the domain {value}' },
  present: { id: 'automations.condition.present', defaultMessage: '{property} is filled in' },
  absent: { id: 'automations.condition.absent', defaultMessage: '{property} is empty' },
  atLeast: { id: 'automations.condition.atLeast', defaultMessage: '{property} is at least {value}' },
  lessThan: { id: 'automations.condition.lessThan', defaultMessage: '{property} is less than {value}' },
});

const AUTHOR: Record<ChangeAuthor, MessageDescriptor> = defineMessages({
  customer: { id: 'automations.author.customer', defaultMessage: 'a customer' },
  agent: { id: 'automations.author.agent', defaultMessage: 'an agent' },
  system: { id: 'automations.author.system', defaultMessage: 'the desk itself' },
});

const EVENT: Record<TriggerEvent, MessageDescriptor> = defineMessages({
  created: { id: 'automations.event.created', defaultMessage: 'New tickets' },
  updated: { id: 'automations.event.updated', defaultMessage: 'Updates' },
  time: { id: 'automations.event.time', defaultMessage: 'On a schedule (a time rule)' },
});

const WORDS = defineMessages({
  quoted: { id: 'automations.words.quoted', defaultMessage: '“{text}”' },
  nobody: { id: 'automations.words.nobody', defaultMessage: 'nobody' },
  noCategory: { id: 'automations.words.noCategory', defaultMessage: 'no category' },
  noOrganisation: { id: 'automations.words.noOrganisation', defaultMessage: 'no organisation' },
  goneOrganisation: { id: 'automations.words.goneOrganisation', defaultMessage: 'a deleted organisation' },
  nothing: { id: 'automations.words.nothing', defaultMessage: '(empty)' },
  someone: { id: 'automations.words.someone', defaultMessage: 'an agent no longer on the staff' },
  group: { id: 'automations.words.group', defaultMessage: '({conditions})' },
  rule: { id: 'automations.words.rule', defaultMessage: '{conditions} → {actions}' },
  noConditions: { id: 'automations.words.noConditions', defaultMessage: 'Every ticket' },
  noActions: { id: 'automations.words.noActions', defaultMessage: 'nothing' },
  hours: { id: 'automations.words.hours', defaultMessage: '{hours, plural, one {# hour} other {# hours}}' },
});

const ACTION = defineMessages({
  priority: { id: 'automations.action.priority', defaultMessage: '{priority} priority' },
  category: { id: 'automations.action.category', defaultMessage: 'Category {category}' },
  noCategory: { id: 'automations.action.noCategory', defaultMessage: 'No category' },
  agent: { id: 'automations.action.assignAgent', defaultMessage: 'Assign to {name}' },
  unassign: { id: 'automations.action.unassign', defaultMessage: 'Unassign' },
  roundRobin: {
    id: 'automations.action.roundRobin',
    defaultMessage: 'Round-robin to {names} (at most {cap} unsolved each)',
  },
  addTags: { id: 'automations.action.addTags', defaultMessage: 'Tags +{tags}' },
  removeTags: { id: 'automations.action.removeTags', defaultMessage: 'Tags −{tags}' },
  fields: { id: 'automations.action.fields', defaultMessage: 'Sets {fields}' },
  note: { id: 'automations.action.note', defaultMessage: 'Internal note' },
  email: {
    id: 'automations.action.email',
    defaultMessage: 'Email {to, select, requester {the requester} assignee {the assignee} other {{address}}}',
  },
});

const CHANGE = defineMessages({
  from: { id: 'automations.change.fromTo', defaultMessage: '{property}: {from} → {to}' },
  tagsAdded: { id: 'automations.change.tagsAdded', defaultMessage: 'Tags: added {added}' },
  tagsRemoved: { id: 'automations.change.tagsRemoved', defaultMessage: 'Tags: removed {removed}' },
  tagsBoth: { id: 'automations.change.tagsBoth', defaultMessage: 'Tags: added {added}; removed {removed}' },
});

/** The desk's definitions, staff and organisations the words name things with. */
export interface TriggerWordsContext {
  fields: readonly CustomFieldDefinition[];
  staff: readonly Pick<UserProfile, 'uid' | 'displayName' | 'deactivated'>[];
  /** The desk's organisations (DESIGN §1 "Organisations"); an id not among them reads as deleted. */
  organisations: readonly Pick<Organisation, 'id' | 'name'>[];
}

/** A trigger's words in the reader's language (see the file's comment). */
export interface TriggerWords {
  /** What a condition tests ("Priority", "Field: Plan"). */
  property(property: ConditionProperty): string;
  /** A test as a list offers it ("is not"). */
  operator(operator: ConditionOperator): string;
  /** A value a condition compares with, or a ticket holds, as people read it. */
  value(property: ConditionProperty, value: string): string;
  /** A whole condition ("Subject contains “printer”"). */
  condition(condition: TriggerCondition): string;
  /** Who made a change ("an agent"). */
  author(author: ChangeAuthor): string;
  /** When a trigger runs ("New tickets"). */
  event(event: TriggerEvent): string;
  /** The actions in a line, or `''` when there are none. */
  actions(actions: TriggerActions): string;
  /** The rule in a line: its conditions → its actions. */
  rule(trigger: Pick<Trigger, 'all' | 'any' | 'actions'>): string;
  /** A change a test would make ("Priority: Normal → Urgent"). */
  change(entry: AuditEntry): string;
}

const isStatus = (value: string): value is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(value);
const isPriority = (value: string): value is Priority => (PRIORITIES as readonly string[]).includes(value);
const isAuthor = (value: string): value is ChangeAuthor =>
  value === 'customer' || value === 'agent' || value === 'system';

/** Tags as an audit entry holds them ("a, b"), as a list. */
function tagsOf(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** {@link TriggerWords} for the desk's fields and staff, in the current language. */
export function useTriggerWords({ fields, staff, organisations }: TriggerWordsContext): TriggerWords {
  const intl = useIntl();
  const labels = useLabels();
  const personName = usePersonName();
  return useMemo(() => {
    const locale = intl.locale as Locale;
    const list = (items: readonly string[], type: 'conjunction' | 'disjunction' | 'unit') =>
      intl.formatList(items, { type, style: type === 'unit' ? 'short' : 'long' });
    const fieldOf = (property: string) =>
      fields.find((candidate) => `field:${candidate.key}` === property || candidate.key === property);
    const nameOf = (uid: string) => {
      const person = staff.find((candidate) => candidate.uid === uid);
      return person ? personName(person) : intl.formatMessage(WORDS.someone);
    };
    const quoted = (text: string) => intl.formatMessage(WORDS.quoted, { text });

    const property = (which: ConditionProperty) => {
      const kind = propertyKind(which);
      if (kind !== 'field') return intl.formatMessage(PROPERTY[kind]);
      const field = fieldOf(which);
      return intl.formatMessage(PROPERTY.field, {
        field: field ? localized(field.label, locale) : which.slice('field:'.length),
      });
    };

    const value = (which: ConditionProperty, text: string) => {
      if (isHoursProperty(which)) {
        return /^\d+$/.test(text) ? intl.formatMessage(WORDS.hours, { hours: Number(text) }) : quoted(text);
      }
      switch (propertyKind(which)) {
        case 'status':
          return isStatus(text) ? labels.status(text) : quoted(text);
        case 'priority':
          return isPriority(text) ? labels.priority(text) : quoted(text);
        case 'category':
          return text === '' ? intl.formatMessage(WORDS.noCategory) : text;
        case 'assignee':
          return text === '' ? intl.formatMessage(WORDS.nobody) : nameOf(text);
        case 'organisation':
          return text === ''
            ? intl.formatMessage(WORDS.noOrganisation)
            : (organisations.find((organisation) => organisation.id === text)?.name ??
                intl.formatMessage(WORDS.goneOrganisation));
        case 'updatedBy':
          return isAuthor(text) ? intl.formatMessage(AUTHOR[text]) : quoted(text);
        case 'tags': {
          // A condition names one tag; a ticket holds its tags joined by commas.
          const tags = tagsOf(text);
          if (tags.length === 0) return intl.formatMessage(WORDS.nothing);
          return tags.length === 1 ? quoted(text) : list(tags, 'unit');
        }
        case 'field': {
          const field = fieldOf(which);
          if (text === '') return intl.formatMessage(WORDS.nothing);
          if (field?.type === 'checkbox') return fieldValueText(intl, field, text === 'true');
          if (field?.type === 'multiselect') return fieldValueText(intl, field, text.split(','));
          if (field?.type === 'dropdown') return fieldValueText(intl, field, text);
          return quoted(text);
        }
        default:
          return text === '' ? intl.formatMessage(WORDS.nothing) : quoted(text);
      }
    };

    const condition = (which: TriggerCondition) =>
      intl.formatMessage(CONDITION[which.operator], {
        property: property(which.property),
        ...(takesValue(which.operator) && { value: value(which.property, which.value) }),
      });

    const actions = (what: TriggerActions) => {
      const parts: string[] = [];
      if (what.status) parts.push(labels.move(what.status, true));
      if (what.priority) parts.push(intl.formatMessage(ACTION.priority, { priority: labels.priority(what.priority) }));
      if (what.category !== undefined) {
        parts.push(
          what.category
            ? intl.formatMessage(ACTION.category, { category: what.category })
            : intl.formatMessage(ACTION.noCategory),
        );
      }
      const assignee = what.assignee;
      if (assignee?.kind === 'agent') parts.push(intl.formatMessage(ACTION.agent, { name: nameOf(assignee.uid) }));
      else if (assignee?.kind === 'unassign') parts.push(intl.formatMessage(ACTION.unassign));
      else if (assignee) {
        parts.push(
          intl.formatMessage(ACTION.roundRobin, {
            names: list(assignee.agents.map(nameOf), 'conjunction'),
            cap: assignee.cap,
          }),
        );
      }
      if ((what.addTags ?? []).length > 0) {
        parts.push(intl.formatMessage(ACTION.addTags, { tags: list(what.addTags ?? [], 'unit') }));
      }
      if ((what.removeTags ?? []).length > 0) {
        parts.push(intl.formatMessage(ACTION.removeTags, { tags: list(what.removeTags ?? [], 'unit') }));
      }
      const keys = Object.keys(what.fields ?? {});
      if (keys.length > 0) {
        const names = keys.map((key) => {
          const field = fieldOf(key);
          return field ? localized(field.label, locale) : key;
        });
        parts.push(intl.formatMessage(ACTION.fields, { fields: list(names, 'unit') }));
      }
      if ((what.note ?? '').trim() !== '') parts.push(intl.formatMessage(ACTION.note));
      for (const email of what.emails ?? []) {
        parts.push(intl.formatMessage(ACTION.email, { to: email.to, address: email.address }));
      }
      return parts.join(' · ');
    };

    const rule = (trigger: Pick<Trigger, 'all' | 'any' | 'actions'>) => {
      const parts = trigger.all.map(condition);
      const anyParts = trigger.any.map(condition);
      if (anyParts.length === 1 && anyParts[0] !== undefined) parts.push(anyParts[0]);
      if (anyParts.length > 1) {
        parts.push(intl.formatMessage(WORDS.group, { conditions: list(anyParts, 'disjunction') }));
      }
      return intl.formatMessage(WORDS.rule, {
        conditions: parts.length > 0 ? list(parts, 'conjunction') : intl.formatMessage(WORDS.noConditions),
        actions: actions(trigger.actions) || intl.formatMessage(WORDS.noActions),
      });
    };

    const change = (entry: AuditEntry) => {
      const fromTo = (name: string, from: string, to: string) =>
        intl.formatMessage(CHANGE.from, { property: name, from, to });
      switch (entry.type) {
        case 'tags': {
          const before = tagsOf(entry.from);
          const after = tagsOf(entry.to);
          const added = list(
            after.filter((tag) => !before.includes(tag)),
            'unit',
          );
          const removed = list(
            before.filter((tag) => !after.includes(tag)),
            'unit',
          );
          if (added && removed) return intl.formatMessage(CHANGE.tagsBoth, { added, removed });
          if (removed) return intl.formatMessage(CHANGE.tagsRemoved, { removed });
          return intl.formatMessage(CHANGE.tagsAdded, { added });
        }
        case 'field': {
          const field = fieldOf(entry.field ?? '');
          return fromTo(
            field ? localized(field.label, locale) : (entry.field ?? ''),
            auditValueText(intl, field, entry.from),
            auditValueText(intl, field, entry.to),
          );
        }
        case 'status':
        case 'priority':
        case 'category':
        case 'assignee':
          return fromTo(property(entry.type), value(entry.type, entry.from ?? ''), value(entry.type, entry.to ?? ''));
        default:
          return fromTo(entry.type, entry.from ?? '', entry.to ?? '');
      }
    };

    return {
      property,
      operator: (operator) => intl.formatMessage(OPERATOR[operator]),
      value,
      condition,
      author: (author) => intl.formatMessage(AUTHOR[author]),
      event: (event) => intl.formatMessage(EVENT[event]),
      actions,
      rule,
      change,
    };
  }, [intl, labels, personName, fields, staff, organisations]);
}
