/**
 * A report's card (DESIGN §11): its heading, the chart or — one switch away — the same figures as
 * a table, and a CSV download of that table. The choice of chart or table is the card's own.
 */
import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { SectionTitle } from '@/components/page-title';
import { ReportChart, type ChartSpec } from '@/features/reports/components/report-chart';
import { downloadCsv, type ReportTable } from '@/features/reports/components/csv';

const TEXT = defineMessages({
  chart: { id: 'reports.card.chart', defaultMessage: 'Chart' },
  table: { id: 'reports.card.table', defaultMessage: 'Table' },
  show: { id: 'reports.card.show', defaultMessage: 'Show {title} as' },
  csv: { id: 'reports.card.csv', defaultMessage: 'CSV' },
  csvLabel: { id: 'reports.card.csvLabel', defaultMessage: 'Download {title} as CSV' },
  empty: { id: 'reports.card.empty', defaultMessage: 'Nothing to show for this period yet.' },
});

/** What a report card shows. */
export interface ReportCardProps {
  /** The card's heading. */
  title: string;
  /** One sentence on what the chart shows: the canvas's accessible name, and shown under the heading. */
  summary: string;
  /** The figures (the table, and the CSV). */
  table: ReportTable;
  /** The chart; absent for a card of figures only. */
  chart?: ChartSpec;
  /** The CSV file's name, without `.csv`. */
  fileName: string;
  /** Shown above the chart (e.g. a score). */
  children?: ReactNode;
  /** Whether there is anything to chart (else a sentence says so; the table still shows). */
  empty?: boolean;
  /** Chart height, CSS pixels. */
  height?: number;
}

/**
 * The figures as a plain HTML table (antd's Table would double the route's chunk): a caption, a
 * header row, the first column as row headers, numbers aligned to the end; scrolls within the card.
 */
function FiguresTable({ table, caption }: { table: ReportTable; caption: string }) {
  const { token } = theme.useToken();
  const cell = {
    padding: `${token.paddingXXS}px ${token.paddingXS}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'end' as const,
    whiteSpace: 'nowrap' as const,
  };
  const first = { ...cell, textAlign: 'start' as const, fontWeight: 'normal' as const };
  // Words (a target's name) line up at the start, figures ("3.5 hr", "75%") at the end.
  const textual = table.columns.map((_, i) => table.rows.some((row) => /^\p{L}/u.test(String(row[i] ?? ''))));
  return (
    <div style={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: token.fontSizeSM }}>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {table.columns.map((heading, i) => (
              <th
                key={heading}
                scope="col"
                style={{
                  ...(i === 0 || textual[i] ? first : cell),
                  fontWeight: token.fontWeightStrong,
                  position: 'sticky',
                  top: 0,
                  background: token.colorBgContainer,
                }}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              {row.map((value, i) =>
                i === 0 ? (
                  <th key={i} scope="row" style={first}>
                    {value}
                  </th>
                ) : (
                  <td key={i} style={textual[i] ? { ...cell, textAlign: 'start' } : cell}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One chart card with its table alternative and CSV export. */
export function ReportCard({ title, summary, table, chart, fileName, children, empty, height }: ReportCardProps) {
  const intl = useIntl();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card
      title={<SectionTitle>{title}</SectionTitle>}
      // A long title wraps on a phone rather than being cut off.
      styles={{ body: { paddingTop: 12 }, title: { whiteSpace: 'normal', paddingBlock: 8 } }}
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{summary}</Typography.Text>
          <Flex gap={8} wrap>
            {chart && (
              <Segmented
                size="small"
                aria-label={intl.formatMessage(TEXT.show, { title })}
                value={view}
                onChange={(value) => setView(value as 'chart' | 'table')}
                options={[
                  { value: 'chart', label: intl.formatMessage(TEXT.chart) },
                  { value: 'table', label: intl.formatMessage(TEXT.table) },
                ]}
              />
            )}
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={intl.formatMessage(TEXT.csvLabel, { title })}
              onClick={() => downloadCsv(table, fileName)}
            >
              {intl.formatMessage(TEXT.csv)}
            </Button>
          </Flex>
        </Flex>
        {children}
        {chart && view === 'chart' ? (
          empty ? (
            <Typography.Text type="secondary">{intl.formatMessage(TEXT.empty)}</Typography.Text>
          ) : (
            <ReportChart spec={chart} summary={`${title}: ${summary}`} height={height} />
          )
        ) : (
          <FiguresTable table={table} caption={title} />
        )}
      </Flex>
    </Card>
  );
}
