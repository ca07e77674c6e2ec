/**
 * The per-day statistics trusted code keeps (functions/src/stats.ts, DESIGN §11) against a real
 * Firestore emulator, called as the `ticketWritten` trigger calls it (`recordTicketChange`), with
 * the Admin SDK: a new ticket counted on the desk's local day, the first reply, the solve with its
 * SLA outcomes, the solve taken out by a reopen; a retried run counts nothing twice; a late run of
 * an older change does not put back what a newer one took out; a day's document does not grow
 * with the tickets it counts (no ticket id in it).
 * Skips without FIRESTORE_EMULATOR_HOST.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { recordTicketStats } from '../../functions/src/stats';
import { recordTicketChange } from '../../functions/src/ticket-change';
import {
  durationBucket,
  STATS_LEDGER,
  statsCounterKey,
  type StatsCounter,
  type StatsEntry,
} from '@/domain/reports/day-stats';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { describeIfFirestore, freshId, openAdminFirestore } from './emulator-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let db: Firestore;
const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
/** The desk settings before this file changed them, put back after it. */
let storedDesk: DocumentData | undefined;

openAdminFirestore('stats-test', {
  opened: async (firestore) => {
    db = firestore;
    storedDesk = (await db.doc('settings/desk').get()).data();
    const desk = DEFAULT_DESK_SETTINGS;
    // A desk in Madrid (UTC+1 in March): its days start at 23:00 UTC. Urgent: first reply in 30
    // calendar minutes, resolution in 4 calendar hours.
    await db.doc('settings/desk').set({ ...desk, businessHours: { ...desk.businessHours, timeZone: 'Europe/Madrid' } });
  },
  closing: async () => {
    if (storedDesk) await db.doc('settings/desk').set(storedDesk);
    else await db.doc('settings/desk').delete();
  },
});

/** Submitted on Sunday 1 March 2026 at 23:30 UTC: 00:30 on Monday 2 March in Madrid. */
const CREATED = '2026-03-01T23:30:00.000Z';

async function seedTicket(fields: Record<string, unknown> = {}): Promise<DocumentSnapshot> {
  const ref = db.collection('tickets').doc(freshId('t'));
  await ref.set({
    number: 12,
    subject: 'Checkout fails',
    status: 'new',
    priority: 'urgent',
    category: 'Billing',
    tags: [],
    requesterId: 'carol',
    requesterName: 'Carol Customer',
    assigneeId: null,
    assigneeName: null,
    createdAt: at(CREATED),
    updatedAt: at(CREATED),
    updatedBy: 'carol',
    lastMessageAt: at(CREATED),
    lastMessageBy: 'customer',
    ...fields,
  });
  return ref.get();
}

/** Writes a change to the ticket as a client would, at `when`. @returns the new version. */
async function change(before: DocumentSnapshot, when: string, fields: Record<string, unknown>) {
  await before.ref.update({ ...fields, updatedAt: at(when) });
  return before.ref.get();
}

/** The days the scenarios touch (Madrid dates). */
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];

/** Every counter of {@link DAYS} as stored, by `day/key`. */
async function countsNow(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const day of DAYS) {
    const counts = ((await db.doc(`stats/${day}`).get()).get('counts') ?? {}) as Record<string, number>;
    for (const [key, count] of Object.entries(counts)) out.set(`${day}/${key}`, count);
  }
  return out;
}

/**
 * How a counter moved since `base` (the scenarios share the days, so each looks at its change).
 */
async function movedSince(base: Map<string, number>, day: string, counter: StatsCounter): Promise<number> {
  const key = `${day}/${statsCounterKey(counter)}`;
  return ((await countsNow()).get(key) ?? 0) - (base.get(key) ?? 0);
}

/** Every counter that moved since `base`, with its change. */
async function changesSince(base: Map<string, number>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [key, count] of await countsNow())
    if (count !== (base.get(key) ?? 0)) out[key] = count - (base.get(key) ?? 0);
  return out;
}

/** What trusted code keeps as counted for a ticket. */
async function ledgerOf(ticketId: string): Promise<{ day: string; section: string }[]> {
  const entries = ((await db.doc(`${STATS_LEDGER}/${ticketId}`).get()).get('entries') ?? []) as StatsEntry[];
  return entries.map(({ day, section }) => ({ day, section }));
}

const replyFields = {
  status: 'open',
  assigneeId: 'alice',
  assigneeName: 'Alice Agent',
  firstResponseAt: at('2026-03-02T00:50:00.000Z'),
  lastMessageAt: at('2026-03-02T00:50:00.000Z'),
  lastMessageBy: 'agent',
  updatedBy: 'alice',
};
const solveFields = {
  status: 'solved',
  solvedAt: at('2026-03-02T23:30:00.000Z'),
  updatedBy: 'alice',
};

