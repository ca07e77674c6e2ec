/**
 * Finding people (DESIGN §3 "Finding people"): the local database's version 8, which gives every
 * stored profile its search keys on upgrade and keeps them on every write — never across the port.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V7 } from '@/backend/local/core/db';
import type { UserProfile } from '@/domain/types';

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
      expect(db.verno).toBe(29);
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
