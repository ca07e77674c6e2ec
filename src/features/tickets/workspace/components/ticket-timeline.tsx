/**
 * A ticket's audit trail (DESIGN §3 `tickets/{id}/events`) as sentences people read:
 * "Priya Shah set status New → Pending · 5 minutes ago". Staff only; live.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Timeline from 'antd/es/timeline';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { LiveError } from '@/components/live-error';
import { PRIORITIES, TICKET_STATUSES, type AuditEvent, type Ticket } from '@/domain/types';
import { useWatchTicketEventsQuery } from '@/features/tickets/api/ticket-api';
import { usePersonNames, useWatchStaffQuery } from '@/lib/store/people-api';
import { labelsFor } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { SLA_TARGETS, type SlaTargetName } from '@/domain/sla/clocks';
import { slaTargetLabel } from '@/features/tickets/components/sla-badge';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import { auditValueText } from '@/components/custom-field-control';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useCurrentUser } from '@/lib/session/current-user';
import { can } from '@/domain/policy';

/** The rule trace, loaded when an admin opens it (the ticket screen does not carry it). */
const RuleTraceDrawer = lazy(
  () => import(/* webpackChunkName: "rule-trace" */ '@/features/tickets/workspace/components/rule-trace-drawer'),
);

/** How many entries show before "Show all". */
const FIRST_ENTRIES = 8;

/** Resolves a uid to a person's name; "someone" when nobody known has it. */
export type NameOf = (uid: string | null) => string;

const MESSAGES = defineMessages({
  title: { id: 'workspace.timeline.title', defaultMessage: 'Activity' },
  what: { id: 'workspace.timeline.what', defaultMessage: 'the activity' },
  ruleTrace: { id: 'workspace.timeline.ruleTrace', defaultMessage: 'Rule trace' },
  nobody: { id: 'workspace.timeline.nobody', defaultMessage: 'nobody' },
  someone: { id: 'workspace.timeline.someone', defaultMessage: 'someone' },
  none: { id: 'workspace.timeline.none', defaultMessage: 'none' },
});

/** The sentences of the audit trail, one per kind of change. */
const EVENTS = defineMessages({
  triggerLoop: {
    id: 'workspace.timeline.triggerLoop',
    defaultMessage: 'The triggers stopped “{trigger}”: it would have undone another trigger’s change',
  },
  submitted: { id: 'workspace.timeline.submitted', defaultMessage: '{actor} submitted the request' },
  status: { id: 'workspace.timeline.status', defaultMessage: '{actor} set status {from} → {to}' },
  unassigned: { id: 'workspace.timeline.unassigned', defaultMessage: '{actor} unassigned {name}' },
  took: { id: 'workspace.timeline.took', defaultMessage: '{actor} took the ticket' },
  assigned: { id: 'workspace.timeline.assigned', defaultMessage: '{actor} assigned the ticket to {name}' },
  reassigned: {
    id: 'workspace.timeline.reassigned',
    defaultMessage: '{actor} reassigned the ticket from {from} to {to}',
  },
  priority: { id: 'workspace.timeline.priority', defaultMessage: '{actor} set priority {from} → {to}' },
  category: { id: 'workspace.timeline.category', defaultMessage: '{actor} set category {from} → {to}' },
  tagsAdded: { id: 'workspace.timeline.tagsAdded', defaultMessage: '{actor} changed tags: added {added}' },
  tagsRemoved: { id: 'workspace.timeline.tagsRemoved', defaultMessage: '{actor} changed tags: removed {removed}' },
  tagsAddedRemoved: {
    id: 'workspace.timeline.tagsAddedRemoved',
    defaultMessage: '{actor} changed tags: added {added}; removed {removed}',
  },
  tagsSet: { id: 'workspace.timeline.tagsSet', defaultMessage: '{actor} changed tags: set {tags}' },
  changed: { id: 'workspace.timeline.changed', defaultMessage: '{actor} changed {field}' },
  sla: { id: 'workspace.timeline.sla', defaultMessage: '{target} SLA breached' },
  field: { id: 'workspace.timeline.field', defaultMessage: '{actor} set {field} {from} → {to}' },
});

const isStatus = (value: string): value is Ticket['status'] => (TICKET_STATUSES as readonly string[]).includes(value);
const isSlaTarget = (value: string | null): value is SlaTargetName =>
  value !== null && (SLA_TARGETS as readonly string[]).includes(value);
const isPriority = (value: string): value is Ticket['priority'] => (PRIORITIES as readonly string[]).includes(value);

/** Tags as stored in an audit value ("a, b"), as a list. */
function tagList(value: string | null): string[] {
  return value
    ? value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];
}

