/**
 * Finding people (DESIGN §3 `users`): no screen reads the whole `users` collection. Staff lists
 * are one bounded query, requester pickers search as you type, and the admin's people list is
 * paged with a cursor. A person is found by a `searchKeys` list on their profile, written by
 * trusted code only (the `userWritten` Cloud Function on Firebase, the database middleware
 * locally), and looked up with one `array-contains` on the query's most specific token —
 * the same rule as the ticket search (`search-keys.ts`).
 */
import { foldText, MAX_SEARCH_KEY_LENGTH, MIN_PREFIX, prefixesOf, wordsOf } from '@/domain/search-keys';
import type { Role } from '@/domain/roles';

/**
 * Most people any one query of `users` may return: the Firestore rules refuse a staff list with
 * no limit or a larger one (`maxPeopleQuery()`), so no client can read the whole collection.
 */
export const MAX_PEOPLE_QUERY = 200;

/**
 * Most agents and admins the live staff list holds (assignee pickers, filters, timeline names):
 * a desk with more staff than this sees the first ones by name. Within {@link MAX_PEOPLE_QUERY}.
 */
export const STAFF_LIST_LIMIT = 200;

/** Results a person picker shows for what was typed (a requester filter). */
export const PEOPLE_SEARCH_LIMIT = 20;

/** People per page of the admin's people list. */
export const PEOPLE_PAGE_SIZE = 25;

/** Most people one page of `users.list` may ask for (it reads one more to know if more follow). */
export const MAX_PEOPLE_PAGE = 100;

/** The roles on the staff list (DESIGN §1: who a ticket can be assigned to). */
export const STAFF_ROLES: readonly Role[] = ['agent', 'admin'];

/** What a person's search keys are made of: their profile's name and email. */
export interface PersonSearchSource {
  displayName: string;
  email: string;
}

/**
 * The search keys of a profile: every word of the name by prefixes of 2 to 15 characters, and
 * the email — whole, its local part, the prefixes of the local part's words, and every prefix
 * of the whole address past the `@` (so `dana@exa` finds `dana@example.test` as it is typed).
 * Lowercase and diacritic-free (`foldText`), unique, in a stable order.
 * @returns the keys; queries look one up with `searchKeyOf(text)`.
 */
export function personSearchKeysFor(source: PersonSearchSource): string[] {
  const keys = new Set<string>();
  for (const word of wordsOf(source.displayName)) for (const key of prefixesOf(word)) keys.add(key);
  const email = foldText(source.email.trim());
  const at = email.indexOf('@');
  if (at > 0 && email.length <= MAX_SEARCH_KEY_LENGTH) {
    const local = email.slice(0, at);
    if (local.length >= MIN_PREFIX) keys.add(local);
    for (const word of wordsOf(local)) for (const key of prefixesOf(word)) keys.add(key);
    for (let end = at + 2; end <= email.length; end += 1) keys.add(email.slice(0, end));
  }
  return [...keys];
}

/** Whether two key lists are the same list (trusted code writes only when they differ). */
export function sameKeys(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((key, i) => key === b[i]);
}

/**
 * The version of {@link personSearchKeysFor}'s output. Trusted code back-fills every profile
 * once per version (on Firebase the scheduled `deskAutomation`, locally a Dexie upgrade), so a
 * change to the keys is a change of this number.
 */
export const PERSON_SEARCH_KEYS_VERSION = 1;
