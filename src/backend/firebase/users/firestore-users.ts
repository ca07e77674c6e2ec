/**
 * `users/{uid}` (DESIGN §1, §3): profiles, their converter and the queries that read them.
 * Loaded on demand (it imports `firebase/firestore`).
 */
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocFromCache,
  getDocFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  startAfter,
  where,
  type QueryConstraint,
  serverTimestamp,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
  type Transaction,
  updateDoc,
} from 'firebase/firestore';
import { toErrorShape, type AppError } from '@/domain/errors/errors';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { ROLES, SELF_ASSIGNABLE_ROLE, type Role } from '@/domain/roles';
import { displayNameSchema, localeSchema, parseInput, peopleQuerySchema, roleSchema } from '@/domain/schemas';
import { STAFF_LIST_LIMIT, STAFF_ROLES } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';
import { isLocale, type Locale } from '@/domain/locales';
import { notificationPreferencesSchema, notificationsOf } from '@/domain/mail/preferences';
import { LIMITS } from '@/domain/limits';
import type { NotificationPreferences, UserProfile } from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { PeoplePage, PeopleQuery } from '@/backend/port/users';
import { currentUid, type FirestoreContext } from '@/backend/firebase/core/context';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchDocument, watchQuery } from '@/backend/firebase/core/firestore-live';
import { meterReads } from '@/backend/firebase/core/read-meter';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  oneOf,
  optionalStringFrom,
  stringFrom,
} from '@/backend/firebase/core/firestore-values';

/** Reads `users/{uid}` into a {@link UserProfile}; unknown roles read as `customer`. */
const profileConverter: FirestoreDataConverter<UserProfile> = {
  toFirestore: notWrittenThroughConverter('users'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    const createdAt = isoFrom(data.createdAt);
    const photoPath = optionalStringFrom(data.photoPath);
    const locale = isLocale(data.locale) ? data.locale : undefined;
    const organisationId = optionalStringFrom(data.organisationId);
    return {
      uid: snapshot.id,
      displayName: stringFrom(data.displayName),
      email: stringFrom(data.email),
      role: oneOf(data.role, ROLES, SELF_ASSIGNABLE_ROLE),
      ...(photoPath ? { photoPath } : {}),
      ...(locale ? { locale } : {}),
      ...(data.notifications !== undefined && { notifications: notificationsOf(data.notifications) }),
      ...(data.available === true && { available: true }),
      ...(data.deactivated === true && {
        deactivated: true as const,
        deactivatedAt: isoFrom(data.deactivatedAt, createdAt),
      }),
      ...(organisationId ? { organisationId } : {}),
      createdAt,
      updatedAt: isoFrom(data.updatedAt, createdAt),
    };
  },
};

/** `users/{uid}`, read through the profile converter. */
export function userRef(db: Firestore, uid: string): DocumentReference<UserProfile> {
  return doc(db, 'users', uid).withConverter(profileConverter);
}

/** Who a new profile is for: the Auth user's uid, email and a display name. */
export interface NewProfile {
  uid: string;
  email: string;
  displayName: string;
}

/** A display name within DESIGN §3's limits, from whatever Auth knows. */
export function displayNameFor(candidate: string | null | undefined, email: string): string {
  const name = (candidate ?? '').trim() || email.split('@')[0]?.trim() || 'Customer';
  return name.slice(0, LIMITS.displayName.max);
}

/**
 * Reads the person's profile from the server, creating it with role `customer` when it is
 * missing (first sign-in, or a sign-up whose profile write never arrived).
 * Reads with `getDocFromServer`: a cached copy must not hide that Firestore is unreachable.
 * @returns the profile as the server holds it.
 * @throws the Firestore error (`unavailable` when offline); callers add a timeout, because a
 *   half-open connection can leave a read unanswered.
 */
export async function ensureProfile(db: Firestore, person: NewProfile): Promise<UserProfile> {
  const ref = userRef(db, person.uid);
  // Also right after sign-up: this read fails at once when Firestore is unreachable, where a
  // transaction would retry with back-off until the caller's time limit.
  const snapshot = await getDocFromServer(ref);
  meterReads(1, 'get');
  if (snapshot.exists()) return snapshot.data();
  // A transaction, because the sign-up call and the session listener may both get here.
  await runTransaction(db, async (tx) => {
    if ((await tx.get(ref)).exists()) return;
    tx.set(doc(db, 'users', person.uid), {
      displayName: person.displayName,
      email: person.email,
      role: SELF_ASSIGNABLE_ROLE,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    });
  });
  // Read back for the server's timestamps, so the live listener's first value is the same.
  const created = await getDocFromServer(ref);
  meterReads(1, 'get');
  if (!created.exists()) throw missingProfile();
  return created.data();
}

