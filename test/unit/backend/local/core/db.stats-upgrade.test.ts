/**
 * The local database's version 7 (DESIGN §11): a database from before reports gets each stored
 * ticket's per-day statistics on upgrade, in the desk's time zone; and the backend's writes keep
 * them (a write outside a transaction with `stats` leaves them alone).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V6 } from '@/backend/local/core/db';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import type { Ticket } from '@/domain/types';

const solved: Ticket = {
  id: 't-solved',
  number: 1,
  subject: 'Invoice in the wrong currency',
  status: 'solved',
  priority: 'high',
  category: 'Billing',
  tags: [],
  requesterId: 'req1',
  requesterName: 'Dana',
  assigneeId: 'agent1',
  assigneeName: 'Priya',
  // 23:30 UTC on 1 March is 2 March in Madrid.
  createdAt: '2026-03-01T23:30:00.000Z',
  updatedAt: '2026-03-03T10:00:00.000Z',
  lastMessageAt: '2026-03-02T09:00:00.000Z',
  lastMessageBy: 'agent',
  firstResponseAt: '2026-03-02T09:00:00.000Z',
  solvedAt: '2026-03-03T10:00:00.000Z',
};

it('back-fills the statistics of a version 6 database on upgrade, in the desk’s time zone', async () => {
  const name = `stats-upgrade-${process.pid}-${Date.now().toString(36)}`;
  const v6 = new Dexie(name);
  for (let version = 1; version <= 6; version += 1) v6.version(version).stores(SCHEMA_V6);
  const desk = {
    ...DEFAULT_DESK_SETTINGS,
    businessHours: { ...DEFAULT_DESK_SETTINGS.businessHours, timeZone: 'Europe/Madrid' },
  };
  await v6.table('settings').put({ id: 'desk', value: desk, updatedAt: solved.createdAt });
  await v6.table('tickets').put({ ...solved, queueAssignee: 'agent1' });
  v6.close();

  const db = openTriageDb(name);
  try {
    const days = await db.stats.toArray();
    expect(days.map((day) => day.day)).toEqual(['2026-03-02', '2026-03-03']);
    expect(days[0]?.created).toEqual({ 't-solved': { priority: 'high', category: 'Billing' } });
    expect(days[0]?.firstReplies['t-solved']).toMatchObject({ ms: 9.5 * 3_600_000, assigneeName: 'Priya' });
    expect(days[1]?.solved['t-solved']).toMatchObject({ ms: 34.5 * 3_600_000, priority: 'high', category: 'Billing' });
    expect(db.verno).toBe(8);

    // A reopen written as the backend writes (with `stats` in the transaction) takes the solve out.
    await db.transaction('rw', [db.tickets, db.settings, db.stats], () =>
      db.tickets.put({ ...solved, status: 'open', solvedAt: undefined, updatedAt: '2026-03-04T08:00:00.000Z' }),
    );
    expect((await db.stats.get('2026-03-03'))?.solved).toEqual({});
  } finally {
    db.close();
    await Dexie.delete(name);
  }
});
