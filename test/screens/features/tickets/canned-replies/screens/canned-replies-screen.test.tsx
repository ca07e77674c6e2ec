/**
 * Canned replies (`/canned-replies`) on the seeded local backend: agents see the shared list,
 * add one (with a clear message and the typed text kept when it is incomplete), edit and delete
 * it; every change reaches other agents live; customers are refused the screen and never receive
 * canned replies.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstValue, demoAccount, secondClient, seededDeskAs } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(120_000);

const priya = demoAccount('priya@triage.test');
const sam = demoAccount('sam@triage.test');
const dana = demoAccount('dana@example.test');

const titles = () =>
  within(screen.getByRole('list', { name: 'Canned replies' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent);

describe('canned replies screen', () => {
  it('adds, edits and deletes a shared canned reply, seen live by another agent', async () => {
    const { dbName, backend } = await seededDeskAs(priya);
    const other = await secondClient(dbName, sam);
    const user = userEvent.setup({ delay: null });
    renderApp(backend, '/canned-replies');
    await waitFor(() => expect(titles()).toContain('Thanks for reaching out'));

    await user.click(screen.getByRole('button', { name: /New canned reply/ }));
    const form = screen.getByRole('form', { name: 'New canned reply' });
    await user.type(
      within(form).getByLabelText('Text'),
      'Hi {{{{requester.firstName}}, refund sent for #{{{{ticket.number}}.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A canned reply needs a title.');
    expect(within(form).getByLabelText('Text')).toHaveValue(
      'Hi {{requester.firstName}}, refund sent for #{{ticket.number}}.',
    );

    await user.click(within(form).getByLabelText('Title'));
    await user.paste('Refund sent');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(titles()).toContain('Refund sent'));
    const seenByOther = await firstValue<{ cannedReplies: { title: string; body: string }[] }>((next, fail) =>
      other.settings.watch(next, fail),
    );
    expect(seenByOther.cannedReplies).toContainEqual(
      expect.objectContaining({
        title: 'Refund sent',
        body: 'Hi {{requester.firstName}}, refund sent for #{{ticket.number}}.',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Refund sent' }));
    const edit = screen.getByRole('form', { name: 'Edit canned reply' });
    await user.clear(within(edit).getByLabelText('Title'));
    await user.paste('Refund issued');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(titles()).toContain('Refund issued'));
    expect(titles()).not.toContain('Refund sent');

    await user.click(screen.getByRole('button', { name: 'Delete Refund issued' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).not.toContain('Refund issued'));
  });

  it('never gives customers canned replies, nor lets them save any', async () => {
    const { backend } = await seededDeskAs(dana);
    const settings = await firstValue<{ cannedReplies: unknown[]; categories: string[] }>((next, fail) =>
      backend.settings.watch(next, fail),
    );
    expect(settings.categories.length).toBeGreaterThan(0);
    expect(settings.cannedReplies).toEqual([]);
    await expect(backend.settings.saveCannedReplies([])).rejects.toMatchObject({ code: 'permission-denied' });
    renderApp(backend, '/canned-replies');
    expect(await screen.findByText(/not allowed|403|permission/i)).toBeInTheDocument();
  });
});
