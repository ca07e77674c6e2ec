/**
 * The signed-in person's unsent replies and notes on one ticket (offline), under the
 * conversation: "Waiting to send" while offline or the backend is unreachable, "Sending…", or
 * the backend's refusal with Retry, "Send without changing status" and Discard. An entry whose
 * message the conversation already shows is not shown twice.
 */
import { useMemo } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { ruleFor } from '@/domain/lifecycle';
import type { Message } from '@/domain/types';
import {
  outboxRemoved,
  outboxRetried,
  selectOutbox,
  selectTicketOutbox,
  type OutboxEntry,
} from '@/features/tickets/conversation/slice/outbox-slice';
import { friendlyMessage } from '@/lib/error-messages';

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting to send',
  sending: 'Sending…',
  failed: 'Not sent',
};

/**
 * The outbox entries of `ticketId` for `owner`.
 * @param messages the conversation as shown (entries already delivered are hidden), or null while it loads.
 */
export function OutboxMessages({
  ticketId,
  owner,
  messages,
}: {
  ticketId: string;
  owner: string;
  messages: readonly Message[] | null;
}) {
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  // The slice itself is a stable reference; the filtered list is derived per render.
  const outbox = useAppSelector(selectOutbox);
  const entries = useMemo(() => selectTicketOutbox({ outbox }, owner, ticketId), [outbox, owner, ticketId]);
  const shown = new Set(messages?.map((message) => message.id));
  const pending = entries.filter((entry) => !shown.has(entry.messageId));
  if (pending.length === 0) return null;

  const discard = (entry: OutboxEntry) =>
    modal.confirm({
      title: 'Discard this unsent message?',
      content: 'It has not reached the desk and will be lost.',
      okText: 'Discard',
      okButtonProps: { danger: true },
      onOk: () => dispatch(outboxRemoved({ owner, messageId: entry.messageId })),
    });

  return (
    <Flex vertical gap={8} role="list" aria-label="Unsent messages">
      {pending.map((entry) => {
        const failed = entry.state === 'failed';
        const label = `${entry.internal ? 'Internal note' : 'Reply'}: ${STATE_TEXT[entry.state]}`;
        return (
          <article
            key={entry.messageId}
            role="listitem"
            aria-label={label}
            data-outbox-state={entry.state}
            style={{
              padding: 12,
              borderRadius: token.borderRadiusLG,
              border: `1px dashed ${failed ? token.colorErrorBorder : token.colorBorder}`,
              background: failed ? token.colorErrorBg : token.colorFillQuaternary,
            }}
          >
            <Flex vertical gap={6}>
              <Typography.Text type={failed ? 'danger' : 'secondary'}>
                {entry.state === 'sending' ? (
                  <LoadingOutlined aria-hidden />
                ) : failed ? (
                  <WarningOutlined aria-hidden />
                ) : (
                  <ClockCircleOutlined aria-hidden />
                )}{' '}
                {STATE_TEXT[entry.state]}
                {entry.internal ? ' · internal note' : ''}
                {entry.event ? ` · then “${ruleFor(entry.event).label}”` : ''}
                {entry.state === 'waiting' && ' — it goes out as soon as the desk can be reached.'}
              </Typography.Text>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{entry.body}</Typography.Paragraph>
              {failed && entry.error && (
                <Typography.Text type="danger" role="alert">
                  {friendlyMessage(entry.error)}
                </Typography.Text>
              )}
              {entry.state !== 'sending' && (
                <Flex gap={8} wrap>
                  {failed && (
                    <Button size="small" onClick={() => dispatch(outboxRetried({ owner, messageId: entry.messageId }))}>
                      Retry
                    </Button>
                  )}
                  {failed && entry.event && (
                    <Button
                      size="small"
                      onClick={() => dispatch(outboxRetried({ owner, messageId: entry.messageId, withoutEvent: true }))}
                    >
                      Send without changing status
                    </Button>
                  )}
                  <Button size="small" type="text" danger onClick={() => discard(entry)}>
                    Discard
                  </Button>
                </Flex>
              )}
            </Flex>
          </article>
        );
      })}
    </Flex>
  );
}
