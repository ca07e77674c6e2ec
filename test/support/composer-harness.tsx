/**
 * A small harness for the shared ticket components: the real store over the local backend on
 * fake-indexeddb, the theme with antd's `<App>` (for `App.useApp()` modals), a memory router, and a panel that watches one ticket live and
 * shows its conversation and composer (as the request and desk screens do).
 */
import { render, waitFor } from '@testing-library/react';
import AntApp from 'antd/es/app';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { appStarted } from '@/app/listeners';
import type { RootState } from '@/app/root-reducer';
import { makeStore } from '@/app/store';
import { ThemeProvider } from '@/app/theme';
import type { Backend } from '@/backend/port/backend';
import type { Role } from '@/domain/roles';
import type { Ticket } from '@/domain/types';
import { selectUser } from '@/features/auth/slice/auth-slice';
import { useWatchMessagesQuery } from '@/features/tickets/api/conversation-api';
import { useWatchTicketQuery } from '@/features/tickets/api/ticket-api';
import { Composer } from '@/features/tickets/conversation/composer/composer';
import { useCurrentUser } from '@/lib/session/current-user';
import { Conversation } from '@/features/tickets/conversation/components/conversation';
import { OutboxMessages } from '@/features/tickets/conversation/components/outbox-messages';
import { demoAccount, localTestBackend, signInDemo } from './local-backend';
import { VisibilityStyles } from './visibility-styles';

let backends = 0;

/**
 * A fresh seeded local backend (one session; its own database unless `dbName` names one, so
 * another client of that database can be a second tab). Its clock moves one second per
 * reading, so two writes never share a timestamp (the stale-ticket guard compares them).
 */
export function localBackend(dbName?: string): Backend {
  backends += 1;
  let clock = Date.parse('2026-03-02T09:00:00.000Z') + backends * 86_400_000;
  return localTestBackend({ seed: true, dbName, now: () => (clock += 1000) });
}

/** A new request by the demo customer; the backend is left signed in as `then`. */
export async function ticketBy(backend: Backend, then: Role = 'customer'): Promise<Ticket> {
  await signInDemo(backend, demoAccount('customer'));
  const ticket = await backend.tickets.create({
    subject: 'Printer on fire',
    description: 'It smells of toner.',
    priority: 'normal',
  });
  if (then !== 'customer') {
    await backend.auth.signOut();
    await signInDemo(backend, demoAccount(then));
  }
  return ticket;
}

/** One ticket as the screens show it: live conversation above the composer. */
export function TicketPanel({ ticketId, staff, stale }: { ticketId: string; staff: boolean; stale?: Ticket }) {
  const { data: ticket } = useWatchTicketQuery(ticketId);
  const { data: messages } = useWatchMessagesQuery(ticketId);
  const me = useCurrentUser();
  const shown = stale ?? ticket?.value;
  if (!shown) return <p>Loading the ticket</p>;
  return (
    <>
      <Conversation messages={messages?.value ?? null} requesterId={shown.requesterId} viewerId={me?.uid} />
      {me && <OutboxMessages ticketId={shown.id} owner={me.uid} messages={messages?.value ?? null} />}
      <Composer ticket={shown} staff={staff} />
    </>
  );
}

/** A store bound to the backend whose auth mirror has seen the signed-in person. */
export async function signedInStore(backend: Backend, preloadedState?: Partial<RootState>) {
  const made = makeStore(backend, preloadedState);
  made.store.dispatch(appStarted());
  await waitFor(() => expect(selectUser(made.store.getState())).not.toBeNull());
  return made;
}

/** Renders the panel of a ticket inside the app's providers. */
export function renderPanel(
  store: Awaited<ReturnType<typeof signedInStore>>['store'],
  props: Parameters<typeof TicketPanel>[0],
) {
  return render(
    <VisibilityStyles>
      <Provider store={store}>
        <ThemeProvider>
          <AntApp>
            <MemoryRouter>
              <TicketPanel {...props} />
            </MemoryRouter>
          </AntApp>
        </ThemeProvider>
      </Provider>
    </VisibilityStyles>,
  );
}
