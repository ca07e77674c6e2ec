import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBackend, profile } from '../../../support/fake-backend';
import { demoAccount, localTestBackend, seededDeskAs, storedUsers } from '../../../support/local-backend';
import { renderApp } from '../../../support/render-app';

const agent = demoAccount('agent');

/**
 * Puts `value` into a field as the browser does for typing that lands while React claims the
 * field during hydration: the field shows it, and no handler of the app runs (the value is set
 * past React's own tracking of the field, and no event fires).
 */
/** Waits until the guest form stays (it may re-render while the backend reports nobody signed in). */
async function formSettled(): Promise<void> {
  const onlyHere = () => screen.getByRole('checkbox', { name: 'Only in this tab' });
  await screen.findByRole('checkbox', { name: 'Only in this tab' }, { timeout: 15_000 });
  await waitFor(() => expect(onlyHere()).toHaveAccessibleDescription(/customer and an agent side by side/));
}

function showUnheard(field: HTMLElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
}
const customer = demoAccount('customer');

describe('sign-up screen', () => {
  it('shows DESIGN §3 limits as messages and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(localTestBackend({ seed: false }), '/sign-up');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    // antd validates each field on its own: the messages may show one after another.
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(await screen.findByText('Type the password again.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your name'), 'x'.repeat(81));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    // The input stops at 80 characters (DESIGN §3), so the 81st is never typed.
    expect(screen.getByLabelText('Your name')).toHaveValue('x'.repeat(80));
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-email');
  });

  it.each(['/sign-up', '/reset-password', '/sign-in'])(
    '%s leaves checking to the app: no browser bubble covers its message (noValidate)',
    async (path) => {
      renderApp(localTestBackend({ seed: false }), path);
      const email = await screen.findByLabelText('Email');
      const form = email.closest('form');
      expect(form).not.toBeNull();
      expect(form?.noValidate).toBe(true);
    },
  );

  it('creates a customer account and lands on the empty requests page', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(localTestBackend({ seed: false }), '/sign-up');
    await user.type(await screen.findByLabelText('Your name'), 'Nina New');
    await user.type(screen.getByLabelText('Email'), 'nina@example.test');
    await user.type(screen.getByLabelText('Password'), 'long enough 1');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough 1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('You have no requests yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/requests');
    expect(screen.getByText('Customer')).toBeInTheDocument();
  });
  it('sends what the fields show, even typing the app did not hear of while it hydrated', async () => {
    const backend = localTestBackend({ seed: false });
    const signUp = jest.spyOn(backend.auth, 'signUp');
    renderApp(backend, '/sign-up');
    await formSettled();
    showUnheard(screen.getByLabelText('Your name'), 'Nina New');
    showUnheard(screen.getByLabelText('Email'), 'nina@example.test');
    showUnheard(screen.getByLabelText('Password'), 'long enough 1');
    showUnheard(screen.getByLabelText('Confirm password'), 'long enough 1');
    const form = screen.getByRole('button', { name: 'Create account' }).closest('form');
    if (form) fireEvent.submit(form);
    expect(form).not.toBeNull();

    await waitFor(() =>
      expect(signUp).toHaveBeenCalledWith({
        displayName: 'Nina New',
        email: 'nina@example.test',
        password: 'long enough 1',
      }),
    );
  });
});

describe('sign-up screen, an email that has an account', () => {
  it('says so once, with the two ways on: sign in or reset the password', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localTestBackend({ seed: false });
    await backend.auth.signUp({ displayName: 'Nina New', email: 'nina@example.test', password: 'long enough 1' });
    await backend.auth.signOut();
    renderApp(backend, '/sign-up');
    await user.type(await screen.findByLabelText('Your name'), 'Nina Again');
    await user.type(await screen.findByLabelText('Email'), 'nina@example.test');
    await user.type(screen.getByLabelText('Password'), 'long enough 1');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough 1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('An account with this email already exists.');
    // The way on is said once, as links, not again in words.
    expect(alert.textContent?.match(/reset/gi) ?? []).toHaveLength(1);
    expect(alert.textContent?.match(/sign in/gi) ?? []).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(within(alert).getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/reset-password');
  });
});

