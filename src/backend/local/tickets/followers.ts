/**
 * Followers on the local backend (DESIGN §1 "Followers"): the `followers` table, one record per
 * ticket and staff member (`[ticketId+uid]`), the twin of Firebase's `tickets/{id}/followers/{uid}`.
 */
import Dexie from 'dexie';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { isoAt, requireUser, runWrite, watchLive, type LocalContext } from '@/backend/local/core/context';
import type { TriageDb } from '@/backend/local/core/db';
import { assertCan, readableTicket } from '@/domain/errors/refusals';
import { sortedFollowers, type Follower } from '@/domain/followers';
import { principalOf } from '@/domain/plans/ticket-write';

/** The uids of the staff who follow a ticket, for the mail server (read outside any session). */
export async function followerIdsOf(db: TriageDb, ticketId: string): Promise<string[]> {
  const followers = await db.followers
    .where('[ticketId+uid]')
    .between([ticketId, Dexie.minKey], [ticketId, Dexie.maxKey])
    .toArray();
  return followers.map((follower) => follower.uid);
}

/** The port's `watchFollowers` and `setFollowing` over the local database. */
export function localFollowers(ctx: LocalContext): {
  watchFollowers(id: string, onNext: Listener<Follower[]>, onError: ErrorListener): Unsubscribe;
  setFollowing(id: string, following: boolean): Promise<void>;
} {
  const { db } = ctx;
  return {
    watchFollowers: (id, onNext, onError) =>
      watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'ticket.follow');
          readableTicket(principalOf(me), await db.tickets.get(id));
          return sortedFollowers(
            await db.followers.where('[ticketId+uid]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray(),
          );
        },
        onNext,
        onError,
      ),
    setFollowing: (id, following) =>
      runWrite(ctx, () =>
        db.transaction('rw', [db.users, db.tickets, db.followers], async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'ticket.follow');
          readableTicket(principalOf(me), await db.tickets.get(id));
          const existing = await db.followers.get([id, me.uid]);
          if (following && !existing) {
            await db.followers.add({ ticketId: id, uid: me.uid, displayName: me.displayName, since: isoAt(ctx.now()) });
          } else if (!following && existing) {
            await db.followers.delete([id, me.uid]);
          }
        }),
      ),
  };
}
