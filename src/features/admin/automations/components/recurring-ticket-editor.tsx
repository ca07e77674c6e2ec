/**
 * The editor of one recurring ticket (DESIGN §10 "Recurring tickets"): its name, whether it is
 * active, its schedule — daily, weekly on a day, or monthly on a day of the month, at a time on the
 * desk's clock — and the ticket it creates: subject (which may hold `{{date}}`), description,
 * priority, category and tags. Laid out as the trigger editor is: controls that wrap, one column
 * on a phone. Each problem the domain's schema finds shows at its control, in the reader's
 * language; a refused save shows the backend's sentence under the form; what was typed is kept
 * either way (the draft is the caller's state).
 */
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { NativeSelect } from '@/components/native-select';
import { LIMITS } from '@/domain/limits';
import {
  RECURRING_FREQUENCIES,
  RECURRING_PLACEHOLDERS,
  RECURRING_PRIORITIES,
  type RecurringFrequency,
} from '@/domain/recurring-tickets';
import { WEEKDAYS, type Weekday } from '@/domain/types';
import type { RecurringControl, RecurringDraft, RecurringIssue } from '@/features/admin/automations/recurring-draft';
import { weekdayName } from '@/features/admin/automations/recurring-words';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';

const TEXT = defineMessages({
  newLabel: { id: 'automations.recurring.editor.newLabel', defaultMessage: 'New recurring ticket' },
  editLabel: { id: 'automations.recurring.editor.editLabel', defaultMessage: 'Edit “{title}”' },
  title: { id: 'automations.recurring.editor.title', defaultMessage: 'Name' },
  titleHelp: {
    id: 'automations.recurring.editor.titleHelp',
    defaultMessage: 'Names it in this list; the tickets it creates do not show it.',
  },
  active: { id: 'automations.recurring.editor.active', defaultMessage: 'Active' },
  schedule: { id: 'automations.recurring.editor.schedule', defaultMessage: 'Schedule' },
  frequency: { id: 'automations.recurring.editor.frequency', defaultMessage: 'Repeats' },
  daily: { id: 'automations.recurring.editor.daily', defaultMessage: 'Every day' },
  weekly: { id: 'automations.recurring.editor.weekly', defaultMessage: 'Every week' },
  monthly: { id: 'automations.recurring.editor.monthly', defaultMessage: 'Every month' },
  time: { id: 'automations.recurring.editor.time', defaultMessage: 'Time (HH:mm)' },
  timeHelp: {
    id: 'automations.recurring.editor.timeHelp',
    defaultMessage: 'On the desk’s clock ({zone}), 24-hour.',
  },
  weekday: { id: 'automations.recurring.editor.weekday', defaultMessage: 'Day of the week' },
  dayOfMonth: { id: 'automations.recurring.editor.dayOfMonth', defaultMessage: 'Day of the month' },
  dayOfMonthHelp: {
    id: 'automations.recurring.editor.dayOfMonthHelp',
    defaultMessage: 'In a month without this day, the ticket comes on the month’s last day.',
  },
  ticket: { id: 'automations.recurring.editor.ticket', defaultMessage: 'The ticket it creates' },
  subject: { id: 'automations.recurring.editor.subject', defaultMessage: 'Subject' },
  subjectHelp: {
    id: 'automations.recurring.editor.subjectHelp',
    defaultMessage: 'May hold {placeholder}: the date of the occurrence (<ltr>YYYY-MM-DD</ltr>).',
  },
  description: { id: 'automations.recurring.editor.description', defaultMessage: 'Description' },
  priority: { id: 'automations.recurring.editor.priority', defaultMessage: 'Priority' },
  category: { id: 'automations.recurring.editor.category', defaultMessage: 'Category (optional)' },
  noCategory: { id: 'automations.recurring.editor.noCategory', defaultMessage: 'None' },
  tags: { id: 'automations.recurring.editor.tags', defaultMessage: 'Tags' },
  tagsHelp: {
    id: 'automations.recurring.editor.tagsHelp',
    defaultMessage: 'Type a tag and press Enter.',
  },
  save: { id: 'automations.recurring.editor.save', defaultMessage: 'Save recurring ticket' },
  cancel: { id: 'automations.recurring.editor.cancel', defaultMessage: 'Cancel' },
});