/**
 * One audit event as a sentence in the reader's language, e.g. "Priya Shah set status New →
 * Pending", "Sam Okafor assigned the ticket to Priya Shah", "Priya Shah changed tags: added vip".
 * @param nameOf resolves actor and assignee uids to names.
 * @param fields the desk's custom field definitions, for a `field` entry's label and option labels.
 */
export function describeAuditEvent(
  intl: IntlShape,
  event: AuditEvent,
  nameOf: NameOf,
  fields: readonly CustomFieldDefinition[] = [],
): string {
  const labels = labelsFor(intl);
  const none = intl.formatMessage(MESSAGES.none);
  const statusText = (value: string | null) => (value === null ? none : isStatus(value) ? labels.status(value) : value);
  const priorityText = (value: string | null) =>
    value === null ? none : isPriority(value) ? labels.priority(value) : value;
  const listText = (tags: string[]) => intl.formatList(tags, { type: 'unit', style: 'short' });
  const actor = nameOf(event.actorId);
  switch (event.type) {
    case 'status':
      return event.from === null
        ? intl.formatMessage(EVENTS.submitted, { actor })
        : intl.formatMessage(EVENTS.status, { actor, from: statusText(event.from), to: statusText(event.to) });
    case 'assignee':
      if (event.to === null) return intl.formatMessage(EVENTS.unassigned, { actor, name: nameOf(event.from) });
      if (event.from === null) {
        return event.to === event.actorId
          ? intl.formatMessage(EVENTS.took, { actor })
          : intl.formatMessage(EVENTS.assigned, { actor, name: nameOf(event.to) });
      }
      return intl.formatMessage(EVENTS.reassigned, { actor, from: nameOf(event.from), to: nameOf(event.to) });
    case 'priority':
      return intl.formatMessage(EVENTS.priority, { actor, from: priorityText(event.from), to: priorityText(event.to) });
    case 'category':
      return intl.formatMessage(EVENTS.category, { actor, from: event.from ?? none, to: event.to ?? none });
    case 'tags': {
      const before = tagList(event.from);
      const after = tagList(event.to);
      const added = after.filter((tag) => !before.includes(tag));
      const removed = before.filter((tag) => !after.includes(tag));
      if (added.length > 0 && removed.length > 0) {
        return intl.formatMessage(EVENTS.tagsAddedRemoved, {
          actor,
          added: listText(added),
          removed: listText(removed),
        });
      }
      if (added.length > 0) return intl.formatMessage(EVENTS.tagsAdded, { actor, added: listText(added) });
      if (removed.length > 0) return intl.formatMessage(EVENTS.tagsRemoved, { actor, removed: listText(removed) });
      return intl.formatMessage(EVENTS.tagsSet, { actor, tags: after.length > 0 ? listText(after) : none });
    }
    case 'sla':
      return intl.formatMessage(EVENTS.sla, {
        target: isSlaTarget(event.to) ? slaTargetLabel(intl, event.to) : (event.to ?? none),
      });
    case 'field': {
      const field = fields.find((candidate) => candidate.key === event.field);
      return intl.formatMessage(EVENTS.field, {
        actor,
        field: field ? localized(field.label, intl.locale as Locale) : (event.field ?? none),
        from: auditValueText(intl, field, event.from),
        to: auditValueText(intl, field, event.to),
      });
    }
    case 'trigger':
      return intl.formatMessage(EVENTS.triggerLoop, { trigger: event.to ?? none });
    default: {
      const unexpected: never = event.type;
      return intl.formatMessage(EVENTS.changed, { actor, field: String(unexpected) });
    }
  }
}

/**
 * An entry's sentence with the macro or trigger that made the change, when one did (DESIGN §3
 * "Macros", §10 "Triggers"): "Priya Shah set status Open → Solved · macro “Refund sent”",
 * "Triage set priority Normal → High · trigger “VIP customers”".
 */
export function withMacro(intl: IntlShape, sentence: string, event: Pick<AuditEvent, 'macro' | 'trigger'>): string {
  // A trigger's change says which trigger made it (DESIGN §10 "Triggers").
  if (event.trigger) {
    return intl.formatMessage(
      { id: 'workspace.timeline.byTrigger', defaultMessage: '{sentence} · trigger “{trigger}”' },
      { sentence, trigger: event.trigger },
    );
  }
  if (!event.macro) return sentence;
  return intl.formatMessage(
    { id: 'workspace.timeline.byMacro', defaultMessage: '{sentence} · macro “{macro}”' },
    { sentence, macro: event.macro },
  );
}

const DOT_COLORS: Record<AuditEvent['type'], string> = {
  status: 'blue',
  assignee: 'green',
  priority: 'orange',
  category: 'gray',
  tags: 'gray',
  sla: 'red',
  field: 'purple',
  trigger: 'gray',
};

