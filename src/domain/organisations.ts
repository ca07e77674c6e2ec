/**
 * Organisations (DESIGN §1 "Organisations"): the companies a desk's customers belong to. An
 * organisation has a name, the email domains that are its own and notes for staff. Admins create, edit and delete them, and set which
 * organisation a person belongs to; staff read them. The decisions are made once here; trusted
 * code (the local backend's own code, callable Cloud Functions on Firebase) applies them — no
 * client writes an organisation or a person's membership, because two organisations must never
 * claim one domain and only trusted code can check that against all of them in one transaction.
 */
import { z } from 'zod/mini';
import { AppError } from '@/domain/errors/errors';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { principalOf, type ActingUser } from '@/domain/plans/ticket-write';
import type { IsoDateTime, UserProfile } from '@/domain/types';

/** How many organisations a desk holds at most (the list is read whole by staff); DESIGN §1. */
export const ORGANISATION_LIMIT = 500;
/** How many email domains one organisation claims at most. */
export const ORGANISATION_DOMAINS_LIMIT = 20;
/** The longest name, in characters. */
export const ORGANISATION_NAME_MAX = 80;
/** The longest notes, in characters. */
export const ORGANISATION_NOTES_MAX = 2_000;

/** One organisation as stored (`organisations/{id}` on Firebase, table `organisations` locally). */
export interface Organisation {
  id: string;
  name: string;
  /** Lowercase domains, e.g. `acme.example`, each claimed by no other organisation. */
  domains: string[];
  /** Staff-only notes (never shown to customers). */
  notes: string;
  /**
   * Whether its members read each other's requests (the admin's choice; off unless chosen):
   * enforced by the rules through its {@link OrganisationView}.
   */
  shareTickets: boolean;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
}

/**
 * What a member reads of their own organisation (`organisationViews/{id}` on Firebase, written by
 * trusted code with the organisation): its name and whether it shares its requests — never the
 * staff's notes nor its domains.
 */
export interface OrganisationView {
  id: string;
  name: string;
  shareTickets: boolean;
}

/** The {@link OrganisationView} of an organisation. */
export function organisationViewOf({ id, name, shareTickets }: Organisation): OrganisationView {
  return { id, name, shareTickets };
}

// A DNS name: labels of letters, digits and inner hyphens, at least one dot, at most 253 characters.
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * An email domain as a person types it: trimmed, lowercase, without a leading `@`. Refused (with a
 * sentence naming it) when it is not a domain name.
 */
export const organisationDomainSchema = z
  .pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.transform((typed: string) => typed.replace(/^@/, '')),
  )
  .check(
    z.refine((domain: string) => DOMAIN_PATTERN.test(domain), {
      message: 'Enter a domain such as example.com, without a name before it.',
    }),
  );

/**
 * What an admin saves: name, domains (unique, at most {@link ORGANISATION_DOMAINS_LIMIT}), notes,
 * and whether members see each other's requests.
 */
export const organisationInputSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the organisation a name.'),
      z.maxLength(ORGANISATION_NAME_MAX, `Keep the name within ${ORGANISATION_NAME_MAX} characters.`),
    ),
  domains: z.array(organisationDomainSchema).check(
    z.maxLength(ORGANISATION_DOMAINS_LIMIT, `An organisation claims at most ${ORGANISATION_DOMAINS_LIMIT} domains.`),
    z.refine((domains: string[]) => new Set(domains).size === domains.length, {
      message: 'Each domain once.',
    }),
  ),
  notes: z
    .string()
    .check(z.maxLength(ORGANISATION_NOTES_MAX, `Keep the notes within ${ORGANISATION_NOTES_MAX} characters.`)),
  /** Whether members read each other's requests; absent: no. */
  shareTickets: z.optional(z.boolean()),
});
/** A parsed {@link organisationInputSchema}. */
export type OrganisationInput = z.infer<typeof organisationInputSchema>;

/** A save: a new organisation (no `id`) or an edit of one. */
export const saveOrganisationSchema = z.strictObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  organisation: organisationInputSchema,
});
/** A parsed {@link saveOrganisationSchema}. */
export type SaveOrganisationRequest = z.infer<typeof saveOrganisationSchema>;

/** Setting or clearing (`organisationId: null`) a person's organisation. */
export const setMembershipSchema = z.strictObject({
  uid: z.string().check(z.minLength(1), z.maxLength(128)),
  organisationId: z.nullable(z.string().check(z.minLength(1), z.maxLength(128))),
});
/** A parsed {@link setMembershipSchema}. */
export type SetMembershipRequest = z.infer<typeof setMembershipSchema>;