/** The placeholder a subject may hold, as typed: `{{date}}`. */
const DATE_PLACEHOLDER = `{{${RECURRING_PLACEHOLDERS[0]}}}`;

/** The frequencies' names in the editor's list. */
const FREQUENCY = {
  daily: TEXT.daily,
  weekly: TEXT.weekly,
  monthly: TEXT.monthly,
} as const satisfies Record<RecurringFrequency, unknown>;

/**
 * The schema's sentences about the ticket's own fields (`subjectSchema`, `bodySchema`,
 * `tagsSchema`, the category's limit) in the reader's language: the same meaning as the English,
 * chosen by the zod issue. The recurring ticket's own sentences (its name, time, day, the subject's
 * placeholders) are the backends' refusals too, and `useFriendlyMessage` translates them.
 */
const ISSUE = defineMessages({
  subjectShort: {
    id: 'automations.recurring.issue.subjectShort',
    defaultMessage: 'The subject needs at least {min, number} characters.',
  },
  subjectLong: {
    id: 'automations.recurring.issue.subjectLong',
    defaultMessage: 'The subject has at most {max, number} characters.',
  },
  descriptionEmpty: { id: 'automations.recurring.issue.descriptionEmpty', defaultMessage: 'Write a message.' },
  descriptionLong: {
    id: 'automations.recurring.issue.descriptionLong',
    defaultMessage: 'A message has at most {max, number} characters.',
  },
  tagEmpty: { id: 'automations.recurring.issue.tagEmpty', defaultMessage: 'A tag cannot be empty.' },
  tagLong: { id: 'automations.recurring.issue.tagLong', defaultMessage: 'A tag has at most {max, number} characters.' },
  tagFormat: {
    id: 'automations.recurring.issue.tagFormat',
    defaultMessage: 'Tags use lowercase letters, digits and hyphens only.',
  },
  tagsTooMany: { id: 'automations.recurring.issue.tagsTooMany', defaultMessage: 'At most {max, number} tags.' },
  categoryLong: {
    id: 'automations.recurring.issue.categoryLong',
    defaultMessage: 'A category has at most {max, number} characters.',
  },
});

/**
 * An issue's sentence in the reader's language: this module's own for the ticket's fields, else
 * the schema's sentence through the refusals' translations.
 */
function useIssueText() {
  const intl = useIntl();
  const friendly = useFriendlyMessage();
  return (issue: RecurringIssue): string => {
    const { control, code, limit } = issue;
    if (control === 'subject' && code === 'too_small') return intl.formatMessage(ISSUE.subjectShort, { min: limit });
    if (control === 'subject' && code === 'too_big') return intl.formatMessage(ISSUE.subjectLong, { max: limit });
    if (control === 'description') {
      return code === 'too_big'
        ? intl.formatMessage(ISSUE.descriptionLong, { max: limit })
        : intl.formatMessage(ISSUE.descriptionEmpty);
    }
    if (control === 'category') return intl.formatMessage(ISSUE.categoryLong, { max: limit });
    if (control === 'tags') {
      // A `too_big` of the list itself (no index in its path) is too many tags; of a tag, too long.
      if (code === 'too_big' && issue.path.length === 1) return intl.formatMessage(ISSUE.tagsTooMany, { max: limit });
      if (code === 'too_big') return intl.formatMessage(ISSUE.tagLong, { max: limit ?? LIMITS.tags.maxLength });
      if (code === 'too_small') return intl.formatMessage(ISSUE.tagEmpty);
      return intl.formatMessage(ISSUE.tagFormat);
    }
    return friendly({ code: 'invalid-argument', message: issue.message });
  };
}

/** Text that reads left to right in every language (a date's format), kept whole inside right-to-left text. */
function ltr(chunks: ReactNode[]) {
  return <bdi dir="ltr">{chunks}</bdi>;
}

