/**
 * Automations (`/admin/automations`, admins; DESIGN §10 "Triggers"): the desk's triggers in the
 * order trusted code tests them — each with its switch, title, when it runs and its rule in a line
 * (conditions → actions); moved up or down with buttons (keyboard-reachable, no drag), created and
 * edited in a form with "Test this rule" beside it, deleted after a confirmation. A refused save
 * shows the domain's sentence beside the form, which keeps what was typed; the limit of
 * `MAX_TRIGGERS` is said plainly, before a save would be refused. Below the triggers, the desk's
 * recurring tickets (DESIGN §10 "Recurring tickets", `recurring-tickets.tsx`).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import { PageCard } from '@/components/page-card';
import { AUTO_CLOSE_TRIGGER_ID } from '@/domain/auto-close';
import { refusals } from '@/domain/errors/refusals';
import { isStaff } from '@/domain/roles';
import { inTriggerOrder, MAX_TRIGGERS, type Trigger } from '@/domain/triggers';
import {
  useDeleteTriggerMutation,
  useReorderTriggersMutation,
  useSaveTriggerMutation,
  useWatchTriggersQuery,
} from '@/features/admin/api/triggers-api';
import { RuleListHead } from '@/features/admin/automations/components/rule-list-head';
import { TriggerEditor } from '@/features/admin/automations/components/trigger-editor';
import {
  draftFrom,
  inputOf,
  movedTriggers,
  NEW_DRAFT,
  nextOrder,
  triggerOf,
  type TriggerDraft,
} from '@/features/admin/automations/trigger-draft';
import { useTriggerWords } from '@/components/trigger-words';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { newClientId } from '@/lib/ids';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useWatchOrganisationsQuery, useWatchStaffQuery } from '@/lib/store/people-api';

/**
 * The recurring tickets' section, its own chunk: the screen's triggers draw first, and the
 * automations chunk stays within its budget on both builds.
 */
const RecurringTickets = lazy(() =>
  import(/* webpackChunkName: "recurring-tickets" */ '@/features/admin/automations/components/recurring-tickets').then(
    (module) => ({ default: module.RecurringTickets }),
  ),
);

const TEXT = defineMessages({
  title: { id: 'automations.screen.title', defaultMessage: 'Automations' },
  intro: {
    id: 'automations.screen.intro',
    defaultMessage:
      'Triggers act on tickets as they are created or updated, as the desk itself. They are tested in this order: the first whose conditions hold acts, then the list is tested again from the top. A trigger acts at most once per change. Time rules run every 5 minutes, and act at most once per ticket; the automatic close of solved tickets is one of them.',
  },
  newTrigger: { id: 'automations.screen.new', defaultMessage: 'New trigger' },
  list: { id: 'automations.screen.list', defaultMessage: 'Triggers' },
  count: {
    id: 'automations.screen.count',
    defaultMessage: '{count, plural, one {# trigger} other {# triggers}} of at most {max, number}.',
  },
  full: {
    id: 'automations.screen.full',
    defaultMessage: 'The desk has {max, number} triggers, the most it keeps: delete one before adding another.',
  },
  empty: {
    id: 'automations.screen.empty',
    defaultMessage: 'No triggers yet. A trigger sets priorities, assigns, tags or notes tickets for you.',
  },
  loadWhat: { id: 'automations.screen.loadWhat', defaultMessage: 'the triggers' },
  inactive: { id: 'automations.screen.inactive', defaultMessage: 'Off' },
  position: { id: 'automations.screen.position', defaultMessage: '{n, number}.' },
  runsOn: { id: 'automations.screen.runsOn', defaultMessage: 'Runs on:' },
  activeLabel: { id: 'automations.screen.activeLabel', defaultMessage: 'Active: {title}' },
  moveUp: { id: 'automations.screen.moveUp', defaultMessage: 'Move {title} up' },
  moveDown: { id: 'automations.screen.moveDown', defaultMessage: 'Move {title} down' },
  edit: { id: 'automations.screen.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'automations.screen.editLabel', defaultMessage: 'Edit {title}' },
  delete: { id: 'automations.screen.delete', defaultMessage: 'Delete' },
  deleteLabel: { id: 'automations.screen.deleteLabel', defaultMessage: 'Delete {title}' },
  deleteConfirm: {
    id: 'automations.screen.deleteConfirm',
    defaultMessage: 'Delete “{title}”? Tickets keep the changes it made.',
  },
  cancel: { id: 'automations.screen.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'automations.screen.saved', defaultMessage: 'Saved “{title}”.' },
  deleted: { id: 'automations.screen.deleted', defaultMessage: 'Deleted “{title}”.' },
  moved: { id: 'automations.screen.moved', defaultMessage: 'Moved “{title}”.' },
  turnedOn: { id: 'automations.screen.turnedOn', defaultMessage: '“{title}” is on.' },
  turnedOff: { id: 'automations.screen.turnedOff', defaultMessage: '“{title}” is off.' },
});

/** The trigger being edited: its draft, and the id a new one is saved under (the same on a retry). */
interface Editing {
  draft: TriggerDraft;
  newId: string;
}

/** Puts the focus back on a row's move button after the list moved it (the row is re-rendered elsewhere). */
function refocus(id: string, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    // A trigger id is letters, digits, `_` and `-` (`triggerIdSchema`): safe inside the quotes.
    const row = document.querySelector(`[data-trigger-id="${id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]:not([disabled])`);
    (wanted ?? row?.querySelector<HTMLButtonElement>('button[data-move]:not([disabled])'))?.focus();
  });
}

