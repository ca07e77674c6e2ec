/**
 * The custom fields of the request form (DESIGN §3 "Custom fields"): the active fields customers
 * fill, in the admin's order, checked as the rest of the form — a message under each field, from
 * the same domain checks the backends make, and nothing typed lost.
 */
import { defineMessages, useIntl } from 'react-intl';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import {
  localized,
  missingOnSubmit,
  valueProblem,
  type CustomFieldDefinition,
  type CustomFieldValues,
} from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import { changeOf, CustomFieldControl, fieldValueText, type FieldDraft } from '@/components/custom-field-control';
import { useFriendlyMessage } from '@/lib/i18n/labels';

const MESSAGES = defineMessages({
  optional: { id: 'requests.fields.optional', defaultMessage: '(optional)' },
  details: { id: 'requests.fields.details', defaultMessage: 'Request details' },
});

/** The fields a customer fills on the request form: active ones customers fill, in order. */
export function requestFormFields(definitions: readonly CustomFieldDefinition[]): CustomFieldDefinition[] {
  return definitions.filter((field) => !field.archived && field.filledBy === 'customers');
}

/** The drafts as values to send: empty fields left out. */
export function requestFieldValues(
  fields: readonly CustomFieldDefinition[],
  drafts: Readonly<Record<string, FieldDraft>>,
): CustomFieldValues {
  const values: CustomFieldValues = {};
  for (const field of fields) {
    const draft = drafts[field.key];
    const value = draft === undefined ? null : changeOf(field, draft);
    if (value !== null && !(field.type === 'checkbox' && value === false)) values[field.key] = value;
  }
  return values;
}

/**
 * Each field's problem as the backends word it (English; shown through the refusal catalogue):
 * a value its field refuses, or a required field left empty.
 */
export function requestFieldProblems(
  fields: readonly CustomFieldDefinition[],
  drafts: Readonly<Record<string, FieldDraft>>,
): Record<string, string> {
  const values = requestFieldValues(fields, drafts);
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    const problem = value === undefined ? null : valueProblem(field, value);
    if (problem !== null) problems[field.key] = problem;
  }
  for (const field of missingOnSubmit(fields, values)) {
    problems[field.key] ??= `Fill “${field.label.en}” to send your request.`;
  }
  return problems;
}

/** Props of {@link RequestFields}. */
export interface RequestFieldsProps {
  fields: readonly CustomFieldDefinition[];
  drafts: Readonly<Record<string, FieldDraft>>;
  onChange: (key: string, draft: FieldDraft) => void;
  /** Problems to show, by key (after a send was tried, or a field was left). */
  problems: Readonly<Record<string, string>>;
  /** Prefix of the controls' ids. */
  idPrefix: string;
  disabled?: boolean;
}

/** The request form's custom fields, each with its label, description and message. */
export function RequestFields({ fields, drafts, onChange, problems, idPrefix, disabled }: RequestFieldsProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const friendlyMessage = useFriendlyMessage();
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-field-${field.key}`;
        const problem = problems[field.key];
        const description = field.description ? localized(field.description, locale) : '';
        const describedBy = [problem ? `${id}-error` : '', description ? `${id}-help` : ''].filter(Boolean).join(' ');
        return (
          <Flex vertical gap={4} key={field.key} data-field={field.key}>
            <label htmlFor={id} id={`${id}-label`} style={{ fontWeight: 500 }}>
              <span dir="auto">{localized(field.label, locale)}</span>
              {!field.requiredOnSubmit && (
                <Typography.Text type="secondary" style={{ fontWeight: 400, marginInlineStart: 4 }}>
                  {intl.formatMessage(MESSAGES.optional)}
                </Typography.Text>
              )}
            </label>
            {description && (
              <Typography.Text type="secondary" id={`${id}-help`} style={{ fontSize: 12 }}>
                {description}
              </Typography.Text>
            )}
            <CustomFieldControl
              field={field}
              id={id}
              draft={drafts[field.key] ?? (field.type === 'checkbox' ? false : field.type === 'multiselect' ? [] : '')}
              onChange={(draft) => onChange(field.key, draft)}
              disabled={disabled}
              describedBy={describedBy || undefined}
              invalid={problem !== undefined}
            />
            {problem && (
              <Typography.Text type="danger" id={`${id}-error`} role="alert">
                {friendlyMessage({ code: 'invalid-argument', message: problem })}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
    </>
  );
}

/**
 * A request's custom field values as its requester reads them (DESIGN §3): the fields customers
 * see that hold a value, label and value, read-only; nothing when none holds one.
 */
export function RequestFieldValues({
  definitions,
  values,
}: {
  definitions: readonly CustomFieldDefinition[];
  values: CustomFieldValues | undefined;
}) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const filled = definitions.filter((field) => values?.[field.key] !== undefined);
  if (filled.length === 0) return null;
  return (
    <dl
      aria-label={intl.formatMessage(MESSAGES.details)}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(8em, max-content) 1fr', gap: '4px 16px', margin: 0 }}
    >
      {filled.map((field) => (
        <div key={field.key} style={{ display: 'contents' }} data-field={field.key}>
          <dt>
            <Typography.Text type="secondary">{localized(field.label, locale)}</Typography.Text>
          </dt>
          <dd style={{ margin: 0 }} dir="auto">
            {fieldValueText(intl, field, values?.[field.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
