/**
 * "Tickets by organisation" (DESIGN §1 "Organisations", §11): tickets created in the period by the
 * organisation they were filed under, most first, with the rest as "No organisation"; a chart, its
 * table and its CSV like every report card. Shown once the period has a ticket of an organisation;
 * the organisations' names are read (live, shared with the other screens) only then.
 */
import { defineMessages, useIntl } from 'react-intl';
import type { Report } from '@/domain/reports/report';
import { ReportCard } from '@/features/reports/components/report-card';
import { useWatchOrganisationsQuery } from '@/lib/store/people-api';

const TEXT = defineMessages({
  title: { id: 'reports.organisation.title', defaultMessage: 'Tickets by organisation' },
  summary: {
    id: 'reports.organisation.summary',
    defaultMessage: 'Tickets created in the period, by the organisation of their requester when they asked.',
  },
  organisation: { id: 'reports.organisation.organisation', defaultMessage: 'Organisation' },
  tickets: { id: 'reports.organisation.tickets', defaultMessage: 'Tickets' },
  none: { id: 'reports.organisation.none', defaultMessage: 'No organisation' },
  deleted: { id: 'reports.organisation.deleted', defaultMessage: 'A deleted organisation' },
});

/** What the card needs: the report and the CSV file's name (without `.csv`). */
export interface OrganisationReportCardProps {
  report: Report;
  fileName: string;
}

/** The card, or nothing when no ticket of the period belongs to an organisation. */
export function OrganisationReportCard({ report, fileName }: OrganisationReportCardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const counted = report.organisations;
  const { data } = useWatchOrganisationsQuery(undefined, { skip: counted.length === 0 });
  if (counted.length === 0) return null;
  const names = new Map((data?.value ?? []).map((organisation) => [organisation.id, organisation.name]));
  const rows = counted.map((share) => ({
    name: names.get(share.key) ?? (data?.value ? t(TEXT.deleted) : '…'),
    count: share.count,
  }));
  const none = report.totals.created - counted.reduce((sum, share) => sum + share.count, 0);
  if (none > 0) rows.push({ name: t(TEXT.none), count: none });
  return (
    <ReportCard
      title={t(TEXT.title)}
      summary={t(TEXT.summary)}
      fileName={fileName}
      empty={report.totals.created === 0}
      table={{ columns: [t(TEXT.organisation), t(TEXT.tickets)], rows: rows.map((row) => [row.name, row.count]) }}
      chart={{
        type: 'bar',
        horizontal: true,
        labels: rows.map((row) => row.name),
        series: [{ label: t(TEXT.tickets), data: rows.map((row) => row.count) }],
      }}
    />
  );
}
