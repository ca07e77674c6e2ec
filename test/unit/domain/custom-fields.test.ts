/**
 * Custom ticket fields (`src/domain/custom-fields.ts`, DESIGN §3 "Custom fields"): the
 * definitions an admin may save and change, and the values a ticket may hold — the bad input of
 * the issue, each refused with a sentence that names the field and the limit.
 */
import {
  applyValueChanges,
  FIELD_KEY_PATTERN,
  keyFromLabel,
  localized,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_OPTIONS,
  MAX_REQUEST_FIELDS,
  MAX_MULTILINE_VALUE,
  MAX_TEXT_VALUE,
  missingOnSubmit,
  missingToSolve,
  valueProblem,
  valuesWriteProblem,
  type CustomFieldDefinition,
} from '@/domain/custom-fields';
import {
  customFieldDefinitionSchema,
  customFieldDefinitionsSchema,
  definitionsChangeProblem,
} from '@/domain/custom-field-schemas';
import { createIntl } from 'react-intl';
import { DEMO_FIELDS } from '@/backend/local/seed/demo-desk';
import { catalogue as arabic } from '@/lib/i18n/catalogues/ar';
import { catalogue as spanish } from '@/lib/i18n/catalogues/es';
import { friendlySentence, registerRefusalTranslations } from '@/lib/i18n/labels';

const order: CustomFieldDefinition = {
  key: 'order_number',
  type: 'text',
  label: { en: 'Order number', es: 'Número de pedido', ar: 'رقم الطلب' },
  visibleTo: 'customers',
  filledBy: 'customers',
  requiredOnSubmit: true,
  requiredToSolve: false,
  archived: false,
};
const product: CustomFieldDefinition = {
  key: 'product',
  type: 'dropdown',
  label: { en: 'Product' },
  visibleTo: 'customers',
  filledBy: 'customers',
  requiredOnSubmit: false,
  requiredToSolve: true,
  archived: false,
  options: [
    { id: 'kettle', label: { en: 'Kettle' }, archived: false },
    { id: 'toaster', label: { en: 'Toaster' }, archived: true },
  ],
};
const plan: CustomFieldDefinition = {
  key: 'plan',
  type: 'dropdown',
  label: { en: 'Plan' },
  visibleTo: 'agents',
  filledBy: 'agents',
  requiredOnSubmit: false,
  requiredToSolve: true,
  archived: false,
  options: [{ id: 'pro', label: { en: 'Pro' }, archived: false }],
};
const seats: CustomFieldDefinition = {
  key: 'seats',
  type: 'number',
  label: { en: 'Seats' },
  visibleTo: 'agents',
  filledBy: 'agents',
  requiredOnSubmit: false,
  requiredToSolve: false,
  archived: false,
  integer: true,
  min: 1,
  max: 500,
};
const definitions = [order, product, plan, seats];

/** The first message a schema refuses `value` with, or `null`. */
function refusal(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'refused');
}

