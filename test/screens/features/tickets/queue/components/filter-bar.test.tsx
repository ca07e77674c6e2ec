/**
 * The queue's search box sends a search when typing pauses — and only then: a search the box
 * shows because the address set it (Back, a saved view, another control) is never sent again,
 * even when its pause ends in the same render as the address moving on.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { makeStore } from '@/app/store';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import type { Organisation } from '@/domain/organisations';
import type { QueueFilters } from '@/features/tickets/queue/queue-location';
import { QueueFilterBar, SEARCH_DEBOUNCE_MS } from '@/features/tickets/queue/components/filter-bar';
import { fakeBackend } from '../../../../../support/fake-backend';

/** The bar with these filters (and the desk's custom fields, if any); `show` re-renders it with others. */
function setup(initial: QueueFilters, fields?: CustomFieldDefinition[]) {
  const fake = fakeBackend().backend;
  // The desk's organisations, sent at once (read only when the menu opens or one filters).
  const watchOrganisations = jest.fn((next: (value: Organisation[]) => void) => {
    next([
      // By name, as the port lists them.
      { id: 'acme', name: 'Acme', domains: [], notes: '', shareTickets: false, createdAt: AT, updatedAt: AT },
      { id: 'globex', name: 'Globex', domains: [], notes: '', shareTickets: false, createdAt: AT, updatedAt: AT },
    ]);
    return () => undefined;
  });
  fake.users.watchOrganisations = watchOrganisations;
  const { store } = makeStore(fake);
  const onChange = jest.fn();
  const bar = (filters: QueueFilters) => (
    <Provider store={store}>
      <IntlProvider locale="en" defaultLocale="en">
        <ConfigProvider>
          <QueueFilterBar filters={filters} onChange={onChange} staff={[]} categories={[]} fields={fields} />
        </ConfigProvider>
      </IntlProvider>
    </Provider>
  );
  const { rerender } = render(bar(initial));
  return { onChange, watchOrganisations, show: (filters: QueueFilters) => rerender(bar(filters)) };
}

const AT = '2026-12-01T10:00:00.000Z';

describe('queue search box', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends what was typed once typing pauses', () => {
    const { onChange } = setup({ priority: 'high' });
    act(() => {
      screen.getByRole('searchbox', { name: 'Search tickets' }).focus();
    });
    const box = screen.getByRole('searchbox', { name: 'Search tickets' });
    act(() => {
      // React's onChange listens for input events carrying the new value.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, 'refund');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ priority: 'high', q: 'refund' }, { fromPause: true });
  });

  it('never sends a search the address put in the box, when the address moves on as its pause ends', () => {
    const { onChange, show } = setup({});
    // The address brings a search (a saved view, Forward): the box shows it.
    act(() => show({ q: 'refund' }));
    expect(screen.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue('refund');
    // Just before its pause ends, the address moves on (Back); both land in one render.
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    act(() => {
      show({ priority: 'urgent' });
      jest.advanceTimersByTime(1);
    });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(screen.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('queue field filter', () => {
  const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false, visibleTo: 'customers' as const };
  const fields: CustomFieldDefinition[] = [
    {
      ...base,
      key: 'product',
      type: 'dropdown',
      label: { en: 'Product' },
      filledBy: 'customers',
      options: [
        { id: 'web_app', label: { en: 'Web app' }, archived: false },
        { id: 'fax', label: { en: 'Fax' }, archived: true },
      ],
    },
    { ...base, key: 'vip', type: 'checkbox', label: { en: 'VIP' }, filledBy: 'agents' },
    { ...base, key: 'due', type: 'date', label: { en: 'Due' }, filledBy: 'agents' },
    { ...base, key: 'order', type: 'text', label: { en: 'Order' }, filledBy: 'customers' },
    { ...base, key: 'old', type: 'dropdown', label: { en: 'Old' }, filledBy: 'agents', archived: true, options: [] },
  ];

  const setupFields = (initial: QueueFilters) => setup(initial, fields);

  const menuItems = () =>
    [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-submenu-title')].map(
      (item) => item.textContent,
    );

  it('offers the active dropdown, checkbox and date fields, and filters by the value chosen', async () => {
    const { onChange } = setupFields({ priority: 'high' });
    fireEvent.click(screen.getByRole('button', { name: 'Filter by a field' }));
    await waitFor(() => expect(menuItems()).toEqual(['Product', 'VIP', 'Due', 'Organisation']));
    fireEvent.click(screen.getByText('Product'));
    // Archived options are not offered.
    await screen.findByText('Web app');
    expect(screen.queryByText('Fax')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Web app'));
    expect(onChange).toHaveBeenLastCalledWith({ priority: 'high', field: { key: 'product', value: 'web_app' } });
  });

  it('filters a checkbox by Yes or No, a date by today or this month, and names the filter under the bar', async () => {
    jest.useFakeTimers({
      now: new Date(2026, 11, 31, 10),
      doNotFake: ['requestAnimationFrame', 'setTimeout', 'setInterval', 'queueMicrotask'],
    });
    try {
      const { onChange, show } = setupFields({});
      fireEvent.click(screen.getByRole('button', { name: 'Filter by a field' }));
      fireEvent.click(await screen.findByText('VIP'));
      fireEvent.click(await screen.findByText('No'));
      expect(onChange).toHaveBeenLastCalledWith({ field: { key: 'vip', value: 'false' } });
      fireEvent.click(screen.getByText('Due'));
      fireEvent.click(await screen.findByText('Tomorrow'));
      expect(onChange).toHaveBeenLastCalledWith({ field: { key: 'due', value: '2027-01-01' } });
      fireEvent.click(screen.getByText('This month'));
      expect(onChange).toHaveBeenLastCalledWith({ field: { key: 'due', value: '2026-12' } });

      show({ field: { key: 'product', value: 'web_app' } });
      expect(screen.getByTestId('field-filter')).toHaveTextContent('Field: Product = Web app');
      fireEvent.click(screen.getByRole('button', { name: 'Clear the field filter' }));
      expect(onChange).toHaveBeenLastCalledWith({});
    } finally {
      jest.useRealTimers();
    }
  });

  it('filters by an organisation, read only once the menu opens, and names it under the bar', async () => {
    const { onChange, show, watchOrganisations } = setupFields({ q: 'printer' });
    expect(watchOrganisations).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Filter by a field' }));
    fireEvent.click(await screen.findByText('Organisation'));
    // In the port's order.
    const acme = await screen.findByText('Acme');
    expect(acme.compareDocumentPosition(screen.getByText('Globex')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(acme);
    expect(onChange).toHaveBeenLastCalledWith({ q: 'printer', organisation: 'acme' });

    show({ q: 'printer', organisation: 'acme' });
    expect(await screen.findByTestId('organisation-filter')).toHaveTextContent('Organisation: Acme');
    expect(screen.getByText(/cannot be combined: showing the tag, field or organisation/)).toBeInTheDocument();
    show({ organisation: 'gone' });
    expect(screen.getByTestId('organisation-filter')).toHaveTextContent('Organisation: a deleted organisation');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the organisation filter' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