/** A labelled control with its problem and its hint under it (both named by the control's `aria-describedby`). */
function Field({
  id,
  label,
  problem,
  help,
  flex = '1 1 220px',
  children,
}: {
  id: string;
  label: string;
  problem?: string;
  help?: ReactNode;
  flex?: string;
  children: ReactNode;
}) {
  return (
    <div style={{ flex, minWidth: 0 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
      {problem && (
        <Typography.Text id={`${id}-problem`} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
      {help && (
        <Typography.Text id={`${id}-help`} type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {help}
        </Typography.Text>
      )}
    </div>
  );
}

/** What {@link RecurringTicketEditor} takes. */
export interface RecurringTicketEditorProps {
  draft: RecurringDraft;
  /** Its name as saved (names the form while the name is edited); absent for a new one. */
  savedTitle?: string;
  onChange(draft: RecurringDraft): void;
  /** Called on submit: the caller checks the draft (the domain's schema) and saves it. */
  onSave(): void;
  onCancel(): void;
  saving: boolean;
  /** The schema's problems with the draft as last submitted, each shown at its control. */
  issues: readonly RecurringIssue[];
  /** The backend's refusal, in the reader's language, or `null`. */
  problem: string | null;
  /** The desk's categories that may be chosen. */
  categories: readonly string[];
  /** The desk's time zone (its business hours'), or `undefined` while it loads. */
  timeZone: string | undefined;
}

/** The editor (see the file's comment). */
export function RecurringTicketEditor({
  draft,
  savedTitle,
  onChange,
  onSave,
  onCancel,
  saving,
  issues,
  problem,
  categories,
  timeZone,
}: RecurringTicketEditorProps) {
  const intl = useIntl();
  const labels = useLabels();
  const { token } = theme.useToken();
  const issueText = useIssueText();
  const base = `recurring-${draft.id ?? 'new'}`;
  const set = (change: Partial<RecurringDraft>) => onChange({ ...draft, ...change });
  const label =
    savedTitle === undefined
      ? intl.formatMessage(TEXT.newLabel)
      : intl.formatMessage(TEXT.editLabel, { title: savedTitle });
  const issueOf = (control: RecurringControl) => {
    const issue = issues.find((each) => each.control === control);
    return issue && issueText(issue);
  };
  const invalid = (control: RecurringControl) => issues.some((each) => each.control === control);
  /** The props that tie a control to its problem and hint (antd's inputs add `status`). */
  const described = (control: RecurringControl, help = false) => {
    const id = `${base}-${control}`;
    const ids = [invalid(control) && `${id}-problem`, help && `${id}-help`].filter(Boolean).join(' ');
    return { id, ...(ids ? { 'aria-describedby': ids } : {}), ...(invalid(control) ? { 'aria-invalid': true } : {}) };
  };
  const status = (control: RecurringControl) => (invalid(control) ? ('error' as const) : undefined);
  const fieldset = {
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: 12,
    margin: 0,
    minWidth: 0,
  };
  const legend = (text: string) => (
    <legend style={{ paddingInline: 4, width: 'auto', marginBottom: 0, fontSize: 'inherit', border: 0 }}>
      <Typography.Text strong>{text}</Typography.Text>
    </legend>
  );
  // A category archived since stays on the list, so the draft shows what it saves.
  const categoryOptions = [...new Set([...categories, ...(draft.category ? [draft.category] : [])])];

  return (
    <form
      aria-label={label}
      noValidate
      data-testid="recurring-ticket-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Flex vertical gap={12}>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }} dir="auto">
          {label}
        </Typography.Title>
        <Flex wrap gap={12} align="flex-start">
          <Field
            id={`${base}-title`}
            label={intl.formatMessage(TEXT.title)}
            problem={issueOf('title')}
            help={intl.formatMessage(TEXT.titleHelp)}
            flex="1 1 260px"
          >
            <Input
              {...described('title', true)}
              status={status('title')}
              dir="auto"
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
            />
          </Field>
          <label style={{ display: 'flex', gap: 8, alignItems: 'center', paddingBlockStart: 30 }}>
            <Switch checked={draft.active} onChange={(checked) => set({ active: checked })} />
            {intl.formatMessage(TEXT.active)}
          </label>
        </Flex>
        <fieldset style={fieldset}>
          {legend(intl.formatMessage(TEXT.schedule))}
          <Flex wrap gap={12} align="flex-start">
            <Field id={`${base}-frequency`} label={intl.formatMessage(TEXT.frequency)} problem={issueOf('frequency')}>
              <NativeSelect
                {...described('frequency')}
                value={draft.frequency}
                onChange={(frequency) => set({ frequency: frequency as RecurringFrequency })}
                options={RECURRING_FREQUENCIES.map((frequency) => ({
                  value: frequency,
                  label: intl.formatMessage(FREQUENCY[frequency]),
                }))}
              />
            </Field>
            {draft.frequency === 'weekly' && (
              <Field id={`${base}-weekday`} label={intl.formatMessage(TEXT.weekday)} problem={issueOf('weekday')}>
                <NativeSelect
                  {...described('weekday')}
                  value={draft.weekday}
                  onChange={(weekday) => set({ weekday: weekday as Weekday })}
                  options={WEEKDAYS.map((weekday) => ({ value: weekday, label: weekdayName(intl, weekday) }))}
                />
              </Field>
            )}
            {draft.frequency === 'monthly' && (
              <Field
                id={`${base}-dayOfMonth`}
                label={intl.formatMessage(TEXT.dayOfMonth)}
                problem={issueOf('dayOfMonth')}
                help={intl.formatMessage(TEXT.dayOfMonthHelp)}
              >
                <NativeSelect
                  {...described('dayOfMonth', true)}
                  value={draft.dayOfMonth}
                  onChange={(dayOfMonth) => set({ dayOfMonth })}
                  options={Array.from({ length: 31 }, (_, index) => ({
                    value: String(index + 1),
                    label: intl.formatNumber(index + 1),
                  }))}
                />
              </Field>
            )}
            <Field
              id={`${base}-time`}
              label={intl.formatMessage(TEXT.time)}
              problem={issueOf('time')}
              help={timeZone && intl.formatMessage(TEXT.timeHelp, { zone: <bdi>{timeZone}</bdi> })}
            >
              <Input
                {...described('time', Boolean(timeZone))}
                status={status('time')}
                // Digits and a colon, written left to right in every language.
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                value={draft.time}
                onChange={(event) => set({ time: event.target.value })}
              />
            </Field>
          </Flex>
        </fieldset>
        <fieldset style={fieldset}>
          {legend(intl.formatMessage(TEXT.ticket))}
          <Flex vertical gap={12}>
            <Field
              id={`${base}-subject`}
              label={intl.formatMessage(TEXT.subject)}
              problem={issueOf('subject')}
              help={intl.formatMessage(TEXT.subjectHelp, { placeholder: <bdi>{DATE_PLACEHOLDER}</bdi>, ltr })}
              flex="1 1 auto"
            >
              <Input
                {...described('subject', true)}
                status={status('subject')}
                dir="auto"
                value={draft.subject}
                count={{ show: true, max: LIMITS.subject.max }}
                onChange={(event) => set({ subject: event.target.value })}
              />
            </Field>
            <Field
              id={`${base}-description`}
              label={intl.formatMessage(TEXT.description)}
              problem={issueOf('description')}
              flex="1 1 auto"
            >
              <Input.TextArea
                {...described('description')}
                status={status('description')}
                dir="auto"
                rows={4}
                value={draft.description}
                onChange={(event) => set({ description: event.target.value })}
              />
            </Field>
            <Flex wrap gap={12} align="flex-start">
              <Field id={`${base}-priority`} label={intl.formatMessage(TEXT.priority)} problem={issueOf('priority')}>
                <NativeSelect
                  {...described('priority')}
                  value={draft.priority}
                  onChange={(priority) => set({ priority: priority as RecurringDraft['priority'] })}
                  options={RECURRING_PRIORITIES.map((priority) => ({
                    value: priority,
                    label: labels.priority(priority),
                  }))}
                />
              </Field>
              <Field id={`${base}-category`} label={intl.formatMessage(TEXT.category)} problem={issueOf('category')}>
                <NativeSelect
                  {...described('category')}
                  value={draft.category}
                  onChange={(category) => set({ category })}
                  options={[
                    { value: '', label: intl.formatMessage(TEXT.noCategory) },
                    ...categoryOptions.map((category) => ({ value: category, label: category })),
                  ]}
                />
              </Field>
            </Flex>
            <Field
              id={`${base}-tags`}
              label={intl.formatMessage(TEXT.tags)}
              problem={issueOf('tags')}
              help={intl.formatMessage(TEXT.tagsHelp)}
              flex="1 1 auto"
            >
              <Select
                {...described('tags', true)}
                status={status('tags')}
                mode="tags"
                style={{ width: '100%' }}
                value={draft.tags}
                tokenSeparators={[',', ' ']}
                onChange={(next: string[]) => set({ tags: next.map((tag) => tag.trim().toLowerCase()) })}
                open={false}
                suffixIcon={null}
              />
            </Field>
          </Flex>
        </fieldset>
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
  );
}
