/**
 * One ticket as RTK Query endpoints over the backend port: the live ticket and its audit
 * trail, a one-off fresh read, and the writes on the ticket itself (submit, lifecycle event,
 * field change). Mutations resolve with the backend's result or reject with `{ code, message }`
 * (see `friendlyMessage`).
 */
import type { CustomFieldValues } from '@/domain/custom-fields';
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { CreateTicketInput, TicketPatch, WriteOptions } from '@/backend/port/tickets';
import type { LifecycleEvent } from '@/domain/lifecycle';
import type { AuditEvent, Ticket } from '@/domain/types';
import type { RuleTrace } from '@/domain/rule-trace';
import type { Follower } from '@/domain/followers';

const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One ticket, live; `error.code` `not-found` or `permission-denied` when it cannot be read. */
    watchTicket: build.query<Live<Ticket>, string>(
      liveEndpoint<string, Ticket>((backend, id, onNext, onError) => backend.tickets.watch(id, onNext, onError)),
    ),
    /** A ticket's audit trail, oldest first, live (staff only). */
    watchTicketEvents: build.query<Live<AuditEvent[]>, string>(
      liveEndpoint<string, AuditEvent[]>((backend, id, onNext, onError) =>
        backend.tickets.watchEvents(id, onNext, onError),
      ),
    ),
    /**
     * A ticket's rule trace: the last runs of the desk's triggers over it, newest first, live
     * (admins only: `error.code` `permission-denied` for anyone else; DESIGN §10 "Triggers").
     */
    watchRuleTraces: build.query<Live<RuleTrace[]>, string>(
      liveEndpoint<string, RuleTrace[]>((backend, id, onNext, onError) =>
        backend.tickets.watchRuleTraces(id, onNext, onError),
      ),
    ),
    /** The staff who follow a ticket, by name, live (staff only; DESIGN §1 "Followers"). */
    watchFollowers: build.query<Live<Follower[]>, string>(
      liveEndpoint<string, Follower[]>((backend, id, onNext, onError) =>
        backend.tickets.watchFollowers(id, onNext, onError),
      ),
    ),
    /** Starts or stops following a ticket as the signed-in staff member (idempotent). */
    setFollowing: build.mutation<void, { id: string; following: boolean }>({
      query:
        ({ id, following }) =>
        (backend) =>
          backend.tickets.setFollowing(id, following),
    }),
    /** A ticket's agents-only custom field values, live (staff only; DESIGN §3 "Custom fields"). */
    watchAgentFields: build.query<Live<CustomFieldValues>, string>(
      liveEndpoint<string, CustomFieldValues>((backend, id, onNext, onError) =>
        backend.tickets.watchAgentFields(id, onNext, onError),
      ),
    ),
    /** The ticket as stored now, read once and not kept (to compare with what was shown). */
    currentTicket: build.query<Ticket, string>({
      query: (id) => (backend) => backend.tickets.get(id),
      keepUnusedDataFor: 0,
    }),
    /** Submits a request (DESIGN §2 `submit`); resolves with the new ticket (its `number` set). */
    createTicket: build.mutation<Ticket, CreateTicketInput>({
      query: (input) => (backend) => backend.tickets.create(input),
    }),
    /** Fires a lifecycle event (DESIGN §2); `aborted` when the ticket changed since `expectedUpdatedAt`. */
    transitionTicket: build.mutation<Ticket, { id: string; event: LifecycleEvent } & WriteOptions>({
      query:
        ({ id, event, expectedUpdatedAt }) =>
        (backend) =>
          backend.tickets.transition(id, event, { expectedUpdatedAt }),
    }),
    /** Changes priority, category, tags or assignee (staff only), one audit event per field. */
    updateTicket: build.mutation<Ticket, { id: string; patch: TicketPatch } & WriteOptions>({
      query:
        ({ id, patch, expectedUpdatedAt }) =>
        (backend) =>
          backend.tickets.update(id, patch, { expectedUpdatedAt }),
    }),
  }),
});

export const {
  useWatchTicketQuery,
  useWatchTicketEventsQuery,
  useWatchRuleTracesQuery,
  useWatchAgentFieldsQuery,
  useWatchFollowersQuery,
  useSetFollowingMutation,
  useLazyCurrentTicketQuery,
  useCreateTicketMutation,
  useTransitionTicketMutation,
  useUpdateTicketMutation,
} = ticketApi;
