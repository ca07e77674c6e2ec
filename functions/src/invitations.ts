/**
 * Invitations, trusted code's side (DESIGN §1 "Invitations"): the work of the `invitePeople`,
 * `resendInvitation`, `revokeInvitation` and `acceptInvitation` callables. The decisions are the
 * domain's (`src/domain/invitations.ts`); this reads what they need, writes `invitations/{id}`
 * (with the SHA-256 of the link's secret, never the secret) and the `mail/{id}` document that
 * carries the link, and on acceptance creates the Auth account and its profile. No client writes
 * an invitation (the rules refuse it).
 *
 * Accepting twice at once makes one account only: the Auth account is created first, and Auth
 * refuses a second account with the same address, so a concurrent second acceptance fails there
 * (`auth/email-already-in-use`, or `failed-precondition` once the first one has marked the
 * invitation). The profile and the invitation's `accepted` mark are then written in one
 * transaction that checks the invitation again (still pending, same secret, not expired); when
 * that check or the write fails — an admin revoked or resent it meanwhile — the account just made
 * is deleted again, so no account exists without its invitation being accepted.
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { AppError } from '@/domain/errors/errors';
import {
  acceptInvitationSchema,
  invitationIdRequestSchema,
  invitationRefusals,
  invitationLink,
  invitationStatus,
  invitePeopleSchema,
  newInvitationSecret,
  planAcceptance,
  planInvitations,
  planResend,
  planRevoke,
  type Invitation,
  type InvitationOutcome,
  type StoredInvitation,
} from '@/domain/invitations';
import { DEFAULT_LOCALE } from '@/domain/locales';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import { composeInvitationMail, invitationMailId, signedBy, type MailSetup } from '@/domain/mail/compose';
import { personSearchKeysFor } from '@/domain/people';
import { ROLES } from '@/domain/roles';
import { parseInput } from '@/domain/schemas';
import { mailConfigFromEnv } from './mail';
import { activeCallerOf, isoOf, oneOf, text, texts, type StoredPerson } from './snapshot-values';
import { emailDomainOf, organisationByDomain } from '@/domain/organisation-joins';

/** Addresses Auth's `getUsers` looks up per call (its limit). */
const AUTH_LOOKUP_BATCH = 100;
/** Values one Firestore `in` filter takes. */
const IN_FILTER_VALUES = 30;
/** The `invitations/{id}` timestamps, stored as Firestore Timestamps and read back as ISO-8601. */
const TIME_FIELDS = ['createdAt', 'sentAt', 'expiresAt', 'acceptedAt', 'revokedAt'] as const;

/** Firebase Authentication's side of invitations (the Admin SDK in `index.ts`, a fake in tests). */
export interface InvitationAccounts {
  /** Of `emails` (lowercase), those that have an account, lowercase. */
  existing(emails: readonly string[]): Promise<Set<string>>;
  /**
   * Creates a verified account.
   * @returns its uid.
   * @throws AppError `auth/email-already-in-use` when the address has an account.
   */
  create(account: { email: string; password: string; displayName: string }): Promise<string>;
  /** Deletes an account (one this module just created). */
  remove(uid: string): Promise<void>;
}

/** Of `emails`, those with an account, asking Auth {@link AUTH_LOOKUP_BATCH} at a time. */
export async function existingAccounts(
  lookUp: (emails: readonly string[]) => Promise<readonly { email?: string }[]>,
  emails: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < emails.length; start += AUTH_LOOKUP_BATCH) {
    for (const user of await lookUp(emails.slice(start, start + AUTH_LOOKUP_BATCH))) {
      if (user.email) found.add(user.email.toLowerCase());
    }
  }
  return found;
}

