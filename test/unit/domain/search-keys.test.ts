/**
 * The ticket search key (`src/domain/search-keys.ts`): what a ticket is found by,
 * how a typed query becomes the one key both adapters look up, and the bounds the Firestore
 * rules and indexes rely on.
 */
import {
  MAX_PREFIX,
  MAX_SEARCH_KEY_LENGTH,
  MAX_SEARCH_KEYS,
  foldText,
  searchKeyOf,
  searchKeysFor,
  searchTokens,
  withTagKeys,
  organisationKey,
  MAX_EMAIL_DOMAIN_PREFIX,
  MAX_CONVERSATION_WORDS,
  conversationKeysOf,
  conversationWordsByTicket,
  unionKeys,
  withConversationKeys,
  fieldFilterKeys,
  withFieldKeys,
  fieldWordKeys,
  agentFieldSearchKeys,
  MAX_FIELD_WORD_KEYS,
} from '@/domain/search-keys';
import { ticketFilterSchema, ticketQuerySchema } from '@/domain/schemas';

const source = {
  number: 42,
  subject: 'Printer jammed in the Zürich office',
  requesterName: 'Zoë Ångström',
  requesterEmail: 'Zoe.Angstrom@Example.test',
  tags: ['vip'],
};

describe('searchKeysFor', () => {
  const keys = searchKeysFor(source);

  it('holds the number, every word prefix from 2 characters, the email, its local part and tag keys', () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        '42',
        'pr',
        'pri',
        'printer',
        'ja',
        'zu',
        'zurich',
        'zo',
        'zoe',
        'an',
        'angstrom',
        'zoe.angstrom@example.test',
        'zoe.angstrom',
        '#vip',
      ]),
    );
  });

  it('finds a half-typed address: every prefix from its @ on, as a query of it looks up', () => {
    for (const typed of ['zoe.angstrom@', 'zoe.angstrom@e', 'zoe.angstrom@example', 'Zoe.Angstrom@Example.te']) {
      const key = searchKeyOf(typed);
      expect(key === null || keys.includes(key)).toBe(true);
    }
    expect(searchKeyOf('zoe.angstrom@example')).toBe('zoe.angstrom@example');
    expect(keys).toContain('zoe.angstrom@example');
    // Bounded: a long domain gives at most MAX_EMAIL_DOMAIN_PREFIX of them, and the address whole.
    const long = searchKeysFor({ ...source, requesterEmail: `a@${'d'.repeat(80)}.test` });
    // `a@`, then one more character each up to the domain's 40th, and the whole address.
    expect(long.filter((key) => key.startsWith('a@')).length).toBe(MAX_EMAIL_DOMAIN_PREFIX + 2);
  });

  it('folds case and diacritics, and keeps no single letters or duplicates', () => {
    expect(keys.every((key) => key === foldText(key))).toBe(true);
    expect(keys.some((key) => /[öüÅ]/.test(key))).toBe(false);
    expect(keys.filter((key) => key.length < 2)).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('stays bounded for the longest subject and name, keeping tags and the number', () => {
    const long = searchKeysFor({
      number: 123456,
      subject: Array.from({ length: 40 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}word${i}longerthanfifteen`)
        .join(' ')
        .slice(0, 150),
      requesterName: 'x'.repeat(80),
      requesterEmail: `${'y'.repeat(60)}@example.test`,
      tags: Array.from({ length: 10 }, (_, i) => `tag-${i}${'z'.repeat(24)}`),
    });
    expect(long.length).toBeLessThanOrEqual(MAX_SEARCH_KEYS);
    expect(long.every((key) => key.length <= MAX_SEARCH_KEY_LENGTH)).toBe(true);
    expect(long.filter((key) => key.startsWith('#'))).toHaveLength(10);
    expect(long).toContain('123456');
    // Word prefixes stop at MAX_PREFIX; only the email and its local part are kept whole.
    const words = long.filter((key) => !key.includes('@') && !key.startsWith('#') && key !== 'y'.repeat(60));
    expect(Math.max(...words.map((key) => key.length))).toBe(MAX_PREFIX);
  });

  it('replaces only the tag keys on a tag change', () => {
    const changed = withTagKeys(keys, ['billing', 'urgent-fix']);
    expect(changed).toEqual(expect.arrayContaining(['#billing', '#urgent-fix', 'zoe.angstrom@example.test', '42']));
    expect(changed).not.toContain('#vip');
    expect(changed.filter((key) => !key.startsWith('#')).sort()).toEqual(
      keys.filter((key) => !key.startsWith('#')).sort(),
    );
  });
});

describe('searchTokens and searchKeyOf', () => {
  it('folds and cuts words like the keys, keeps an email whole, and reads #42 as 42', () => {
    expect(searchTokens('  ZÜRICH   printer #42 zoe.angstrom@example.TEST a ')).toEqual([
      'zurich',
      'printer',
      '42',
      'zoe.angstrom@example.test',
    ]);
    expect(searchTokens('Supercalifragilistic')).toEqual(['supercalifragil']);
    expect(searchTokens('#007')).toEqual(['7']);
  });

  it('looks a query up by its longest token, which the keys hold', () => {
    expect(searchKeyOf('jam zürich')).toBe('zurich');
    expect(searchKeyOf('PRINT')).toBe('print');
    expect(searchKeyOf('x')).toBeNull();
    expect(searchKeyOf('')).toBeNull();
    expect(searchKeyOf(undefined)).toBeNull();
    const keys = searchKeysFor(source);
    for (const typed of ['Zoë', 'angs', '#42', 'zoe.angstrom@example.test', 'Zoe.Angstrom', 'printer jammed']) {
      expect({ typed, found: keys.includes(searchKeyOf(typed) ?? '') }).toEqual({ typed, found: true });
    }
    expect(keys.includes(searchKeyOf('#vip') ?? '')).toBe(false);
  });
});

describe('the filter schema', () => {
  it('accepts priority, category, tag and search, and refuses a tag with a search', () => {
    expect(ticketFilterSchema.safeParse({ priority: 'high', category: 'Billing', tag: 'vip' }).success).toBe(true);
    expect(ticketFilterSchema.safeParse({ tag: 'vip', search: 'printer' }).success).toBe(false);
    expect(ticketQuerySchema.safeParse({ tag: 'vip', search: 'printer', limit: 5 }).success).toBe(false);
    // A search with no token searches nothing, so it combines with a tag.
    expect(ticketFilterSchema.safeParse({ tag: 'vip', search: ' a ' }).success).toBe(true);
    expect(ticketFilterSchema.safeParse({ priority: 'whenever' }).success).toBe(false);
    expect(ticketFilterSchema.safeParse({ tag: 'Not A Tag' }).success).toBe(false);
    expect(ticketFilterSchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('conversation keys', () => {
  it('keeps each word of a message whole, folded and cut, numbers of 4 digits or more without leading zeros', () => {
    expect(conversationKeysOf('Order #004512 arrived in 2 boxes — Größe XL, see Extraordinarilylongword')).toEqual([
      'order',
      '4512',
      'arrived',
      'in',
      'boxes',
      'große',
      'xl',
      'see',
      'extraordinarily',
    ]);
  });

  it('finds a message word by the one key a query of that word is looked up by', () => {
    for (const word of ['Order', 'INV-20931', 'Zürich', 'extraordinarilylongword']) {
      const key = searchKeyOf(word);
      expect(key).not.toBeNull();
      expect(conversationKeysOf(`a reply with ${word} in it`)).toContain(key);
    }
    // A word's prefix is not a key of a message (only of subjects and names).
    expect(conversationKeysOf('refunds')).not.toContain(searchKeyOf('refu'));
  });

  it('adds a message’s words to the kept ones up to the bound, idempotently', () => {
    const stored = ['order', '4512'];
    expect(withConversationKeys(stored, ['order', 'shipped'])).toEqual(['order', '4512', 'shipped']);
    expect(withConversationKeys(withConversationKeys(stored, ['shipped']), ['shipped'])).toEqual([
      'order',
      '4512',
      'shipped',
    ]);
    const many = Array.from({ length: MAX_CONVERSATION_WORDS + 20 }, (_, i) => `w${i}`);
    const kept = withConversationKeys([], many);
    expect(kept).toHaveLength(MAX_CONVERSATION_WORDS);
    expect(kept.at(-1)).toBe(`w${MAX_CONVERSATION_WORDS - 1}`);
    // Full: new words are dropped, the first ones stay.
    expect(withConversationKeys(kept, ['late'])).toEqual(kept);
  });

  it('keeps each ticket’s words apart, public and internal, in the order they were written', () => {
    const at = (minute: number) => `2026-01-01T00:0${minute}:00.000Z`;
    const words = conversationWordsByTicket([
      { ticketId: 't1', body: 'Later words', internal: false, createdAt: at(2) },
      { ticketId: 't2', body: 'Other ticket', internal: false, createdAt: at(1) },
      { ticketId: 't1', body: 'First words', internal: false, createdAt: at(1) },
      { ticketId: 't1', body: 'Secret note', internal: true, createdAt: at(3) },
    ]);
    expect(words.get('t1')).toEqual({ publicWords: ['first', 'words', 'later'], noteWords: ['secret', 'note'] });
    expect(words.get('t2')).toEqual({ publicWords: ['other', 'ticket'], noteWords: [] });
    expect(words.get('t3')).toBeUndefined();
  });

  it('unites key lists without repeating a key', () => {
    expect(unionKeys(['42', 'pr'], ['pr', 'order'], ['secret'])).toEqual(['42', 'pr', 'order', 'secret']);
  });
});

describe('custom field filter keys (DESIGN §3 "Custom fields")', () => {
  it('keys an option, a checkbox, a day and its month; not numbers, lists or free text', () => {
    expect(
      fieldFilterKeys({
        product: 'web_app',
        vip: false,
        due: '2026-12-01',
        seats: 12,
        modules: ['api'],
        order_number: 'ORD-42 (urgent)',
      }),
    ).toEqual(['=product:web_app', '=vip:false', '=due:2026-12-01', '=due:2026-12']);
    expect(fieldFilterKeys(undefined)).toEqual([]);
  });
  it('replaces a ticket’s field keys and keeps the others', () => {
    expect(withFieldKeys(['#vip', '=product:web', 'printer'], ['=product:api'])).toEqual([
      '#vip',
      'printer',
      '=product:api',
    ]);
  });
  it("keeps a ticket's organisation as its `%` key, never dropped and never typed", () => {
    const keys = searchKeysFor({ number: 7, subject: 'x '.repeat(500), requesterName: 'Dana', organisationId: 'Org1' });
    expect(keys).toContain(organisationKey('Org1'));
    expect(organisationKey('Org1')).toBe('%Org1');
    expect(searchKeysFor({ number: 7, subject: 'a', requesterName: 'b', organisationId: null })).not.toContain('%');
    expect(searchKeyOf('%Org1')).not.toBe('%Org1');
  });
  it('is one filter of a tag, a field, an organisation and a search', () => {
    expect(ticketFilterSchema.safeParse({ organisationId: 'Org1' }).success).toBe(true);
    expect(ticketFilterSchema.safeParse({ organisationId: 'Org1', tag: 'vip' }).success).toBe(false);
    expect(ticketFilterSchema.safeParse({ organisationId: 'Org1', search: 'printer' }).success).toBe(false);
    expect(ticketFilterSchema.safeParse({ organisationId: 'a/b' }).error?.issues[0]?.message).toBe(
      'Choose an organisation to filter by.',
    );

    const field = { key: 'product', value: 'web_app' };
    expect(ticketFilterSchema.safeParse({ field }).success).toBe(true);
    expect(ticketFilterSchema.safeParse({ field, tag: 'vip' }).error?.issues[0]?.message).toBe(
      'A tag, a field, an organisation and a search cannot be combined: keep one of them.',
    );
    expect(ticketFilterSchema.safeParse({ field, search: 'printer' }).success).toBe(false);
    expect(ticketFilterSchema.safeParse({ field: { key: 'Product', value: 'x' } }).success).toBe(false);
    expect(ticketFilterSchema.safeParse({ field: { key: 'product', value: 'two words' } }).success).toBe(false);
  });
});

describe('fieldWordKeys', () => {
  it('gives every word of each text value its prefixes, dates and lists none, within the bound', () => {
    expect(
      fieldWordKeys({
        model: 'Kettle XL',
        due: '2026-12-01',
        tags: ['a', 'b'],
        seats: 3,
        vip: true,
        product: 'web_app',
      }),
    ).toEqual(['ke', 'ket', 'kett', 'kettl', 'kettle', 'xl', 'we', 'web', 'ap', 'app']);
    const long = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, `word${i}abcdefghijk`]));
    expect(fieldWordKeys(long)).toHaveLength(MAX_FIELD_WORD_KEYS);
  });

  it('joins an agents-only value’s filter keys and words', () => {
    expect(agentFieldSearchKeys({ plan: 'team', note: 'Big deal' })).toEqual([
      '=plan:team',
      'bi',
      'big',
      'de',
      'dea',
      'deal',
      'te',
      'tea',
      'team',
    ]);
  });
});
