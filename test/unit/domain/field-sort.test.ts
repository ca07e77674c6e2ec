/**
 * The fields' sort slots (DESIGN §3 "Custom fields", `src/domain/field-sort.ts`): number texts that
 * sort as the numbers do, which fields may hold a slot, and a ticket's slots from its values.
 */
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { customFieldDefinitionsSchema } from '@/domain/custom-field-schemas';
import {
  fieldSortValue,
  fieldSortValues,
  maySort,
  NO_FIELD_SORT_VALUE,
  sortableNumber,
  sortSlotsSignature,
} from '@/domain/field-sort';

const BASE = {
  visibleTo: 'customers',
  filledBy: 'customers',
  requiredOnSubmit: false,
  requiredToSolve: false,
} as const;
const SEATS: CustomFieldDefinition = { ...BASE, key: 'seats', type: 'number', label: { en: 'Seats' }, archived: false };
const DUE: CustomFieldDefinition = { ...BASE, key: 'due', type: 'date', label: { en: 'Due' }, archived: false };
const NOTE: CustomFieldDefinition = { ...BASE, key: 'note', type: 'text', label: { en: 'Note' }, archived: false };

describe('sortableNumber', () => {
  it('orders as the numbers do: negatives, zero, fractions, the largest safe integers', () => {
    const numbers = [
      -Number.MAX_SAFE_INTEGER,
      -1e9,
      -2.5,
      -1,
      -0.001,
      0,
      1e-9,
      0.5,
      1,
      2,
      10,
      99.99,
      100,
      1e12,
      Number.MAX_SAFE_INTEGER,
    ];
    const texts = numbers.map(sortableNumber);
    expect([...texts].sort()).toEqual(texts);
    expect(new Set(texts).size).toBe(numbers.length);
    expect(texts.every((text) => /^[0-9a-f]{16}$/.test(text) && text < NO_FIELD_SORT_VALUE)).toBe(true);
    expect(sortableNumber(-0)).toBe(sortableNumber(0));
  });
});

describe('fieldSortValue', () => {
  it('keeps a date, encodes a number, and gives no value (or a forged one) the sentinel', () => {
    expect(fieldSortValue('date', '2026-04-30')).toBe('2026-04-30');
    expect(fieldSortValue('number', 12)).toBe(sortableNumber(12));
    expect(fieldSortValue('number', undefined)).toBe(NO_FIELD_SORT_VALUE);
    expect(fieldSortValue('number', '12')).toBe(NO_FIELD_SORT_VALUE);
    expect(fieldSortValue('date', 20260430)).toBe(NO_FIELD_SORT_VALUE);
    expect(fieldSortValue('date', '30/04/2026')).toBe(NO_FIELD_SORT_VALUE);
    expect('2026-04-30' < NO_FIELD_SORT_VALUE).toBe(true);
  });
});

describe('sort slots', () => {
  it('only an active number or date field customers see may hold one', () => {
    expect(maySort(SEATS)).toBe(true);
    expect(maySort(DUE)).toBe(true);
    expect(maySort(NOTE)).toBe(false);
    expect(maySort({ ...SEATS, visibleTo: 'agents' })).toBe(false);
    expect(maySort({ ...DUE, archived: true })).toBe(false);
  });

  it('the schema refuses a slot on any other field, or one slot twice', () => {
    const refused = (fields: CustomFieldDefinition[]) => {
      const parsed = customFieldDefinitionsSchema.safeParse(fields);
      return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join(' ');
    };
    expect(
      refused([
        { ...SEATS, sortSlot: 'a' },
        { ...DUE, sortSlot: 'b' },
      ]),
    ).toBeNull();
    expect(
      refused([
        { ...SEATS, sortSlot: 'a' },
        { ...DUE, sortSlot: 'a' },
      ]),
    ).toContain('each in its own slot');
    expect(refused([{ ...NOTE, sortSlot: 'a' }])).toContain('can sort the queue');
    expect(refused([{ ...SEATS, archived: true, sortSlot: 'a' }])).toContain('can sort the queue');
    expect(refused([{ ...SEATS, visibleTo: 'agents', filledBy: 'agents', sortSlot: 'b' }])).toContain(
      'can sort the queue',
    );
    expect(refused([{ ...SEATS, sortSlot: 'c' as 'a' }])).toContain('A sort slot is a or b.');
  });

  it('gives a ticket the values of the fields holding the slots, the sentinel elsewhere', () => {
    const fields = [{ ...SEATS, sortSlot: 'b' as const }, { ...DUE, sortSlot: 'a' as const }, NOTE];
    expect(fieldSortValues(fields, { seats: 3, due: '2026-01-02', note: 'x' })).toEqual({
      fieldSortA: '2026-01-02',
      fieldSortB: sortableNumber(3),
    });
    expect(fieldSortValues(fields, {})).toEqual({ fieldSortA: NO_FIELD_SORT_VALUE, fieldSortB: NO_FIELD_SORT_VALUE });
    expect(fieldSortValues([SEATS], { seats: 3 })).toEqual({
      fieldSortA: NO_FIELD_SORT_VALUE,
      fieldSortB: NO_FIELD_SORT_VALUE,
    });
    expect(sortSlotsSignature(fields)).toBe('a=due,b=seats');
    expect(sortSlotsSignature([SEATS])).toBe('a=,b=');
  });
});
