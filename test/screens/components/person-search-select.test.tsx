/**
 * Finding people on screen (DESIGN §3 "Finding people"): the queue's requester filter searches
 * as you type (at most `PEOPLE_SEARCH_LIMIT` people, never a list of everyone) and names a
 * requester from the URL by their one profile; the admin's people list is searched, filtered by
 * role and walked in cursor pages of `PEOPLE_PAGE_SIZE`. On the seeded local backend.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { openTriageDb } from '@/backend/local/core/db';
import { PEOPLE_PAGE_SIZE, PEOPLE_SEARCH_LIMIT } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';
import type { UserProfile } from '@/domain/types';
import { PEOPLE_SEARCH_DEBOUNCE_MS } from '@/components/person-search-select';
import { demoAccount, seededDeskAs, storedUsers } from '../../support/local-backend';
import { renderApp } from '../../support/render-app';

jest.setTimeout(90_000);

beforeEach(() => localStorage.clear());

/** The options of the open antd Select dropdown, by their label. */
function optionLabels(): string[] {
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title') ?? '');
}

function params(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

describe('the queue’s requester filter', () => {
  it('names the requester from the URL, searches as you type with a limit, and puts the choice in the URL', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, dbName } = await seededDeskAs(demoAccount('priya@triage.test'));
    const people = await storedUsers(dbName);
    const byEmail = (email: string) => people.find((person) => person.email === email) as UserProfile;
    const [dana, luis] = [byEmail('dana@example.test'), byEmail('luis@example.test')];
    const list = jest.spyOn(backend.users, 'list');
    const { router } = renderApp(backend, `/desk?view=all&requester=${dana.uid}`);

    const bar = await screen.findByRole('search', { name: 'Filter the queue' });
    // The URL's requester is named from their own profile, before anything is typed.
    await waitFor(() => expect(bar).toHaveTextContent('Dana Whitfield (dana@example.test)'));

    const picker = within(bar).getByRole('combobox', { name: 'Requester' });
    await user.click(picker);
    await user.type(picker, 'l');
    expect(await screen.findByText('Type 2 letters of a name or email')).toBeInTheDocument();
    await user.type(picker, 'ui');
    await waitFor(() => expect(optionLabels()).toContain('Luis Romero (luis@example.test)'), {
      timeout: PEOPLE_SEARCH_DEBOUNCE_MS + 10_000,
    });
    expect(optionLabels()).not.toContain('Mei Tanaka (mei@example.test)');
    const option = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.getAttribute('title') === 'Luis Romero (luis@example.test)',
    );
    if (!option) throw new Error('no Luis in the picker');
    await user.click(option);
    await waitFor(() => expect(params(router).get('requester')).toBe(luis.uid));

    // Every people query was a search with a key and a small limit: nobody listed everyone.
    expect(list).toHaveBeenCalled();
    for (const [asked] of list.mock.calls) {
      expect(searchKeyOf(asked.search)).not.toBeNull();
      expect(asked.limit).toBeLessThanOrEqual(PEOPLE_SEARCH_LIMIT);
    }
  });
});

describe('the admin’s people list', () => {
  it('shows pages of people with Next and Previous, a role filter and a search', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { backend, dbName } = await seededDeskAs(demoAccount('admin'));
    // 30 more customers than the seed's six: two pages.
    const db = openTriageDb(dbName);
    await db.users.bulkPut(
      Array.from({ length: 30 }, (_, i) => ({
        uid: `extra${String(i).padStart(2, '0')}`,
        displayName: `Extra Person ${String(i).padStart(2, '0')}`,
        email: `extra${i}@example.test`,
        role: 'customer' as const,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })),
    );
    db.close();
    const list = jest.spyOn(backend.users, 'list');
    renderApp(backend, '/admin');

    const rows = () => document.querySelectorAll('.ant-list-item');
    await waitFor(() => expect(rows()).toHaveLength(PEOPLE_PAGE_SIZE));
    expect(screen.getByTestId('people-page')).toHaveTextContent('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(36 - PEOPLE_PAGE_SIZE));
    expect(screen.getByTestId('people-page')).toHaveTextContent('Page 2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()).toHaveLength(PEOPLE_PAGE_SIZE));

    // The role filter: the two agents only.
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    const agentOption = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.getAttribute('title') === 'Agent',
    );
    if (!agentOption) throw new Error('no Agent in the role filter');
    await user.click(agentOption);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Priya Shah')).toBeInTheDocument();
    expect(screen.getByText('Sam Okafor')).toBeInTheDocument();

    // A search by name, within every role again.
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    const everyRole = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.getAttribute('title') === 'Every role',
    );
    if (!everyRole) throw new Error('no "Every role" in the role filter');
    await user.click(everyRole);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'whitf');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: PEOPLE_SEARCH_DEBOUNCE_MS + 10_000 });
    expect(screen.getByText('Dana Whitfield')).toBeInTheDocument();

    // Each read was one bounded page.
    for (const [asked] of list.mock.calls) expect(asked.limit).toBe(PEOPLE_PAGE_SIZE);
  });
});