/**
 * The live audit trail of a ticket, newest first, in a card titled "Activity". Names come from
 * the live staff list, the ticket's requester and assignee, and for anyone else their own
 * profile read by uid; one that cannot be read is "someone". A deactivated person is named
 * "… (deactivated)".
 */
export function TicketTimeline({ ticket }: { ticket: Ticket }) {
  const { data } = useWatchTicketEventsQuery(ticket.id);
  const { data: staffData } = useWatchStaffQuery();
  const { data: fieldsData } = useWatchFieldsQuery();
  const [showAll, setShowAll] = useState(false);
  const [traceOpen, setTraceOpen] = useState(false);
  const me = useCurrentUser();
  const intl = useIntl();
  const time = useTimeFormat();

  const personName = usePersonName();
  // A deactivated colleague keeps their name in the history, marked as such (DESIGN §1).
  const names = new Map<string, string>((staffData?.value ?? []).map((person) => [person.uid, personName(person)]));
  if (!names.has(ticket.requesterId)) names.set(ticket.requesterId, ticket.requesterName);
  // What trusted code did on its own (the automatic close, DESIGN §2) is by the desk itself.
  names.set(SYSTEM_ACTOR_ID, PRODUCT_NAME);
  if (ticket.assigneeId && ticket.assigneeName && !names.has(ticket.assigneeId))
    names.set(ticket.assigneeId, ticket.assigneeName);
  // Anyone else the trail names (someone no longer on the staff list): their one profile each.
  const others = staffData?.value
    ? (data?.value ?? []).flatMap((event) =>
        [event.actorId, ...(event.type === 'assignee' ? [event.from, event.to] : [])].filter(
          (uid): uid is string => typeof uid === 'string' && uid !== '' && !names.has(uid),
        ),
      )
    : [];
  for (const [uid, person] of usePersonNames(others)) names.set(uid, personName(person));
  const nameOf: NameOf = (uid) =>
    uid === null ? intl.formatMessage(MESSAGES.nobody) : (names.get(uid) ?? intl.formatMessage(MESSAGES.someone));

  const events = [...(data?.value ?? [])].reverse();
  const shown = showAll ? events : events.slice(0, FIRST_ENTRIES);

  let body;
  if (data?.error) body = <LiveError error={data.error} what={intl.formatMessage(MESSAGES.what)} />;
  else if (!data?.value) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (events.length === 0)
    body = (
      <Typography.Text type="secondary">
        <FormattedMessage id="workspace.timeline.empty" defaultMessage="No activity yet." />
      </Typography.Text>
    );
  else
    body = (
      <>
        <Timeline
          aria-label={intl.formatMessage(MESSAGES.title)}
          items={shown.map((event) => ({
            key: event.id,
            color: DOT_COLORS[event.type],
            children: (
              <span data-testid="activity-entry">
                <FormattedMessage
                  id="workspace.timeline.entry"
                  defaultMessage="{sentence}<muted> · {time}</muted>"
                  values={{
                    sentence: withMacro(intl, describeAuditEvent(intl, event, nameOf, fieldsData?.value ?? []), event),
                    muted: (chunks: ReactNode[]) => <Typography.Text type="secondary">{chunks}</Typography.Text>,
                    time: (
                      <Tooltip title={time.dateTime(event.at)}>
                        <time dateTime={event.at}>{time.fromNow(event.at)}</time>
                      </Tooltip>
                    ),
                  }}
                />
              </span>
            ),
          }))}
        />
        {events.length > FIRST_ENTRIES && (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShowAll(!showAll)}>
            {showAll ? (
              <FormattedMessage id="workspace.timeline.showFewer" defaultMessage="Show fewer" />
            ) : (
              <FormattedMessage
                id="workspace.timeline.showAll"
                defaultMessage="Show all {count} entries"
                values={{ count: events.length }}
              />
            )}
          </Button>
        )}
      </>
    );

  return (
    <Card
      size="small"
      title={intl.formatMessage(MESSAGES.title)}
      extra={
        // Why a rule fired or did not (DESIGN §10 "Triggers"): the desk's rules, admins' to read.
        me && can({ uid: me.uid, role: me.role }, 'ticket.readRuleTrace') ? (
          <Button size="small" onClick={() => setTraceOpen(true)}>
            {intl.formatMessage(MESSAGES.ruleTrace)}
          </Button>
        ) : null
      }
    >
      {body}
      {traceOpen && (
        <Suspense fallback={null}>
          <RuleTraceDrawer ticketId={ticket.id} onClose={() => setTraceOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
