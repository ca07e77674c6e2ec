/**
 * `tickets/{id}` and their audit trail on IndexedDB (DESIGN §2–§3). Every read-modify-write
 * is one Dexie `rw` transaction, as it would be a Firestore transaction; queue pages and
 * counts read the indexes of `queries.ts`.
 */
import { TRACE_RUNS_SHOWN, type RuleTrace } from '@/domain/rule-trace';
import Dexie from 'dexie';
import { z } from 'zod/mini';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type {
  ApplyMacroInput,
  CreateTicketInput,
  TicketFilter,
  TicketPage,
  TicketPatch,
  TicketQuery,
  TicketsPort,
  WriteOptions,
} from '@/backend/port/tickets';
import type { LifecycleEvent } from '@/domain/lifecycle';
import { isRetriedSubmission, planNewTicket, type NewTicketPlan } from '@/domain/plans/new-ticket';
import { planTransition } from '@/domain/plans/status-move';
import { assertMayPatch, planTicketPatch } from '@/domain/plans/ticket-patch';
import { assertMayOrder, scopedFilter } from '@/domain/plans/ticket-scope';
import { applyTicketWrite, principalOf, type TicketChangePlan } from '@/domain/plans/ticket-write';
import { assertCan, readableTicket, refusals } from '@/domain/errors/refusals';
import {
  lifecycleEventSchema,
  newTicketSchema,
  parseInput,
  applyMacroInputSchema,
  ticketFilterSchema,
  ticketPatchSchema,
  ticketQuerySchema,
  writeOptionsSchema,
} from '@/domain/schemas';
import { agentFieldSearchKeys, conversationKeysOf, searchKeysFor } from '@/domain/search-keys';
import { planRating, ratingInputSchema, type RatingInput, type SatisfactionRating } from '@/domain/satisfaction';
import type { AuditEvent, Message, Ticket, UserProfile } from '@/domain/types';
import { ticketOrganisationOf } from '@/domain/ticket-organisation';
import { readerFor } from '@/backend/local/tickets/reader';
import { localFollowers } from '@/backend/local/tickets/followers';
import type { CustomFieldValues } from '@/domain/custom-fields';
import { clientIdSchema, storedAttachmentsSchema, verifiedAttachments } from '@/backend/local/files/attachments';
import { isoAt, requireUser, runCall, watchLive, type LocalContext, runWrite } from '@/backend/local/core/context';
import {
  AGENT_FIELD_KEYS,
  NOTE_WORDS,
  PUBLIC_WORDS,
  SEARCH_KEYS,
  type TriageDb,
  ticketWriteTables,
} from '@/backend/local/core/db';
import { applyMacroThrough, type MacroStore } from '@/domain/plans/macro';
import { readLocalMacro } from '@/backend/local/settings/macros';
import { readDeskSettings } from '@/backend/local/settings/settings';
import { newId, newSortableId } from '@/backend/local/core/ids';
import { auditEventsOf } from '@/backend/local/tickets/audit-records';
import {
  readAgentFields,
  readDefinitionsFor,
  readFieldsContext,
  writeAgentFields,
} from '@/backend/local/tickets/field-values';
import { planSubmittedValues } from '@/domain/plans/field-values';
import { isStaff } from '@/domain/roles';
import {
  compareText,
  countTickets,
  DEFAULT_TICKET_SORT,
  readTicketPage,
  searchScopeOf,
} from '@/backend/local/tickets/queries';

/** The counter that hands out ticket numbers (DESIGN §3 `counters/tickets`). */
export const TICKET_COUNTER_ID = 'tickets';

/** The port's `CreateTicketInput`, validated: attachments need both client ids. */
const createTicketInputSchema = z
  .extend(newTicketSchema, {
    id: z.optional(clientIdSchema),
    messageId: z.optional(clientIdSchema),
    attachments: z.optional(storedAttachmentsSchema),
  })
  .check(
    z.refine(
      (input) => (input.attachments ?? []).length === 0 || (input.id !== undefined && input.messageId !== undefined),
      refusals.attachmentsNeedIds().message,
    ),
  );