describe('field definitions', () => {
  it('accepts these fields and the demo desk’s', () => {
    expect(refusal(customFieldDefinitionsSchema, definitions)).toBeNull();
    expect(refusal(customFieldDefinitionsSchema, DEMO_FIELDS)).toBeNull();
  });

  it.each([
    ['a duplicate key', [order, { ...seats, key: 'order_number' }], 'Each field needs its own key.'],
    ['a key with capitals', [{ ...order, key: 'Order' }], 'A field key is a lowercase letter'],
    ['an empty label', [{ ...order, label: { en: '   ' } }], 'A field label needs an English text.'],
    ['an 81-character label', [{ ...order, label: { en: 'x'.repeat(81) } }], 'at most 80 characters'],
    [
      `${MAX_FIELD_OPTIONS + 1} options`,
      [
        {
          ...product,
          options: Array.from({ length: MAX_FIELD_OPTIONS + 1 }, (_, i) => ({
            id: `o${i}`,
            label: { en: `Option ${i}` },
            archived: false,
          })),
        },
      ],
      'has more than 200 options',
    ],
    ['a dropdown without options', [{ ...product, options: [] }], 'needs at least one option'],
    ['options on a text field', [{ ...order, options: product.options }], 'Only dropdown and multi-select'],
    ['a range upside down', [{ ...seats, min: 10, max: 5 }], 'is above its largest'],
    ['a customer-filled field customers cannot see', [{ ...order, visibleTo: 'agents' }], 'only fill a field they see'],
    [
      'required on submit but filled by agents',
      [{ ...plan, requiredOnSubmit: true }],
      'Only a field customers fill can be required on submit',
    ],
    [
      `${MAX_CUSTOM_FIELDS + 1} fields`,
      Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => ({ ...order, key: `f${i}` })),
      'at most 50 fields',
    ],
    [
      `${MAX_REQUEST_FIELDS + 1} active fields customers fill`,
      Array.from({ length: MAX_REQUEST_FIELDS + 1 }, (_, i) => ({ ...order, key: `f${i}` })),
      `Customers fill at most ${MAX_REQUEST_FIELDS} fields on the request form.`,
    ],
  ])('refuses %s', (_what, fields, message) => {
    expect(refusal(customFieldDefinitionsSchema, fields)).toContain(message);
  });

  it('trims labels, and keeps Spanish and Arabic optional with English as their fallback', () => {
    const parsed = customFieldDefinitionSchema.parse({ ...product, label: { en: '  Product ' } });
    expect(parsed.label).toEqual({ en: 'Product' });
    expect(localized(order.label, 'ar')).toBe('رقم الطلب');
    expect(localized(product.label, 'es')).toBe('Product');
  });

  it('lets a field or an option be renamed or archived, never deleted, retyped or narrowed', () => {
    const renamed = [
      { ...order, label: { en: 'Order no.' }, archived: true },
      {
        ...product,
        options: [
          { id: 'kettle', label: { en: 'Electric kettle' }, archived: true },
          ...(product.options ?? []).slice(1),
        ],
      },
      plan,
      seats,
    ];
    expect(definitionsChangeProblem(definitions, renamed)).toBeNull();
    expect(definitionsChangeProblem(definitions, [product, plan, seats])).toContain('“Order number” cannot be deleted');
    expect(definitionsChangeProblem(definitions, [{ ...order, type: 'multiline' }, product, plan, seats])).toContain(
      'type of “Order number” cannot change',
    );
    expect(
      definitionsChangeProblem(definitions, [
        order,
        { ...product, options: product.options?.slice(0, 1) },
        plan,
        seats,
      ]),
    ).toContain('option “Toaster” of “Product” cannot be deleted');
    expect(definitionsChangeProblem([{ ...seats, integer: false }], [{ ...seats, integer: true }])).toContain(
      'cannot become whole numbers only',
    );
    // Adding fields, and widening a range, are always possible.
    expect(definitionsChangeProblem(definitions, [...definitions, { ...order, key: 'sku' }])).toBeNull();
  });
});

