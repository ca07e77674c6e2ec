/**
 * "Test this rule" (DESIGN §10 "Triggers"), beside the trigger being edited, writing nothing:
 * (a) on a ticket picked by its number or id — which conditions hold, with the value the ticket
 * holds, and the changes the rule would make (`previewTrigger`); (b) how many tickets created in
 * the last 30 days it would have matched (`countMatches`, at most `PREVIEW_TICKET_CAP` tickets).
 * The ticket and the recent tickets are read once; the results follow the rule as it is edited.
 * Nothing here leaves the screen (no link away from a form being typed). Its buttons are disabled
 * while they read rather than spinning: a read is quick, and antd's loading icon, toggled within a
 * frame, can stay in the page as a hidden endless animation.
 */
import { useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { NativeSelect } from '@/components/native-select';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import {
  countMatches,
  PREVIEW_TICKET_CAP,
  PREVIEW_WINDOW_DAYS,
  previewTrigger,
  previewWindowStart,
  testsRequesterEmail,
  ticketReferenceOf,
  type PreviewedTrigger,
} from '@/domain/plans/trigger-preview';
import {
  CHANGE_AUTHORS,
  TRIGGER_EVENTS,
  type ChangeAuthor,
  type ConditionResult,
  type TriggerEvent,
} from '@/domain/triggers';
import type { UserProfile } from '@/domain/types';
import { useLazyRecentTicketsQuery, useLazyTicketUnderTestQuery } from '@/features/admin/api/triggers-api';
import type { TriggerWords } from '@/components/trigger-words';
import { useFriendlyMessage } from '@/lib/i18n/labels';

const TEXT = defineMessages({
  title: { id: 'automations.test.title', defaultMessage: 'Test this rule' },
  intro: {
    id: 'automations.test.intro',
    defaultMessage: 'Tries the rule as it is in the form, saved or not. Nothing is written.',
  },
  ticket: { id: 'automations.test.ticket', defaultMessage: 'Ticket number or id' },
  event: { id: 'automations.test.event', defaultMessage: 'Test it as' },
  by: { id: 'automations.test.by', defaultMessage: 'Change made by' },
  eventCreated: { id: 'automations.test.eventCreated', defaultMessage: 'A new ticket' },
  eventUpdated: { id: 'automations.test.eventUpdated', defaultMessage: 'An update' },
  eventTime: { id: 'automations.test.eventTime', defaultMessage: 'The schedule, now' },
  run: { id: 'automations.test.run', defaultMessage: 'Test on this ticket' },
  notANumber: { id: 'automations.test.notAReference', defaultMessage: 'Type a ticket number (like 42) or its id.' },
  notFound: { id: 'automations.test.notFound', defaultMessage: 'There is no ticket “{reference}”.' },
  ticketName: { id: 'automations.test.ticketName', defaultMessage: '#{number} {subject}' },
  fired: { id: 'automations.test.fired', defaultMessage: 'It would act on this ticket.' },
  notMatched: { id: 'automations.test.notMatched', defaultMessage: 'It would not act: its conditions do not hold.' },
  refused: {
    id: 'automations.test.refused',
    defaultMessage: 'Its conditions hold, but its actions would be refused: {reason}',
  },
  notRun: {
    id: 'automations.test.notRun',
    defaultMessage: 'It does not run on this kind of change (see “Runs on”). Its conditions, for reference:',
  },
  all: { id: 'automations.test.all', defaultMessage: 'All of these' },
  any: { id: 'automations.test.any', defaultMessage: 'At least one of these' },
  holds: { id: 'automations.test.holds', defaultMessage: 'Holds' },
  fails: { id: 'automations.test.fails', defaultMessage: 'Does not hold' },
  actual: { id: 'automations.test.actual', defaultMessage: 'This ticket: {value}' },
  changes: { id: 'automations.test.changes', defaultMessage: 'What it would change' },
  nothing: { id: 'automations.test.nothing', defaultMessage: 'Nothing would change on this ticket.' },
  note: { id: 'automations.test.note', defaultMessage: 'Internal note it would write' },
  emails: {
    id: 'automations.test.emails',
    defaultMessage:
      'Emails it would send: {list}. Whether each goes is decided when it runs (a verified address, the ticket’s limit).',
  },
  noChange: {
    id: 'automations.test.noChange',
    defaultMessage: 'A test compares the ticket with itself: “changed” conditions never hold here.',
  },
  rota: {
    id: 'automations.test.rota',
    defaultMessage:
      'The round-robin assignment is left out: whom it picks depends on the agents when a ticket arrives.',
  },
  recentTitle: { id: 'automations.test.recentTitle', defaultMessage: 'Last {days, number} days' },
  recentRun: { id: 'automations.test.recentRun', defaultMessage: 'Count the matches' },
  recentHelp: {
    id: 'automations.test.recentHelp',
    defaultMessage:
      'Tests the tickets created in the last {days, number} days, each as it is now, up to the {cap, number} newest.',
  },
  recentResult: {
    id: 'automations.test.recentResult',
    defaultMessage:
      'Its conditions hold on {matched, plural, one {# ticket} other {# tickets}} of the {tested, plural, one {# ticket} other {# tickets}} created in the last {days, number} days.',
  },
  recentCapped: {
    id: 'automations.test.recentCapped',
    defaultMessage: 'Only the {cap, number} newest tickets were tested: older ones of the period were not.',
  },
  recentEmails: {
    id: 'automations.test.recentEmails',
    defaultMessage: 'The rule now tests the requester’s email: count again to read the requesters.',
  },
  examples: { id: 'automations.test.examples', defaultMessage: 'For example:' },
});

/** What {@link TriggerTest} takes. */
export interface TriggerTestProps {
  idBase: string;
  /** The rule as the form holds it now. */
  trigger: PreviewedTrigger;
  /** Every field definition (archived ones too: a ticket may hold their values). */
  fields: readonly CustomFieldDefinition[];
  staff: readonly Pick<UserProfile, 'uid' | 'role' | 'displayName'>[];
  words: TriggerWords;
}

/** One condition's outcome: held or not, what it tests and what the ticket holds. */
function ConditionOutcome({ result, words }: { result: ConditionResult; words: TriggerWords }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const Icon = result.matched ? CheckCircleFilled : CloseCircleFilled;
  return (
    <li style={{ display: 'flex', gap: 8, alignItems: 'baseline' }} data-matched={result.matched}>
      <Icon
        role="img"
        aria-label={intl.formatMessage(result.matched ? TEXT.holds : TEXT.fails)}
        style={{ color: result.matched ? token.colorSuccess : token.colorError, flex: 'none' }}
      />
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {words.condition(result.condition)}
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {intl.formatMessage(TEXT.actual, { value: words.value(result.condition.property, result.actual) })}
        </Typography.Text>
      </span>
    </li>
  );
}

/** The test panel (see the file's comment). */
export function TriggerTest({ idBase, trigger, fields, staff, words }: TriggerTestProps) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const friendly = useFriendlyMessage();
  const events = trigger.on.length > 0 ? trigger.on : TRIGGER_EVENTS;
  const [reference, setReference] = useState('');
  const [typo, setTypo] = useState(false);
  const [eventChosen, setEvent] = useState<TriggerEvent>(events[0] ?? 'created');
  const [byChosen, setBy] = useState<ChangeAuthor | null>(null);
  const [loadTicket, ticketQuery] = useLazyTicketUnderTestQuery();
  const [loadRecent, recentQuery] = useLazyRecentTicketsQuery();
  const event = events.includes(eventChosen) ? eventChosen : (events[0] ?? 'created');
  const by = byChosen ?? (event === 'created' ? 'customer' : 'agent');
  const agents = useMemo(() => new Map(staff.map((person) => [person.uid, person])), [staff]);

  const underTest = ticketQuery.currentData;
  const preview = useMemo(() => {
    if (!underTest) return null;
    return previewTrigger({
      trigger,
      ticket: underTest.ticket,
      event,
      by,
      requesterEmail: underTest.requesterEmail,
      fields: {
        definitions: fields,
        values: { visible: underTest.ticket.fields ?? {}, agents: underTest.agentFields },
      },
      agents,
      // A time rule's hours count to the moment of the test.
      now: Date.now(),
    });
  }, [underTest, trigger, event, by, fields, agents]);

  const recent = recentQuery.currentData;
  const count = useMemo(
    () =>
      recent
        ? countMatches({
            trigger,
            tickets: recent.tickets,
            since: recentQuery.originalArgs?.since ?? '',
            event,
            by,
            requesterEmails: new Map(Object.entries(recent.requesterEmails)),
            now: Date.now(),
          })
        : null,
    [recent, recentQuery.originalArgs, trigger, event, by],
  );
  const emailsMissing = recent !== undefined && !recentQuery.originalArgs?.withEmails && testsRequesterEmail(trigger);
  const testsChange = [...trigger.all, ...trigger.any].some((condition) => condition.operator.startsWith('changed'));

  const outcome = () => {
    if (!preview) return null;
    switch (preview.outcome) {
      case 'fired':
      case 'alreadyFired':
        return <Alert type="success" showIcon message={intl.formatMessage(TEXT.fired)} />;
      case 'notMatched':
        return <Alert type="info" showIcon message={intl.formatMessage(TEXT.notMatched)} />;
      case 'refused':
        return (
          <Alert
            type="warning"
            showIcon
            message={intl.formatMessage(TEXT.refused, {
              reason: friendly({ code: 'failed-precondition', message: preview.refusal ?? '' }),
            })}
          />
        );
      case 'notRun':
        return <Alert type="info" showIcon message={intl.formatMessage(TEXT.notRun)} />;
      default: {
        const unexpected: never = preview.outcome;
        return unexpected;
      }
    }
  };

  const results = (heading: string, list: readonly ConditionResult[]) =>
    list.length > 0 && (
      <div>
        <Typography.Text strong>{heading}</Typography.Text>
        <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, display: 'grid', gap: 6 }}>
          {list.map((result, index) => (
            <ConditionOutcome key={index} result={result} words={words} />
          ))}
        </ul>
      </div>
    );

  return (
    <section
      aria-labelledby={`${idBase}-test-title`}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 12,
        background: token.colorFillQuaternary,
        minWidth: 0,
      }}
    >
      <Typography.Title id={`${idBase}-test-title`} level={3} style={{ fontSize: 16, marginTop: 0 }}>
        {intl.formatMessage(TEXT.title)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intl.formatMessage(TEXT.intro)}</Typography.Paragraph>
      <Flex vertical gap={12}>
        <Flex wrap gap={8}>
          <div style={{ flex: '1 1 160px', minWidth: 0 }}>
            <label htmlFor={`${idBase}-event`} style={{ display: 'block', marginBottom: 4 }}>
              {intl.formatMessage(TEXT.event)}
            </label>
            <NativeSelect
              id={`${idBase}-event`}
              value={event}
              onChange={(next) => setEvent(next as TriggerEvent)}
              options={events.map((each) => ({
                value: each,
                label: intl.formatMessage(
                  each === 'created' ? TEXT.eventCreated : each === 'updated' ? TEXT.eventUpdated : TEXT.eventTime,
                ),
              }))}
            />
          </div>
          {/* A time rule is run by the desk itself: no author to choose. */}
          {event !== 'time' && (
            <div style={{ flex: '1 1 140px', minWidth: 0 }}>
              <label htmlFor={`${idBase}-by`} style={{ display: 'block', marginBottom: 4 }}>
                {intl.formatMessage(TEXT.by)}
              </label>
              <NativeSelect
                id={`${idBase}-by`}
                value={by}
                onChange={(next) => setBy(next as ChangeAuthor)}
                options={CHANGE_AUTHORS.map((author) => ({ value: author, label: words.author(author) }))}
              />
            </div>
          )}
        </Flex>
        <form
          aria-label={intl.formatMessage(TEXT.run)}
          onSubmit={(submitted) => {
            submitted.preventDefault();
            const parsed = ticketReferenceOf(reference);
            setTypo(parsed === null);
            if (parsed) void loadTicket(parsed);
          }}
        >
          <label htmlFor={`${idBase}-ticket`} style={{ display: 'block', marginBottom: 4 }}>
            {intl.formatMessage(TEXT.ticket)}
          </label>
          <Flex gap={8} wrap>
            <Input
              id={`${idBase}-ticket`}
              dir="ltr"
              inputMode="text"
              autoComplete="off"
              value={reference}
              onChange={(changed) => setReference(changed.target.value)}
              style={{ flex: '1 1 140px', minWidth: 0 }}
            />
            <Button htmlType="submit" disabled={ticketQuery.isFetching}>
              {intl.formatMessage(TEXT.run)}
            </Button>
          </Flex>
        </form>
        <div aria-live="polite" style={{ display: 'grid', gap: 12 }}>
          {typo && <Alert type="warning" showIcon message={intl.formatMessage(TEXT.notANumber)} />}
          {!typo && ticketQuery.error && (
            <Alert type="error" showIcon message={friendly(ticketQuery.error as { code?: string; message?: string })} />
          )}
          {!typo && ticketQuery.isSuccess && underTest === null && (
            <Alert
              type="warning"
              showIcon
              message={intl.formatMessage(TEXT.notFound, { reference: reference.trim() })}
            />
          )}
          {!typo && underTest && preview && (
            <Flex vertical gap={10} data-testid="trigger-test-result">
              <Typography.Text strong dir="auto">
                {intl.formatMessage(TEXT.ticketName, {
                  number: underTest.ticket.number,
                  subject: underTest.ticket.subject,
                })}
              </Typography.Text>
              {outcome()}
              {results(intl.formatMessage(TEXT.all), preview.all)}
              {results(intl.formatMessage(TEXT.any), preview.any)}
              {event === 'updated' && testsChange && (
                <Typography.Text type="secondary">{intl.formatMessage(TEXT.noChange)}</Typography.Text>
              )}
              {preview.outcome === 'fired' && (
                <div>
                  <Typography.Text strong>{intl.formatMessage(TEXT.changes)}</Typography.Text>
                  {preview.changes.length === 0 && !preview.note && preview.emails.length === 0 ? (
                    <Typography.Paragraph style={{ margin: 0 }}>
                      {intl.formatMessage(TEXT.nothing)}
                    </Typography.Paragraph>
                  ) : (
                    <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                      {preview.changes.map((change, index) => (
                        <li key={index}>{words.change(change)}</li>
                      ))}
                    </ul>
                  )}
                  {preview.note && (
                    <div style={{ marginTop: 8 }}>
                      <Typography.Text>{intl.formatMessage(TEXT.note)}</Typography.Text>
                      <Typography.Paragraph
                        dir="auto"
                        style={{
                          whiteSpace: 'pre-wrap',
                          margin: '4px 0 0',
                          padding: '8px 12px',
                          border: `1px dashed ${token.colorWarningBorder}`,
                          borderRadius: token.borderRadius,
                          background: token.colorWarningBg,
                          maxHeight: 160,
                          overflowY: 'auto',
                        }}
                      >
                        {preview.note}
                      </Typography.Paragraph>
                    </div>
                  )}
                </div>
              )}
              {preview.outcome === 'fired' && preview.emails.length > 0 && (
                <Typography.Text data-testid="trigger-test-emails">
                  {intl.formatMessage(TEXT.emails, {
                    list: intl.formatList(
                      preview.emails.map((email) => words.actions({ emails: [email] })),
                      { type: 'conjunction' },
                    ),
                  })}
                </Typography.Text>
              )}
              {preview.rotaLeftOut && (
                <Typography.Text type="secondary">{intl.formatMessage(TEXT.rota)}</Typography.Text>
              )}
            </Flex>
          )}
        </div>
        <div style={{ borderBlockStart: `1px solid ${token.colorBorderSecondary}`, paddingBlockStart: 12 }}>
          <Typography.Text strong style={{ display: 'block' }}>
            {intl.formatMessage(TEXT.recentTitle, { days: PREVIEW_WINDOW_DAYS })}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {intl.formatMessage(TEXT.recentHelp, { days: PREVIEW_WINDOW_DAYS, cap: PREVIEW_TICKET_CAP })}
          </Typography.Paragraph>
          <Button
            disabled={recentQuery.isFetching}
            onClick={() =>
              void loadRecent({ since: previewWindowStart(Date.now()), withEmails: testsRequesterEmail(trigger) })
            }
          >
            {intl.formatMessage(TEXT.recentRun)}
          </Button>
          <div aria-live="polite" style={{ marginTop: 8, display: 'grid', gap: 6 }}>
            {recentQuery.error && (
              <Alert
                type="error"
                showIcon
                message={friendly(recentQuery.error as { code?: string; message?: string })}
              />
            )}
            {count && recent && (
              <>
                <Typography.Text data-testid="trigger-test-count">
                  {intl.formatMessage(TEXT.recentResult, {
                    matched: count.matched,
                    tested: count.tested,
                    days: PREVIEW_WINDOW_DAYS,
                  })}
                </Typography.Text>
                {recent.capped && (
                  <Typography.Text type="warning">
                    {intl.formatMessage(TEXT.recentCapped, { cap: PREVIEW_TICKET_CAP })}
                  </Typography.Text>
                )}
                {emailsMissing && (
                  <Typography.Text type="warning">{intl.formatMessage(TEXT.recentEmails)}</Typography.Text>
                )}
                {count.examples.length > 0 && (
                  <div>
                    <Typography.Text type="secondary">{intl.formatMessage(TEXT.examples)}</Typography.Text>
                    <ul style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
                      {count.examples.map((example) => (
                        <li key={example.id} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                          {intl.formatMessage(TEXT.ticketName, { number: example.number, subject: example.subject })}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </>
            )}
          </div>
        </div>
      </Flex>
    </section>
  );
}
