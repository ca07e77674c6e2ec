/**
 * Joining an organisation by a verified address on the local backend (DESIGN §1 "Organisations"):
 * after the address is verified (`sendEmailVerification`), on sign-in (`UsersPort.joinOrganisationByDomain`).
 * The Firebase twin is `joinOrganisationByDomain` in `functions/src/organisations.ts`.
 */
import { isoAt, requireUser, type LocalContext } from '@/backend/local/core/context';
import { organisationByDomain } from '@/domain/organisation-joins';

/**
 * In one transaction: the signed-in person, their credential's verification, every organisation
 * (at most `ORGANISATION_LIMIT`); joins the one `organisationByDomain` names.
 * @returns the organisation they belong to afterwards, or `null`.
 */
export async function joinByDomain(ctx: LocalContext): Promise<{ organisationId: string | null }> {
  const { db } = ctx;
  return db.transaction('rw', [db.users, db.credentials, db.organisations], async () => {
    const me = await requireUser(ctx);
    const credential = await db.credentials.where('uid').equals(me.uid).first();
    const joins = organisationByDomain(me, credential?.emailVerified === true, await db.organisations.toArray());
    if (joins === null) return { organisationId: me.organisationId ?? null };
    await db.users.put({ ...me, organisationId: joins, updatedAt: isoAt(ctx.now()) });
    return { organisationId: joins };
  });
}
