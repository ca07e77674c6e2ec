/**
 * "Outgoing mail" (`/admin/mail`, admins): every email the desk wrote (DESIGN §9), newest first,
 * live, with its delivery state and its text; and, on the local backend, "Simulate a reply": an
 * email pasted here goes through reply by email's own code, as the mail provider's post would.
 */
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { PageTitle, SectionTitle } from '@/components/page-title';
import { PresetTag } from '@/components/preset-tag';
import { LiveError } from '@/components/live-error';
import type { InboundOutcome } from '@/backend/port/mail';
import type { DeliveryState, MailKind, OutgoingMail } from '@/domain/mail/mail-document';
import { emailSchema, simulatedInboundEmailSchema } from '@/domain/schemas';
import {
  useCanSimulateInboundQuery,
  useSimulateInboundEmailMutation,
  useWatchOutgoingMailQuery,
} from '@/features/admin/api/mail-api';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { zodRule } from '@/lib/zod-rule';

/** How many emails the list follows. */
const SHOWN = 100;

const KIND = defineMessages<MailKind>({
  'request-received': { id: 'admin.mail.kind.requestReceived', defaultMessage: 'Request received' },
  'public-reply': { id: 'admin.mail.kind.publicReply', defaultMessage: 'Public reply' },
  'request-solved': { id: 'admin.mail.kind.requestSolved', defaultMessage: 'Request solved' },
  'ticket-assigned': { id: 'admin.mail.kind.ticketAssigned', defaultMessage: 'Ticket assigned' },
  'customer-reply': { id: 'admin.mail.kind.customerReply', defaultMessage: 'Customer replied' },
  'new-unassigned': { id: 'admin.mail.kind.newUnassigned', defaultMessage: 'New in Unassigned' },
  'followed-message': { id: 'admin.mail.kind.followedMessage', defaultMessage: 'Followed ticket: message' },
  'followed-update': { id: 'admin.mail.kind.followedUpdate', defaultMessage: 'Followed ticket: change' },
  'rule-email': { id: 'admin.mail.kind.ruleEmail', defaultMessage: 'Trigger email' },
  'bounce-unknown-sender': { id: 'admin.mail.kind.bounceUnknownSender', defaultMessage: 'Bounce: unknown sender' },
  'bounce-closed': { id: 'admin.mail.kind.bounceClosed', defaultMessage: 'Bounce: closed ticket' },
  'bounce-expired': { id: 'admin.mail.kind.bounceExpired', defaultMessage: 'Bounce: expired address' },
  invitation: { id: 'admin.mail.kind.invitation', defaultMessage: 'Invitation' },
});

const STATE = defineMessages<DeliveryState | 'NONE'>({
  NONE: { id: 'admin.mail.state.none', defaultMessage: 'Not sent' },
  PENDING: { id: 'admin.mail.state.pending', defaultMessage: 'Queued' },
  PROCESSING: { id: 'admin.mail.state.processing', defaultMessage: 'Sending' },
  RETRY: { id: 'admin.mail.state.retry', defaultMessage: 'Retrying' },
  SUCCESS: { id: 'admin.mail.state.success', defaultMessage: 'Sent' },
  ERROR: { id: 'admin.mail.state.error', defaultMessage: 'Failed' },
});

/** Preset colours, with text strong enough on their background (`PresetTag`). */
const STATE_COLOR: Record<DeliveryState | 'NONE', string> = {
  NONE: 'default',
  PENDING: 'default',
  PROCESSING: 'blue',
  RETRY: 'gold',
  SUCCESS: 'green',
  ERROR: 'red',
};

const OUTCOME = defineMessages({
  reply: {
    id: 'admin.mail.simulate.outcome.reply',
    defaultMessage: 'Added to ticket #{number} as the requester’s reply.',
  },
  'unknown-sender': {
    id: 'admin.mail.simulate.outcome.notRequester',
    defaultMessage:
      'Not added, and nothing sent: the sender is not the requester, and the desk writes only to addresses it knows.',
  },
  'unverified-requester': {
    id: 'admin.mail.simulate.outcome.unverifiedRequester',
    defaultMessage:
      'Not added, and nothing sent: the reply could not be taken (a closed ticket or an expired address), and the requester has not verified their email address, so no bounce goes to it.',
  },
  'bounce-closed': {
    id: 'admin.mail.simulate.outcome.closedBounce',
    defaultMessage: 'Not added: ticket #{number} is closed. The requester gets a bounce (see the list).',
  },
  'bounce-expired': {
    id: 'admin.mail.simulate.outcome.expiredBounce',
    defaultMessage: 'Not added: the reply address has expired. The requester gets a bounce (see the list).',
  },
  'unknown-ticket': {
    id: 'admin.mail.simulate.outcome.unknownTicket',
    defaultMessage: 'There is no ticket #{number}.',
  },
  automatic: {
    id: 'admin.mail.simulate.outcome.automatic',
    defaultMessage:
      'Not added, and nothing sent: an automatic email (an out-of-office, a notice) is never answered and never becomes the requester’s reply.',
  },
  empty: {
    id: 'admin.mail.simulate.outcome.empty',
    defaultMessage: 'Not added: once the quoted history is removed, nothing is left.',
  },
  other: { id: 'admin.mail.simulate.outcome.other', defaultMessage: 'Refused ({reason}).' },
});

