/**
 * What a trigger does (DESIGN §10 "Triggers"): a macro's actions without the public reply and
 * "assign to me" — a trigger acts for the desk — laid out as the macros' editor lays them out:
 * status event, priority, category, assignee (a named agent, nobody, or round-robin over a set of
 * agents under a cap of unsolved tickets each), tags added and removed, custom field values, an
 * internal note, and emails (`trigger-emails.tsx`). A value it still sets on a field archived since
 * is said, with a button that takes it out (a run would refuse the whole trigger).
 */
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { draftOf } from '@/components/custom-field-control';
import { FieldValueRows } from '@/components/field-value-rows';
import { NativeSelect } from '@/components/native-select';
import { localized, MAX_FIELD_CHANGES, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import { MACRO_STATUS_EVENTS } from '@/domain/macros';
import { PRIORITIES, type UserProfile } from '@/domain/types';
import { useLabels } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';
import { MAX_ROUND_ROBIN_CAP } from '@/domain/round-robin';
import { NO_CATEGORY, ROUND_ROBIN, UNASSIGN, type TriggerDraft } from '@/features/admin/automations/trigger-draft';
import { TriggerEmailsEditor } from '@/features/admin/automations/components/trigger-emails';

const TEXT = defineMessages({
  actions: { id: 'automations.actions.legend', defaultMessage: 'Then do this' },
  status: { id: 'automations.actions.status', defaultMessage: 'Status' },
  priority: { id: 'automations.actions.priority', defaultMessage: 'Priority' },
  category: { id: 'automations.actions.category', defaultMessage: 'Category' },
  assignee: { id: 'automations.actions.assignee', defaultMessage: 'Assignee' },
  leave: { id: 'automations.actions.leave', defaultMessage: 'Leave as it is' },
  noCategory: { id: 'automations.actions.noCategory', defaultMessage: 'Remove the category' },
  unassign: { id: 'automations.actions.unassign', defaultMessage: 'Nobody (unassign)' },
  roundRobin: { id: 'automations.actions.roundRobin', defaultMessage: 'Round-robin among agents…' },
  roundRobinAgents: {
    id: 'automations.actions.roundRobinAgents',
    defaultMessage: 'Round-robin: the next available agent of these gets the ticket',
  },
  roundRobinCap: {
    id: 'automations.actions.roundRobinCap',
    defaultMessage: 'Skip an agent who already holds this many unsolved tickets (1–{max})',
  },
  formerStaff: { id: 'automations.actions.formerStaff', defaultMessage: 'No longer staff ({uid})' },
  addTags: { id: 'automations.actions.addTags', defaultMessage: 'Add tags' },
  removeTags: { id: 'automations.actions.removeTags', defaultMessage: 'Remove tags' },
  fields: { id: 'automations.actions.fields', defaultMessage: 'Custom fields' },
  addField: { id: 'automations.actions.addField', defaultMessage: 'Set a field…' },
  addFieldLabel: { id: 'automations.actions.addFieldLabel', defaultMessage: 'Set a field' },
  removeField: { id: 'automations.actions.removeField', defaultMessage: 'Stop setting {field}' },
  note: { id: 'automations.actions.note', defaultMessage: 'Internal note (optional)' },
  archivedField: {
    id: 'automations.actions.archivedField',
    defaultMessage:
      '“{field}” has been archived: it takes no new value, so this trigger is refused whenever it runs. Stop setting it.',
  },
});

/** A labelled control: full width on a phone, half a row from about 560 px. */
function Labelled({
  id,
  label,
  children,
  wide = false,
}: {
  id: string;
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div style={wide ? { width: '100%' } : { flex: '1 1 220px', minWidth: 0 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** What {@link TriggerActionsEditor} takes. */
export interface TriggerActionsEditorProps {
  idBase: string;
  draft: TriggerDraft;
  onChange(change: Partial<TriggerDraft>): void;
  categories: readonly string[];
  staff: readonly Pick<UserProfile, 'uid' | 'displayName' | 'deactivated'>[];
  /** The desk's active field definitions (what an action may set). */
  fields: readonly CustomFieldDefinition[];
  /** The desk's archived field definitions: an action that still sets one is shown, to be taken out. */
  archived?: readonly CustomFieldDefinition[];
}

/** The actions of a trigger (see the file's comment). */
export function TriggerActionsEditor({
  idBase,
  draft,
  onChange,
  categories,
  staff,
  fields,
  archived = [],
}: TriggerActionsEditorProps) {
  const intl = useIntl();
  const labels = useLabels();
  const personName = usePersonName();
  const { token } = theme.useToken();
  const locale = intl.locale as Locale;
  const leave = { value: '', label: intl.formatMessage(TEXT.leave) };
  const unused = fields.filter((field) => !draft.fields.some((row) => row.key === field.key));
  // Values the trigger sets on fields archived since: not drawn as controls, said and removable here.
  const stale = archived.filter((field) => draft.fields.some((row) => row.key === field.key));
  const tags = (key: 'addTags' | 'removeTags', label: string) => (
    <Labelled id={`${idBase}-${key}`} label={label}>
      <Select
        id={`${idBase}-${key}`}
        mode="tags"
        style={{ width: '100%' }}
        value={draft[key]}
        tokenSeparators={[',', ' ']}
        onChange={(next: string[]) => onChange({ [key]: next.map((tag) => tag.trim().toLowerCase()) })}
        open={false}
        suffixIcon={null}
      />
    </Labelled>
  );

  return (
    <fieldset
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 12,
        margin: 0,
        minWidth: 0,
      }}
    >
      <legend style={{ paddingInline: 4, width: 'auto', marginBottom: 0, fontSize: 'inherit', border: 0 }}>
        <Typography.Text strong>{intl.formatMessage(TEXT.actions)}</Typography.Text>
      </legend>
      <Flex vertical gap={12}>
        <Flex wrap gap={12}>
          <Labelled id={`${idBase}-status`} label={intl.formatMessage(TEXT.status)}>
            <NativeSelect
              id={`${idBase}-status`}
              value={draft.status}
              onChange={(status) => onChange({ status })}
              options={[
                leave,
                ...MACRO_STATUS_EVENTS.map((event) => ({ value: event, label: labels.move(event, true) })),
              ]}
            />
          </Labelled>
          <Labelled id={`${idBase}-priority`} label={intl.formatMessage(TEXT.priority)}>
            <NativeSelect
              id={`${idBase}-priority`}
              value={draft.priority}
              onChange={(priority) => onChange({ priority })}
              options={[
                leave,
                ...PRIORITIES.map((priority) => ({ value: priority, label: labels.priority(priority) })),
              ]}
            />
          </Labelled>
        </Flex>
        <Flex wrap gap={12}>
          <Labelled id={`${idBase}-category`} label={intl.formatMessage(TEXT.category)}>
            <NativeSelect
              id={`${idBase}-category`}
              value={draft.category}
              onChange={(category) => onChange({ category })}
              options={[
                leave,
                { value: NO_CATEGORY, label: intl.formatMessage(TEXT.noCategory) },
                ...[
                  ...new Set([
                    ...categories,
                    ...(draft.category && draft.category !== NO_CATEGORY ? [draft.category] : []),
                  ]),
                ].map((category) => ({ value: category, label: category })),
              ]}
            />
          </Labelled>
          <Labelled id={`${idBase}-assignee`} label={intl.formatMessage(TEXT.assignee)}>
            <NativeSelect
              id={`${idBase}-assignee`}
              value={draft.assignee}
              onChange={(assignee) => onChange({ assignee })}
              options={[
                leave,
                { value: UNASSIGN, label: intl.formatMessage(TEXT.unassign) },
                { value: ROUND_ROBIN, label: intl.formatMessage(TEXT.roundRobin) },
                // A deactivated colleague cannot be given tickets (DESIGN §1): offered only while chosen.
                ...staff
                  .filter((person) => !person.deactivated || person.uid === draft.assignee)
                  .map((person) => ({ value: person.uid, label: personName(person) })),
              ]}
            />
          </Labelled>
        </Flex>
        {draft.assignee === ROUND_ROBIN && (
          <Flex wrap gap={12}>
            <fieldset style={{ flex: '1 1 220px', minWidth: 0, border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 'inherit', border: 0, marginBottom: 4 }}>
                {intl.formatMessage(TEXT.roundRobinAgents)}
              </legend>
              <Checkbox.Group
                value={draft.roundRobinAgents}
                onChange={(checked) =>
                  // The rota's order is the order they were chosen in: keep it, add at the end.
                  onChange({
                    roundRobinAgents: [
                      ...draft.roundRobinAgents.filter((uid) => checked.includes(uid)),
                      ...checked.filter((uid) => !draft.roundRobinAgents.includes(uid)),
                    ],
                  })
                }
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                options={[
                  ...staff
                    .filter((person) => !person.deactivated || draft.roundRobinAgents.includes(person.uid))
                    .map((person) => ({ value: person.uid, label: personName(person) })),
                  // Someone the set names who is no longer staff: the rota skips them; shown so
                  // the admin can take them out.
                  ...draft.roundRobinAgents
                    .filter((uid) => !staff.some((person) => person.uid === uid))
                    .map((uid) => ({ value: uid, label: intl.formatMessage(TEXT.formerStaff, { uid }) })),
                ]}
              />
            </fieldset>
            <Labelled id={`${idBase}-cap`} label={intl.formatMessage(TEXT.roundRobinCap, { max: MAX_ROUND_ROBIN_CAP })}>
              <Input
                id={`${idBase}-cap`}
                inputMode="numeric"
                value={draft.roundRobinCap}
                onChange={(event) => onChange({ roundRobinCap: event.target.value })}
              />
            </Labelled>
          </Flex>
        )}
        <Flex wrap gap={12}>
          {tags('addTags', intl.formatMessage(TEXT.addTags))}
          {tags('removeTags', intl.formatMessage(TEXT.removeTags))}
        </Flex>
        {stale.map((field) => {
          const label = localized(field.label, locale);
          return (
            <Alert
              key={field.key}
              type="warning"
              showIcon
              message={intl.formatMessage(TEXT.archivedField, { field: label })}
              action={
                <Button
                  size="small"
                  onClick={() => onChange({ fields: draft.fields.filter((row) => row.key !== field.key) })}
                >
                  {intl.formatMessage(TEXT.removeField, { field: label })}
                </Button>
              }
            />
          );
        })}
        {fields.length > 0 && (
          <div>
            <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
              {intl.formatMessage(TEXT.fields)}
            </Typography.Text>
            <Flex vertical gap={8}>
              <FieldValueRows
                idBase={idBase}
                rows={draft.fields}
                fields={fields}
                locale={locale}
                onChange={(rows) => onChange({ fields: rows })}
                removeLabel={(field) => intl.formatMessage(TEXT.removeField, { field })}
              />
              {unused.length > 0 && draft.fields.length < MAX_FIELD_CHANGES && (
                <div style={{ width: 'min(100%, 260px)' }}>
                  <NativeSelect
                    aria-label={intl.formatMessage(TEXT.addFieldLabel)}
                    value=""
                    onChange={(key) => {
                      const field = fields.find((candidate) => candidate.key === key);
                      if (field) onChange({ fields: [...draft.fields, { key, draft: draftOf(field, undefined) }] });
                    }}
                    options={[
                      { value: '', label: intl.formatMessage(TEXT.addField) },
                      ...unused.map((field) => ({ value: field.key, label: localized(field.label, locale) })),
                    ]}
                  />
                </div>
              )}
            </Flex>
          </div>
        )}
        <Labelled id={`${idBase}-note`} label={intl.formatMessage(TEXT.note)} wide>
          <Input.TextArea
            id={`${idBase}-note`}
            dir="auto"
            value={draft.note}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(event) => onChange({ note: event.target.value })}
            style={{ background: token.colorWarningBg }}
          />
        </Labelled>
        <TriggerEmailsEditor idBase={idBase} emails={draft.emails} onChange={(emails) => onChange({ emails })} />
      </Flex>
    </fieldset>
  );
}
