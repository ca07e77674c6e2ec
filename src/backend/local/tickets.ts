/**
 * `tickets/{id}` and their audit trail on IndexedDB (DESIGN §2–§3). Every read-modify-write
 * is one Dexie `rw` transaction, as it would be a Firestore transaction; queue pages and
 * counts read the indexes of `ticket-queries.ts`.
 */
import Dexie from 'dexie';
import { z } from 'zod/mini';
import type {
  CreateTicketInput,
  ErrorListener,
  Listener,
  TicketFilter,
  TicketPage,
  TicketPatch,
  TicketQuery,
  TicketsPort,
  Unsubscribe,
  WriteOptions,
} from '@/backend/port';
import { AppError } from '@/domain/errors';
import { refusalError, transition, type LifecycleEvent } from '@/domain/lifecycle';
import { can, PATCH_PERMISSIONS } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import {
  lifecycleEventSchema,
  newTicketSchema,
  ticketFilterSchema,
  ticketPatchSchema,
  ticketQuerySchema,
  writeOptionsSchema,
} from '@/domain/schemas';
import type { AuditEvent, Message, Ticket, UserProfile } from '@/domain/types';
import { clientIdSchema, storedAttachmentsSchema, verifiedAttachments } from '@/backend/local/attachments';
import {
  actorOf,
  isoAt,
  parseInput,
  permissionDenied,
  principalOf,
  requireUser,
  runCall,
  watchLive,
  type LocalContext,
  runWrite,
} from '@/backend/local/context';
import { newId, newSortableId } from '@/backend/local/ids';
import { applyTransition, assertUnchangedSince, auditEvent, readableTicket } from '@/backend/local/ticket-rules';
import { SEARCH_KEYS } from '@/backend/local/db';
import { searchKeysFor } from '@/domain/search-keys';
import { compareText, countTickets, DEFAULT_TICKET_SORT, readTicketPage } from '@/backend/local/ticket-queries';

/** The counter that hands out ticket numbers (DESIGN §3 `counters/tickets`). */
export const TICKET_COUNTER_ID = 'tickets';

/** The port's `CreateTicketInput`, validated: attachments need both client ids. */
const createTicketInputSchema = z
  .extend(newTicketSchema, {
    id: z.optional(clientIdSchema('A ticket id')),
    messageId: z.optional(clientIdSchema('A message id')),
    attachments: z.optional(storedAttachmentsSchema),
  })
  .check(
    z.refine(
      (input) => (input.attachments ?? []).length === 0 || (input.id !== undefined && input.messageId !== undefined),
      'Attachments of a new request need the ticket and message ids they were uploaded with.',
    ),
  );

/**
 * A filter as the signed-in person may ask for it (DESIGN §1): a customer's is always their
 * own requests, and naming anyone else's is refused.
 * @throws AppError `permission-denied`.
 */
