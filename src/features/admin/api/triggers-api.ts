/**
 * The automations screen's data (DESIGN §10 "Triggers"): the desk's triggers, live, and their
 * writes (save, delete, reorder) — admins only; and the reads of "Test this rule", which write
 * nothing: one ticket with what a trigger's test needs, and the tickets created in the last
 * days (`src/domain/plans/trigger-preview.ts`).
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { Backend } from '@/backend/port/backend';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { TicketPage, TicketQuery } from '@/backend/port/tickets';
import type { CustomFieldValues } from '@/domain/custom-fields';
import { AppError } from '@/domain/errors/errors';
import { PREVIEW_TICKET_CAP, type TicketReference } from '@/domain/plans/trigger-preview';
import { MAX_TICKET_PAGE } from '@/domain/schemas';
import type { Trigger, TriggerInput } from '@/domain/triggers';
import type { IsoDateTime, Ticket } from '@/domain/types';

/** A ticket a trigger is tested on, with what the test reads beside it. */
export interface TicketUnderTest {
  ticket: Ticket;
  /** Its agents-only custom field values (`{}` when none). */
  agentFields: CustomFieldValues;
  /** Its requester's email, or `null` when their profile cannot be read. */
  requesterEmail: string | null;
}

/** The tickets created since a moment, newest first, as far as the cap. */
export interface RecentTickets {
  tickets: Ticket[];
  /** Whether the read stopped at {@link PREVIEW_TICKET_CAP} with older tickets of the window left. */
  capped: boolean;
  /** Requesters' emails by uid, when asked for (else empty). */
  requesterEmails: Record<string, string>;
}

/** The first value of a live subscription, which is then ended (a one-off read through a `watch…`). */
function readOnce<T>(watch: (onNext: Listener<T>, onError: ErrorListener) => Unsubscribe): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const stop = watch(
      (value) => {
        if (settled) return;
        settled = true;
        resolve(value);
        // Deferred: the first value may arrive before `watch` has returned `stop`.
        queueMicrotask(() => stop());
      },
      (error) => {
        if (settled) return;
        settled = true;
        reject(new AppError(error.code, error.message));
        queueMicrotask(() => stop());
      },
    );
  });
}

/** One page of a ticket list, read once. */
function ticketPage(backend: Backend, query: TicketQuery): Promise<TicketPage> {
  return readOnce<TicketPage>((onNext, onError) => backend.tickets.watchList(query, onNext, onError));
}

/** A requester's email, or `null` when their profile cannot be read (a deleted account). */
async function emailOf(backend: Backend, uid: string): Promise<string | null> {
  try {
    return (await backend.users.get(uid)).email;
  } catch {
    return null;
  }
}

/**
 * The ticket a reference names: by id (`tickets.get`), or by number through the queue's search,
 * which finds a number among a ticket's search keys (`search-keys.ts`), checked for the exact number.
 * @returns the ticket, or `null` when there is none.
 */
async function findTicket(backend: Backend, reference: TicketReference): Promise<Ticket | null> {
  if ('id' in reference) {
    try {
      return await backend.tickets.get(reference.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not-found') return null;
      throw error;
    }
  }
  const page = await ticketPage(backend, {
    search: String(reference.number),
    limit: MAX_TICKET_PAGE,
    sort: { field: 'createdAt', direction: 'desc' },
  });
  return page.tickets.find((ticket) => ticket.number === reference.number) ?? null;
}

/**
 * The tickets created since `since`, newest first: pages of the queue's list by creation, until the
 * window or {@link PREVIEW_TICKET_CAP} ends (each ticket is a read on Firebase; no port method
 * counts tickets by a trigger's conditions). With `withEmails`, each distinct requester's profile
 * is read too, for a trigger that tests the requester's email.
 */
async function recentTickets(backend: Backend, since: IsoDateTime, withEmails: boolean): Promise<RecentTickets> {
  const tickets: Ticket[] = [];
  let after: TicketQuery['after'];
  let capped = false;
  for (;;) {
    const limit = Math.min(MAX_TICKET_PAGE, PREVIEW_TICKET_CAP - tickets.length);
    const page = await ticketPage(backend, { limit, sort: { field: 'createdAt', direction: 'desc' }, after });
    const inWindow = page.tickets.filter((ticket) => ticket.createdAt >= since);
    tickets.push(...inWindow);
    const windowEnded = inWindow.length < page.tickets.length || !page.hasMore || !page.nextCursor;
    if (windowEnded) break;
    if (tickets.length >= PREVIEW_TICKET_CAP) {
      capped = true;
      break;
    }
    after = page.nextCursor ?? undefined;
  }
  const requesterEmails: Record<string, string> = {};
  if (withEmails) {
    for (const uid of new Set(tickets.map((ticket) => ticket.requesterId))) {
      const email = await emailOf(backend, uid);
      if (email !== null) requesterEmails[uid] = email;
    }
  }
  return { tickets, capped, requesterEmails };
}

const triggersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The desk's triggers in their order, live (admins; `permission-denied` for anyone else). */
    watchTriggers: build.query<Live<Trigger[]>, void>(
      liveEndpoint<void, Trigger[]>((backend, _arg, onNext, onError) =>
        backend.settings.watchTriggers(onNext, onError),
      ),
    ),
    /**
     * Creates or replaces a trigger; resolves with it as stored. Refused with `triggerSchema`'s
     * sentence, or `resource-exhausted` over `MAX_TRIGGERS`.
     */
    saveTrigger: build.mutation<Trigger, TriggerInput>({
      query: (trigger) => (backend) => backend.settings.saveTrigger(trigger),
    }),
    /** Deletes a trigger (tickets keep the audit entries that name it). */
    deleteTrigger: build.mutation<void, string>({
      query: (id) => (backend) => backend.settings.deleteTrigger(id),
    }),
    /**
     * Moves triggers: saves each with its new `order`, one after the other (each is its own write:
     * a failure leaves those before it moved, and the live list shows where each one is).
     */
    reorderTriggers: build.mutation<void, readonly TriggerInput[]>({
      query: (moved) => async (backend) => {
        for (const trigger of moved) await backend.settings.saveTrigger(trigger);
      },
    }),
    /** A ticket to test a trigger on, with its agents-only values and its requester's email; `null` when none is found. */
    ticketUnderTest: build.query<TicketUnderTest | null, TicketReference>({
      query: (reference) => async (backend) => {
        const ticket = await findTicket(backend, reference);
        if (!ticket) return null;
        const [agentFields, requesterEmail] = await Promise.all([
          readOnce<CustomFieldValues>((onNext, onError) =>
            backend.tickets.watchAgentFields(ticket.id, onNext, onError),
          ),
          emailOf(backend, ticket.requesterId),
        ]);
        return { ticket, agentFields, requesterEmail };
      },
      keepUnusedDataFor: 0,
    }),
    /** The tickets created since a moment, for "last 30 days" (see {@link recentTickets}). */
    recentTickets: build.query<RecentTickets, { since: IsoDateTime; withEmails: boolean }>({
      query:
        ({ since, withEmails }) =>
        (backend) =>
          recentTickets(backend, since, withEmails),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useWatchTriggersQuery,
  useSaveTriggerMutation,
  useDeleteTriggerMutation,
  useReorderTriggersMutation,
  useLazyTicketUnderTestQuery,
  useLazyRecentTicketsQuery,
} = triggersApi;
