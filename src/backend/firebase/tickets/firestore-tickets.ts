/**
 * `tickets/{id}`, `tickets/{id}/events/{eid}` and `counters/tickets` (DESIGN §2–§3): the
 * ticket and audit-event converters, the queue and count queries, and the lifecycle
 * transactions. Loaded on demand (it imports `firebase/firestore`).
 *
 * Every write to a ticket is a transaction that sets `updatedAt` to the server time: the
 * optimistic checks (`expectedUpdatedAt`) and the live counts depend on it.
 */
import { ticketReader } from '@/backend/firebase/tickets/ticket-reader';
import type { Principal } from '@/domain/policy';
import {
  Timestamp,
  collection,
  deleteField,
  doc,
  documentId,
  getCountFromServer,
  getDoc,
  getDocFromCache,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  where,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
  type FirestoreError,
  type QueryConstraint,
  type Transaction,
  type UpdateData,
} from 'firebase/firestore';
import { AppError, toErrorShape } from '@/domain/errors/errors';
import type { LifecycleEvent } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import { isRetriedSubmission, planNewTicket } from '@/domain/plans/new-ticket';
import { assertMayAttach as assertMayAttachTo } from '@/domain/plans/reply';
import { planTransition } from '@/domain/plans/status-move';
import { assertMayPatch, planTicketPatch } from '@/domain/plans/ticket-patch';
import { assertMayOrder, DEFAULT_TICKET_ORDER, requesterScope } from '@/domain/plans/ticket-scope';
import { isEmptyWrite, principalOf, type TicketChangePlan, type TicketWrite } from '@/domain/plans/ticket-write';
import { assertCan, readableTicket, refusals } from '@/domain/errors/refusals';
import {
  lifecycleEventSchema,
  newTicketSchema,
  parseInput,
  ticketFilterSchema,
  ticketPatchSchema,
  ticketQuerySchema,
  ticketSortValue,
  writeOptionsSchema,
  type NewTicketInput,
} from '@/domain/schemas';
import { ticketQueryPlan } from '@/backend/firebase/tickets/ticket-query-plan';
import { slaStateFrom } from '@/domain/sla/ticket-sla';
import {
  PRIORITIES,
  TICKET_STATUSES,
  type Attachment,
  type AuditEvent,
  type AuditEventType,
  type Ticket,
} from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type {
  CreateTicketInput,
  TicketCursor,
  TicketFilter,
  TicketPage,
  TicketPatch,
  TicketQuery,
  TicketSort,
  WriteOptions,
} from '@/backend/port/tickets';
import { currentUid, type FirestoreContext } from '@/backend/firebase/core/context';
import { meterReads, metering } from '@/backend/firebase/core/read-meter';
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { isStaff } from '@/domain/roles';
import { changedKeysByType, planSubmittedValues } from '@/domain/plans/field-values';
import { readActor, readActorIn, userRef } from '@/backend/firebase/users/firestore-users';
import { firestoreUnavailable, toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchDocument, watchQuery } from '@/backend/firebase/core/firestore-live';
import { CLIENT_ID_PATTERN, checkAttachments } from '@/domain/attachment-paths';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  numberFrom,
  oneOf,
  optionalIsoFrom,
  optionalStringFrom,
  stringFrom,
  stringsFrom,
} from '@/backend/firebase/core/firestore-values';

/** The custom fields' reads and writes, loaded when a write needs them (they carry the definitions' schemas). */
const loadFields = () => import('@/backend/firebase/settings/firestore-fields');

