/**
 * The recurring tickets of the automations screen (DESIGN §10 "Recurring tickets"): the desk's
 * templates, live, and their writes (save, delete) — admins only. Trusted code creates the
 * tickets; nothing here does.
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { RecurringTicket, RecurringTicketInput } from '@/domain/recurring-tickets';

const recurringTicketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The desk's recurring tickets by title, live (admins; `permission-denied` for anyone else). A
     * stored one that is malformed is left out.
     */
    watchRecurringTickets: build.query<Live<RecurringTicket[]>, void>(
      liveEndpoint<void, RecurringTicket[]>((backend, _arg, onNext, onError) =>
        backend.settings.watchRecurringTickets(onNext, onError),
      ),
    ),
    /**
     * Creates or replaces a recurring ticket by id; resolves with it as stored, the caller as the
     * requester of the tickets it creates from now on. Refused with `recurringTicketSchema`'s
     * sentence (`invalid-argument`), `permission-denied`, or `resource-exhausted` for a new one over
     * `MAX_RECURRING_TICKETS`.
     */
    saveRecurringTicket: build.mutation<RecurringTicket, RecurringTicketInput>({
      query: (recurring) => (backend) => backend.settings.saveRecurringTicket(recurring),
    }),
    /**
     * Deletes a recurring ticket by id (the tickets it created stay); one that does not exist is
     * already deleted. Refused with `permission-denied`.
     */
    deleteRecurringTicket: build.mutation<void, string>({
      query: (id) => (backend) => backend.settings.deleteRecurringTicket(id),
    }),
  }),
});

export const { useWatchRecurringTicketsQuery, useSaveRecurringTicketMutation, useDeleteRecurringTicketMutation } =
  recurringTicketsApi;
