/**
 * A ticket's conversation, oldest first: public replies and, for staff, internal notes
 * (DESIGN §3), which look unmistakably different — warm background, lock, "Internal note".
 */
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { LiveAnnouncement } from '@/components/live-announcement';
import { isStaff } from '@/domain/roles';
import type { Message } from '@/domain/types';
import { PresetTag } from '@/components/preset-tag';
import { PersonAvatar } from '@/components/person-avatar';
import { AttachmentLinks } from '@/features/tickets/conversation/components/attachment-links';
import { useLabels } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

function MessageCard({ message, requesterId }: { message: Message; requesterId: string }) {
  const { token } = theme.useToken();
  const intl = useIntl();
  const labels = useLabels();
  const time = useTimeFormat();
  const staff = isStaff(message.authorRole);
  const note = message.internal;
  const name = message.authorName;
  const cardStyle = note
    ? {
        background: token.colorWarningBgHover,
        borderColor: token.colorWarningBorder,
        borderInlineStart: `4px solid ${token.colorWarning}`,
      }
    : staff && message.authorId !== requesterId
      ? { background: token.colorFillAlter }
      : undefined;
  return (
    <Card
      size="small"
      role="article"
      aria-label={
        note
          ? intl.formatMessage(
              { id: 'conversation.message.noteBy', defaultMessage: 'Internal note by {name}' },
              { name },
            )
          : intl.formatMessage({ id: 'conversation.message.replyBy', defaultMessage: 'Reply by {name}' }, { name })
      }
      data-testid={note ? 'internal-note' : 'public-reply'}
      style={cardStyle}
    >
      <Flex align="center" gap={8} wrap style={{ marginBottom: 6 }}>
        <PersonAvatar uid={message.authorId} name={message.authorName} size={24} />
        <Typography.Text strong dir="auto">
          {message.authorName}
        </Typography.Text>
        {staff && (
          <PresetTag color={message.authorRole === 'admin' ? 'purple' : 'geekblue'}>
            {labels.role(message.authorRole)}
          </PresetTag>
        )}
        {note && (
          // Dark text on the warning colour, as the composer's "Internal note" switch has: white on
          // it is 1.9:1, under AA.
          <Tag color={token.colorWarning} icon={<LockOutlined aria-hidden />} style={{ color: 'rgba(0, 0, 0, 0.88)' }}>
            <FormattedMessage id="conversation.message.internalNote" defaultMessage="Internal note" />
          </Tag>
        )}
        <Tooltip title={time.dateTime(message.createdAt)}>
          <Typography.Text type="secondary">
            <time dateTime={message.createdAt}>{time.fromNow(message.createdAt)}</time>
          </Typography.Text>
        </Tooltip>
      </Flex>
      {/* Plain text, never HTML: React escapes it, pre-wrap keeps the writer's line breaks. */}
      <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>
        {message.body}
      </Typography.Paragraph>
      {message.attachments.length > 0 && <AttachmentLinks attachments={message.attachments} />}
    </Card>
  );
}

const ANNOUNCE = defineMessages({
  reply: { id: 'conversation.announce.reply', defaultMessage: 'New reply from {name}: {excerpt}' },
  note: { id: 'conversation.announce.note', defaultMessage: 'New internal note from {name}: {excerpt}' },
});

/** How much of a new message is read out (characters); the rest is on screen. */
const EXCERPT_LENGTH = 140;

/**
 * Reads out messages that arrive while the thread is open (DESIGN §8 live regions), written by
 * someone else — one's own reply is already known. The first snapshot is the baseline.
 */
function ArrivalAnnouncement({ messages, me }: { messages: Message[] | null; me: string | undefined }) {
  const intl = useIntl();
  const seen = useRef<Set<string> | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (messages === null) return;
    const known = seen.current;
    seen.current = new Set(messages.map((message) => message.id));
    if (known === null) return;
    const fresh = messages.filter((message) => !known.has(message.id) && message.authorId !== me);
    if (fresh.length === 0) return;
    setText(
      fresh
        .map((message) =>
          intl.formatMessage(message.internal ? ANNOUNCE.note : ANNOUNCE.reply, {
            name: message.authorName,
            excerpt: message.body.length > EXCERPT_LENGTH ? `${message.body.slice(0, EXCERPT_LENGTH)}…` : message.body,
          }),
        )
        .join(' '),
    );
  }, [messages, me, intl]);
  return <LiveAnnouncement text={text} testId="conversation-announcement" />;
}

/**
 * The thread of a ticket.
 * @param messages the conversation oldest first, or `null` while it loads (a skeleton shows).
 * @param requesterId the ticket's requester, whose messages are not shaded as the desk's.
 * @param viewerId who reads the thread: messages they write are not announced (the others'
 *   arriving are, in a polite live region).
 */
export function Conversation({
  messages,
  requesterId,
  viewerId,
}: {
  messages: Message[] | null;
  requesterId: string;
  viewerId?: string;
}) {
  return (
    <>
      <ArrivalAnnouncement messages={messages} me={viewerId} />
      <Thread messages={messages} requesterId={requesterId} />
    </>
  );
}

function Thread({ messages, requesterId }: { messages: Message[] | null; requesterId: string }) {
  const intl = useIntl();
  if (messages === null) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={intl.formatMessage({
          id: 'conversation.thread.loading',
          defaultMessage: 'Loading the conversation',
        })}
        data-testid="conversation-loading"
      >
        <Skeleton active avatar paragraph={{ rows: 2 }} />
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (messages.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<FormattedMessage id="conversation.thread.empty" defaultMessage="No messages yet." />}
      />
    );
  }
  return (
    <Flex
      vertical
      gap={12}
      role="feed"
      aria-label={intl.formatMessage({ id: 'conversation.thread.label', defaultMessage: 'Conversation' })}
      data-testid="conversation"
    >
      {messages.map((message) => (
        <MessageCard key={message.id} message={message} requesterId={requesterId} />
      ))}
    </Flex>
  );
}
