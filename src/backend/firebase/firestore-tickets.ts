/**
 * `tickets/{id}`, `tickets/{id}/events/{eid}` and `counters/tickets` (DESIGN §2–§3): the
 * ticket and audit-event converters, the queue query, and the lifecycle transactions.
 * Loaded on demand (it imports `firebase/firestore`).
 */
import { type z } from 'zod/mini';
import {
  collection,
  deleteField,
  doc,
  getDoc,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type FieldValue,
  type Firestore,
  type FirestoreDataConverter,
  type QueryConstraint,
  type Transaction,
  type UpdateData,
} from 'firebase/firestore';
import { AppError, toErrorShape } from '@/domain/errors';
import { refusalError, statusChangeEffects, transition, type LifecycleEvent } from '@/domain/lifecycle';
import { isStaff } from '@/domain/roles';
import {
  firstIssueMessage,
  lifecycleEventSchema,
  newTicketSchema,
  ticketPatchSchema,
  ticketQuerySchema,
  type NewTicketInput,
} from '@/domain/schemas';
import { can, PATCH_PERMISSIONS } from '@/domain/policy';
import {
  PRIORITIES,
  TICKET_STATUSES,
  type AuditEvent,
  type AuditEventType,
  type Ticket,
  type UserProfile,
} from '@/domain/types';
import type { ErrorListener, Listener, TicketPage, TicketPatch, TicketQuery, Unsubscribe } from '@/backend/port';
import { currentUid, type FirestoreContext } from '@/backend/firebase/firestore-context';
import { readActor, readActorIn, userRef } from '@/backend/firebase/firestore-users';
import { firestoreUnavailable, toAppError } from '@/backend/firebase/firebase-errors';
import { watchDocument, watchQuery } from '@/backend/firebase/firestore-live';
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
} from '@/backend/firebase/firestore-values';

/** Most tickets one list subscription may ask for (the port's limit). */

/** A valid input, or `invalid-argument` with the first issue's sentence. */
function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('invalid-argument', firstIssueMessage(result.error));
  return result.data;
}

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

const AUDIT_TYPES: readonly AuditEventType[] = ['status', 'assignee', 'priority', 'tags', 'category'];

