/**
 * The Firebase side of invitations' writes (DESIGN §1 "Invitations"): calls of the
 * `invitePeople`, `resendInvitation`, `revokeInvitation` and `acceptInvitation` functions, since
 * an invitation, its email and the invitee's account are not a client's to write. Its own chunk:
 * only an admin inviting, or an invitee following a link, loads Cloud Functions' client here.
 * The local twin is `local/users/invitations.ts`.
 */
import { httpsCallable, type Functions } from 'firebase/functions';
import {
  acceptInvitationSchema,
  invitationIdRequestSchema,
  invitePeopleSchema,
  type AcceptInvitationRequest,
  type InvitationOutcome,
  type InvitePeopleRequest,
} from '@/domain/invitations';
import { refusals } from '@/domain/errors/refusals';
import { parseInput } from '@/domain/schemas';

/**
 * Whether a callable's refusal is the app's `auth/email-already-in-use`: the function answers
 * `already-exists` with that code in its details (a callable has no `auth/…` codes).
 */
function isEmailInUse(error: unknown): boolean {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  return (
    code === 'functions/already-exists' &&
    typeof details === 'object' &&
    details !== null &&
    (details as { code?: unknown }).code === 'auth/email-already-in-use'
  );
}

/**
 * Asks trusted code to invite people (see `UsersPort.invite`).
 * @returns each row's outcome, in the order asked.
 * @throws AppError `invalid-argument` for a malformed request (checked here first); the function's
 *   refusals arrive as Firebase errors, which the port's `call` turns into AppErrors.
 */
export async function invitePeople(functions: Functions, request: InvitePeopleRequest): Promise<InvitationOutcome[]> {
  const asked = parseInput(invitePeopleSchema, request);
  const { data } = await httpsCallable<InvitePeopleRequest, InvitationOutcome[]>(functions, 'invitePeople')(asked);
  return data;
}

/**
 * Asks trusted code to email an invitation again with a new link (see `UsersPort.resendInvitation`).
 * @throws AppError `invalid-argument` for a malformed id; the function's refusals as Firebase errors.
 */
export async function resendInvitation(functions: Functions, invitationId: string): Promise<void> {
  const asked = parseInput(invitationIdRequestSchema, { invitationId });
  await httpsCallable<typeof asked, null>(functions, 'resendInvitation')(asked);
}

/**
 * Asks trusted code to withdraw an invitation (see `UsersPort.revokeInvitation`).
 * @throws AppError `invalid-argument` for a malformed id; the function's refusals as Firebase errors.
 */
export async function revokeInvitation(functions: Functions, invitationId: string): Promise<void> {
  const asked = parseInput(invitationIdRequestSchema, { invitationId });
  await httpsCallable<typeof asked, null>(functions, 'revokeInvitation')(asked);
}

/**
 * Asks trusted code to accept an invitation from its link, signed in or not (see
 * `UsersPort.acceptInvitation`); the caller then signs in with the address and password.
 * @returns the invited address.
 * @throws AppError `invalid-argument` for a bad name or password (checked here first);
 *   `auth/email-already-in-use` when the address got an account meanwhile; the function's other
 *   refusals as Firebase errors.
 */
export async function acceptInvitation(
  functions: Functions,
  request: AcceptInvitationRequest,
): Promise<{ email: string }> {
  const asked = parseInput(acceptInvitationSchema, request);
  try {
    const { data } = await httpsCallable<AcceptInvitationRequest, { email: string }>(
      functions,
      'acceptInvitation',
    )(asked);
    return { email: data.email };
  } catch (error) {
    if (isEmailInUse(error)) throw refusals.emailInUse();
    throw error;
  }
}
