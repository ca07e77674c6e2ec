/**
 * One request as its requester sees it (route `/requests/:ticketId`, DESIGN §1–§2): "#N subject",
 * status, when it was opened and last answered, the public conversation, "Mark as solved" and
 * "Reopen" where the lifecycle table lets the requester fire them, and the reply box — or, once
 * the request is closed, an offer to open a follow-up linked to it. Everything is live: agent
 * replies and status changes appear without a reload.
 */
import { PageTitle } from '@/components/page-title';
import { Link, useNavigate, useParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useCurrentUser } from '@/lib/session/current-user';
import { LiveError } from '@/components/live-error';
import { StatusPage } from '@/components/status-page';
import type { ErrorShape } from '@/domain/errors/errors';
import { can } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import type { Message, Ticket, TicketStatus, UserProfile } from '@/domain/types';
import { useWatchMessagesQuery } from '@/features/tickets/api/conversation-api';
import { useWatchTicketQuery } from '@/features/tickets/api/ticket-api';
import { Composer } from '@/features/tickets/conversation/composer/composer';
import { Conversation } from '@/features/tickets/conversation/components/conversation';
import { OutboxMessages } from '@/features/tickets/conversation/components/outbox-messages';
import { PriorityTag, StatusTag } from '@/features/tickets/components/status-tag';
import { TicketStatusActions } from '@/features/tickets/components/ticket-status-actions';
import { formatDateTime, fromNow } from '@/lib/time';

/** What each status means for the person who asked (DESIGN §2's statuses, in their words). */
const STATUS_HINTS: Record<TicketStatus, string> = {
  new: 'Your request has arrived. The support team will answer here.',
  open: 'The support team is working on your request.',
  pending: 'The support team is waiting for your answer. Reply below to continue.',
  on_hold: 'The support team is waiting on someone else and will come back to you.',
  solved: 'Marked as solved. Not solved after all? Reply or reopen it.',
  closed: 'Finished, and kept here for reference.',
};

function BackLink() {
  return (
    <Link to="/requests">
      <ArrowLeftOutlined aria-hidden /> My requests
    </Link>
  );
}

/** Why the request cannot be shown — never a blank page. */
function RequestUnavailable({ error }: { error: ErrorShape }) {
  const navigate = useNavigate();
  const back = (
    <Button type="primary" onClick={() => navigate('/requests')}>
      Back to my requests
    </Button>
  );
  // Someone else's request reads exactly as one that does not exist: the page must not confirm
  // that a ticket is there (its id could be guessed or leaked).
  if (error.code === 'not-found' || error.code === 'permission-denied') {
    return (
      <StatusPage kind="not-found" title="Request not found" actions={back}>
        There is no request of yours at this address. The link may be mistyped, or the request may have been removed.
      </StatusPage>
    );
  }
  return <LiveError error={error} what="this request" />;
}

