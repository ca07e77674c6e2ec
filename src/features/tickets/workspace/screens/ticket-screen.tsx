/**
 * The agent's ticket screen (`/desk/tickets/:ticketId`): header with status buttons
 * from the lifecycle table (DESIGN §2), the conversation with internal notes set apart, the
 * composer (public reply / internal note, "Send and set …"), the properties panel (assignee,
 * priority, category, tags), the requester's other tickets and the audit trail. Everything is
 * live: another person's change shows without a reload, and so does who else is viewing the
 * ticket or typing a reply (collision detection).
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import App from 'antd/es/app';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppDispatch } from '@/lib/store/store-hooks';
import { LiveError } from '@/components/live-error';
import { ShortcutsHelp } from '@/components/shortcuts-help';
import { StatusPage } from '@/components/status-page';
import type { ErrorShape } from '@/domain/errors/errors';
import type { Ticket, UserProfile } from '@/domain/types';
import { useUpdateTicketMutation, useWatchTicketQuery } from '@/features/tickets/api/ticket-api';
import { useWatchMessagesQuery } from '@/features/tickets/api/conversation-api';
import { Composer } from '@/features/tickets/conversation/composer/composer';
import { Conversation } from '@/features/tickets/conversation/components/conversation';
import { BackToQueueLink, TicketHeader } from '@/features/tickets/workspace/components/ticket-header';
import { TicketPresence, usePresenceHeartbeat } from '@/features/tickets/workspace/components/ticket-presence';
import { OutboxMessages } from '@/features/tickets/conversation/components/outbox-messages';
import { RequesterTickets } from '@/features/tickets/workspace/components/requester-tickets';
import { TicketFields } from '@/features/tickets/workspace/components/ticket-fields';
import { TicketProperties } from '@/features/tickets/workspace/components/ticket-properties';
import { TicketStatusActions } from '@/features/tickets/components/ticket-status-actions';
import { TicketTimeline } from '@/features/tickets/workspace/components/ticket-timeline';
import { TicketSla } from '@/features/tickets/workspace/components/ticket-sla';
import { TicketFollowers } from '@/features/tickets/workspace/components/ticket-followers';
import { Satisfaction } from '@/features/tickets/components/satisfaction';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { ticketOpened } from '@/features/tickets/ticket-events';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';
import { useHotkeys } from '@/lib/use-hotkeys';

const MESSAGES = defineMessages({
  notFoundTitle: { id: 'workspace.screen.notFoundTitle', defaultMessage: 'Ticket not found' },
  forbiddenTitle: { id: 'workspace.screen.forbiddenTitle', defaultMessage: 'You cannot open this ticket' },
  thisTicket: { id: 'workspace.screen.thisTicket', defaultMessage: 'this ticket' },
  theConversation: { id: 'workspace.screen.theConversation', defaultMessage: 'the conversation' },
  closedTitle: { id: 'workspace.screen.closedTitle', defaultMessage: 'This ticket is closed' },
  closedOn: {
    id: 'workspace.screen.closedOn',
    defaultMessage:
      'Closed on {date}: it can no longer change or take replies. The requester can open a follow-up request that links to it.',
  },
  closed: {
    id: 'workspace.screen.closed',
    defaultMessage:
      'Closed: it can no longer change or take replies. The requester can open a follow-up request that links to it.',
  },
  alreadyYours: { id: 'workspace.screen.alreadyYours', defaultMessage: 'This ticket is already yours.' },
  assignedToYou: { id: 'workspace.screen.assignedToYou', defaultMessage: '#{number} is assigned to you.' },
  documentTitle: { id: 'workspace.screen.documentTitle', defaultMessage: '#{number} {subject} · {product}' },
  loading: { id: 'workspace.screen.loading', defaultMessage: 'Loading the ticket' },
});

/** Why the ticket cannot be shown: not found, not allowed, or the database failed. */
function TicketUnavailable({ error }: { error: ErrorShape }) {
  const intl = useIntl();
  const back = (
    <Link to="/desk">
      <FormattedMessage id="workspace.header.backToQueue" defaultMessage="Back to queue" />
    </Link>
  );
  if (error.code === 'not-found') {
    return (
      <StatusPage kind="not-found" title={intl.formatMessage(MESSAGES.notFoundTitle)} actions={back}>
        <FormattedMessage
          id="workspace.screen.notFound"
          defaultMessage="There is no ticket at this address. It may have been mistyped, or the link is from another desk."
        />
      </StatusPage>
    );
  }
  if (error.code === 'permission-denied') {
    return (
      <StatusPage kind="forbidden" title={intl.formatMessage(MESSAGES.forbiddenTitle)} actions={back}>
        <FormattedMessage
          id="workspace.screen.forbidden"
          defaultMessage="Your account is not allowed to read it. If you think it should be, ask an admin."
        />
      </StatusPage>
    );
  }
  return (
    <Flex vertical gap={12}>
      <BackToQueueLink />
      <LiveError error={error} what={intl.formatMessage(MESSAGES.thisTicket)} />
    </Flex>
  );
}

