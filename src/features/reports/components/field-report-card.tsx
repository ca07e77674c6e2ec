/**
 * "Tickets by field" (DESIGN §11): tickets created in the period by the options of one dropdown
 * field the reader picks, with the rest as "not set"; a chart, its table and its CSV like every
 * report card. Archived fields and options are offered too (their tickets are still counted).
 */
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import type { Report } from '@/domain/reports/report';
import { ReportCard } from '@/features/reports/components/report-card';
import { NativeSelect } from '@/components/native-select';

const TEXT = defineMessages({
  title: { id: 'reports.field.title', defaultMessage: 'Tickets by {field}' },
  summary: {
    id: 'reports.field.summary',
    defaultMessage: 'Tickets created in the period, by the value of a dropdown field.',
  },
  pick: { id: 'reports.field.pick', defaultMessage: 'Field' },
  value: { id: 'reports.field.value', defaultMessage: 'Value' },
  tickets: { id: 'reports.field.tickets', defaultMessage: 'Tickets' },
  notSet: { id: 'reports.field.notSet', defaultMessage: 'Not set' },
  archived: { id: 'reports.field.archived', defaultMessage: '{label} (archived)' },
});

/** What the card needs: the report, the desk's field definitions, the CSV file's name maker. */
export interface FieldReportCardProps {
  report: Report;
  /** Every field definition (only dropdowns are offered). */
  definitions: readonly CustomFieldDefinition[];
  /** The CSV file name for a field key, without `.csv`. */
  fileName: (key: string) => string;
}

/**
 * The card, or nothing when the desk has no dropdown field. Rows: each option with tickets (most
 * first; an option no longer defined shows its id), then "Not set" for the period's other tickets.
 */
export function FieldReportCard({ report, definitions, fileName }: FieldReportCardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const locale = intl.locale as Locale;
  const dropdowns = definitions.filter((field) => field.type === 'dropdown');
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const field = dropdowns.find((each) => each.key === picked) ?? dropdowns.find((each) => !each.archived);
  if (!field) return null;
  const label = (text: string, archived: boolean) => (archived ? t(TEXT.archived, { label: text }) : text);
  const fieldName = localized(field.label, locale);
  const counted = report.fields.find((each) => each.key === field.key)?.options ?? [];
  const rows = counted.map((share) => {
    const option = field.options?.find((each) => each.id === share.key);
    return { name: option ? label(localized(option.label, locale), option.archived) : share.key, count: share.count };
  });
  const notSet = report.totals.created - counted.reduce((sum, share) => sum + share.count, 0);
  if (notSet > 0) rows.push({ name: t(TEXT.notSet), count: notSet });
  const title = t(TEXT.title, { field: fieldName });
  return (
    <ReportCard
      title={title}
      summary={t(TEXT.summary)}
      fileName={fileName(field.key)}
      empty={report.totals.created === 0}
      table={{ columns: [t(TEXT.value), t(TEXT.tickets)], rows: rows.map((row) => [row.name, row.count]) }}
      chart={{
        type: 'bar',
        horizontal: true,
        labels: rows.map((row) => row.name),
        series: [{ label: t(TEXT.tickets), data: rows.map((row) => row.count) }],
      }}
    >
      <Flex gap={8} align="center" wrap>
        <Typography.Text id="report-field-pick">{t(TEXT.pick)}</Typography.Text>
        <NativeSelect
          aria-labelledby="report-field-pick"
          value={field.key}
          onChange={setPicked}
          style={{ minWidth: 200, maxWidth: '100%' }}
          options={dropdowns.map((each) => ({
            value: each.key,
            label: label(localized(each.label, locale), each.archived),
          }))}
        />
      </Flex>
    </ReportCard>
  );
}
