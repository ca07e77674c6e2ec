/**
 * Reports on IndexedDB (DESIGN §11): the `stats` days of the range, written by the ticket
 * middleware (`core/db.ts`), the backlog from the queue's count indexes and the ratings of the range.
 * No ticket is read. Twin of `firebase/reports/firestore-reports.ts`.
 */
import type { ReportsPort } from '@/backend/port/reports';
import { assertCan } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import { BACKLOG_STATUSES, type BacklogStatus, type ReportInput, type ReportRange } from '@/domain/reports/report';
import type { SatisfactionScore } from '@/domain/satisfaction';
import { requireUser, runCall, type LocalContext } from '@/backend/local/core/context';
import { countTickets } from '@/backend/local/tickets/queries';

/** The local {@link ReportsPort}. */
export function createLocalReports(ctx: LocalContext): ReportsPort {
  const { db } = ctx;
  return {
    read: (range: ReportRange) =>
      runCall(ctx, async (): Promise<ReportInput> => {
        const me = await requireUser(ctx);
        assertCan(principalOf(me), 'reports.read');
        const first = range.days[0] ?? '';
        const last = range.days[range.days.length - 1] ?? '';
        return db.transaction('r', [db.stats, db.tickets, db.ratings], async () => {
          const scored = (score: SatisfactionScore) =>
            db.ratings.where('[score+createdAt]').between([score, range.from], [score, range.to], true, true).count();
          const [days, counts, good, bad] = await Promise.all([
            db.stats.where('day').between(first, last, true, true).toArray(),
            Promise.all(BACKLOG_STATUSES.map((status) => countTickets(db, { statuses: [status] }, 'staff'))),
            scored('good'),
            scored('bad'),
          ]);
          const backlog = Object.fromEntries(BACKLOG_STATUSES.map((status, i) => [status, counts[i] ?? 0])) as Record<
            BacklogStatus,
            number
          >;
          return {
            days,
            backlog,
            ratings: { good, bad },
            // The counts read index keys, not records.
            reads: days.length,
          };
        });
      }),
  };
}
