/**
 * The reports port (DESIGN §11).
 */
import type { ReportInput, ReportRange } from '@/domain/reports/report';

/** Reports (DESIGN §11): per-day statistics kept by trusted code, and a few counts. */
export interface ReportsPort {
  /**
   * Reads what a report over `range` needs: the stored `stats/{day}` documents of its days (one
   * read each, never a ticket), the backlog per unsolved status and the ratings given in the range
   * (aggregation counts). Agents and admins only.
   * @throws AppError `permission-denied` for customers, `unauthenticated`.
   */
  read(range: ReportRange): Promise<ReportInput>;
}
