/**
 * Reports (`/reports`, agents and admins; DESIGN §11): over the last 7, 30 or 90 days of the
 * desk's time zone — tickets created vs solved per day, the backlog by status, median first reply
 * and resolution per week, SLA achievement per target and priority, each agent's solved tickets
 * and median first reply, tickets by category, by priority and by a dropdown field, and the CSAT score. Each chart has
 * its table and CSV. Read from the per-day statistics, never from the tickets; the period is in
 * the URL (`?days=`).
 */
import { lazy, Suspense, useMemo } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import { PageTitle } from '@/components/page-title';
import { buildReport, REPORT_PERIODS, type Report, type ReportPeriod } from '@/domain/reports/report';
import { SLA_TARGETS } from '@/domain/sla/clocks';
import { PRIORITIES } from '@/domain/types';
import { useReadReportQuery } from '@/features/reports/api/reports-api';
import { ReportCard } from '@/features/reports/components/report-card';
import { FieldReportCard } from '@/features/reports/components/field-report-card';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useFriendlyMessage, useLabels, type Labels } from '@/lib/i18n/labels';
import { slaTargetLabel } from '@/lib/i18n/sla-target-labels';

/**
 * "Tickets by organisation", its own chunk (it reads the organisations' names): shown only once the
 * period has a ticket of an organisation, and the reports chunk stays within its budget on both builds.
 */
const OrganisationReportCard = lazy(() =>
  import(/* webpackChunkName: "organisation-report" */ '@/features/reports/components/organisation-report-card').then(
    (module) => ({ default: module.OrganisationReportCard }),
  ),
);

const TEXT = defineMessages({
  title: { id: 'reports.title', defaultMessage: 'Reports' },
  period: { id: 'reports.period', defaultMessage: 'Period' },
  days: { id: 'reports.days', defaultMessage: '{count} days' },
  range: {
    id: 'reports.range',
    defaultMessage: '{from} to {to}, in the desk’s time zone ({zone}). Read at {time}.',
  },
  refresh: { id: 'reports.refresh', defaultMessage: 'Refresh' },
  failed: { id: 'reports.failed', defaultMessage: 'Could not load the report' },
  retry: { id: 'reports.retry', defaultMessage: 'Try again' },
  created: { id: 'reports.total.created', defaultMessage: 'Created' },
  solved: { id: 'reports.total.solved', defaultMessage: 'Solved' },
  backlogNow: { id: 'reports.total.backlog', defaultMessage: 'Unsolved now' },
  csat: { id: 'reports.total.csat', defaultMessage: 'Satisfaction' },
  noRatings: { id: 'reports.total.noRatings', defaultMessage: 'No ratings' },
  volumeTitle: { id: 'reports.volume.title', defaultMessage: 'Created and solved per day' },
  volumeSummary: {
    id: 'reports.volume.summary',
    defaultMessage: '{created} tickets created and {solved} solved in {days} days.',
  },
  day: { id: 'reports.column.day', defaultMessage: 'Day' },
  backlogTitle: { id: 'reports.backlog.title', defaultMessage: 'Backlog by status' },
  backlogSummary: { id: 'reports.backlog.summary', defaultMessage: '{count} unsolved tickets now.' },
  status: { id: 'reports.column.status', defaultMessage: 'Status' },
  tickets: { id: 'reports.column.tickets', defaultMessage: 'Tickets' },
  weeksTitle: { id: 'reports.weeks.title', defaultMessage: 'Median first reply and resolution per week' },
  weeksSummary: {
    id: 'reports.weeks.summary',
    defaultMessage: 'Calendar hours from submission; weeks start on Monday.',
  },
  week: { id: 'reports.column.week', defaultMessage: 'Week of' },
  medianFirstReply: { id: 'reports.column.medianFirstReply', defaultMessage: 'Median first reply' },
  medianResolution: { id: 'reports.column.medianResolution', defaultMessage: 'Median resolution' },
  firstReplies: { id: 'reports.column.firstReplies', defaultMessage: 'First replies' },
  slaTitle: { id: 'reports.sla.title', defaultMessage: 'SLA achievement' },
  slaSummary: {
    id: 'reports.sla.summary',
    defaultMessage: 'Targets met, of the tickets solved in the period, per priority.',
  },
  priority: { id: 'reports.column.priority', defaultMessage: 'Priority' },
  target: { id: 'reports.column.target', defaultMessage: 'Target' },
  met: { id: 'reports.column.met', defaultMessage: 'Met' },
  missed: { id: 'reports.column.missed', defaultMessage: 'Missed' },
  percentMet: { id: 'reports.column.percentMet', defaultMessage: '% met' },
  agentsTitle: { id: 'reports.agents.title', defaultMessage: 'Agents' },
  agentsSummary: {
    id: 'reports.agents.summary',
    defaultMessage: 'Tickets solved while assigned, and the median first reply on their tickets.',
  },
  agent: { id: 'reports.column.agent', defaultMessage: 'Agent' },
  unassigned: { id: 'reports.unassigned', defaultMessage: 'Unassigned' },
  categoryTitle: { id: 'reports.category.title', defaultMessage: 'Tickets by category' },
  categorySummary: { id: 'reports.category.summary', defaultMessage: 'Tickets created in the period, by category.' },
  category: { id: 'reports.column.category', defaultMessage: 'Category' },
  noCategory: { id: 'reports.noCategory', defaultMessage: 'No category' },
  priorityTitle: { id: 'reports.priority.title', defaultMessage: 'Tickets by priority' },
  prioritySummary: { id: 'reports.priority.summary', defaultMessage: 'Tickets created in the period, by priority.' },
  csatTitle: { id: 'reports.csat.title', defaultMessage: 'Customer satisfaction (CSAT)' },
  csatSummary: {
    id: 'reports.csat.summary',
    defaultMessage: '{count, plural, =0 {No ratings} one {# rating} other {# ratings}} given in the period.',
  },
  csatScore: { id: 'reports.csat.score', defaultMessage: 'Good ratings' },
  rating: { id: 'reports.column.rating', defaultMessage: 'Rating' },
  good: { id: 'reports.rating.good', defaultMessage: 'Good' },
  bad: { id: 'reports.rating.bad', defaultMessage: 'Bad' },
});

