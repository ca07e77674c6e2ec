/**
 * "Tickets by organisation" (DESIGN §1 "Organisations", §11): the period's tickets by the
 * organisation they were filed under — named from the desk's list, a deleted one said to be so —
 * the rest as "No organisation", in its table and its CSV; nothing when no ticket has one.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { makeStore } from '@/app/store';
import type { Organisation } from '@/domain/organisations';
import { applyStatsDeltas, statsDeltas, type StatsEntry } from '@/domain/reports/day-stats';
import { buildReport, reportRange, type Report } from '@/domain/reports/report';
import { OrganisationReportCard } from '@/features/reports/components/organisation-report-card';
import { downloadFile } from '@/lib/download-file';
import { fakeBackend } from '../../../../support/fake-backend';

jest.mock('@/lib/download-file', () => ({ downloadFile: jest.fn() }));
jest.mock('@/features/reports/components/report-chart', () => ({
  ReportChart: ({ summary }: { summary: string }) => <p>chart: {summary}</p>,
}));

const AT = '2026-03-01T10:00:00.000Z';
const range = reportRange(7, Date.parse('2026-03-12T15:00:00.000Z'), 'UTC');
const created = (ticketId: string, organisationId?: string): StatsEntry => ({
  day: '2026-03-10',
  section: 'created',
  ticketId,
  entry: { priority: 'normal', category: null, ...(organisationId && { organisationId }) },
});
const reportOf = (entries: StatsEntry[]): Report =>
  buildReport(range, {
    days: [...applyStatsDeltas(new Map(), statsDeltas([], entries)).values()],
    backlog: { new: 0, open: 0, pending: 0, on_hold: 0 },
    ratings: { good: 0, bad: 0 },
    reads: 1,
  });

function show(report: Report) {
  const fake = fakeBackend().backend;
  const watchOrganisations = jest.fn((next: (value: Organisation[]) => void) => {
    next([{ id: 'acme', name: 'Acme', domains: [], notes: '', shareTickets: false, createdAt: AT, updatedAt: AT }]);
    return () => undefined;
  });
  fake.users.watchOrganisations = watchOrganisations;
  const { store } = makeStore(fake);
  const view = render(
    <Provider store={store}>
      <IntlProvider locale="en" defaultLocale="en">
        <ConfigProvider>
          <OrganisationReportCard report={report} fileName="triage-organisations" />
        </ConfigProvider>
      </IntlProvider>
    </Provider>,
  );
  return { ...view, watchOrganisations };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('OrganisationReportCard', () => {
  it('names each organisation, a deleted one as such, the rest as none, and downloads them as CSV', async () => {
    show(reportOf([created('a', 'acme'), created('b', 'acme'), created('c', 'gone'), created('d')]));
    expect(await screen.findByRole('heading', { name: 'Tickets by organisation' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Table'));
    const table = screen.getByRole('table', { name: 'Tickets by organisation' });
    expect(rowsOf(table)).toEqual([
      ['Acme', '2'],
      ['A deleted organisation', '1'],
      ['No organisation', '1'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download Tickets by organisation as CSV' }));
    const [blob, name] = (downloadFile as jest.Mock).mock.calls[0] as [Blob, string];
    expect(name).toBe('triage-organisations.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text.replace(/^\ufeff/, '')).toBe(
      'Organisation,Tickets\r\nAcme,2\r\nA deleted organisation,1\r\nNo organisation,1',
    );
  });

  it('shows nothing, and reads no organisation, when no ticket of the period has one', () => {
    const { container, watchOrganisations } = show(reportOf([created('a'), created('b')]));
    expect(container).toBeEmptyDOMElement();
    expect(watchOrganisations).not.toHaveBeenCalled();
  });
});
