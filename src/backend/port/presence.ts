/**
 * The presence port: who of the staff is on a ticket, and typing (collision detection).
 */
import type { Unsubscribe, Listener, ErrorListener } from '@/backend/port/subscriptions';

/**
 * One staff member on a ticket, for collision detection: who is viewing it and
 * whether they are typing a reply. Entries expire: a tab that closes without `leave` drops out
 * once `expiresAt` passes (Firestore has no disconnect hook).
 */
export interface PresenceEntry {
  uid: string;
  displayName: string;
  /** Typing a reply or note right now. */
  typing: boolean;
  /** ISO-8601 UTC; the entry counts only until then unless renewed by a heartbeat. */
  expiresAt: string;
}

/** Who else is on a ticket (agents and admins only; customers get `permission-denied`). */
export interface PresencePort {
  /**
   * Marks the signed-in staff member as on `ticketId` (and typing or not) until `ttlMs` from
   * now (1 ms to 2 minutes, by this client's clock); call again before then as a heartbeat,
   * and whenever `typing` changes.
   * @throws AppError `permission-denied` for customers, `invalid-argument` for a bad id or ttl.
   */
  announce(ticketId: string, state: { typing: boolean; ttlMs: number }): Promise<void>;
  /**
   * Removes the signed-in person from `ticketId` at once (leaving the screen, tab hidden or
   * closing); harmless when they are not there. Issues its one write without reading the
   * profile first, so a closing tab (`pagehide`) gets it out in time.
   * @throws AppError `unauthenticated`, `invalid-argument` for a bad id.
   */
  leave(ticketId: string): Promise<void>;
  /**
   * Live list of the people on `ticketId` whose entry has not expired (the caller included),
   * re-emitted when an entry expires even if nothing was written.
   */
  watch(ticketId: string, onNext: Listener<PresenceEntry[]>, onError: ErrorListener): Unsubscribe;
}
