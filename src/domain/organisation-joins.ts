/**
 * Who joins an organisation by their address (DESIGN §1 "Organisations"), apart from the planners
 * of `organisations.ts` so that sign-in and verification carry only this.
 */
import type { Organisation } from '@/domain/organisations';
import type { UserProfile } from '@/domain/types';

/** The domain of an address, lowercase (`dana@Acme.Example` → `acme.example`); `''` without one. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * The organisation a person joins by their address (DESIGN §1 "Organisations"): the one claiming
 * its domain exactly (`acme.example`, not `mail.acme.example`, which an organisation claims on its
 * own), when they are a customer in none and their address is verified — an unverified address
 * proves nothing, and staff belong to the desk.
 * @returns the organisation's id, or `null` when they join none.
 */
export function organisationByDomain(
  person: Pick<UserProfile, 'role' | 'organisationId' | 'email'>,
  emailVerified: boolean,
  organisations: readonly Pick<Organisation, 'id' | 'domains'>[],
): string | null {
  if (!emailVerified || person.role !== 'customer' || person.organisationId) return null;
  const domain = emailDomainOf(person.email);
  if (domain === '') return null;
  return organisations.find((organisation) => organisation.domains.includes(domain))?.id ?? null;
}
