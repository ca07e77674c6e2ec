/**
 * The Firebase {@link ReportsPort}: loads `firestore-reports.ts` on first use. The local twin is
 * `local/reports/reports.ts`.
 */
import type { ReportsPort } from '@/backend/port/reports';
import { call, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/reports/firestore-reports');

/** The Firebase reports port. */
export function createFirebaseReports(ctx: FirebaseContext): ReportsPort {
  return {
    read: (range) => call(async () => (await load()).readReport((await ctx.firestore()).db, range)),
  };
}
