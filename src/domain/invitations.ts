/**
 * Invitations (DESIGN §1 "Invitations"): an admin invites people by email with a role; the
 * invitee follows the emailed link, chooses a name and a password, and trusted code creates the
 * account with that role. The decisions are made once here; trusted code (the local backend's
 * own code, callable Cloud Functions on Firebase) applies them. No client writes an invitation.
 *
 * The link carries the invitation's id and a random secret of 256 bits in its fragment (never
 * sent to a server by a browser, never in a `Referer`); only the secret's SHA-256 is stored, so a
 * reader of the database cannot use a link they did not receive. Resending makes a new secret
 * (the old link stops working); revoking or accepting ends the link.
 */
import { z } from 'zod/mini';
import { AppError } from '@/domain/errors/errors';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { constantTimeEqual, hexOf, sha256 } from '@/domain/mail/digests';
import { principalOf, type ActingUser } from '@/domain/plans/ticket-write';
import { ROLES, type Role } from '@/domain/roles';
import { displayNameSchema, emailSchema, passwordSchema } from '@/domain/schemas';
import type { IsoDateTime } from '@/domain/types';
import { organisationRefusals, type Organisation } from '@/domain/organisations';

import {
  INVITATION_NOT_VALID,
  type Invitation,
  type InvitationState,
  type StoredInvitation,
} from '@/domain/invitation-basics';

export type { Invitation, InvitationState, StoredInvitation } from '@/domain/invitation-basics';
export {
  INVITATION_LIST_LIMIT,
  invitationLink,
  invitationView,
  parseInvitationFragment,
} from '@/domain/invitation-basics';

/**
 * The refusals of a link (DESIGN §1 "Invitations"), here rather than in the refusals' catalogue
 * so that the app's first paint does not carry them; translated like every refusal
 * (`src/lib/i18n/refusal-sentences.ts`).
 */
export const invitationRefusals = {
  /** `not-found`: no invitation matches this link (none, or a wrong secret). */
  notFound: (): AppError => new AppError('not-found', INVITATION_NOT_VALID),
  /** `failed-precondition`: the invitation was accepted already. */
  accepted: (): AppError =>
    new AppError('failed-precondition', 'This invitation has been used already. Sign in with your address instead.'),
  /** `failed-precondition`: an admin withdrew the invitation. */
  revoked: (): AppError =>
    new AppError('failed-precondition', 'This invitation was withdrawn. Ask your admin if you should still join.'),
  /** `failed-precondition`: the link is past its expiry. */
  expired: (): AppError =>
    new AppError('failed-precondition', 'This invitation has expired. Ask your admin to send it again.'),
};

/** How long a link works after it was (re)sent: 7 days, in ms. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How many people one request invites at most; a longer list is refused whole, never cut
 * (DESIGN §1 "Invitations").
 */
export const INVITATIONS_PER_REQUEST = 50;

/** One person to invite: their address, their role, and optionally their name (they may change it). */
export const invitationRowSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(ROLES),
  displayName: z.optional(displayNameSchema),
});
/** A parsed {@link invitationRowSchema}. */
export type InvitationRow = z.infer<typeof invitationRowSchema>;

/**
 * What an admin sends: 1–{@link INVITATIONS_PER_REQUEST} rows, and optionally the organisation the
 * customers among them are invited on behalf of (staff rows ignore it: staff belong to the desk).
 */
export const invitePeopleSchema = z.strictObject({
  invitations: z
    .array(invitationRowSchema)
    .check(
      z.minLength(1, 'Add at least one address.'),
      z.maxLength(INVITATIONS_PER_REQUEST, `Invite at most ${INVITATIONS_PER_REQUEST} people at once.`),
    ),
  organisationId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});
/** A parsed {@link invitePeopleSchema}. */
export type InvitePeopleRequest = z.infer<typeof invitePeopleSchema>;

/** An invitation's id: what trusted code makes (20 URL-safe characters), never longer than 64. */
const invitationIdSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

/** Resend or revoke: the invitation's id. */
export const invitationIdRequestSchema = z.strictObject({ invitationId: invitationIdSchema });

/** What the invitee sends from the link's page: the link's id and secret, their name and password. */
export const acceptInvitationSchema = z.strictObject({
  invitationId: invitationIdSchema,
  token: z.string().check(z.minLength(1), z.maxLength(128)),
  displayName: displayNameSchema,
  password: passwordSchema,
});
/** A parsed {@link acceptInvitationSchema}. */
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationSchema>;