describeIfFirestore('per-day statistics (functions/src/stats.ts)', () => {
  it('counts a new ticket on the desk’s local day, then its first reply and its solve, naming no ticket', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: freshId('c'), before: null, after: created });
    expect(await changesSince(base)).toEqual({
      '2026-03-02/created|priority|urgent': 1,
      '2026-03-02/created|category|Billing': 1,
    });
    expect(await ledgerOf(created.id)).toEqual([{ day: '2026-03-02', section: 'created' }]);

    // Replied 80 minutes in (00:50 UTC, 01:50 in Madrid): the 30-minute target missed.
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: replied });
    const reply = durationBucket(80 * MINUTE);
    expect(await movedSince(base, '2026-03-02', { kind: 'firstReply.ms', bucket: reply })).toBe(1);
    expect(await movedSince(base, '2026-03-02', { kind: 'firstReply.agent', agentId: 'alice', bucket: reply })).toBe(1);
    expect((await db.doc('stats/2026-03-02').get()).get('names')).toMatchObject({ alice: 'Alice Agent' });

    // Solved at 23:30 UTC on 2 March: 00:30 on 3 March in Madrid, 24 hours in — resolution missed.
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: replied, after: solved });
    expect(await changesSince(base)).toMatchObject({
      '2026-03-03/solved|agent|alice': 1,
      [`2026-03-03/solved|ms|${durationBucket(24 * HOUR)}`]: 1,
      '2026-03-03/solved|sla|urgent|firstReply|missed': 1,
      '2026-03-03/solved|sla|urgent|resolution|missed': 1,
    });
    expect(Object.keys(await changesSince(base)).some((key) => key.startsWith('2026-03-02/solved'))).toBe(false);
    expect(await ledgerOf(created.id)).toEqual([
      { day: '2026-03-02', section: 'created' },
      { day: '2026-03-02', section: 'firstReplies' },
      { day: '2026-03-03', section: 'solved' },
    ]);
    // No key of any day names a ticket.
    for (const day of DAYS) {
      const stored = JSON.stringify((await db.doc(`stats/${day}`).get()).data() ?? {});
      expect(stored).not.toContain(created.id);
    }
  });

  it('records the SLA outcomes the desk’s policy gives: met in time', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: freshId('c'), before: null, after: created });
    const quick = await change(created, '2026-03-01T23:45:00.000Z', {
      ...replyFields,
      firstResponseAt: at('2026-03-01T23:45:00.000Z'),
      lastMessageAt: at('2026-03-01T23:45:00.000Z'),
    });
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: quick });
    const solved = await change(quick, '2026-03-02T01:30:00.000Z', {
      ...solveFields,
      solvedAt: at('2026-03-02T01:30:00.000Z'),
    });
    await recordTicketChange(db, { changeId: freshId('c'), before: quick, after: solved });
    expect(await changesSince(base)).toMatchObject({
      [`2026-03-02/firstReply|ms|${durationBucket(15 * MINUTE)}`]: 1,
      [`2026-03-02/solved|ms|${durationBucket(2 * HOUR)}`]: 1,
      '2026-03-02/solved|sla|urgent|firstReply|met': 1,
      '2026-03-02/solved|sla|urgent|resolution|met': 1,
    });
  });

  it('takes the solve out on a reopen, and keeps the rest', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: freshId('c'), before: null, after: created });
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: replied });
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: replied, after: solved });
    expect(await movedSince(base, '2026-03-03', { kind: 'solved.agent', agentId: 'alice' })).toBe(1);

    const reopened = await change(solved, '2026-03-03T08:00:00.000Z', {
      status: 'open',
      solvedAt: FieldValue.delete(),
      lastMessageAt: at('2026-03-03T08:00:00.000Z'),
      lastMessageBy: 'customer',
      updatedBy: 'carol',
    });
    await recordTicketChange(db, { changeId: freshId('c'), before: solved, after: reopened });
    expect(await changesSince(base)).toEqual({
      '2026-03-02/created|priority|urgent': 1,
      '2026-03-02/created|category|Billing': 1,
      [`2026-03-02/firstReply|ms|${durationBucket(80 * MINUTE)}`]: 1,
      [`2026-03-02/firstReply|agent|alice|${durationBucket(80 * MINUTE)}`]: 1,
    });
    expect(await ledgerOf(created.id)).toEqual([
      { day: '2026-03-02', section: 'created' },
      { day: '2026-03-02', section: 'firstReplies' },
    ]);
  });

  it('counts nothing twice on a retried run', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    const first = { changeId: freshId('c'), before: null, after: created };
    await recordTicketChange(db, first);
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: replied });
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    const solve = { changeId: freshId('c'), before: replied, after: solved };
    await recordTicketChange(db, solve);
    const once = await changesSince(base);
    // The same changes delivered again (the trigger retried).
    await recordTicketChange(db, solve);
    await recordTicketChange(db, first);
    expect(await recordTicketStats(db, replied, solved)).toBe(0);
    expect(await changesSince(base)).toEqual(once);
    expect(once['2026-03-02/created|priority|urgent']).toBe(1);
    expect(once['2026-03-03/solved|agent|alice']).toBe(1);
  });

  it('does not put a solve back when an older change is processed after a newer one', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    await recordTicketStats(db, null, created);
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketStats(db, created, replied);
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    const reopened = await change(solved, '2026-03-03T08:00:00.000Z', {
      status: 'open',
      solvedAt: FieldValue.delete(),
      updatedBy: 'carol',
    });
    // The reopen's run first (its `before` is the solved version), then the solve's, late: its
    // `after` says solved, but the ticket as stored is open again.
    await recordTicketStats(db, solved, reopened);
    expect(await movedSince(base, '2026-03-03', { kind: 'solved.agent', agentId: 'alice' })).toBe(0);
    expect(await recordTicketStats(db, replied, solved)).toBe(0);
    expect(await movedSince(base, '2026-03-03', { kind: 'solved.agent', agentId: 'alice' })).toBe(0);
    // A late run of the reply finds it counted already.
    const before = await changesSince(base);
    expect(await recordTicketStats(db, created, replied)).toBe(0);
    expect(await changesSince(base)).toEqual(before);
    expect(before[`2026-03-02/firstReply|agent|alice|${durationBucket(80 * MINUTE)}`]).toBe(1);
  });

  it('does not let an older change’s run undo a newer one’s that ran between its read and its write', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    await recordTicketStats(db, null, created);
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketStats(db, created, replied);
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    // The requester reopens, and the reopen's run completes, while the solve's run is under way:
    // after it read the stored ticket (still solved) and before its write is committed.
    const reopenAndRecord = async () => {
      const reopened = await change(solved, '2026-03-03T08:00:00.000Z', {
        status: 'open',
        solvedAt: FieldValue.delete(),
        updatedBy: 'carol',
      });
      await recordTicketStats(db, solved, reopened);
    };
    let interleaved: Promise<void> | undefined;
    const racing = new Proxy(db, {
      get(target, property) {
        if (property === 'runTransaction') {
          return <T>(update: (tx: Transaction) => Promise<T>) =>
            target.runTransaction(async (tx) => {
              const result = await update(tx);
              // Not awaited here: the reopen is a write of the ticket this transaction read.
              interleaved ??= reopenAndRecord();
              return result;
            });
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    await recordTicketStats(racing, replied, solved);
    await interleaved;
    expect(interleaved).toBeDefined();
    expect((await solved.ref.get()).get('status')).toBe('open');
    expect(await movedSince(base, '2026-03-03', { kind: 'solved.agent', agentId: 'alice' })).toBe(0);
    expect(await ledgerOf(created.id)).toEqual([
      { day: '2026-03-02', section: 'created' },
      { day: '2026-03-02', section: 'firstReplies' },
    ]);
  });

  it('moves the solve when an older solve’s run comes after a later solve on another day', async () => {
    const base = await countsNow();
    const created = await seedTicket();
    await recordTicketStats(db, null, created);
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketStats(db, created, replied);
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    await recordTicketStats(db, replied, solved);
    const reopened = await change(solved, '2026-03-03T08:00:00.000Z', {
      status: 'open',
      solvedAt: FieldValue.delete(),
      updatedBy: 'carol',
    });
    const again = await change(reopened, '2026-03-04T10:00:00.000Z', {
      status: 'solved',
      solvedAt: at('2026-03-04T10:00:00.000Z'),
      updatedBy: 'alice',
    });
    // The reopen's run sees the second solve already stored: the first solve's day loses it,
    // the second's gets it; the second solve's own run then counts nothing more.
    await recordTicketStats(db, solved, reopened);
    await recordTicketStats(db, reopened, again);
    expect(await movedSince(base, '2026-03-03', { kind: 'solved.agent', agentId: 'alice' })).toBe(0);
    expect(await movedSince(base, '2026-03-04', { kind: 'solved.agent', agentId: 'alice' })).toBe(1);
    expect(await movedSince(base, '2026-03-04', { kind: 'solved.ms', bucket: durationBucket(58.5 * HOUR) })).toBe(1);
  });

  it('keeps a day’s document the same size however many tickets it counts, even with long ticket ids', async () => {
    const sizeOf = async () => JSON.stringify((await db.doc('stats/2026-03-02').get()).data() ?? {}).length;
    const ticketWithLongId = async () => {
      const ref = db.collection('tickets').doc(`${freshId('t')}-${'x'.repeat(600)}`);
      await ref.set({ ...(await seedTicket()).data(), number: 13 });
      const created = await ref.get();
      await recordTicketChange(db, { changeId: freshId('c'), before: null, after: created });
    };
    await ticketWithLongId();
    const size = await sizeOf();
    for (let i = 0; i < 30; i += 1) await ticketWithLongId();
    expect(await sizeOf()).toBeLessThanOrEqual(size + 4);
  });
});
