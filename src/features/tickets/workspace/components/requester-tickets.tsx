/**
 * The ticket screen's side panel of the requester's other tickets: what else this
 * person has asked, newest activity first, so an agent sees a repeat problem or a duplicate
 * before answering. Live, bounded: one page of {@link OTHER_TICKETS_SHOWN} + 1 rows (the +1
 * because the ticket being viewed may be among them) and one count.
 */
import { Link } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { Ticket } from '@/domain/types';
import { useWatchTicketCountQuery, useWatchTicketsQuery } from '@/features/tickets/api/queue-api';
import { StatusTag } from '@/features/tickets/components/status-tag';
import { LiveError } from '@/components/live-error';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import theme from 'antd/es/theme';

/** How many of the requester's other tickets the panel lists. */
export const OTHER_TICKETS_SHOWN = 5;

const MESSAGES = defineMessages({
  title: { id: 'workspace.requesterTickets.title', defaultMessage: 'Other tickets of {name}' },
  titleWithTotal: {
    id: 'workspace.requesterTickets.titleWithTotal',
    defaultMessage: 'Other tickets of {name} ({total})',
  },
  what: { id: 'workspace.requesterTickets.what', defaultMessage: "{name}'s other tickets" },
  region: { id: 'workspace.requesterTickets.region', defaultMessage: "Requester's other tickets" },
});

/**
 * The requester's other tickets, any status, last activity first, each linking to its ticket
 * screen; the total, and a link to their unsolved ones in the queue (`requester=` filter).
 * @param ticket the ticket on screen; it is left out of the list and the total.
 */
export function RequesterTickets({ ticket }: { ticket: Ticket }) {
  const { token } = theme.useToken();
  const { data: page } = useWatchTicketsQuery({
    requesterId: ticket.requesterId,
    sort: { field: 'updatedAt', direction: 'desc' },
    limit: OTHER_TICKETS_SHOWN + 1,
  });
  const { data: count } = useWatchTicketCountQuery({ requesterId: ticket.requesterId });
  const others = page?.value?.tickets.filter((other) => other.id !== ticket.id).slice(0, OTHER_TICKETS_SHOWN);
  const total = count?.value == null ? undefined : Math.max(0, count.value - 1);
  const intl = useIntl();
  const time = useTimeFormat();
  const name = ticket.requesterName;
  const title = total
    ? intl.formatMessage(MESSAGES.titleWithTotal, { name, total })
    : intl.formatMessage(MESSAGES.title, { name });

  let body;
  if (page?.error) body = <LiveError error={page.error} what={intl.formatMessage(MESSAGES.what, { name })} />;
  else if (!others) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (others.length === 0)
    body = (
      <Typography.Text type="secondary">
        <FormattedMessage id="workspace.requesterTickets.none" defaultMessage="No other tickets from them." />
      </Typography.Text>
    );
  else {
    body = (
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {others.map((other) => (
          <li key={other.id} style={{ padding: '6px 0' }}>
            <Flex justify="space-between" align="baseline" gap={8}>
              <Link
                to={`/desk/tickets/${other.id}`}
                style={{ minWidth: 0, overflowWrap: 'anywhere', color: token.colorLink }}
                dir="auto"
              >
                <FormattedMessage
                  id="workspace.requesterTickets.ticket"
                  defaultMessage="#{number} {subject}"
                  values={{ number: String(other.number), subject: other.subject }}
                />
              </Link>
              <StatusTag status={other.status} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title={time.dateTime(other.updatedAt)}>
              <FormattedMessage
                id="workspace.requesterTickets.updated"
                defaultMessage="Updated {time}"
                values={{ time: time.fromNow(other.updatedAt) }}
              />
            </Typography.Text>
          </li>
        ))}
      </ul>
    );
  }

  const queueLink = `/desk?${new URLSearchParams({ view: 'open', requester: ticket.requesterId }).toString()}`;
  return (
    <Card size="small" title={title} role="region" aria-label={intl.formatMessage(MESSAGES.region)}>
      {body}
      {total ? (
        <div style={{ marginTop: 8 }}>
          <Link to={queueLink} style={{ color: token.colorLink }}>
            <FormattedMessage
              id="workspace.requesterTickets.queueLink"
              defaultMessage="Their unsolved tickets in the queue"
            />
          </Link>
        </div>
      ) : null}
    </Card>
  );
}
