/**
 * `invitations/{id}` (DESIGN §1 "Invitations"): the admins' live list, its converter and query.
 * Trusted code writes them (`invitation-calls.ts` asks it to); the converter drops the secret's
 * hash, so it never reaches the app's state. Loaded on demand (it imports `firebase/firestore`).
 */
import { collection, limit, orderBy, query, type FirestoreDataConverter } from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { assertCan } from '@/domain/errors/refusals';
import { INVITATION_LIST_LIMIT, invitationView } from '@/domain/invitation-basics';
import type { Invitation } from '@/domain/invitations';
import { principalOf } from '@/domain/plans/ticket-write';
import { ROLES } from '@/domain/roles';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  numberFrom,
  oneOf,
  optionalIsoFrom,
  optionalStringFrom,
  stringFrom,
} from '@/backend/firebase/core/firestore-values';
import { readActor } from '@/backend/firebase/users/firestore-users';

const STATES = ['pending', 'accepted', 'revoked'] as const;

/** Reads `invitations/{id}` into an {@link Invitation}, through `invitationView`: never `tokenHash`. */
const invitationConverter: FirestoreDataConverter<Invitation> = {
  toFirestore: notWrittenThroughConverter('invitations'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    const createdAt = isoFrom(data.createdAt);
    const displayName = optionalStringFrom(data.displayName);
    const organisationId = optionalStringFrom(data.organisationId);
    const organisationName = optionalStringFrom(data.organisationName);
    const acceptedAt = optionalIsoFrom(data.acceptedAt);
    const acceptedUid = optionalStringFrom(data.acceptedUid);
    const revokedAt = optionalIsoFrom(data.revokedAt);
    return invitationView({
      id: snapshot.id,
      email: stringFrom(data.email),
      role: oneOf(data.role, ROLES, 'customer'),
      ...(displayName && { displayName }),
      ...(organisationId && { organisationId }),
      ...(organisationName && { organisationName }),
      // An unknown state reads as revoked: the list offers nothing to do with it.
      state: oneOf(data.state, STATES, 'revoked'),
      invitedBy: stringFrom(data.invitedBy),
      invitedByName: stringFrom(data.invitedByName),
      createdAt,
      sentAt: isoFrom(data.sentAt, createdAt),
      expiresAt: isoFrom(data.expiresAt, createdAt),
      sends: numberFrom(data.sends, 1),
      ...(acceptedAt && { acceptedAt }),
      ...(acceptedUid && { acceptedUid }),
      ...(revokedAt && { revokedAt }),
      tokenHash: stringFrom(data.tokenHash),
    });
  },
};

/**
 * The invitations, live: newest first, at most {@link INVITATION_LIST_LIMIT} — one bounded query
 * (the rules refuse an unbounded list). Admins only (others get `permission-denied`).
 */
export async function watchInvitations(
  ctx: FirestoreContext,
  onNext: Listener<Invitation[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'users.invite');
  const newest = query(
    collection(ctx.db, 'invitations').withConverter(invitationConverter),
    orderBy('createdAt', 'desc'),
    limit(INVITATION_LIST_LIMIT),
  );
  return watchQuery(
    newest,
    (snapshot) => snapshot.docs.map((row) => row.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