/** `invitations/{id}` as a {@link StoredInvitation}; `null` when there is none. */
function invitationOf(snapshot: DocumentSnapshot): StoredInvitation | null {
  if (!snapshot.exists) return null;
  const get = (field: string) => snapshot.get(field) as unknown;
  const createdAt = isoOf(get('createdAt')) ?? new Date(0).toISOString();
  const optional = (field: string) => {
    const value = text(get(field));
    return value ? value : undefined;
  };
  return {
    id: snapshot.id,
    email: text(get('email')),
    role: oneOf(get('role'), ROLES, 'customer'),
    ...(optional('displayName') && { displayName: optional('displayName') }),
    ...(optional('organisationId') && { organisationId: optional('organisationId') }),
    ...(optional('organisationName') && { organisationName: optional('organisationName') }),
    state: oneOf(get('state'), ['pending', 'accepted', 'revoked'] as const, 'revoked'),
    invitedBy: text(get('invitedBy')),
    invitedByName: text(get('invitedByName')),
    createdAt,
    sentAt: isoOf(get('sentAt')) ?? createdAt,
    // A malformed expiry reads as expired: the link then works for nobody.
    expiresAt: isoOf(get('expiresAt')) ?? createdAt,
    sends: Number(get('sends')) || 1,
    ...(isoOf(get('acceptedAt')) && { acceptedAt: isoOf(get('acceptedAt')) }),
    ...(optional('acceptedUid') && { acceptedUid: optional('acceptedUid') }),
    ...(isoOf(get('revokedAt')) && { revokedAt: isoOf(get('revokedAt')) }),
    tokenHash: text(get('tokenHash')),
  };
}

/** Fields of an invitation as stored: its ISO times as Firestore Timestamps, without `id`. */
function storedFields(fields: Partial<StoredInvitation>): Record<string, unknown> {
  const { id: _id, ...rest } = fields;
  const stored: Record<string, unknown> = { ...rest };
  for (const field of TIME_FIELDS) {
    const value = rest[field];
    if (value !== undefined) stored[field] = Timestamp.fromDate(new Date(value));
  }
  return stored;
}

/**
 * The organisation an invitation is on behalf of, as `planInvitations` reads it: its id and
 * name, or `null` when there is none with that id.
 */
async function organisationNamed(db: Firestore, id: string): Promise<{ id: string; name: string } | null> {
  const snapshot = await db.collection('organisations').doc(id).get();
  if (!snapshot.exists) return null;
  const name = snapshot.get('name') as unknown;
  return { id, name: typeof name === 'string' ? name : '' };
}

/** The mail setup (`APP_URL`, host) signed with the desk's name from `settings/desk` (DESIGN §9). */
async function mailSetup(db: Firestore): Promise<MailSetup> {
  const deskName = (await db.doc('settings/desk').get()).get('deskName') as unknown;
  return signedBy(mailConfigFromEnv(), typeof deskName === 'string' ? deskName : undefined);
}

/** The `mail` document of an invitation's `sends`-th email, in the sending admin's language. */
function invitationMail(
  setup: MailSetup,
  sender: StoredPerson,
  invitation: Pick<Invitation, 'id' | 'email' | 'role' | 'expiresAt' | 'sends'>,
  token: string,
  now: string,
) {
  return composeInvitationMail(
    {
      invitationId: invitation.id,
      email: invitation.email,
      role: invitation.role,
      inviterName: sender.displayName,
      link: invitationLink(setup.appUrl, invitation.id, token),
      expiresAt: invitation.expiresAt,
      locale: sender.locale ?? DEFAULT_LOCALE,
      createdAt: now,
      sends: invitation.sends,
    },
    setup,
    MAIL_CATALOGUES,
  );
}

/** Of `emails`, those with a pending invitation not expired at `now`: address → its id. */
async function pendingInvitations(db: Firestore, emails: readonly string[], now: string): Promise<Map<string, string>> {
  const pending = new Map<string, string>();
  for (let start = 0; start < emails.length; start += IN_FILTER_VALUES) {
    const rows = await db
      .collection('invitations')
      .where('email', 'in', emails.slice(start, start + IN_FILTER_VALUES))
      .where('state', '==', 'pending')
      .get();
    for (const row of rows.docs) {
      const invitation = invitationOf(row);
      if (invitation && invitationStatus(invitation, now) === 'pending') pending.set(invitation.email, invitation.id);
    }
  }
  return pending;
}

