/**
 * A ticket's rule trace (DESIGN §10 "Triggers"), for admins: each run of the desk's triggers over
 * a change of the ticket, newest first — what changed and who changed it, which triggers fired,
 * and for every trigger its outcome, what became of its emails, and each condition with the
 * ticket's value and whether it held. Loaded only when an admin opens it (`RuleTraceButton`), so the ticket screen does not
 * carry it.
 */
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { LiveError } from '@/components/live-error';
import { useTriggerWords, type TriggerWords } from '@/components/trigger-words';
import type { TriggerOutcome } from '@/domain/plans/triggers';
import type { RuleTrace, RuleTraceEntry } from '@/domain/rule-trace';
import type { RuleEmailDecision } from '@/domain/mail/rule-mail';
import { MAX_RULE_EMAILS_PER_TICKET } from '@/domain/triggers';
import { useWatchRuleTracesQuery } from '@/features/tickets/api/ticket-api';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useWatchOrganisationsQuery, useWatchStaffQuery } from '@/lib/store/people-api';

const TEXT = defineMessages({
  title: { id: 'workspace.ruleTrace.title', defaultMessage: 'Rule trace' },
  what: { id: 'workspace.ruleTrace.what', defaultMessage: 'the rule trace' },
  run: {
    id: 'workspace.ruleTrace.run',
    defaultMessage:
      '{event, select, created {Ticket created} time {Time rules checked} other {Ticket updated}} by {author}',
  },
  fired: { id: 'workspace.ruleTrace.fired', defaultMessage: 'Fired: {triggers}' },
  noneFired: { id: 'workspace.ruleTrace.noneFired', defaultMessage: 'No trigger fired.' },
  loop: {
    id: 'workspace.ruleTrace.loop',
    defaultMessage: 'The triggers stopped “{trigger}”: it would have undone another trigger’s change.',
  },
  truncated: {
    id: 'workspace.ruleTrace.truncated',
    defaultMessage: 'This run was too large to keep whole: the conditions of triggers that did not hold are left out.',
  },
  picked: { id: 'workspace.ruleTrace.picked', defaultMessage: 'Round-robin picked {name}.' },
  nobodyPicked: {
    id: 'workspace.ruleTrace.nobodyPicked',
    defaultMessage: 'Round-robin found nobody available under the cap: the ticket stays unassigned.',
  },
  holds: { id: 'workspace.ruleTrace.holds', defaultMessage: 'holds' },
  fails: { id: 'workspace.ruleTrace.fails', defaultMessage: 'does not hold' },
  actual: { id: 'workspace.ruleTrace.actual', defaultMessage: '(the ticket: {value})' },
  heading: { id: 'workspace.ruleTrace.heading', defaultMessage: '{run}<muted> · {time}</muted>' },
  pass: { id: 'workspace.ruleTrace.pass', defaultMessage: 'pass {pass}' },
  emailTo: {
    id: 'workspace.ruleTrace.emailTo',
    defaultMessage: '{to, select, requester {the requester} assignee {the assignee} other {{address}}}',
  },
  email: {
    id: 'workspace.ruleTrace.email',
    defaultMessage:
      '{outcome, select, written {Emailed {who} ({address}).} rateLimited {Email to {who} held back: this ticket already had {max} trigger emails in the last 24 hours.} noRecipient {No email to {who}: there is nobody to write to.} unverified {No email to {who} ({address}): the address is not verified.} optedOut {No email to {who} ({address}): they switched request updates off.} other {}}',
  },
});

const OUTCOME = defineMessages({
  fired: { id: 'workspace.ruleTrace.outcome.fired', defaultMessage: 'Fired' },
  notMatched: { id: 'workspace.ruleTrace.outcome.notMatched', defaultMessage: 'Did not match' },
  notRun: { id: 'workspace.ruleTrace.outcome.notRun', defaultMessage: 'Not run (inactive or not on this change)' },
  alreadyFired: { id: 'workspace.ruleTrace.outcome.alreadyFired', defaultMessage: 'Already fired in this chain' },
  refused: { id: 'workspace.ruleTrace.outcome.refused', defaultMessage: 'Refused' },
});

const OUTCOME_COLOR: Record<TriggerOutcome, string> = {
  fired: 'green',
  notMatched: 'default',
  notRun: 'default',
  alreadyFired: 'gold',
  refused: 'red',
};