describe('sign-in screen', () => {
  it('says plainly when the password is wrong and keeps the email', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(localTestBackend({ seed: true }), '/sign-in');
    await user.type(await screen.findByLabelText('Email'), agent.email);
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('That email and password do not match an account.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(agent.email);
  });

  it('signs a seeded agent in to the desk', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(localTestBackend({ seed: true }), '/sign-in');
    await user.type(await screen.findByLabelText('Email'), agent.email);
    await user.type(screen.getByLabelText('Password'), agent.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/desk'), { timeout: 5000 });
    expect(await screen.findByText('Queue')).toBeInTheDocument();
  });

  /** Signs `who` in through the form (the sign-in page must be showing). */
  async function signInThroughForm(user: ReturnType<typeof userEvent.setup>, who: { email: string; password: string }) {
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), who.email);
    await user.type(screen.getByLabelText('Password'), who.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it.each([
    ['an agent at /desk?view=mine', agent, '/desk?view=mine', 'Queue', customer, '/requests'],
    ['a customer at /requests', customer, '/requests', 'My requests', agent, '/desk'],
  ])(
    'after %s signs out, the next person in the tab lands on their own home, not that page',
    async (_, first, page, heading, next, home) => {
      const user = userEvent.setup({ delay: null });
      const { backend } = await seededDeskAs(first);
      const { router } = renderApp(backend, page);
      // The page shown to them, signed in.
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeInTheDocument();
      expect(router.state.location.pathname + router.state.location.search).toBe(page);
      await act(() => backend.auth.signOut());
      await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
      await signInThroughForm(user, next);
      await waitFor(() => expect(router.state.location.pathname).toBe(home), { timeout: 10_000 });
      expect(screen.queryByText('403 — not for your role')).not.toBeInTheDocument();
    },
  );

  it('signs someone else in in this tab from the account menu, the first person staying signed in elsewhere', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend } = await seededDeskAs(agent);
    const signIn = jest.spyOn(backend.auth, 'signIn');
    const { router } = renderApp(backend, '/desk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Queue' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Sign in someone else in this tab/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    // The tab is apart: its next sign-in stays in it unless unticked.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Only in this tab' })).toBeChecked());
    await signInThroughForm(user, customer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests'), { timeout: 10_000 });

    // The sign-in was kept to this tab (the browser's other tabs keep the agent: session.test.ts).
    expect(signIn).toHaveBeenLastCalledWith(expect.objectContaining({ email: customer.email, thisTabOnly: true }));
  });

  it('lets an agent say from the account menu whether they take round-robin tickets, and shows which', async () => {
    const user = userEvent.setup({ delay: null });
    const { backend, dbName } = await seededDeskAs(agent);
    renderApp(backend, '/desk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Queue' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    // The demo agents take them.
    await user.click(
      await screen.findByRole('menuitem', { name: 'Available · Stop taking new tickets (round-robin)' }),
    );
    await waitFor(async () =>
      expect((await storedUsers(dbName)).find((person) => person.email === agent.email)?.available).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Away · Take new tickets (round-robin)' }));
    await waitFor(async () =>
      expect((await storedUsers(dbName)).find((person) => person.email === agent.email)?.available).toBe(true),
    );
  });

  it('takes a deep link to its page when the person may open it, and to their home when not', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localTestBackend({ seed: true });
    const first = renderApp(backend, '/desk?view=mine');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/sign-in'), { timeout: 15_000 });
    await signInThroughForm(user, agent);
    await waitFor(() =>
      expect(first.router.state.location.pathname + first.router.state.location.search).toBe('/desk?view=mine'),
    );
    await act(() => backend.auth.signOut());
    first.unmount();

    // A customer who follows an agent's link: their own home, not a 403.
    const second = renderApp(backend, '/desk?view=mine');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/sign-in'), { timeout: 15_000 });
    await signInThroughForm(user, customer);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/requests'), { timeout: 10_000 });
    expect(screen.queryByText('403 — not for your role')).not.toBeInTheDocument();
  });

  it('keeps a sign-in to this tab when “Only in this tab” is ticked, and to the browser when not', async () => {
    const user = userEvent.setup({ delay: null });
    const backend = localTestBackend({ seed: true });
    const signIn = jest.spyOn(backend.auth, 'signIn');
    const { router } = renderApp(backend, '/sign-in');
    await screen.findByRole('checkbox', { name: 'Only in this tab' }, { timeout: 15_000 });
    const onlyHere = () => screen.getByRole('checkbox', { name: 'Only in this tab' });
    // Queried afresh: the form may re-render while the backend reports nobody signed in.
    await waitFor(() => expect(onlyHere()).toHaveAccessibleDescription(/customer and an agent side by side/));
    expect(onlyHere()).not.toBeChecked();
    await user.click(onlyHere());
    await user.type(screen.getByLabelText('Email'), agent.email);
    await user.type(screen.getByLabelText('Password'), agent.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/desk'), { timeout: 5000 });
    expect(signIn).toHaveBeenCalledWith({ email: agent.email, password: agent.password, thisTabOnly: true });
  });

  it('sends what the fields show, even typing the app did not hear of while it hydrated', async () => {
    const backend = localTestBackend({ seed: true });
    const signIn = jest.spyOn(backend.auth, 'signIn');
    const { router } = renderApp(backend, '/sign-in');
    await formSettled();
    // As typing that lands while React claims the field: the field shows it, no handler ran.
    showUnheard(await screen.findByLabelText('Email'), agent.email);
    showUnheard(screen.getByLabelText('Password'), agent.password);
    // Enter in the field: nothing else re-renders the fields first (a re-render would put the
    // screen's empty state back into them, as React does for a controlled field).
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/desk'), { timeout: 5000 });
    expect(signIn).toHaveBeenCalledWith({ email: agent.email, password: agent.password });
    expect(screen.queryByText('Enter your email.')).not.toBeInTheDocument();
  });

  it('gives a signed-in customer a 403 page on /desk', async () => {
    const { backend } = await seededDeskAs(customer);
    renderApp(backend, '/desk');
    expect(await screen.findByText('403 — not for your role', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('session states', () => {
  it('paints the signed-in frame from the persisted hint, not the sign-in page, while the backend answers', () => {
    const fake = fakeBackend();
    const hint = profile({ displayName: 'Hinted Agent' });
    renderApp(fake.backend, '/desk', {
      auth: { kind: 'unknown', lastUser: hint, _persist: { version: 2, rehydrated: true } },
    });
    expect(screen.getByRole('button', { name: /^Hinted Agent .*account menu$/ })).toBeInTheDocument();
    expect(screen.getByTestId('screen-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows a retry, not a blank page or a spinner, when the profile cannot be read', async () => {
    const fake = fakeBackend();
    const retry = jest.fn(async () => undefined);
    fake.backend.auth.retryProfile = retry;
    renderApp(fake.backend, '/desk');
    act(() =>
      fake.emit({
        kind: 'profileUnavailable',
        uid: 'u-9',
        email: 'ada@example.test',
        error: { code: 'unavailable', message: 'Cloud Firestore did not answer.' },
      }),
    );
    expect(await screen.findByText('Triage cannot reach its database')).toBeInTheDocument();
    expect(screen.getByText(/signed in as ada@example.test/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
