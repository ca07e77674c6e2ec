/**
 * Followers on Firestore (DESIGN §1 "Followers"): `tickets/{ticketId}/followers/{uid}`, written by
 * the follower themselves (the rules check it is them, under their own name, at the request's
 * time) and read by staff. A module of its own, loaded on first use.
 */
import { collection, deleteDoc, doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { sortedFollowers, type Follower } from '@/domain/followers';
import { principalOf } from '@/domain/plans/ticket-write';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { isoFrom, optionalStringFrom } from '@/backend/firebase/core/firestore-values';

/** Follows a ticket's followers, by name (staff only; others get `permission-denied`). */
export async function watchFollowers(
  ctx: FirestoreContext,
  ticketId: string,
  onNext: Listener<Follower[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'ticket.follow');
  if (!(await getDoc(doc(ctx.db, 'tickets', ticketId))).exists()) throw refusals.ticketNotFound();
  return watchQuery(
    collection(ctx.db, 'tickets', ticketId, 'followers'),
    (snapshot) =>
      sortedFollowers(
        snapshot.docs.map((row) => {
          const data = row.data({ serverTimestamps: 'estimate' });
          return {
            ticketId,
            uid: row.id,
            displayName: optionalStringFrom(data.displayName) ?? '',
            since: isoFrom(data.since),
          };
        }),
      ),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/** Starts or stops following a ticket as the signed-in staff member (idempotent). */
export async function setFollowing(ctx: FirestoreContext, ticketId: string, following: boolean): Promise<void> {
  const me = await readActor(ctx);
  assertCan(principalOf(me), 'ticket.follow');
  if (!(await getDoc(doc(ctx.db, 'tickets', ticketId))).exists()) throw refusals.ticketNotFound();
  const mine = doc(ctx.db, 'tickets', ticketId, 'followers', me.uid);
  if (!following) {
    await deleteDoc(mine);
    return;
  }
  // A follow is never rewritten (the rules allow no update): following twice changes nothing.
  if ((await getDoc(mine)).exists()) return;
  await setDoc(mine, { uid: me.uid, displayName: me.displayName, since: serverTimestamp() });
}
