/**
 * Sorting the queue by a number or date field (DESIGN §3 "Custom fields"). Firestore orders by a
 * fixed field path and needs a composite index per order, so a desk has two sort slots: an admin
 * marks at most two number or date fields customers see as sortable, each takes a slot (`a`,
 * `b`), and trusted code copies each ticket's value into the slot's own ticket field
 * (`fieldSortA`, `fieldSortB`) as text that sorts as the value does — or {@link NO_FIELD_SORT_VALUE}
 * when the ticket has none, so every ticket carries both (an order leaves out a document without
 * its field). Only fields customers see: the slot is on the ticket, which its requester reads.
 */
import { type CustomFieldDefinition, type CustomFieldValue, type CustomFieldValues } from '@/domain/custom-fields';

/** The sort slots of a desk. */
export const FIELD_SORT_SLOTS = ['a', 'b'] as const;
/** One of {@link FIELD_SORT_SLOTS}. */
export type FieldSortSlot = (typeof FIELD_SORT_SLOTS)[number];

/** The ticket field each slot's values are kept in. */
export const FIELD_SORT_FIELD = { a: 'fieldSortA', b: 'fieldSortB' } as const;
/** A ticket's sort slot field, as the port's `TicketSortField` names it. */
export type FieldSortField = (typeof FIELD_SORT_FIELD)[FieldSortSlot];
/** Both slot fields. */
export const FIELD_SORT_FIELDS: readonly FieldSortField[] = [FIELD_SORT_FIELD.a, FIELD_SORT_FIELD.b];

/**
 * A slot's value on a ticket with no value in its field (or a slot no field holds): after every
 * real value (digits and lowercase hex), so such tickets come last in ascending order and first in
 * descending order — as PostgreSQL orders NULLs.
 */
export const NO_FIELD_SORT_VALUE = '~';

/** Whether a definition may take a sort slot: an active number or date field customers see. */
export function maySort(field: Pick<CustomFieldDefinition, 'type' | 'visibleTo' | 'archived'>): boolean {
  return (field.type === 'number' || field.type === 'date') && field.visibleTo === 'customers' && !field.archived;
}

/**
 * A finite number as 16 lowercase hex digits that sort (as text, code unit by code unit) as the
 * numbers do: the IEEE-754 double's bits with the sign bit set for positives and every bit
 * flipped for negatives. `-0` is `0`.
 */
export function sortableNumber(value: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value === 0 ? 0 : value);
  let high = view.getUint32(0);
  let low = view.getUint32(4);
  if (high >= 0x80000000) {
    high = ~high >>> 0;
    low = ~low >>> 0;
  } else {
    high = (high | 0x80000000) >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/**
 * A value's text in its field's slot: a date's `YYYY-MM-DD` as it is, a number by
 * {@link sortableNumber}; {@link NO_FIELD_SORT_VALUE} for no value or one of another type (a
 * forged value trusted code does not order by).
 */
export function fieldSortValue(type: CustomFieldDefinition['type'], value: CustomFieldValue | undefined): string {
  if (type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return sortableNumber(value);
  return NO_FIELD_SORT_VALUE;
}

/** The definition holding each slot, or `null` (only a field that {@link maySort} holds one). */
export function sortSlotsOf(
  definitions: readonly CustomFieldDefinition[],
): Record<FieldSortSlot, CustomFieldDefinition | null> {
  const holder = (slot: FieldSortSlot) =>
    definitions.find((field) => field.sortSlot === slot && maySort(field)) ?? null;
  return { a: holder('a'), b: holder('b') };
}

/** Which key each slot holds, as text (`"a=key,b="`): what a back-fill compares to know it must run. */
export function sortSlotsSignature(definitions: readonly CustomFieldDefinition[]): string {
  const slots = sortSlotsOf(definitions);
  return FIELD_SORT_SLOTS.map((slot) => `${slot}=${slots[slot]?.key ?? ''}`).join(',');
}

/** A ticket's slot fields for its values (customers' values: the slots are on the ticket). */
export function fieldSortValues(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues,
): Record<FieldSortField, string> {
  const slots = sortSlotsOf(definitions);
  const valueOf = (slot: FieldSortSlot) => {
    const field = slots[slot];
    return field ? fieldSortValue(field.type, values[field.key]) : NO_FIELD_SORT_VALUE;
  };
  return { fieldSortA: valueOf('a'), fieldSortB: valueOf('b') };
}
