/**
 * A person's page (`/desk/people/:uid`, staff only; DESIGN §1 "A person's page"): who they are — name,
 * email, role, organisation, deactivated or not — with the requests they made, newest first, and
 * for an agent or admin the tickets they hold, newest activity first, each with a link to the
 * whole list in the queue. Read through the port's people and ticket queries, so both backends
 * show it alike; staff read anyone (the rules, `users.readAnyone`).
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { PageTitle } from '@/components/page-title';
import { LiveError } from '@/components/live-error';
import { toErrorShape } from '@/domain/errors/errors';
import { isStaff } from '@/domain/roles';
import type { TicketQuery } from '@/backend/port/tickets';
import type { UserProfile } from '@/domain/types';
import { useWatchTicketCountQuery, useWatchTicketsQuery } from '@/features/tickets/api/queue-api';
import { StatusTag } from '@/features/tickets/components/status-tag';
import { useGetPersonQuery, useWatchOrganisationsQuery } from '@/lib/store/people-api';
import { useLabels } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';

/** How many tickets each list shows; the rest are a link to the queue away. */
export const PERSON_TICKETS_SHOWN = 10;

const MESSAGES = defineMessages({
  documentTitle: { id: 'personPage.documentTitle', defaultMessage: '{name} · {product}' },
  deactivated: { id: 'personPage.deactivated', defaultMessage: 'Deactivated' },
  organisation: { id: 'personPage.organisation', defaultMessage: 'Organisation: {name}' },
  since: { id: 'personPage.since', defaultMessage: 'Account created {date}' },
  requests: { id: 'personPage.requests', defaultMessage: 'Requests ({count})' },
  requestsLoading: { id: 'personPage.requestsLoading', defaultMessage: 'Requests' },
  noRequests: { id: 'personPage.noRequests', defaultMessage: 'No requests from them.' },
  allRequests: { id: 'personPage.allRequests', defaultMessage: 'All their requests in the queue' },
  assigned: { id: 'personPage.assigned', defaultMessage: 'Assigned to them ({count})' },
  assignedLoading: { id: 'personPage.assignedLoading', defaultMessage: 'Assigned to them' },
  noAssigned: { id: 'personPage.noAssigned', defaultMessage: 'No tickets assigned to them.' },
  allAssigned: { id: 'personPage.allAssigned', defaultMessage: 'All their tickets in the queue' },
  ticket: { id: 'personPage.ticket', defaultMessage: '#{number} {subject}' },
  updated: { id: 'personPage.updated', defaultMessage: 'Updated {time}' },
  what: { id: 'personPage.what', defaultMessage: 'this person' },
  ticketsWhat: { id: 'personPage.ticketsWhat', defaultMessage: 'their tickets' },
  notFoundTitle: { id: 'personPage.notFoundTitle', defaultMessage: 'Person not found' },
  notFound: {
    id: 'personPage.notFound',
    defaultMessage: 'There is nobody at this address. The link may be mistyped, or their account deleted.',
  },
});

/** One of the page's ticket lists: the first tickets of `query`, their total, and a queue link. */
function TicketList({
  title,
  loadingTitle,
  empty,
  all,
  query,
  count,
}: {
  title: (count: number) => string;
  loadingTitle: string;
  empty: string;
  all: { label: string; to: string };
  query: TicketQuery;
  count: Parameters<typeof useWatchTicketCountQuery>[0];
}) {
  const intl = useIntl();
  const time = useTimeFormat();
  const { token } = theme.useToken();
  const { data: page } = useWatchTicketsQuery(query);
  const { data: total } = useWatchTicketCountQuery(count);
  const tickets = page?.value?.tickets;
  let body;
  if (page?.error) body = <LiveError error={page.error} what={intl.formatMessage(MESSAGES.ticketsWhat)} />;
  else if (!tickets) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (tickets.length === 0) body = <Typography.Text type="secondary">{empty}</Typography.Text>;
  else
    body = (
      <Flex vertical gap={8}>
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {tickets.map((ticket) => (
            <li key={ticket.id} style={{ padding: '6px 0' }}>
              <Flex justify="space-between" align="baseline" gap={8}>
                <Link
                  to={`/desk/tickets/${ticket.id}`}
                  style={{ minWidth: 0, overflowWrap: 'anywhere', color: token.colorLink }}
                  dir="auto"
                >
                  {intl.formatMessage(MESSAGES.ticket, { number: ticket.number, subject: ticket.subject })}
                </Link>
                <StatusTag status={ticket.status} />
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {intl.formatMessage(MESSAGES.updated, { time: time.fromNow(ticket.updatedAt) })}
              </Typography.Text>
            </li>
          ))}
        </ul>
        <Link to={all.to} style={{ color: token.colorLink }}>
          {all.label}
        </Link>
      </Flex>
    );
  const counted = total?.value;
  return (
    <Card size="small" title={counted == null ? loadingTitle : title(counted)}>
      {body}
    </Card>
  );
}

