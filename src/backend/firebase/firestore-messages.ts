/**
 * `tickets/{id}/messages/{mid}` (DESIGN §3): public replies and internal notes, their converter,
 * the conversation query and the idempotent reply transaction.
 * Loaded on demand (it imports `firebase/firestore`).
 */
import {
  collection,
  doc,
  getDoc,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
  type UpdateData,
} from 'firebase/firestore';
import { AppError, toErrorShape } from '@/domain/errors';
import { eventForReply, refusalError, transition, type LifecycleEvent } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import { ROLES, isStaff } from '@/domain/roles';
import { firstIssueMessage, lifecycleEventSchema, newMessageSchema } from '@/domain/schemas';
import type { Attachment, Message } from '@/domain/types';
import type { AddMessageInput, ErrorListener, Listener, Unsubscribe } from '@/backend/port';
import { currentUid, type FirestoreContext } from '@/backend/firebase/firestore-context';
import { readActor, readActorIn } from '@/backend/firebase/firestore-users';
import {
  applyStatusChange,
  assertUnchangedSince,
  findTicket,
  getTicket,
  parseWriteOptions,
  readTicketIn,
} from '@/backend/firebase/firestore-tickets';
import { toAppError } from '@/backend/firebase/firebase-errors';
import { watchQuery } from '@/backend/firebase/firestore-live';
import { CLIENT_ID_PATTERN, checkAttachments } from '@/backend/firebase/attachment-paths';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  numberFrom,
  oneOf,
  stringFrom,
} from '@/backend/firebase/firestore-values';

function attachmentsFrom(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      path: stringFrom(item.path),
      name: stringFrom(item.name),
      size: numberFrom(item.size),
      contentType: stringFrom(item.contentType),
    }));
}

/** Reads `tickets/{id}/messages/{mid}` into a {@link Message}. */
const messageConverter: FirestoreDataConverter<Message> = {
  toFirestore: notWrittenThroughConverter('messages'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    return {
      id: snapshot.id,
      ticketId: snapshot.ref.parent.parent?.id ?? '',
      authorId: stringFrom(data.authorId),
      authorName: stringFrom(data.authorName),
      authorRole: oneOf(data.authorRole, ROLES, 'customer'),
      body: stringFrom(data.body),
      internal: data.internal === true,
      attachments: attachmentsFrom(data.attachments),
      createdAt: isoFrom(data.createdAt),
    };
  },
};

function messageRef(db: Firestore, ticketId: string, id: string): DocumentReference<Message> {
  return doc(db, 'tickets', ticketId, 'messages', id).withConverter(messageConverter);
}

/**
 * Follows a conversation, oldest first. Customers query `where('internal', '==', false)`, so an
 * internal note never reaches them (the rules refuse them any other query); staff see all.
 * Reads the ticket first, so a customer on someone else's ticket gets `permission-denied`.
 */
