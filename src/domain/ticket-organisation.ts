/**
 * Which organisation a ticket belongs to (DESIGN §1 "Organisations"), apart from the planners of
 * `organisations.ts` so that the ticket writers of both adapters carry only this.
 */
import type { Principal } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';

/**
 * The organisation a new ticket belongs to: its requester's, when the requester is a customer —
 * staff belong to the desk, so a ticket one of them requests has none. The ticket keeps it whatever
 * its requester joins or leaves later (as Zendesk's tickets do).
 * @returns the organisation's id, or `undefined` for none.
 */
export function ticketOrganisationOf(
  requester: Pick<UserProfile, 'role' | 'organisationId'> | null | undefined,
): string | undefined {
  return requester && !isStaff(requester.role) && requester.organisationId ? requester.organisationId : undefined;
}

/**
 * The person as a reader of tickets (DESIGN §1 "Organisations"): a customer whose organisation
 * shares its requests (`view`, their organisation's `OrganisationView` as read)
 * reads those too; anyone else reads as ever. A deactivated person reads nothing anyway.
 */
export function readerOf(
  person: Pick<UserProfile, 'uid' | 'role' | 'organisationId'>,
  view: { id: string; shareTickets: boolean } | null | undefined,
): Principal {
  const shared =
    !isStaff(person.role) && view?.shareTickets === true && person.organisationId === view.id ? view.id : undefined;
  return { uid: person.uid, role: person.role, ...(shared !== undefined && { sharedOrganisation: shared }) };
}