/**
 * Invites people as `callerUid` asks (see `UsersPort.invite`): one batch writes every new
 * invitation and its first email (`mail/invitation-{id}-1`).
 * @param now ms since the epoch.
 * @returns each row's outcome, in the order asked.
 * @throws AppError `invalid-argument` for a malformed request; `unauthenticated` without a
 *   profile; `permission-denied` for a deactivated caller or anyone but an admin.
 */
export async function invitePeople(
  db: Firestore,
  accounts: InvitationAccounts,
  callerUid: string,
  input: unknown,
  now: number,
): Promise<InvitationOutcome[]> {
  const { invitations: rows, organisationId } = parseInput(invitePeopleSchema, input);
  const actor = activeCallerOf(await db.collection('users').doc(callerUid).get());
  const organisation = organisationId === undefined ? undefined : await organisationNamed(db, organisationId);
  const at = new Date(now).toISOString();
  const emails = [...new Set(rows.map((row) => row.email.trim().toLowerCase()))];
  const [existing, pending, setup, fresh] = await Promise.all([
    accounts.existing(emails),
    pendingInvitations(db, emails, at),
    mailSetup(db),
    Promise.all(
      rows.map(async () => ({ id: db.collection('invitations').doc().id, secret: await newInvitationSecret() })),
    ),
  ]);
  const plan = planInvitations({
    actor,
    rows,
    accounts: existing,
    pending,
    now: at,
    fresh,
    ...(organisation !== undefined && { organisation }),
  });
  if (plan.create.length > 0) {
    const batch = db.batch();
    for (const { invitation, token } of plan.create) {
      batch.create(db.collection('invitations').doc(invitation.id), storedFields(invitation));
      batch.create(
        db.collection('mail').doc(invitationMailId(invitation.id, invitation.sends)),
        invitationMail(setup, actor, invitation, token, at),
      );
    }
    await batch.commit();
  }
  return plan.outcomes;
}

/**
 * Emails an invitation again with a new link, as `callerUid` asks (see
 * `UsersPort.resendInvitation`): in one transaction, the new secret's hash, times and count, and
 * the email `mail/invitation-{id}-{sends}`.
 * @param now ms since the epoch.
 * @throws AppError `invalid-argument` for a malformed id; `permission-denied`; `not-found`;
 *   `failed-precondition` when it was accepted or revoked ({@link planResend}).
 */
export async function resendInvitation(db: Firestore, callerUid: string, input: unknown, now: number): Promise<void> {
  const { invitationId } = parseInput(invitationIdRequestSchema, input);
  const at = new Date(now).toISOString();
  const [setup, secret] = await Promise.all([mailSetup(db), newInvitationSecret()]);
  const ref = db.collection('invitations').doc(invitationId);
  await db.runTransaction(async (tx) => {
    const [meSnapshot, snapshot] = await Promise.all([tx.get(db.collection('users').doc(callerUid)), tx.get(ref)]);
    const actor = activeCallerOf(meSnapshot);
    const invitation = invitationOf(snapshot);
    const change = planResend(actor, invitation, at, secret);
    // planResend refused a missing invitation: it is there.
    const resent = { ...(invitation as StoredInvitation), ...change };
    tx.update(ref, storedFields(change));
    tx.create(
      db.collection('mail').doc(invitationMailId(invitationId, change.sends)),
      invitationMail(setup, actor, resent, secret.token, at),
    );
  });
}

/**
 * Withdraws an invitation, as `callerUid` asks (see `UsersPort.revokeInvitation`), in a
 * transaction; revoking a revoked one writes nothing.
 * @param now ms since the epoch.
 * @throws AppError `invalid-argument` for a malformed id; `permission-denied`; `not-found`;
 *   `failed-precondition` when it was accepted ({@link planRevoke}).
 */