/**
 * Writes a planned change of a stored ticket, with its audit events, in the caller's transaction.
 * @param stored stored-only fields to write with it (a macro's messages' words, db.ts).
 * @returns the ticket as written (unchanged when the plan writes nothing).
 */
export async function writeChange(
  db: TriageDb,
  ticket: Ticket,
  plan: TicketChangePlan,
  actorId: string,
  ms: number,
  stored: Record<string, string[]> = {},
): Promise<Ticket> {
  // A time rule's mark is a change with no audit entry of its own (an email-only rule).
  const marks = plan.write.set.timeRuleMarks !== undefined;
  if (plan.events.length === 0 && Object.keys(stored).length === 0 && !marks) return ticket;
  const next = applyTicketWrite(ticket, plan.write, isoAt(ms));
  // Agents-only values' filter keys join the staff's search keys only (db.ts).
  const agentKeys = plan.agentFields ? { [AGENT_FIELD_KEYS]: agentFieldSearchKeys(plan.agentFields) } : {};
  await db.tickets.put({ ...next, ...agentKeys, ...stored });
  if (plan.agentFields) await writeAgentFields(db, ticket.id, plan.agentFields);
  await db.events.bulkAdd(auditEventsOf(ticket.id, plan.events, actorId, ms));
  return next;
}

/** A new ticket to write: its ids, its plan, its custom field values and first message's files. */
export interface NewTicketWrite {
  ticketId: string;
  messageId: string;
  plan: NewTicketPlan;
  values: CustomFieldValues;
  attachments: Message['attachments'];
  /**
   * The requester: their email for the search keys (the ticket itself does not hold it), their
   * role and organisation for the ticket's organisation (`ticketOrganisationOf`).
   */
  requester: Pick<UserProfile, 'email' | 'role' | 'organisationId'>;
  /** When it is submitted, ms. */
  ms: number;
}

/**
 * Writes a planned submission in the caller's transaction (which holds `counters`, `messages`,
 * `events` and the ticket tables): the number taken from `counters/tickets`, the ticket with its
 * search keys, its first message and its audit entries, as the requester's. A person's submit and
 * trusted code's recurring tickets both write through it.
 * @returns the ticket as written.
 */
export async function writeNewTicket(db: TriageDb, write: NewTicketWrite): Promise<Ticket> {
  const { ticketId, messageId, plan, values, attachments, requester, ms } = write;
  const organisationId = ticketOrganisationOf(requester);
  // Read and bumped inside this transaction, so concurrent submits queue up behind it.
  const number = ((await db.counters.get(TICKET_COUNTER_ID))?.value ?? 0) + 1;
  await db.counters.put({ id: TICKET_COUNTER_ID, value: number });

  const at = isoAt(ms);
  const ticket: Ticket = {
    id: ticketId,
    number,
    ...plan.ticket,
    ...(Object.keys(values).length > 0 ? { fields: values } : {}),
    ...(organisationId !== undefined ? { organisationId } : {}),
    createdAt: at,
    updatedAt: at,
    lastMessageAt: at,
  };
  const message: Message = { id: messageId, ticketId, ...plan.message, attachments, createdAt: at };
  // The search keys hold the requester's email, which the ticket itself does not (db.ts),
  // and the description's words (the first public message).
  const searchKeys = searchKeysFor({ ...ticket, requesterEmail: requester.email });
  const publicWords = conversationKeysOf(message.body);
  await db.tickets.add({ ...ticket, [SEARCH_KEYS]: searchKeys, [PUBLIC_WORDS]: publicWords } as Ticket);
  await db.messages.add(message);
  await db.events.bulkAdd(auditEventsOf(ticketId, plan.events, plan.message.authorId, ms));
  return ticket;
}

