/**
 * The local backend's invitations (DESIGN §1 "Invitations"): what the callable Cloud Functions do
 * on Firebase, run by the local adapter — the decisions are `src/domain/invitations.ts`'s, the
 * email `composeInvitationMail`'s, stored in the outgoing mail (nothing is sent). Loaded on first
 * use with the mail chunk (its composer and catalogues stay out of the first paint).
 */
import { organisationByDomain } from '@/domain/organisation-joins';
import type { LocalContext } from '@/backend/local/core/context';
import { isoAt, requireUser, watchLive } from '@/backend/local/core/context';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { assertCan } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import { newId } from '@/backend/local/core/ids';
import { hashPassword } from '@/backend/local/auth/passwords';
import { setupOf } from '@/backend/local/mail/mail-store';
import { refusals } from '@/domain/errors/refusals';
import {
  acceptInvitationSchema,
  invitationRefusals,
  INVITATION_LIST_LIMIT,
  invitationView,
  type Invitation,
  invitationIdRequestSchema,
  invitationLink,
  invitePeopleSchema,
  newInvitationSecret,
  planAcceptance,
  planInvitations,
  planResend,
  planRevoke,
  type AcceptInvitationRequest,
  type InvitationOutcome,
  type InvitePeopleRequest,
  type StoredInvitation,
} from '@/domain/invitations';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import { composeInvitationMail, invitationMailId } from '@/domain/mail/compose';
import type { MailServerSetup } from '@/domain/mail/drafts';
import { DEFAULT_LOCALE } from '@/domain/locales';
import { parseInput } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';

/** Stores the `sends`-th email of `invitation`, with its link, written by `inviter`. */
async function storeInvitationMail(
  ctx: Pick<LocalContext, 'db'>,
  setup: MailServerSetup,
  invitation: StoredInvitation,
  token: string,
  inviter: UserProfile,
  at: string,
): Promise<void> {
  const mail = composeInvitationMail(
    {
      invitationId: invitation.id,
      email: invitation.email,
      role: invitation.role,
      inviterName: inviter.displayName,
      link: invitationLink(setup.appUrl, invitation.id, token),
      expiresAt: invitation.expiresAt,
      locale: inviter.locale ?? DEFAULT_LOCALE,
      createdAt: at,
      sends: invitation.sends,
    },
    setup,
    MAIL_CATALOGUES,
  );
  const id = invitationMailId(invitation.id, invitation.sends);
  if (!(await ctx.db.mail.get(id))) await ctx.db.mail.add({ id, ...mail });
}

/** `UsersPort.watchInvitations` on the local backend: newest first, at most `INVITATION_LIST_LIMIT`, without the hash. */
export function watchInvitations(
  ctx: LocalContext,
  onNext: Listener<Invitation[]>,
  onError: ErrorListener,
): Unsubscribe {
  return watchLive(
    ctx,
    async (me) => {
      assertCan(principalOf(me), 'users.invite');
      const newest = await ctx.db.invitations.orderBy('createdAt').reverse().limit(INVITATION_LIST_LIMIT).toArray();
      return newest.map(invitationView);
    },
    onNext,
    onError,
  );
}

/** `UsersPort.invite` on the local backend: one transaction for every row. */
export async function invite(ctx: LocalContext, request: InvitePeopleRequest): Promise<InvitationOutcome[]> {
  const asked = parseInput(invitePeopleSchema, request);
  const { db } = ctx;
  // WebCrypto before the transaction: awaiting it inside one would let Dexie commit early.
  const fresh = await Promise.all(
    asked.invitations.map(async () => ({ id: newId(), secret: await newInvitationSecret() })),
  );
  const setup = await setupOf(ctx);
  return db.transaction('rw', [db.users, db.credentials, db.invitations, db.mail, db.organisations], async () => {
    const me = await requireUser(ctx);
    const now = isoAt(ctx.now());
    const organisation =
      asked.organisationId === undefined ? undefined : ((await db.organisations.get(asked.organisationId)) ?? null);
    const emails = [...new Set(asked.invitations.map((row) => row.email))];
    const accounts = new Set(
      (await db.credentials.bulkGet(emails)).flatMap((record) => (record ? [record.email] : [])),
    );
    const pending = new Map(
      (await db.invitations.where('email').anyOf(emails).toArray())
        .filter((invitation) => invitation.state === 'pending' && invitation.expiresAt > now)
        .map((invitation) => [invitation.email, invitation.id] as const),
    );
    const plan = planInvitations({
      actor: me,
      rows: asked.invitations,
      accounts,
      pending,
      now,
      fresh,
      ...(organisation !== undefined && { organisation }),
    });
    for (const { invitation, token } of plan.create) {
      await db.invitations.add(invitation);
      await storeInvitationMail(ctx, setup, invitation, token, me, now);
    }
    return plan.outcomes;
  });
}

