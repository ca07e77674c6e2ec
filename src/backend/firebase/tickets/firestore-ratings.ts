/**
 * Satisfaction ratings on Firestore (CSAT, DESIGN §10): `ratings/{ticketId}`, one per ticket,
 * created once by the requester of a solved or closed request (the rules hold the same as
 * `planRating`), read by staff and that requester. Loaded on demand (it imports `firebase/firestore`).
 */
import {
  doc,
  runTransaction,
  serverTimestamp,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { readableTicket } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import { parseInput } from '@/domain/schemas';
import {
  planRating,
  ratingInputSchema,
  SATISFACTION_SCORES,
  type RatingInput,
  type SatisfactionRating,
} from '@/domain/satisfaction';
import { TICKET_STATUSES } from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActorIn } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchDocument } from '@/backend/firebase/core/firestore-live';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  oneOf,
  optionalStringFrom,
  stringFrom,
} from '@/backend/firebase/core/firestore-values';

/** Reads `ratings/{ticketId}` into a {@link SatisfactionRating}. */
const ratingConverter: FirestoreDataConverter<SatisfactionRating> = {
  toFirestore: notWrittenThroughConverter('ratings'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    const comment = optionalStringFrom(data.comment);
    return {
      ticketId: snapshot.id,
      requesterId: stringFrom(data.requesterId),
      score: oneOf(data.score, SATISFACTION_SCORES, 'good'),
      ...(comment ? { comment } : {}),
      createdAt: isoFrom(data.createdAt),
    };
  },
};

function ratingRef(db: Firestore, ticketId: string): DocumentReference<SatisfactionRating> {
  return doc(db, 'ratings', ticketId).withConverter(ratingConverter);
}

/**
 * Rates a request in a transaction that reads the caller, the ticket and any earlier rating.
 * @throws AppError as the port's `tickets.rate`.
 */
export async function rateTicket(
  ctx: FirestoreContext,
  ticketId: string,
  input: RatingInput,
): Promise<SatisfactionRating> {
  const parsed = parseInput(ratingInputSchema, input);
  return runTransaction(ctx.db, async (tx) => {
    const me = await readActorIn(tx, ctx);
    const stored = await tx.get(doc(ctx.db, 'tickets', ticketId));
    const ticket = stored.exists()
      ? {
          id: ticketId,
          requesterId: stringFrom(stored.get('requesterId')),
          status: oneOf(stored.get('status'), TICKET_STATUSES, 'new'),
        }
      : null;
    const readable = readableTicket(principalOf(me), ticket);
    const earlier = await tx.get(ratingRef(ctx.db, ticketId));
    const rating = planRating(readable, me, parsed, earlier.exists() ? earlier.data() : null, new Date().toISOString());
    tx.set(doc(ctx.db, 'ratings', ticketId), {
      ticketId,
      requesterId: rating.requesterId,
      score: rating.score,
      ...(rating.comment ? { comment: rating.comment } : {}),
      createdAt: serverTimestamp(),
    });
    return rating;
  });
}

/** Follows a ticket's rating (`null` while none); the rules let staff and the requester read it. */
export function watchRating(
  ctx: FirestoreContext,
  ticketId: string,
  onNext: Listener<SatisfactionRating | null>,
  onError: ErrorListener,
): Unsubscribe {
  return watchDocument(
    ratingRef(ctx.db, ticketId),
    (snapshot) => (snapshot.exists() ? snapshot.data() : null),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
