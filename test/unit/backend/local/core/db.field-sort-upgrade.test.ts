/**
 * The fields' sort slots locally (DESIGN §3 "Custom fields"): the database's version 20 gives every
 * stored ticket its slots from the definitions, and the queue's lanes hold them.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V16 } from '@/backend/local/core/db';
import { NO_FIELD_SORT_VALUE, sortableNumber } from '@/domain/field-sort';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import type { Ticket } from '@/domain/types';

const SEATS: CustomFieldDefinition = {
  key: 'seats',
  type: 'number',
  label: { en: 'Seats' },
  visibleTo: 'customers',
  filledBy: 'customers',
  requiredOnSubmit: false,
  requiredToSolve: false,
  archived: false,
  sortSlot: 'a',
};

function ticket(id: string, number: number, fields?: Ticket['fields']): Ticket {
  return {
    id,
    number,
    subject: 'Seats',
    status: 'open',
    priority: 'normal',
    tags: [],
    requesterId: 'u1',
    requesterName: 'Dana Whitfield',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastMessageAt: '2026-01-01T00:00:00.000Z',
    lastMessageBy: 'customer',
    ...(fields && { fields }),
  };
}

describe('local database version 20 (and after)', () => {
  it('gives stored tickets their sort slots, and the status lane reads them in order', async () => {
    const name = `field-sort-upgrade-${process.pid}-${Date.now().toString(36)}`;
    const v19 = new Dexie(name);
    for (let version = 1; version <= 19; version += 1) v19.version(version).stores(SCHEMA_V16);
    await v19.table('customFields').put({ id: 'fields', fields: [SEATS], updatedBy: 'ada', updatedAt: '' });
    await v19
      .table('tickets')
      .bulkPut([ticket('t1', 1, { seats: 40 }), ticket('t2', 2), ticket('t3', 3, { seats: -1 })]);
    v19.close();

    const db = openTriageDb(name);
    try {
      expect(db.verno).toBe(29);
      expect((await db.tickets.get('t1'))?.fieldSortA).toBe(sortableNumber(40));
      expect((await db.tickets.get('t2'))?.fieldSortA).toBe(NO_FIELD_SORT_VALUE);
      const inOrder = await db.tickets
        .where('[status+fieldSortA+id]')
        .between(['open', Dexie.minKey], ['open', Dexie.maxKey])
        .primaryKeys();
      expect(inOrder).toEqual(['t3', 't1', 't2']);
    } finally {
      db.close();
      await Dexie.delete(name);
    }
  });
});
