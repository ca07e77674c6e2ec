/**
 * Presence on a ticket (collision detection) for the local adapter: who of the staff
 * is viewing a ticket and who is typing, shared live between the tabs of one browser. It lives
 * in its own small IndexedDB database (`<desk db>-presence`), apart from the desk's schema:
 * presence is ephemeral, and a stale entry only matters until its `expiresAt`.
 *
 * Expiry runs on the real clock (`Date.now`), not the desk's injectable one: the watcher's
 * timers do, and a closed tab's entry must drop out in real seconds.
 *
 * A closing tab cannot count on its IndexedDB delete landing (the page is torn down first), so
 * `leave` also posts a notice on a `BroadcastChannel`: the tabs still open delete the entry for
 * it, unless it was announced again since (another tab of the same person).
 */
import Dexie, { type Table } from 'dexie';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { PresenceEntry, PresencePort } from '@/backend/port/presence';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan, refusals } from '@/domain/errors/refusals';
import type { UserProfile } from '@/domain/types';
import { checkPresenceArgs, followPresenceExpiry } from '@/backend/shared/presence-expiry';
import { isoAt, requireUser, runCall, watchLive, type LocalContext } from '@/backend/local/core/context';

/** One stored entry: a {@link PresenceEntry} keyed by ticket and person. */
export interface PresenceRecord extends PresenceEntry {
  ticketId: string;
  /** ISO-8601 UTC of the announcement: a leave notice older than this does not remove it. */
  announcedAt: string;
}

/** What a leaving tab tells the others of the browser. */
interface LeaveNotice {
  ticketId: string;
  uid: string;
  /** ISO-8601 UTC of the leave. */
  at: string;
}

function isLeaveNotice(value: unknown): value is LeaveNotice {
  const notice = value as Partial<LeaveNotice> | null;
  return typeof notice?.ticketId === 'string' && typeof notice.uid === 'string' && typeof notice.at === 'string';
}

/** Deletes the entry a notice names, unless it was announced after the leave. */
async function applyLeaveNotice(presenceDb: PresenceDb, { ticketId, uid, at }: LeaveNotice): Promise<void> {
  await presenceDb.transaction('rw', presenceDb.entries, async () => {
    const entry = await presenceDb.entries.get([ticketId, uid]);
    if (entry && entry.announcedAt <= at) await presenceDb.entries.delete([ticketId, uid]);
  });
}

/**
 * The browser's channel for leave notices, listening for other tabs' notices; `null` outside a
 * browser page (Node has `BroadcastChannel`, but no tab ever closes there).
 */
function leaveChannel(name: string, presenceDb: PresenceDb): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined' || typeof document === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    // Best effort: if this fails too, the entry still expires.
    if (isLeaveNotice(event.data)) applyLeaveNotice(presenceDb, event.data).catch(() => undefined);
  };
  return channel;
}

/** The presence database: one table, keyed `[ticketId+uid]`. */
export type PresenceDb = Dexie & { entries: Table<PresenceRecord, [string, string]> };

/** The presence database that goes with the desk database `deskDbName`. */
export function presenceDbName(deskDbName: string): string {
  return `${deskDbName}-presence`;
}

/** Opens (lazily, on first use) the presence database of the desk database `deskDbName`. */
export function openPresenceDb(deskDbName: string): PresenceDb {
  const db = new Dexie(presenceDbName(deskDbName)) as PresenceDb;
  db.version(1).stores({ entries: '[ticketId+uid], ticketId' });
  return db;
}

/** The signed-in person, who must be staff. @throws AppError `permission-denied` for customers. */
function requireStaff(me: UserProfile): UserProfile {
  assertCan(principalOf(me), 'presence.use');
  return me;
}

/**
 * The local {@link PresencePort}.
 * @param ctx the desk's context (the session, and the `users` table for the caller's role).
 * @param presenceDb the presence database ({@link openPresenceDb}).
 * @param now the clock for `expiresAt` (default `Date.now`; see the module note).
 */
export function createLocalPresence(
  ctx: LocalContext,
  presenceDb: PresenceDb,
  now: () => number = Date.now,
): PresencePort {
  const channel = leaveChannel(presenceDb.name, presenceDb);
  // When this tab last left each ticket: an announcement still on its way when the tab left (it
  // was waiting for the profile) must not put the entry back for its 30 s.
  const leftAt = new Map<string, number>();
  return {
    announce: (ticketId, state) => {
      const started = now();
      return runCall(ctx, async () => {
        checkPresenceArgs(ticketId, state.ttlMs);
        const me = requireStaff(await requireUser(ctx));
        const at = now();
        if ((leftAt.get(ticketId) ?? -Infinity) >= started) return;
        await presenceDb.transaction('rw', presenceDb.entries, async () => {
          // Housekeeping: entries of closed tabs would otherwise stay in the table for good.
          await presenceDb.entries
            .where('ticketId')
            .equals(ticketId)
            .filter((entry) => Date.parse(entry.expiresAt) <= at)
            .delete();
          await presenceDb.entries.put({
            ticketId,
            uid: me.uid,
            displayName: me.displayName,
            typing: state.typing,
            expiresAt: isoAt(at + state.ttlMs),
            announcedAt: isoAt(at),
          });
        });
      });
    },

    // Only the session's uid, no read of the profile: a tab that is closing (`pagehide`) has
    // time for a notice and one delete, not a round trip first. A customer has no entry.
    leave: (ticketId) =>
      runCall(ctx, async () => {
        checkPresenceArgs(ticketId);
        const session = ctx.session.current();
        if (!session) throw refusals.signedOut();
        const leaving = now();
        leftAt.set(ticketId, leaving);
        const notice: LeaveNotice = { ticketId, uid: session.uid, at: isoAt(leaving) };
        channel?.postMessage(notice);
        await applyLeaveNotice(presenceDb, notice);
      }),

    watch(ticketId: string, onNext: Listener<PresenceEntry[]>, onError: ErrorListener): Unsubscribe {
      const expiry = followPresenceExpiry(onNext, now);
      const stopWatching = watchLive(
        ctx,
        async (me) => {
          requireStaff(me);
          checkPresenceArgs(ticketId);
          const records = await presenceDb.entries.where('ticketId').equals(ticketId).toArray();
          return records.map(({ uid, displayName, typing, expiresAt }): PresenceEntry => ({
            uid,
            displayName,
            typing,
            expiresAt,
          }));
        },
        (entries) => expiry.update(entries),
        (error) => {
          expiry.stop();
          onError(error);
        },
      );
      return () => {
        expiry.stop();
        stopWatching();
      };
    },
  };
}