/** One email of the list: who, what, when, its state, and its text behind a disclosure. */
function MailItem({ mail }: { mail: OutgoingMail }) {
  const intl = useIntl();
  const { dateTime } = useTimeFormat();
  const { token } = theme.useToken();
  const state = mail.delivery?.state ?? 'NONE';
  return (
    <List.Item data-testid="outgoing-mail">
      <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
        <Flex gap="small" wrap align="baseline">
          <Typography.Text strong dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {mail.message.subject}
          </Typography.Text>
          <Tag>{intl.formatMessage(KIND[mail.kind])}</Tag>
          <PresetTag color={STATE_COLOR[state]}>{intl.formatMessage(STATE[state])}</PresetTag>
        </Flex>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage
            id="admin.mail.item.meta"
            defaultMessage="To {to} · {when}"
            values={{ to: mail.to.join(', '), when: dateTime(mail.createdAt) }}
          />
        </Typography.Text>
        {mail.replyTo ? (
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage
              id="admin.mail.item.replyTo"
              defaultMessage="Reply-To {address}"
              values={{ address: mail.replyTo }}
            />
          </Typography.Text>
        ) : null}
        {mail.delivery?.error ? (
          <Typography.Text type="danger">
            <FormattedMessage
              id="admin.mail.item.error"
              defaultMessage="Last attempt failed: {error}"
              values={{ error: mail.delivery.error }}
            />
          </Typography.Text>
        ) : null}
        <details>
          <summary style={{ cursor: 'pointer', color: token.colorLink }}>
            <FormattedMessage id="admin.mail.item.showText" defaultMessage="Text of the email" />
          </summary>
          <pre
            dir="auto"
            style={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'inherit',
              margin: `${token.marginXS}px 0 0`,
              padding: token.paddingSM,
              background: token.colorFillQuaternary,
              borderRadius: token.borderRadius,
            }}
          >
            {mail.message.text}
          </pre>
        </details>
      </Flex>
    </List.Item>
  );
}

interface SimulateValues {
  ticketNumber: number | null;
  from: string;
  text: string;
  automatic: boolean;
}

