/**
 * One custom ticket field as a form control and as text (DESIGN §3 "Custom fields"), shared by the
 * request form, the ticket's fields panel and the customer's request page. A control edits a
 * draft — text for text, number and date fields (so a number typed wrong stays as typed and the
 * domain's sentence says what is wrong), an option id, option ids, or a checkbox — and
 * {@link changeOf} turns the draft into what the port takes.
 */
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import { useIntl, defineMessages, type IntlShape } from 'react-intl';
import { NativeSelect } from '@/components/native-select';
import { isEmptyValue, localized, type CustomFieldDefinition, type CustomFieldValue } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';

const MESSAGES = defineMessages({
  none: { id: 'fields.none', defaultMessage: '—' },
  choose: { id: 'fields.choose', defaultMessage: 'Choose…' },
  yes: { id: 'fields.yes', defaultMessage: 'Yes' },
  no: { id: 'fields.no', defaultMessage: 'No' },
});

/** What a control holds while it is edited: text, an option id (`''` none), option ids, or a checkbox. */
export type FieldDraft = string | string[] | boolean;

/** The draft of a stored value (an empty field: `''`, `[]` or unchecked). */
export function draftOf(field: CustomFieldDefinition, value: CustomFieldValue | undefined): FieldDraft {
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'multiselect') return Array.isArray(value) ? value : [];
  if (value === undefined || Array.isArray(value) || typeof value === 'boolean') return '';
  return String(value);
}

/**
 * A draft as the port takes it: `null` empties the field; a number field's text becomes a number
 * when it is one, and stays text otherwise (the domain then says "“Amount” is a number.").
 */
export function changeOf(field: CustomFieldDefinition, draft: FieldDraft): CustomFieldValue | null {
  if (typeof draft === 'boolean') return draft;
  if (Array.isArray(draft)) return draft.length > 0 ? draft : null;
  const text = field.type === 'multiline' ? draft : draft.trim();
  if (text === '') return null;
  if (field.type === 'number') {
    const number = Number(text.replace(',', '.'));
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

/** Whether two drafts hold the same thing. */
export function sameDraft(a: FieldDraft, b: FieldDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A stored value as text in the reader's language: option labels, Yes/No, the number or date as stored. */
export function fieldValueText(
  intl: IntlShape,
  field: CustomFieldDefinition | undefined,
  value: CustomFieldValue | undefined,
): string {
  if (value === undefined || isEmptyValue(value)) return intl.formatMessage(MESSAGES.none);
  const locale = intl.locale as Locale;
  if (typeof value === 'boolean') return intl.formatMessage(value ? MESSAGES.yes : MESSAGES.no);
  const optionLabel = (id: string) => {
    const option = field?.options?.find((candidate) => candidate.id === id);
    return option ? localized(option.label, locale) : id;
  };
  if (Array.isArray(value)) return intl.formatList(value.map(optionLabel), { type: 'unit', style: 'short' });
  if (field?.type === 'dropdown' && typeof value === 'string') return optionLabel(value);
  if (typeof value === 'number') return intl.formatNumber(value, { maximumFractionDigits: 20 });
  return value;
}

/** An audit entry's stored text of a value (`auditFieldValue`) as the reader's text. */
export function auditValueText(
  intl: IntlShape,
  field: CustomFieldDefinition | undefined,
  stored: string | null,
): string {
  if (stored === null) return intl.formatMessage(MESSAGES.none);
  if (field?.type === 'checkbox') return fieldValueText(intl, field, stored === 'true');
  if (field?.type === 'multiselect') return fieldValueText(intl, field, stored.split(', '));
  if (field?.type === 'number' && Number.isFinite(Number(stored))) return fieldValueText(intl, field, Number(stored));
  return fieldValueText(intl, field, stored);
}

/** Props of {@link CustomFieldControl}. */
export interface CustomFieldControlProps {
  field: CustomFieldDefinition;
  /** The control's id (its label's `htmlFor`). */
  id: string;
  draft: FieldDraft;
  onChange: (draft: FieldDraft) => void;
  disabled?: boolean;
  /** The id of the element that describes the control (its help or error). */
  describedBy?: string;
  /** Marks the control invalid (its error shows in `describedBy`). */
  invalid?: boolean;
}

/**
 * The control of one field: a line or a text area, a number or date box (native `type=date`), a
 * native select, checkboxes for a multi-select, or one checkbox. Archived options show only where
 * they are already chosen.
 */
export function CustomFieldControl({
  field,
  id,
  draft,
  onChange,
  disabled,
  describedBy,
  invalid,
}: CustomFieldControlProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  const offered = (chosen: readonly string[]) =>
    (field.options ?? []).filter((option) => !option.archived || chosen.includes(option.id));
  switch (field.type) {
    case 'multiline':
      return (
        <Input.TextArea
          id={id}
          value={String(draft)}
          onChange={(event) => onChange(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 8 }}
          disabled={disabled}
          status={invalid ? 'error' : undefined}
          {...aria}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          checked={draft === true}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          {...aria}
        >
          {localized(field.label, locale)}
        </Checkbox>
      );
    case 'dropdown': {
      const value = typeof draft === 'string' ? draft : '';
      return (
        <NativeSelect
          id={id}
          value={value}
          onChange={onChange}
          disabled={disabled}
          style={{ width: '100%' }}
          options={[
            { value: '', label: intl.formatMessage(MESSAGES.choose) },
            ...offered([value]).map((option) => ({ value: option.id, label: localized(option.label, locale) })),
          ]}
          {...aria}
        />
      );
    }
    case 'multiselect': {
      const chosen = Array.isArray(draft) ? draft : [];
      return (
        <div role="group" id={id} aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
          <Checkbox.Group
            value={chosen}
            onChange={(values) => onChange(values.map(String))}
            disabled={disabled}
            options={offered(chosen).map((option) => ({ value: option.id, label: localized(option.label, locale) }))}
          />
        </div>
      );
    }
    default:
      return (
        <Input
          id={id}
          type={field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={String(draft)}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          status={invalid ? 'error' : undefined}
          {...aria}
        />
      );
  }
}