/**
 * The conversation and my unsent messages (the outbox), then the composer — or, on a closed
 * ticket, a note saying so.
 * @param onTypingChange hears when the agent starts and stops typing in the composer.
 */
function ConversationSection({
  ticket,
  me,
  onTypingChange,
}: {
  ticket: Ticket;
  me: UserProfile;
  onTypingChange: (typing: boolean) => void;
}) {
  const { data } = useWatchMessagesQuery(ticket.id);
  const intl = useIntl();
  const time = useTimeFormat();
  return (
    <Flex vertical gap={16}>
      {data?.error ? (
        <LiveError error={data.error} what={intl.formatMessage(MESSAGES.theConversation)} />
      ) : (
        <Conversation messages={data?.value ?? null} requesterId={ticket.requesterId} viewerId={me.uid} />
      )}
      <OutboxMessages ticketId={ticket.id} owner={me.uid} messages={data?.value ?? null} />
      {ticket.status === 'closed' ? (
        <Alert
          type="info"
          showIcon
          message={intl.formatMessage(MESSAGES.closedTitle)}
          description={
            ticket.closedAt
              ? intl.formatMessage(MESSAGES.closedOn, { date: time.dateTime(ticket.closedAt) })
              : intl.formatMessage(MESSAGES.closed)
          }
        />
      ) : (
        <Composer ticket={ticket} staff onTypingChange={onTypingChange} />
      )}
    </Flex>
  );
}

/**
 * The ticket's own shortcuts: `a` assigns it to me, `?` lists every shortcut; `r` and
 * `n` belong to the composer. Returns the help dialog to render.
 */
function useTicketShortcuts(ticket: Ticket, me: UserProfile) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [update] = useUpdateTicketMutation();
  const { message } = App.useApp();
  const intl = useIntl();
  const runWithFeedback = useMutationFeedback();
  const assignToMe = async () => {
    if (ticket.assigneeId === me.uid) {
      message.info(intl.formatMessage(MESSAGES.alreadyYours));
      return;
    }
    await runWithFeedback(
      update({ id: ticket.id, patch: { assigneeId: me.uid }, expectedUpdatedAt: ticket.updatedAt }),
      intl.formatMessage(MESSAGES.assignedToYou, { number: String(ticket.number) }),
    );
  };
  useHotkeys({
    a: () => {
      if (ticket.status !== 'closed') void assignToMe();
    },
    '?': () => setHelpOpen(true),
  });
  return <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />;
}

function TicketDetail({ ticket, me }: { ticket: Ticket; me: UserProfile }) {
  const [typing, setTyping] = useState(false);
  const dispatch = useAppDispatch();
  usePresenceHeartbeat(ticket.id, typing);
  const help = useTicketShortcuts(ticket, me);
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage(MESSAGES.documentTitle, {
      number: String(ticket.number),
      subject: ticket.subject,
      product: PRODUCT_NAME,
    });
  }, [intl, ticket.number, ticket.subject]);
  // Opening the ticket (and watching it change) marks it read for the queue's unread dot.
  useEffect(() => {
    dispatch(ticketOpened({ uid: me.uid, ticketId: ticket.id, updatedAt: ticket.updatedAt }));
  }, [dispatch, me.uid, ticket.id, ticket.updatedAt]);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <TicketHeader ticket={ticket} actions={<TicketStatusActions ticket={ticket} actor={me} />} />
          <TicketPresence ticketId={ticket.id} meUid={me.uid} />
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <ConversationSection ticket={ticket} me={me} onTypingChange={setTyping} />
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={16}>
            <TicketProperties ticket={ticket} me={me} />
            <TicketFields ticket={ticket} />
            <TicketSla ticket={ticket} />
            <Satisfaction ticket={ticket} viewer="staff" />
            <TicketFollowers ticket={ticket} me={me} />
            <RequesterTickets ticket={ticket} />
            <TicketTimeline ticket={ticket} />
          </Flex>
        </Col>
      </Row>
      {help}
    </Flex>
  );
}

/**
 * The ticket screen: a skeleton while the ticket loads, a status page when it cannot be read.
 * One mount per ticket, so nothing read for the previous one (RTK Query keeps a hook's last
 * data while its new argument loads) shows under this address.
 */
export default function TicketScreen() {
  const { ticketId = '' } = useParams();
  return <TicketView key={ticketId} ticketId={ticketId} />;
}

/** One ticket, once read. */
function TicketView({ ticketId }: { ticketId: string }) {
  const intl = useIntl();
  const me = useCurrentUser();
  const { data } = useWatchTicketQuery(ticketId);

  if (data?.error) return <TicketUnavailable error={data.error} />;
  if (!data?.value || !me) {
    return (
      <Card
        data-testid="ticket-loading"
        role="status"
        aria-busy="true"
        aria-label={intl.formatMessage(MESSAGES.loading)}
      >
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <TicketDetail ticket={data.value} me={me} />;
}
