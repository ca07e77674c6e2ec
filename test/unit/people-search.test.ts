/**
 * Finding people (DESIGN §3 "Finding people"): a profile's search keys (`personSearchKeysFor`),
 * looked up by a query's one key (`searchKeyOf`), and the local database's version 8, which
 * gives every stored profile its keys on upgrade and keeps them on every write — never across
 * the port.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V7 } from '@/backend/local/core/db';
import { MAX_PEOPLE_QUERY, PEOPLE_SEARCH_LIMIT, personSearchKeysFor, STAFF_LIST_LIMIT } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';
import type { UserProfile } from '@/domain/types';

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

describe('local database version 8', () => {
  const profile: UserProfile = {
    uid: 'u1',
    displayName: 'Dana Whitfield',
    email: 'dana@example.test',
    role: 'customer',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('back-fills the keys of a version 7 database on upgrade, keeps them on writes, and never returns them', async () => {
    const name = `people-upgrade-${process.pid}-${Date.now().toString(36)}`;
    const v7 = new Dexie(name);
    for (let version = 1; version <= 7; version += 1) v7.version(version).stores(SCHEMA_V7);
    await v7.table('users').put(profile);
    v7.close();

    const db = openTriageDb(name);
    try {
      expect(db.verno).toBe(8);
      expect((await db.users.where('searchKeys').equals('whit').toArray()).map((u) => u.uid)).toEqual(['u1']);
      expect(await db.users.get('u1')).toEqual(profile);
      await db.users.put({ ...profile, displayName: 'Dana Romero' });
      expect(await db.users.where('searchKeys').equals('whit').count()).toBe(0);
      expect(await db.users.where('searchKeys').equals('rom').count()).toBe(1);
      await db.users.update('u1', { role: 'agent' });
      expect(await db.users.where('searchKeys').equals('rom').count()).toBe(1);
    } finally {
      db.close();
      await Dexie.delete(name);
    }
  });
});
