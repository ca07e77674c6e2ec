/**
 * Followers (DESIGN §1 "Followers"): an agent or admin follows a ticket to be emailed about every
 * message on it, internal notes included, and every change of its status or assignee — without
 * being its assignee. Each follow is its own record (`tickets/{ticketId}/followers/{uid}` on
 * Firebase, the `followers` table locally), never a field of the ticket, so following writes
 * nothing the requester, the audit trail or the triggers see.
 */
import type { IsoDateTime } from '@/domain/types';

/** One staff member following one ticket. */
export interface Follower {
  ticketId: string;
  /** The follower's uid: a person follows a ticket once, and only they start or stop it. */
  uid: string;
  /** Their name when they started following, shown on the ticket. */
  displayName: string;
  /** When they started following (ISO-8601 UTC). */
  since: IsoDateTime;
}

/**
 * A ticket's followers in the order they are shown: by name, then uid.
 * @returns a new array.
 */
export function sortedFollowers(followers: readonly Follower[]): Follower[] {
  return [...followers].sort(
    (a, b) => a.displayName.localeCompare(b.displayName) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
  );
}
