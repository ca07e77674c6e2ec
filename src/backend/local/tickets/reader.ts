/**
 * Who reads a ticket on the local backend (DESIGN §1 "Organisations"): the person, and for a
 * customer whose organisation shares its requests, that organisation too (`readerOf`). Read inside
 * live queries, so turning sharing off ends what a member sees at once.
 */
import type { TriageDb } from '@/backend/local/core/db';
import type { Principal } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import { readerOf } from '@/domain/ticket-organisation';
import type { UserProfile } from '@/domain/types';

/**
 * `me` as a reader of tickets: their organisation is read only for a customer in one.
 * @returns the principal `can` and `readableTicket` check reads with.
 */
export async function readerFor(db: TriageDb, me: UserProfile): Promise<Principal> {
  if (isStaff(me.role) || !me.organisationId) return readerOf(me, null);
  const organisation = await db.organisations.get(me.organisationId);
  return readerOf(me, organisation ? { id: organisation.id, shareTickets: organisation.shareTickets === true } : null);
}
