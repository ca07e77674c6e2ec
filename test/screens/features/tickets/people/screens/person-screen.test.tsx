/**
 * A person's page (`/desk/people/:uid`, DESIGN §1 "A person's page") on the seeded local backend: a
 * customer's card and their requests, newest first, with the total and the queue link; an
 * agent's tickets; and an address of nobody says so.
 */
import { act, screen, within } from '@testing-library/react';
import { PERSON_TICKETS_SHOWN } from '@/features/tickets/people/screens/person-screen';
import { demoAccount, seededDeskAs, storedTickets, storedUsers } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(60_000);

const priya = demoAccount('priya@triage.test');

it("shows a customer's card and requests, newest first, and an agent's tickets", async () => {
  const { backend, dbName } = await seededDeskAs(priya);
  const users = await storedUsers(dbName);
  const tickets = await storedTickets(dbName);
  const mei = users.find((user) => user.email === 'mei@example.test');
  if (!mei) throw new Error('the seed should have Mei');
  const hers = tickets
    .filter((ticket) => ticket.requesterId === mei.uid)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

  const { router } = renderApp(backend, `/desk/people/${mei.uid}`);
  expect(await screen.findByRole('heading', { level: 1, name: mei.displayName }, { timeout: 15_000 })).toBeVisible();
  expect(screen.getByRole('link', { name: mei.email })).toHaveAttribute('href', `mailto:${mei.email}`);
  const requests = within(
    (await screen.findByText(`Requests (${hers.length})`, {}, { timeout: 10_000 })).closest('.ant-card') as HTMLElement,
  );
  const links = (await requests.findAllByRole('link')).filter((link) =>
    link.getAttribute('href')?.startsWith('/desk/tickets/'),
  );
  expect(links.map((link) => link.textContent)).toEqual(
    hers.slice(0, PERSON_TICKETS_SHOWN).map((ticket) => `#${ticket.number} ${ticket.subject}`),
  );
  expect(requests.getByRole('link', { name: 'All their requests in the queue' })).toHaveAttribute(
    'href',
    `/desk?view=all&requester=${mei.uid}`,
  );
  // A customer holds no tickets: no such list.
  expect(screen.queryByText(/^Assigned to them/)).toBeNull();

  const sam = users.find((user) => user.email === 'sam@triage.test');
  if (!sam) throw new Error('the seed should have Sam');
  const held = tickets.filter((ticket) => ticket.assigneeId === sam.uid).length;
  await act(() => router.navigate(`/desk/people/${sam.uid}`));
  expect(await screen.findByRole('heading', { level: 1, name: sam.displayName })).toBeVisible();
  expect(await screen.findByText(`Assigned to them (${held})`, {}, { timeout: 10_000 })).toBeVisible();
});

it('says so for an address of nobody', async () => {
  const { backend } = await seededDeskAs(priya);
  renderApp(backend, '/desk/people/nobody-at-all');
  expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' }, { timeout: 15_000 })).toBeVisible();
});
