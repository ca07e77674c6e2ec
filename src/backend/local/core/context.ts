/**
 * What every part of the local adapter shares — the database, this tab's session, the clock —
 * and the checks every call starts with: wait until the database is ready, validate input,
 * find out who is asking. The permission decisions themselves are `can()` and `transition()`
 * from `src/domain/`, exactly as the Firestore rules follow them (DESIGN §1–§2).
 */
import { liveQuery } from 'dexie';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { AppError, toErrorShape } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import type { IsoDateTime, UserProfile } from '@/domain/types';
import type { TriageDb } from '@/backend/local/core/db';
import type { LocalSession } from '@/backend/local/auth/session';
import { assertOnline } from '@/backend/shared/online';

/** The adapter's shared state; one per `createBackend` call (one tab). */
export interface LocalContext {
  db: TriageDb;
  session: LocalSession;
  /** Resolves once the database is open and seeded; every call waits for it. */
  ready: Promise<void>;
  /** The clock, ms since the epoch. */
  now: () => number;
  /** PBKDF2 iterations for new password hashes. */
  iterations: number;
}

/** `ms` since the epoch as the ISO-8601 UTC string the model uses (DESIGN §3). */
export function isoAt(ms: number): IsoDateTime {
  return new Date(ms).toISOString();
}

/** Whether an error is one the port may pass on as it is. */
function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Turns a failure inside the adapter into an {@link AppError}: ours pass through; IndexedDB's
 * own (quota, closed database, blocked upgrade) become `unavailable`, so the UI can say
 * "try again" rather than "unknown".
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const inner = (error as { inner?: unknown } | null)?.inner;
  if (isAppError(inner)) return inner;
  const { message } = toErrorShape(error);
  return new AppError('unavailable', `The local database failed: ${message}`);
}

/**
 * Runs one port call: waits for the database, then maps any failure with {@link toAppError}.
 * @returns what `call` returns.
 */
export async function runCall<T>(ctx: LocalContext, call: () => Promise<T>): Promise<T> {
  try {
    await ctx.ready;
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * Runs one port call that writes: refused at once while offline ({@link assertOnline}),
 * otherwise as {@link runCall}.
 */
export async function runWrite<T>(ctx: LocalContext, call: () => Promise<T>): Promise<T> {
  assertOnline();
  return runCall(ctx, call);
}

/**
 * The signed-in person's profile, read from the database (never cached: an admin may have
 * changed their role a moment ago, in another tab). Inside a transaction, `users` must be in
 * its scope.
 * @throws AppError `unauthenticated` when nobody is signed in in this tab, or the account is gone;
 *   `permission-denied` when an admin has deactivated it.
 */
export async function requireUser(ctx: LocalContext): Promise<UserProfile> {
  const session = ctx.session.current();
  if (!session) throw refusals.signedOut();
  const user = await ctx.db.users.get(session.uid);
  if (!user) throw new AppError('unauthenticated', 'Your account no longer exists. Sign in again.');
  // DESIGN §1 "Deactivated people": refused on the very next call, the session still open.
  if (user.deactivated) throw refusals.accountDeactivated();
  return user;
}

/**
 * A live query on behalf of the signed-in person, the local twin of a Firestore `onSnapshot`:
 * `read` runs once at once, then inside Dexie's `liveQuery` (so it re-runs when anything it read
 * changes, in this tab or another), and again whenever this tab signs in or out. Like a listener
 * the rules reject, the first failure goes to `onError` as an {@link ErrorShape} and ends the
 * subscription; nothing is ever thrown at the caller.
 *
 * Why the first read is not `liveQuery`'s: `liveQuery` starts its first run on a timer whenever
 * another Dexie transaction is in flight (it waits for Dexie's zone to settle), and in a browser
 * that timer runs only after the frame the screen is rendering — up to a frame's time before the
 * read even starts. `liveQuery` takes over once the first value is out, subscribed from a task of its own
 * (from inside the read's Dexie promises it could miss a later change); its own first run is not
 * passed on when it equals what was sent (a change in between is).
 * @param read reads what to emit; it may use only Dexie calls (liveQuery's rule); its result is
 *   plain data (what it emits is compared as JSON).
 * @returns an unsubscribe, safe to call more than once.
 */
export function watchLive<T>(
  ctx: LocalContext,
  read: (me: UserProfile) => Promise<T>,
  onNext: Listener<T>,
  onError: ErrorListener,
): Unsubscribe {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  let stopFollowingSession: Unsubscribe = () => undefined;
  /** Counts starts, so that a first read a later start overtook is dropped. */
  let starts = 0;

  const stop = (): void => {
    stopped = true;
    subscription?.unsubscribe();
    stopFollowingSession();
  };
  const fail = (error: unknown): void => {
    if (stopped) return;
    stop();
    onError(toErrorShape(toAppError(error)));
  };
  const follow = (sent: string): void => {
    let first = true;
    const next = liveQuery(async () => read(await requireUser(ctx))).subscribe({
      next: (value) => {
        const same = first && JSON.stringify(value) === sent;
        first = false;
        if (!stopped && !same) onNext(value);
      },
      error: fail,
    });
    // An error delivered during subscribe() has already stopped us.
    if (stopped) next.unsubscribe();
    else subscription = next;
  };
  const start = (): void => {
    subscription?.unsubscribe();
    subscription = undefined;
    const run = ++starts;
    requireUser(ctx)
      .then(read)
      .then(
        (value) => {
          if (stopped || run !== starts) return;
          onNext(value);
          const sent = JSON.stringify(value);
          // From a task of its own: here we are still inside the zone of the read's Dexie
          // promises, and a liveQuery subscribed from there can miss later changes.
          setTimeout(() => {
            if (!stopped && run === starts) follow(sent);
          }, 0);
        },
        (error: unknown) => {
          if (run === starts) fail(error);
        },
      );
  };

  ctx.ready.then(() => {
    if (stopped) return;
    stopFollowingSession = ctx.session.subscribe(start);
    start();
  }, fail);
  return stop;
}