/** Reads `tickets/{id}` into a {@link Ticket}; `null` optional fields read as absent. */
const ticketConverter: FirestoreDataConverter<Ticket> = {
  toFirestore: notWrittenThroughConverter('tickets'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    const createdAt = isoFrom(data.createdAt);
    const optional = {
      category: optionalStringFrom(data.category),
      assigneeId: optionalStringFrom(data.assigneeId),
      assigneeName: optionalStringFrom(data.assigneeName),
      firstResponseAt: optionalIsoFrom(data.firstResponseAt),
      solvedAt: optionalIsoFrom(data.solvedAt),
      closedAt: optionalIsoFrom(data.closedAt),
      followUpOf: optionalStringFrom(data.followUpOf),
      sla: slaStateFrom(data.sla),
      slaDueAt: optionalIsoFrom(data.slaDueAt),
      fieldSortA: optionalStringFrom(data.fieldSortA),
      fieldSortB: optionalStringFrom(data.fieldSortB),
      fields: data.fields === undefined ? undefined : customFieldValuesFrom(data.fields),
      timeRuleMarks: Array.isArray(data.timeRuleMarks) ? stringsFrom(data.timeRuleMarks) : undefined,
      // Trusted code stores `null` for none (so it knows the ticket was looked at).
      organisationId: optionalStringFrom(data.organisationId),
    };
    return {
      id: snapshot.id,
      number: numberFrom(data.number),
      subject: stringFrom(data.subject),
      status: oneOf(data.status, TICKET_STATUSES, 'new'),
      priority: oneOf(data.priority, PRIORITIES, 'normal'),
      tags: stringsFrom(data.tags),
      requesterId: stringFrom(data.requesterId),
      requesterName: stringFrom(data.requesterName),
      createdAt,
      updatedAt: isoFrom(data.updatedAt, createdAt),
      lastMessageAt: isoFrom(data.lastMessageAt, createdAt),
      lastMessageBy: oneOf(data.lastMessageBy, ['customer', 'agent'] as const, 'customer'),
      ...withoutUndefined(optional),
    };
  },
};

const AUDIT_TYPES: readonly AuditEventType[] = [
  'status',
  'assignee',
  'priority',
  'tags',
  'category',
  'sla',
  'field',
  'trigger',
];

/** Reads `tickets/{id}/events/{eid}` into an {@link AuditEvent}. */
const auditEventConverter: FirestoreDataConverter<AuditEvent> = {
  toFirestore: notWrittenThroughConverter('events'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    return {
      id: snapshot.id,
      ticketId: snapshot.ref.parent.parent?.id ?? '',
      type: oneOf(data.type, AUDIT_TYPES, 'status'),
      ...(typeof data.field === 'string' ? { field: data.field } : {}),
      ...(typeof data.macro === 'string' ? { macro: data.macro } : {}),
      ...(typeof data.trigger === 'string' ? { trigger: data.trigger } : {}),
      from: optionalStringFrom(data.from) ?? null,
      to: optionalStringFrom(data.to) ?? null,
      actorId: stringFrom(data.actorId),
      at: isoFrom(data.at),
    };
  },
};

function withoutUndefined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** `tickets/{id}`, read through the ticket converter. */
/** The `tickets` collection, read through the ticket converter. */
export function ticketsCollection(db: Firestore): CollectionReference<Ticket> {
  return collection(db, 'tickets').withConverter(ticketConverter);
}

/** `tickets/{id}`, read through the ticket converter. */
export function ticketRef(db: Firestore, id: string): DocumentReference<Ticket> {
  return doc(db, 'tickets', id).withConverter(ticketConverter);
}

function eventsOf(db: Firestore, ticketId: string): CollectionReference {
  return collection(db, 'tickets', ticketId, 'events');
}

/**
 * A planned ticket write as Firestore update data: stamps are the server's time; a removed
 * `solvedAt` is deleted, other removed fields are stored as `null` (DESIGN §3: the unassigned
 * queue queries `assigneeId == null`).
 */
export function ticketUpdateData(write: TicketWrite): UpdateData<DocumentData> {
  const data: UpdateData<DocumentData> = { ...write.set };
  for (const field of write.clear) data[field] = field === 'solvedAt' ? deleteField() : null;
  for (const field of write.stamp) data[field] = serverTimestamp();
  return data;
}