export async function revokeInvitation(db: Firestore, callerUid: string, input: unknown, now: number): Promise<void> {
  const { invitationId } = parseInput(invitationIdRequestSchema, input);
  const ref = db.collection('invitations').doc(invitationId);
  await db.runTransaction(async (tx) => {
    const [meSnapshot, snapshot] = await Promise.all([tx.get(db.collection('users').doc(callerUid)), tx.get(ref)]);
    const change = planRevoke(activeCallerOf(meSnapshot), invitationOf(snapshot), new Date(now).toISOString());
    if (change) tx.update(ref, storedFields(change));
  });
}

/**
 * Accepts an invitation from its link, signed in or not (see `UsersPort.acceptInvitation`):
 * checks the link, creates the verified Auth account, then in one transaction checks the
 * invitation again and writes the profile (`users/{uid}`: the shape of a sign-up's profile with
 * the invited role, and its search keys) and the invitation's `accepted` mark with `acceptedUid`.
 * When that transaction fails the account is deleted again (see the module note on accepting
 * twice at once).
 * @param now ms since the epoch.
 * @returns the invited address.
 * @throws AppError `invalid-argument` for a malformed request; `not-found` for an unknown link or
 *   a wrong secret; `failed-precondition` when it was used, revoked or has expired;
 *   `auth/email-already-in-use` when the address has an account ({@link planAcceptance}).
 */
export async function acceptInvitation(
  db: Firestore,
  accounts: InvitationAccounts,
  input: unknown,
  now: number,
): Promise<{ email: string }> {
  const request = parseInput(acceptInvitationSchema, input);
  const at = new Date(now).toISOString();
  const ref = db.collection('invitations').doc(request.invitationId);
  const invitation = invitationOf(await ref.get());
  const hasAccount = invitation ? (await accounts.existing([invitation.email])).size > 0 : false;
  const { account } = await planAcceptance(invitation, request, hasAccount, at);
  let uid: string;
  try {
    uid = await accounts.create(account);
  } catch (error) {
    // Auth refuses a second account for the address: when a concurrent acceptance of this very
    // link has been recorded meanwhile, say so as a second acceptance would be told.
    if (error instanceof AppError && error.code === 'auth/email-already-in-use') {
      if (invitationOf(await ref.get())?.state === 'accepted') throw invitationRefusals.accepted();
    }
    throw error;
  }
  try {
    await db.runTransaction(async (tx) => {
      const current = invitationOf(await tx.get(ref));
      const plan = await planAcceptance(current, request, false, at);
      // The organisation it was invited on behalf of, if it still exists (DESIGN §1 "Organisations").
      const joins = plan.account.organisationId
        ? (await tx.get(db.collection('organisations').doc(plan.account.organisationId))).exists
        : false;
      // Else the one claiming the address's domain: accepting the link proved the address.
      const domain = emailDomainOf(plan.account.email);
      const claiming =
        joins || domain === ''
          ? []
          : (await tx.get(db.collection('organisations').where('domains', 'array-contains', domain).limit(1))).docs;
      const byDomain = organisationByDomain(
        { ...plan.account, organisationId: undefined },
        true,
        claiming.map((row) => ({ id: row.id, domains: texts(row.get('domains')) })),
      );
      tx.create(db.collection('users').doc(uid), {
        displayName: plan.account.displayName,
        email: plan.account.email,
        role: plan.account.role,
        ...(joins && { organisationId: plan.account.organisationId }),
        ...(byDomain !== null && { organisationId: byDomain }),
        searchKeys: personSearchKeysFor({ displayName: plan.account.displayName, email: plan.account.email }),
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      tx.update(ref, { ...storedFields(plan.invitation), acceptedUid: uid });
    });
  } catch (error) {
    // The refusal stays the answer; an account left behind has no profile and is logged.
    await accounts
      .remove(uid)
      .catch((failure: unknown) => logger.error(`acceptInvitation: ${uid} not deleted`, failure));
    throw error;
  }
  return { email: account.email };
}
