/**
 * Text fields searched by word (DESIGN §3 "Custom fields"): the local database's version 17 gives
 * every stored ticket its values' words as search keys, and a later change of a value takes the
 * old words out (but those of the subject).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V16, SEARCH_KEYS } from '@/backend/local/core/db';
import { searchKeysFor } from '@/domain/search-keys';
import type { Ticket } from '@/domain/types';

describe('local database version 17', () => {
  it('gives stored tickets their text values’ words, and a changed value loses its old ones', async () => {
    const name = `field-words-upgrade-${process.pid}-${Date.now().toString(36)}`;
    const ticket: Ticket = {
      id: 't1',
      number: 7,
      subject: 'Blue kettle whistles',
      status: 'open',
      priority: 'normal',
      tags: [],
      requesterId: 'u1',
      requesterName: 'Dana Whitfield',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      lastMessageAt: '2026-01-01T00:00:00.000Z',
      lastMessageBy: 'customer',
      fields: { model: 'Kettle Zephyr' },
    };
    const v16 = new Dexie(name);
    for (let version = 1; version <= 16; version += 1) v16.version(version).stores(SCHEMA_V16);
    await v16.table('tickets').put({ ...ticket, [SEARCH_KEYS]: searchKeysFor(ticket) });
    v16.close();

    const db = openTriageDb(name);
    const finds = async (key: string) => (await db.tickets.where(SEARCH_KEYS).equals(key).count()) === 1;
    try {
      expect(db.verno).toBe(29);
      expect(await finds('zeph')).toBe(true);
      await db.tickets.put({ ...ticket, fields: { model: 'Green' } });
      expect(await finds('zeph')).toBe(false);
      expect(await finds('gree')).toBe(true);
      // "kettle" is the subject's too: it stays.
      expect(await finds('kett')).toBe(true);
      // The words are an index, never read back.
      const read = await db.tickets.get('t1');
      expect(read?.fields).toEqual({ model: 'Green' });
      expect(read).not.toHaveProperty('fieldWords');
      expect(read).not.toHaveProperty(SEARCH_KEYS);
    } finally {
      db.close();
      await Dexie.delete(name);
    }
  });
});
