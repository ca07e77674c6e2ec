/**
 * Organisations, trusted code's side (DESIGN §1 "Organisations"): the work of the
 * `saveOrganisation`, `deleteOrganisation` and `setOrganisation` callables. The decisions are the
 * domain's (`src/domain/organisations.ts`); this reads what they need in a transaction and writes
 * `organisations/{id}` whole and the `organisationId` of profiles. No client writes an
 * organisation or a membership (the rules refuse both).
 *
 * Two saves claiming one domain (or one name) at once cannot both win: each save reads every
 * organisation in its transaction, so whichever commits second was planned on data that changed
 * and is retried against it, where the planner refuses it (`already-exists`).
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  ORGANISATION_LIMIT,
  organisationIdSchema,
  planMembership,
  planOrganisationDelete,
  planOrganisationSave,
  organisationViewOf,
  saveOrganisationSchema,
  setMembershipSchema,
  type Organisation,
} from '@/domain/organisations';
import { parseInput } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import { activeCallerOf, isoOf, personOf, text, texts } from './snapshot-values';
import { emailDomainOf, organisationByDomain } from '@/domain/organisation-joins';

/** Profiles one batch of a deletion clears (under Firestore's 500 writes per batch). */
export const MEMBERS_PER_BATCH = 400;

/** `organisations/{id}` as an {@link Organisation}; `undefined` when there is none. */
function organisationOf(snapshot: DocumentSnapshot): Organisation | undefined {
  if (!snapshot.exists) return undefined;
  const get = (field: string) => snapshot.get(field) as unknown;
  const createdAt = isoOf(get('createdAt')) ?? new Date(0).toISOString();
  return {
    id: snapshot.id,
    name: text(get('name')),
    domains: texts(get('domains')),
    notes: text(get('notes')),
    shareTickets: get('shareTickets') === true,
    createdAt,
    updatedAt: isoOf(get('updatedAt')) ?? createdAt,
  };
}

/** An organisation as stored: its ISO times as Firestore Timestamps, without `id` (the document's). */
function storedOrganisation({ id: _id, createdAt, updatedAt, ...rest }: Organisation): Record<string, unknown> {
  return {
    ...rest,
    createdAt: Timestamp.fromDate(new Date(createdAt)),
    updatedAt: Timestamp.fromDate(new Date(updatedAt)),
  };
}

/** `users/{uid}` as the {@link UserProfile} the membership planner reads; `undefined` when missing. */
function profileOf(snapshot: DocumentSnapshot): UserProfile | undefined {
  const person = personOf(snapshot);
  if (!person) return undefined;
  const createdAt = isoOf(snapshot.get('createdAt')) ?? new Date(0).toISOString();
  const organisationId = text(snapshot.get('organisationId'));
  return {
    uid: person.uid,
    displayName: person.displayName,
    email: person.email,
    role: person.role,
    ...(person.deactivated && { deactivated: true as const }),
    ...(organisationId && { organisationId }),
    createdAt,
    updatedAt: isoOf(snapshot.get('updatedAt')) ?? createdAt,
  };
}

/**
 * Creates (no `id`) or replaces an organisation, as `callerUid` asks (see
 * `UsersPort.saveOrganisation`): one transaction reads the caller and every organisation (at most
 * {@link ORGANISATION_LIMIT}), plans with `planOrganisationSave` and writes `organisations/{id}`
 * whole, with `organisationViews/{id}` (what its members read: name and sharing).
 * @param now ms since the epoch.
 * @returns the organisation's id (a new document id for a new one).
 * @throws AppError `invalid-argument` for a malformed request; `unauthenticated` without a
 *   profile; `permission-denied` for a deactivated caller or anyone but an admin; `not-found`
 *   (edited one deleted meanwhile); `already-exists` (name or a domain taken);
 *   `resource-exhausted` (the desk is full).
 */
export async function saveOrganisation(
  db: Firestore,
  callerUid: string,
  input: unknown,
  now: number,
): Promise<{ id: string }> {
  const request = parseInput(saveOrganisationSchema, input);
  const organisations = db.collection('organisations');
  const newId = organisations.doc().id;
  const at = new Date(now).toISOString();
  return db.runTransaction(async (tx) => {
    const [meSnapshot, all] = await Promise.all([
      tx.get(db.collection('users').doc(callerUid)),
      tx.get(organisations.limit(ORGANISATION_LIMIT)),
    ]);
    const existing = all.docs.map((row) => organisationOf(row)).filter((row) => row !== undefined);
    const organisation = planOrganisationSave({ actor: activeCallerOf(meSnapshot), request, existing, newId, now: at });
    tx.set(organisations.doc(organisation.id), storedOrganisation(organisation));
    // What its members read of it (the rules let them read this, never the notes): DESIGN §1.
    const { id: _id, ...view } = organisationViewOf(organisation);
    tx.set(db.collection('organisationViews').doc(organisation.id), view);
    return { id: organisation.id };
  });
}

