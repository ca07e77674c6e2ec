/**
 * The schemas of custom field definitions (DESIGN §3 "Custom fields"): what an admin may save, a
 * change of the stored list, and the lenient reader of a stored list. Apart from the values'
 * decisions (`custom-fields.ts`) so that only the code that reads or saves definitions (the admin
 * screen, the settings adapters, trusted code) carries these schemas.
 */
import { z } from 'zod/mini';
import {
  FIELD_KEY_PATTERN,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_DESCRIPTION,
  MAX_FIELD_LABEL,
  MAX_FIELD_OPTIONS,
  MAX_NUMBER_MAGNITUDE,
  MAX_REQUEST_FIELDS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
} from '@/domain/custom-fields';
import { FIELD_SORT_SLOTS, maySort } from '@/domain/field-sort';

const keySchema = z
  .string()
  .check(
    z.regex(
      FIELD_KEY_PATTERN,
      'A field key is a lowercase letter, then up to 39 lowercase letters, digits or underscores.',
    ),
  );

const optionIdSchema = z
  .string()
  .check(
    z.regex(
      FIELD_KEY_PATTERN,
      'An option id is a lowercase letter, then up to 39 lowercase letters, digits or underscores.',
    ),
  );

/**
 * A localized text of at most `max` characters per language, English required.
 * @param what the start of its sentences: "A field label", "An option", "A field description".
 */
function localizedSchema(what: 'A field label' | 'An option' | 'A field description', max: number) {
  const tooLong = `${what} has at most ${max} characters in each language.`;
  const text = z.string().check(z.trim(), z.maxLength(max, tooLong));
  return z.object({
    en: z.string().check(z.trim(), z.minLength(1, `${what} needs an English text.`), z.maxLength(max, tooLong)),
    es: z.optional(text),
    ar: z.optional(text),
  });
}

const optionSchema = z.object({
  id: optionIdSchema,
  label: localizedSchema('An option', MAX_FIELD_LABEL),
  archived: z.boolean(),
});

const finite = z
  .number({ error: 'A limit is a number.' })
  .check(
    z.refine((value) => Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER_MAGNITUDE, 'A limit is a number.'),
  );

/** Type-specific rules of one definition: what only some types carry, and what they must. */
function definitionProblem(field: CustomFieldDefinition): string | null {
  const choice = field.type === 'dropdown' || field.type === 'multiselect';
  if (choice) {
    const options = field.options ?? [];
    if (options.length === 0) return `“${field.label.en}” needs at least one option.`;
    if (options.length > MAX_FIELD_OPTIONS) return `“${field.label.en}” has more than ${MAX_FIELD_OPTIONS} options.`;
    if (new Set(options.map((option) => option.id)).size !== options.length) {
      return `Each option of “${field.label.en}” needs its own id.`;
    }
  } else if (field.options !== undefined) {
    return `Only dropdown and multi-select fields have options (“${field.label.en}”).`;
  }
  if (field.type !== 'number' && (field.integer !== undefined || field.min !== undefined || field.max !== undefined)) {
    return `Only number fields have a range (“${field.label.en}”).`;
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
    return `The smallest value of “${field.label.en}” is above its largest.`;
  }
  if (field.integer && [field.min, field.max].some((limit) => limit !== undefined && !Number.isInteger(limit))) {
    return `The range of “${field.label.en}” is whole numbers.`;
  }
  if (field.filledBy === 'customers' && field.visibleTo !== 'customers') {
    return `Customers can only fill a field they see (“${field.label.en}”).`;
  }
  if (field.requiredOnSubmit && field.filledBy !== 'customers') {
    return `Only a field customers fill can be required on submit (“${field.label.en}”).`;
  }
  if (field.sortSlot !== undefined && !maySort(field)) {
    return `Only an active number or date field customers see can sort the queue (“${field.label.en}”).`;
  }
  return null;
}

/** One definition, with its type-specific rules. */
export const customFieldDefinitionSchema = z
  .object({
    key: keySchema,
    type: z.enum(CUSTOM_FIELD_TYPES, 'Choose a field type from the list.'),
    label: localizedSchema('A field label', MAX_FIELD_LABEL),
    description: z.optional(localizedSchema('A field description', MAX_FIELD_DESCRIPTION)),
    visibleTo: z.enum(['agents', 'customers']),
    filledBy: z.enum(['agents', 'customers']),
    requiredOnSubmit: z.boolean(),
    requiredToSolve: z.boolean(),
    archived: z.boolean(),
    integer: z.optional(z.boolean()),
    min: z.optional(finite),
    max: z.optional(finite),
    options: z.optional(z.array(optionSchema)),
    sortSlot: z.optional(z.enum(FIELD_SORT_SLOTS, 'A sort slot is a or b.')),
  })
  .check(
    z.superRefine((field, context) => {
      const problem = definitionProblem(field);
      if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: field });
    }),
  );

/** A desk's field definitions, in order: at most {@link MAX_CUSTOM_FIELDS}, each key once. */
export const customFieldDefinitionsSchema = z.array(customFieldDefinitionSchema).check(
  z.maxLength(MAX_CUSTOM_FIELDS, `A desk has at most ${MAX_CUSTOM_FIELDS} fields, archived ones included.`),
  z.refine(
    (fields) => new Set(fields.map((field) => field.key)).size === fields.length,
    'Each field needs its own key.',
  ),
  z.refine(
    (fields) =>
      fields.filter((field) => !field.archived && field.filledBy === 'customers').length <= MAX_REQUEST_FIELDS,
    `Customers fill at most ${MAX_REQUEST_FIELDS} fields on the request form.`,
  ),
  z.refine(
    (fields) => FIELD_SORT_SLOTS.every((slot) => fields.filter((field) => field.sortSlot === slot).length <= 1),
    `At most ${FIELD_SORT_SLOTS.length} fields sort the queue, each in its own slot.`,
  ),
);

/**
 * Why a new list of definitions may not replace the stored one, or `null` when it may: a field
 * removed (archive it instead), a key's type changed, an option removed (archive it instead), or
 * a number field made whole-numbers-only (stored decimals would stop being valid).
 */
export function definitionsChangeProblem(
  before: readonly CustomFieldDefinition[],
  after: readonly CustomFieldDefinition[],
): string | null {
  const next = new Map(after.map((field) => [field.key, field]));
  for (const field of before) {
    const kept = next.get(field.key);
    if (!kept) return `“${field.label.en}” cannot be deleted: archive it instead, so tickets keep its values.`;
    if (kept.type !== field.type) return `The type of “${field.label.en}” cannot change once it is saved.`;
    if (kept.integer && !field.integer) {
      return `“${field.label.en}” cannot become whole numbers only: tickets may hold decimals.`;
    }
    const options = new Set((kept.options ?? []).map((option) => option.id));
    const removed = (field.options ?? []).find((option) => !options.has(option.id));
    if (removed) {
      return `The option “${removed.label.en}” of “${field.label.en}” cannot be deleted: archive it instead.`;
    }
  }
  return null;
}

/**
 * Stored definitions read leniently (a document any admin client wrote): each well-formed entry,
 * in order, others dropped; `[]` for anything that is not a list.
 */
export function customFieldDefinitionsFrom(value: unknown): CustomFieldDefinition[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = customFieldDefinitionSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