export async function watchMessages(
  ctx: FirestoreContext,
  ticketId: string,
  onNext: Listener<Message[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const actor = await readActor(ctx);
  const messages = collection(ctx.db, 'tickets', ticketId, 'messages').withConverter(messageConverter);
  let conversation = query(messages, orderBy('createdAt', 'asc'));
  if (!isStaff(actor.role)) {
    await getTicket(ctx, ticketId);
    conversation = query(messages, where('internal', '==', false), orderBy('createdAt', 'asc'));
  }
  return watchQuery(
    conversation,
    (snapshot) => snapshot.docs.map((row) => row.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/** A new message, checked (see {@link validateMessage}). */
export interface CheckedMessage {
  body: string;
  internal: boolean;
  attachments: Attachment[];
  /** The lifecycle event fired with the message (instead of the automatic reopen). */
  event: LifecycleEvent | undefined;
  /** Guards `event` (ignored without one). */
  expectedUpdatedAt: string | undefined;
}

/**
 * Checks a new message before anything is sent: id, body, attachments (≤ 5, each ≤ 10 MB
 * of an allowed type, stored under this message's folder), the lifecycle event and the
 * `expectedUpdatedAt` guard.
 * @throws AppError `invalid-argument` with the first problem's sentence.
 */
export function validateMessage(ticketId: string, input: AddMessageInput): CheckedMessage {
  if (typeof input.id !== 'string' || !CLIENT_ID_PATTERN.test(input.id)) {
    throw new AppError('invalid-argument', 'A message id is 1–128 letters, digits, hyphens or underscores.');
  }
  const parsed = newMessageSchema.safeParse({ body: input.body, internal: input.internal });
  if (!parsed.success) throw new AppError('invalid-argument', firstIssueMessage(parsed.error));
  let event: LifecycleEvent | undefined;
  if (input.event !== undefined) {
    const checked = lifecycleEventSchema.safeParse(input.event);
    if (!checked.success) throw new AppError('invalid-argument', firstIssueMessage(checked.error));
    event = checked.data;
  }
  const { expectedUpdatedAt } = parseWriteOptions({ expectedUpdatedAt: input.expectedUpdatedAt });
  return {
    body: parsed.data.body,
    internal: parsed.data.internal,
    attachments: checkAttachments(ticketId, input.id, input.attachments ?? []),
    event,
    expectedUpdatedAt,
  };
}

/**
 * Adds a reply or internal note with a client-generated id, in a transaction that first checks
 * whether the id exists (a retry resolves with the message already stored). Updates the
 * ticket's `lastMessageAt`/`lastMessageBy`/`firstResponseAt`, and a requester's reply on a
 * pending, on-hold or solved ticket reopens it (`eventForReply`, DESIGN §2) with its audit event.
 * `input.event` fires in the same transaction instead of that automatic move ("Reply and set
 * pending"), with its audit event; `input.expectedUpdatedAt` guards it.
 * The caller passes attachments already checked against what Storage holds (size, type).
 * @throws AppError `invalid-argument`, `not-found`, `failed-precondition` on a closed ticket or
 *   for an event the table forbids, `permission-denied` for an internal note by
 *   a customer, a reply on someone else's ticket or an event the actor may not fire, `aborted`
 *   when an event is given and the ticket changed since `expectedUpdatedAt`, `already-exists`
 *   when another person's message has this id. Nothing is written on any error.
 */
export async function addMessage(ctx: FirestoreContext, ticketId: string, input: AddMessageInput): Promise<Message> {
  const message = validateMessage(ticketId, input);
  currentUid(ctx.auth);
  // A transaction needs the server: offline, fail at once (the app queues the message in its
  // outbox, issue 5) rather than after the SDK's retries.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new AppError('unavailable', 'You are offline. It will be sent when you are back online.');
  }
  const { db } = ctx;
  const ref = messageRef(db, ticketId, input.id);

  const existing = await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    const ticket = await readTicketIn(tx, db, ticketId);
    const principal = { uid: actor.uid, role: actor.role };
    if (!can(principal, 'ticket.read', ticket)) {
      throw new AppError('permission-denied', 'You can only reply to your own requests.');
    }
    // A retry of a write that already landed (even if the ticket closed since) succeeds.
    const stored = await tx.get(ref);
    if (stored.exists()) {
      const existing = stored.data();
      if (existing.authorId !== actor.uid) throw new AppError('already-exists', 'Another message already has this id.');
      return existing;
    }

    if (message.internal && !can(principal, 'ticket.writeInternal')) {
      throw new AppError('permission-denied', 'Only agents and admins can write internal notes.');
    }
    if (ticket.status === 'closed') {
      throw new AppError('failed-precondition', 'This ticket is closed. Start a follow-up request to continue.');
    }
    if (!can(principal, 'ticket.reply', ticket)) {
      throw new AppError('permission-denied', 'You can only reply to your own requests.');
    }
    if (message.attachments.length > 0 && !can(principal, 'ticket.attach', ticket)) {
      throw new AppError('permission-denied', 'You cannot attach files to this ticket.');
    }
    // The guard protects the status change; a plain reply never overwrites anything.
    if (message.event !== undefined) assertUnchangedSince(ticket, message.expectedUpdatedAt);

    tx.set(doc(db, 'tickets', ticketId, 'messages', input.id), {
      authorId: actor.uid,
      authorName: actor.displayName,
      authorRole: actor.role,
      body: message.body,
      internal: message.internal,
      attachments: message.attachments,
      createdAt: serverTimestamp(),
    });

    const actorRef = { kind: 'user', uid: actor.uid, role: actor.role } as const;
    let changes: UpdateData<DocumentData> = { updatedAt: serverTimestamp() };
    if (!message.internal) {
      const fromStaff = isStaff(actor.role);
      changes.lastMessageAt = serverTimestamp();
      changes.lastMessageBy = fromStaff ? 'agent' : 'customer';
      if (fromStaff && !ticket.firstResponseAt && actor.uid !== ticket.requesterId) {
        changes.firstResponseAt = serverTimestamp();
      }
    }
    // An explicit event says where the ticket goes next and replaces the automatic reopen (a
    // requester's "reply and mark solved" on a pending ticket solves it; their reply with
    // "reopen" on a solved one reopens it once). Without one, DESIGN §2's customer_reply applies.
    const move = message.event ?? (message.internal ? null : eventForReply(ticket, actorRef));
    if (move) {
      const result = transition(ticket, move, actorRef);
      // A refusal aborts the transaction: nothing is written, the message included.
      if (!result.ok) throw refusalError(result);
      changes = { ...changes, ...applyStatusChange(tx, db, ticket, result.to, actor) };
    }
    tx.update(doc(db, 'tickets', ticketId), changes);
    return null;
  });
  if (existing) return existing;
  const snapshot = await getDoc(ref);
  if (!snapshot.exists())
    throw new AppError('not-found', 'The message was sent but cannot be read back. Reload the ticket.');
  return snapshot.data();
}

/** Who may open a message's files: everyone who reads the ticket, or only the uploader (unsent). */
export type AttachmentAccess = 'granted' | 'uploader-only';

/**
 * Whether the signed-in person may open the files of a message (DESIGN §4): staff always;
 * a customer on their own ticket for public messages, never for internal notes, and for a
 * message not sent yet only their own uploads. The Storage rules are the authority.
 * @throws AppError `not-found`, `permission-denied`.
 */
export async function attachmentAccess(
  ctx: FirestoreContext,
  ticketId: string,
  messageId: string,
): Promise<AttachmentAccess> {
  const actor = await readActor(ctx);
  // A request not submitted yet: its files are its uploader's alone.
  if (!(await findTicket(ctx, ticketId))) return 'uploader-only';
  if (isStaff(actor.role)) return 'granted';
  const snapshot = await getDoc(messageRef(ctx.db, ticketId, messageId));
  if (!snapshot.exists()) return 'uploader-only';
  if (snapshot.data().internal) throw new AppError('permission-denied', 'You cannot open this file.');
  return 'granted';
}
