/**
 * A ticket's audit trail (DESIGN §3 `tickets/{id}/events`) as sentences people read:
 * "Priya Shah set status New → Pending · 5 minutes ago". Staff only; live.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Timeline from 'antd/es/timeline';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { LiveError } from '@/components/live-error';
import { statusLabel } from '@/domain/lifecycle';
import { PRIORITIES, TICKET_STATUSES, type AuditEvent, type Ticket } from '@/domain/types';
import { useWatchTicketEventsQuery } from '@/features/tickets/api/ticket-api';
import { useWatchPeopleQuery } from '@/lib/store/people-api';
import { formatDateTime, fromNow } from '@/lib/time';

/** How many entries show before "Show all". */
const FIRST_ENTRIES = 8;

/** Resolves a uid to a person's name; "someone" when nobody known has it. */
export type NameOf = (uid: string | null) => string;

const isStatus = (value: string): value is Ticket['status'] => (TICKET_STATUSES as readonly string[]).includes(value);
const isPriority = (value: string): value is Ticket['priority'] => (PRIORITIES as readonly string[]).includes(value);

function statusText(value: string | null): string {
  if (value === null) return 'none';
  return isStatus(value) ? statusLabel(value) : value;
}

function priorityText(value: string | null): string {
  if (value === null) return 'none';
  return isPriority(value) ? value[0]?.toUpperCase() + value.slice(1) : value;
}

/** Tags as stored in an audit value ("a, b"), as a list. */
function tagList(value: string | null): string[] {
  return value
    ? value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];
}

function tagsText(from: string | null, to: string | null): string {
  const before = tagList(from);
  const after = tagList(to);
  const added = after.filter((tag) => !before.includes(tag));
  const removed = before.filter((tag) => !after.includes(tag));
  const parts = [
    ...(added.length > 0 ? [`added ${added.join(', ')}`] : []),
    ...(removed.length > 0 ? [`removed ${removed.join(', ')}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : `set ${after.join(', ') || 'none'}`;
}

/**
 * One audit event as a sentence, e.g. "Priya Shah set status New → Pending",
 * "Sam Okafor assigned the ticket to Priya Shah", "Priya Shah changed tags: added vip".
 * @param nameOf resolves actor and assignee uids to names.
 */
export function describeAuditEvent(event: AuditEvent, nameOf: NameOf): string {
  const actor = nameOf(event.actorId);
  switch (event.type) {
    case 'status':
      return event.from === null
        ? `${actor} submitted the request`
        : `${actor} set status ${statusText(event.from)} → ${statusText(event.to)}`;
    case 'assignee':
      if (event.to === null) return `${actor} unassigned ${nameOf(event.from)}`;
      if (event.from === null) {
        return event.to === event.actorId
          ? `${actor} took the ticket`
          : `${actor} assigned the ticket to ${nameOf(event.to)}`;
      }
      return `${actor} reassigned the ticket from ${nameOf(event.from)} to ${nameOf(event.to)}`;
    case 'priority':
      return `${actor} set priority ${priorityText(event.from)} → ${priorityText(event.to)}`;
    case 'category':
      return `${actor} set category ${event.from ?? 'none'} → ${event.to ?? 'none'}`;
    case 'tags':
      return `${actor} changed tags: ${tagsText(event.from, event.to)}`;
    default: {
      const unexpected: never = event.type;
      return `${actor} changed ${String(unexpected)}`;
    }
  }
}

const DOT_COLORS: Record<AuditEvent['type'], string> = {
  status: 'blue',
  assignee: 'green',
  priority: 'orange',
  category: 'gray',
  tags: 'gray',
};

/**
 * The live audit trail of a ticket, newest first, in a card titled "Activity". Names come from
 * the live people list and the ticket's requester; anyone else is "someone".
 */
export function TicketTimeline({ ticket }: { ticket: Ticket }) {
  const { data } = useWatchTicketEventsQuery(ticket.id);
  const { data: peopleData } = useWatchPeopleQuery();
  const [showAll, setShowAll] = useState(false);

  const names = new Map<string, string>((peopleData?.value ?? []).map((person) => [person.uid, person.displayName]));
  names.set(ticket.requesterId, ticket.requesterName);
  if (ticket.assigneeId && ticket.assigneeName) names.set(ticket.assigneeId, ticket.assigneeName);
  const nameOf: NameOf = (uid) => (uid === null ? 'nobody' : (names.get(uid) ?? 'someone'));

  const events = [...(data?.value ?? [])].reverse();
  const shown = showAll ? events : events.slice(0, FIRST_ENTRIES);

  let body;
  if (data?.error) body = <LiveError error={data.error} what="the activity" />;
  else if (!data?.value) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (events.length === 0) body = <Typography.Text type="secondary">No activity yet.</Typography.Text>;
  else
    body = (
      <>
        <Timeline
          aria-label="Activity"
          items={shown.map((event) => ({
            key: event.id,
            color: DOT_COLORS[event.type],
            children: (
              <span data-testid="activity-entry">
                {describeAuditEvent(event, nameOf)}
                <Typography.Text type="secondary">
                  {' · '}
                  <Tooltip title={formatDateTime(event.at)}>
                    <time dateTime={event.at}>{fromNow(event.at)}</time>
                  </Tooltip>
                </Typography.Text>
              </span>
            ),
          }))}
        />
        {events.length > FIRST_ENTRIES && (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show fewer' : `Show all ${events.length} entries`}
          </Button>
        )}
      </>
    );

  return (
    <Card size="small" title="Activity">
      {body}
    </Card>
  );
}
