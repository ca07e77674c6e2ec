/**
 * The per-day statistics trusted code keeps (functions/src/stats.ts, DESIGN §11) against a real
 * Firestore emulator, called as the `ticketWritten` trigger calls it (`recordTicketChange`), with
 * the Admin SDK: a new ticket's `stats/{day}.created.{id}` on the desk's local day, the first
 * reply, the solve with its SLA outcomes, the solve taken out by a reopen; a retried run writes
 * the same; a late run of an older change does not put back what a newer one took out.
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
    const { cannedReplies: _replies, ...desk } = DEFAULT_DESK_SETTINGS;
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

/** A day's statistics as stored (`undefined` when there is no such document). */
async function statsOf(day: string): Promise<DocumentData | undefined> {
  return (await db.doc(`stats/${day}`).get()).data();
}

/** A ticket's entry in one section of a day, as stored. */
async function entryOf(day: string, section: string, ticketId: string): Promise<unknown> {
  return ((await statsOf(day))?.[section] as Record<string, unknown> | undefined)?.[ticketId];
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
  it('writes a new ticket’s created entry on the desk’s local day, its first reply and its solve', async () => {
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: freshId('c'), before: null, after: created });
    expect(await entryOf('2026-03-02', 'created', created.id)).toEqual({ priority: 'urgent', category: 'Billing' });
    expect(await entryOf('2026-03-01', 'created', created.id)).toBeUndefined();
    expect(await statsOf('2026-03-02')).toMatchObject({ day: '2026-03-02' });

    // Replied 80 minutes in (00:50 UTC, 01:50 in Madrid): the 30-minute target missed.
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: replied });
    expect(await entryOf('2026-03-02', 'firstReplies', created.id)).toEqual({
      ms: 80 * MINUTE,
      priority: 'urgent',
      assigneeId: 'alice',
      assigneeName: 'Alice Agent',
    });

    // Solved at 23:30 UTC on 2 March: 00:30 on 3 March in Madrid, 24 hours in — resolution missed.
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: replied, after: solved });
    expect(await entryOf('2026-03-02', 'solved', created.id)).toBeUndefined();
    expect(await entryOf('2026-03-03', 'solved', created.id)).toEqual({
      ms: 24 * HOUR,
      priority: 'urgent',
      category: 'Billing',
      assigneeId: 'alice',
      assigneeName: 'Alice Agent',
      sla: { firstReply: 'missed', resolution: 'missed' },
    });
  });

  it('records the SLA outcomes the desk’s policy gives: met in time', async () => {
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
    expect(await entryOf('2026-03-02', 'firstReplies', created.id)).toMatchObject({ ms: 15 * MINUTE });
    expect(await entryOf('2026-03-02', 'solved', created.id)).toMatchObject({
      ms: 2 * HOUR,
      sla: { firstReply: 'met', resolution: 'met' },
    });
  });

  it('takes the solve out on a reopen, and keeps the rest', async () => {
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: freshId('c'), before: null, after: created });
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: replied });
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: replied, after: solved });
    expect(await entryOf('2026-03-03', 'solved', created.id)).toBeDefined();

    const reopened = await change(solved, '2026-03-03T08:00:00.000Z', {
      status: 'open',
      solvedAt: FieldValue.delete(),
      lastMessageAt: at('2026-03-03T08:00:00.000Z'),
      lastMessageBy: 'customer',
      updatedBy: 'carol',
    });
    await recordTicketChange(db, { changeId: freshId('c'), before: solved, after: reopened });
    expect(await entryOf('2026-03-03', 'solved', created.id)).toBeUndefined();
    expect(await entryOf('2026-03-02', 'created', created.id)).toEqual({ priority: 'urgent', category: 'Billing' });
    expect(await entryOf('2026-03-02', 'firstReplies', created.id)).toMatchObject({ ms: 80 * MINUTE });
  });

  it('writes the same again on a retried run', async () => {
    const created = await seedTicket();
    const first = { changeId: freshId('c'), before: null, after: created };
    await recordTicketChange(db, first);
    const replied = await change(created, '2026-03-02T00:50:00.000Z', replyFields);
    await recordTicketChange(db, { changeId: freshId('c'), before: created, after: replied });
    const solved = await change(replied, '2026-03-02T23:30:00.000Z', solveFields);
    const solve = { changeId: freshId('c'), before: replied, after: solved };
    await recordTicketChange(db, solve);
    const days = ['2026-03-02', '2026-03-03'];
    const once = await Promise.all(days.map(statsOf));
    // The same changes delivered again (the trigger retried).
    await recordTicketChange(db, solve);
    await recordTicketChange(db, first);
    expect(await recordTicketStats(db, replied, solved)).toBe(1);
    expect(await Promise.all(days.map(statsOf))).toEqual(once);
    expect(await entryOf('2026-03-03', 'solved', created.id)).toMatchObject({ ms: 24 * HOUR });
    expect(await entryOf('2026-03-02', 'created', created.id)).toEqual({ priority: 'urgent', category: 'Billing' });
  });

  it('does not put a solve back when an older change is processed after a newer one', async () => {
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
    expect(await entryOf('2026-03-03', 'solved', created.id)).toBeUndefined();
    expect(await recordTicketStats(db, replied, solved)).toBe(0);
    expect(await entryOf('2026-03-03', 'solved', created.id)).toBeUndefined();
    // A late run of the reply writes its entry again, as the ticket stored has it: no solve.
    const before = await Promise.all(['2026-03-02', '2026-03-03'].map(statsOf));
    expect(await recordTicketStats(db, created, replied)).toBe(1);
    expect(await Promise.all(['2026-03-02', '2026-03-03'].map(statsOf))).toEqual(before);
    expect(await entryOf('2026-03-02', 'firstReplies', created.id)).toMatchObject({ ms: 80 * MINUTE });
  });

  it('does not let an older change’s run undo a newer one’s that ran between its read and its write', async () => {
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
        if (property === 'batch') {
          return () => {
            const batch = target.batch();
            const commit = batch.commit.bind(batch);
            batch.commit = async () => {
              interleaved ??= reopenAndRecord();
              await interleaved;
              return commit();
            };
            return batch;
          };
        }
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
    expect(await entryOf('2026-03-03', 'solved', created.id)).toBeUndefined();
  });

  it('moves the solve when an older solve’s run comes after a later solve on another day', async () => {
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
    // the second's gets it; the second solve's own run then writes the same.
    await recordTicketStats(db, solved, reopened);
    await recordTicketStats(db, reopened, again);
    expect(await entryOf('2026-03-03', 'solved', created.id)).toBeUndefined();
    expect(await entryOf('2026-03-04', 'solved', created.id)).toMatchObject({ ms: 58.5 * HOUR });
  });
});
