/**
 * One ticket and what surrounds it, as RTK Query endpoints over the backend port: the live
 * ticket, its conversation and audit trail, desk settings and the staff list (for assigning),
 * and the writes (submit, reply/note, lifecycle event, field change). Mutations resolve with
 * the backend's result or reject with `{ code, message }` (see `friendlyMessage`).
 */
import { api, liveEndpoint, type Live } from '@/app/api';
import type { AddMessageInput, CreateTicketInput, TicketPatch, WriteOptions } from '@/backend/port';
import type { LifecycleEvent } from '@/domain/lifecycle';
import { isStaff } from '@/domain/roles';
import type { AuditEvent, CannedReply, DeskSettings, Message, Ticket, UserProfile } from '@/domain/types';

const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One ticket, live; `error.code` `not-found` or `permission-denied` when it cannot be read. */
    watchTicket: build.query<Live<Ticket>, string>(
      liveEndpoint<string, Ticket>((backend, id, onNext, onError) => backend.tickets.watch(id, onNext, onError)),
    ),
    /** A ticket's conversation, oldest first, live (customers never receive internal notes). */
    watchMessages: build.query<Live<Message[]>, string>(
      liveEndpoint<string, Message[]>((backend, id, onNext, onError) => backend.messages.watch(id, onNext, onError)),
    ),
    /** A ticket's audit trail, oldest first, live (staff only). */
    watchTicketEvents: build.query<Live<AuditEvent[]>, string>(
      liveEndpoint<string, AuditEvent[]>((backend, id, onNext, onError) =>
        backend.tickets.watchEvents(id, onNext, onError),
      ),
    ),
    /** Desk settings (categories, close-after days, SLA, canned replies), live. */
    watchDeskSettings: build.query<Live<DeskSettings>, void>(
      liveEndpoint<void, DeskSettings>((backend, _arg, onNext, onError) => backend.settings.watch(onNext, onError)),
    ),
    /** Agents and admins, by name, live (staff only): who a ticket can be assigned to. */
    watchStaff: build.query<Live<UserProfile[]>, void>(
      liveEndpoint<void, UserProfile[]>((backend, _arg, onNext, onError) =>
        backend.users.watchAll(
          (users) =>
            onNext(
              users.filter((user) => isStaff(user.role)).sort((a, b) => a.displayName.localeCompare(b.displayName)),
            ),
          onError,
        ),
      ),
    ),
    /** A signed-in URL for a stored attachment path (only for people who may read it). */
    attachmentUrl: build.query<string, string>({
      query: (path) => (backend) => backend.files.getDownloadUrl(path),
      keepUnusedDataFor: 60,
    }),
    /** Submits a request (DESIGN §2 `submit`); resolves with the new ticket (its `number` set). */
    createTicket: build.mutation<Ticket, CreateTicketInput>({
      query: (input) => (backend) => backend.tickets.create(input),
    }),
    /** Adds a public reply or internal note, optionally firing a lifecycle event in the same step. */
    addMessage: build.mutation<Message, { ticketId: string; input: AddMessageInput }>({
      query:
        ({ ticketId, input }) =>
        (backend) =>
          backend.messages.add(ticketId, input),
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
    /** Replaces the desk's shared canned replies (agents and admins; issue 5). */
    saveCannedReplies: build.mutation<void, readonly CannedReply[]>({
      query: (replies) => (backend) => backend.settings.saveCannedReplies(replies),
    }),
  }),
});

export const {
  useWatchTicketQuery,
  useWatchMessagesQuery,
  useWatchTicketEventsQuery,
  useWatchDeskSettingsQuery,
  useWatchStaffQuery,
  useLazyAttachmentUrlQuery,
  useCreateTicketMutation,
  useAddMessageMutation,
  useTransitionTicketMutation,
  useUpdateTicketMutation,
  useSaveCannedRepliesMutation,
} = ticketApi;
