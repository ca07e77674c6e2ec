/**
 * A ticket's organisation (DESIGN §1 "Organisations"): the local database's version 27 files every
 * stored ticket under its requester's organisation — a customer's; staff's tickets stay in none —
 * with the organisation's filter key among its search keys.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V26, SEARCH_KEYS } from '@/backend/local/core/db';
import { organisationKey, searchKeysFor } from '@/domain/search-keys';
import type { Ticket, UserProfile } from '@/domain/types';

describe('local database version 27', () => {
  it("gives stored tickets their customer requester's organisation and its filter key", async () => {
    const name = `organisations-upgrade-${process.pid}-${Date.now().toString(36)}`;
    const at = '2026-01-01T00:00:00.000Z';
    const person = (uid: string, role: UserProfile['role'], organisationId?: string): UserProfile => ({
      uid,
      displayName: uid,
      email: `${uid}@example.test`,
      role,
      createdAt: at,
      updatedAt: at,
      ...(organisationId && { organisationId }),
    });
    const ticket = (id: string, requesterId: string): Ticket => ({
      id,
      number: Number(id.slice(1)),
      subject: 'Blue kettle whistles',
      status: 'open',
      priority: 'normal',
      tags: [],
      requesterId,
      requesterName: requesterId,
      createdAt: at,
      updatedAt: at,
      lastMessageAt: at,
      lastMessageBy: 'customer',
    });
    const v26 = new Dexie(name);
    for (let version = 1; version <= 26; version += 1) v26.version(version).stores(SCHEMA_V26);
    // A member, a customer made staff (keeps the field, unused), and a customer in none.
    await v26
      .table('users')
      .bulkPut([person('dana', 'customer', 'acme'), person('ada', 'agent', 'acme'), person('erin', 'customer')]);
    const tickets = [ticket('t1', 'dana'), ticket('t2', 'ada'), ticket('t3', 'erin')];
    await v26.table('tickets').bulkPut(tickets.map((row) => ({ ...row, [SEARCH_KEYS]: searchKeysFor(row) })));
    v26.close();

    const db = openTriageDb(name);
    try {
      expect(db.verno).toBe(29);
      expect(await db.tickets.where(SEARCH_KEYS).equals(organisationKey('acme')).primaryKeys()).toEqual(['t1']);
      expect(await db.tickets.get('t1')).toMatchObject({ organisationId: 'acme' });
      expect(await db.tickets.get('t2')).not.toHaveProperty('organisationId');
      expect(await db.tickets.get('t3')).not.toHaveProperty('organisationId');
      // Its other keys stay.
      expect(await db.tickets.where(SEARCH_KEYS).equals('kett').count()).toBe(3);
    } finally {
      db.close();
      await Dexie.delete(name);
    }
  });
});
