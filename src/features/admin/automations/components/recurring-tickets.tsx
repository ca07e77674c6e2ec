/**
 * The automations screen's recurring tickets (DESIGN §10 "Recurring tickets"), below the
 * triggers: each template with its switch, its name, when it comes in words, the ticket it
 * creates, and its next occurrence on the desk's clock (its business hours' time zone); added and
 * edited in a form in place, deleted after a confirmation. The draft is checked with the domain's
 * `recurringTicketSchema` before a save, each problem shown at its control; a refused save shows
 * the backend's sentence under the form, which keeps what was typed. The limit of
 * `MAX_RECURRING_TICKETS` is said plainly, before a save would be refused.
 */
import { useId, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { SectionTitle } from '@/components/page-title';
import { refusals } from '@/domain/errors/refusals';
import { MAX_RECURRING_TICKETS, nextOccurrence, type RecurringTicket } from '@/domain/recurring-tickets';
import {
  useDeleteRecurringTicketMutation,
  useSaveRecurringTicketMutation,
  useWatchRecurringTicketsQuery,
} from '@/features/admin/api/recurring-tickets-api';
import { RecurringTicketEditor } from '@/features/admin/automations/components/recurring-ticket-editor';
import { RuleListHead } from '@/features/admin/automations/components/rule-list-head';
import {
  NEW_RECURRING_DRAFT,
  recurringDraftFrom,
  recurringInputOf,
  recurringTicketOf,
  type RecurringDraft,
  type RecurringIssue,
} from '@/features/admin/automations/recurring-draft';
import { deskDateTime, scheduleWords } from '@/features/admin/automations/recurring-words';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { newClientId } from '@/lib/ids';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useMinuteClock } from '@/lib/use-minute-clock';

