/**
 * The editor of one trigger (DESIGN §10 "Triggers"): its title, whether it is active, when it runs,
 * its "all" and "any" conditions and its actions — and beside them "Test this rule" on the rule as
 * typed. Side by side where there is room, stacked on a phone. A refused save shows the domain's
 * sentence next to the form and keeps everything typed (the draft is the caller's state).
 */
import { lazy, Suspense, useMemo } from 'react';
import Skeleton from 'antd/es/skeleton';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { MAX_TRIGGER_CONDITIONS, TRIGGER_EVENTS, type TriggerEvent } from '@/domain/triggers';
import type { UserProfile } from '@/domain/types';
import type { Organisation } from '@/domain/organisations';
import { ConditionList } from '@/features/admin/automations/components/condition-list';
import { TriggerActionsEditor } from '@/features/admin/automations/components/trigger-actions';
import { previewedOf, type TriggerDraft } from '@/features/admin/automations/trigger-draft';
import type { TriggerWords } from '@/components/trigger-words';

/**
 * "Test this rule", its own chunk (it carries the trigger run's planner): the editor draws first,
 * and the automations chunk stays within its budget on both builds.
 */
const TriggerTest = lazy(() =>
  import(/* webpackChunkName: "trigger-test" */ '@/features/admin/automations/components/trigger-test').then(
    (module) => ({ default: module.TriggerTest }),
  ),
);

const TEXT = defineMessages({
  newLabel: { id: 'automations.editor.newLabel', defaultMessage: 'New trigger' },
  editLabel: { id: 'automations.editor.editLabel', defaultMessage: 'Edit “{title}”' },
  title: { id: 'automations.editor.title', defaultMessage: 'Title' },
  titleHelp: {
    id: 'automations.editor.titleHelp',
    defaultMessage: 'The ticket’s activity names the trigger by it.',
  },
  active: { id: 'automations.editor.active', defaultMessage: 'Active' },
  runsOn: { id: 'automations.editor.runsOn', defaultMessage: 'Runs on' },
  created: { id: 'automations.editor.created', defaultMessage: 'New tickets' },
  updated: { id: 'automations.editor.updated', defaultMessage: 'Updates to a ticket' },
  time: { id: 'automations.editor.time', defaultMessage: 'On a schedule (a time rule)' },
  timeHelp: {
    id: 'automations.editor.timeHelp',
    defaultMessage:
      'A time rule is checked every 5 minutes over the tickets not closed, and acts at most once on each ticket. It needs an hours condition among “all of these”.',
  },
  all: { id: 'automations.editor.all', defaultMessage: 'When all of these hold' },
  allHelp: { id: 'automations.editor.allHelp', defaultMessage: 'Every one must hold.' },
  any: { id: 'automations.editor.any', defaultMessage: 'And at least one of these' },
  anyHelp: {
    id: 'automations.editor.anyHelp',
    defaultMessage: 'Leave empty when “all” is enough; otherwise one of them must hold too.',
  },
  count: {
    id: 'automations.editor.count',
    defaultMessage: '{count, number} of {max, number} conditions.',
  },
  save: { id: 'automations.editor.save', defaultMessage: 'Save trigger' },
  cancel: { id: 'automations.editor.cancel', defaultMessage: 'Cancel' },
});

/** What {@link TriggerEditor} takes. */
export interface TriggerEditorProps {
  draft: TriggerDraft;
  /** The trigger's title as saved (names the form while its title is edited); absent for a new one. */
  savedTitle?: string;
  onChange(draft: TriggerDraft): void;
  /** Called on submit: the caller checks the draft (the domain's schema) and saves it. */
  onSave(): void;
  onCancel(): void;
  saving: boolean;
  /** The refusal's sentence, in the reader's language, or `null`. */
  problem: string | null;
  categories: readonly string[];
  staff: readonly Pick<UserProfile, 'uid' | 'role' | 'displayName' | 'deactivated'>[];
  /** The desk's organisations, by name (the organisation condition's choices). */
  organisations: readonly Pick<Organisation, 'id' | 'name'>[];
  /** Every field definition, archived ones too (conditions keep naming them). */
  fields: readonly CustomFieldDefinition[];
  words: TriggerWords;
}

