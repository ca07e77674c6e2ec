/**
 * Macros (DESIGN §3 "Macros"): the local database's version 16 moves every canned reply of the
 * stored settings into the `macros` table as a shared, text-only macro — none lost, the same id,
 * title and body — and the settings keep everything else.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V15 } from '@/backend/local/core/db';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';

describe('local database version 16', () => {
  it('moves the stored canned replies into shared text-only macros, and keeps the rest of the settings', async () => {
    const name = `macros-upgrade-${process.pid}-${Date.now().toString(36)}`;
    const replies = [
      { id: 'greeting', title: 'Thanks', body: 'Hi {{requester.name}}, thanks for writing.' },
      { id: 'bye', title: 'Closing', body: 'Glad we could help.' },
      { id: 'broken', title: '', body: 'No title: never shown, not moved.' },
    ];
    const v15 = new Dexie(name);
    for (let version = 1; version <= 15; version += 1) v15.version(version).stores(SCHEMA_V15);
    await v15.table('settings').put({
      id: 'desk',
      value: { ...DEFAULT_DESK_SETTINGS, deskName: 'Acme', cannedReplies: replies },
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    v15.close();

    const db = openTriageDb(name);
    try {
      expect(db.verno).toBe(29);
      const macros = await db.macros.toArray();
      expect(macros.map(({ id, title, body, actions, ownerId }) => ({ id, title, body, actions, ownerId }))).toEqual(
        expect.arrayContaining([
          { ...replies[0], actions: {}, ownerId: null },
          { ...replies[1], actions: {}, ownerId: null },
        ]),
      );
      expect(macros).toHaveLength(2);
      const settings = await db.settings.get('desk');
      expect(settings?.value).not.toHaveProperty('cannedReplies');
      expect(settings?.value.deskName).toBe('Acme');
    } finally {
      db.close();
      await Dexie.delete(name);
    }
  });
});