describe('field values', () => {
  it.each([
    ['“Order number” is a text.', order, 42],
    ['“Order number” has at most 500 characters.', order, 'x'.repeat(MAX_TEXT_VALUE + 1)],
    ['“Order number” is a single line.', order, 'two\nlines'],
    [
      `“Order number” has at most ${MAX_MULTILINE_VALUE} characters.`,
      { ...order, type: 'multiline' as const },
      'x'.repeat(10_000),
    ],
    ['“Seats” is a number.', seats, '12'],
    ['“Seats” is a number.', seats, Number.NaN],
    ['“Seats” is a whole number.', seats, 2.5],
    ['“Seats” is 1 to 500.', seats, 501],
    ['“Seats” is 1 to 500.', seats, 0],
    ['“Seats” is at most 500.', { ...seats, min: undefined }, 501],
    ['“Product” has no option “blender”.', product, 'blender'],
    ['The option “Toaster” of “Product” is archived: choose another.', product, 'toaster'],
    ['“Product” is one of its options.', product, ['kettle']],
    ['“Product” holds each option once.', { ...product, type: 'multiselect' as const }, ['kettle', 'kettle']],
    ['“Product” is a list of its options.', { ...product, type: 'multiselect' as const }, 'kettle'],
    ['“Order number” is checked or not.', { ...order, type: 'checkbox' as const }, 'yes'],
    ['“Order number” is a date (YYYY-MM-DD).', { ...order, type: 'date' as const }, '2026-02-30'],
  ])('refuses a value: %s', (message, field, value) => {
    expect(valueProblem(field, value as never)).toBe(message);
  });

  it('accepts values of every type, and keeps an archived option a ticket already has', () => {
    expect(valueProblem(order, 'ORD-1')).toBeNull();
    expect(valueProblem(seats, 500)).toBeNull();
    expect(valueProblem(product, 'kettle')).toBeNull();
    expect(valueProblem(product, 'toaster', 'toaster')).toBeNull();
    expect(valueProblem({ ...order, type: 'date' }, '2028-02-29')).toBeNull();
    expect(valueProblem({ ...order, type: 'checkbox' }, false)).toBeNull();
  });

  it('refuses unknown keys, a customer filling an agents’ field, and new values in an archived field', () => {
    const stored = { order_number: 'ORD-1', plan: 'pro' };
    expect(valuesWriteProblem(definitions, { colour: 'red' }, stored, 'staff')).toBe('There is no field “colour”.');
    expect(valuesWriteProblem(definitions, { plan: 'pro' }, {}, 'customer')).toBe(
      'Only agents and admins can fill “Plan”.',
    );
    expect(valuesWriteProblem(definitions, { plan: 'pro', seats: 3 }, {}, 'staff')).toBeNull();
    const archived = [{ ...order, archived: true }, product, plan, seats];
    expect(valuesWriteProblem(archived, { order_number: 'ORD-2' }, stored, 'staff')).toBe(
      '“Order number” is archived: it takes no new value.',
    );
    expect(valuesWriteProblem(archived, { order_number: 'ORD-1' }, stored, 'staff')).toBeNull();
  });

  it('clears values, and names the fields missing to submit and to solve', () => {
    expect(applyValueChanges({ plan: 'pro', seats: 3 }, { plan: null, order_number: '  ' })).toEqual({ seats: 3 });
    expect(missingOnSubmit(definitions, {}).map((field) => field.key)).toEqual(['order_number']);
    expect(missingToSolve(definitions, { product: 'kettle' }).map((field) => field.key)).toEqual(['plan']);
    expect(missingToSolve(definitions, { product: 'kettle', plan: 'pro' })).toEqual([]);
    // An archived required field no longer blocks solving.
    expect(missingToSolve([{ ...plan, archived: true }], {})).toEqual([]);
  });
});

describe('keyFromLabel', () => {
  it('makes a key any field may have, unique among those taken', () => {
    expect(keyFromLabel('Order number')).toBe('order_number');
    expect(keyFromLabel('Número de pedido')).toBe('numero_de_pedido');
    expect(keyFromLabel('2nd contact')).toBe('f_2nd_contact');
    expect(keyFromLabel('رقم')).toBe('field');
    expect(keyFromLabel('Plan', ['plan', 'plan_2'])).toBe('plan_3');
    const long = keyFromLabel('x'.repeat(60), ['x'.repeat(40)]);
    expect(long).toHaveLength(40);
    for (const key of ['order_number', 'f_2nd_contact', 'field', 'plan_3', long]) {
      expect(key).toMatch(FIELD_KEY_PATTERN);
    }
  });
});

