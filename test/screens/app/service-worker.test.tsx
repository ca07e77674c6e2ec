/**
 * The "New version available" prompt of the offline shell (DESIGN §12): a status notification,
 * in the person's language, whose Reload button asks for the new version; dismissed, it stays away.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePromptHost } from '@/app/service-worker';
import { makeStore } from '@/app/store';
import { localeChanged } from '@/features/preferences/slice/preferences-slice';
import { fakeBackend } from '../../support/fake-backend';

function renderPrompt(onReload: () => void) {
  const { store } = makeStore(fakeBackend().backend);
  render(<UpdatePromptHost store={store} onReload={onReload} />);
  return store;
}

describe('UpdatePrompt', () => {
  // The language a test switched to is persisted (redux-persist): each test starts without it.
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('says a new version is available, as a status, with a Reload button', async () => {
    const onReload = jest.fn();
    renderPrompt(onReload);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('New version available');
    expect(status).toHaveTextContent('A new version of Triage is ready. Reload to start using it.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('speaks the person’s language, also after a switch', async () => {
    const store = renderPrompt(jest.fn());
    await screen.findByRole('status');
    act(() => {
      store.dispatch(localeChanged('es'));
    });
    expect(await screen.findByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nueva versión disponible');
  });

  it('stays away once dismissed, even when the language changes', async () => {
    const store = renderPrompt(jest.fn());
    await screen.findByRole('status');
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    act(() => {
      store.dispatch(localeChanged('es'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