/** One trigger's line in a run: its outcome, why, and each condition with the ticket's value. */
function TraceEntry({
  entry,
  words,
  emails,
}: {
  entry: RuleTraceEntry;
  words: TriggerWords;
  /** What became of the emails this trigger sends (when it fired). */
  emails: readonly RuleEmailDecision[];
}) {
  const intl = useIntl();
  const friendly = useFriendlyMessage();
  const staff = useWatchStaffQuery().data?.value ?? [];
  const personName = usePersonName();
  const nameOf = (uid: string) => {
    const person = staff.find((candidate) => candidate.uid === uid);
    return person ? personName(person) : uid;
  };
  return (
    <li data-testid="rule-trace-entry" style={{ marginBlockEnd: 8 }}>
      <Flex gap={8} wrap align="baseline">
        <Typography.Text strong dir="auto">
          {entry.title}
        </Typography.Text>
        <Tag color={OUTCOME_COLOR[entry.outcome]}>{intl.formatMessage(OUTCOME[entry.outcome])}</Tag>
        <Typography.Text type="secondary">{intl.formatMessage(TEXT.pass, { pass: entry.pass })}</Typography.Text>
      </Flex>
      {entry.refusal && (
        <Typography.Text type="danger" style={{ display: 'block' }}>
          {friendly({ code: 'invalid-argument', message: entry.refusal })}
        </Typography.Text>
      )}
      {entry.picked !== undefined && (
        <Typography.Text style={{ display: 'block' }}>
          {entry.picked === null
            ? intl.formatMessage(TEXT.nobodyPicked)
            : intl.formatMessage(TEXT.picked, { name: nameOf(entry.picked) })}
        </Typography.Text>
      )}
      {emails.map((email) => (
        <Typography.Text
          key={email.index}
          data-testid="rule-trace-email"
          type={email.outcome === 'written' ? undefined : 'warning'}
          style={{ display: 'block' }}
        >
          {intl.formatMessage(TEXT.email, {
            outcome: email.outcome,
            who: intl.formatMessage(TEXT.emailTo, { to: email.to, address: email.address }),
            address: email.address,
            max: MAX_RULE_EMAILS_PER_TICKET,
          })}
        </Typography.Text>
      ))}
      {entry.results.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {entry.results.map((result, index) => (
            <li key={index}>
              <Flex gap={6} wrap align="baseline">
                {result.matched ? (
                  <CheckOutlined
                    style={{ color: 'var(--ant-color-success, #52c41a)' }}
                    aria-label={intl.formatMessage(TEXT.holds)}
                  />
                ) : (
                  <CloseOutlined
                    style={{ color: 'var(--ant-color-error, #ff4d4f)' }}
                    aria-label={intl.formatMessage(TEXT.fails)}
                  />
                )}
                <span dir="auto">{words.condition(result.condition)}</span>
                <Typography.Text type="secondary" dir="auto">
                  {intl.formatMessage(TEXT.actual, { value: words.value(result.condition.property, result.actual) })}
                </Typography.Text>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** One run of the triggers: when, what kind of change, by whom, what fired, every trigger's line. */
function TraceRun({ run, words }: { run: RuleTrace; words: TriggerWords }) {
  const intl = useIntl();
  const time = useTimeFormat();
  return (
    <section
      data-testid="rule-trace-run"
      aria-label={intl.formatMessage(TEXT.run, { event: run.event, author: words.author(run.by) })}
    >
      <Typography.Title level={5} style={{ marginBlock: 0 }}>
        {intl.formatMessage(TEXT.heading, {
          run: intl.formatMessage(TEXT.run, { event: run.event, author: words.author(run.by) }),
          muted: (chunks: ReactNode[]) => (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {chunks}
            </Typography.Text>
          ),
          time: (
            <time dateTime={run.at} title={time.dateTime(run.at)}>
              {time.fromNow(run.at)}
            </time>
          ),
        })}
      </Typography.Title>
      <Typography.Paragraph style={{ marginBlock: 4 }}>
        {run.fired.length > 0
          ? intl.formatMessage(TEXT.fired, { triggers: intl.formatList(run.fired, { type: 'conjunction' }) })
          : intl.formatMessage(TEXT.noneFired)}
      </Typography.Paragraph>
      {run.loopStopped && (
        <Alert type="warning" showIcon message={intl.formatMessage(TEXT.loop, { trigger: run.loopStopped })} />
      )}
      {run.truncated && <Alert type="info" showIcon message={intl.formatMessage(TEXT.truncated)} />}
      <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
        {run.entries.map((entry) => (
          <TraceEntry
            key={entry.triggerId}
            entry={entry}
            words={words}
            emails={
              entry.outcome === 'fired' ? (run.emails ?? []).filter((email) => email.triggerId === entry.triggerId) : []
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** The drawer with a ticket's rule trace, live while open (see the file's comment). */
export default function RuleTraceDrawer({ ticketId, onClose }: { ticketId: string; onClose(): void }) {
  const intl = useIntl();
  const { data } = useWatchRuleTracesQuery(ticketId);
  const fields = useWatchFieldsQuery().data?.value ?? [];
  const staff = useWatchStaffQuery().data?.value ?? [];
  const organisations = useWatchOrganisationsQuery().data?.value ?? [];
  const words = useTriggerWords({ fields, staff, organisations });

  let body;
  if (data?.error) body = <LiveError error={data.error} what={intl.formatMessage(TEXT.what)} />;
  else if (!data?.value) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (data.value.length === 0)
    body = (
      <Typography.Text type="secondary">
        <FormattedMessage
          id="workspace.ruleTrace.empty"
          defaultMessage="No trigger has run on this ticket yet: the desk keeps a trace from the first change a trigger tests."
        />
      </Typography.Text>
    );
  else
    body = (
      <Flex vertical gap={16}>
        {data.value.map((run) => (
          <TraceRun key={run.id} run={run} words={words} />
        ))}
      </Flex>
    );

  return (
    <Drawer open onClose={onClose} title={intl.formatMessage(TEXT.title)} width="min(600px, 100vw)">
      {body}
    </Drawer>
  );
}
