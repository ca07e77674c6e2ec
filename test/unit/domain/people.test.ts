/**
 * Finding people (DESIGN §3 "Finding people"), `src/domain/people.ts`: a profile's search keys
 * (`personSearchKeysFor`), looked up by a query's one key (`searchKeyOf`).
 */
import { MAX_PEOPLE_QUERY, PEOPLE_SEARCH_LIMIT, personSearchKeysFor, STAFF_LIST_LIMIT } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';

const zoe = { displayName: 'Zoë Ångström-Lee', email: 'Zoe.Angstrom@Example.test' };

/** Whether typing `text` finds `person` (the query's one key among their keys). */
const finds = (text: string, person = zoe) => {
  const key = searchKeyOf(text);
  return key !== null && personSearchKeysFor(person).includes(key);
};

describe('personSearchKeysFor', () => {
  it('finds a person by any 2+ letter prefix of a name word, in any case, diacritics folded', () => {
    for (const text of ['zo', 'ZOE', 'ång', 'angstrom', 'lee', 'zoe angs'])
      expect([text, finds(text)]).toEqual([text, true]);
    for (const text of ['oe', 'strom', 'zoey']) expect([text, finds(text)]).toEqual([text, false]);
  });

  it('finds a person by their email whole, as it is typed past the @, or by its local part', () => {
    for (const text of ['zoe.angstrom@example.test', 'Zoe.Angstrom@ex', 'zoe.angstrom', 'angstrom@exa']) {
      expect([text, finds(text)]).toEqual([text, text !== 'angstrom@exa']);
    }
  });

  it('keeps the keys unique, and bounded by the name and email', () => {
    const keys = personSearchKeysFor(zoe);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.length >= 2 && key === key.toLowerCase())).toBe(true);
    // One letter is no key, and an address without `@` is not an email.
    expect(personSearchKeysFor({ displayName: 'A', email: 'not-an-email' })).toEqual([]);
  });

  it('bounds every list of people within the rules’ limit', () => {
    expect(STAFF_LIST_LIMIT).toBeLessThanOrEqual(MAX_PEOPLE_QUERY);
    expect(PEOPLE_SEARCH_LIMIT + 1).toBeLessThanOrEqual(MAX_PEOPLE_QUERY);
  });
});