/**
 * Follows one profile live (a role change shows without reload).
 * @param onNext called with the profile, or `null` when the server says it does not exist
 *   (the cache not having it says nothing: a transaction's write bypasses the cache).
 */
export function watchProfile(
  db: Firestore,
  uid: string,
  onNext: Listener<UserProfile | null>,
  onError: ErrorListener,
): Unsubscribe {
  return watchDocument(
    userRef(db, uid),
    (snapshot) => (snapshot.exists() ? snapshot.data() : snapshot.metadata.fromCache ? undefined : null),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * The signed-in person's profile, as the adapter's client-side checks use it (the rules are
 * the authority). From the cache when it holds the profile — the session follows it live, so
 * it is current, and every watch and count asking costs no read — else through the server
 * (also works offline from the cache).
 * @throws AppError `unauthenticated`, `failed-precondition` when the profile is missing.
 */
export async function readActor({ db, auth }: FirestoreContext): Promise<UserProfile> {
  const ref = userRef(db, currentUid(auth));
  const cached = await getDocFromCache(ref).catch(() => null);
  const snapshot = cached?.exists() ? cached : await getDoc(ref);
  if (!snapshot.metadata.fromCache) meterReads(1, 'get');
  if (!snapshot.exists()) throw missingProfile();
  return snapshot.data();
}

/**
 * The signed-in person's profile inside a transaction (read from the server, so a role
 * granted a moment ago counts). Like every transaction read, it comes before any write.
 * @throws AppError `unauthenticated`, `failed-precondition` when the profile is missing.
 */
export async function readActorIn(tx: Transaction, { db, auth }: FirestoreContext): Promise<UserProfile> {
  const snapshot = await tx.get(userRef(db, currentUid(auth)));
  if (!snapshot.exists()) throw missingProfile();
  return snapshot.data();
}

function missingProfile(): AppError {
  return refusals.missingProfile();
}

/**
 * One person's profile (DESIGN §3: customers read only their own).
 * @throws AppError `not-found`, `permission-denied`.
 */
export async function getUser(ctx: FirestoreContext, uid: string): Promise<UserProfile> {
  const me = currentUid(ctx.auth);
  if (uid !== me) assertCan(principalOf(await readActor(ctx)), 'users.readAnyone');
  const snapshot = await getDoc(userRef(ctx.db, uid));
  if (!snapshot.metadata.fromCache) meterReads(1, 'get');
  if (!snapshot.exists()) throw refusals.userNotFound();
  return snapshot.data();
}

/**
 * The staff, live: agents and admins by display name, at most {@link STAFF_LIST_LIMIT} — one
 * bounded query (the rules refuse an unbounded list of `users`, DESIGN §3). Staff only
 * (customers get `permission-denied`).
 */
export async function watchStaffUsers(
  ctx: FirestoreContext,
  onNext: Listener<UserProfile[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'users.list');
  const staff = query(
    collection(ctx.db, 'users').withConverter(profileConverter),
    where('role', 'in', [...STAFF_ROLES]),
    orderBy('displayName'),
    limit(STAFF_LIST_LIMIT),
  );
  return watchQuery(
    staff,
    (snapshot) => snapshot.docs.map((row) => row.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * One page of people (the port's `PeopleQuery`): by display name then uid, narrowed by the
 * search's one key (`array-contains` on the trusted `searchKeys`) and a role; reads one row more
 * than asked to know whether a next page follows. Staff only.
 * @throws AppError `invalid-argument`, `permission-denied`.
 */
export async function listPeople(ctx: FirestoreContext, input: PeopleQuery): Promise<PeoplePage> {
  const asked = parseInput(peopleQuerySchema, input);
  assertCan(principalOf(await readActor(ctx)), 'users.list');
  const key = searchKeyOf(asked.search);
  const constraints: QueryConstraint[] = [
    ...(key === null ? [] : [where('searchKeys', 'array-contains', key)]),
    ...(asked.role ? [where('role', '==', asked.role)] : []),
    ...(asked.organisationId ? [where('organisationId', '==', asked.organisationId)] : []),
    ...(asked.deactivated ? [where('deactivated', '==', true)] : []),
    orderBy('displayName'),
    orderBy(documentId()),
    ...(asked.after ? [startAfter(asked.after.displayName, asked.after.uid)] : []),
    limit(asked.limit + 1),
  ];
  const snapshot = await getDocs(query(collection(ctx.db, 'users').withConverter(profileConverter), ...constraints));
  meterReads(Math.max(1, snapshot.size));
  const rows = snapshot.docs.map((row) => row.data());
  const people = rows.slice(0, asked.limit);
  const last = people.at(-1);
  return {
    people,
    nextCursor: rows.length > asked.limit && last ? { displayName: last.displayName, uid: last.uid } : null,
  };
}

/**
 * Gives someone a role (DESIGN §1: admins only, never their own), in a transaction that reads
 * the caller's profile from the server.
 * @throws AppError `invalid-argument` for an unknown role, `permission-denied`, `not-found`.
 */
export async function setUserRole(ctx: FirestoreContext, uid: string, role: Role): Promise<void> {
  const nextRole = parseInput(roleSchema, role);
  await runTransaction(ctx.db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'users.setRole');
    if (actor.uid === uid) throw refusals.ownRole();
    const target = await tx.get(userRef(ctx.db, uid));
    if (!target.exists()) throw refusals.userNotFound();
    if (target.data().role === nextRole) return;
    tx.update(doc(ctx.db, 'users', uid), { role: nextRole, updatedAt: serverTimestamp() });
  });
}

/**
 * Keeps the signed-in person's language on their profile (DESIGN §8). A plain update: the
 * rules let anyone change their own `locale` (one of the supported ones) with `updatedAt`.
 * @throws AppError `invalid-argument` for an unsupported language, `unauthenticated`.
 */
export async function setOwnLocale(ctx: FirestoreContext, locale: Locale): Promise<void> {
  const next = parseInput(localeSchema, locale);
  await updateDoc(doc(ctx.db, 'users', currentUid(ctx.auth)), { locale: next, updatedAt: serverTimestamp() });
}

/**
 * Sets the signed-in person's email switches (DESIGN §9). A plain update: the rules let anyone
 * change their own `notifications` (exactly the four booleans) with `updatedAt`.
 * @throws AppError `invalid-argument` for anything but the four booleans, `unauthenticated`.
 */
export async function setOwnNotifications(ctx: FirestoreContext, preferences: NotificationPreferences): Promise<void> {
  const next = parseInput(notificationPreferencesSchema, preferences);
  await updateDoc(doc(ctx.db, 'users', currentUid(ctx.auth)), { notifications: next, updatedAt: serverTimestamp() });
}

/**
 * Says whether the signed-in agent or admin takes round-robin tickets (DESIGN §10 "Triggers"). The
 * rules let only staff write their own `available`, a boolean.
 * @throws AppError `permission-denied` for a customer, `unauthenticated`.
 */
export async function setOwnAvailability(ctx: FirestoreContext, available: boolean): Promise<void> {
  assertCan(principalOf(await readActor(ctx)), 'ticket.beAssigned');
  await updateDoc(doc(ctx.db, 'users', currentUid(ctx.auth)), {
    available: available === true,
    updatedAt: serverTimestamp(),
  });
}

/**
 * Changes the signed-in person's display name. A plain update: the rules let anyone change their
 * own `displayName` (1–80 characters) with `updatedAt`.
 * @throws AppError `invalid-argument`, `unauthenticated`.
 */
export async function setOwnDisplayName(ctx: FirestoreContext, displayName: string): Promise<void> {
  const next = parseInput(displayNameSchema, displayName);
  await updateDoc(doc(ctx.db, 'users', currentUid(ctx.auth)), { displayName: next, updatedAt: serverTimestamp() });
}

/**
 * Names (or, with `null`, forgets) the signed-in person's picture on their profile.
 * @throws AppError `unauthenticated`.
 */
export async function setOwnPhotoPath(ctx: FirestoreContext, photoPath: string | null): Promise<void> {
  await updateDoc(doc(ctx.db, 'users', currentUid(ctx.auth)), { photoPath, updatedAt: serverTimestamp() });
}