describe('every sentence is translated', () => {
  it('gives each refusal of definitions and values in Spanish and Arabic, with its values', () => {
    registerRefusalTranslations('es', spanish.refusals);
    registerRefusalTranslations('ar', arabic.refusals);
    const es = createIntl({ locale: 'es', messages: spanish.messages as Record<string, string> });
    const ar = createIntl({ locale: 'ar', messages: arabic.messages as Record<string, string> });
    const many = Array.from({ length: MAX_FIELD_OPTIONS + 1 }, (_, i) => ({
      id: `o${i}`,
      label: { en: 'O' },
      archived: false,
    }));
    const sentences = [
      ...[
        [{ ...order, key: 'Order' }],
        [{ ...product, options: [{ id: 'Bad', label: { en: 'B' }, archived: false }] }],
        [{ ...order, label: { en: ' ' } }],
        [{ ...order, label: { en: 'x'.repeat(81) } }],
        [{ ...product, options: [{ id: 'a', label: { en: ' ' }, archived: false }] }],
        [{ ...product, options: [{ id: 'a', label: { en: 'x'.repeat(81) }, archived: false }] }],
        [{ ...order, description: { en: ' ' } }],
        [{ ...order, description: { en: 'x'.repeat(301) } }],
        [{ ...seats, min: Number.POSITIVE_INFINITY }],
        [{ ...product, options: [] }],
        [{ ...product, options: many }],
        [{ ...product, options: [product.options?.[0], product.options?.[0]] }],
        [{ ...order, options: product.options }],
        [{ ...order, min: 1 }],
        [{ ...seats, min: 9, max: 1 }],
        [{ ...seats, min: 1.5 }],
        [{ ...order, visibleTo: 'agents' }],
        [{ ...plan, requiredOnSubmit: true }],
        [{ ...order, type: 'colour' }],
        Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => ({ ...order, key: `f${i}` })),
        Array.from({ length: MAX_REQUEST_FIELDS + 1 }, (_, i) => ({ ...order, key: `f${i}` })),
        [order, order],
      ].map((fields) => refusal(customFieldDefinitionsSchema, fields)),
      definitionsChangeProblem(definitions, [product, plan, seats]),
      definitionsChangeProblem(definitions, [{ ...order, type: 'multiline' }, product, plan, seats]),
      definitionsChangeProblem([{ ...seats, integer: false }], [{ ...seats, integer: true }]),
      definitionsChangeProblem(definitions, [
        order,
        { ...product, options: product.options?.slice(0, 1) },
        plan,
        seats,
      ]),
      valueProblem(order, 1),
      valueProblem(order, 'a\nb'),
      valueProblem(order, 'x'.repeat(501)),
      valueProblem(seats, 'x'),
      valueProblem(seats, 1.5),
      valueProblem(seats, 0),
      valueProblem({ ...seats, max: undefined }, 0),
      valueProblem({ ...seats, min: undefined }, 501),
      valueProblem({ ...order, type: 'checkbox' }, 'x'),
      valueProblem({ ...order, type: 'date' }, 'x'),
      valueProblem(product, 1),
      valueProblem({ ...product, type: 'multiselect' }, 'x'),
      valueProblem({ ...product, type: 'multiselect' }, ['kettle', 'kettle']),
      valueProblem(product, 'blender'),
      valueProblem(product, 'toaster'),
      valuesWriteProblem(definitions, { colour: 'red' }, {}, 'staff'),
      valuesWriteProblem(definitions, { plan: 'pro' }, {}, 'customer'),
      valuesWriteProblem([{ ...order, archived: true }], { order_number: 'x' }, {}, 'staff'),
      valuesWriteProblem(
        definitions,
        Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x'])),
        {},
        'staff',
      ),
      // The planners' own: a required field empty on submit, and before a solve.
      'Fill “Order number” to send your request.',
      'Fill “Plan”, “Seats” before solving this ticket.',
      'You can only fill the fields of your own requests.',
    ];
    for (const sentence of sentences) {
      expect(sentence).toEqual(expect.any(String));
      const refused = { code: 'invalid-argument', message: sentence ?? '' };
      for (const intl of [es, ar]) {
        const translated = friendlySentence(intl, refused);
        expect([sentence, translated]).not.toEqual([sentence, sentence]);
        // The values the sentence carried (the field's label, the limit) are in the translation.
        for (const value of (sentence ?? '').match(/“[^”]*”|\d+/g) ?? []) {
          expect([sentence, translated]).toEqual([sentence, expect.stringContaining(value.replace(/[“”]/g, ''))]);
        }
      }
    }
  });
});
