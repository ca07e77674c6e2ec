/** Live ticket lists and counts, as RTK Query endpoints over the backend's `watch…` methods. */
import { useCallback } from 'react';
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { BulkAction, BulkResult, TicketFilter, TicketPage, TicketQuery } from '@/backend/port/tickets';

const queueApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A live page of tickets matching a query, in its `sort` order (last public reply first
     * when absent), starting after its `after` cursor (DESIGN §3; the port's `watchList`).
     * Customers only ever receive their own; `error.code` `permission-denied` otherwise.
     */
    watchTickets: build.query<Live<TicketPage>, TicketQuery>(
      liveEndpoint<TicketQuery, TicketPage>((backend, query, onNext, onError) =>
        backend.tickets.watchList(query, onNext, onError),
      ),
    ),
    /**
     * The live number of tickets matching a filter — a queue view's count (the port's
     * `watchCount`). Customers count only their own.
     */
    watchTicketCount: build.query<Live<number>, TicketFilter>(
      liveEndpoint<TicketFilter, number>((backend, filter, onNext, onError) =>
        backend.tickets.watchCount(filter, onNext, onError),
      ),
    ),
    /**
     * One change on many tickets from the queue (the port's `bulk`): resolves with a result per
     * ticket, in order — done, or refused with `{ code, message }`; rejects only for a bad list.
     */
    bulkChangeTickets: build.mutation<BulkResult[], { ids: string[]; action: BulkAction }>({
      query:
        ({ ids, action }) =>
        (backend) =>
          backend.tickets.bulk(ids, action),
    }),
  }),
});

export const { useWatchTicketsQuery, useWatchTicketCountQuery, useBulkChangeTicketsMutation } = queueApi;

/**
 * Starts a queue page and its count before the screen that shows them renders (RTK Query's
 * `prefetch`: the cache entries, and their live subscriptions, exist at once; a screen that
 * subscribes to the same arguments later finds them read or being read). Unused entries go
 * after RTK Query's usual 60 s.
 * @returns a function of the page's query and the count's filter.
 */
export function usePrefetchQueue(): (query: TicketQuery, filter: TicketFilter) => void {
  const prefetchPage = queueApi.usePrefetch('watchTickets');
  const prefetchCount = queueApi.usePrefetch('watchTicketCount');
  return useCallback(
    (query: TicketQuery, filter: TicketFilter) => {
      prefetchPage(query);
      prefetchCount(filter);
    },
    [prefetchPage, prefetchCount],
  );
}