/** The local {@link TicketsPort}, but for `bulk` (added over these writes by `withBulk`). */
export function createLocalTickets(ctx: LocalContext): Omit<TicketsPort, 'bulk'> {
  const { db } = ctx;

  return {
    create: (input: CreateTicketInput) =>
      runWrite(ctx, async () => {
        const {
          id: clientTicketId,
          messageId: clientMessageId,
          attachments: named = [],
          ...fields
        } = parseInput(createTicketInputSchema, input);
        const tables = [db.users, db.counters, db.messages, db.events, db.files, ...ticketWriteTables(db)];
        return db.transaction('rw', tables, async () => {
          const me = await requireUser(ctx);
          if (clientTicketId !== undefined) {
            // DESIGN §3: a retried submit finds its own ticket; an id in use by anyone else is refused.
            const existing = await db.tickets.get(clientTicketId);
            if (existing && isRetriedSubmission(existing, me)) return existing;
          }
          const followed = fields.followUpOf === undefined ? undefined : await db.tickets.get(fields.followUpOf);
          const plan = planNewTicket(fields, me, followed);
          const values = planSubmittedValues(await readDefinitionsFor(db, isStaff(me.role)), fields.fields ?? {});
          const ms = ctx.now();
          const ticketId = clientTicketId ?? newId();
          const messageId = clientMessageId ?? newSortableId(ms);
          const attachments = await verifiedAttachments(db, me, ticketId, messageId, named);

          return writeNewTicket(db, { ticketId, messageId, plan, values, attachments, requester: me, ms });
        });
      }),

    get: (id: string) =>
      runCall(ctx, async () => {
        const me = await requireUser(ctx);
        return readableTicket(await readerFor(db, me), await db.tickets.get(id));
      }),

    watch(id: string, onNext: Listener<Ticket>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => readableTicket(await readerFor(db, me), await db.tickets.get(id)),
        onNext,
        onError,
      );
    },

    watchList(query: TicketQuery, onNext: Listener<TicketPage>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          const { sort = DEFAULT_TICKET_SORT, ...parsed } = scopedFilter(
            await readerFor(db, me),
            parseInput(ticketQuerySchema, query),
          );
          assertMayOrder(me, sort);
          return readTicketPage(db, { ...parsed, sort }, searchScopeOf(me));
        },
        onNext,
        onError,
      );
    },

    watchCount(filter: TicketFilter, onNext: Listener<number>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) =>
          countTickets(
            db,
            scopedFilter(await readerFor(db, me), parseInput(ticketFilterSchema, filter)),
            searchScopeOf(me),
          ),
        onNext,
        onError,
      );
    },

    transition: (id: string, event: LifecycleEvent, options: WriteOptions = {}) =>
      runWrite(ctx, async () => {
        const lifecycleEvent = parseInput(lifecycleEventSchema, event);
        const { expectedUpdatedAt } = parseInput(writeOptionsSchema, options);
        const tables = [db.users, db.events, ...ticketWriteTables(db)];
        return db.transaction('rw', tables, async () => {
          const me = await requireUser(ctx);
          const ticket = await db.tickets.get(id);
          // Only a staff solve needs the fields (required to solve); other moves read nothing more.
          const fields =
            ticket && lifecycleEvent === 'solve' && isStaff(me.role) ? await readFieldsContext(db, ticket) : null;
          const plan = planTransition(ticket, lifecycleEvent, me, expectedUpdatedAt, fields);
          return writeChange(db, plan.ticket, plan, me.uid, ctx.now());
        });
      }),

    update: (id: string, patch: TicketPatch, options: WriteOptions = {}) =>
      runWrite(ctx, async () => {
        const changes = parseInput(ticketPatchSchema, patch);
        const { expectedUpdatedAt } = parseInput(writeOptionsSchema, options);
        const tables = [db.users, db.events, ...ticketWriteTables(db)];
        return db.transaction('rw', tables, async () => {
          const me = await requireUser(ctx);
          assertMayPatch(me, changes);
          const ticket = readableTicket(principalOf(me), await db.tickets.get(id));
          const assignee = changes.assigneeId ? ((await db.users.get(changes.assigneeId)) ?? null) : null;
          const fields = changes.fields ? await readFieldsContext(db, ticket, isStaff(me.role)) : undefined;
          const plan = planTicketPatch({ ticket, patch: changes, actor: me, assignee, expectedUpdatedAt, fields });
          return writeChange(db, ticket, plan, me.uid, ctx.now());
        });
      }),

    applyMacro: (id: string, input: ApplyMacroInput) =>
      runWrite(ctx, async () => {
        const { macroId, preview, expectedUpdatedAt } = parseInput(applyMacroInputSchema, input);
        const tables = [db.users, db.events, db.messages, db.macros, ...ticketWriteTables(db)];
        return db.transaction('rw', tables, async () => {
          const me = await requireUser(ctx);
          const store: MacroStore<Message[]> = {
            readTicket: async () => (await db.tickets.get(id)) ?? null,
            readMacro: () => readLocalMacro(db, macroId, me),
            readProfile: async (uid) => (await db.users.get(uid)) ?? null,
            readAssignOnReply: async () => (await readDeskSettings(db)).assignOnReply,
            readFields: (ticket) => readFieldsContext(db, ticket),
            write: async (plan, ticket) => {
              const ms = ctx.now();
              const at = isoAt(ms);
              const written: Message[] = [];
              for (const message of [plan.reply, plan.note]) {
                if (!message) continue;
                const stored: Message = {
                  id: newSortableId(ms),
                  ticketId: id,
                  ...message.author,
                  body: message.body,
                  attachments: [],
                  createdAt: at,
                };
                await db.messages.add(stored);
                written.push(stored);
              }
              // The messages' words join the ticket's (db.ts), as `messages.add` writes them.
              const words = (internal: boolean) =>
                conversationKeysOf(
                  written
                    .filter((message) => message.internal === internal)
                    .map((message) => message.body)
                    .join('\n'),
                );
              await writeChange(db, ticket, plan, me.uid, ms, {
                [PUBLIC_WORDS]: words(false),
                [NOTE_WORDS]: words(true),
              });
              return written;
            },
          };
          const applied = await applyMacroThrough(store, { actor: me, expectedUpdatedAt, preview: preview === true });
          const after = applied.written ? ((await db.tickets.get(id)) ?? applied.ticket) : applied.ticket;
          return {
            ticket: after,
            changes: applied.plan.events,
            reply: applied.plan.reply?.body ?? null,
            note: applied.plan.note?.body ?? null,
            messages: applied.written ?? [],
          };
        });
      }),

    watchAgentFields(id: string, onNext: Listener<CustomFieldValues>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'ticket.readInternal');
          readableTicket(principalOf(me), await db.tickets.get(id));
          return readAgentFields(db, id);
        },
        onNext,
        onError,
      );
    },

    ...localFollowers(ctx),

    rate: (id: string, input: RatingInput) =>
      runWrite(ctx, async () => {
        const parsed = parseInput(ratingInputSchema, input);
        return db.transaction('rw', [db.users, db.tickets, db.ratings], async () => {
          const me = await requireUser(ctx);
          const ticket = readableTicket(principalOf(me), await db.tickets.get(id));
          const rating = planRating(ticket, me, parsed, await db.ratings.get(id), isoAt(ctx.now()));
          await db.ratings.add(rating);
          return rating;
        });
      }),

    watchRating(id: string, onNext: Listener<SatisfactionRating | null>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          readableTicket(principalOf(me), await db.tickets.get(id));
          return (await db.ratings.get(id)) ?? null;
        },
        onNext,
        onError,
      );
    },

    watchEvents(id: string, onNext: Listener<AuditEvent[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'ticket.readHistory');
          readableTicket(principalOf(me), await db.tickets.get(id));
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

    watchRuleTraces(id: string, onNext: Listener<RuleTrace[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'ticket.readRuleTrace');
          readableTicket(principalOf(me), await db.tickets.get(id));
          return db.ruleTraces
            .where('[ticketId+at]')
            .between([id, Dexie.minKey], [id, Dexie.maxKey])
            .reverse()
            .limit(TRACE_RUNS_SHOWN)
            .toArray();
        },
        onNext,
        onError,
      );
    },
  };
}
