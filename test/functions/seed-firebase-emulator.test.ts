/**
 * The Firebase seed's writes (`scripts/ops/seed-firebase.ts`'s `writeDesk`) against a real Firestore
 * emulator, each test in a project of its own: the demo desk, 90 days of history included, goes
 * in several batches with the counter last; a seeded desk is left as it is; a recent claim of
 * another seed is refused, and an interrupted seed's documents are cleared and written again.
 * The ratings and `stats/{day}` documents read back as the reports read them, and are what
 * `ticketWritten` derives from the stored tickets. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldPath, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { buildDemoDesk } from '@/backend/local/seed/demo-desk';
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import {
  dayStatsFrom,
  dayStatsOfTickets,
  STATS_LEDGER,
  statsEntriesDiff,
  statsEntriesFrom,
  statsEntriesOf,
} from '@/domain/reports/day-stats';
import { buildReport, reportRange } from '@/domain/reports/report';
import { slaStateAfter } from '@/domain/sla/ticket-sla';
import { SLA_TARGETS } from '@/domain/sla/clocks';
import { ticketOf } from '../../functions/src/snapshot-values';
import {
  COUNTER_PATH,
  MAX_BATCH_WRITES,
  SEED_CLAIM_PATH,
  SEED_CLAIM_STALE_MS,
  deskDocuments,
  writeDesk,
} from '../../scripts/ops/seed-firebase';

jest.setTimeout(120_000);

const host = process.env.FIRESTORE_EMULATOR_HOST;
const describeIfFirestore = host ? describe : describe.skip;
if (!host)
  console.log('seed emulator tests skipped: FIRESTORE_EMULATOR_HOST unset (npm test starts a Firestore emulator)');

const NOW = Date.parse('2026-03-11T15:20:00.000Z');
const UIDS = DEMO_ACCOUNTS.map((_, i) => `seed-uid-${i}`);
const desk = buildDemoDesk(NOW, UIDS);
const documents = deskDocuments(desk);

const apps: App[] = [];
let sequence = 0;

/** A Firestore of a project of its own on the emulator (the counter and the claim have fixed paths). */
function freshProject(): Firestore {
  sequence += 1;
  const app = initializeApp({ projectId: `demo-seed-${Date.now().toString(36)}-${sequence}` }, `seed-${sequence}`);
  apps.push(app);
  return getFirestore(app);
}

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
});

const countOf = async (db: Firestore, name: string) => (await db.collection(name).count().get()).data().count;

