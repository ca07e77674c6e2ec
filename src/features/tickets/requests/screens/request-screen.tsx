/**
 * One request as its requester sees it (route `/requests/:ticketId`, DESIGN §1–§2) — or, read
 * only, as a colleague of a sharing organisation does (DESIGN §1 "Organisations"): "#N subject",
 * status, when it was opened and last answered, the public conversation, "Mark as solved" and
 * "Reopen" where the lifecycle table lets the requester fire them, and the reply box — or, once
 * the request is closed, an offer to open a follow-up linked to it. Everything is live: agent
 * replies and status changes appear without a reload.
 */
import { PageTitle } from '@/components/page-title';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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
import { Satisfaction } from '@/features/tickets/components/satisfaction';
import { RequestFieldValues } from '@/features/tickets/requests/components/request-fields';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { DirectionalIcon } from '@/lib/i18n/direction';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

/** What each status means for the person who asked (DESIGN §2's statuses, in their words). */
const STATUS_HINTS = defineMessages<TicketStatus>({
  new: {
    id: 'requests.request.hint.new',
    defaultMessage: 'Your request has arrived. The support team will answer here.',
  },
  open: { id: 'requests.request.hint.open', defaultMessage: 'The support team is working on your request.' },
  pending: {
    id: 'requests.request.hint.pending',
    defaultMessage: 'The support team is waiting for your answer. Reply below to continue.',
  },
  on_hold: {
    id: 'requests.request.hint.onHold',
    defaultMessage: 'The support team is waiting on someone else and will come back to you.',
  },
  solved: {
    id: 'requests.request.hint.solved',
    defaultMessage: 'Marked as solved. Not solved after all? Reply or reopen it.',
  },
  closed: { id: 'requests.request.hint.closed', defaultMessage: 'Finished, and kept here for reference.' },
});

function BackLink() {
  return (
    <Link to="/requests">
      <FormattedMessage
        id="requests.request.backLink"
        defaultMessage="{arrow} My requests"
        values={{
          arrow: (
            <DirectionalIcon>
              <ArrowLeftOutlined aria-hidden />
            </DirectionalIcon>
          ),
        }}
      />
    </Link>
  );
}

/** Why the request cannot be shown — never a blank page. */
function RequestUnavailable({ error }: { error: ErrorShape }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const back = (
    <Button type="primary" onClick={() => navigate('/requests')}>
      {intl.formatMessage({ id: 'requests.unavailable.back', defaultMessage: 'Back to my requests' })}
    </Button>
  );
  // Someone else's request reads exactly as one that does not exist: the page must not confirm
  // that a ticket is there (its id could be guessed or leaked).
  if (error.code === 'not-found' || error.code === 'permission-denied') {
    return (
      <StatusPage
        kind="not-found"
        title={intl.formatMessage({ id: 'requests.unavailable.title', defaultMessage: 'Request not found' })}
        actions={back}
      >
        <FormattedMessage
          id="requests.unavailable.description"
          defaultMessage="There is no request of yours at this address. The link may be mistyped, or the request may have been removed."
        />
      </StatusPage>
    );
  }
  return (
    <LiveError
      error={error}
      what={intl.formatMessage({ id: 'requests.unavailable.loadErrorWhat', defaultMessage: 'this request' })}
    />
  );
}