const TEXT = defineMessages({
  title: { id: 'automations.recurring.title', defaultMessage: 'Recurring tickets' },
  intro: {
    id: 'automations.recurring.intro',
    defaultMessage:
      'The desk creates a ticket from each active recurring ticket at its schedule, on the desk’s clock (the time zone of its business hours), as a request from the admin who last saved it. An occurrence missed while the desk was not running is not made up later.',
  },
  add: { id: 'automations.recurring.add', defaultMessage: 'Add recurring ticket' },
  count: {
    id: 'automations.recurring.count',
    defaultMessage: '{count, plural, one {# recurring ticket} other {# recurring tickets}} of at most {max, number}.',
  },
  full: {
    id: 'automations.recurring.full',
    defaultMessage:
      'The desk has {max, number} recurring tickets, the most it keeps: delete one before adding another.',
  },
  empty: {
    id: 'automations.recurring.empty',
    defaultMessage: 'No recurring tickets yet. One creates the same ticket every day, week or month.',
  },
  loadWhat: { id: 'automations.recurring.loadWhat', defaultMessage: 'the recurring tickets' },
  inactive: { id: 'automations.recurring.inactive', defaultMessage: 'Off' },
  creates: { id: 'automations.recurring.creates', defaultMessage: '“{subject}” · {priority} priority' },
  createsInCategory: {
    id: 'automations.recurring.createsInCategory',
    defaultMessage: '“{subject}” · {priority} priority · {category}',
  },
  next: { id: 'automations.recurring.next', defaultMessage: 'Next: {when} ({zone})' },
  activeLabel: { id: 'automations.recurring.activeLabel', defaultMessage: 'Active: {title}' },
  edit: { id: 'automations.recurring.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'automations.recurring.editLabel', defaultMessage: 'Edit {title}' },
  delete: { id: 'automations.recurring.delete', defaultMessage: 'Delete' },
  deleteLabel: { id: 'automations.recurring.deleteLabel', defaultMessage: 'Delete {title}' },
  deleteConfirm: {
    id: 'automations.recurring.deleteConfirm',
    defaultMessage: 'Delete “{title}”? The tickets it created stay.',
  },
  cancel: { id: 'automations.recurring.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'automations.recurring.saved', defaultMessage: 'Saved “{title}”.' },
  deleted: { id: 'automations.recurring.deleted', defaultMessage: 'Deleted “{title}”.' },
  turnedOn: { id: 'automations.recurring.turnedOn', defaultMessage: '“{title}” is on.' },
  turnedOff: { id: 'automations.recurring.turnedOff', defaultMessage: '“{title}” is off.' },
});

/** The recurring ticket being edited: its draft, and the id a new one is saved under (the same on a retry). */
interface Editing {
  draft: RecurringDraft;
  newId: string;
}

/** Puts the focus on the first control a refused draft marked (its id is the editor's, `recurring-…-<control>`). */
function focusFirstIssue(draftId: string | null, issues: readonly RecurringIssue[]) {
  const first = issues[0];
  if (!first) return;
  requestAnimationFrame(() => document.getElementById(`recurring-${draftId ?? 'new'}-${first.control}`)?.focus());
}

/** The recurring tickets' section (see the file's comment). */
export function RecurringTickets() {
  const intl = useIntl();
  const labels = useLabels();
  const { token } = theme.useToken();
  const friendly = useFriendlyMessage();
  const runWithFeedback = useMutationFeedback();
  const titleId = useId();
  const { data } = useWatchRecurringTicketsQuery();
  const settings = useWatchDeskSettingsQuery().data?.value;
  const timeZone = settings?.businessHours.timeZone;
  const [save, { isLoading: saving }] = useSaveRecurringTicketMutation();
  const [remove] = useDeleteRecurringTicketMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [issues, setIssues] = useState<RecurringIssue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const recurring = useMemo(() => data?.value ?? [], [data?.value]);
  const full = recurring.length >= MAX_RECURRING_TICKETS;
  // One deleted meanwhile (another admin) keeps its editor, at the top: nothing typed is lost.
  const editingInList = editing !== null && recurring.some((each) => each.id === editing.draft.id);
  // Renewed every minute: each one's next occurrence moves on while the page stays open.
  const now = useMinuteClock();

  const startEditing = (draft: RecurringDraft) => {
    setIssues([]);
    setProblem(null);
    setEditing({ draft, newId: newClientId() });
  };

  const stopEditing = () => {
    setEditing(null);
    setIssues([]);
    setProblem(null);
  };

  const saveDraft = async () => {
    if (!editing) return;
    const { draft, newId } = editing;
    const stored = recurring.find((each) => each.id === draft.id);
    if (!stored && full) {
      const limit = refusals.tooManyRecurringTickets(MAX_RECURRING_TICKETS);
      setProblem(friendly({ code: limit.code, message: limit.message }));
      return;
    }
    // The domain's checks first, so each problem shows at its control without a round trip.
    const result = recurringTicketOf(draft, stored?.id ?? newId);
    if ('issues' in result) {
      setIssues(result.issues);
      setProblem(null);
      focusFirstIssue(draft.id, result.issues);
      return;
    }
    setIssues([]);
    setProblem(null);
    const outcome = await runWithFeedback(save(result), intl.formatMessage(TEXT.saved, { title: result.title }));
    if (outcome.ok) stopEditing();
    else setProblem(friendly(outcome.error));
  };

  const setActive = (each: RecurringTicket, active: boolean) =>
    void runWithFeedback(
      save({ ...recurringInputOf(each), active }),
      intl.formatMessage(active ? TEXT.turnedOn : TEXT.turnedOff, { title: each.title }),
    );

  const editor = (current: Editing) => (
    <RecurringTicketEditor
      draft={current.draft}
      savedTitle={recurring.find((each) => each.id === current.draft.id)?.title}
      onChange={(draft) => setEditing({ ...current, draft })}
      onSave={() => void saveDraft()}
      onCancel={stopEditing}
      saving={saving}
      issues={issues}
      problem={problem}
      categories={settings?.categories ?? []}
      timeZone={timeZone}
    />
  );

  // What an admin typed is isolated, so a subject in one script keeps its place in a sentence in another.
  const creates = (each: RecurringTicket) => {
    const values = {
      subject: <bdi>{each.subject}</bdi>,
      priority: labels.priority(each.priority),
      category: <bdi>{each.category}</bdi>,
    };
    return intl.formatMessage(each.category ? TEXT.createsInCategory : TEXT.creates, values);
  };

  return (
    <Card
      styles={{ title: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 12 } }}
      title={
        <Flex wrap gap={12} align="center" justify="space-between">
          <SectionTitle>
            <span id={titleId}>{intl.formatMessage(TEXT.title)}</span>
          </SectionTitle>
          <Button
            icon={<PlusOutlined />}
            disabled={editing !== null || !data?.value || full}
            onClick={() => startEditing(NEW_RECURRING_DRAFT)}
          >
            {intl.formatMessage(TEXT.add)}
          </Button>
        </Flex>
      }
    >
      <RuleListHead
        intro={intl.formatMessage(TEXT.intro)}
        error={data?.error}
        loadWhat={intl.formatMessage(TEXT.loadWhat)}
        loading={!data?.value && !data?.error}
        count={
          data?.value ? intl.formatMessage(TEXT.count, { count: recurring.length, max: MAX_RECURRING_TICKETS }) : null
        }
        full={full ? intl.formatMessage(TEXT.full, { max: MAX_RECURRING_TICKETS }) : null}
        editor={editing && !editingInList ? editor(editing) : null}
        empty={data?.value && recurring.length === 0 && !editing ? intl.formatMessage(TEXT.empty) : null}
      />
      <ul aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {recurring.map((each) => (
          <li
            key={each.id}
            data-recurring-id={each.id}
            style={{ padding: '12px 0', borderBlockStart: `1px solid ${token.colorBorderSecondary}` }}
          >
            {editing?.draft.id === each.id ? (
              editor(editing)
            ) : (
              <Flex gap={12} align="flex-start" wrap>
                <Switch
                  checked={each.active}
                  disabled={editing !== null}
                  aria-label={intl.formatMessage(TEXT.activeLabel, { title: each.title })}
                  onChange={(checked) => setActive(each, checked)}
                  style={{ marginBlockStart: 2 }}
                />
                <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                  <Flex wrap gap={8} align="center">
                    <Typography.Text strong dir="auto" type={each.active ? undefined : 'secondary'}>
                      {each.title}
                    </Typography.Text>
                    {!each.active && <Tag color="default">{intl.formatMessage(TEXT.inactive)}</Tag>}
                  </Flex>
                  <Typography.Text>{scheduleWords(intl, each.schedule)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {creates(each)}
                  </Typography.Text>
                  {each.active && timeZone && (
                    <Typography.Text type="secondary">
                      {intl.formatMessage(TEXT.next, {
                        when: deskDateTime(intl, nextOccurrence(each.schedule, now, timeZone), timeZone),
                        zone: <bdi>{timeZone}</bdi>,
                      })}
                    </Typography.Text>
                  )}
                </Flex>
                <Space wrap>
                  <Button
                    disabled={editing !== null}
                    aria-label={intl.formatMessage(TEXT.editLabel, { title: each.title })}
                    onClick={() => startEditing(recurringDraftFrom(each))}
                  >
                    {intl.formatMessage(TEXT.edit)}
                  </Button>
                  <Popconfirm
                    title={intl.formatMessage(TEXT.deleteConfirm, { title: each.title })}
                    okText={intl.formatMessage(TEXT.delete)}
                    cancelText={intl.formatMessage(TEXT.cancel)}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      runWithFeedback(remove(each.id), intl.formatMessage(TEXT.deleted, { title: each.title }))
                    }
                  >
                    <Button
                      danger
                      disabled={editing !== null}
                      aria-label={intl.formatMessage(TEXT.deleteLabel, { title: each.title })}
                    >
                      {intl.formatMessage(TEXT.delete)}
                    </Button>
                  </Popconfirm>
                </Space>
              </Flex>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
