/**
 * Macros (`/macros`) on the seeded local backend: an admin adds a shared macro that acts (with a
 * clear message and the typed text kept when it is incomplete), edits and deletes it, every change
 * reaching other agents live; an agent applies shared ones but writes only personal ones, which no
 * other agent sees; customers are refused the screen and every macro.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Macro } from '@/domain/macros';
import { firstValue, demoAccount, secondClient, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(120_000);

const alex = demoAccount('admin@triage.test');
const priya = demoAccount('priya@triage.test');
const sam = demoAccount('sam@triage.test');
const dana = demoAccount('dana@example.test');

const titlesIn = (name: string) =>
  within(screen.getByRole('region', { name }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent);

describe('macros screen', () => {
  it('adds, edits and deletes a shared macro that acts, seen live by an agent', async () => {
    const { dbName, backend } = await seededDeskAs(alex);
    const other = await secondClient(dbName, sam);
    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/macros');
    // The canned replies the demo desk had are shared, reply-only macros.
    await waitFor(() => expect(titlesIn('Shared macros')).toContain('Thanks for reaching out'));

    await user.click(screen.getByRole('button', { name: /New macro/ }));
    const form = screen.getByRole('form', { name: 'New macro' });
    await user.type(
      within(form).getByLabelText('Public reply (optional)'),
      'Hi {{{{requester.firstName}}, refund sent.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A macro needs a title.');
    expect(within(form).getByLabelText('Public reply (optional)')).toHaveValue(
      'Hi {{requester.firstName}}, refund sent.',
    );

    await user.click(within(form).getByLabelText('Title'));
    await user.paste('Refund and close');
    await user.type(within(form).getByLabelText('Add tags'), 'refund{enter}');
    await user.type(within(form).getByLabelText('Internal note (optional)'), 'Refunded by card.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(titlesIn('Shared macros')).toContain('Refund and close'));
    const seenByOther = () => firstValue<Macro[]>((next, fail) => other.settings.watchMacros(next, fail));
    await waitFor(async () => expect((await seenByOther()).map((macro) => macro.title)).toContain('Refund and close'));
    expect((await seenByOther()).find((macro) => macro.title === 'Refund and close')).toMatchObject({
      body: 'Hi {{requester.firstName}}, refund sent.',
      actions: { addTags: ['refund'], note: 'Refunded by card.' },
      ownerId: null,
    });

    await user.click(screen.getByRole('button', { name: 'Edit Refund and close' }));
    const edit = screen.getByRole('form', { name: 'Edit macro' });
    await user.clear(within(edit).getByLabelText('Title'));
    await user.paste('Refund issued');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(titlesIn('Shared macros')).toContain('Refund issued'));
    expect(titlesIn('Shared macros')).not.toContain('Refund and close');

    await user.click(screen.getByRole('button', { name: 'Delete Refund issued' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titlesIn('Shared macros')).not.toContain('Refund issued'));
  });

  it('lets an agent keep personal macros no other agent sees, and never write a shared one', async () => {
    const { dbName, backend } = await seededDeskAs(priya);
    const other = await secondClient(dbName, sam);
    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/macros');
    await waitFor(() => expect(titlesIn('Shared macros')).toContain('Refund sent'));
    expect(screen.queryByRole('button', { name: 'Edit Refund sent' })).not.toBeInTheDocument();
    // The demo's personal "Take it" is Priya's own.
    expect(titlesIn('Your personal macros')).toContain('Take it');

    await user.click(screen.getByRole('button', { name: /New macro/ }));
    const form = screen.getByRole('form', { name: 'New macro' });
    await user.click(within(form).getByLabelText('Title'));
    await user.paste('My follow-up');
    await user.type(within(form).getByLabelText('Public reply (optional)'), 'Any news on this?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(titlesIn('Your personal macros')).toContain('My follow-up'));
    const samSees = await firstValue<Macro[]>((next, fail) => other.settings.watchMacros(next, fail));
    expect(samSees.map((macro) => macro.title)).not.toContain('My follow-up');
    expect(samSees.map((macro) => macro.title)).not.toContain('Take it');

    await expect(
      backend.settings.saveMacro({ id: 'mine-shared', title: 'Shared', body: 'Hi', actions: {}, ownerId: null }),
    ).rejects.toMatchObject({ code: 'permission-denied', message: 'Only admins can change shared macros.' });
    await expect(backend.settings.deleteMacro('refund-sent')).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('never gives customers macros, nor lets them save any', async () => {
    const { backend } = await seededDeskAs(dana);
    await expect(firstValue<Macro[]>((next, fail) => backend.settings.watchMacros(next, fail))).rejects.toThrow(
      'Only agents and admins can use macros.',
    );
    await expect(
      backend.settings.saveMacro({ id: 'x', title: 'x', body: 'x', actions: {}, ownerId: 'dana' }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    renderApp(backend, '/macros');
    expect(await screen.findByText(/not allowed|403|permission/i)).toBeInTheDocument();
  });
});