/** The automations screen. */
export default function AutomationsScreen() {
  const intl = useIntl();
  const { token } = theme.useToken();
  const friendly = useFriendlyMessage();
  const runWithFeedback = useMutationFeedback();
  const { data } = useWatchTriggersQuery();
  const fields = useWatchFieldsQuery().data?.value;
  const categories = useWatchDeskSettingsQuery().data?.value?.categories;
  const people = useWatchStaffQuery().data?.value;
  const staff = useMemo(() => (people ?? []).filter((person) => isStaff(person.role)), [people]);
  const definitions = useMemo(() => fields ?? [], [fields]);
  const listed = useWatchOrganisationsQuery().data?.value;
  const organisations = useMemo(() => listed ?? [], [listed]);
  const words = useTriggerWords({ fields: definitions, staff, organisations });
  const [save, { isLoading: saving }] = useSaveTriggerMutation();
  const [remove] = useDeleteTriggerMutation();
  const [reorder, { isLoading: moving }] = useReorderTriggersMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const triggers = useMemo(() => inTriggerOrder(data?.value ?? []), [data?.value]);
  const full = triggers.length >= MAX_TRIGGERS;
  // A trigger deleted meanwhile (another admin) keeps its editor, at the top: nothing typed is lost.
  const editingInList = editing !== null && triggers.some((trigger) => trigger.id === editing.draft.id);

  const startEditing = (draft: TriggerDraft) => {
    setProblem(null);
    setEditing({ draft, newId: newClientId() });
  };

  const saveDraft = async () => {
    if (!editing) return;
    const { draft, newId } = editing;
    const stored = triggers.find((trigger) => trigger.id === draft.id);
    if (!stored && full) {
      const limit = refusals.tooManyTriggers(MAX_TRIGGERS);
      setProblem(friendly({ code: limit.code, message: limit.message }));
      return;
    }
    // The domain's checks first, so a refusal shows beside the form without a round trip.
    const result = triggerOf(draft, definitions, {
      id: stored?.id ?? newId,
      order: stored?.order ?? nextOrder(triggers),
    });
    if ('problem' in result) {
      setProblem(friendly({ code: 'invalid-argument', message: result.problem }));
      return;
    }
    setProblem(null);
    const outcome = await runWithFeedback(save(result), intl.formatMessage(TEXT.saved, { title: result.title }));
    if (outcome.ok) setEditing(null);
    else setProblem(friendly(outcome.error));
  };

  const move = async (index: number, by: -1 | 1) => {
    const trigger = triggers[index];
    if (!trigger) return;
    const outcome = await runWithFeedback(
      reorder(movedTriggers(triggers, index, by)),
      intl.formatMessage(TEXT.moved, { title: trigger.title }),
    );
    if (outcome.ok) refocus(trigger.id, by < 0 ? 'up' : 'down');
  };

  const setActive = (trigger: Trigger, active: boolean) =>
    void runWithFeedback(
      save({ ...inputOf(trigger), active }),
      intl.formatMessage(active ? TEXT.turnedOn : TEXT.turnedOff, { title: trigger.title }),
    );

  const editor = (current: Editing) => (
    <TriggerEditor
      draft={current.draft}
      savedTitle={triggers.find((trigger) => trigger.id === current.draft.id)?.title}
      onChange={(draft) => setEditing({ ...current, draft })}
      onSave={() => void saveDraft()}
      onCancel={() => {
        setEditing(null);
        setProblem(null);
      }}
      saving={saving}
      problem={problem}
      categories={categories ?? []}
      staff={staff}
      organisations={organisations}
      fields={definitions}
      words={words}
    />
  );

  return (
    <Flex vertical gap={16}>
      <PageCard
        title={intl.formatMessage(TEXT.title)}
        action={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={editing !== null || !data?.value || full}
            onClick={() => startEditing(NEW_DRAFT)}
          >
            {intl.formatMessage(TEXT.newTrigger)}
          </Button>
        }
      >
        <RuleListHead
          intro={intl.formatMessage(TEXT.intro)}
          error={data?.error}
          loadWhat={intl.formatMessage(TEXT.loadWhat)}
          loading={!data?.value && !data?.error}
          count={data?.value ? intl.formatMessage(TEXT.count, { count: triggers.length, max: MAX_TRIGGERS }) : null}
          full={full ? intl.formatMessage(TEXT.full, { max: MAX_TRIGGERS }) : null}
          editor={editing && !editingInList ? editor(editing) : null}
          empty={data?.value && triggers.length === 0 && !editing ? intl.formatMessage(TEXT.empty) : null}
        />
        <ol aria-label={intl.formatMessage(TEXT.list)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {triggers.map((trigger, index) => (
            <li
              key={trigger.id}
              data-trigger-id={trigger.id}
              style={{ padding: '12px 0', borderBlockStart: `1px solid ${token.colorBorderSecondary}` }}
            >
              {editing?.draft.id === trigger.id ? (
                editor(editing)
              ) : (
                <Flex gap={12} align="flex-start" wrap>
                  <Switch
                    checked={trigger.active}
                    disabled={editing !== null}
                    aria-label={intl.formatMessage(TEXT.activeLabel, { title: trigger.title })}
                    onChange={(checked) => setActive(trigger, checked)}
                    style={{ marginBlockStart: 2 }}
                  />
                  <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography.Text strong dir="auto" type={trigger.active ? undefined : 'secondary'}>
                      <span aria-hidden="true" style={{ color: token.colorTextTertiary, marginInlineEnd: 6 }}>
                        {intl.formatMessage(TEXT.position, { n: index + 1 })}
                      </span>
                      {trigger.title}
                    </Typography.Text>
                    <Flex wrap gap={4} align="center">
                      <Typography.Text type="secondary">{intl.formatMessage(TEXT.runsOn)}</Typography.Text>
                      {trigger.on.map((event) => (
                        <Tag key={event} style={{ marginInlineEnd: 0 }}>
                          {words.event(event)}
                        </Tag>
                      ))}
                      {!trigger.active && <Tag color="default">{intl.formatMessage(TEXT.inactive)}</Tag>}
                    </Flex>
                    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {words.rule(trigger)}
                    </Typography.Text>
                  </Flex>
                  <Space wrap>
                    <Button
                      icon={<ArrowUpOutlined />}
                      data-move="up"
                      disabled={editing !== null || moving || index === 0}
                      aria-label={intl.formatMessage(TEXT.moveUp, { title: trigger.title })}
                      onClick={() => void move(index, -1)}
                    />
                    <Button
                      icon={<ArrowDownOutlined />}
                      data-move="down"
                      disabled={editing !== null || moving || index === triggers.length - 1}
                      aria-label={intl.formatMessage(TEXT.moveDown, { title: trigger.title })}
                      onClick={() => void move(index, 1)}
                    />
                    <Button
                      disabled={editing !== null}
                      aria-label={intl.formatMessage(TEXT.editLabel, { title: trigger.title })}
                      onClick={() => startEditing(draftFrom(trigger, definitions))}
                    >
                      {intl.formatMessage(TEXT.edit)}
                    </Button>
                    {/* The automatic close is switched off, not deleted (DESIGN §10 "The automatic close"). */}
                    {trigger.id !== AUTO_CLOSE_TRIGGER_ID && (
                      <Popconfirm
                        title={intl.formatMessage(TEXT.deleteConfirm, { title: trigger.title })}
                        okText={intl.formatMessage(TEXT.delete)}
                        cancelText={intl.formatMessage(TEXT.cancel)}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          runWithFeedback(
                            remove(trigger.id),
                            intl.formatMessage(TEXT.deleted, { title: trigger.title }),
                          )
                        }
                      >
                        <Button
                          danger
                          disabled={editing !== null}
                          aria-label={intl.formatMessage(TEXT.deleteLabel, { title: trigger.title })}
                        >
                          {intl.formatMessage(TEXT.delete)}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                </Flex>
              )}
            </li>
          ))}
        </ol>
      </PageCard>
      {/* A skeleton while the section's code loads: the screen says it is still drawing, as the list does. */}
      <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 2 }} />}>
        <RecurringTickets />
      </Suspense>
    </Flex>
  );
}
