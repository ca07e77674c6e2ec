/**
 * The ticket screen's followers card (DESIGN §1 "Followers") on the seeded local backend: an agent
 * follows and unfollows, the card lists them as "(you)" meanwhile and says so each time.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoAccount, seededDeskAs, storedTickets } from '../../../../../support/local-backend';
import { renderApp } from '../../../../../support/render-app';

jest.setTimeout(60_000);

const priya = demoAccount('priya@triage.test');

it('follows and unfollows a ticket, and lists who follows it', async () => {
  const user = userEvent.setup({ delay: null });
  const { backend, dbName } = await seededDeskAs(priya);
  const [ticket] = await storedTickets(dbName);
  if (!ticket) throw new Error('the seed should have tickets');
  renderApp(backend, `/desk/tickets/${ticket.id}`);
  const card = within(await screen.findByTestId('ticket-followers', {}, { timeout: 15_000 }));
  await card.findByText('Nobody follows this ticket.');

  await user.click(card.getByRole('button', { name: 'Follow' }));
  await card.findByText(/^Priya .* \(you\)$/);
  expect(card.getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-pressed', 'true');
  expect(await screen.findByText(`You follow ticket #${ticket.number}.`)).toBeInTheDocument();

  await user.click(card.getByRole('button', { name: 'Unfollow' }));
  await card.findByText('Nobody follows this ticket.');
  await waitFor(() => expect(card.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false'));
});
