/**
 * The users port (DESIGN §1, §3, §9): profiles, bounded lists of people, roles, invitations,
 * organisations, one's own language, name and email switches, and the export of one's own data.
 */
import type { Role } from '@/domain/roles';
import type { NotificationPreferences, UserProfile } from '@/domain/types';
import type { Locale } from '@/domain/locales';
import type { AccountExport } from '@/domain/account';
import type { DeactivationRequest } from '@/domain/deactivation';
import type { AcceptInvitationRequest, Invitation, InvitationOutcome, InvitePeopleRequest } from '@/domain/invitations';
import type {
  Organisation,
  OrganisationView,
  SaveOrganisationRequest,
  SetMembershipRequest,
} from '@/domain/organisations';
import type { Unsubscribe, Listener, ErrorListener } from '@/backend/port/subscriptions';

/** Where a page of people continues: after this row (display name, then uid, ascending). */
export interface PeopleCursor {
  displayName: string;
  uid: string;
}

/**
 * One page of `users` (DESIGN §3 "Finding people"), ordered by display name then uid.
 * - `search`: typed text, looked up by its one most specific token (`searchKeyOf`) in the
 *   profile's search keys (name word prefixes, email); text with no token (a single letter)
 *   searches nothing, i.e. lists everyone;
 * - `role`: only people of this role;
 * - `organisationId`: only the members of this organisation (DESIGN §1 "Organisations");
 * - `deactivated`: only the deactivated people (DESIGN §1 "Deactivated people"), alone — with a
 *   search, a role or an organisation it is refused (`invalid-argument`);
 * - `limit`: 1–`MAX_PEOPLE_PAGE` (`src/domain/people.ts`);
 * - `after`: the previous page's `nextCursor`.
 */
export interface PeopleQuery {
  search?: string;
  role?: Role;
  organisationId?: string;
  deactivated?: true;
  limit: number;
  after?: PeopleCursor | null;
}

/** A page of people and where the next one starts (`null` when none follows). */
export interface PeoplePage {
  people: UserProfile[];
  nextCursor: PeopleCursor | null;
}

/**
 * `users/{uid}` (DESIGN §3): customers read only their own; staff read anyone by uid and list
 * people only in bounded queries (at most `MAX_PEOPLE_QUERY`, the rules' limit) — nothing
 * reads the whole collection.
 */