/**
 * Writes a planned change of a ticket in a transaction: the update, signed with its author
 * (`updatedBy`), with `extra` fields the adapter keeps besides the model (`lastMessageId`).
 * The plan's audit entries are not written here: trusted code (functions/) writes the trail
 * from the ticket before and after (`auditEntriesBetween`, the same entries), and the rules
 * refuse them from a client. A plan that writes nothing writes nothing.
 */
export function writeTicketChange(
  tx: Transaction,
  db: Firestore,
  ticketId: string,
  plan: TicketChangePlan,
  actorId: string,
  extra: UpdateData<DocumentData> = {},
): void {
  if (isEmptyWrite(plan.write)) return;
  tx.update(doc(db, 'tickets', ticketId), { ...ticketUpdateData(plan.write), updatedBy: actorId, ...extra });
}

/**
 * Reads a ticket inside a transaction.
 * @throws AppError `not-found`.
 */
export async function readTicketIn(tx: Transaction, db: Firestore, id: string): Promise<Ticket> {
  const snapshot = await tx.get(ticketRef(db, id));
  if (!snapshot.exists()) throw refusals.ticketNotFound();
  return snapshot.data();
}

/**
 * The checked options of a guarded write (the port's {@link WriteOptions}).
 * @throws AppError `invalid-argument` for an empty or non-string `expectedUpdatedAt`.
 */
export function parseWriteOptions(options: WriteOptions | undefined): WriteOptions {
  return parseInput(writeOptionsSchema, options ?? {});
}

/** A new request, checked: its fields, the ids to use (if the client chose them) and its files. */
export interface CheckedNewTicket {
  fields: NewTicketInput;
  id: string | undefined;
  messageId: string | undefined;
  attachments: Attachment[];
}

/**
 * Checks a new request before anything is sent (DESIGN §3): its fields, the client ids, and
 * that its attachments are within the limits and stored under `tickets/{id}/{messageId}/`.
 * @throws AppError `invalid-argument` with the first problem's sentence.
 */
export function checkNewTicket(input: CreateTicketInput): CheckedNewTicket {
  const fields = parseInput(newTicketSchema, input);
  const { id, messageId } = input;
  for (const value of [id, messageId]) {
    if (value !== undefined && (typeof value !== 'string' || !CLIENT_ID_PATTERN.test(value))) {
      throw refusals.badClientId();
    }
  }
  const claimed = input.attachments ?? [];
  if (claimed.length > 0 && (id === undefined || messageId === undefined)) {
    throw refusals.attachmentsNeedIds();
  }
  const attachments = id !== undefined && messageId !== undefined ? checkAttachments(id, messageId, claimed) : [];
  return { fields, id, messageId, attachments };
}

/**
 * Reads a ticket id a new request wants to use: the ticket when it exists and the rules let the
 * caller read it (their own), `null`-like when it does not exist.
 * @throws AppError `already-exists` when it is someone else's (the rules refuse the read).
 */
async function readOwnOrFreeTicketIn(tx: Transaction, db: Firestore, id: string) {
  try {
    return await tx.get(ticketRef(db, id));
  } catch (error) {
    if (toAppError(error).code === 'permission-denied') throw refusals.idInUse('ticket');
    throw error;
  }
}

/**
 * How long a submission keeps retrying when the counter rule loses a race (see below), in ms,
 * and the longest pause between two tries (exponential backoff with full jitter, so a burst of
 * submitters spreads out instead of colliding again in step).
 */
const COUNTER_RACE_BUDGET_MS = 20_000;
const COUNTER_RACE_MAX_PAUSE_MS = 2_000;

/**
 * Runs a submission, retrying when Firestore refused it with `permission-denied` rather than
 * an error of ours: the rules check the new number against `counters/tickets` as stored at
 * commit time, so when another submission commits between our read and our commit, the rules
 * refuse ours before the transaction's own contention retry can run. Each retry re-reads the
 * counter (and finds an already-stored ticket of ours, so nothing is written twice).
 * @throws the last error when every attempt fails.
 */