/** `UsersPort.resendInvitation` on the local backend. */
export async function resendInvitation(ctx: LocalContext, invitationId: string): Promise<void> {
  const asked = parseInput(invitationIdRequestSchema, { invitationId });
  const { db } = ctx;
  const secret = await newInvitationSecret();
  const setup = await setupOf(ctx);
  await db.transaction('rw', [db.users, db.invitations, db.mail], async () => {
    const me = await requireUser(ctx);
    const now = isoAt(ctx.now());
    const invitation = (await db.invitations.get(asked.invitationId)) ?? null;
    const fields = planResend(me, invitation, now, secret);
    if (!invitation) return;
    const next = { ...invitation, ...fields };
    await db.invitations.put(next);
    await storeInvitationMail(ctx, setup, next, secret.token, me, now);
  });
}

/** `UsersPort.revokeInvitation` on the local backend. */
export async function revokeInvitation(ctx: LocalContext, invitationId: string): Promise<void> {
  const asked = parseInput(invitationIdRequestSchema, { invitationId });
  const { db } = ctx;
  await db.transaction('rw', [db.users, db.invitations], async () => {
    const me = await requireUser(ctx);
    const invitation = (await db.invitations.get(asked.invitationId)) ?? null;
    const fields = planRevoke(me, invitation, isoAt(ctx.now()));
    if (invitation && fields) await db.invitations.put({ ...invitation, ...fields });
  });
}

/**
 * `UsersPort.acceptInvitation` on the local backend: the link is checked (hashing is WebCrypto,
 * so before the transaction), then, in one transaction that checks again that the invitation is
 * still pending with the same secret and that the address is still free, the credential
 * (verified), the profile and the invitation's new state are written — two acceptances of one
 * link make one account.
 */
export async function acceptInvitation(
  ctx: LocalContext,
  request: AcceptInvitationRequest,
): Promise<{ email: string }> {
  const asked = parseInput(acceptInvitationSchema, request);
  const { db } = ctx;
  const before = (await db.invitations.get(asked.invitationId)) ?? null;
  const taken = before ? Boolean(await db.credentials.get(before.email)) : false;
  const now = isoAt(ctx.now());
  const plan = await planAcceptance(before, asked, taken, now);
  const secret = await hashPassword(asked.password, ctx.iterations);
  const uid = newId();
  await db.transaction('rw', [db.invitations, db.credentials, db.users, db.organisations], async () => {
    const current = await db.invitations.get(asked.invitationId);
    if (!current || current.tokenHash !== before?.tokenHash) throw invitationRefusals.notFound();
    if (current.state === 'accepted') throw invitationRefusals.accepted();
    if (current.state === 'revoked') throw invitationRefusals.revoked();
    if (await db.credentials.get(current.email)) throw refusals.emailInUse();
    const { account } = plan;
    // The organisation it was invited on behalf of, if it still exists (DESIGN §1 "Organisations").
    const joins = account.organisationId ? Boolean(await db.organisations.get(account.organisationId)) : false;
    // Else the one claiming the address's domain: accepting the link proved the address.
    const byDomain = joins
      ? null
      : organisationByDomain({ ...account, organisationId: undefined }, true, await db.organisations.toArray());
    await db.credentials.add({ email: account.email, uid, ...secret, emailVerified: true, createdAt: now });
    const profile: UserProfile = {
      uid,
      displayName: account.displayName,
      email: account.email,
      role: account.role,
      ...(joins && { organisationId: account.organisationId }),
      ...(byDomain !== null && { organisationId: byDomain }),
      createdAt: now,
      updatedAt: now,
    };
    await db.users.add(profile);
    await db.invitations.put({ ...current, ...plan.invitation, acceptedUid: uid });
  });
  return { email: plan.account.email };
}
