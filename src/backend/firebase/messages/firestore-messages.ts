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
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import type { LifecycleEvent } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import { addMessageThrough, type MessageStore } from '@/domain/plans/add-message';
import { principalOf } from '@/domain/plans/ticket-write';
import { refusals } from '@/domain/errors/refusals';
import { ROLES } from '@/domain/roles';
import { lifecycleEventSchema, newMessageSchema, parseInput } from '@/domain/schemas';
import type { Attachment, Message } from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { AddMessageInput } from '@/backend/port/messages';
import { currentUid, type FirestoreContext } from '@/backend/firebase/core/context';
import { readActor, readActorIn } from '@/backend/firebase/users/firestore-users';
import { readAssignOnReplyIn } from '@/backend/firebase/settings/firestore-settings';
import {
  findTicket,
  getTicket,
  parseWriteOptions,
  ticketRef,
  writeTicketChange,
} from '@/backend/firebase/tickets/firestore-tickets';
import { assertOnline } from '@/backend/shared/online';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { meterReads } from '@/backend/firebase/core/read-meter';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { CLIENT_ID_PATTERN, checkAttachments } from '@/domain/attachment-paths';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  numberFrom,
  oneOf,
  stringFrom,
} from '@/backend/firebase/core/firestore-values';

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

/** `tickets/{ticketId}/messages`, read through the message converter. */
export function messagesCollection(db: Firestore, ticketId: string): CollectionReference<Message> {
  return collection(db, 'tickets', ticketId, 'messages').withConverter(messageConverter);
}

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
  if (!can(principalOf(actor), 'ticket.readInternal')) {
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
  if (typeof input.id !== 'string' || !CLIENT_ID_PATTERN.test(input.id)) throw refusals.badClientId();
  const { body, internal } = parseInput(newMessageSchema, { body: input.body, internal: input.internal });
  const event = input.event === undefined ? undefined : parseInput(lifecycleEventSchema, input.event);
  const { expectedUpdatedAt } = parseWriteOptions({ expectedUpdatedAt: input.expectedUpdatedAt });
  return {
    body,
    internal,
    attachments: checkAttachments(ticketId, input.id, input.attachments ?? []),
    event,
    expectedUpdatedAt,
  };
}

/**
 * Adds a reply or internal note with a client-generated id, in a transaction that first checks
 * whether the id exists (a retry resolves with the message already stored). Updates the
 * ticket's `lastMessageAt`/`lastMessageBy`/`firstResponseAt`; a requester's reply on a
 * pending, on-hold or solved ticket reopens it, a staff reply on a new one opens it and takes it
 * when unassigned and the desk's `assignOnReply` is on (`planReply`, DESIGN §2).
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
  assertOnline();
  const { db } = ctx;
  const ref = messageRef(db, ticketId, input.id);

  const outcome = await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    const store: MessageStore<Message, void> = {
      readTicket: async () => {
        const snapshot = await tx.get(ticketRef(db, ticketId));
        return snapshot.exists() ? snapshot.data() : null;
      },
      readMessage: async () => {
        const stored = await tx.get(ref);
        return stored.exists() ? stored.data() : null;
      },
      readAssignOnReply: () => readAssignOnReplyIn(tx, db),
      // Only a staff reply that solves reads them: the module (with the definitions' schemas) loads then.
      readFields: async (ticket) =>
        (await import('@/backend/firebase/settings/firestore-fields')).readFieldsContextIn(tx, db, ticket, true),
      write: async (plan) => {
        tx.set(doc(db, 'tickets', ticketId, 'messages', input.id), {
          ...plan.author,
          body: message.body,
          attachments: message.attachments,
          createdAt: serverTimestamp(),
        });
        // A public message names itself on the ticket, so the rules can check that the stamps
        // (`lastMessageAt`/`By`) come with a real message (the field is never read back).
        writeTicketChange(tx, db, ticketId, plan, actor.uid, message.internal ? {} : { lastMessageId: input.id });
      },
    };
    return addMessageThrough(store, {
      actor,
      internal: message.internal,
      attachmentCount: message.attachments.length,
      event: message.event,
      expectedUpdatedAt: message.expectedUpdatedAt,
    });
  });
  if (outcome.kind === 'retried') return outcome.message;
  const snapshot = await getDoc(ref);
  if (!snapshot.metadata.fromCache) meterReads(1, 'get');
  if (!snapshot.exists()) throw refusals.sentButUnreadable();
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
  if (can(principalOf(actor), 'ticket.readInternal')) return 'granted';
  const snapshot = await getDoc(messageRef(ctx.db, ticketId, messageId));
  if (!snapshot.metadata.fromCache) meterReads(1, 'get');
  if (!snapshot.exists()) return 'uploader-only';
  if (snapshot.data().internal) throw refusals.notYourFile();
  return 'granted';
}
