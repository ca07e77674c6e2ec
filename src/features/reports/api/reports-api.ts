/** The reports screen's data (DESIGN §11): one read of a period's statistics, on demand. */
import { api } from '@/lib/store/api';
import { reportRange, type ReportInput, type ReportPeriod, type ReportRange } from '@/domain/reports/report';

/** What the report endpoint caches: the range read (the desk's days up to the moment of reading) and what was read. */
export interface ReportRead {
  range: ReportRange;
  input: ReportInput;
}

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Reads a report over the last `period` days of the desk's `timeZone`, up to now (agents and
     * admins; `permission-denied` for anyone else). Not live: read again each time the screen
     * opens and on Refresh (a read costs about one document per day of the period).
     */
    readReport: build.query<ReportRead, { period: ReportPeriod; timeZone: string }>({
      query:
        ({ period, timeZone }) =>
        async (backend) => {
          const range = reportRange(period, Date.now(), timeZone);
          return { range, input: await backend.reports.read(range) };
        },
    }),
  }),
});

export const { useReadReportQuery } = reportsApi;