describeIfFirestore('the Firebase seed on the emulator', () => {
  let db: Firestore;
  beforeAll(async () => {
    db = freshProject();
    expect(documents.length).toBeGreaterThan(MAX_BATCH_WRITES);
    expect(await writeDesk(db, documents, NOW)).toBe(documents.length);
  });

  it('writes the whole desk in batches, the counter last and the claim gone; a seeded desk is left alone', async () => {
    expect(await countOf(db, 'tickets')).toBe(desk.tickets.length);
    expect(await countOf(db, 'ratings')).toBe(desk.ratings.length);
    expect(await countOf(db, 'stats')).toBe(documents.filter((document) => document.path.startsWith('stats/')).length);
    expect((await db.collectionGroup('messages').count().get()).data().count).toBe(desk.messages.length);
    expect((await db.doc(COUNTER_PATH).get()).data()).toEqual({ lastNumber: desk.tickets.length });
    expect((await db.doc(SEED_CLAIM_PATH).get()).exists).toBe(false);
    expect(await writeDesk(db, deskDocuments(buildDemoDesk(NOW + 60_000, UIDS)), NOW + 60_000)).toBe(0);
    expect(await countOf(db, 'tickets')).toBe(desk.tickets.length);
  });

  it('stores statistics and ratings a 90-day report reads with something on every chart', async () => {
    const range = reportRange(90, NOW, 'UTC');
    const days = await db
      .collection('stats')
      .where(FieldPath.documentId(), '>=', range.days[0])
      .where(FieldPath.documentId(), '<=', range.days.at(-1))
      .get();
    const from = Timestamp.fromMillis(Date.parse(range.from));
    const to = Timestamp.fromMillis(Date.parse(range.to));
    const rated = async (score: string) =>
      (
        await db
          .collection('ratings')
          .where('score', '==', score)
          .where('createdAt', '>=', from)
          .where('createdAt', '<=', to)
          .count()
          .get()
      ).data().count;
    const report = buildReport(range, {
      days: days.docs.map((snapshot) => dayStatsFrom(snapshot.id, snapshot.data())),
      backlog: { new: 0, open: 0, pending: 0, on_hold: 0 },
      ratings: { good: await rated('good'), bad: await rated('bad') },
      reads: 0,
    });
    expect(days.size).toBeGreaterThanOrEqual(80);
    expect(report.totals.created).toBeGreaterThanOrEqual(200);
    for (const week of report.weeks.slice(1, -1)) {
      expect(week.firstReplyMs).toEqual(expect.any(Number));
      expect(week.resolutionMs).toEqual(expect.any(Number));
    }
    for (const target of SLA_TARGETS) {
      const rows = report.sla.filter((row) => row.target === target);
      expect(rows.some((row) => row.met > 0)).toBe(true);
      expect(rows.some((row) => row.missed > 0)).toBe(true);
    }
    expect(report.agents.filter((agent) => agent.agentId !== null).length).toBeGreaterThanOrEqual(3);
    expect(report.priorities.every((share) => share.count > 0)).toBe(true);
    expect(report.csat.good).toBeGreaterThan(0);
    expect(report.csat.bad).toBeGreaterThan(0);
  });

  it('stores each ticket so that ticketWritten finds it counted: its ledger, and the days its entries fill', async () => {
    const stored = (await db.collection('stats').get()).docs.map((day) => dayStatsFrom(day.id, day.data()));
    const ledgers = new Map((await db.collection(STATS_LEDGER).get()).docs.map((doc) => [doc.id, doc.get('entries')]));
    const tickets = (await db.collection('tickets').get()).docs;
    const derived = await Promise.all(
      tickets.map(async (snapshot) => {
        const ticket = ticketOf(snapshot);
        const agents = await snapshot.ref.collection('agentFields').doc('values').get();
        // What the trigger does on the ticket's creation: completes the SLA record, then reads its
        // entries, its agents-only values beside its own.
        return {
          ...ticket,
          sla: slaStateAfter(null, ticket),
          fields: { ...ticket.fields, ...customFieldValuesFrom(agents.get('values')) },
        };
      }),
    );
    const statsDesk = { ...desk.settings.value, fieldDefinitions: desk.customFields.fields };
    for (const ticket of derived) {
      const entries = statsEntriesOf(ticket, statsDesk);
      // The trigger diffs the ledger against these: nothing to count twice.
      expect(statsEntriesDiff(statsEntriesFrom(ledgers.get(ticket.id)), entries)).toEqual({ removed: [], added: [] });
    }
    const expected = dayStatsOfTickets(derived, statsDesk).map((day) => dayStatsFrom(day.day, day));
    expect(stored.sort((a, b) => a.day.localeCompare(b.day))).toEqual(expected);
  });
});

describeIfFirestore('an interrupted or concurrent Firebase seed', () => {
  it('refuses while another seed’s claim is recent', async () => {
    const db = freshProject();
    await db.doc(SEED_CLAIM_PATH).create({ startedAt: Timestamp.fromMillis(NOW - 10_000) });
    await expect(writeDesk(db, documents, NOW)).rejects.toThrow(/Another seed claimed the desk/);
    expect(await countOf(db, 'tickets')).toBe(0);
  });

  it('clears what an interrupted seed wrote, then writes the desk whole', async () => {
    const db = freshProject();
    await db.doc(SEED_CLAIM_PATH).create({ startedAt: Timestamp.fromMillis(NOW - SEED_CLAIM_STALE_MS - 1000) });
    await db.doc('tickets/leftover').set({ subject: 'From the interrupted run', number: 1 });
    await db.doc('tickets/leftover/messages/m1').set({ body: 'Left behind' });
    await db.doc('stats/2025-06-01').set({ day: '2025-06-01', created: { leftover: { priority: 'low' } } });
    await db.doc('ratings/leftover').set({ score: 'bad' });

    expect(await writeDesk(db, documents, NOW)).toBe(documents.length);
    expect((await db.doc('tickets/leftover').get()).exists).toBe(false);
    expect((await db.doc('tickets/leftover/messages/m1').get()).exists).toBe(false);
    expect((await db.doc('stats/2025-06-01').get()).exists).toBe(false);
    expect((await db.doc('ratings/leftover').get()).exists).toBe(false);
    expect(await countOf(db, 'tickets')).toBe(desk.tickets.length);
    expect((await db.doc(SEED_CLAIM_PATH).get()).exists).toBe(false);
  });
});
