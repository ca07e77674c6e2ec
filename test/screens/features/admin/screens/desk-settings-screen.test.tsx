/**
 * The desk settings form (`/admin/settings`): a fixed error goes with the next save, and a number
 * out of range is refused with a message naming the range — never clamped or rounded silently
 * (guide §7). Nothing is saved while a field is refused.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Backend } from '@/backend/port/backend';
import type { DeskSettings } from '@/domain/types';
import { demoAccount, seededDeskAs } from '../../../../support/local-backend';
import { renderApp } from '../../../../support/render-app';

beforeEach(() => localStorage.clear());

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The stored settings, read once. */
const stored = (backend: Backend) =>
  new Promise<DeskSettings>((resolve, reject) => {
    const stop = backend.settings.watch((settings) => {
      stop();
      resolve(settings);
    }, reject);
  });

async function openSettings() {
  const { backend } = await seededDeskAs(demoAccount('admin'));
  renderApp(backend, '/admin/settings');
  const name = await screen.findByRole('textbox', { name: 'Desk name' });
  return { backend, name };
}

describe('desk settings form', () => {
  it('clears a fixed field’s error when the next save succeeds', async () => {
    const user = setup();
    const { backend, name } = await openSettings();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The desk needs a name.')).toBeInTheDocument();

    await user.type(name, 'Acme Support');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Desk settings saved.')).toBeInTheDocument();
    expect(screen.queryByText('The desk needs a name.')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(async () => expect((await stored(backend)).deskName).toBe('Acme Support'));
    // The desk's name is the brand: the side menu and the page's title say it.
    expect(await screen.findByRole('heading', { level: 4, name: 'Acme Support' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/ · Acme Support$/));
  });

  it('says the automatic close is a time rule, and links to it', async () => {
    await openSettings();
    const line = screen.getByTestId('auto-close-rule');
    expect(line).toHaveTextContent('Triage closes solved tickets on its own by a time rule');
    expect(within(line).getByRole('link', { name: 'Automations' })).toHaveAttribute('href', '/admin/automations');
    expect(screen.queryByRole('spinbutton', { name: /Close solved tickets/ })).not.toBeInTheDocument();
  });

  it('refuses numbers out of range with the range, keeping what was typed and saving nothing', async () => {
    const user = setup();
    const { backend } = await openSettings();
    const before = await stored(backend);
    const save = () => user.click(screen.getByRole('button', { name: 'Save settings' }));
    const firstReply = screen.getAllByRole('spinbutton', { name: 'First reply (min)' })[0];
    if (!firstReply) throw new Error('no first-reply target');
    await user.clear(firstReply);
    await user.type(firstReply, '-5');
    await save();
    expect(await screen.findByText('An SLA target is 1 to 525600 minutes.')).toBeInTheDocument();
    expect(firstReply).toHaveValue('-5');
    const after = await stored(backend);
    expect(after.closeAfterDays).toBe(before.closeAfterDays);
    expect(after.sla).toEqual(before.sla);
  });
});