async function retryCounterRace(submit: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + COUNTER_RACE_BUDGET_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await submit();
    } catch (error) {
      const refusedByRules = !(error instanceof AppError) && toAppError(error).code === 'permission-denied';
      if (!refusedByRules || Date.now() >= deadline) throw error;
      const ceiling = Math.min(COUNTER_RACE_MAX_PAUSE_MS, 50 * 2 ** Math.min(attempt, 10));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

/**
 * Submits a request (DESIGN §2–§3): in one transaction, takes the next number from
 * `counters/tickets` (`{ lastNumber }`) and claims it (`ticketNumbers/{number}` → `{ ticketId }`),
 * writes the ticket with status `new`, the
 * description as its first public message (with its attachments), and the `status` audit
 * event (none → new). With a client-chosen `id`, a retry is idempotent: when the ticket exists
 * and is the caller's own, it is returned and nothing is written.
 * The caller passes attachments already checked against what Storage holds (size, type).
 * @throws AppError `invalid-argument`, `unauthenticated`, `already-exists` (the id is someone
 *   else's ticket), `not-found` / `failed-precondition` for a follow-up of a ticket that does
 *   not exist / is not closed.
 */
export async function createTicket(ctx: FirestoreContext, input: CreateTicketInput): Promise<Ticket> {
  const { fields, id, messageId, attachments } = checkNewTicket(input);
  currentUid(ctx.auth);
  const { db } = ctx;
  const newTicket = id === undefined ? doc(collection(db, 'tickets')) : doc(db, 'tickets', id);
  const firstMessage =
    messageId === undefined ? doc(collection(newTicket, 'messages')) : doc(newTicket, 'messages', messageId);
  const counter = doc(db, 'counters', 'tickets');

  // Every submission contends for the one counter document: allow more retries than the default 5.
  const submitOnce = () =>
    runTransaction(
      db,
      async (tx) => {
        const actor = await readActorIn(tx, ctx);
        if (id !== undefined) {
          const existing = await readOwnOrFreeTicketIn(tx, db, id);
          if (existing.exists() && isRetriedSubmission(existing.data(), actor)) return;
        }
        const counterSnapshot = await tx.get(counter);
        const followed = fields.followUpOf ? await readTicketIn(tx, db, fields.followUpOf) : null;
        const plan = planNewTicket(fields, actor, followed);
        const definitions = await (await loadFields()).readDefinitionsIn(tx, db, isStaff(actor.role));
        const values = planSubmittedValues(definitions, fields.fields ?? {});

        const number = numberFrom(counterSnapshot.get('lastNumber')) + 1;
        tx.set(counter, { lastNumber: number });
        // The number's one claim (the rules refuse a number without it, or claimed twice).
        tx.set(doc(db, 'ticketNumbers', String(number)), { ticketId: newTicket.id });
        tx.set(newTicket, {
          number,
          // The description, so the rules can require it with the ticket (never read back).
          lastMessageId: firstMessage.id,
          ...plan.ticket,
          category: plan.ticket.category ?? null,
          // Always present (null when unassigned) so that the "unassigned" queue can query it.
          assigneeId: null,
          assigneeName: null,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
          updatedBy: actor.uid,
          lastMessageAt: serverTimestamp(),
          // The values, and their keys by type for the rules to check (`changedKeysByType`).
          ...(Object.keys(values).length > 0
            ? { fields: values, fieldsChanged: changedKeysByType(definitions, {}, values) }
            : {}),
        });
        // The search keys and the submission event are written by trusted code (functions/).
        tx.set(firstMessage, { ...plan.message, attachments, createdAt: serverTimestamp() });
      },
      { maxAttempts: 12 },
    );
  await retryCounterRace(submitOnce);
  return getTicket(ctx, newTicket.id);
}

/**
 * Reads one ticket.
 * @throws AppError `not-found`; `permission-denied` for a customer's look at another's ticket.
 */
export async function getTicket(ctx: FirestoreContext, id: string): Promise<Ticket> {
  const ticket = await findTicket(ctx, id);
  if (!ticket) throw refusals.ticketNotFound();
  return ticket;
}

/**
 * Reads one ticket that may not exist yet (a new request's files are uploaded before it is
 * submitted with its client-chosen id).
 * @returns the ticket, or `null` when there is none.
 * @throws AppError `permission-denied` for a customer's look at another's ticket.
 */
export async function findTicket(ctx: FirestoreContext, id: string): Promise<Ticket | null> {
  const uid = currentUid(ctx.auth);
  const snapshot = await getDoc(ticketRef(ctx.db, id));
  if (!snapshot.metadata.fromCache) meterReads(1, 'get');
  if (!snapshot.exists()) return null;
  const ticket = snapshot.data();
  // The requester reads their own without a look at their profile.
  if (ticket.requesterId !== uid) readableTicket(await ticketReader(ctx, await readActor(ctx)), ticket);
  return ticket;
}

/**
 * Checks that the signed-in person may attach files to a ticket now (DESIGN §1, §4), before
 * any bytes are sent; the Storage rules are the authority. A ticket that does not exist yet
 * passes: its files are the uploader's until a message of that ticket holds them.
 * @throws AppError `permission-denied`, `failed-precondition` on a closed ticket.
 */
export async function assertMayAttach(ctx: FirestoreContext, id: string): Promise<void> {
  const ticket = await findTicket(ctx, id);
  if (ticket) assertMayAttachTo(await readActor(ctx), ticket);
}

/** Follows one ticket live; the error listener gets `not-found` or `permission-denied`. */
export async function watchTicket(
  ctx: FirestoreContext,
  id: string,
  onNext: Listener<Ticket>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const reader = await ticketReader(ctx, await readActor(ctx));
  return watchDocument(
    ticketRef(ctx.db, id),
    (snapshot): { ticket: Ticket } | { error: AppError } => {
      // Missing from the cache after the grace period: offline, and never seen here.
      if (!snapshot.exists()) {
        return { error: snapshot.metadata.fromCache ? firestoreUnavailable() : refusals.ticketNotFound() };
      }
      const ticket = snapshot.data();
      if (!can(reader, 'ticket.read', ticket)) return { error: refusals.forbidden('ticket.read') };
      return { ticket };
    },
    (result) => ('ticket' in result ? onNext(result.ticket) : onError(toErrorShape(result.error))),
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * The collection and `where(...)` constraints of a ticket list or count (`ticketQueryPlan`, whose
 * times become Timestamps here).
 * @throws AppError `permission-denied` for a customer asking for someone else's tickets.
 */
function plannedQuery(filter: TicketFilter, actor: Principal): { collection: string; constraints: QueryConstraint[] } {
  const plan = ticketQueryPlan(filter, actor);
  const constraints = plan.filters.map(({ field, op, value }) =>
    where(field, op, field === 'slaDueAt' ? Timestamp.fromMillis(Date.parse(String(value))) : value),
  );
  return { collection: plan.collection, constraints };
}

/**
 * Where a page starts, as `startAfter` values for `orderBy(field), orderBy(documentId())`.
 * The cursor's ISO value has millisecond precision, but Firestore's server timestamps have
 * microseconds: starting after the millisecond would skip (descending) or repeat (ascending)
 * rows within it. So the exact timestamp is taken from the cursor's ticket while it still has
 * the cursor's value — from the local cache, which holds it from the page before (no read),
 * else from the server (one document read). When the ticket has moved on or cannot be read,
 * the cursor's own value is the best there is.
 * A sort slot's cursor is its text value as it is.
 * @throws AppError `invalid-argument` for a cursor whose value is not a date (but a slot's) or whose id is not a document id.
 */
async function cursorStart(
  db: Firestore,
  field: TicketSort['field'],
  after: TicketCursor,
): Promise<[Timestamp | string, string]> {
  // A sort slot's value is text as stored (DESIGN §3 "Custom fields"): the cursor's own.
  if (field === 'fieldSortA' || field === 'fieldSortB') {
    if (after.id.includes('/')) throw refusals.badCursor();
    return [after.value, after.id];
  }
  const millis = Date.parse(after.value);
  if (Number.isNaN(millis) || after.id.includes('/')) {
    throw refusals.badCursor();
  }
  const ref = doc(db, 'tickets', after.id);
  for (const read of [getDocFromCache, getDoc]) {
    try {
      const exact: unknown = (await read(ref)).get(field);
      if (exact instanceof Timestamp && exact.toDate().getTime() === millis) return [exact, after.id];
    } catch {
      // Not cached, or not readable (someone else's ticket, offline): try the next source.
    }
  }
  return [Timestamp.fromMillis(millis), after.id];
}

/**
 * Follows a page of tickets in the query's order (default: last public reply first):
 * `where(...)` filters, `orderBy(field, dir), orderBy(documentId(), dir)` so that ties have one
 * order, `startAfter(value, id)` for a cursor, and `limit(n + 1)` to learn `hasMore`. The page
 * is live; `nextCursor` names its last row while more follow.
 * Customers always get only their own, and may not order by `updatedAt` (internal notes move it).
 * A staff search reads the staff's copies instead (see `ticketQueryPlan`).
 * Needs the composite indexes of `firestore.indexes.json` (filter fields…, sort field, `__name__`).
 * Costs one document read per row (plus, for a later page, at most one for the cursor's ticket:
 * see `cursorStart`).
 * @throws AppError `invalid-argument` (limit outside 1–100, bad sort or cursor),
 *   `permission-denied` (a customer asking for someone else's requests, or for `updatedAt`
 *   order) — delivered to the error listener by the caller.
 */
export async function watchTicketList(
  ctx: FirestoreContext,
  request: TicketQuery,
  onNext: Listener<TicketPage>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const wanted = parseInput(ticketQuerySchema, request);
  const actor = await readActor(ctx);
  const size = wanted.limit;
  const sort: TicketSort = wanted.sort ?? DEFAULT_TICKET_ORDER;
  // The organisation's view is read only for a list of the organisation's requests.
  const planned = plannedQuery(wanted, await ticketReader(ctx, actor, wanted.organisationId !== undefined));
  assertMayOrder(actor, sort);
  const start = wanted.after ? [startAfter(...(await cursorStart(ctx.db, sort.field, wanted.after)))] : [];
  const page = query(
    collection(ctx.db, planned.collection).withConverter(ticketConverter),
    ...planned.constraints,
    orderBy(sort.field, sort.direction),
    orderBy(documentId(), sort.direction),
    ...start,
    limit(size + 1),
  );
  return watchQuery(
    page,
    (snapshot): TicketPage => {
      const rows = snapshot.docs.map((row) => row.data());
      const tickets = rows.slice(0, size);
      const hasMore = rows.length > size;
      const last = tickets.at(-1);
      return {
        tickets,
        hasMore,
        nextCursor: hasMore && last ? { value: ticketSortValue(last, sort.field), id: last.id } : null,
      };
    },
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * The read meter's view of the count triggers (scripts only): the last trigger answer counted
 * (ticket id and `updatedAt`) and how many triggers are open. Identical triggers share one
 * listen target, so an answer is billed once for all counts while any is open.
 */
const meteredTriggers = { last: '', open: 0 };

/**
 * Follows the number of tickets matching a filter (a queue view's count). Firestore has no live
 * aggregation, so `getCountFromServer` on the filtered query is re-run whenever a trigger
 * listener fires: the newest `updatedAt` in the person's scope (all tickets for staff, their own
 * for a customer), `orderBy('updatedAt', 'desc'), limit(1)`. Every ticket write sets
 * `updatedAt`, so the trigger sees each creation and each change that can move a ticket into
 * or out of the filter — unlike a trigger on the filtered query, which misses tickets leaving it.
 * (Tickets are never deleted; a deletion other than of the newest would go unseen.)
 *
 * Cost per ticket write in scope: 1 document read for the trigger (identical trigger queries
 * on one client share a single listen target, so all of a desk's view counts share it), plus
 * 1 read per 1 000 matching index entries (at least 1) for each count subscription. A burst of
 * writes is coalesced: at most one count runs per subscription, and at most one more after it.
 * Equal consecutive counts are not repeated.
 * @throws AppError `invalid-argument` for a bad filter, `permission-denied` for a customer
 *   counting someone else's tickets; later failures (e.g. `unavailable` offline, as the count
 *   needs the server) go to `onError` once, and stop the subscription.
 */
export async function watchTicketCount(
  ctx: FirestoreContext,
  filter: TicketFilter,
  onNext: Listener<number>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const wanted = parseInput(ticketFilterSchema, filter);
  const actor = await readActor(ctx);
  // A staff search counts the staff's copies, and follows them: they are written after the tickets.
  const reader = await ticketReader(ctx, actor, wanted.organisationId !== undefined);
  const planned = plannedQuery(wanted, reader);
  const tickets = collection(ctx.db, planned.collection);
  const counted = query(tickets, ...planned.constraints);
  const requesterId = requesterScope(actor);
  // A member counting their organisation's requests follows them by their newest public reply.
  const trigger =
    wanted.organisationId !== undefined && requesterId !== undefined
      ? query(tickets, where('organisationId', '==', wanted.organisationId), orderBy('lastMessageAt', 'desc'), limit(1))
      : query(
          tickets,
          ...(requesterId === undefined ? [] : [where('requesterId', '==', requesterId)]),
          orderBy('updatedAt', 'desc'),
          limit(1),
        );

  let stopped = false;
  let running = false;
  let again = false;
  let last: number | undefined;
  let stopTrigger: Unsubscribe = () => undefined;
  const stop: Unsubscribe = () => {
    if (stopped) return;
    stopped = true;
    stopTrigger();
    meteredTriggers.open -= 1;
    // The last trigger closed: the next one opens a new listen target, billed again.
    if (meteredTriggers.open === 0) meteredTriggers.last = '';
  };
  const fail = (error: unknown) => {
    if (stopped) return;
    stop();
    onError(toErrorShape(toAppError(error)));
  };
  const recount = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const count = (await getCountFromServer(counted)).data().count;
        meterReads(Math.max(1, Math.ceil(count / 1000)), 'count');
        if (stopped) return;
        if (count !== last) {
          last = count;
          onNext(count);
        }
      } while (again && !stopped);
    } catch (error) {
      fail(error);
    } finally {
      running = false;
    }
  };
  meteredTriggers.open += 1;
  stopTrigger = onSnapshot(
    trigger,
    (snapshot) => {
      // The read meter (scripts only): the trigger's one document, first and on each change —
      // once for all counts (see `meteredTriggers`).
      if (!snapshot.metadata.fromCache && metering()) {
        const newest = snapshot.docs[0];
        const seen = `${newest?.id ?? ''}@${String(newest?.get('updatedAt')?.toMillis?.() ?? '')}`;
        if (seen !== meteredTriggers.last) meterReads(1, 'count trigger');
        meteredTriggers.last = seen;
      }
      void recount();
    },
    (error: FirestoreError) => fail(error),
  );
  if (stopped) stopTrigger();
  return stop;
}

/**
 * Fires a lifecycle event (DESIGN §2) in a transaction: checks the move with the domain's
 * `transition()`, updates the ticket, writes the audit event; an agent solving an unassigned
 * ticket becomes its assignee.
 * @throws AppError `invalid-argument` (no such event), `not-found`, `failed-precondition` (the
 *   table forbids the move), `permission-denied` (the actor's role may not make it), `aborted`
 *   when `options.expectedUpdatedAt` is no longer the ticket's `updatedAt`.
 */
export async function transitionTicket(
  ctx: FirestoreContext,
  id: string,
  event: LifecycleEvent,
  options?: WriteOptions,
): Promise<Ticket> {
  const lifecycleEvent = parseInput(lifecycleEventSchema, event);
  const { expectedUpdatedAt } = parseWriteOptions(options);
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    const ticket = await readTicketIn(tx, db, id);
    // Only a staff solve needs the fields (required to solve); other moves read nothing more.
    const staffSolve = lifecycleEvent === 'solve' && isStaff(actor.role);
    const fields = staffSolve ? await (await loadFields()).readFieldsContextIn(tx, db, ticket, true) : null;
    const plan = planTransition(ticket, lifecycleEvent, actor, expectedUpdatedAt, fields);
    writeTicketChange(tx, db, id, plan, actor.uid);
  });
  return getTicket(ctx, id);
}

