/**
 * Who reads a ticket on Firebase (DESIGN §1 "Organisations"): the person, and for a customer in an
 * organisation that shares its requests, that organisation too — one read of its
 * `organisationViews/{id}`, only for a customer in one. The rules decide as well; this lets the
 * adapter check and plan as they will.
 */
import { doc, getDoc } from 'firebase/firestore';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { meterReads } from '@/backend/firebase/core/read-meter';
import type { Principal } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import { readerOf } from '@/domain/ticket-organisation';
import type { UserProfile } from '@/domain/types';

/**
 * `actor` as a reader of tickets. A view that cannot be read (offline, deleted) shares nothing.
 * @param shared whether the read may reach beyond the actor's own tickets (a ticket that may be a
 *   colleague's, a list or count of their organisation's); `false` skips the view's read, for the
 *   lists and counts of a customer's own requests — every portal load asks for several.
 * @returns the principal `can`, `readableTicket` and `scopedFilter` check with.
 */
export async function ticketReader(
  ctx: Pick<FirestoreContext, 'db'>,
  actor: UserProfile,
  shared = true,
): Promise<Principal> {
  if (!shared || isStaff(actor.role) || !actor.organisationId) return readerOf(actor, null);
  const snapshot = await getDoc(doc(ctx.db, 'organisationViews', actor.organisationId)).catch(() => null);
  if (snapshot && !snapshot.metadata.fromCache) meterReads(1, 'get');
  const view = snapshot?.exists() ? { id: snapshot.id, shareTickets: snapshot.get('shareTickets') === true } : null;
  return readerOf(actor, view);
}