/** The period in the URL (`?days=7|30|90`); 30 when absent or anything else. */
function periodOf(value: string | null): ReportPeriod {
  const days = Number(value);
  return (REPORT_PERIODS as readonly number[]).includes(days) ? (days as ReportPeriod) : 30;
}

/** A local date `YYYY-MM-DD` as a short date in the reader's language ("Mar 2"). */
function shortDate(intl: IntlShape, day: string): string {
  return intl.formatDate(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A duration in hours with one decimal and the language's unit ("3.5 hr"); a dash for none. */
function hours(intl: IntlShape, ms: number | null): string {
  if (ms === null) return '—';
  return intl.formatNumber(ms / 3_600_000, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 });
}

const hoursOf = (ms: number | null) => (ms === null ? null : Math.round(ms / 360_000) / 10);

function Cards({ report, labels }: { report: Report; labels: Labels }) {
  const intl = useIntl();
  const definitions = useWatchFieldsQuery().data?.value ?? [];
  const t = intl.formatMessage;
  const percent = (value: number | null) =>
    value === null ? '—' : intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
  const days = report.range.days.length;
  const agentName = (name: string | null) => name ?? t(TEXT.unassigned);
  const categoryName = (name: string | null) => name ?? t(TEXT.noCategory);
  const hoursLabel = (value: number) => hours(intl, value * 3_600_000);
  const slaRows = report.sla.filter((row) => row.met + row.missed > 0);
  const ratings = report.csat.good + report.csat.bad;
  const file = (name: string) => `triage-${name}-${days}-days`;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <ReportCard
          title={t(TEXT.volumeTitle)}
          summary={t(TEXT.volumeSummary, { ...report.totals, days })}
          fileName={file('created-solved')}
          empty={report.totals.created + report.totals.solved === 0}
          table={{
            columns: [t(TEXT.day), t(TEXT.created), t(TEXT.solved)],
            rows: report.volume.map((row) => [row.day, row.created, row.solved]),
          }}
          chart={{
            type: days > 31 ? 'line' : 'bar',
            labels: report.volume.map((row) => shortDate(intl, row.day)),
            series: [
              { label: t(TEXT.created), data: report.volume.map((row) => row.created) },
              { label: t(TEXT.solved), data: report.volume.map((row) => row.solved) },
            ],
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.backlogTitle)}
          summary={t(TEXT.backlogSummary, { count: report.unsolved })}
          fileName={file('backlog')}
          table={{
            columns: [t(TEXT.status), t(TEXT.tickets)],
            rows: report.backlog.map((row) => [labels.status(row.key), row.count]),
          }}
          chart={{
            type: 'bar',
            labels: report.backlog.map((row) => labels.status(row.key)),
            series: [{ label: t(TEXT.tickets), data: report.backlog.map((row) => row.count) }],
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.csatTitle)}
          summary={t(TEXT.csatSummary, { count: ratings })}
          fileName={file('satisfaction')}
          empty={ratings === 0}
          table={{
            columns: [t(TEXT.rating), t(TEXT.tickets)],
            rows: [
              [t(TEXT.good), report.csat.good],
              [t(TEXT.bad), report.csat.bad],
            ],
          }}
          chart={{
            type: 'bar',
            horizontal: true,
            labels: [t(TEXT.good), t(TEXT.bad)],
            series: [{ label: t(TEXT.tickets), data: [report.csat.good, report.csat.bad] }],
          }}
          height={160}
        >
          <Statistic title={t(TEXT.csatScore)} value={percent(report.csat.percent)} />
        </ReportCard>
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.weeksTitle)}
          summary={t(TEXT.weeksSummary)}
          fileName={file('medians-per-week')}
          empty={report.weeks.every((row) => row.firstReplies + row.solved === 0)}
          table={{
            columns: [
              t(TEXT.week),
              t(TEXT.medianFirstReply),
              t(TEXT.medianResolution),
              t(TEXT.firstReplies),
              t(TEXT.solved),
            ],
            rows: report.weeks.map((row) => [
              row.week,
              hours(intl, row.firstReplyMs),
              hours(intl, row.resolutionMs),
              row.firstReplies,
              row.solved,
            ]),
          }}
          chart={{
            type: 'line',
            labels: report.weeks.map((row) => shortDate(intl, row.week)),
            series: [
              { label: t(TEXT.medianFirstReply), data: report.weeks.map((row) => hoursOf(row.firstReplyMs)) },
              { label: t(TEXT.medianResolution), data: report.weeks.map((row) => hoursOf(row.resolutionMs)) },
            ],
            format: hoursLabel,
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.slaTitle)}
          summary={t(TEXT.slaSummary)}
          fileName={file('sla-achievement')}
          empty={slaRows.length === 0}
          table={{
            columns: [t(TEXT.priority), t(TEXT.target), t(TEXT.met), t(TEXT.missed), t(TEXT.percentMet)],
            rows: slaRows.map((row) => [
              labels.priority(row.priority),
              slaTargetLabel(intl, row.target),
              row.met,
              row.missed,
              percent(row.percent),
            ]),
          }}
          chart={{
            type: 'bar',
            percent: true,
            labels: PRIORITIES.map((priority) => labels.priority(priority)),
            series: SLA_TARGETS.map((target) => ({
              label: slaTargetLabel(intl, target),
              data: PRIORITIES.map(
                (priority) =>
                  report.sla.find((row) => row.priority === priority && row.target === target)?.percent ?? null,
              ),
            })),
            format: (value) => percent(value),
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.agentsTitle)}
          summary={t(TEXT.agentsSummary)}
          fileName={file('agents')}
          empty={report.agents.length === 0}
          table={{
            columns: [t(TEXT.agent), t(TEXT.solved), t(TEXT.medianFirstReply), t(TEXT.firstReplies)],
            rows: report.agents.map((row) => [
              agentName(row.agentName),
              row.solved,
              hours(intl, row.firstReplyMs),
              row.firstReplies,
            ]),
          }}
          chart={{
            type: 'bar',
            horizontal: true,
            labels: report.agents.map((row) => agentName(row.agentName)),
            series: [{ label: t(TEXT.solved), data: report.agents.map((row) => row.solved) }],
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.categoryTitle)}
          summary={t(TEXT.categorySummary)}
          fileName={file('categories')}
          empty={report.categories.length === 0}
          table={{
            columns: [t(TEXT.category), t(TEXT.tickets)],
            rows: report.categories.map((row) => [categoryName(row.key), row.count]),
          }}
          chart={{
            type: 'bar',
            horizontal: true,
            labels: report.categories.map((row) => categoryName(row.key)),
            series: [{ label: t(TEXT.tickets), data: report.categories.map((row) => row.count) }],
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ReportCard
          title={t(TEXT.priorityTitle)}
          summary={t(TEXT.prioritySummary)}
          fileName={file('priorities')}
          empty={report.totals.created === 0}
          table={{
            columns: [t(TEXT.priority), t(TEXT.tickets)],
            rows: report.priorities.map((row) => [labels.priority(row.key), row.count]),
          }}
          chart={{
            type: 'bar',
            labels: report.priorities.map((row) => labels.priority(row.key)),
            series: [{ label: t(TEXT.tickets), data: report.priorities.map((row) => row.count) }],
          }}
        />
      </Col>
      {definitions.some((field) => field.type === 'dropdown') && (
        <Col xs={24} lg={12}>
          <FieldReportCard report={report} definitions={definitions} fileName={(key) => file(`field-${key}`)} />
        </Col>
      )}
      {report.organisations.length > 0 && (
        <Col xs={24} lg={12}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <OrganisationReportCard report={report} fileName={file('organisations')} />
          </Suspense>
        </Col>
      )}
    </Row>
  );
}