/** The editor and its test (see the file's comment). */
export function TriggerEditor({
  draft,
  savedTitle,
  onChange,
  onSave,
  onCancel,
  saving,
  problem,
  categories,
  staff,
  organisations,
  fields,
  words,
}: TriggerEditorProps) {
  const intl = useIntl();
  const base = `trigger-${draft.id ?? 'new'}`;
  const set = (change: Partial<TriggerDraft>) => onChange({ ...draft, ...change });
  const conditions = draft.all.length + draft.any.length;
  const mayAdd = conditions < MAX_TRIGGER_CONDITIONS;
  const active = useMemo(() => fields.filter((field) => !field.archived), [fields]);
  const archived = useMemo(() => fields.filter((field) => field.archived), [fields]);
  const previewed = useMemo(() => previewedOf(draft, fields), [draft, fields]);
  const label =
    savedTitle === undefined
      ? intl.formatMessage(TEXT.newLabel)
      : intl.formatMessage(TEXT.editLabel, { title: savedTitle });
  const timeRule = draft.on.includes('time');
  const toggleEvent = (event: TriggerEvent, on: boolean) =>
    // A time rule runs on the schedule alone: choosing it clears the others, and the others clear it.
    set({
      on: TRIGGER_EVENTS.filter((each) =>
        each === event ? on : on && (event === 'time' || each === 'time') ? false : draft.on.includes(each),
      ),
    });

  return (
    <Flex wrap gap={16} align="flex-start" data-testid="trigger-editor">
      <form
        aria-label={label}
        noValidate
        style={{ flex: '3 1 440px', minWidth: 0 }}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Flex vertical gap={12}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }} dir="auto">
            {label}
          </Typography.Title>
          <Flex wrap gap={12} align="flex-end">
            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
              <label htmlFor={`${base}-title`} style={{ display: 'block', marginBottom: 4 }}>
                {intl.formatMessage(TEXT.title)}
              </label>
              <Input
                id={`${base}-title`}
                dir="auto"
                value={draft.title}
                aria-describedby={`${base}-title-help`}
                onChange={(event) => set({ title: event.target.value })}
              />
              <Typography.Text id={`${base}-title-help`} type="secondary" style={{ fontSize: 12 }}>
                {intl.formatMessage(TEXT.titleHelp)}
              </Typography.Text>
            </div>
            <label style={{ display: 'flex', gap: 8, alignItems: 'center', paddingBlockEnd: 22 }}>
              <Switch checked={draft.active} onChange={(checked) => set({ active: checked })} />
              {intl.formatMessage(TEXT.active)}
            </label>
          </Flex>
          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <legend style={{ fontSize: 'inherit', marginBottom: 4, border: 0 }}>
              {intl.formatMessage(TEXT.runsOn)}
            </legend>
            <Space wrap>
              {TRIGGER_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  checked={draft.on.includes(event)}
                  onChange={(changed) => toggleEvent(event, changed.target.checked)}
                >
                  {intl.formatMessage(
                    event === 'created' ? TEXT.created : event === 'updated' ? TEXT.updated : TEXT.time,
                  )}
                </Checkbox>
              ))}
            </Space>
          </fieldset>
          <ConditionList
            legend={intl.formatMessage(TEXT.all)}
            help={intl.formatMessage(TEXT.allHelp)}
            idBase={`${base}-all`}
            conditions={draft.all}
            onChange={(all) => set({ all })}
            mayAdd={mayAdd}
            categories={categories}
            staff={staff}
            organisations={organisations}
            fields={fields}
            words={words}
            timeRule={timeRule}
          />
          <ConditionList
            legend={intl.formatMessage(TEXT.any)}
            help={intl.formatMessage(TEXT.anyHelp)}
            idBase={`${base}-any`}
            conditions={draft.any}
            onChange={(any) => set({ any })}
            mayAdd={mayAdd}
            categories={categories}
            staff={staff}
            organisations={organisations}
            fields={fields}
            words={words}
            timeRule={timeRule}
          />
          {timeRule && <Typography.Text type="secondary">{intl.formatMessage(TEXT.timeHelp)}</Typography.Text>}
          <Typography.Text type="secondary">
            {intl.formatMessage(TEXT.count, { count: conditions, max: MAX_TRIGGER_CONDITIONS })}
          </Typography.Text>
          <TriggerActionsEditor
            idBase={base}
            draft={draft}
            onChange={set}
            categories={categories}
            staff={staff}
            fields={active}
            archived={archived}
          />
          {problem && <Alert type="error" showIcon role="alert" message={problem} />}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {intl.formatMessage(TEXT.save)}
            </Button>
            <Button onClick={onCancel} disabled={saving}>
              {intl.formatMessage(TEXT.cancel)}
            </Button>
          </Space>
        </Flex>
      </form>
      <div style={{ flex: '2 1 300px', minWidth: 0 }}>
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3 }} />}>
          <TriggerTest idBase={base} trigger={previewed} fields={fields} staff={staff} words={words} />
        </Suspense>
      </div>
    </Flex>
  );
}