/**
 * Deletes an organisation, as `callerUid` asks (see `UsersPort.deleteOrganisation`): the document
 * in a transaction (`planOrganisationDelete`), then its members' `organisationId`, removed in
 * batches of {@link MEMBERS_PER_BATCH} with their `updatedAt`. A membership set while the batches
 * run is refused (`not-found`: its transaction reads the organisation), so none is left behind.
 * @param now ms since the epoch.
 * @returns how many profiles lost their membership.
 * @throws AppError `invalid-argument` for a malformed id; `unauthenticated`; `permission-denied`;
 *   `not-found` when there is no such organisation.
 */
export async function deleteOrganisation(
  db: Firestore,
  callerUid: string,
  input: unknown,
  now: number,
): Promise<{ membersCleared: number }> {
  const { id } = parseInput(organisationIdSchema, input);
  const ref = db.collection('organisations').doc(id);
  await db.runTransaction(async (tx) => {
    const [meSnapshot, snapshot] = await Promise.all([tx.get(db.collection('users').doc(callerUid)), tx.get(ref)]);
    planOrganisationDelete(activeCallerOf(meSnapshot), organisationOf(snapshot));
    tx.delete(ref);
    tx.delete(db.collection('organisationViews').doc(id));
  });
  const updatedAt = Timestamp.fromMillis(now);
  const members = db.collection('users').where('organisationId', '==', id).limit(MEMBERS_PER_BATCH);
  let cleared = 0;
  // Each page's profiles leave the query once written, so the same query reads the next page.
  for (;;) {
    const page = await members.get();
    if (page.empty) return { membersCleared: cleared };
    const batch = db.batch();
    for (const row of page.docs) batch.update(row.ref, { organisationId: FieldValue.delete(), updatedAt });
    await batch.commit();
    cleared += page.size;
  }
}

/**
 * Sets or clears (`organisationId: null`) the organisation a person belongs to, as `callerUid`
 * asks (see `UsersPort.setOrganisation`): one transaction reads the caller, the person and the
 * organisation, plans with `planMembership` and writes the profile's `organisationId` (removed
 * when cleared) and `updatedAt`.
 * @param now ms since the epoch.
 * @throws AppError `invalid-argument` for a malformed request; `unauthenticated`;
 *   `permission-denied`; `not-found` (person or organisation); `failed-precondition` for staff.
 */
export async function setOrganisation(db: Firestore, callerUid: string, input: unknown, now: number): Promise<void> {
  const request = parseInput(setMembershipSchema, input);
  const users = db.collection('users');
  const person = users.doc(request.uid);
  await db.runTransaction(async (tx) => {
    const [meSnapshot, personSnapshot, organisationSnapshot] = await Promise.all([
      tx.get(users.doc(callerUid)),
      tx.get(person),
      request.organisationId === null
        ? Promise.resolve(null)
        : tx.get(db.collection('organisations').doc(request.organisationId)),
    ]);
    const plan = planMembership(
      activeCallerOf(meSnapshot),
      profileOf(personSnapshot),
      organisationSnapshot === null ? null : organisationOf(organisationSnapshot),
      new Date(now).toISOString(),
    );
    tx.update(person, {
      organisationId: plan.organisationId ?? FieldValue.delete(),
      updatedAt: Timestamp.fromDate(new Date(plan.updatedAt)),
    });
  });
}

/** What a caller's ID token says of their address (the callable's `request.auth.token`). */
export interface AddressClaims {
  email?: unknown;
  email_verified?: unknown;
}

/**
 * Joins the caller to the organisation claiming their address's domain (see
 * `UsersPort.joinOrganisationByDomain`, `organisationByDomain`): in one transaction, their profile
 * and the organisation claiming the domain of the address their ID token verifies — the token is
 * the proof, so a token from before the verification joins nothing.
 * @param now ms since the epoch.
 * @returns the organisation they belong to afterwards, or `null`.
 * @throws AppError `unauthenticated` without a profile; `permission-denied` when deactivated.
 */
export async function joinOrganisationByDomain(
  db: Firestore,
  callerUid: string,
  token: AddressClaims,
  now: number,
): Promise<{ organisationId: string | null }> {
  const ref = db.collection('users').doc(callerUid);
  return db.runTransaction(async (tx) => {
    const me = activeCallerOf(await tx.get(ref));
    const email = typeof token.email === 'string' ? token.email : '';
    const verified = token.email_verified === true && email.toLowerCase() === me.email.toLowerCase();
    const domain = emailDomainOf(email);
    if (!verified || domain === '' || me.role !== 'customer' || me.organisationId) {
      return { organisationId: me.organisationId ?? null };
    }
    const claiming = await tx.get(db.collection('organisations').where('domains', 'array-contains', domain).limit(1));
    const candidates = claiming.docs.map((row) => ({ id: row.id, domains: texts(row.get('domains')) }));
    const joins = organisationByDomain({ ...me, email }, verified, candidates);
    if (joins !== null) tx.update(ref, { organisationId: joins, updatedAt: Timestamp.fromMillis(now) });
    return { organisationId: joins };
  });
}
