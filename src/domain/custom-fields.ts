/**
 * Custom ticket fields (DESIGN §3 "Custom fields"): what an admin defines — a stable key, a type,
 * a label and description per language, who sees and who fills the field, whether customers must
 * fill it on submit and agents before solving, its order (the list's) and whether it is archived —
 * and what a ticket may hold under each key. Pure decisions, shared by both adapters, the
 * security rules' generated summary and trusted code; the refusals name the field and the limit,
 * and never clamp (guide §7).
 *
 * Decisions:
 * - A field is never deleted, only archived: tickets keep their values under its key, shown
 *   read-only; an archived field takes no new value. Its key and type never change (a stored
 *   value must keep meaning what it meant). An option is never removed either, only archived and
 *   renamed: tickets store the option's id, so a renamed option renames on every ticket, and an
 *   archived one stays on the tickets that have it but cannot be chosen again.
 * - At most {@link MAX_CUSTOM_FIELDS} fields, archived ones included: the rules check a ticket's
 *   values against the definitions in a fixed number of steps.
 * - English is the desk's source language: every label has an English text; Spanish and Arabic
 *   are optional and fall back to it.
 * - A required-to-solve field added while tickets are open applies to them too: solving one is
 *   refused, naming the field, until an agent sets it (the point of requiring it).
 */
import { z } from 'zod/mini';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locales';

/** The types a custom field can have. */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'multiline',
  'number',
  'dropdown',
  'multiselect',
  'checkbox',
  'date',
] as const;
/** One of {@link CUSTOM_FIELD_TYPES}. */
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Most fields a desk defines, archived ones included. */
export const MAX_CUSTOM_FIELDS = 50;
/** Most options of a dropdown or multi-select field, archived ones included. */
export const MAX_FIELD_OPTIONS = 200;
/**
 * Most values one write of a ticket changes. The security rules check each changed value one by
 * one, and Firestore stops a rule after 1 000 expressions: ten values of the costliest type
 * (multi-select) fit beside the rest of a ticket update's rules (the rules tests hold it). A save
 * of more is refused with a sentence: save in two steps.
 */
export const MAX_FIELD_CHANGES = 10;
/**
 * Most active fields customers fill, so most values a request carries: the rules of a new ticket
 * (its number, description, requester) leave room for six multi-select values (the rules tests
 * hold it). A request form of more than six custom fields is a long form anyway.
 */
export const MAX_REQUEST_FIELDS = 6;
/** Longest single-line text value (characters). */
export const MAX_TEXT_VALUE = 500;
/** Longest multi-line text value (characters). */
export const MAX_MULTILINE_VALUE = 5000;
/** Longest label of a field or an option, per language (characters). */
export const MAX_FIELD_LABEL = 80;
/** Longest description of a field, per language (characters). */
export const MAX_FIELD_DESCRIPTION = 300;
/** A field's key and an option's id: a lowercase letter, then up to 39 lowercase letters, digits or `_`. */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** The largest magnitude of a number value (beyond it, doubles lose whole numbers). */
export const MAX_NUMBER_MAGNITUDE = Number.MAX_SAFE_INTEGER;

/** A text in the desk's languages: English always, Spanish and Arabic when given. */
export interface LocalizedText {
  en: string;
  es?: string;
  ar?: string;
}

/** One choice of a dropdown or multi-select field; tickets store its `id`. */
export interface FieldOption {
  id: string;
  label: LocalizedText;
  archived: boolean;
}

/** One custom field as an admin defines it (DESIGN §3 "Custom fields"). */
export interface CustomFieldDefinition {
  /** Stable key under which tickets store the value ({@link FIELD_KEY_PATTERN}); never changes. */
  key: string;
  /** Never changes once saved. */
  type: CustomFieldType;
  label: LocalizedText;
  description?: LocalizedText;
  /** Who sees the field: agents only, or customers too (on their request). */
  visibleTo: 'agents' | 'customers';
  /** Who fills it: agents only, or customers too (on the request form); customers only fill what they see. */
  filledBy: 'agents' | 'customers';
  /** Customers must fill it to submit a request (only for a field they fill). */
  requiredOnSubmit: boolean;
  /** A ticket cannot be solved while it is empty, on every path that solves. */
  requiredToSolve: boolean;
  /** Archived: kept on tickets, shown read-only, takes no new value. */
  archived: boolean;
  /** `number` only: whole numbers only. */
  integer?: boolean;
  /** `number` only: the smallest and largest value allowed. */
  min?: number;
  max?: number;
  /** `dropdown` and `multiselect` only: the choices, in order. */
  options?: FieldOption[];
  /**
   * The queue's sort slot this field holds (`field-sort.ts`): only an active number or date field
   * customers see, each slot at most one field.
   */
  sortSlot?: 'a' | 'b';
}

