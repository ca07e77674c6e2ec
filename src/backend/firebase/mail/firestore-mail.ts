/**
 * The `mail` collection on Firestore (DESIGN §9): the admins' live list of outgoing email. The
 * documents are written by the Cloud Functions only (the rules refuse every client write).
 */
import { collection, limit, orderBy, query, type FirestoreDataConverter } from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { assertCan } from '@/domain/errors/refusals';
import { DELIVERY_STATES, MAIL_KINDS, type MailDelivery, type OutgoingMail } from '@/domain/mail/mail-document';
import { principalOf } from '@/domain/plans/ticket-write';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import {
  numberFrom,
  oneOf,
  optionalStringFrom,
  stringFrom,
  stringsFrom,
  notWrittenThroughConverter,
} from '@/backend/firebase/core/firestore-values';

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function deliveryFrom(value: unknown): MailDelivery | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const delivery = recordOf(value);
  const info = recordOf(delivery.info);
  const endTime = optionalStringFrom(delivery.endTime);
  const error = optionalStringFrom(delivery.error);
  return {
    state: oneOf(delivery.state, DELIVERY_STATES, 'PENDING'),
    attempts: numberFrom(delivery.attempts),
    ...(endTime && { endTime }),
    ...(error && { error }),
    ...(delivery.info !== undefined && {
      info: {
        messageId: stringFrom(info.messageId),
        accepted: stringsFrom(info.accepted),
        rejected: stringsFrom(info.rejected),
        response: stringFrom(info.response),
      },
    }),
  };
}

/** Reads `mail/{id}` into an {@link OutgoingMail} (what the extension's schema and Triage's own fields hold). */
const mailConverter: FirestoreDataConverter<OutgoingMail> = {
  toFirestore: notWrittenThroughConverter('mail'),
  fromFirestore(snapshot) {
    const data = snapshot.data();
    const message = recordOf(data.message);
    const headers = Object.fromEntries(
      Object.entries(recordOf(data.headers)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const delivery = deliveryFrom(data.delivery);
    const replyTo = optionalStringFrom(data.replyTo);
    const ticketId = optionalStringFrom(data.ticketId);
    const recipientUid = optionalStringFrom(data.recipientUid);
    return {
      id: snapshot.id,
      to: Array.isArray(data.to) ? stringsFrom(data.to) : [stringFrom(data.to)],
      ...(replyTo && { replyTo }),
      headers,
      message: {
        subject: stringFrom(message.subject),
        text: stringFrom(message.text),
        html: stringFrom(message.html),
        messageId: stringFrom(message.messageId),
      },
      kind: oneOf(data.kind, MAIL_KINDS, 'public-reply'),
      ...(ticketId && { ticketId }),
      ...(typeof data.ticketNumber === 'number' && { ticketNumber: data.ticketNumber }),
      ...(recipientUid && { recipientUid }),
      createdAt: stringFrom(data.createdAt),
      ...(delivery && { delivery }),
    };
  },
};

/**
 * Follows the newest outgoing emails, newest first (admins only: checked here for a clear
 * sentence, enforced by the rules).
 * @throws AppError `permission-denied` for anyone but an admin.
 */
export async function watchOutgoingMail(
  ctx: FirestoreContext,
  count: number,
  onNext: Listener<OutgoingMail[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'mail.read');
  const newest = query(
    collection(ctx.db, 'mail').withConverter(mailConverter),
    orderBy('createdAt', 'desc'),
    limit(Math.min(Math.max(1, count), 200)),
  );
  return watchQuery(
    newest,
    (snapshot) => snapshot.docs.map((row) => row.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