/** Deleting one organisation by id. */
export const organisationIdSchema = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(128)) });

/** The refusals of organisations (translated in `src/lib/i18n/refusal-sentences.ts`). */
export const organisationRefusals = {
  /** `not-found`: no organisation has this id (deleted meanwhile). */
  notFound: (): AppError => new AppError('not-found', 'This organisation no longer exists.'),
  /** `already-exists`: another organisation has this name (case and spaces ignored). */
  nameTaken: (): AppError => new AppError('already-exists', 'Another organisation already has this name.'),
  /** `already-exists`: another organisation claims a domain, which the sentence names. */
  domainTaken: (domain: string): AppError =>
    new AppError('already-exists', `Another organisation already claims ${domain}.`),
  /** `resource-exhausted`: the desk holds {@link ORGANISATION_LIMIT} organisations already. */
  full: (): AppError =>
    new AppError('resource-exhausted', `The desk holds at most ${ORGANISATION_LIMIT} organisations.`),
  /** `failed-precondition`: staff belong to the desk, not to a customer's organisation. */
  staffMember: (): AppError => new AppError('failed-precondition', 'Only customers belong to an organisation.'),
};

const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** What {@link planOrganisationSave} reads: the desk's organisations now, the actor and the clock. */
export interface OrganisationSaveInput {
  actor: ActingUser;
  request: SaveOrganisationRequest;
  existing: readonly Organisation[];
  /** The id a new organisation takes (unused for an edit). */
  newId: string;
  now: IsoDateTime;
}

/**
 * Plans creating or editing an organisation: admins only (`organisations.manage`); the name unique
 * (case and spacing ignored); no domain claimed by another organisation; at most
 * {@link ORGANISATION_LIMIT}. Returns the organisation to store whole.
 * @throws AppError `permission-denied`, `not-found` (edit of a deleted one), `already-exists`
 *   (name or domain, see {@link organisationRefusals}), `resource-exhausted`.
 */
export function planOrganisationSave({ actor, request, existing, newId, now }: OrganisationSaveInput): Organisation {
  assertCan(principalOf(actor), 'organisations.manage');
  const { id, organisation: input } = request;
  const before = id === undefined ? undefined : existing.find((organisation) => organisation.id === id);
  if (id !== undefined && !before) throw organisationRefusals.notFound();
  if (!before && existing.length >= ORGANISATION_LIMIT) throw organisationRefusals.full();
  const others = existing.filter((organisation) => organisation.id !== id);
  if (others.some((organisation) => nameKey(organisation.name) === nameKey(input.name)))
    throw organisationRefusals.nameTaken();
  for (const domain of input.domains) {
    if (others.some((organisation) => organisation.domains.includes(domain)))
      throw organisationRefusals.domainTaken(domain);
  }
  return {
    id: before?.id ?? newId,
    name: input.name.replace(/\s+/g, ' '),
    domains: [...input.domains].sort(),
    notes: input.notes,
    shareTickets: input.shareTickets ?? false,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
}

/**
 * Plans deleting an organisation: admins only; its members lose their membership (their profiles
 * are written by the caller, in the same transaction where it can).
 * @throws AppError `permission-denied`, `not-found`.
 */
export function planOrganisationDelete(actor: ActingUser, organisation: Organisation | undefined): { id: string } {
  assertCan(principalOf(actor), 'organisations.manage');
  if (!organisation) throw organisationRefusals.notFound();
  return { id: organisation.id };
}

/**
 * Plans a person's membership: admins only; customers only (staff belong to the desk); the
 * organisation must exist. Returns the profile fields to write (`organisationId` null clears it).
 * @throws AppError `permission-denied`, `not-found` (person or organisation), `failed-precondition`.
 */
export function planMembership(
  actor: ActingUser,
  person: UserProfile | undefined,
  organisation: Organisation | null | undefined,
  now: IsoDateTime,
): { organisationId: string | null; updatedAt: IsoDateTime } {
  assertCan(principalOf(actor), 'organisations.manage');
  if (!person) throw refusals.userNotFound();
  if (organisation === undefined) throw organisationRefusals.notFound();
  if (organisation && person.role !== 'customer') throw organisationRefusals.staffMember();
  return { organisationId: organisation?.id ?? null, updatedAt: now };
}

/** The organisations sorted by name, as every list shows them. */
export function byOrganisationName(organisations: readonly Organisation[]): Organisation[] {
  return [...organisations].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}