/** What the list shows: the stored state, or `expired` for a pending one past `expiresAt`. */
export type InvitationStatus = InvitationState | 'expired';

/** Where `invitation` stands at `now` (ISO-8601 UTC). */
export function invitationStatus(invitation: Invitation, now: IsoDateTime): InvitationStatus {
  if (invitation.state === 'pending' && invitation.expiresAt <= now) return 'expired';
  return invitation.state;
}

/** One row's outcome, in the order asked. */
export type InvitationOutcome =
  | { email: string; outcome: 'invited'; invitationId: string }
  /** An account with this address exists: nothing sent. */
  | { email: string; outcome: 'hasAccount' }
  /** A pending invitation to this address exists: resend that one instead. */
  | { email: string; outcome: 'alreadyInvited'; invitationId: string }
  /** The same address earlier in the same request. */
  | { email: string; outcome: 'duplicate' };

/** A new link's secret (256 random bits, URL-safe) and the hash that is stored. */
export interface InvitationSecret {
  token: string;
  tokenHash: string;
}

/** Makes a new link secret: 32 random bytes as base64url, and their SHA-256 in hex. */
export async function newInvitationSecret(): Promise<InvitationSecret> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return { token, tokenHash: await invitationTokenHash(token) };
}

/** The stored form of a link's secret: SHA-256, lowercase hex. */
export async function invitationTokenHash(token: string): Promise<string> {
  return hexOf(await sha256(token));
}

/** What {@link planInvitations} reads before writing. */
export interface InvitationsInput {
  actor: ActingUser & { displayName: string };
  rows: readonly InvitationRow[];
  /** Of the rows' addresses, those that have an account (lowercase). */
  accounts: ReadonlySet<string>;
  /** Of the rows' addresses, those with a pending, unexpired invitation: address → its id. */
  pending: ReadonlyMap<string, string>;
  now: IsoDateTime;
  /** Per row, in order: the id and secret to use if it is invited. */
  fresh: readonly { id: string; secret: InvitationSecret }[];
  /**
   * The organisation asked for (`organisationId` of the request), as read by the caller: absent
   * when none was asked, `null` when it does not exist.
   */
  organisation?: Pick<Organisation, 'id' | 'name'> | null;
}

/** The writes of an invitation request: the invitations to store (each emailed its link) and every row's outcome. */
export interface InvitationsPlan {
  outcomes: InvitationOutcome[];
  create: { invitation: StoredInvitation; token: string }[];
}

/** The moment `ms` after `from` (ISO-8601 UTC). */
function after(from: IsoDateTime, ms: number): IsoDateTime {
  return new Date(Date.parse(from) + ms).toISOString();
}

/**
 * Plans inviting `rows`: a row whose address has an account, has a pending invitation, or came
 * earlier in the request is reported and not invited; the others get an invitation each.
 * @throws AppError `permission-denied` when the actor is not an admin; `not-found` when the
 *   organisation asked for does not exist (`organisation: null`); Error when `fresh` has
 *   fewer entries than `rows` (the caller's mistake).
 */
export function planInvitations({
  actor,
  rows,
  accounts,
  pending,
  now,
  fresh,
  organisation,
}: InvitationsInput): InvitationsPlan {
  assertCan(principalOf(actor), 'users.invite');
  if (organisation === null) throw organisationRefusals.notFound();
  // A programming error of the caller, not a person's: no sentence of the catalogue.
  if (fresh.length < rows.length) throw new Error('planInvitations: one id and secret per row is needed');
  const seen = new Set<string>();
  const outcomes: InvitationOutcome[] = [];
  const create: InvitationsPlan['create'] = [];
  rows.forEach((row, index) => {
    const email = row.email.trim().toLowerCase();
    const earlier = pending.get(email);
    if (seen.has(email)) outcomes.push({ email, outcome: 'duplicate' });
    else if (accounts.has(email)) outcomes.push({ email, outcome: 'hasAccount' });
    else if (earlier) outcomes.push({ email, outcome: 'alreadyInvited', invitationId: earlier });
    else {
      const { id, secret } = fresh[index] as { id: string; secret: InvitationSecret };
      create.push({
        token: secret.token,
        invitation: {
          id,
          email,
          role: row.role,
          ...(row.displayName && { displayName: row.displayName }),
          ...(organisation &&
            row.role === 'customer' && { organisationId: organisation.id, organisationName: organisation.name }),
          state: 'pending',
          invitedBy: actor.uid,
          invitedByName: actor.displayName,
          createdAt: now,
          sentAt: now,
          expiresAt: after(now, INVITATION_TTL_MS),
          sends: 1,
          tokenHash: secret.tokenHash,
        },
      });
      outcomes.push({ email, outcome: 'invited', invitationId: id });
    }
    seen.add(email);
  });
  return { outcomes, create };
}

