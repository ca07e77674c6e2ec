/**
 * The admin's people screen: a role changes only after a confirmation that names the person and
 * what the new role can see (DESIGN §1); Cancel changes nothing; the toast is a sentence.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { demoAccount, seededDeskAs } from '../../../../support/local-backend';
import { renderApp } from '../../../../support/render-app';

beforeEach(() => localStorage.clear());

describe('admin screen: roles', () => {
  it('asks before a role change, naming the person and what the role sees; Cancel changes nothing', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const customer = demoAccount('customer');
    renderApp(backend, '/admin');

    const pick = async (role: string) => {
      await user.click(await screen.findByRole('combobox', { name: `Role of ${customer.displayName}` }));
      // antd's Select: the visible dropdown item carries the label as its title.
      const items = await screen.findAllByTitle(role);
      const item = items.find((element) => element.classList.contains('ant-select-item-option'));
      if (!item) throw new Error(`no ${role} in the role menu`);
      await user.click(item);
    };
    const roleOf = async () => (await backend.users.list({ search: customer.email, limit: 1 })).people[0]?.role;

    await pick('Agent');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(`Make ${customer.displayName} an agent?`).length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(/internal notes included/).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await roleOf()).toBe('customer');

    await pick('Agent');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make an agent' }));
    expect(await screen.findByText(`${customer.displayName} is now an agent.`)).toBeInTheDocument();
    await waitFor(async () => expect(await roleOf()).toBe('agent'));
  });
});

describe('admin screen: deactivating and reactivating (DESIGN §1 "Deactivated people")', () => {
  it('asks where the open tickets go, deactivates with them unassigned, then reactivates', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    const agent = demoAccount('agent');
    renderApp(backend, '/admin');
    await user.type(await screen.findByRole('searchbox', { name: 'Search by name or email' }), agent.email);
    const agentUid = (await backend.users.list({ search: agent.email, limit: 1 })).people[0]?.uid ?? '';
    const held = () =>
      new Promise<number>((resolve, reject) => {
        const stop = backend.tickets.watchCount(
          { assigneeId: agentUid, statuses: ['new', 'open', 'pending', 'on_hold'] },
          (count) => {
            stop();
            resolve(count);
          },
          reject,
        );
      });
    const before = await held();
    expect(before).toBeGreaterThan(0);

    await user.click(await screen.findByRole('button', { name: `Deactivate ${agent.displayName}` }));
    // antd draws the dialog's content again as it opens: each query goes to the document afresh.
    await waitFor(() => expect(screen.getByText(/signed out at once/)).toBeInTheDocument());
    expect(screen.getAllByText(`Deactivate ${agent.displayName}?`).length).toBeGreaterThan(0);
    // Unassigning is the dialog's first choice (reassigning is the backend contract's to show).
    await waitFor(() =>
      expect(document.querySelector('.ant-modal .ant-select-selection-item')).toHaveTextContent('Unassign them'),
    );
    await user.click(screen.getByText('Deactivate', { selector: '.ant-modal button span' }));
    expect(
      await screen.findByText(
        `${agent.displayName} is deactivated. ${before} open ticket${before === 1 ? '' : 's'} moved.`,
      ),
    ).toBeInTheDocument();
    expect((await backend.users.get(agentUid)).deactivated).toBe(true);
    expect(await held()).toBe(0);
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();

    // "Deactivated only" lists them alone, the search cleared; reactivated, they leave that list.
    await user.click(screen.getByRole('checkbox', { name: 'Deactivated only' }));
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('');
    const people = within(screen.getByRole('region', { name: 'People' }));
    await waitFor(() =>
      expect(people.getAllByRole('link').map((link) => link.textContent)).toEqual([agent.displayName]),
    );

    await user.click(await screen.findByRole('button', { name: `Reactivate ${agent.displayName}` }));
    await user.click(await screen.findByText('Reactivate', { selector: '.ant-modal button span' }));
    expect(await screen.findByText(`${agent.displayName} can sign in again.`)).toBeInTheDocument();
    await waitFor(async () => expect((await backend.users.get(agentUid)).deactivated).toBeUndefined());
    await waitFor(() => expect(people.queryAllByRole('link')).toHaveLength(0));
  });
});

describe('admin screen: how the desk works', () => {
  it('turns assign-on-reply off and on, saying what changed, and the backend follows', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend } = await seededDeskAs(demoAccount('admin'));
    renderApp(backend, '/admin');
    const assignOnReply = () =>
      new Promise<boolean>((resolve, reject) => {
        const stop = backend.settings.watch((settings) => {
          stop();
          resolve(settings.assignOnReply);
        }, reject);
      });

    const toggle = await screen.findByRole('switch', { name: 'Assign a new ticket to the agent who first replies' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/always opens a New ticket/);

    await user.click(toggle);
    expect(await screen.findByText(/Replying no longer assigns a ticket/)).toBeInTheDocument();
    await waitFor(async () => expect(await assignOnReply()).toBe(false));
    await waitFor(() => expect(toggle).not.toBeChecked());

    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText(/now goes to the agent who first replies/)).toBeInTheDocument();
    await waitFor(async () => expect(await assignOnReply()).toBe(true));
  });
});