/** "Simulate a reply": an email pasted here is handled as the provider's post would be. */
function SimulateReply() {
  const intl = useIntl();
  const friendly = useFriendlyMessage();
  const [simulate, { isLoading }] = useSimulateInboundEmailMutation();
  const [result, setResult] = useState<{ outcome: InboundOutcome; number: number } | { error: string } | null>(null);
  const [form] = Form.useForm<SimulateValues>();
  const { token } = theme.useToken();

  const submit = async (values: SimulateValues) => {
    setResult(null);
    const number = values.ticketNumber ?? 0;
    const answer = await simulate({
      ticketNumber: number,
      from: values.from,
      text: values.text,
      ...(values.automatic && { automatic: true }),
    });
    if ('error' in answer) {
      setResult({ error: friendly(answer.error as { code: string; message: string }) });
      return;
    }
    setResult({ outcome: answer.data, number });
    // The email was handled: a fresh form for the next one (a refusal keeps what was typed).
    if (answer.data.outcome === 'reply') form.resetFields(['text']);
  };

  const outcomeText = (outcome: InboundOutcome, number: number): string => {
    const known = OUTCOME[outcome.outcome as keyof typeof OUTCOME];
    return known
      ? intl.formatMessage(known, { number })
      : intl.formatMessage(OUTCOME.other, { reason: outcome.outcome });
  };

  return (
    <Card
      title={
        <SectionTitle>
          <FormattedMessage id="admin.mail.simulate.title" defaultMessage="Simulate a reply by email" />
        </SectionTitle>
      }
    >
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="admin.mail.simulate.helpRequesterOnly"
          defaultMessage="Paste an email as a customer would send it, quoted history and all. It goes through the same code as a real reply: from the requester’s address it becomes their reply on the ticket, or a bounce to them when the ticket is closed; from anyone else it is refused and nothing is sent."
        />
      </Typography.Paragraph>
      <Form<SimulateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        // The last outcome belongs to the last email: an attempt the form refuses clears it.
        onFinishFailed={() => setResult(null)}
        initialValues={{ ticketNumber: null, from: '', text: '', automatic: false }}
      >
        <Flex gap="middle" wrap>
          <Form.Item
            name="ticketNumber"
            label={intl.formatMessage({ id: 'admin.mail.simulate.ticket', defaultMessage: 'Ticket number' })}
            rules={[
              zodRule(simulatedInboundEmailSchema.shape.ticketNumber, () =>
                intl.formatMessage({
                  id: 'admin.mail.simulate.ticketInvalid',
                  defaultMessage: 'Enter the ticket’s number, e.g. 12.',
                }),
              ),
            ]}
          >
            <InputNumber style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="from"
            label={intl.formatMessage({
              id: 'admin.mail.simulate.from',
              defaultMessage: 'From (the sender’s address)',
            })}
            style={{ flex: '1 1 240px' }}
            rules={[
              zodRule(emailSchema, () =>
                intl.formatMessage({
                  id: 'admin.mail.simulate.fromInvalid',
                  defaultMessage: 'Enter an email address, e.g. name@example.com.',
                }),
              ),
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="text"
          label={intl.formatMessage({ id: 'admin.mail.simulate.text', defaultMessage: 'Text of the email' })}
          rules={[
            zodRule(simulatedInboundEmailSchema.shape.text, () =>
              intl.formatMessage({
                id: 'admin.mail.simulate.textInvalid',
                defaultMessage: 'Write the email’s text (at most 50,000 characters).',
              }),
            ),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Form.Item name="automatic" valuePropName="checked">
          <Checkbox>
            <FormattedMessage
              id="admin.mail.simulate.automatic"
              defaultMessage="Sent by an auto-responder (an out-of-office: Auto-Submitted: auto-replied)"
            />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          <FormattedMessage id="admin.mail.simulate.submit" defaultMessage="Receive this email" />
        </Button>
      </Form>
      <div aria-live="polite" style={{ marginTop: result ? token.margin : 0 }}>
        {result ? (
          'error' in result ? (
            <Alert type="error" showIcon message={result.error} />
          ) : (
            <Alert
              type={result.outcome.outcome === 'reply' ? 'success' : 'warning'}
              showIcon
              message={outcomeText(result.outcome, result.number)}
            />
          )
        ) : null}
      </div>
    </Card>
  );
}

/** The "Outgoing mail" screen. */
export default function OutgoingMailScreen() {
  const intl = useIntl();
  const { data } = useWatchOutgoingMailQuery(SHOWN);
  const { data: canSimulate } = useCanSimulateInboundQuery();
  return (
    <Flex vertical gap="middle">
      <Card
        title={
          <PageTitle>
            <FormattedMessage id="admin.mail.outgoing.title" defaultMessage="Outgoing mail" />
          </PageTitle>
        }
      >
        <Typography.Paragraph type="secondary">
          {canSimulate ? (
            <FormattedMessage
              id="admin.mail.outgoing.helpLocal"
              defaultMessage="The emails the desk writes to requesters and agents, newest first. This demo sends nothing: each is kept here as it would be sent."
            />
          ) : (
            <FormattedMessage
              id="admin.mail.outgoing.helpFirebase"
              defaultMessage="The emails the desk writes to requesters and agents, newest first, with what the mail server answered."
            />
          )}
        </Typography.Paragraph>
        {data?.error ? (
          <LiveError
            error={data.error}
            what={intl.formatMessage({ id: 'admin.mail.outgoing.loadWhat', defaultMessage: 'the outgoing mail' })}
          />
        ) : (
          <section
            aria-label={intl.formatMessage({ id: 'admin.mail.outgoing.listLabel', defaultMessage: 'Outgoing mail' })}
          >
            <List<OutgoingMail>
              loading={!data?.value}
              dataSource={data?.value ?? []}
              locale={{
                // Secondary text, not the list's default (the disabled grey, below AA contrast).
                emptyText: (
                  <Typography.Text type="secondary">
                    {intl.formatMessage({
                      id: 'admin.mail.outgoing.empty',
                      defaultMessage: 'No email yet: one is written when a request arrives or an agent replies.',
                    })}
                  </Typography.Text>
                ),
              }}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              renderItem={(mail) => <MailItem key={mail.id} mail={mail} />}
            />
          </section>
        )}
      </Card>
      {canSimulate ? <SimulateReply /> : null}
    </Flex>
  );
}