/** The person's card: name, email, role, organisation, since when. */
function PersonCard({ person }: { person: UserProfile }) {
  const intl = useIntl();
  const labels = useLabels();
  const time = useTimeFormat();
  const { data: organisations } = useWatchOrganisationsQuery(undefined, { skip: !person.organisationId });
  const organisation = organisations?.value?.find((each) => each.id === person.organisationId);
  return (
    <Card>
      <Flex vertical gap={8}>
        <Flex gap={8} align="center" wrap>
          <PageTitle>
            <span dir="auto">{person.displayName}</span>
          </PageTitle>
          <Tag>{labels.role(person.role)}</Tag>
          {person.deactivated && <Tag color="default">{intl.formatMessage(MESSAGES.deactivated)}</Tag>}
        </Flex>
        <Typography.Link underline href={`mailto:${person.email}`} style={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Typography.Link>
        {organisation && (
          <Typography.Text>
            <Link to={`/desk?${new URLSearchParams({ view: 'all', org: organisation.id }).toString()}`} dir="auto">
              {intl.formatMessage(MESSAGES.organisation, { name: organisation.name })}
            </Link>
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {intl.formatMessage(MESSAGES.since, { date: time.dateTime(person.createdAt) })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** The person's page: their card and their tickets; a status page when there is no such person. */
export default function PersonScreen() {
  const { uid = '' } = useParams();
  const intl = useIntl();
  const { data: person, error, isLoading } = useGetPersonQuery(uid);
  useEffect(() => {
    if (person)
      document.title = intl.formatMessage(MESSAGES.documentTitle, { name: person.displayName, product: PRODUCT_NAME });
  }, [intl, person]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (error || !person) {
    const shape = toErrorShape(error);
    return shape.code === 'not-found' || !error ? (
      <Result
        status="404"
        title={<PageTitle>{intl.formatMessage(MESSAGES.notFoundTitle)}</PageTitle>}
        subTitle={intl.formatMessage(MESSAGES.notFound)}
      />
    ) : (
      <LiveError error={shape} what={intl.formatMessage(MESSAGES.what)} />
    );
  }
  const requestsQueue = `/desk?${new URLSearchParams({ view: 'all', requester: person.uid }).toString()}`;
  const assignedQueue = `/desk?${new URLSearchParams({ view: 'all', assignee: person.uid }).toString()}`;
  return (
    <Flex vertical gap={16}>
      <PersonCard person={person} />
      <TicketList
        title={(count) => intl.formatMessage(MESSAGES.requests, { count })}
        loadingTitle={intl.formatMessage(MESSAGES.requestsLoading)}
        empty={intl.formatMessage(MESSAGES.noRequests)}
        all={{ label: intl.formatMessage(MESSAGES.allRequests), to: requestsQueue }}
        query={{
          requesterId: person.uid,
          sort: { field: 'createdAt', direction: 'desc' },
          limit: PERSON_TICKETS_SHOWN,
        }}
        count={{ requesterId: person.uid }}
      />
      {isStaff(person.role) && (
        <TicketList
          title={(count) => intl.formatMessage(MESSAGES.assigned, { count })}
          loadingTitle={intl.formatMessage(MESSAGES.assignedLoading)}
          empty={intl.formatMessage(MESSAGES.noAssigned)}
          all={{ label: intl.formatMessage(MESSAGES.allAssigned), to: assignedQueue }}
          query={{
            assigneeId: person.uid,
            sort: { field: 'updatedAt', direction: 'desc' },
            limit: PERSON_TICKETS_SHOWN,
          }}
          count={{ assigneeId: person.uid }}
        />
      )}
    </Flex>
  );
}