/** Reads `tickets/{id}/events/{eid}` into an {@link AuditEvent}. */
const auditEventConverter: FirestoreDataConverter<AuditEvent> = {
  toFirestore: notWrittenThroughConverter('events'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    return {
      id: snapshot.id,
      ticketId: snapshot.ref.parent.parent?.id ?? '',
      type: oneOf(data.type, AUDIT_TYPES, 'status'),
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
export function ticketRef(db: Firestore, id: string): DocumentReference<Ticket> {
  return doc(db, 'tickets', id).withConverter(ticketConverter);
}

function eventsOf(db: Firestore, ticketId: string): CollectionReference {
  return collection(db, 'tickets', ticketId, 'events');
}

/** What an audit event document holds (DESIGN §3). */
interface AuditEventWrite {
  type: AuditEventType;
  from: string | null;
  to: string | null;
  actorId: string;
  at: FieldValue;
}

let eventSequence = 0;

/**
 * An event id that sorts by creation on this client: the events of one transaction share their
 * server timestamp `at`, and Firestore breaks `orderBy('at')` ties by document id.
 */
function sortableEventId(): string {
  eventSequence = (eventSequence + 1) % 36 ** 4;
  const time = Date.now().toString(36).padStart(9, '0');
  const sequence = eventSequence.toString(36).padStart(4, '0');
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `${time}${sequence}${random}`;
}

/** Writes one audit event in a transaction (DESIGN §3: the audit trail). */
export function writeAuditEvent(
  tx: Transaction,
  db: Firestore,
  ticketId: string,
  event: Omit<AuditEventWrite, 'at'>,
): void {
  tx.set(doc(eventsOf(db, ticketId), sortableEventId()), { ...event, at: serverTimestamp() } satisfies AuditEventWrite);
}

/**
 * The field changes of a lifecycle move: the status, its timestamp, and (DESIGN §2) the
 * solving agent as assignee of an unassigned ticket. Writes the audit events for them.
 */
export function applyStatusChange(
  tx: Transaction,
  db: Firestore,
  ticket: Ticket,
  to: Ticket['status'],
  actor: UserProfile,
): UpdateData<DocumentData> {
  const changes: UpdateData<DocumentData> = { status: to, updatedAt: serverTimestamp() };
  const effects = statusChangeEffects(ticket, to, actor);
  if (effects.setSolvedAt) changes.solvedAt = serverTimestamp();
  if (effects.clearSolvedAt) changes.solvedAt = deleteField();
  if (effects.setClosedAt) changes.closedAt = serverTimestamp();
  writeAuditEvent(tx, db, ticket.id, { type: 'status', from: ticket.status, to, actorId: actor.uid });
  if (effects.assignTo) {
    changes.assigneeId = effects.assignTo.uid;
    changes.assigneeName = effects.assignTo.displayName;
    writeAuditEvent(tx, db, ticket.id, { type: 'assignee', from: null, to: effects.assignTo.uid, actorId: actor.uid });
  }
  return changes;
}

/**
 * Reads a ticket inside a transaction.
 * @throws AppError `not-found`.
 */
export async function readTicketIn(tx: Transaction, db: Firestore, id: string): Promise<Ticket> {
  const snapshot = await tx.get(ticketRef(db, id));
  if (!snapshot.exists()) throw ticketNotFound();
  return snapshot.data();
}

function ticketNotFound(): AppError {
  return new AppError('not-found', 'This ticket does not exist, or it has been deleted.');
}

function notYours(): AppError {
  return new AppError('permission-denied', 'You can only see your own requests.');
}

/**
 * Submits a request (DESIGN §2–§3): in one transaction, takes the next number from
 * `counters/tickets` (`{ lastNumber }`), writes the ticket with status `new`, the
 * description as its first public message, and the `status` audit event (none → new).
 * @throws AppError `invalid-argument`, `unauthenticated`, `not-found` / `failed-precondition`
 *   for a follow-up of a ticket that does not exist / is not closed.
 */
export async function createTicket(ctx: FirestoreContext, input: NewTicketInput): Promise<Ticket> {
  const parsed = newTicketSchema.safeParse(input);
  if (!parsed.success) throw new AppError('invalid-argument', firstIssueMessage(parsed.error));
  const { subject, description, priority, category, followUpOf } = parsed.data;
  currentUid(ctx.auth);
  const { db } = ctx;
  const newTicket = doc(collection(db, 'tickets'));
  const firstMessage = doc(collection(newTicket, 'messages'));
  const counter = doc(db, 'counters', 'tickets');

  // Every submission contends for the one counter document: allow more retries than the default 5.
  await runTransaction(
    db,
    async (tx) => {
      const actor = await readActorIn(tx, ctx);
      const counterSnapshot = await tx.get(counter);
      if (followUpOf) {
        const previous = await readTicketIn(tx, db, followUpOf);
        if (!can({ uid: actor.uid, role: actor.role }, 'ticket.read', previous)) throw notYours();
        if (previous.status !== 'closed') {
          throw new AppError('failed-precondition', 'Only a closed request can be followed up; reply on it instead.');
        }
      }
      const submit = transition(null, 'submit', { kind: 'user', uid: actor.uid, role: actor.role });
      if (!submit.ok) throw refusalError(submit);

      const number = numberFrom(counterSnapshot.get('lastNumber')) + 1;
      tx.set(counter, { lastNumber: number });
      tx.set(newTicket, {
        number,
        subject,
        status: submit.to,
        priority,
        category: category?.trim() || null,
        tags: [],
        requesterId: actor.uid,
        requesterName: actor.displayName,
        // Always present (null when unassigned) so that the "unassigned" queue can query it.
        assigneeId: null,
        assigneeName: null,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        lastMessageAt: serverTimestamp(),
        lastMessageBy: isStaff(actor.role) ? 'agent' : 'customer',
        ...(followUpOf ? { followUpOf } : {}),
      });
      tx.set(firstMessage, {
        authorId: actor.uid,
        authorName: actor.displayName,
        authorRole: actor.role,
        body: description,
        internal: false,
        attachments: [],
        createdAt: serverTimestamp(),
      });
      writeAuditEvent(tx, db, newTicket.id, { type: 'status', from: null, to: submit.to, actorId: actor.uid });
    },
    { maxAttempts: 12 },
  );
  return getTicket(ctx, newTicket.id);
}

/**
 * Reads one ticket.
 * @throws AppError `not-found`; `permission-denied` for a customer's look at another's ticket.
 */
export async function getTicket(ctx: FirestoreContext, id: string): Promise<Ticket> {
  const uid = currentUid(ctx.auth);
  const snapshot = await getDoc(ticketRef(ctx.db, id));
  if (!snapshot.exists()) throw ticketNotFound();
  const ticket = snapshot.data();
  if (ticket.requesterId !== uid && !isStaff((await readActor(ctx)).role)) throw notYours();
  return ticket;
}

/**
 * Checks that the signed-in person may attach files to a ticket now (DESIGN §1, §4), before
 * any bytes are sent; the Storage rules are the authority.
 * @throws AppError `not-found`, `permission-denied`, `failed-precondition` on a closed ticket.
 */
export async function assertMayAttach(ctx: FirestoreContext, id: string): Promise<void> {
  const ticket = await getTicket(ctx, id);
  if (ticket.status === 'closed') {
    throw new AppError('failed-precondition', 'This ticket is closed. Start a follow-up request instead.');
  }
  const actor = await readActor(ctx);
  if (!can({ uid: actor.uid, role: actor.role }, 'ticket.attach', ticket)) {
    throw new AppError('permission-denied', 'You cannot attach files to this ticket.');
  }
}

/** Follows one ticket live; the error listener gets `not-found` or `permission-denied`. */
export async function watchTicket(
  ctx: FirestoreContext,
  id: string,
  onNext: Listener<Ticket>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const actor = await readActor(ctx);
  return watchDocument(
    ticketRef(ctx.db, id),
    (snapshot): { ticket: Ticket } | { error: AppError } => {
      // Missing from the cache after the grace period: offline, and never seen here.
      if (!snapshot.exists()) return { error: snapshot.metadata.fromCache ? firestoreUnavailable() : ticketNotFound() };
      const ticket = snapshot.data();
      if (ticket.requesterId !== actor.uid && !isStaff(actor.role)) return { error: notYours() };
      return { ticket };
    },
    (result) => ('ticket' in result ? onNext(result.ticket) : onError(toErrorShape(result.error))),
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Follows a page of tickets, newest activity first:
 * `where(...)` filters, `orderBy('lastMessageAt', 'desc')`, `limit(n + 1)` to learn `hasMore`.
 * Customers always get only their own (the rules refuse any other query of theirs).
 * Needs composite indexes on (filter fields…, lastMessageAt desc).
 * @throws AppError `invalid-argument` (limit outside 1–100), `permission-denied` (a customer
 *   asking for someone else's requests) — delivered to the error listener by the caller.
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
  const constraints: QueryConstraint[] = [];
  if (!isStaff(actor.role)) {
    if (wanted.requesterId !== undefined && wanted.requesterId !== actor.uid) throw notYours();
    constraints.push(where('requesterId', '==', actor.uid));
  } else if (wanted.requesterId !== undefined) {
    constraints.push(where('requesterId', '==', wanted.requesterId));
  }
  // An empty status list filters nothing (as in the local adapter); Firestore refuses an empty `in`.
  const [only, ...more] = wanted.statuses ?? [];
  if (only !== undefined)
    constraints.push(more.length === 0 ? where('status', '==', only) : where('status', 'in', [only, ...more]));
  if (wanted.assigneeId !== undefined) constraints.push(where('assigneeId', '==', wanted.assigneeId));
  const page = query(
    collection(ctx.db, 'tickets').withConverter(ticketConverter),
    ...constraints,
    orderBy('lastMessageAt', 'desc'),
    limit(size + 1),
  );
  return watchQuery(
    page,
    (snapshot) => {
      const tickets = snapshot.docs.map((row) => row.data());
      return { tickets: tickets.slice(0, size), hasMore: tickets.length > size };
    },
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Fires a lifecycle event (DESIGN §2) in a transaction: checks the move with the domain's
 * `transition()`, updates the ticket, writes the audit event; an agent solving an unassigned
 * ticket becomes its assignee.
 * @throws AppError `invalid-argument` (no such event), `not-found`, `failed-precondition` (the
 *   table forbids the move), `permission-denied` (the actor's role may not make it).
 */
export async function transitionTicket(ctx: FirestoreContext, id: string, event: LifecycleEvent): Promise<Ticket> {
  const lifecycleEvent = parseInput(lifecycleEventSchema, event);
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    const ticket = await readTicketIn(tx, db, id);
    if (!isStaff(actor.role) && ticket.requesterId !== actor.uid) throw notYours();
    const result = transition(ticket, lifecycleEvent, { kind: 'user', uid: actor.uid, role: actor.role });
    if (!result.ok) throw refusalError(result);
    tx.update(doc(db, 'tickets', id), applyStatusChange(tx, db, ticket, result.to, actor));
  });
  return getTicket(ctx, id);
}

/** How a field appears in the audit trail: tags comma-separated, `null` for none. */
function auditValue(value: string | readonly string[] | null | undefined): string | null {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/**
 * Changes priority, category, tags or assignee (staff only), with one audit event per changed
 * field, in a transaction. The new assignee must be an agent or admin.
 * @throws AppError `invalid-argument` (bad value, unknown field, assignee who is not staff),
 *   `not-found`, `permission-denied` for customers, `failed-precondition` on a closed ticket.
 */
export async function updateTicket(ctx: FirestoreContext, id: string, patch: TicketPatch): Promise<Ticket> {
  const wanted = parseInput(ticketPatchSchema, patch);
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    for (const field of Object.keys(wanted) as (keyof TicketPatch)[]) {
      if (!can({ uid: actor.uid, role: actor.role }, PATCH_PERMISSIONS[field])) {
        throw new AppError('permission-denied', 'Only agents and admins can change a ticket.');
      }
    }
    const ticket = await readTicketIn(tx, db, id);
    const assignee = wanted.assigneeId ? await tx.get(userRef(db, wanted.assigneeId)) : null;
    if (ticket.status === 'closed')
      throw new AppError('failed-precondition', 'This ticket is closed and can no longer change.');

    const changes: UpdateData<DocumentData> = {};
    const audit = (
      type: AuditEventType,
      from: string | readonly string[] | null | undefined,
      to: string | readonly string[] | null | undefined,
    ) => writeAuditEvent(tx, db, id, { type, from: auditValue(from), to: auditValue(to), actorId: actor.uid });

    if (wanted.priority !== undefined && wanted.priority !== ticket.priority) {
      changes.priority = wanted.priority;
      audit('priority', ticket.priority, wanted.priority);
    }
    if (wanted.category !== undefined) {
      const category = wanted.category || null;
      if (category !== (ticket.category ?? null)) {
        changes.category = category;
        audit('category', ticket.category, category);
      }
    }
    if (wanted.tags !== undefined) {
      const tags = [...new Set(wanted.tags)];
      if (!sameTags(tags, ticket.tags)) {
        changes.tags = tags;
        audit('tags', ticket.tags, tags);
      }
    }
    if (wanted.assigneeId !== undefined && wanted.assigneeId !== (ticket.assigneeId ?? null)) {
      const profile = assignee?.exists() ? assignee.data() : null;
      if (wanted.assigneeId !== null && (!profile || !isStaff(profile.role))) {
        throw new AppError('invalid-argument', 'Tickets can only be assigned to agents and admins.');
      }
      changes.assigneeId = profile?.uid ?? null;
      changes.assigneeName = profile?.displayName ?? null;
      audit('assignee', ticket.assigneeId, profile?.uid ?? null);
    }
    if (Object.keys(changes).length === 0) return;
    tx.update(doc(db, 'tickets', id), { ...changes, updatedAt: serverTimestamp() });
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
  const actor = await readActor(ctx);
  if (!isStaff(actor.role))
    throw new AppError('permission-denied', 'Only agents and admins can see a ticket’s history.');
  const trail = query(eventsOf(ctx.db, id).withConverter(auditEventConverter), orderBy('at', 'asc'));
  return watchQuery(
    trail,
    (snapshot) => snapshot.docs.map((row) => row.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
