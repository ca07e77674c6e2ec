/**
 * Reports on Firestore (DESIGN §11): the `stats/{day}` documents of the range (written by
 * `ticketWritten`, read by staff only), and aggregation counts for the backlog and the ratings —
 * a 90-day report costs one read per stored day plus one per count, never one per ticket.
 * Loaded on demand (it imports `firebase/firestore`). Twin of `local/reports/reports.ts`.
 */
import {
  collection,
  documentId,
  getCountFromServer,
  getDocs,
  query,
  Timestamp,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { dayStatsFrom } from '@/domain/reports/day-stats';
import { BACKLOG_STATUSES, type BacklogStatus, type ReportInput, type ReportRange } from '@/domain/reports/report';
import { SATISFACTION_SCORES } from '@/domain/satisfaction';
import { meterReads } from '@/backend/firebase/core/read-meter';

/** Firestore bills an aggregation one read per 1000 index entries counted, at least one. */
const readsOfCount = (count: number) => Math.max(1, Math.ceil(count / 1000));

async function countOf(counted: Query): Promise<{ count: number; reads: number }> {
  const count = (await getCountFromServer(counted)).data().count;
  meterReads(readsOfCount(count), 'count');
  return { count, reads: readsOfCount(count) };
}

/**
 * What a report over `range` needs, read with the signed-in person's rights (the rules let
 * agents and admins read `stats`; anyone else gets `permission-denied`).
 */
export async function readReport(db: Firestore, range: ReportRange): Promise<ReportInput> {
  const first = range.days[0] ?? '';
  const last = range.days[range.days.length - 1] ?? '';
  const from = Timestamp.fromMillis(Date.parse(range.from));
  const to = Timestamp.fromMillis(Date.parse(range.to));
  const tickets = collection(db, 'tickets');
  const ratings = collection(db, 'ratings');
  const [days, backlog, scores] = await Promise.all([
    getDocs(query(collection(db, 'stats'), where(documentId(), '>=', first), where(documentId(), '<=', last))),
    Promise.all(BACKLOG_STATUSES.map((status) => countOf(query(tickets, where('status', '==', status))))),
    Promise.all(
      SATISFACTION_SCORES.map((score) =>
        countOf(
          query(ratings, where('score', '==', score), where('createdAt', '>=', from), where('createdAt', '<=', to)),
        ),
      ),
    ),
  ]);
  const scoreCount = (score: string) => scores[SATISFACTION_SCORES.indexOf(score as never)]?.count ?? 0;
  meterReads(Math.max(1, days.size), 'query');
  return {
    days: days.docs.map((snapshot) => dayStatsFrom(snapshot.id, snapshot.data())),
    backlog: Object.fromEntries(BACKLOG_STATUSES.map((status, i) => [status, backlog[i]?.count ?? 0])) as Record<
      BacklogStatus,
      number
    >,
    ratings: { good: scoreCount('good'), bad: scoreCount('bad') },
    // A query that returns nothing is billed one read.
    reads: Math.max(1, days.size) + [...backlog, ...scores].reduce((sum, counted) => sum + counted.reads, 0),
  };
}
