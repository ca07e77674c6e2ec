/**
 * What the invitee's page and the admins' live list need of invitations (DESIGN §1
 * "Invitations"), apart from the planners of `invitations.ts` so that the first paint and the
 * invitee's page carry only this: the link — the page `/invitation`, with the invitation's id and
 * its secret in the fragment, which a browser never sends to a server nor puts in a `Referer` —
 * and the list's bound and view.
 */
import type { Role } from '@/domain/roles';
import type { IsoDateTime } from '@/domain/types';

/** Where an invitation stands as stored; "expired" is read from `expiresAt` ({@link invitationStatus}). */
export type InvitationState = 'pending' | 'accepted' | 'revoked';

/** An invitation as the admins' list shows it. */
export interface Invitation {
  id: string;
  /** Lowercase address. */
  email: string;
  role: Role;
  /** The name the admin gave, if any (the invitee chooses theirs when accepting). */
  displayName?: string;
  /**
   * A customer invited on behalf of an organisation (DESIGN §1 "Organisations"): its id, and its
   * name when invited (for the list); the account joins it when the invitation is accepted.
   */
  organisationId?: string;
  organisationName?: string;
  state: InvitationState;
  invitedBy: string;
  invitedByName: string;
  /** ISO-8601 UTC. */
  createdAt: IsoDateTime;
  /** ISO-8601 UTC of the last (re)send. */
  sentAt: IsoDateTime;
  /** ISO-8601 UTC: {@link INVITATION_TTL_MS} after `sentAt`. */
  expiresAt: IsoDateTime;
  /** How many times the link was emailed (1 for the first). */
  sends: number;
  acceptedAt?: IsoDateTime;
  /** The account made when it was accepted. */
  acceptedUid?: string;
  revokedAt?: IsoDateTime;
}

/** An invitation as trusted code stores it: with the SHA-256 (hex) of the link's secret. */
export interface StoredInvitation extends Invitation {
  tokenHash: string;
}

/** How many invitations the admins' list shows, newest first. */
export const INVITATION_LIST_LIMIT = 200;

/** The invitation as the admins see it: without its secret's hash. */
export function invitationView({ tokenHash: _secret, ...invitation }: StoredInvitation): Invitation {
  return invitation;
}

/** The link an invitation email carries: the page, with id and secret in the fragment. */
export function invitationLink(appUrl: string, invitationId: string, token: string): string {
  return `${appUrl}/invitation#${invitationId}.${token}`;
}

/** Reads a link's fragment (`#id.secret`); `null` when it is not one. */
export function parseInvitationFragment(hash: string): { invitationId: string; token: string } | null {
  const match = /^#?([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,128})$/.exec(hash);
  return match?.[1] && match[2] ? { invitationId: match[1], token: match[2] } : null;
}

/** What a link that names no invitation (or a wrong secret) is told: the `not-found` refusal's sentence. */
export const INVITATION_NOT_VALID = 'This invitation link is not valid. Ask your admin to send you a new one.';
