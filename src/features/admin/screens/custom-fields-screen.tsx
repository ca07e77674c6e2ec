/**
 * Ticket fields (`/admin/fields`, admins; DESIGN §3 "Custom fields"): the fields the team records
 * on each ticket, in order. An admin adds a field (its key proposed from the English label, its
 * type chosen once), edits its labels and descriptions in each language, who sees and who fills
 * it, whether it is required on submit or to solve, a number's range and a list's options; moves
 * it up or down; archives it (never deletes: tickets keep its values). The whole list is saved at
 * once; a refusal says why, and the form keeps what was typed.
 */
import { PageCard } from '@/components/page-card';
import { useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { LiveError } from '@/components/live-error';
import {
  CUSTOM_FIELD_TYPES,
  keyFromLabel,
  localized,
  type CustomFieldDefinition,
  type CustomFieldType,
  type LocalizedText,
} from '@/domain/custom-fields';
import {
  customFieldDefinitionSchema,
  customFieldDefinitionsSchema,
  definitionsChangeProblem,
} from '@/domain/custom-field-schemas';
import { isLocale, LOCALES, LOCALE_NAMES, type Locale } from '@/domain/locales';
import { FIELD_SORT_SLOTS, maySort, type FieldSortSlot } from '@/domain/field-sort';
import { useSaveFieldsMutation, useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useFriendlyMessage } from '@/lib/i18n/labels';

const TYPE_NAMES: Record<CustomFieldType, MessageDescriptor> = defineMessages({
  text: { id: 'admin.fields.type.text', defaultMessage: 'Text' },
  multiline: { id: 'admin.fields.type.multiline', defaultMessage: 'Multi-line text' },
  number: { id: 'admin.fields.type.number', defaultMessage: 'Number' },
  dropdown: { id: 'admin.fields.type.dropdown', defaultMessage: 'Dropdown' },
  multiselect: { id: 'admin.fields.type.multiselect', defaultMessage: 'Multi-select' },
  checkbox: { id: 'admin.fields.type.checkbox', defaultMessage: 'Checkbox' },
  date: { id: 'admin.fields.type.date', defaultMessage: 'Date' },
});

const TEXT = defineMessages({
  newField: { id: 'admin.fields.newField', defaultMessage: 'New field' },
  editField: { id: 'admin.fields.editField', defaultMessage: 'Edit {label}' },
  label: { id: 'admin.fields.label', defaultMessage: 'Label ({language})' },
  description: { id: 'admin.fields.description', defaultMessage: 'Description ({language})' },
  optionLabel: { id: 'admin.fields.optionLabel', defaultMessage: 'Option {n, number} ({language})' },
  notANumber: { id: 'admin.fields.notANumber', defaultMessage: '“{text}” is not a number.' },
  list: { id: 'admin.fields.list', defaultMessage: 'Ticket fields' },
  moveUp: { id: 'admin.fields.moveUp', defaultMessage: 'Move {label} up' },
  moveDown: { id: 'admin.fields.moveDown', defaultMessage: 'Move {label} down' },
  saved: { id: 'admin.fields.saved', defaultMessage: 'Saved “{label}”.' },
  archived: { id: 'admin.fields.archivedDone', defaultMessage: 'Archived “{label}”: tickets keep its values.' },
  restored: { id: 'admin.fields.restored', defaultMessage: 'Restored “{label}”.' },
  moved: { id: 'admin.fields.moved', defaultMessage: 'Moved “{label}”.' },
  loadWhat: { id: 'admin.fields.loadWhat', defaultMessage: 'the ticket fields' },
  restoreLabel: { id: 'admin.fields.restoreLabel', defaultMessage: 'Restore {label}' },
  archiveLabel: { id: 'admin.fields.archiveLabel', defaultMessage: 'Archive {label}' },
});

/** A localized text as the form holds it: a string per language. */
type Texts = Record<Locale, string>;

/** One option as the form holds it; `saved` options can be archived but not removed. */
interface OptionDraft {
  id: string;
  saved: boolean;
  label: Texts;
  archived: boolean;
}

/** A field as the form holds it (numbers as typed); `saved` fields keep their key and type. */
interface Draft {
  saved: boolean;
  key: string;
  /** Whether the admin typed the key (then it no longer follows the English label). */
  keyTyped: boolean;
  type: CustomFieldType;
  label: Texts;
  description: Texts;
  visibleTo: 'agents' | 'customers';
  filledBy: 'agents' | 'customers';
  requiredOnSubmit: boolean;
  requiredToSolve: boolean;
  archived: boolean;
  /** The queue may be sorted by it (`field-sort.ts`); `sortSlot` is the slot it holds once saved. */
  sortable: boolean;
  sortSlot?: FieldSortSlot;
  integer: boolean;
  min: string;
  max: string;
  options: OptionDraft[];
}

const NO_TEXT: Texts = { en: '', es: '', ar: '' };

function textsOf(text: LocalizedText | undefined): Texts {
  return { en: text?.en ?? '', es: text?.es ?? '', ar: text?.ar ?? '' };
}

/** The stored form of a text: English always, other languages only when written. */
function localizedOf(texts: Texts): LocalizedText {
  return {
    en: texts.en.trim(),
    ...(texts.es.trim() && { es: texts.es.trim() }),
    ...(texts.ar.trim() && { ar: texts.ar.trim() }),
  };
}

function draftOf(field: CustomFieldDefinition): Draft {
  return {
    saved: true,
    key: field.key,
    keyTyped: true,
    type: field.type,
    label: textsOf(field.label),
    description: textsOf(field.description),
    visibleTo: field.visibleTo,
    filledBy: field.filledBy,
    requiredOnSubmit: field.requiredOnSubmit,
    requiredToSolve: field.requiredToSolve,
    archived: field.archived,
    sortable: field.sortSlot !== undefined,
    ...(field.sortSlot && { sortSlot: field.sortSlot }),
    integer: field.integer ?? false,
    min: field.min === undefined ? '' : String(field.min),
    max: field.max === undefined ? '' : String(field.max),
    options: (field.options ?? []).map((option) => ({
      id: option.id,
      saved: true,
      label: textsOf(option.label),
      archived: option.archived,
    })),
  };
}

const NEW_DRAFT: Draft = {
  saved: false,
  key: '',
  keyTyped: false,
  type: 'text',
  label: NO_TEXT,
  description: NO_TEXT,
  visibleTo: 'agents',
  filledBy: 'agents',
  requiredOnSubmit: false,
  requiredToSolve: false,
  archived: false,
  sortable: false,
  integer: false,
  min: '',
  max: '',
  options: [],
};

/** A typed limit: absent when blank, else the number it says; `NaN` when it says none. */
function limitOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/**
 * The sort slot a draft takes: its own when it has one, else the first the other fields leave
 * free (`a` when none is: the schema then says at most two fields sort the queue); none when it
 * is not sortable or may not sort (`maySort`).
 */
function sortSlotOf(draft: Draft, others: readonly CustomFieldDefinition[]): FieldSortSlot | undefined {
  if (!draft.sortable || !maySort(draft)) return undefined;
  return draft.sortSlot ?? FIELD_SORT_SLOTS.find((slot) => others.every((field) => field.sortSlot !== slot)) ?? 'a';
}

/**
 * The definition a draft stands for (the domain schema checks it).
 * @param others the desk's other fields (a new sort slot is one they leave free).
 */
function definitionOf(draft: Draft, others: readonly CustomFieldDefinition[]): CustomFieldDefinition {
  const sortSlot = sortSlotOf(draft, others);
  const choice = draft.type === 'dropdown' || draft.type === 'multiselect';
  const description = localizedOf(draft.description);
  const min = limitOf(draft.min);
  const max = limitOf(draft.max);
  const customersFill = draft.visibleTo === 'customers' && draft.filledBy === 'customers';
  return {
    key: draft.key,
    type: draft.type,
    label: localizedOf(draft.label),
    ...(description.en !== '' && { description }),
    visibleTo: draft.visibleTo,
    filledBy: customersFill ? 'customers' : 'agents',
    requiredOnSubmit: customersFill && draft.requiredOnSubmit,
    requiredToSolve: draft.requiredToSolve,
    archived: draft.archived,
    ...(sortSlot && { sortSlot }),
    ...(draft.type === 'number' && {
      integer: draft.integer,
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
    }),
    ...(choice && {
      options: draft.options.map((option) => ({
        id: option.id,
        label: localizedOf(option.label),
        archived: option.archived,
      })),
    }),
  };
}

/** Three inputs, one per language, side by side where they fit. */
function LanguageInputs({
  texts,
  name,
  onChange,
  multiline = false,
}: {
  texts: Texts;
  name: (language: string) => string;
  onChange(texts: Texts): void;
  multiline?: boolean;
}) {
  return (
    <Flex wrap gap={8}>
      {LOCALES.map((locale) => (
        <label key={locale} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <span>{name(LOCALE_NAMES[locale])}</span>
          {multiline ? (
            <Input.TextArea
              dir={locale === 'ar' ? 'rtl' : 'ltr'}
              lang={locale}
              rows={2}
              value={texts[locale]}
              onChange={(event) => onChange({ ...texts, [locale]: event.target.value })}
            />
          ) : (
            <Input
              dir={locale === 'ar' ? 'rtl' : 'ltr'}
              lang={locale}
              value={texts[locale]}
              onChange={(event) => onChange({ ...texts, [locale]: event.target.value })}
            />
          )}
        </label>
      ))}
    </Flex>
  );
}

/** The editor of one field. */
function FieldEditor({
  draft,
  taken,
  saving,
  problem,
  onChange,
  onSave,
  onCancel,
}: {
  draft: Draft;
  /** Keys of the other fields. */
  taken: readonly string[];
  saving: boolean;
  problem: string | null;
  onChange(draft: Draft): void;
  onSave(): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const choice = draft.type === 'dropdown' || draft.type === 'multiselect';
  const customersSee = draft.visibleTo === 'customers';
  const customersFill = customersSee && draft.filledBy === 'customers';
  const setLabel = (label: Texts) =>
    onChange({ ...draft, label, ...(!draft.saved && !draft.keyTyped && { key: keyFromLabel(label.en, taken) }) });
  const title = draft.saved
    ? intl.formatMessage(TEXT.editField, { label: draft.label.en })
    : intl.formatMessage(TEXT.newField);
  return (
    <form
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text strong>{title}</Typography.Text>
        <LanguageInputs
          texts={draft.label}
          name={(language) => intl.formatMessage(TEXT.label, { language })}
          onChange={setLabel}
        />
        <LanguageInputs
          texts={draft.description}
          multiline
          name={(language) => intl.formatMessage(TEXT.description, { language })}
          onChange={(description) => onChange({ ...draft, description })}
        />
        <Flex wrap gap={8}>
          <label style={{ flex: '1 1 200px', minWidth: 0 }}>
            <FormattedMessage id="admin.fields.key" defaultMessage="Key (never changes once saved)" />
            <Input
              dir="ltr"
              value={draft.key}
              disabled={draft.saved}
              onChange={(event) => onChange({ ...draft, key: event.target.value, keyTyped: true })}
            />
          </label>
          <label style={{ flex: '1 1 200px', minWidth: 0 }}>
            <FormattedMessage id="admin.fields.typeLabel" defaultMessage="Type (never changes once saved)" />
            <Select
              style={{ display: 'block' }}
              value={draft.type}
              disabled={draft.saved}
              options={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: intl.formatMessage(TYPE_NAMES[type]) }))}
              onChange={(type: CustomFieldType) => onChange({ ...draft, type })}
            />
          </label>
        </Flex>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 'inherit', marginBottom: 4 }}>
            <FormattedMessage id="admin.fields.whoSees" defaultMessage="Who sees it" />
          </legend>
          <Radio.Group
            value={draft.visibleTo}
            onChange={(event) => onChange({ ...draft, visibleTo: event.target.value as Draft['visibleTo'] })}
          >
            <Radio value="agents">
              <FormattedMessage id="admin.fields.agentsOnly" defaultMessage="Agents only" />
            </Radio>
            <Radio value="customers">
              <FormattedMessage id="admin.fields.customersToo" defaultMessage="Customers too, on their request" />
            </Radio>
          </Radio.Group>
        </fieldset>
        <Flex wrap gap={16}>
          <Checkbox
            checked={customersFill}
            disabled={!customersSee}
            onChange={(event) => onChange({ ...draft, filledBy: event.target.checked ? 'customers' : 'agents' })}
          >
            <FormattedMessage id="admin.fields.customersFill" defaultMessage="Customers fill it on the request form" />
          </Checkbox>
          <Checkbox
            checked={customersFill && draft.requiredOnSubmit}
            disabled={!customersFill}
            onChange={(event) => onChange({ ...draft, requiredOnSubmit: event.target.checked })}
          >
            <FormattedMessage id="admin.fields.requiredOnSubmit" defaultMessage="Required to submit a request" />
          </Checkbox>
          <Checkbox
            checked={draft.requiredToSolve}
            onChange={(event) => onChange({ ...draft, requiredToSolve: event.target.checked })}
          >
            <FormattedMessage id="admin.fields.requiredToSolve" defaultMessage="Required to solve a ticket" />
          </Checkbox>
          {(draft.type === 'number' || draft.type === 'date') && (
            <Checkbox
              checked={draft.sortable && customersSee}
              disabled={!customersSee}
              onChange={(event) => onChange({ ...draft, sortable: event.target.checked })}
            >
              <FormattedMessage
                id="admin.fields.sortable"
                defaultMessage="The queue can be sorted by it (at most two fields; customers must see it)"
              />
            </Checkbox>
          )}
        </Flex>
        {draft.type === 'number' && (
          <Flex wrap gap={8} align="end">
            <Checkbox
              checked={draft.integer}
              onChange={(event) => onChange({ ...draft, integer: event.target.checked })}
            >
              <FormattedMessage id="admin.fields.integer" defaultMessage="Whole numbers only" />
            </Checkbox>
            <label style={{ flex: '1 1 140px' }}>
              <FormattedMessage id="admin.fields.min" defaultMessage="Smallest value (optional)" />
              <Input
                inputMode="decimal"
                value={draft.min}
                onChange={(event) => onChange({ ...draft, min: event.target.value })}
              />
            </label>
            <label style={{ flex: '1 1 140px' }}>
              <FormattedMessage id="admin.fields.max" defaultMessage="Largest value (optional)" />
              <Input
                inputMode="decimal"
                value={draft.max}
                onChange={(event) => onChange({ ...draft, max: event.target.value })}
              />
            </label>
          </Flex>
        )}
        {choice && (
          <Space direction="vertical" size={8} style={{ width: '100%' }}>
            <Typography.Text strong>
              <FormattedMessage id="admin.fields.options" defaultMessage="Options" />
            </Typography.Text>
            {draft.options.map((option, index) => {
              const setOption = (next: OptionDraft) =>
                onChange({ ...draft, options: draft.options.map((each, i) => (i === index ? next : each)) });
              const others = draft.options.filter((_, i) => i !== index).map((each) => each.id);
              return (
                <Flex key={index} vertical gap={4}>
                  <LanguageInputs
                    texts={option.label}
                    name={(language) => intl.formatMessage(TEXT.optionLabel, { n: index + 1, language })}
                    onChange={(label) =>
                      setOption({ ...option, label, ...(!option.saved && { id: keyFromLabel(label.en, others) }) })
                    }
                  />
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text type="secondary" code>
                      {option.id}
                    </Typography.Text>
                    {option.saved ? (
                      <Checkbox
                        checked={option.archived}
                        onChange={(event) => setOption({ ...option, archived: event.target.checked })}
                      >
                        <FormattedMessage
                          id="admin.fields.optionArchived"
                          defaultMessage="Archived (tickets keep it; it cannot be chosen)"
                        />
                      </Checkbox>
                    ) : (
                      <Button
                        size="small"
                        onClick={() => onChange({ ...draft, options: draft.options.filter((_, i) => i !== index) })}
                      >
                        <FormattedMessage id="admin.fields.removeOption" defaultMessage="Remove" />
                      </Button>
                    )}
                  </Flex>
                </Flex>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              onClick={() =>
                onChange({
                  ...draft,
                  options: [
                    ...draft.options,
                    {
                      id: keyFromLabel(
                        `option ${draft.options.length + 1}`,
                        draft.options.map((each) => each.id),
                      ),
                      saved: false,
                      label: NO_TEXT,
                      archived: false,
                    },
                  ],
                })
              }
            >
              <FormattedMessage id="admin.fields.addOption" defaultMessage="Add option" />
            </Button>
          </Space>
        )}
        {problem && <Alert type="error" showIcon role="alert" message={problem} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            <FormattedMessage id="admin.fields.save" defaultMessage="Save field" />
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            <FormattedMessage id="admin.fields.cancel" defaultMessage="Cancel" />
          </Button>
        </Space>
      </Space>
    </form>
  );
}

/** The tags that say what a field is. */
function FieldFacts({ field }: { field: CustomFieldDefinition }) {
  const facts: ReactNode[] = [
    <Tag key="type">
      <FormattedMessage {...TYPE_NAMES[field.type]} />
    </Tag>,
    <Tag key="sees" color={field.visibleTo === 'customers' ? 'blue' : undefined}>
      {field.visibleTo === 'customers' ? (
        field.filledBy === 'customers' ? (
          <FormattedMessage id="admin.fields.factCustomersFill" defaultMessage="Customers fill it" />
        ) : (
          <FormattedMessage id="admin.fields.factCustomersSee" defaultMessage="Customers see it" />
        )
      ) : (
        <FormattedMessage id="admin.fields.factAgentsOnly" defaultMessage="Agents only" />
      )}
    </Tag>,
  ];
  if (field.requiredOnSubmit) {
    facts.push(
      <Tag key="submit">
        <FormattedMessage id="admin.fields.factRequiredOnSubmit" defaultMessage="Required to submit" />
      </Tag>,
    );
  }
  if (field.requiredToSolve) {
    facts.push(
      <Tag key="solve">
        <FormattedMessage id="admin.fields.factRequiredToSolve" defaultMessage="Required to solve" />
      </Tag>,
    );
  }
  if (field.sortSlot !== undefined) {
    facts.push(
      <Tag key="sort">
        <FormattedMessage id="admin.fields.factSortable" defaultMessage="Sorts the queue" />
      </Tag>,
    );
  }
  if (field.archived) {
    facts.push(
      <Tag key="archived">
        <FormattedMessage id="admin.fields.factArchived" defaultMessage="Archived" />
      </Tag>,
    );
  }
  return (
    <Flex wrap gap={4}>
      {facts}
    </Flex>
  );
}

/** The ticket fields screen. */
export default function CustomFieldsScreen() {
  const { data } = useWatchFieldsQuery();
  const [save, { isLoading: saving }] = useSaveFieldsMutation();
  const { token } = theme.useToken();
  const intl = useIntl();
  const locale: Locale = isLocale(intl.locale) ? intl.locale : 'en';
  const friendly = useFriendlyMessage();
  const runWithFeedback = useMutationFeedback();
  /** The field being edited: its index in the list, or `null` for a new one. */
  const [editing, setEditing] = useState<{ index: number | null; draft: Draft } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fields = data?.value ?? [];
  const refusal = (sentence: string) => friendly({ code: 'invalid-argument', message: sentence });

  const store = async (next: CustomFieldDefinition[], done: string): Promise<boolean> =>
    (await runWithFeedback(save(next), done)).ok;

  const saveDraft = async () => {
    if (!editing) return;
    const { draft } = editing;
    const limits = [draft.min, draft.max].find((text) => text.trim() !== '' && Number.isNaN(Number(text.trim())));
    if (draft.type === 'number' && limits !== undefined) {
      setProblem(intl.formatMessage(TEXT.notANumber, { text: limits.trim() }));
      return;
    }
    const field = definitionOf(
      draft,
      fields.filter((_, i) => i !== editing.index),
    );
    const next =
      editing.index === null ? [...fields, field] : fields.map((each, i) => (i === editing.index ? field : each));
    // The domain's checks first, so a refusal shows beside the form without a round trip.
    const checked = customFieldDefinitionSchema.safeParse(field);
    const whole = customFieldDefinitionsSchema.safeParse(next);
    const sentence = !checked.success
      ? checked.error.issues[0]?.message
      : !whole.success
        ? whole.error.issues[0]?.message
        : (definitionsChangeProblem(fields, next) ?? undefined);
    if (sentence !== undefined) {
      setProblem(refusal(sentence));
      return;
    }
    setProblem(null);
    const outcome = await runWithFeedback(
      save(next),
      intl.formatMessage(TEXT.saved, { label: localized(field.label, locale) }),
    );
    if (outcome.ok) setEditing(null);
    else setProblem(friendly(outcome.error));
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [field] = next.splice(index, 1);
    if (!field) return;
    next.splice(index + by, 0, field);
    void store(next, intl.formatMessage(TEXT.moved, { label: localized(field.label, locale) }));
  };

  const setArchived = (index: number, archived: boolean) => {
    const field = fields[index];
    if (!field) return;
    const label = localized(field.label, locale);
    void store(
      // An archived field gives its sort slot up (only active fields sort the queue).
      fields.map((each, i) => {
        if (i !== index) return each;
        const { sortSlot: _slot, ...rest } = each;
        return archived ? { ...rest, archived } : { ...each, archived };
      }),
      intl.formatMessage(archived ? TEXT.archived : TEXT.restored, { label }),
    );
  };

  const editorFor = (index: number | null, draft: Draft) => (
    <FieldEditor
      draft={draft}
      taken={fields.filter((_, i) => i !== index).map((field) => field.key)}
      saving={saving}
      problem={problem}
      onChange={(next) => setEditing({ index, draft: next })}
      onSave={() => void saveDraft()}
      onCancel={() => {
        setEditing(null);
        setProblem(null);
      }}
    />
  );

  return (
    <PageCard
      title={<FormattedMessage id="admin.fields.title" defaultMessage="Ticket fields" />}
      action={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={editing !== null || !data?.value}
          onClick={() => setEditing({ index: null, draft: NEW_DRAFT })}
        >
          <FormattedMessage {...TEXT.newField} />
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="admin.fields.intro"
          defaultMessage="What your team records on each ticket, in this order. A field is archived, never deleted: tickets keep its values. Its key and type never change once saved."
        />
      </Typography.Paragraph>
      {data?.error && <LiveError error={data.error} what={intl.formatMessage(TEXT.loadWhat)} />}
      {editing && editing.index === null && <div style={{ marginBottom: 16 }}>{editorFor(null, editing.draft)}</div>}
      {data?.value && fields.length === 0 && !editing && (
        <Typography.Paragraph>
          <FormattedMessage id="admin.fields.empty" defaultMessage="No ticket fields yet." />
        </Typography.Paragraph>
      )}
      <ul aria-label={intl.formatMessage(TEXT.list)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {fields.map((field, index) => {
          const label = localized(field.label, locale);
          return (
            <li
              key={field.key}
              data-field-key={field.key}
              style={{ padding: '12px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}
            >
              {editing?.index === index ? (
                editorFor(index, editing.draft)
              ) : (
                <Flex gap={12} align="flex-start" wrap justify="space-between">
                  <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Typography.Text strong dir="auto" delete={field.archived}>
                      {label}
                    </Typography.Text>
                    <Typography.Text type="secondary" code>
                      {field.key}
                    </Typography.Text>
                    <FieldFacts field={field} />
                  </Flex>
                  <Space wrap>
                    <Button
                      icon={<ArrowUpOutlined />}
                      disabled={editing !== null || index === 0}
                      aria-label={intl.formatMessage(TEXT.moveUp, { label })}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      icon={<ArrowDownOutlined />}
                      disabled={editing !== null || index === fields.length - 1}
                      aria-label={intl.formatMessage(TEXT.moveDown, { label })}
                      onClick={() => move(index, 1)}
                    />
                    <Button
                      disabled={editing !== null}
                      aria-label={intl.formatMessage(TEXT.editField, { label })}
                      onClick={() => {
                        setProblem(null);
                        setEditing({ index, draft: draftOf(field) });
                      }}
                    >
                      <FormattedMessage id="admin.fields.edit" defaultMessage="Edit" />
                    </Button>
                    <Button
                      disabled={editing !== null}
                      aria-label={intl.formatMessage(field.archived ? TEXT.restoreLabel : TEXT.archiveLabel, { label })}
                      onClick={() => setArchived(index, !field.archived)}
                    >
                      {field.archived ? (
                        <FormattedMessage id="admin.fields.restore" defaultMessage="Restore" />
                      ) : (
                        <FormattedMessage id="admin.fields.archive" defaultMessage="Archive" />
                      )}
                    </Button>
                  </Space>
                </Flex>
              )}
            </li>
          );
        })}
      </ul>
    </PageCard>
  );
}
