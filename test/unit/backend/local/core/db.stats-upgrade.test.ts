/**
 * The local database’s versions 7, 9 and 18 (DESIGN §11): a database from before reports, from
 * before the days held counters, or from before tickets were counted by dropdown value, gets its
 * per-day statistics rebuilt from the stored tickets on
 * upgrade, in the desk's time zone; and the backend's writes keep them (a write outside a
 * transaction with `stats` leaves them alone).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { openTriageDb, SCHEMA_V16, SCHEMA_V6, SCHEMA_V8 } from '@/backend/local/core/db';
import { durationBucket, statsCounterKey } from '@/domain/reports/day-stats';
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
    expect(days[0]?.counts).toEqual({
      'created|priority|high': 1,
      'created|category|Billing': 1,
      [statsCounterKey({ kind: 'firstReply.ms', bucket: durationBucket(9.5 * 3_600_000) })]: 1,
      [statsCounterKey({ kind: 'firstReply.agent', agentId: 'agent1', bucket: durationBucket(9.5 * 3_600_000) })]: 1,
    });
    expect(days[0]?.names).toEqual({ agent1: 'Priya' });
    expect(days[1]?.counts).toMatchObject({
      [statsCounterKey({ kind: 'solved.ms', bucket: durationBucket(34.5 * 3_600_000) })]: 1,
      'solved|agent|agent1': 1,
    });
    expect(db.verno).toBe(29);

    // A reopen written as the backend writes (with `stats` in the transaction) takes the solve out.
    await db.transaction('rw', [db.tickets, db.settings, db.stats], () =>
      db.tickets.put({ ...solved, status: 'open', solvedAt: undefined, updatedAt: '2026-03-04T08:00:00.000Z' }),
    );
    const after = (await db.stats.get('2026-03-03'))?.counts ?? {};
    expect(Object.values(after).every((count) => count === 0)).toBe(true);
  } finally {
    db.close();
    await Dexie.delete(name);
  }
});

it('rebuilds a version 8 database’s per-ticket days as counters on upgrade', async () => {
  const name = `stats-counters-${process.pid}-${Date.now().toString(36)}`;
  const v8 = new Dexie(name);
  for (let version = 1; version <= 8; version += 1) v8.version(version).stores(SCHEMA_V8);
  await v8.table('settings').put({ id: 'desk', value: DEFAULT_DESK_SETTINGS, updatedAt: solved.createdAt });
  await v8.table('tickets').put({ ...solved, queueAssignee: 'agent1' });
  // A day as version 8 kept it: one entry per ticket.
  await v8.table('stats').put({
    day: '2026-03-01',
    created: { 't-solved': { priority: 'high', category: 'Billing' } },
    firstReplies: {},
    solved: {},
  });
  v8.close();

  const db = openTriageDb(name);
  try {
    const days = await db.stats.toArray();
    // UTC desk: submitted on 1 March, replied on 2 March, solved on 3 March.
    expect(days.map((day) => day.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(days.every((day) => !('created' in day) && Object.keys(day.counts).length > 0)).toBe(true);
    expect(days[0]?.counts).toEqual({ 'created|priority|high': 1, 'created|category|Billing': 1 });
  } finally {
    db.close();
    await Dexie.delete(name);
  }
});

it('counts a version 17 database’s tickets by dropdown value on upgrade, and keeps counting agents-only changes', async () => {
  const name = `stats-fields-${process.pid}-${Date.now().toString(36)}`;
  const v17 = new Dexie(name);
  for (let version = 1; version <= 17; version += 1) v17.version(version).stores(SCHEMA_V16);
  const dropdown = (key: string, visibleTo: 'agents' | 'customers') => ({
    key,
    type: 'dropdown',
    label: { en: key },
    visibleTo,
    filledBy: visibleTo,
    requiredOnSubmit: false,
    requiredToSolve: false,
    archived: false,
    options: [
      { id: 'web', label: { en: 'Web' }, archived: false },
      { id: 'team', label: { en: 'Team' }, archived: false },
    ],
  });
  await v17.table('settings').put({ id: 'desk', value: DEFAULT_DESK_SETTINGS, updatedAt: solved.createdAt });
  await v17.table('customFields').put({
    id: 'fields',
    fields: [dropdown('product', 'customers'), dropdown('plan', 'agents')],
    updatedBy: 'admin1',
    updatedAt: solved.createdAt,
  });
  await v17.table('tickets').put({ ...solved, fields: { product: 'web' }, queueAssignee: 'agent1' });
  await v17.table('agentFields').put({ ticketId: solved.id, values: { plan: 'team' } });
  // What version 17 counted: no field at all.
  await v17.table('stats').put({ day: '2026-03-01', counts: { 'created|priority|high': 1 }, names: {} });
  v17.close();

  const db = openTriageDb(name);
  try {
    expect((await db.stats.get('2026-03-01'))?.counts).toEqual({
      'created|priority|high': 1,
      'created|category|Billing': 1,
      'created|field|plan|team': 1,
      'created|field|product|web': 1,
    });
    // An agent takes the plan away, as the backend writes it (the statistics in the transaction).
    await db.transaction('rw', [db.agentFields, db.tickets, db.settings, db.stats, db.customFields], () =>
      db.agentFields.delete(solved.id),
    );
    expect((await db.stats.get('2026-03-01'))?.counts).toMatchObject({
      'created|field|plan|team': 0,
      'created|field|product|web': 1,
    });
  } finally {
    db.close();
    await Dexie.delete(name);
  }
});
