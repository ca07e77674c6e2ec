/** Live ticket lists, as RTK Query endpoints over the backend's `watch…` methods. */
import { api, liveEndpoint, type Live } from '@/app/api';
import type { TicketPage, TicketQuery } from '@/backend/port';

const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A live page of tickets matching a query, newest activity first (DESIGN §3). */
    watchTickets: build.query<Live<TicketPage>, TicketQuery>(
      liveEndpoint<TicketQuery, TicketPage>((backend, query, onNext, onError) =>
        backend.tickets.watchList(query, onNext, onError),
      ),
    ),
  }),
});

export const { useWatchTicketsQuery } = ticketsApi;
