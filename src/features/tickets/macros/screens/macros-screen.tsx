/**
 * Macros (`/macros`, DESIGN §3 "Macros"): a public reply and the actions an agent takes with it —
 * status, priority, category, assignee, tags added and removed, custom field values, an internal
 * note. Shared macros are the admins' to write and every agent's to apply; each agent keeps
 * personal ones. A macro that only replies is what a canned reply was (the desk's canned replies
 * became such macros). The form keeps what was typed when a save is refused, and says why.
 */
import { useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { PageCard } from '@/components/page-card';
import { LiveError } from '@/components/live-error';
import { changeOf, draftOf, type FieldDraft } from '@/components/custom-field-control';
import { FieldValueRows } from '@/components/field-value-rows';
import { PLACEHOLDERS } from '@/domain/placeholders';
import { localized, MAX_FIELD_CHANGES, valueProblem, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import {
  isTextOnly,
  MACRO_STATUS_EVENTS,
  macroSchema,
  type Macro,
  type MacroActions,
  type MacroInput,
} from '@/domain/macros';
import { firstIssueMessage } from '@/domain/schemas';
import { PRIORITIES, type Priority } from '@/domain/types';
import { isStaff } from '@/domain/roles';
import { useDeleteMacroMutation, useSaveMacroMutation, useWatchMacrosQuery } from '@/features/tickets/api/macros-api';
import { useMacroSummary } from '@/features/tickets/macros/components/macro-summary';
import { useCurrentUser } from '@/lib/session/current-user';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useWatchStaffQuery } from '@/lib/store/people-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';
import { newClientId } from '@/lib/ids';

/** A macro as the form edits it: every action as a control's value (`''` leaves it alone). */
interface Draft {
  /** The macro being edited, or `null` for a new one. */
  id: string | null;
  ownerId: string | null;
  title: string;
  body: string;
  status: string;
  priority: string;
  /** `''` leaves the category; {@link NO_CATEGORY} removes it. */
  category: string;
  /** `''`, `me`, `unassign`, or an agent's uid. */
  assignee: string;
  addTags: string[];
  removeTags: string[];
  fields: { key: string; draft: FieldDraft }[];
  note: string;
}

const NO_CATEGORY = '\u0000none';

const TEXT = defineMessages({
  title: { id: 'macros.screen.title', defaultMessage: 'Macros' },
  intro: {
    id: 'macros.screen.intro',
    defaultMessage:
      'A macro is a reply and the changes an agent makes with it, applied in one step from a ticket’s composer or to many tickets from the queue — always with a preview first. Shared macros are written by admins; personal ones are yours alone.',
  },
  newMacro: { id: 'macros.screen.new', defaultMessage: 'New macro' },
  sharedHeading: { id: 'macros.screen.sharedHeading', defaultMessage: 'Shared macros' },
  personalHeading: { id: 'macros.screen.personalHeading', defaultMessage: 'Your personal macros' },
  noneShared: { id: 'macros.screen.noneShared', defaultMessage: 'No shared macros yet.' },
  nonePersonal: { id: 'macros.screen.nonePersonal', defaultMessage: 'No personal macros yet.' },
  edit: { id: 'macros.screen.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'macros.screen.editLabel', defaultMessage: 'Edit {title}' },
  delete: { id: 'macros.screen.delete', defaultMessage: 'Delete' },
  deleteLabel: { id: 'macros.screen.deleteLabel', defaultMessage: 'Delete {title}' },
  deleteConfirm: { id: 'macros.screen.deleteConfirm', defaultMessage: 'Delete “{title}”?' },
  saved: { id: 'macros.screen.saved', defaultMessage: 'Saved “{title}”.' },
  deleted: { id: 'macros.screen.deleted', defaultMessage: 'Deleted “{title}”.' },
  loadWhat: { id: 'macros.screen.loadWhat', defaultMessage: 'the macros' },
  onlyReply: { id: 'macros.screen.onlyReply', defaultMessage: 'Reply only: inserted into the composer' },
});

const EDITOR = defineMessages({
  newLabel: { id: 'macros.editor.newLabel', defaultMessage: 'New macro' },
  editLabel: { id: 'macros.editor.editLabel', defaultMessage: 'Edit macro' },
  title: { id: 'macros.editor.title', defaultMessage: 'Title' },
  kind: { id: 'macros.editor.kind', defaultMessage: 'Who can use it' },
  sharedHelp: { id: 'macros.editor.sharedHelp', defaultMessage: 'Shared: every agent' },
  personalHelp: { id: 'macros.editor.personalHelp', defaultMessage: 'Personal: only you' },
  reply: { id: 'macros.editor.reply', defaultMessage: 'Public reply (optional)' },
  placeholders: { id: 'macros.editor.placeholders', defaultMessage: 'Placeholders: {tokens}' },
  actions: { id: 'macros.editor.actions', defaultMessage: 'Actions' },
  status: { id: 'macros.editor.status', defaultMessage: 'Status' },
  priority: { id: 'macros.editor.priority', defaultMessage: 'Priority' },
  category: { id: 'macros.editor.category', defaultMessage: 'Category' },
  assignee: { id: 'macros.editor.assignee', defaultMessage: 'Assignee' },
  leave: { id: 'macros.editor.leave', defaultMessage: 'Leave as it is' },
  noCategory: { id: 'macros.editor.noCategory', defaultMessage: 'Remove the category' },
  me: { id: 'macros.editor.me', defaultMessage: 'The agent applying it' },
  unassign: { id: 'macros.editor.unassign', defaultMessage: 'Nobody (unassign)' },
  addTags: { id: 'macros.editor.addTags', defaultMessage: 'Add tags' },
  removeTags: { id: 'macros.editor.removeTags', defaultMessage: 'Remove tags' },
  fields: { id: 'macros.editor.fields', defaultMessage: 'Custom fields' },
  addField: { id: 'macros.editor.addField', defaultMessage: 'Set a field' },
  removeField: { id: 'macros.editor.removeField', defaultMessage: 'Stop setting {field}' },
  note: { id: 'macros.editor.note', defaultMessage: 'Internal note (optional)' },
  save: { id: 'macros.editor.save', defaultMessage: 'Save' },
  cancel: { id: 'macros.editor.cancel', defaultMessage: 'Cancel' },
});

/** What each placeholder stands for (the words of `PLACEHOLDERS`), shown as its tooltip. */
const PLACEHOLDER_MEANINGS: Record<string, MessageDescriptor | undefined> = defineMessages({
  '{{requester.name}}': { id: 'macros.placeholder.requesterName', defaultMessage: 'the requester’s name' },
  '{{requester.firstName}}': {
    id: 'macros.placeholder.requesterFirstName',
    defaultMessage: 'the requester’s first name',
  },
  '{{ticket.number}}': { id: 'macros.placeholder.ticketNumber', defaultMessage: 'the ticket number' },
  '{{ticket.subject}}': { id: 'macros.placeholder.ticketSubject', defaultMessage: 'the ticket subject' },
  '{{agent.name}}': { id: 'macros.placeholder.agentName', defaultMessage: 'your name' },
  '{{agent.firstName}}': { id: 'macros.placeholder.agentFirstName', defaultMessage: 'your first name' },
});

const SET_TO = defineMessage({ id: 'macros.editor.setTo', defaultMessage: 'Value of {field}' });

/** A stored macro as the form's draft. */
function draftFrom(macro: Macro, fields: readonly CustomFieldDefinition[]): Draft {
  const { actions } = macro;
  const assignee = actions.assignee;
  return {
    id: macro.id,
    ownerId: macro.ownerId,
    title: macro.title,
    body: macro.body,
    status: actions.status ?? '',
    priority: actions.priority ?? '',
    category: actions.category === undefined ? '' : actions.category || NO_CATEGORY,
    assignee: !assignee ? '' : assignee.kind === 'agent' ? assignee.uid : assignee.kind,
    addTags: actions.addTags ?? [],
    removeTags: actions.removeTags ?? [],
    fields: Object.entries(actions.fields ?? {}).flatMap(([key, value]) => {
      const field = fields.find((candidate) => candidate.key === key);
      return field ? [{ key, draft: draftOf(field, value ?? undefined) }] : [];
    }),
    note: actions.note ?? '',
  };
}

/**
 * The macro a draft saves, or the first problem with it (a sentence; the field values' through
 * `valueProblem`, the rest through `macroSchema`).
 */
function macroOf(draft: Draft, fields: readonly CustomFieldDefinition[]): MacroInput | { problem: string } {
  const actions: MacroActions = {};
  if (draft.status) actions.status = draft.status as MacroActions['status'];
  if (draft.priority) actions.priority = draft.priority as Priority;
  if (draft.category) actions.category = draft.category === NO_CATEGORY ? null : draft.category;
  if (draft.assignee === 'me' || draft.assignee === 'unassign') actions.assignee = { kind: draft.assignee };
  else if (draft.assignee) actions.assignee = { kind: 'agent', uid: draft.assignee };
  if (draft.addTags.length > 0) actions.addTags = draft.addTags;
  if (draft.removeTags.length > 0) actions.removeTags = draft.removeTags;
  if (draft.fields.length > 0) {
    actions.fields = {};
    for (const { key, draft: value } of draft.fields) {
      const field = fields.find((candidate) => candidate.key === key);
      if (!field) continue;
      const change = changeOf(field, value);
      const problem = change === null ? null : valueProblem(field, change);
      if (problem) return { problem };
      actions.fields[key] = change;
    }
  }
  if (draft.note.trim()) actions.note = draft.note;
  const input = {
    id: draft.id ?? newClientId(),
    title: draft.title,
    body: draft.body,
    actions,
    ownerId: draft.ownerId,
  };
  const parsed = macroSchema.safeParse(input);
  return parsed.success ? (parsed.data as MacroInput) : { problem: firstIssueMessage(parsed.error) };
}

/**
 * A labelled control of the editor: in a row (`inRow`), full width on a phone and half a row from
 * 640 px; else the whole width.
 */
function Labelled({
  id,
  label,
  children,
  inRow = true,
}: {
  id: string;
  label: string;
  children: ReactNode;
  inRow?: boolean;
}) {
  return (
    <div style={inRow ? { flex: '1 1 260px', minWidth: 0 } : { width: '100%' }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The editor of one macro. */
function MacroEditor({
  draft,
  saving,
  admin,
  uid,
  onChange,
  onSave,
  onCancel,
}: {
  draft: Draft;
  saving: boolean;
  admin: boolean;
  /** The signed-in agent's uid: the owner of a personal macro. */
  uid: string;
  onChange(draft: Draft): void;
  onSave(macro: MacroInput): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const labels = useLabels();
  const personName = usePersonName();
  const friendlyMessage = useFriendlyMessage();
  const locale = intl.locale as Locale;
  const { token } = theme.useToken();
  const categories = useWatchDeskSettingsQuery().data?.value?.categories ?? [];
  const staff = (useWatchStaffQuery().data?.value ?? []).filter((person) => isStaff(person.role));
  const fields = (useWatchFieldsQuery().data?.value ?? []).filter((field) => !field.archived);
  const [problem, setProblem] = useState<string | null>(null);
  const base = `macro-${draft.id ?? 'new'}`;
  const leave = { value: '', label: intl.formatMessage(EDITOR.leave) };
  const unused = fields.filter((field) => !draft.fields.some((row) => row.key === field.key));
  const set = (change: Partial<Draft>) => onChange({ ...draft, ...change });

  return (
    <form
      aria-label={intl.formatMessage(draft.id ? EDITOR.editLabel : EDITOR.newLabel)}
      onSubmit={(event) => {
        event.preventDefault();
        const result = macroOf(draft, fields);
        if ('problem' in result) {
          setProblem(friendlyMessage({ code: 'invalid-argument', message: result.problem }));
          return;
        }
        setProblem(null);
        onSave(result);
      }}
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={12}>
          <Labelled id={`${base}-title`} label={intl.formatMessage(EDITOR.title)}>
            <Input
              id={`${base}-title`}
              dir="auto"
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
            />
          </Labelled>
          {draft.id === null && admin && (
            <div style={{ flex: '1 1 260px' }}>
              <span id={`${base}-kind`} style={{ display: 'block', marginBottom: 4 }}>
                {intl.formatMessage(EDITOR.kind)}
              </span>
              <Radio.Group
                aria-labelledby={`${base}-kind`}
                value={draft.ownerId === null ? 'shared' : 'personal'}
                onChange={(event) => set({ ownerId: event.target.value === 'shared' ? null : uid })}
                options={[
                  { value: 'shared', label: intl.formatMessage(EDITOR.sharedHelp) },
                  { value: 'personal', label: intl.formatMessage(EDITOR.personalHelp) },
                ]}
              />
            </div>
          )}
        </Flex>
        <Labelled id={`${base}-body`} label={intl.formatMessage(EDITOR.reply)} inRow={false}>
          <Input.TextArea
            id={`${base}-body`}
            dir="auto"
            value={draft.body}
            autoSize={{ minRows: 3, maxRows: 10 }}
            onChange={(event) => set({ body: event.target.value })}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {intl.formatMessage(EDITOR.placeholders, {
              tokens: PLACEHOLDERS.map(({ token: placeholder, meaning }) => {
                const translated = PLACEHOLDER_MEANINGS[placeholder];
                return (
                  <span
                    key={placeholder}
                    title={translated ? intl.formatMessage(translated) : meaning}
                    style={{ marginInlineEnd: 8, display: 'inline-block' }}
                  >
                    <Typography.Text code>{placeholder}</Typography.Text>
                  </span>
                );
              }),
            })}
          </Typography.Text>
        </Labelled>
        <fieldset
          style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, padding: 12, margin: 0 }}
        >
          <legend style={{ padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 'inherit', border: 0 }}>
            {intl.formatMessage(EDITOR.actions)}
          </legend>
          <Flex vertical gap={12}>
            <Flex wrap gap={12}>
              <Labelled id={`${base}-status`} label={intl.formatMessage(EDITOR.status)}>
                <Select
                  id={`${base}-status`}
                  style={{ width: '100%' }}
                  value={draft.status}
                  onChange={(status) => set({ status })}
                  options={[
                    leave,
                    ...MACRO_STATUS_EVENTS.map((event) => ({ value: event, label: labels.move(event, true) })),
                  ]}
                />
              </Labelled>
              <Labelled id={`${base}-priority`} label={intl.formatMessage(EDITOR.priority)}>
                <Select
                  id={`${base}-priority`}
                  style={{ width: '100%' }}
                  value={draft.priority}
                  onChange={(priority) => set({ priority })}
                  options={[
                    leave,
                    ...PRIORITIES.map((priority) => ({ value: priority, label: labels.priority(priority) })),
                  ]}
                />
              </Labelled>
            </Flex>
            <Flex wrap gap={12}>
              <Labelled id={`${base}-category`} label={intl.formatMessage(EDITOR.category)}>
                <Select
                  id={`${base}-category`}
                  style={{ width: '100%' }}
                  value={draft.category}
                  onChange={(category) => set({ category })}
                  options={[
                    leave,
                    { value: NO_CATEGORY, label: intl.formatMessage(EDITOR.noCategory) },
                    ...categories.map((category) => ({ value: category, label: category })),
                  ]}
                />
              </Labelled>
              <Labelled id={`${base}-assignee`} label={intl.formatMessage(EDITOR.assignee)}>
                <Select
                  id={`${base}-assignee`}
                  style={{ width: '100%' }}
                  value={draft.assignee}
                  onChange={(assignee) => set({ assignee })}
                  options={[
                    leave,
                    { value: 'me', label: intl.formatMessage(EDITOR.me) },
                    { value: 'unassign', label: intl.formatMessage(EDITOR.unassign) },
                    // A deactivated colleague cannot be given tickets (DESIGN §1): offered only while chosen.
                    ...staff
                      .filter((person) => !person.deactivated || person.uid === draft.assignee)
                      .map((person) => ({ value: person.uid, label: personName(person) })),
                  ]}
                />
              </Labelled>
            </Flex>
            <Flex wrap gap={12}>
              <Labelled id={`${base}-add-tags`} label={intl.formatMessage(EDITOR.addTags)}>
                <Select
                  id={`${base}-add-tags`}
                  mode="tags"
                  style={{ width: '100%' }}
                  value={draft.addTags}
                  tokenSeparators={[',', ' ']}
                  onChange={(tags: string[]) => set({ addTags: tags.map((tag) => tag.trim().toLowerCase()) })}
                  open={false}
                  suffixIcon={null}
                />
              </Labelled>
              <Labelled id={`${base}-remove-tags`} label={intl.formatMessage(EDITOR.removeTags)}>
                <Select
                  id={`${base}-remove-tags`}
                  mode="tags"
                  style={{ width: '100%' }}
                  value={draft.removeTags}
                  tokenSeparators={[',', ' ']}
                  onChange={(tags: string[]) => set({ removeTags: tags.map((tag) => tag.trim().toLowerCase()) })}
                  open={false}
                  suffixIcon={null}
                />
              </Labelled>
            </Flex>
            {fields.length > 0 && (
              <div>
                <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
                  {intl.formatMessage(EDITOR.fields)}
                </Typography.Text>
                <Flex vertical gap={8}>
                  <FieldValueRows
                    idBase={base}
                    rows={draft.fields}
                    fields={fields}
                    locale={locale}
                    onChange={(rows) => set({ fields: rows })}
                    removeLabel={(field) => intl.formatMessage(EDITOR.removeField, { field })}
                  />
                  {unused.length > 0 && draft.fields.length < MAX_FIELD_CHANGES && (
                    <Select
                      aria-label={intl.formatMessage(EDITOR.addField)}
                      placeholder={intl.formatMessage(EDITOR.addField)}
                      style={{ width: 'min(100%, 260px)' }}
                      value={null}
                      onChange={(key: string) => {
                        const field = fields.find((candidate) => candidate.key === key);
                        if (field) set({ fields: [...draft.fields, { key, draft: draftOf(field, undefined) }] });
                      }}
                      options={unused.map((field) => ({
                        value: field.key,
                        label: intl.formatMessage(SET_TO, { field: localized(field.label, locale) }),
                      }))}
                    />
                  )}
                </Flex>
              </div>
            )}
            <Labelled id={`${base}-note`} label={intl.formatMessage(EDITOR.note)} inRow={false}>
              <Input.TextArea
                id={`${base}-note`}
                dir="auto"
                value={draft.note}
                autoSize={{ minRows: 2, maxRows: 6 }}
                onChange={(event) => set({ note: event.target.value })}
                style={{ background: token.colorWarningBg }}
              />
            </Labelled>
          </Flex>
        </fieldset>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {intl.formatMessage(EDITOR.save)}
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            {intl.formatMessage(EDITOR.cancel)}
          </Button>
        </Space>
      </Flex>
    </form>
  );
}

/** The macros screen. */
export default function MacrosScreen() {
  const me = useCurrentUser();
  const { data } = useWatchMacrosQuery();
  const fields = useWatchFieldsQuery().data?.value ?? [];
  const [save, { isLoading: saving }] = useSaveMacroMutation();
  const [remove] = useDeleteMacroMutation();
  const summary = useMacroSummary();
  const runWithFeedback = useMutationFeedback();
  const { token } = theme.useToken();
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft | null>(null);
  const macros = data?.value ?? [];
  const admin = me?.role === 'admin';
  const uid = me?.uid ?? '';

  const saveMacro = async (macro: MacroInput) => {
    const outcome = await runWithFeedback(save(macro), intl.formatMessage(TEXT.saved, { title: macro.title }));
    if (outcome.ok) setDraft(null);
  };

  const editor = (current: Draft) => (
    <MacroEditor
      draft={current}
      saving={saving}
      admin={admin}
      uid={uid}
      onChange={setDraft}
      onSave={(macro) => void saveMacro(macro)}
      onCancel={() => setDraft(null)}
    />
  );

  const list = (owned: readonly Macro[], heading: MessageDescriptor, none: MessageDescriptor, mayEdit: boolean) => (
    <section aria-label={intl.formatMessage(heading)} style={{ marginTop: 16 }}>
      <Typography.Title level={2} style={{ fontSize: 16, margin: '0 0 8px' }}>
        {intl.formatMessage(heading)}
      </Typography.Title>
      {data?.value && owned.length === 0 && <Typography.Paragraph>{intl.formatMessage(none)}</Typography.Paragraph>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {owned.map((macro) => (
          <li key={macro.id} style={{ padding: '12px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            {draft?.id === macro.id ? (
              editor(draft)
            ) : (
              <Flex gap={12} align="flex-start" wrap>
                <div style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Typography.Text strong dir="auto">
                    {macro.title}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {isTextOnly(macro) ? intl.formatMessage(TEXT.onlyReply) : summary(macro)}
                  </Typography.Text>
                  {macro.body.trim() !== '' && (
                    <Typography.Paragraph
                      dir="auto"
                      type="secondary"
                      ellipsis={{ rows: 2 }}
                      style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}
                    >
                      {macro.body}
                    </Typography.Paragraph>
                  )}
                </div>
                {mayEdit && (
                  <Space>
                    <Button
                      disabled={draft !== null}
                      aria-label={intl.formatMessage(TEXT.editLabel, { title: macro.title })}
                      onClick={() => setDraft(draftFrom(macro, fields))}
                    >
                      {intl.formatMessage(TEXT.edit)}
                    </Button>
                    <Popconfirm
                      title={intl.formatMessage(TEXT.deleteConfirm, { title: macro.title })}
                      okText={intl.formatMessage(TEXT.delete)}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        runWithFeedback(remove(macro.id), intl.formatMessage(TEXT.deleted, { title: macro.title }))
                      }
                    >
                      <Button
                        danger
                        disabled={draft !== null}
                        aria-label={intl.formatMessage(TEXT.deleteLabel, { title: macro.title })}
                      >
                        {intl.formatMessage(TEXT.delete)}
                      </Button>
                    </Popconfirm>
                  </Space>
                )}
              </Flex>
            )}
          </li>
        ))}
      </ul>
    </section>
  );

  const emptyDraft = (ownerId: string | null): Draft => ({
    id: null,
    ownerId,
    title: '',
    body: '',
    status: '',
    priority: '',
    category: '',
    assignee: '',
    addTags: [],
    removeTags: [],
    fields: [],
    note: '',
  });

  return (
    <PageCard
      title={intl.formatMessage(TEXT.title)}
      action={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={draft !== null || !data?.value}
          onClick={() => setDraft(emptyDraft(admin ? null : uid))}
        >
          {intl.formatMessage(TEXT.newMacro)}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{intl.formatMessage(TEXT.intro)}</Typography.Paragraph>
      {data?.error && <LiveError error={data.error} what={intl.formatMessage(TEXT.loadWhat)} />}
      {draft && draft.id === null && <div style={{ marginBottom: 16 }}>{editor(draft)}</div>}
      {list(
        macros.filter((macro) => macro.ownerId === null),
        TEXT.sharedHeading,
        TEXT.noneShared,
        admin,
      )}
      {list(
        macros.filter((macro) => macro.ownerId !== null),
        TEXT.personalHeading,
        TEXT.nonePersonal,
        true,
      )}
    </PageCard>
  );
}