/** The reports screen. */
export default function ReportsScreen() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const labels = useLabels();
  const friendly = useFriendlyMessage();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('days'));
  const settings = useWatchDeskSettingsQuery();
  const timeZone = settings.data?.value?.businessHours.timeZone;
  const read = useReadReportQuery(
    { period, timeZone: timeZone ?? 'UTC' },
    { skip: !timeZone, refetchOnMountOrArgChange: true },
  );
  const report = useMemo(() => (read.data ? buildReport(read.data.range, read.data.input) : null), [read.data]);
  const error = read.error ?? settings.data?.error ?? null;
  const range = report?.range;

  return (
    <Flex
      vertical
      gap={16}
      // For the journeys and `bench:reports`: the period shown once its read is in, and what it cost.
      data-report-ready={report && !read.isFetching ? period : undefined}
      data-report-reads={read.data?.input.reads}
    >
      <Flex justify="space-between" align="center" wrap gap={12}>
        <PageTitle>{t(TEXT.title)}</PageTitle>
        <Flex gap={8} wrap align="center">
          <Segmented
            aria-label={t(TEXT.period)}
            value={period}
            onChange={(value) => setParams({ days: String(value) }, { replace: true })}
            options={REPORT_PERIODS.map((days) => ({ value: days, label: t(TEXT.days, { count: days }) }))}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void read.refetch()}
            loading={read.isFetching}
            disabled={!timeZone}
          >
            {t(TEXT.refresh)}
          </Button>
        </Flex>
      </Flex>
      {range && timeZone && (
        <Typography.Text type="secondary">
          {t(TEXT.range, {
            from: intl.formatDate(`${range.days[0]}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
            to: intl.formatDate(`${range.days[range.days.length - 1]}T00:00:00Z`, {
              dateStyle: 'medium',
              timeZone: 'UTC',
            }),
            zone: timeZone,
            time: intl.formatTime(range.to, { timeStyle: 'short' }),
          })}
        </Typography.Text>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t(TEXT.failed)}
          description={friendly(error)}
          action={
            <Button size="small" onClick={() => void read.refetch()}>
              {t(TEXT.retry)}
            </Button>
          }
        />
      )}
      {!report && !error && <Skeleton active paragraph={{ rows: 8 }} />}
      {report && (
        <>
          <Row gutter={[16, 16]}>
            {[
              { title: t(TEXT.created), value: report.totals.created },
              { title: t(TEXT.solved), value: report.totals.solved },
              { title: t(TEXT.backlogNow), value: report.unsolved },
              {
                title: t(TEXT.csat),
                value:
                  report.csat.percent === null
                    ? t(TEXT.noRatings)
                    : intl.formatNumber(report.csat.percent / 100, { style: 'percent', maximumFractionDigits: 1 }),
              },
            ].map((figure) => (
              <Col xs={12} md={6} key={figure.title}>
                <Card size="small">
                  <Statistic title={figure.title} value={figure.value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Cards report={report} labels={labels} />
        </>
      )}
    </Flex>
  );
}