/** A stored value: text, multi-line text and dates as strings, a number, a checkbox, a multi-select's option ids. */
export type CustomFieldValue = string | number | boolean | string[];

/** A ticket's custom field values by key; an empty field has no key (never `null` or `''`). */
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** A field's label (or description) in a language, else in English. */
export function localized(text: LocalizedText, locale: Locale): string {
  const own = locale === DEFAULT_LOCALE ? undefined : text[locale];
  return own !== undefined && own.trim() !== '' ? own : text.en;
}

/** Whether a person of this audience sees the field at all. */
export function visibleToCustomers(field: CustomFieldDefinition): boolean {
  return field.visibleTo === 'customers';
}

/** Whether a value counts as empty: absent, blank text, or no option chosen (a checkbox is never empty). */
export function isEmptyValue(value: CustomFieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Whether `value` is a calendar date `YYYY-MM-DD` that exists. */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * Why `value` cannot be stored under `field`, or `null` when it can. An archived option is
 * refused only when newly chosen: `previous` (the ticket's stored value) may keep it.
 */
export function valueProblem(
  field: CustomFieldDefinition,
  value: CustomFieldValue,
  previous?: CustomFieldValue,
): string | null {
  const name = `“${field.label.en}”`;
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return `${name} is a text.`;
      if (/[\r\n]/.test(value)) return `${name} is a single line.`;
      return value.length > MAX_TEXT_VALUE ? `${name} has at most ${MAX_TEXT_VALUE} characters.` : null;
    case 'multiline':
      if (typeof value !== 'string') return `${name} is a text.`;
      return value.length > MAX_MULTILINE_VALUE ? `${name} has at most ${MAX_MULTILINE_VALUE} characters.` : null;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_NUMBER_MAGNITUDE) {
        return `${name} is a number.`;
      }
      if (field.integer && !Number.isInteger(value)) return `${name} is a whole number.`;
      const { min, max } = field;
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
        if (min !== undefined && max !== undefined) return `${name} is ${min} to ${max}.`;
        return min !== undefined ? `${name} is at least ${min}.` : `${name} is at most ${String(max)}.`;
      }
      return null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${name} is checked or not.`;
    case 'date':
      return typeof value === 'string' && isDate(value) ? null : `${name} is a date (YYYY-MM-DD).`;
    case 'dropdown': {
      if (typeof value !== 'string') return `${name} is one of its options.`;
      return optionProblem(field, [value], typeof previous === 'string' ? [previous] : []);
    }
    case 'multiselect': {
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
        return `${name} is a list of its options.`;
      }
      if (new Set(value).size !== value.length) return `${name} holds each option once.`;
      return optionProblem(field, value, Array.isArray(previous) ? previous : []);
    }
  }
}

/** Why chosen option ids are not allowed: unknown, or archived and not already stored. */
function optionProblem(
  field: CustomFieldDefinition,
  chosen: readonly string[],
  kept: readonly string[],
): string | null {
  const options = new Map((field.options ?? []).map((option) => [option.id, option]));
  for (const id of chosen) {
    const option = options.get(id);
    if (!option) return `“${field.label.en}” has no option “${id}”.`;
    if (option.archived && !kept.includes(id)) {
      return `The option “${option.label.en}” of “${field.label.en}” is archived: choose another.`;
    }
  }
  return null;
}

/**
 * The shape of values as they cross the port, before the definitions judge them
 * ({@link valuesWriteProblem}): at most {@link MAX_CUSTOM_FIELDS} keys of {@link FIELD_KEY_PATTERN},
 * each a string (≤ {@link MAX_MULTILINE_VALUE} characters), a number, a boolean or a list of at most
 * {@link MAX_FIELD_OPTIONS} option ids; `null` empties a field where a write allows it.
 */
function valuesShape<V extends z.ZodMiniType>(value: V) {
  return z.record(z.string(), value).check(
    z.refine(
      (values) => Object.keys(values).length <= MAX_CUSTOM_FIELDS,
      `A ticket has at most ${MAX_CUSTOM_FIELDS} fields.`,
    ),
    z.refine(
      (values) => Object.keys(values).every((key) => FIELD_KEY_PATTERN.test(key)),
      'A field key is a lowercase letter, then up to 39 lowercase letters, digits or underscores.',
    ),
  );
}
const valueShape = z.union([
  z.string().check(z.maxLength(MAX_MULTILINE_VALUE, `A field value has at most ${MAX_MULTILINE_VALUE} characters.`)),
  z.number(),
  z.boolean(),
  z.array(z.string().check(z.maxLength(40))).check(z.maxLength(MAX_FIELD_OPTIONS)),
]);
/** A request's values (the request form's fields). */
export const fieldValuesSchema = valuesShape(valueShape);
/** A change of values: a value, or `null` to empty the field. */
export const fieldChangesSchema = valuesShape(z.nullable(valueShape));

/** Who writes a set of values: a customer (on the request form) or staff. */
export type FieldWriter = 'customer' | 'staff';

/**
 * Why a write of custom field values is refused, or `null`: each key must be a defined field; an
 * archived field takes no new value (an unchanged one may stay); a customer writes only fields
 * customers fill; each value must suit its field ({@link valueProblem}). `changes` maps a key to
 * its new value, or to `null` to clear it; `stored` is the ticket's values before the write.
 */
export function valuesWriteProblem(
  definitions: readonly CustomFieldDefinition[],
  changes: Readonly<Record<string, CustomFieldValue | null>>,
  stored: CustomFieldValues,
  writer: FieldWriter,
): string | null {
  const fields = new Map(definitions.map((field) => [field.key, field]));
  if (Object.keys(changes).length > MAX_FIELD_CHANGES) return `Change at most ${MAX_FIELD_CHANGES} fields at once.`;
  for (const [key, value] of Object.entries(changes)) {
    const field = fields.get(key);
    if (!field) return `There is no field “${key}”.`;
    if (writer === 'customer' && field.filledBy !== 'customers') {
      return `Only agents and admins can fill “${field.label.en}”.`;
    }
    const previous = stored[key];
    if (field.archived && JSON.stringify(value ?? undefined) !== JSON.stringify(previous)) {
      return `“${field.label.en}” is archived: it takes no new value.`;
    }
    if (value === null) continue;
    const problem = valueProblem(field, value, previous);
    if (problem !== null) return problem;
  }
  return null;
}

/** The values after a write: `changes` applied to `stored`, cleared and empty values removed. */
export function applyValueChanges(
  stored: CustomFieldValues,
  changes: Readonly<Record<string, CustomFieldValue | null>>,
): CustomFieldValues {
  const next: CustomFieldValues = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || isEmptyValue(value)) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The active fields customers must fill to submit that `values` leaves empty, in order. */
export function missingOnSubmit(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues,
): CustomFieldDefinition[] {
  return definitions.filter((field) => !field.archived && field.requiredOnSubmit && isEmptyValue(values[field.key]));
}

/**
 * The active required-to-solve fields that `values` leaves empty, in order: a ticket with any
 * cannot be solved, on any path (DESIGN §2, §3 "Custom fields").
 */
export function missingToSolve(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues,
): CustomFieldDefinition[] {
  return definitions.filter((field) => !field.archived && field.requiredToSolve && isEmptyValue(values[field.key]));
}

/**
 * Stored values read leniently (a document a client wrote): each entry whose key is a field key
 * and whose value has a value's shape (text, number, boolean, list of texts); `{}` otherwise.
 */
export function customFieldValuesFrom(value: unknown): CustomFieldValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const values: CustomFieldValues = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!FIELD_KEY_PATTERN.test(key)) continue;
    const fits =
      typeof entry === 'string' ||
      typeof entry === 'boolean' ||
      (typeof entry === 'number' && Number.isFinite(entry)) ||
      (Array.isArray(entry) && entry.every((item) => typeof item === 'string'));
    if (fits) values[key] = entry as CustomFieldValue;
  }
  return values;
}

/**
 * The definitions a person reads (DESIGN §1): every field for staff; for a customer, the fields
 * customers see, archived ones included (their values stay on the customer's requests, read-only).
 */
export function fieldsFor(definitions: readonly CustomFieldDefinition[], staff: boolean): CustomFieldDefinition[] {
  return staff ? [...definitions] : definitions.filter(visibleToCustomers);
}

/**
 * A key made from a label (what the admin screen proposes for a new field or option): folded to
 * lowercase ASCII letters, digits and `_`, starting with a letter, at most 40 characters, and
 * not one of `taken` (a `_2`, `_3`… suffix otherwise). `field` when the label has no letter or digit.
 */
export function keyFromLabel(label: string, taken: readonly string[] = []): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 'f_$1')
      .slice(0, 40)
      .replace(/_+$/, '') || 'field';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, 40 - String(n).length - 1)}_${n}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