/**
 * Changes priority, category, tags or assignee (staff only), with one audit event per changed
 * field, in a transaction. The new assignee must be an agent or admin. Assigning a `new`
 * ticket also opens it (DESIGN §2 "open (incl. assign)"), with its status event after the
 * assignee event.
 * @throws AppError `invalid-argument` (bad value, unknown field, assignee who is not staff),
 *   `not-found`, `permission-denied` for customers, `failed-precondition` on a closed ticket,
 *   `aborted` when `options.expectedUpdatedAt` is no longer the ticket's `updatedAt`.
 */
export async function updateTicket(
  ctx: FirestoreContext,
  id: string,
  patch: TicketPatch,
  options?: WriteOptions,
): Promise<Ticket> {
  const wanted = parseInput(ticketPatchSchema, patch);
  const { expectedUpdatedAt } = parseWriteOptions(options);
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertMayPatch(actor, wanted);
    const snapshot = await tx.get(ticketRef(db, id));
    if (!snapshot.exists()) throw refusals.ticketNotFound();
    const ticket = snapshot.data();
    const assignee = wanted.assigneeId ? await tx.get(userRef(db, wanted.assigneeId)) : null;
    const fieldsModule = wanted.fields ? await loadFields() : null;
    const fields = fieldsModule
      ? await fieldsModule.readFieldsContextIn(tx, db, ticket, isStaff(actor.role))
      : undefined;
    const plan = planTicketPatch({
      ticket,
      patch: wanted,
      actor,
      assignee: assignee?.exists() ? assignee.data() : null,
      expectedUpdatedAt,
      fields,
    });
    // A change of values names the keys it changes by type (`fieldsChanged`, the agents-only
    // record's `changed`), for the rules to check only those, each as its type says.
    const visible = plan.write.set.fields;
    const definitions = fields?.definitions ?? [];
    const changed = visible ? { fieldsChanged: changedKeysByType(definitions, ticket.fields ?? {}, visible) } : {};
    writeTicketChange(tx, db, id, plan, actor.uid, changed);
    if (plan.agentFields && fields && fieldsModule) {
      const keys = changedKeysByType(definitions, fields.values.agents, plan.agentFields);
      fieldsModule.writeAgentFieldsIn(tx, db, id, plan.agentFields, keys, actor.uid);
    }
  });
  return getTicket(ctx, id);
}

/** Follows a ticket's audit trail, oldest first (staff only; customers get `permission-denied`). */
export async function watchTicketEvents(
  ctx: FirestoreContext,
  id: string,
  onNext: Listener<AuditEvent[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'ticket.readHistory');
  const trail = query(eventsOf(ctx.db, id).withConverter(auditEventConverter), orderBy('at', 'asc'));
  return watchQuery(
    trail,
    (snapshot) => snapshot.docs.map((row) => row.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
