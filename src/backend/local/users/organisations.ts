/**
 * Organisations on IndexedDB (DESIGN §1 "Organisations"): the local backend's trusted code for
 * the decisions of `src/domain/organisations.ts`, each in one Dexie transaction over every
 * organisation (so two tabs saving one domain at once cannot both win), and staff's live list.
 * The Firebase twin is `functions/src/organisations.ts` with `firebase/users/organisations.ts`.
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { assertCan } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import { parseInput } from '@/domain/schemas';
import {
  byOrganisationName,
  organisationIdSchema,
  planMembership,
  planOrganisationDelete,
  planOrganisationSave,
  saveOrganisationSchema,
  organisationViewOf,
  setMembershipSchema,
  type Organisation,
  type OrganisationView,
  type SaveOrganisationRequest,
  type SetMembershipRequest,
} from '@/domain/organisations';
import type { UserProfile } from '@/domain/types';
import { isoAt, requireUser, watchLive, type LocalContext } from '@/backend/local/core/context';
import { newId } from '@/backend/local/core/ids';

/** `UsersPort.watchOrganisations` on the local backend: every organisation, by name; staff only. */
export function watchOrganisations(
  ctx: LocalContext,
  onNext: Listener<Organisation[]>,
  onError: ErrorListener,
): Unsubscribe {
  return watchLive(
    ctx,
    async (me) => {
      assertCan(principalOf(me), 'organisations.read');
      return byOrganisationName((await ctx.db.organisations.toArray()).map(stored));
    },
    onNext,
    onError,
  );
}

/** `UsersPort.watchOrganisationView` on the local backend: its members and staff only. */
export function watchOrganisationView(
  ctx: LocalContext,
  id: string,
  onNext: Listener<OrganisationView | null>,
  onError: ErrorListener,
): Unsubscribe {
  return watchLive(
    ctx,
    async (me) => {
      if (me.organisationId !== id) assertCan(principalOf(me), 'organisations.read');
      const organisation = await ctx.db.organisations.get(id);
      return organisation ? organisationViewOf(stored(organisation)) : null;
    },
    onNext,
    onError,
  );
}

/** A stored organisation as the port's: rows from before sharing share nothing. */
function stored(organisation: Organisation): Organisation {
  return { ...organisation, shareTickets: organisation.shareTickets === true };
}

/** `UsersPort.saveOrganisation` on the local backend. */
export async function saveOrganisation(ctx: LocalContext, request: SaveOrganisationRequest): Promise<{ id: string }> {
  const asked = parseInput(saveOrganisationSchema, request);
  const { db } = ctx;
  return db.transaction('rw', [db.users, db.organisations], async () => {
    const me = await requireUser(ctx);
    const organisation = planOrganisationSave({
      actor: me,
      request: asked,
      existing: await db.organisations.toArray(),
      newId: newId(),
      now: isoAt(ctx.now()),
    });
    await db.organisations.put(organisation);
    return { id: organisation.id };
  });
}

/** `UsersPort.deleteOrganisation` on the local backend: the organisation and its members' membership, at once. */
export async function deleteOrganisation(ctx: LocalContext, id: string): Promise<void> {
  const asked = parseInput(organisationIdSchema, { id });
  const { db } = ctx;
  await db.transaction('rw', [db.users, db.organisations], async () => {
    const me = await requireUser(ctx);
    const planned = planOrganisationDelete(me, await db.organisations.get(asked.id));
    const now = isoAt(ctx.now());
    const members = await db.users.where('organisationId').equals(planned.id).toArray();
    await db.users.bulkPut(members.map((member) => withoutOrganisation(member, now)));
    await db.organisations.delete(planned.id);
  });
}

/** `UsersPort.setOrganisation` on the local backend. */
export async function setOrganisation(ctx: LocalContext, request: SetMembershipRequest): Promise<void> {
  const asked = parseInput(setMembershipSchema, request);
  const { db } = ctx;
  await db.transaction('rw', [db.users, db.organisations], async () => {
    const me = await requireUser(ctx);
    const person = await db.users.get(asked.uid);
    const organisation = asked.organisationId === null ? null : await db.organisations.get(asked.organisationId);
    const fields = planMembership(me, person, organisation, isoAt(ctx.now()));
    if (!person || (person.organisationId ?? null) === fields.organisationId) return;
    await db.users.put(
      fields.organisationId === null
        ? withoutOrganisation(person, fields.updatedAt)
        : { ...person, organisationId: fields.organisationId, updatedAt: fields.updatedAt },
    );
  });
}

function withoutOrganisation(person: UserProfile, now: string): UserProfile {
  const { organisationId: _left, ...rest } = person;
  return { ...rest, updatedAt: now };
}