function ownFilter<F extends TicketFilter>(me: UserProfile, filter: F): F {
  if (isStaff(me.role)) return filter;
  if (filter.requesterId !== undefined && filter.requesterId !== me.uid) {
    throw permissionDenied('You can only list your own requests.');
  }
  return { ...filter, requesterId: me.uid };
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

/** Tags as one audit value: comma-separated, `null` for none. */
function tagsValue(tags: readonly string[]): string | null {
  return tags.length > 0 ? tags.join(', ') : null;
}

/** The local {@link TicketsPort}, but for `bulk` (added over these writes by `withBulk`). */
export function createLocalTickets(ctx: LocalContext): Omit<TicketsPort, 'bulk'> {
  const { db } = ctx;

  return {
    create: (input: CreateTicketInput) =>
      runWrite(ctx, async () => {
        const {
          subject,
          description,
          priority,
          category,
          followUpOf,
          id: clientTicketId,
          messageId: clientMessageId,
          attachments: named = [],
        } = parseInput(createTicketInputSchema, input);
        const cleanCategory = category?.trim() || undefined;
        const tables = [db.users, db.counters, db.tickets, db.messages, db.events, db.files];
        return db.transaction('rw', tables, async () => {
          const me = await requireUser(ctx);
          if (clientTicketId !== undefined) {
            // DESIGN §3: a retried submit finds its own ticket; an id in use by anyone else is refused.
            const existing = await db.tickets.get(clientTicketId);
            if (existing) {
              if (existing.requesterId !== me.uid) {
                throw new AppError('already-exists', 'Another ticket already has this id.');
              }
              return existing;
            }
          }
          if (!can(principalOf(me), 'ticket.create')) throw permissionDenied('You cannot submit requests.');
          const submit = transition(null, 'submit', actorOf(me));
          if (!submit.ok) throw refusalError(submit);
          if (followUpOf !== undefined) {
            const original = readableTicket(me, await db.tickets.get(followUpOf));
            if (original.status !== 'closed') {
              throw new AppError(
                'failed-precondition',
                'Only a closed request can be followed up; reply on it instead.',
              );
            }
          }
          const ms = ctx.now();
          const ticketId = clientTicketId ?? newId();
          const messageId = clientMessageId ?? newSortableId(ms);
          const attachments = await verifiedAttachments(db, me, ticketId, messageId, named);

          // Read and bumped inside this transaction, so concurrent submits queue up behind it.
          const number = ((await db.counters.get(TICKET_COUNTER_ID))?.value ?? 0) + 1;
          await db.counters.put({ id: TICKET_COUNTER_ID, value: number });

          const at = isoAt(ms);
          const ticket: Ticket = {
            id: ticketId,
            number,
            subject,
            status: submit.to,
            priority,
            ...(cleanCategory ? { category: cleanCategory } : {}),
            tags: [],
            requesterId: me.uid,
            requesterName: me.displayName,
            createdAt: at,
            updatedAt: at,
            lastMessageAt: at,
            lastMessageBy: me.role === 'customer' ? 'customer' : 'agent',
            ...(followUpOf !== undefined ? { followUpOf } : {}),
          };
          // DESIGN §3: the description is the first public message, and holds the request's files.
          const message: Message = {
            id: messageId,
            ticketId,
            authorId: me.uid,
            authorName: me.displayName,
            authorRole: me.role,
            body: description,
            internal: false,
            attachments,
            createdAt: at,
          };
          // The search keys hold the requester's email, which the ticket itself does not (db.ts).
          const searchKeys = searchKeysFor({ ...ticket, requesterEmail: me.email });
          await db.tickets.add({ ...ticket, [SEARCH_KEYS]: searchKeys } as Ticket);
          await db.messages.add(message);
          await db.events.add(auditEvent(ticketId, 'status', null, submit.to, me.uid, ms));
          return ticket;
        });
      }),

    get: (id: string) =>
      runCall(ctx, async () => {
        const me = await requireUser(ctx);
        return readableTicket(me, await db.tickets.get(id));
      }),

    watch(id: string, onNext: Listener<Ticket>, onError: ErrorListener): Unsubscribe {
      return watchLive(ctx, async (me) => readableTicket(me, await db.tickets.get(id)), onNext, onError);
    },

    watchList(query: TicketQuery, onNext: Listener<TicketPage>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          const { sort = DEFAULT_TICKET_SORT, ...parsed } = ownFilter(me, parseInput(ticketQuerySchema, query));
          // Internal notes move `updatedAt`: ordering by it would let a customer see that one was written.
          if (!isStaff(me.role) && sort.field === 'updatedAt') {
            throw permissionDenied('Your requests can be ordered by last reply or by creation.');
          }
          return readTicketPage(db, { ...parsed, sort });
        },
        onNext,
        onError,
      );
    },

    watchCount(filter: TicketFilter, onNext: Listener<number>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => countTickets(db, ownFilter(me, parseInput(ticketFilterSchema, filter))),
        onNext,
        onError,
      );
    },

    transition: (id: string, event: LifecycleEvent, options: WriteOptions = {}) =>
      runWrite(ctx, async () => {
        const lifecycleEvent = parseInput(lifecycleEventSchema, event);
        const { expectedUpdatedAt } = parseInput(writeOptionsSchema, options);
        return db.transaction('rw', [db.users, db.tickets, db.events], async () => {
          const me = await requireUser(ctx);
          const ticket = readableTicket(me, await db.tickets.get(id));
          assertUnchangedSince(ticket, expectedUpdatedAt);
          const outcome = applyTransition(ticket, lifecycleEvent, me, ctx.now());
          await db.tickets.put(outcome.ticket);
          await db.events.bulkAdd(outcome.events);
          return outcome.ticket;
        });
      }),

    update: (id: string, patch: TicketPatch, options: WriteOptions = {}) =>
      runWrite(ctx, async () => {
        const changes = parseInput(ticketPatchSchema, patch);
        const { expectedUpdatedAt } = parseInput(writeOptionsSchema, options);
        return db.transaction('rw', [db.users, db.tickets, db.events], async () => {
          const me = await requireUser(ctx);
          for (const field of Object.keys(changes) as (keyof TicketPatch)[]) {
            if (!can(principalOf(me), PATCH_PERMISSIONS[field])) {
              throw permissionDenied('Only agents and admins can change a ticket.');
            }
          }
          const ticket = readableTicket(me, await db.tickets.get(id));
          assertUnchangedSince(ticket, expectedUpdatedAt);
          if (ticket.status === 'closed') {
            throw new AppError('failed-precondition', 'This ticket is closed and can no longer change.');
          }
          const ms = ctx.now();
          let next: Ticket = { ...ticket };
          const events: AuditEvent[] = [];
          const record = (type: AuditEvent['type'], from: string | null, to: string | null): void => {
            events.push(auditEvent(ticket.id, type, from, to, me.uid, ms));
          };

          if (changes.priority !== undefined && changes.priority !== ticket.priority) {
            next.priority = changes.priority;
            record('priority', ticket.priority, changes.priority);
          }
          if (changes.category !== undefined) {
            const category = changes.category || undefined;
            if (category !== ticket.category) {
              if (category) next.category = category;
              else delete next.category;
              record('category', ticket.category ?? null, category ?? null);
            }
          }
          if (changes.tags !== undefined) {
            const tags = [...new Set(changes.tags)];
            if (!sameTags(tags, ticket.tags)) {
              next.tags = tags;
              record('tags', tagsValue(ticket.tags), tagsValue(tags));
            }
          }
          if (changes.assigneeId !== undefined && changes.assigneeId !== (ticket.assigneeId ?? null)) {
            if (changes.assigneeId === null) {
              delete next.assigneeId;
              delete next.assigneeName;
            } else {
              const assignee: UserProfile | undefined = await db.users.get(changes.assigneeId);
              if (!assignee || !isStaff(assignee.role)) {
                throw new AppError('invalid-argument', 'Tickets can only be assigned to agents and admins.');
              }
              next.assigneeId = assignee.uid;
              next.assigneeName = assignee.displayName;
            }
            record('assignee', ticket.assigneeId ?? null, changes.assigneeId);
            // DESIGN §2 "open (incl. assign)": taking a new ticket starts work on it.
            if (changes.assigneeId !== null && ticket.status === 'new') {
              const opened = applyTransition(next, 'open', me, ms);
              next = opened.ticket;
              events.push(...opened.events);
            }
          }

          if (events.length === 0) return ticket;
          next.updatedAt = isoAt(ms);
          await db.tickets.put(next);
          await db.events.bulkAdd(events);
          return next;
        });
      }),

    watchEvents(id: string, onNext: Listener<AuditEvent[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          if (!isStaff(me.role)) throw permissionDenied('Only agents and admins can read the audit trail.');
          readableTicket(me, await db.tickets.get(id));
          const events = await db.events
            .where('[ticketId+at]')
            .between([id, Dexie.minKey], [id, Dexie.maxKey])
            .toArray();
          // Events of one transaction share `at`; their sortable ids keep the order they were made in.
          return events.sort((a, b) => compareText(a.at, b.at) || compareText(a.id, b.id));
        },
        onNext,
        onError,
      );
    },
  };
}
