/**
 * `tickets/{id}` and their audit trail on IndexedDB (DESIGN §2–§3). Every read-modify-write
 * is one Dexie `rw` transaction, as it would be a Firestore transaction.
 */
import Dexie, { type Collection } from 'dexie';
import { type z } from 'zod/mini';
import type {
  ErrorListener,
  Listener,
  TicketPage,
  TicketPatch,
  TicketQuery,
  TicketsPort,
  Unsubscribe,
} from '@/backend/port';
import { AppError } from '@/domain/errors';
import { refusalError, transition, type LifecycleEvent } from '@/domain/lifecycle';
import { can, PATCH_PERMISSIONS } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import {
  lifecycleEventSchema,
  newTicketSchema,
  ticketPatchSchema,
  ticketQuerySchema,
  type NewTicketInput,
} from '@/domain/schemas';
import type { AuditEvent, Message, Ticket, UserProfile } from '@/domain/types';
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
} from '@/backend/local/context';
import type { TriageDb } from '@/backend/local/db';
import { newId, newSortableId } from '@/backend/local/ids';
import { applyTransition, auditEvent, readableTicket } from '@/backend/local/ticket-rules';

/** The counter that hands out ticket numbers (DESIGN §3 `counters/tickets`). */
export const TICKET_COUNTER_ID = 'tickets';

/**
 * The page of tickets a (validated) query asks for, newest activity first. The most selective
 * index available drives the scan; the other conditions filter it, and `limit + 1` rows tell
 * whether there are more.
 */
async function readTicketPage(db: TriageDb, query: z.output<typeof ticketQuerySchema>): Promise<TicketPage> {
  const { requesterId, assigneeId, limit } = query;
  // An empty status list filters nothing, rather than matching nothing.
  const statuses = query.statuses && query.statuses.length > 0 ? query.statuses : undefined;
  const newestFirst = (index: string, value: string): Collection<Ticket, string> =>
    db.tickets.where(index).between([value, Dexie.minKey], [value, Dexie.maxKey]).reverse();

  let collection: Collection<Ticket, string>;
  if (requesterId !== undefined) collection = newestFirst('[requesterId+lastMessageAt]', requesterId);
  else if (typeof assigneeId === 'string') collection = newestFirst('[assigneeId+lastMessageAt]', assigneeId);
  else if (statuses?.length === 1 && statuses[0] !== undefined)
    collection = newestFirst('[status+lastMessageAt]', statuses[0]);
  else collection = db.tickets.orderBy('lastMessageAt').reverse();

  const matches = (ticket: Ticket): boolean =>
    (requesterId === undefined || ticket.requesterId === requesterId) &&
    (statuses === undefined || statuses.includes(ticket.status)) &&
    (assigneeId === undefined || (ticket.assigneeId ?? null) === assigneeId);
  const rows = await collection
    .filter(matches)
    .limit(limit + 1)
    .toArray();
  return { tickets: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Code-unit order, which is the order of ISO timestamps and sortable ids (unlike `localeCompare`). */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

/** Tags as one audit value: comma-separated, `null` for none. */
function tagsValue(tags: readonly string[]): string | null {
  return tags.length > 0 ? tags.join(', ') : null;
}

/** The local {@link TicketsPort}. */
export function createLocalTickets(ctx: LocalContext): TicketsPort {
  const { db } = ctx;

  return {
    create: (input: NewTicketInput) =>
      runCall(ctx, async () => {
        const { subject, description, priority, category, followUpOf } = parseInput(newTicketSchema, input);
        const cleanCategory = category?.trim() || undefined;
        return db.transaction('rw', [db.users, db.counters, db.tickets, db.messages, db.events], async () => {
          const me = await requireUser(ctx);
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
          // Read and bumped inside this transaction, so concurrent submits queue up behind it.
          const number = ((await db.counters.get(TICKET_COUNTER_ID))?.value ?? 0) + 1;
          await db.counters.put({ id: TICKET_COUNTER_ID, value: number });

          const ms = ctx.now();
          const at = isoAt(ms);
          const ticket: Ticket = {
            id: newId(),
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
          // DESIGN §3: the description is the first public message.
          const message: Message = {
            id: newSortableId(ms),
            ticketId: ticket.id,
            authorId: me.uid,
            authorName: me.displayName,
            authorRole: me.role,
            body: description,
            internal: false,
            attachments: [],
            createdAt: at,
          };
          await db.tickets.add(ticket);
          await db.messages.add(message);
          await db.events.add(auditEvent(ticket.id, 'status', null, submit.to, me.uid, ms));
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
          const parsed = parseInput(ticketQuerySchema, query);
          if (!isStaff(me.role)) {
            // DESIGN §1: a customer's list is always their own requests.
            if (parsed.requesterId !== undefined && parsed.requesterId !== me.uid) {
              throw permissionDenied('You can only list your own requests.');
            }
            parsed.requesterId = me.uid;
          }
          return readTicketPage(db, parsed);
        },
        onNext,
        onError,
      );
    },

    transition: (id: string, event: LifecycleEvent) =>
      runCall(ctx, async () => {
        const lifecycleEvent = parseInput(lifecycleEventSchema, event);
        return db.transaction('rw', [db.users, db.tickets, db.events], async () => {
          const me = await requireUser(ctx);
          const ticket = readableTicket(me, await db.tickets.get(id));
          const outcome = applyTransition(ticket, lifecycleEvent, me, ctx.now());
          await db.tickets.put(outcome.ticket);
          await db.events.bulkAdd(outcome.events);
          return outcome.ticket;
        });
      }),

    update: (id: string, patch: TicketPatch) =>
      runCall(ctx, async () => {
        const changes = parseInput(ticketPatchSchema, patch);
        return db.transaction('rw', [db.users, db.tickets, db.events], async () => {
          const me = await requireUser(ctx);
          for (const field of Object.keys(changes) as (keyof TicketPatch)[]) {
            if (!can(principalOf(me), PATCH_PERMISSIONS[field])) {
              throw permissionDenied('Only agents and admins can change a ticket.');
            }
          }
          const ticket = readableTicket(me, await db.tickets.get(id));
          if (ticket.status === 'closed') {
            throw new AppError('failed-precondition', 'This ticket is closed and can no longer change.');
          }
          const ms = ctx.now();
          const next: Ticket = { ...ticket };
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