export interface UsersPort {
  /** @throws AppError `not-found`, `permission-denied` (a customer reading someone else). */
  get(uid: string): Promise<UserProfile>;
  /**
   * Live list of the staff (agents and admins) by display name, at most `STAFF_LIST_LIMIT`
   * (`src/domain/people.ts`): who a ticket can be assigned to. Staff only (else the error
   * listener gets `permission-denied`).
   */
  watchStaff(onNext: Listener<UserProfile[]>, onError: ErrorListener): Unsubscribe;
  /**
   * One page of people (see {@link PeopleQuery}); staff only.
   * @throws AppError `permission-denied` for a customer, `invalid-argument` for a limit outside
   *   1–`MAX_PEOPLE_PAGE`.
   */
  list(query: PeopleQuery): Promise<PeoplePage>;
  /**
   * Changes a user's role (DESIGN §1: admins only, never one's own).
   * @throws AppError `permission-denied` for anyone but an admin, or an admin changing themselves.
   */
  setRole(uid: string, role: Role): Promise<void>;
  /**
   * Deactivates or reactivates a person (DESIGN §1 "Deactivated people"), through trusted code:
   * deactivated, they cannot sign in and their next call is refused, their session still open;
   * their open tickets are unassigned or all reassigned as `openTickets` says (unassigned when not
   * said), each with its audit entry. Reactivating leaves the tickets where they are. Repeating a
   * request only finishes what is left.
   * @returns how many of their open tickets moved.
   * @throws AppError `permission-denied` for anyone but an admin, or an admin deactivating
   *   themselves; `failed-precondition` for the last active admin; `not-found` for no such person;
   *   `invalid-argument` for a malformed request or a colleague who cannot take tickets.
   */
  setDeactivated(request: DeactivationRequest): Promise<{ ticketsMoved: number }>;
  /**
   * Invites people by email, each with a role (DESIGN §1 "Invitations"), admins only: trusted code
   * stores an invitation per new address and emails its one-time link (the outgoing mail). An
   * address with an account, with a pending invitation, or repeated in the request is reported
   * and not invited.
   * @returns each row's outcome, in the order asked.
   * @throws AppError `permission-denied` for anyone but an admin; `invalid-argument` for a
   *   malformed request (0 or more than `INVITATIONS_PER_REQUEST` rows, a bad address).
   */
  invite(request: InvitePeopleRequest): Promise<InvitationOutcome[]>;
  /**
   * The invitations, newest first (at most `INVITATION_LIST_LIMIT`), live; admins only. Never
   * the link's secret or its hash.
   */
  watchInvitations(onNext: Listener<Invitation[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Emails a pending or expired invitation again with a new link (the old one stops working),
   * valid for `INVITATION_TTL_MS` from now. Admins only.
   * @throws AppError `permission-denied`; `not-found`; `failed-precondition` when accepted or revoked.
   */
  resendInvitation(invitationId: string): Promise<void>;
  /**
   * Withdraws an invitation: its link stops working. Admins only; revoking twice changes nothing.
   * @throws AppError `permission-denied`; `not-found`; `failed-precondition` when accepted.
   */
  revokeInvitation(invitationId: string): Promise<void>;
  /**
   * Accepts an invitation from its link, signed in or not: trusted code creates the account for
   * the invited address (verified: the link proved it) with the invited role, the name and the
   * password given. The caller then signs in with the address and password.
   * @returns the invited address.
   * @throws AppError `not-found` for an unknown link or a wrong secret (the same refusal);
   *   `failed-precondition` when it was used, withdrawn or has expired; `auth/email-already-in-use`
   *   when the address got an account meanwhile; `invalid-argument` for a bad name or password.
   */
  acceptInvitation(request: AcceptInvitationRequest): Promise<{ email: string }>;
  /**
   * The desk's organisations by name (at most `ORGANISATION_LIMIT`), live (DESIGN §1
   * "Organisations"); agents and admins only.
   * @throws (to `onError`) AppError `permission-denied` for a customer.
   */
  watchOrganisations(onNext: Listener<Organisation[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Joins the signed-in customer to the organisation claiming their address's domain, when their
   * address is verified and they belong to none (`organisationByDomain`, DESIGN §1
   * "Organisations"); trusted code decides from the verified address, so asking is harmless. On
   * Firebase the verification is the ID token's: one from before the address was verified joins
   * nothing until it is refreshed.
   * @returns the organisation they belong to afterwards, or `null`.
   */
  joinOrganisationByDomain(): Promise<{ organisationId: string | null }>;
  /**
   * What a member reads of their organisation (DESIGN §1 "Organisations"): its name and whether it
   * shares its requests, live; `null` once it is deleted. Its members and staff only.
   * @throws (to `onError`) AppError `permission-denied` for anyone else.
   */
  watchOrganisationView(id: string, onNext: Listener<OrganisationView | null>, onError: ErrorListener): Unsubscribe;
  /**
   * Creates (no `id`) or replaces an organisation, admins only, through trusted code (the domain's
   * `planOrganisationSave`, in one transaction with every other organisation).
   * @returns the organisation's id.
   * @throws AppError `permission-denied`; `invalid-argument` (see `saveOrganisationSchema`);
   *   `not-found` (edited one deleted meanwhile); `already-exists` (name or a domain taken);
   *   `resource-exhausted` (`ORGANISATION_LIMIT`).
   */
  saveOrganisation(request: SaveOrganisationRequest): Promise<{ id: string }>;
  /**
   * Deletes an organisation, admins only; its members belong to none afterwards.
   * @throws AppError `permission-denied`; `not-found`.
   */
  deleteOrganisation(id: string): Promise<void>;
  /**
   * Sets (or clears, `organisationId: null`) the organisation a customer belongs to, admins only.
   * @throws AppError `permission-denied`; `not-found` (person or organisation);
   *   `failed-precondition` for staff (they belong to the desk).
   */
  setOrganisation(request: SetMembershipRequest): Promise<void>;
  /**
   * Keeps the signed-in person's language on their profile (DESIGN §8), so that it follows
   * them to other browsers and trusted code can write to them in it.
   * @throws AppError `invalid-argument` for a language Triage does not speak, `unauthenticated`.
   */
  setOwnLocale(locale: Locale): Promise<void>;
  /**
   * Sets which emails the signed-in person gets (DESIGN §9), all four switches at once; trusted
   * code reads them before writing a mail.
   * @throws AppError `invalid-argument` for anything but the four booleans, `unauthenticated`.
   */
  setOwnNotifications(preferences: NotificationPreferences): Promise<void>;
  /**
   * Says whether the signed-in agent or admin takes new tickets from round-robin rules (DESIGN §10
   * "Triggers"): the switch in the header.
   * @throws AppError `permission-denied` for a customer, `unauthenticated`.
   */
  setOwnAvailability(available: boolean): Promise<void>;
  /**
   * Changes the signed-in person's display name (DESIGN §3 limits). Tickets and messages keep the
   * name they were written under.
   * @throws AppError `invalid-argument`, `unauthenticated`.
   */
  setOwnDisplayName(displayName: string): Promise<void>;
  /**
   * "Export my data" (DESIGN §9): the signed-in person's profile and their requests with the
   * public messages only (see `accountExportOf`).
   * @throws AppError `unauthenticated`.
   */
  exportOwnData(): Promise<AccountExport>;
}
