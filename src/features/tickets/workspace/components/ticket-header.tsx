/**
 * The top of the agent's ticket screen: "#42 Subject", status and priority, requester,
 * created and last activity, the way back to the queue, and the closed ticket it follows up.
 */
import { PageTitle } from '@/components/page-title';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { Ticket } from '@/domain/types';
import { useWatchTicketQuery } from '@/features/tickets/api/ticket-api';
import { PriorityTag, StatusTag } from '@/features/tickets/components/status-tag';
import { useGetPersonQuery, useWatchOrganisationsQuery } from '@/lib/store/people-api';
import { DirectionalIcon } from '@/lib/i18n/direction';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

/** The queue's address. */
const QUEUE_PATH = '/desk';

const WHEN = defineMessages({
  created: { id: 'workspace.header.created', defaultMessage: 'Created {time}' },
  lastActivity: { id: 'workspace.header.lastActivity', defaultMessage: 'Last activity {time}' },
});

/**
 * "Back to queue". With history inside the app (the agent came from the queue, with its view,
 * order and page in the URL) it goes back, so all of that is kept; opened from a link or a
 * reload, it goes to the queue's default view.
 */
/**
 * The requester's email as a mail link, from their one profile read by uid (staff read anyone's,
 * DESIGN §1), and the ticket's organisation (DESIGN §1 "Organisations") — the one it was filed
 * under, else its requester's now — as a link to the queue of that organisation's tickets. The
 * organisations are read (live, shared with other screens) only when there is one to name.
 */
function RequesterContact({ uid, filedUnder }: { uid: string; filedUnder?: string }) {
  const intl = useIntl();
  const { data } = useGetPersonQuery(uid);
  const organisationId = filedUnder ?? data?.organisationId;
  const { data: organisations } = useWatchOrganisationsQuery(undefined, { skip: !organisationId });
  const organisation = organisations?.value?.find((each) => each.id === organisationId);
  const email = data?.email;
  return (
    <>
      {email && (
        <>
          {' '}
          <Typography.Link underline href={`mailto:${email}`} data-testid="ticket-requester-email">
            {email}
          </Typography.Link>
        </>
      )}
      {organisation && (
        <>
          {' '}
          <Tag
            data-testid="ticket-requester-organisation"
            icon={
              <ApartmentOutlined
                aria-label={intl.formatMessage({ id: 'workspace.header.organisation', defaultMessage: 'Organisation' })}
                role="img"
              />
            }
            style={{ marginInlineStart: 4 }}
          >
            <Link
              to={`/desk?${new URLSearchParams({ view: 'all', org: organisation.id }).toString()}`}
              title={intl.formatMessage({
                id: 'workspace.header.organisationTickets',
                defaultMessage: 'Tickets of this organisation',
              })}
            >
              <span dir="auto">{organisation.name}</span>
            </Link>
          </Tag>
        </>
      )}
    </>
  );
}

export function BackToQueueLink() {
  const location = useLocation();
  const navigate = useNavigate();
  // react-router gives the first entry of a history the key "default": nothing to go back to.
  const hasHistory = location.key !== 'default';
  return (
    <Link
      to={QUEUE_PATH}
      onClick={(event) => {
        if (!hasHistory || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      <span style={{ marginInlineEnd: '0.25em' }}>
        <DirectionalIcon>
          <ArrowLeftOutlined aria-hidden />
        </DirectionalIcon>
      </span>
      <FormattedMessage id="workspace.header.backToQueue" defaultMessage="Back to queue" />
    </Link>
  );
}

/** "Created 3 hours ago", the exact time in a tooltip. */
function When({ which, iso }: { which: keyof typeof WHEN; iso: string }) {
  const time = useTimeFormat();
  return (
    <Typography.Text type="secondary">
      <FormattedMessage
        {...WHEN[which]}
        values={{
          time: (
            <Tooltip title={time.dateTime(iso)}>
              <time dateTime={iso}>{time.fromNow(iso)}</time>
            </Tooltip>
          ),
        }}
      />
    </Typography.Text>
  );
}

/** "Follow-up of #12 Subject": the closed ticket this one continues (DESIGN §2). */
function FollowUpOf({ ticketId }: { ticketId: string }) {
  const { data } = useWatchTicketQuery(ticketId);
  const original = data?.value;
  const link = (chunks: ReactNode[]) => (
    <Link to={`/desk/tickets/${ticketId}`} dir="auto">
      {chunks}
    </Link>
  );
  return (
    <Typography.Text type="secondary">
      {original ? (
        <FormattedMessage
          id="workspace.header.followUpOf"
          defaultMessage="Follow-up of <link>#{number} {subject}</link>"
          values={{ number: String(original.number), subject: original.subject, link }}
        />
      ) : (
        <FormattedMessage
          id="workspace.header.followUpOfUnknown"
          defaultMessage="Follow-up of <link>a closed ticket</link>"
          values={{ link }}
        />
      )}
    </Typography.Text>
  );
}

/**
 * @param ticket the live ticket.
 * @param actions shown beside the title on wide screens, under it on narrow ones (the status buttons).
 */
export function TicketHeader({ ticket, actions }: { ticket: Ticket; actions?: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      <BackToQueueLink />
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Flex vertical gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <PageTitle style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage
              id="workspace.header.title"
              defaultMessage="<muted>#{number}</muted> {subject}"
              values={{
                muted: (chunks: ReactNode[]) => (
                  <Typography.Text
                    type="secondary"
                    data-testid="ticket-number"
                    style={{ fontSize: 'inherit', fontWeight: 'inherit' }}
                  >
                    {chunks}
                  </Typography.Text>
                ),
                number: String(ticket.number),
                subject: <span dir="auto">{ticket.subject}</span>,
              }}
            />
          </PageTitle>
          <Flex gap="4px 12px" align="center" wrap>
            <span>
              <span data-testid="ticket-status">
                <StatusTag status={ticket.status} />
              </span>
              <span data-testid="ticket-priority">
                <PriorityTag priority={ticket.priority} />
              </span>
            </span>
            <Typography.Text>
              <FormattedMessage
                id="workspace.header.requestedBy"
                defaultMessage="Requested by {requester}"
                values={{
                  requester: (
                    <Link to={`/desk/people/${ticket.requesterId}`} data-testid="ticket-requester" dir="auto">
                      <strong>{ticket.requesterName}</strong>
                    </Link>
                  ),
                }}
              />
              <RequesterContact uid={ticket.requesterId} filedUnder={ticket.organisationId} />
            </Typography.Text>
            <When which="created" iso={ticket.createdAt} />
            <When which="lastActivity" iso={ticket.updatedAt} />
          </Flex>
          {ticket.followUpOf && <FollowUpOf ticketId={ticket.followUpOf} />}
        </Flex>
        {actions}
      </Flex>
    </Flex>
  );
}