/**
 * Plans resending `invitation` with a new secret: the old link stops working, the new one works
 * for {@link INVITATION_TTL_MS} from `now`. An expired invitation may be resent.
 * @returns the fields to write.
 * @throws AppError `permission-denied` for a non-admin; `not-found` for none; `failed-precondition`
 *   when it was accepted or revoked.
 */
export function planResend(
  actor: ActingUser,
  invitation: StoredInvitation | null,
  now: IsoDateTime,
  secret: InvitationSecret,
): Pick<StoredInvitation, 'sentAt' | 'expiresAt' | 'sends' | 'tokenHash'> {
  assertCan(principalOf(actor), 'users.invite');
  if (!invitation) throw invitationRefusals.notFound();
  if (invitation.state === 'accepted') throw invitationRefusals.accepted();
  if (invitation.state === 'revoked') throw invitationRefusals.revoked();
  return {
    sentAt: now,
    expiresAt: after(now, INVITATION_TTL_MS),
    sends: invitation.sends + 1,
    tokenHash: secret.tokenHash,
  };
}

/**
 * Plans revoking `invitation`: its link stops working. Revoking a revoked one changes nothing.
 * @returns the fields to write, or `null` when there is nothing to write.
 * @throws AppError `permission-denied` for a non-admin; `not-found` for none; `failed-precondition`
 *   when it was accepted (deactivate the person instead).
 */
export function planRevoke(
  actor: ActingUser,
  invitation: StoredInvitation | null,
  now: IsoDateTime,
): Pick<StoredInvitation, 'state' | 'revokedAt'> | null {
  assertCan(principalOf(actor), 'users.invite');
  if (!invitation) throw invitationRefusals.notFound();
  if (invitation.state === 'accepted') throw invitationRefusals.accepted();
  if (invitation.state === 'revoked') return null;
  return { state: 'revoked', revokedAt: now };
}

/** What {@link planAcceptance} decides: the account to create and the invitation's new fields. */
export interface AcceptancePlan {
  /** The account to create; `organisationId`: the organisation it joins (if it still exists then). */
  account: { email: string; displayName: string; role: Role; password: string; organisationId?: string };
  invitation: Pick<StoredInvitation, 'state' | 'acceptedAt'>;
}

/**
 * Checks a link and plans its acceptance. Every failure of the link itself — no such
 * invitation, a wrong secret — is the same `not-found`, so that a guesser learns nothing.
 * The account is created for the invited address only, whoever follows the link; following it
 * proves the address, so the account starts verified.
 * @throws AppError `not-found` (no invitation, wrong secret); `failed-precondition` when it was
 *   accepted already (sign in instead), revoked, or expired; `auth/email-already-in-use` when
 *   the address got an account meanwhile.
 */
export async function planAcceptance(
  invitation: StoredInvitation | null,
  request: AcceptInvitationRequest,
  accountExists: boolean,
  now: IsoDateTime,
): Promise<AcceptancePlan> {
  if (!invitation || !constantTimeEqual(await invitationTokenHash(request.token), invitation.tokenHash)) {
    throw invitationRefusals.notFound();
  }
  if (invitation.state === 'accepted') throw invitationRefusals.accepted();
  if (invitation.state === 'revoked') throw invitationRefusals.revoked();
  if (invitation.expiresAt <= now) throw invitationRefusals.expired();
  if (accountExists) throw refusals.emailInUse();
  return {
    account: {
      email: invitation.email,
      displayName: request.displayName,
      role: invitation.role,
      password: request.password,
      ...(invitation.organisationId && { organisationId: invitation.organisationId }),
    },
    invitation: { state: 'accepted', acceptedAt: now },
  };
}
