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
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import type { Message } from '@/domain/types';
import {
  outboxRemoved,
  outboxRetried,
  selectOutbox,
  selectTicketOutbox,
  type OutboxEntry,
} from '@/features/tickets/conversation/slice/outbox-slice';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';

const STATE_TEXT = defineMessages<OutboxEntry['state']>({
  waiting: { id: 'conversation.outbox.state.waiting', defaultMessage: 'Waiting to send' },
  sending: { id: 'conversation.outbox.state.sending', defaultMessage: 'Sending…' },
  failed: { id: 'conversation.outbox.state.failed', defaultMessage: 'Not sent' },
});

/** The space between a state's icon and its text (on the text's start side in either direction). */
const ICON_GAP = { marginInlineEnd: '0.3em' } as const;

const DISCARD = defineMessage({ id: 'conversation.outbox.discard', defaultMessage: 'Discard' });

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
  const intl = useIntl();
  const labels = useLabels();
  const friendlyMessage = useFriendlyMessage();
  // The slice itself is a stable reference; the filtered list is derived per render.
  const outbox = useAppSelector(selectOutbox);
  const entries = useMemo(() => selectTicketOutbox({ outbox }, owner, ticketId), [outbox, owner, ticketId]);
  const shown = new Set(messages?.map((message) => message.id));
  const pending = entries.filter((entry) => !shown.has(entry.messageId));
  if (pending.length === 0) return null;

  const discard = (entry: OutboxEntry) =>
    modal.confirm({
      title: intl.formatMessage({
        id: 'conversation.outbox.discardTitle',
        defaultMessage: 'Discard this unsent message?',
      }),
      content: intl.formatMessage({
        id: 'conversation.outbox.discardContent',
        defaultMessage: 'It has not reached the desk and will be lost.',
      }),
      okText: intl.formatMessage(DISCARD),
      okButtonProps: { danger: true },
      onOk: () => dispatch(outboxRemoved({ owner, messageId: entry.messageId })),
    });

  return (
    <Flex
      vertical
      gap={8}
      role="list"
      aria-label={intl.formatMessage({ id: 'conversation.outbox.list', defaultMessage: 'Unsent messages' })}
    >
      {pending.map((entry) => {
        const failed = entry.state === 'failed';
        const state = intl.formatMessage(STATE_TEXT[entry.state]);
        const label = entry.internal
          ? intl.formatMessage(
              { id: 'conversation.outbox.noteLabel', defaultMessage: 'Internal note: {state}' },
              { state },
            )
          : intl.formatMessage({ id: 'conversation.outbox.replyLabel', defaultMessage: 'Reply: {state}' }, { state });
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
                  <LoadingOutlined aria-hidden style={ICON_GAP} />
                ) : failed ? (
                  <WarningOutlined aria-hidden style={ICON_GAP} />
                ) : (
                  <ClockCircleOutlined aria-hidden style={ICON_GAP} />
                )}
                <FormattedMessage
                  id="conversation.outbox.status"
                  defaultMessage="{state}{internal, select, yes { · internal note} other {}}{then, select, yes { · then “{move}”} other {}}{waiting, select, yes { — it goes out as soon as the desk can be reached.} other {}}"
                  values={{
                    state,
                    internal: entry.internal ? 'yes' : 'no',
                    then: entry.event ? 'yes' : 'no',
                    move: entry.event ? labels.move(entry.event) : '',
                    waiting: entry.state === 'waiting' ? 'yes' : 'no',
                  }}
                />
              </Typography.Text>
              <Typography.Paragraph dir="auto" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {entry.body}
              </Typography.Paragraph>
              {failed && entry.error && (
                <Typography.Text type="danger" role="alert">
                  {friendlyMessage(entry.error)}
                </Typography.Text>
              )}
              {entry.state !== 'sending' && (
                <Flex gap={8} wrap>
                  {failed && (
                    <Button size="small" onClick={() => dispatch(outboxRetried({ owner, messageId: entry.messageId }))}>
                      <FormattedMessage id="conversation.outbox.retry" defaultMessage="Retry" />
                    </Button>
                  )}
                  {failed && entry.event && (
                    <Button
                      size="small"
                      onClick={() => dispatch(outboxRetried({ owner, messageId: entry.messageId, withoutEvent: true }))}
                    >
                      <FormattedMessage
                        id="conversation.outbox.sendWithoutStatus"
                        defaultMessage="Send without changing status"
                      />
                    </Button>
                  )}
                  <Button size="small" type="text" danger onClick={() => discard(entry)}>
                    <FormattedMessage {...DISCARD} />
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
