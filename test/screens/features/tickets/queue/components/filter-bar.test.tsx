/**
 * The queue's search box sends a search when typing pauses — and only then: a search the box
 * shows because the address set it (Back, a saved view, another control) is never sent again,
 * even when its pause ends in the same render as the address moving on.
 */
import { act, render, screen } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { makeStore } from '@/app/store';
import type { QueueFilters } from '@/features/tickets/queue/queue-location';
import { QueueFilterBar, SEARCH_DEBOUNCE_MS } from '@/features/tickets/queue/components/filter-bar';
import { fakeBackend } from '../../../../../support/fake-backend';

function setup(initial: QueueFilters) {
  const { store } = makeStore(fakeBackend().backend);
  const onChange = jest.fn();
  const bar = (filters: QueueFilters) => (
    <Provider store={store}>
      <IntlProvider locale="en" defaultLocale="en">
        <ConfigProvider>
          <QueueFilterBar filters={filters} onChange={onChange} staff={[]} categories={[]} />
        </ConfigProvider>
      </IntlProvider>
    </Provider>
  );
  const { rerender } = render(bar(initial));
  return { onChange, show: (filters: QueueFilters) => rerender(bar(filters)) };
}

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
