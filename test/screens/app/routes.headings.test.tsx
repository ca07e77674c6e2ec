/**
 * Every screen names itself with exactly one `h1` (screen readers list and jump to it), at any
 * role: sign-in, sign-up, the customer's requests and new-request form, the agent's queue, a
 * ticket and the macros, the admin's people, and a page for what is not found.
 */
import { screen, waitFor } from '@testing-library/react';
import type { Backend } from '@/backend/port/backend';
import { demoAccount, localTestBackend, seededDeskAs } from '../../support/local-backend';
import { renderApp } from '../../support/render-app';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());

/** Renders `path` and resolves with the text of its one h1 (failing on none or several). */
async function topHeading(backend: Backend, path: string, expected: RegExp): Promise<void> {
  const view = renderApp(backend, path);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected), {
    timeout: 15_000,
  });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  view.unmount();
}

describe('one h1 per screen', () => {
  it('signed out: sign in and sign up', async () => {
    const backend = localTestBackend({ seed: true });
    await topHeading(backend, '/sign-in', /^Sign in$/);
    await topHeading(backend, '/sign-up', /^Create your account$/);
  });

  it('a customer: their requests, a new request, a request that is not there', async () => {
    const { backend } = await seededDeskAs(demoAccount('customer'));
    await topHeading(backend, '/requests', /My requests/);
    await topHeading(backend, '/requests/new', /^New request$/);
    await topHeading(backend, '/requests/no-such-request', /^Request not found$/);
  });

  it('an agent: the queue, a ticket, the macros', async () => {
    const { backend } = await seededDeskAs(demoAccount('agent'));
    await topHeading(backend, '/desk', /^Queue$/);
    const [ticket] = await new Promise<{ id: string; number: number }[]>((resolve, reject) => {
      const stop = backend.tickets.watchList(
        { limit: 1 },
        (page) => {
          stop();
          resolve(page.tickets);
        },
        reject,
      );
    });
    if (!ticket) throw new Error('the seed has tickets');
    await topHeading(backend, `/desk/tickets/${ticket.id}`, new RegExp(`^#${ticket.number} `));
    await topHeading(backend, '/macros', /Macros/);
    // The canned replies' old address lands on the macros that took their place.
    await topHeading(backend, '/canned-replies', /Macros/);
  });

  it('an admin: the people', async () => {
    const { backend } = await seededDeskAs(demoAccount('admin'));
    await topHeading(backend, '/admin', /^People$/);
  });
});
