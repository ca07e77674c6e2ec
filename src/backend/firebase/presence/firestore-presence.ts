/**
 * Presence on a ticket (collision detection) in Cloud Firestore:
 * `tickets/{ticketId}/presence/{uid}` = `{ displayName, typing, expiresAt, updatedAt }`.
 * Firestore has no disconnect hook and pushes nothing when a time passes, so an entry carries
 * `expiresAt` (the writer's clock + ttl; the rules cap it at two minutes past `request.time`),
 * a heartbeat renews it, and watchers drop expired entries themselves on a timer.
 * Loaded on demand (it imports `firebase/firestore`).
 */
import {
  collection,
  deleteDoc,
  doc,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  type CollectionReference,
  type FirestoreDataConverter,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan } from '@/domain/errors/refusals';
import type { UserProfile } from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { PresenceEntry } from '@/backend/port/presence';
import { checkPresenceArgs, followPresenceExpiry } from '@/backend/shared/presence-expiry';
import { currentUid, type FirestoreContext } from '@/backend/firebase/core/context';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { readActor } from '@/backend/firebase/users/firestore-users';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  stringFrom,
} from '@/backend/firebase/core/firestore-values';

/** At most this many people are listed on one ticket (the query stays bounded). */
export const PRESENCE_WATCH_LIMIT = 50;

/** Reads `tickets/{id}/presence/{uid}`; a missing `expiresAt` reads as already expired. */
const presenceConverter: FirestoreDataConverter<PresenceEntry> = {
  toFirestore: notWrittenThroughConverter('presence'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    return {
      uid: snapshot.id,
      displayName: stringFrom(data.displayName),
      typing: data.typing === true,
      expiresAt: isoFrom(data.expiresAt, new Date(0).toISOString()),
    };
  },
};

function presenceOf(ctx: FirestoreContext, ticketId: string): CollectionReference<PresenceEntry> {
  return collection(ctx.db, 'tickets', ticketId, 'presence').withConverter(presenceConverter);
}

/** The signed-in person, who must be staff (the rules say the same). */
async function readStaff(ctx: FirestoreContext): Promise<UserProfile> {
  const me = await readActor(ctx);
  assertCan(principalOf(me), 'presence.use');
  return me;
}

/**
 * Writes the signed-in staff member's entry on `ticketId`, expiring `ttlMs` from now.
 * @throws AppError `invalid-argument`, `unauthenticated`, `permission-denied` for customers.
 */
export async function announcePresence(
  ctx: FirestoreContext,
  ticketId: string,
  state: { typing: boolean; ttlMs: number },
): Promise<void> {
  checkPresenceArgs(ticketId, state.ttlMs);
  const me = await readStaff(ctx);
  await setDoc(doc(ctx.db, 'tickets', ticketId, 'presence', me.uid), {
    displayName: me.displayName,
    typing: state.typing,
    expiresAt: Timestamp.fromMillis(Date.now() + state.ttlMs),
    updatedAt: serverTimestamp(),
  });
}

/** Deletes the signed-in person's entry on `ticketId`. @throws AppError `unauthenticated`. */
export async function leavePresence(ctx: FirestoreContext, ticketId: string): Promise<void> {
  checkPresenceArgs(ticketId);
  await deleteDoc(doc(ctx.db, 'tickets', ticketId, 'presence', currentUid(ctx.auth)));
}

/**
 * Follows the unexpired entries of `ticketId` (freshest {@link PRESENCE_WATCH_LIMIT}), re-emitting
 * when one expires. Customers get `permission-denied` (checked here first, then by the rules).
 * @returns the unsubscribe, once the caller's role has been read.
 */
export async function watchPresence(
  ctx: FirestoreContext,
  ticketId: string,
  onNext: Listener<PresenceEntry[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  checkPresenceArgs(ticketId);
  await readStaff(ctx);
  const expiry = followPresenceExpiry(onNext);
  const stop = watchQuery(
    query(presenceOf(ctx, ticketId), orderBy('expiresAt', 'desc'), limit(PRESENCE_WATCH_LIMIT)),
    (snapshot) => snapshot.docs.map((entry) => entry.data()),
    (entries) => expiry.update(entries),
    (error) => {
      expiry.stop();
      onError(toErrorShape(toAppError(error)));
    },
  );
  return () => {
    expiry.stop();
    stop();
  };
}