/** "#N subject", tags, dates, and the requester's status buttons. */
function RequestHeader({ ticket, user }: { ticket: Ticket; user: UserProfile }) {
  const mine = ticket.requesterId === user.uid;
  const intl = useIntl();
  const { fromNow, dateTime } = useTimeFormat();
  return (
    <Card>
      <Flex vertical gap={12}>
        <BackLink />
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <Flex vertical gap={8} style={{ minWidth: 0, flex: '1 1 360px' }}>
            <PageTitle style={{ overflowWrap: 'anywhere' }}>
              <FormattedMessage
                id="requests.header.title"
                defaultMessage="<muted>#{number}</muted> {subject}"
                values={{
                  number: ticket.number,
                  subject: <span dir="auto">{ticket.subject}</span>,
                  muted: (chunks) => (
                    <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
                      {chunks}
                    </Typography.Text>
                  ),
                }}
              />
            </PageTitle>
            <Flex gap={8} align="center" wrap>
              <span data-testid="request-status">
                <StatusTag status={ticket.status} />
              </span>
              <PriorityTag priority={ticket.priority} />
              {ticket.category && <Tag dir="auto">{ticket.category}</Tag>}
              <Typography.Text type="secondary">
                <FormattedMessage
                  id="requests.header.dates"
                  defaultMessage="Opened {opened} · Last reply {lastReply} by {author, select, support {the support team} you {you} other {{requesterName}}}"
                  values={{
                    opened: (
                      <Tooltip title={dateTime(ticket.createdAt)}>
                        <time dateTime={ticket.createdAt}>{fromNow(ticket.createdAt)}</time>
                      </Tooltip>
                    ),
                    lastReply: (
                      <Tooltip title={dateTime(ticket.lastMessageAt)}>
                        <time dateTime={ticket.lastMessageAt}>{fromNow(ticket.lastMessageAt)}</time>
                      </Tooltip>
                    ),
                    author: ticket.lastMessageBy === 'agent' ? 'support' : mine ? 'you' : 'other',
                    requesterName: <span dir="auto">{ticket.requesterName}</span>,
                  }}
                />
              </Typography.Text>
            </Flex>
            {/* The hints speak to the requester; a colleague reading a shared request gets the line below. */}
            {(mine || isStaff(user.role)) && (
              <Typography.Text>{intl.formatMessage(STATUS_HINTS[ticket.status])}</Typography.Text>
            )}
            {ticket.followUpOf && (
              <Typography.Text type="secondary">
                <FormattedMessage
                  id="requests.header.followUpOf"
                  defaultMessage="Follow-up to <link>an earlier, closed request</link>."
                  values={{ link: (chunks) => <Link to={`/requests/${ticket.followUpOf}`}>{chunks}</Link> }}
                />
              </Typography.Text>
            )}
            {!mine && !isStaff(user.role) && (
              <Typography.Text type="secondary" data-testid="request-shared">
                <FormattedMessage
                  id="requests.header.sharedView"
                  defaultMessage="{requesterName}'s request, shared with your organisation: you can read it; only they can reply."
                  values={{ requesterName: <span dir="auto">{ticket.requesterName}</span> }}
                />
              </Typography.Text>
            )}
            {!mine && isStaff(user.role) && (
              <Typography.Text type="secondary">
                <FormattedMessage
                  id="requests.header.staffView"
                  defaultMessage="{requesterName}'s request, as they see it. <link>Open it in the desk</link>"
                  values={{
                    requesterName: <span dir="auto">{ticket.requesterName}</span>,
                    link: (chunks) => <Link to={`/desk/tickets/${ticket.id}`}>{chunks}</Link>,
                  }}
                />
              </Typography.Text>
            )}
          </Flex>
          {/* The portal is the requester's view: the buttons DESIGN §2 gives the requester
              ("Mark as solved", "Reopen"), also for staff reading their own request here; a
              colleague reading a shared request gets none. */}
          {(mine || isStaff(user.role)) && (
            <TicketStatusActions ticket={ticket} actor={{ uid: user.uid, role: 'customer' }} />
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/** Instead of the reply box on a closed request: the follow-up offer (DESIGN §2). */
function ClosedNotice({ ticket, mine }: { ticket: Ticket; mine: boolean }) {
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <Alert
      type="info"
      showIcon
      message={intl.formatMessage({ id: 'requests.closed.title', defaultMessage: 'This request is closed' })}
      description={
        mine
          ? intl.formatMessage({
              id: 'requests.closed.descriptionMine',
              defaultMessage:
                'It can no longer take replies. Need more help with it? Open a follow-up request: it is linked to this one, so the support team sees the whole story.',
            })
          : intl.formatMessage({ id: 'requests.closed.description', defaultMessage: 'It can no longer take replies.' })
      }
      action={
        mine && (
          <Button type="primary" onClick={() => navigate(`/requests/new?followUpOf=${encodeURIComponent(ticket.id)}`)}>
            {intl.formatMessage({ id: 'requests.closed.followUp', defaultMessage: 'Open a follow-up request' })}
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
  viewerId,
}: {
  messages: Message[] | null;
  error: ErrorShape | null;
  requesterId: string;
  viewerId: string;
}) {
  const intl = useIntl();
  if (error) {
    return (
      <LiveError
        error={error}
        what={intl.formatMessage({ id: 'requests.thread.loadErrorWhat', defaultMessage: 'the conversation' })}
      />
    );
  }
  // The requester's view shows public replies only. The backend never sends internal notes to
  // customers (DESIGN §1); staff reading their own request here do not see them either.
  const publicReplies = messages?.filter((message) => !message.internal) ?? null;
  return <Conversation messages={publicReplies} requesterId={requesterId} viewerId={viewerId} />;
}

/**
 * The request screen (route `/requests/:ticketId`): one mount per request, so nothing read for
 * the previous one (RTK Query keeps a hook's last data while its new argument loads) shows
 * under this address.
 */
export default function RequestScreen() {
  const { ticketId = '' } = useParams();
  return <RequestView key={ticketId} ticketId={ticketId} />;
}

/** One request: its header, conversation, rating and composer. */
function RequestView({ ticketId }: { ticketId: string }) {
  const user = useCurrentUser();
  const intl = useIntl();
  const { data: ticketData } = useWatchTicketQuery(ticketId, { skip: !ticketId });
  const { data: messagesData } = useWatchMessagesQuery(ticketId, { skip: !ticketId });
  const { data: fieldsData } = useWatchFieldsQuery();
  const ticket = ticketData?.value ?? null;

  if (ticketData?.error) return <RequestUnavailable error={ticketData.error} />;
  if (!ticket || !user) {
    return (
      <Card
        role="status"
        aria-busy="true"
        aria-label={intl.formatMessage({ id: 'requests.request.loading', defaultMessage: 'Loading the request' })}
      >
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const mine = ticket.requesterId === user.uid;
  const mayReply = can({ uid: user.uid, role: user.role }, 'ticket.reply', ticket);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <RequestHeader ticket={ticket} user={user} />
      {ticket.fields && Object.keys(ticket.fields).length > 0 && (
        <Card size="small">
          <RequestFieldValues definitions={fieldsData?.value ?? []} values={ticket.fields} />
        </Card>
      )}
      <Card title={intl.formatMessage({ id: 'requests.request.conversation', defaultMessage: 'Conversation' })}>
        <Thread
          messages={messagesData?.value ?? null}
          error={messagesData?.error ?? null}
          requesterId={ticket.requesterId}
          viewerId={user.uid}
        />
        <div style={{ marginTop: 12 }}>
          <OutboxMessages ticketId={ticket.id} owner={user.uid} messages={messagesData?.value ?? null} />
        </div>
      </Card>
      {mine && <Satisfaction ticket={ticket} viewer="requester" />}
      {ticket.status === 'closed' ? (
        <ClosedNotice ticket={ticket} mine={mine} />
      ) : (
        mayReply && <Composer ticket={ticket} staff={false} />
      )}
    </Flex>
  );
}
