/**
 * The top of the agent's ticket screen: "#42 Subject", status and priority, requester,
 * created and last activity, the way back to the queue, and the closed ticket it follows up.
 */
import { PageTitle } from '@/components/page-title';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import Flex from 'antd/es/flex';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { Ticket } from '@/domain/types';
import { useWatchTicketQuery } from '@/features/tickets/api/ticket-api';
import { PriorityTag, StatusTag } from '@/features/tickets/components/status-tag';
import { useWatchPeopleQuery } from '@/lib/store/people-api';
import { formatDateTime, fromNow } from '@/lib/time';

/** The queue's address. */
const QUEUE_PATH = '/desk';

/**
 * "Back to queue". With history inside the app (the agent came from the queue, with its view,
 * order and page in the URL) it goes back, so all of that is kept; opened from a link or a
 * reload, it goes to the queue's default view.
 */
/** The requester's email as a mail link (staff read every profile, DESIGN §1); nothing while unknown. */
function RequesterEmail({ uid }: { uid: string }) {
  const { data } = useWatchPeopleQuery();
  const email = data?.value?.find((person) => person.uid === uid)?.email;
  if (!email) return null;
  return (
    <>
      {' '}
      <Typography.Link href={`mailto:${email}`} data-testid="ticket-requester-email">
        {email}
      </Typography.Link>
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
      <ArrowLeftOutlined aria-hidden /> Back to queue
    </Link>
  );
}

function When({ label, iso }: { label: string; iso: string }) {
  return (
    <Typography.Text type="secondary">
      {label}{' '}
      <Tooltip title={formatDateTime(iso)}>
        <time dateTime={iso}>{fromNow(iso)}</time>
      </Tooltip>
    </Typography.Text>
  );
}

/** "Follow-up of #12 Subject": the closed ticket this one continues (DESIGN §2). */
function FollowUpOf({ ticketId }: { ticketId: string }) {
  const { data } = useWatchTicketQuery(ticketId);
  const original = data?.value;
  return (
    <Typography.Text type="secondary">
      Follow-up of{' '}
      <Link to={`/desk/tickets/${ticketId}`}>
        {original ? `#${original.number} ${original.subject}` : 'a closed ticket'}
      </Link>
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
            <Typography.Text
              type="secondary"
              data-testid="ticket-number"
              style={{ fontSize: 'inherit', fontWeight: 'inherit' }}
            >
              #{ticket.number}
            </Typography.Text>{' '}
            {ticket.subject}
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
              Requested by{' '}
              <Typography.Text strong data-testid="ticket-requester">
                {ticket.requesterName}
              </Typography.Text>
              <RequesterEmail uid={ticket.requesterId} />
            </Typography.Text>
            <When label="Created" iso={ticket.createdAt} />
            <When label="Last activity" iso={ticket.updatedAt} />
          </Flex>
          {ticket.followUpOf && <FollowUpOf ticketId={ticket.followUpOf} />}
        </Flex>
        {actions}
      </Flex>
    </Flex>
  );
}