/** "#N subject", tags, dates, and the requester's status buttons. */
function RequestHeader({ ticket, user }: { ticket: Ticket; user: UserProfile }) {
  const mine = ticket.requesterId === user.uid;
  return (
    <Card>
      <Flex vertical gap={12}>
        <BackLink />
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <Flex vertical gap={8} style={{ minWidth: 0, flex: '1 1 360px' }}>
            <PageTitle style={{ overflowWrap: 'anywhere' }}>
              <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
                #{ticket.number}
              </Typography.Text>{' '}
              {ticket.subject}
            </PageTitle>
            <Flex gap={8} align="center" wrap>
              <span data-testid="request-status">
                <StatusTag status={ticket.status} />
              </span>
              <PriorityTag priority={ticket.priority} />
              {ticket.category && <Tag>{ticket.category}</Tag>}
              <Typography.Text type="secondary">
                Opened{' '}
                <Tooltip title={formatDateTime(ticket.createdAt)}>
                  <time dateTime={ticket.createdAt}>{fromNow(ticket.createdAt)}</time>
                </Tooltip>
                {' · '}Last reply{' '}
                <Tooltip title={formatDateTime(ticket.lastMessageAt)}>
                  <time dateTime={ticket.lastMessageAt}>{fromNow(ticket.lastMessageAt)}</time>
                </Tooltip>{' '}
                by {ticket.lastMessageBy === 'agent' ? 'the support team' : mine ? 'you' : ticket.requesterName}
              </Typography.Text>
            </Flex>
            <Typography.Text>{STATUS_HINTS[ticket.status]}</Typography.Text>
            {ticket.followUpOf && (
              <Typography.Text type="secondary">
                Follow-up to <Link to={`/requests/${ticket.followUpOf}`}>an earlier, closed request</Link>.
              </Typography.Text>
            )}
            {!mine && isStaff(user.role) && (
              <Typography.Text type="secondary">
                {ticket.requesterName}&apos;s request, as they see it.{' '}
                <Link to={`/desk/tickets/${ticket.id}`}>Open it in the desk</Link>
              </Typography.Text>
            )}
          </Flex>
          {/* The portal is the requester's view: the buttons DESIGN §2 gives the requester
              ("Mark as solved", "Reopen"), also for staff reading their own request here. */}
          <TicketStatusActions ticket={ticket} actor={{ uid: user.uid, role: 'customer' }} />
        </Flex>
      </Flex>
    </Card>
  );
}

/** Instead of the reply box on a closed request: the follow-up offer (DESIGN §2). */
function ClosedNotice({ ticket, mine }: { ticket: Ticket; mine: boolean }) {
  const navigate = useNavigate();
  return (
    <Alert
      type="info"
      showIcon
      message="This request is closed"
      description={
        mine
          ? 'It can no longer take replies. Need more help with it? Open a follow-up request: it is linked to this one, so the support team sees the whole story.'
          : 'It can no longer take replies.'
      }
      action={
        mine && (
          <Button type="primary" onClick={() => navigate(`/requests/new?followUpOf=${encodeURIComponent(ticket.id)}`)}>
            Open a follow-up request
          </Button>
        )
      }
    />
  );
}

function Thread({
  messages,
  error,
  requesterId,
}: {
  messages: Message[] | null;
  error: ErrorShape | null;
  requesterId: string;
}) {
  if (error) return <LiveError error={error} what="the conversation" />;
  // The requester's view shows public replies only. The backend never sends internal notes to
  // customers (DESIGN §1); staff reading their own request here do not see them either.
  const publicReplies = messages?.filter((message) => !message.internal) ?? null;
  return <Conversation messages={publicReplies} requesterId={requesterId} />;
}

/** The request screen (route `/requests/:ticketId`). */
export default function RequestScreen() {
  const { ticketId = '' } = useParams();
  const user = useCurrentUser();
  const { data: ticketData } = useWatchTicketQuery(ticketId, { skip: !ticketId });
  const { data: messagesData } = useWatchMessagesQuery(ticketId, { skip: !ticketId });
  const ticket = ticketData?.value ?? null;

  if (ticketData?.error) return <RequestUnavailable error={ticketData.error} />;
  if (!ticket || !user) {
    return (
      <Card aria-busy="true" aria-label="Loading the request">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const mine = ticket.requesterId === user.uid;
  const mayReply = can({ uid: user.uid, role: user.role }, 'ticket.reply', ticket);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <RequestHeader ticket={ticket} user={user} />
      <Card title="Conversation">
        <Thread
          messages={messagesData?.value ?? null}
          error={messagesData?.error ?? null}
          requesterId={ticket.requesterId}
        />
        <div style={{ marginTop: 12 }}>
          <OutboxMessages ticketId={ticket.id} owner={user.uid} messages={messagesData?.value ?? null} />
        </div>
      </Card>
      {ticket.status === 'closed' ? (
        <ClosedNotice ticket={ticket} mine={mine} />
      ) : (
        mayReply && <Composer ticket={ticket} staff={false} />
      )}
    </Flex>
  );
}
