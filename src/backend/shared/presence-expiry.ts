/**
 * What both adapters' presence (collision detection) share: the checks on an
 * announcement and the client-side expiry of entries. Neither IndexedDB nor Firestore pushes a
 * change when a time passes, so a watcher filters expired entries itself and re-emits when the
 * earliest one expires.
 */
import type { Listener } from '@/backend/port/subscriptions';
import type { PresenceEntry } from '@/backend/port/presence';
import { refusals } from '@/domain/errors/refusals';
import { CLIENT_ID_PATTERN } from '@/domain/attachment-paths';

/**
 * The longest an announcement may last, in ms. The Firestore rules allow `expiresAt` at most
 * two minutes past `request.time`; a heartbeat renews it long before.
 */
export const PRESENCE_MAX_TTL_MS = 120_000;

/**
 * Checks the arguments of `presence.announce` / `leave`.
 * @throws AppError `invalid-argument` for a ticket id that cannot be a document id, or a ttl
 *   that is not a whole number of ms in 1…{@link PRESENCE_MAX_TTL_MS}.
 */
export function checkPresenceArgs(ticketId: string, ttlMs?: number): void {
  if (!CLIENT_ID_PATTERN.test(ticketId)) throw refusals.badClientId();
  if (ttlMs !== undefined && (!Number.isInteger(ttlMs) || ttlMs < 1 || ttlMs > PRESENCE_MAX_TTL_MS)) {
    throw refusals.badPresenceTtl(PRESENCE_MAX_TTL_MS);
  }
}

/** Orders entries by name, then uid, so every watcher shows them alike. */
function byName(a: PresenceEntry, b: PresenceEntry): number {
  return a.displayName.localeCompare(b.displayName) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
}

/** A presence watcher's expiry filter: feed it what is stored, it emits what is still live. */
export interface PresenceExpiry {
  /** The stored entries changed: emits the unexpired ones and re-arms the expiry timer. */
  update(entries: readonly PresenceEntry[]): void;
  /** Stops the timer; nothing is emitted afterwards. */
  stop(): void;
}

/**
 * Follows the expiry of presence entries: every {@link PresenceExpiry.update} emits the entries
 * whose `expiresAt` is still ahead (sorted by name), and a timer emits again when the earliest
 * of them passes, without any write. An unchanged list is not emitted twice in a row.
 * @param onNext receives each live list.
 * @param now the clock, ms since the epoch (default `Date.now`; timers run on the real clock).
 */
export function followPresenceExpiry(onNext: Listener<PresenceEntry[]>, now: () => number = Date.now): PresenceExpiry {
  let stored: readonly PresenceEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: string | undefined;
  let stopped = false;

  const emit = (): void => {
    if (stopped) return;
    clearTimeout(timer);
    timer = undefined;
    const at = now();
    const live = stored.filter((entry) => Date.parse(entry.expiresAt) > at).sort(byName);
    const key = JSON.stringify(live);
    if (key !== last) {
      last = key;
      onNext(live);
    }
    if (live.length > 0) {
      const earliest = Math.min(...live.map((entry) => Date.parse(entry.expiresAt)));
      // +1: the entry counts until `expiresAt` inclusive of that millisecond.
      timer = setTimeout(emit, Math.max(0, earliest - at) + 1);
    }
  };

  return {
    update(entries) {
      stored = entries;
      emit();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
