/**
 * `organisations/{id}` (DESIGN §1 "Organisations"): staff's live list, its converter and query;
 * and `organisationViews/{id}`, what a member reads of theirs.
 * Trusted code writes them (`organisation-calls.ts` asks it to). Loaded on demand (it imports
 * `firebase/firestore`). The local twin is `local/users/organisations.ts`.
 */
import { collection, doc, limit, orderBy, query, type FirestoreDataConverter } from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { assertCan } from '@/domain/errors/refusals';
import {
  ORGANISATION_LIMIT,
  byOrganisationName,
  type Organisation,
  type OrganisationView,
} from '@/domain/organisations';
import { principalOf } from '@/domain/plans/ticket-write';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchDocument, watchQuery } from '@/backend/firebase/core/firestore-live';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  stringFrom,
  stringsFrom,
} from '@/backend/firebase/core/firestore-values';
import { readActor } from '@/backend/firebase/users/firestore-users';

/** Reads `organisations/{id}` into an {@link Organisation}. */
const organisationConverter: FirestoreDataConverter<Organisation> = {
  toFirestore: notWrittenThroughConverter('organisations'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    const createdAt = isoFrom(data.createdAt);
    return {
      id: snapshot.id,
      name: stringFrom(data.name),
      domains: stringsFrom(data.domains),
      notes: stringFrom(data.notes),
      shareTickets: data.shareTickets === true,
      createdAt,
      updatedAt: isoFrom(data.updatedAt, createdAt),
    };
  },
};

/**
 * The desk's organisations, live: by name (`byOrganisationName`, as the local backend orders
 * them), at most {@link ORGANISATION_LIMIT} — one bounded query (the rules refuse an unbounded
 * list), which a desk never outgrows. Staff only (a customer gets `permission-denied`).
 */
export async function watchOrganisations(
  ctx: FirestoreContext,
  onNext: Listener<Organisation[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'organisations.read');
  const byName = query(
    collection(ctx.db, 'organisations').withConverter(organisationConverter),
    orderBy('name'),
    limit(ORGANISATION_LIMIT),
  );
  return watchQuery(
    byName,
    (snapshot) => byOrganisationName(snapshot.docs.map((row) => row.data())),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * What a member reads of their organisation, live: `organisationViews/{id}`, which trusted code
 * writes with the organisation (its name and sharing, never its notes); `null` once deleted. The
 * rules let its members and staff read it.
 */
export function watchOrganisationView(
  ctx: FirestoreContext,
  id: string,
  onNext: Listener<OrganisationView | null>,
  onError: ErrorListener,
): Unsubscribe {
  return watchDocument(
    doc(ctx.db, 'organisationViews', id),
    (snapshot) => {
      const data = snapshot.data();
      return data ? { id: snapshot.id, name: stringFrom(data.name), shareTickets: data.shareTickets === true } : null;
    },
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
