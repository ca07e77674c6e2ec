/**
 * "Tickets by field" (DESIGN §11): the period's tickets by the options of the dropdown field the
 * reader picks — archived fields and options named as such, the rest as "Not set" — in its table
 * and its CSV.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import { IntlProvider } from 'react-intl';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { applyStatsDeltas, statsDeltas, type StatsEntry } from '@/domain/reports/day-stats';
import { buildReport, reportRange } from '@/domain/reports/report';
import { FieldReportCard } from '@/features/reports/components/field-report-card';
import { downloadFile } from '@/lib/download-file';

jest.mock('@/lib/download-file', () => ({ downloadFile: jest.fn() }));
jest.mock('@/features/reports/components/report-chart', () => ({
  ReportChart: ({ summary }: { summary: string }) => <p>chart: {summary}</p>,
}));

const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false, visibleTo: 'customers' as const };
const product: CustomFieldDefinition = {
  ...base,
  key: 'product',
  type: 'dropdown',
  label: { en: 'Product', es: 'Producto' },
  filledBy: 'customers',
  options: [
    { id: 'web', label: { en: 'Web app' }, archived: false },
    { id: 'old', label: { en: 'Desktop' }, archived: true },
  ],
};
const plan: CustomFieldDefinition = {
  ...base,
  key: 'plan',
  type: 'dropdown',
  label: { en: 'Plan' },
  filledBy: 'agents',
  archived: true,
  options: [{ id: 'team', label: { en: 'Team' }, archived: false }],
};
const order: CustomFieldDefinition = {
  ...base,
  key: 'order',
  type: 'text',
  label: { en: 'Order' },
  filledBy: 'customers',
};

const range = reportRange(7, Date.parse('2026-03-12T15:00:00.000Z'), 'UTC');
const created = (ticketId: string, dropdowns?: Record<string, string>): StatsEntry => ({
  day: '2026-03-10',
  section: 'created',
  ticketId,
  entry: { priority: 'normal', category: null, ...(dropdowns && { dropdowns }) },
});
const day = [
  ...applyStatsDeltas(
    new Map(),
    statsDeltas(
      [],
      [
        created('a', { product: 'web', plan: 'team' }),
        created('b', { product: 'web' }),
        created('c', { product: 'old' }),
        created('d'),
      ],
    ),
  ).values(),
];
const report = buildReport(range, {
  days: day,
  backlog: { new: 0, open: 0, pending: 0, on_hold: 0 },
  ratings: { good: 0, bad: 0 },
  reads: 1,
});

function show(definitions: CustomFieldDefinition[]) {
  return render(
    <IntlProvider locale="en" defaultLocale="en">
      <ConfigProvider>
        <FieldReportCard report={report} definitions={definitions} fileName={(key) => `triage-field-${key}`} />
      </ConfigProvider>
    </IntlProvider>,
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('FieldReportCard', () => {
  it('shows the first active dropdown’s options, archived ones named, the rest as not set, and downloads them as CSV', async () => {
    show([order, plan, product]);
    expect(screen.getByRole('heading', { name: 'Tickets by Product' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Table'));
    const table = screen.getByRole('table', { name: 'Tickets by Product' });
    expect(rowsOf(table)).toEqual([
      ['Web app', '2'],
      ['Desktop (archived)', '1'],
      ['Not set', '1'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download Tickets by Product as CSV' }));
    const [blob, name] = (downloadFile as jest.Mock).mock.calls[0] as [Blob, string];
    expect(name).toBe('triage-field-product.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text.replace(/^\ufeff/, '')).toBe('Value,Tickets\r\nWeb app,2\r\nDesktop (archived),1\r\nNot set,1');
  });

  it('offers every dropdown, an archived one too, and counts the one picked', () => {
    show([order, plan, product]);
    const pick = screen.getByRole('combobox', { name: 'Field' });
    const options = within(pick)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Plan (archived)', 'Product']);
    fireEvent.change(pick, { target: { value: 'plan' } });
    fireEvent.click(screen.getByText('Table'));
    expect(rowsOf(screen.getByRole('table', { name: 'Tickets by Plan' }))).toEqual([
      ['Team', '1'],
      ['Not set', '3'],
    ]);
  });

  it('shows nothing for a desk without a dropdown field', () => {
    const { container } = show([order]);
    expect(container).toBeEmptyDOMElement();
  });
});
