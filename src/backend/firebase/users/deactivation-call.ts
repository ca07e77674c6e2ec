/**
 * The Firebase side of `UsersPort.setDeactivated` (DESIGN §1 "Deactivated people"): a call of the
 * `setPersonDeactivated` function, since the profile's mark, the Auth account and the open tickets
 * are not a client's to write. Its own chunk: only an admin's deactivation loads Cloud Functions'
 * client here.
 */
import { httpsCallable, type Functions } from 'firebase/functions';
import { deactivationRequestSchema, type DeactivationRequest } from '@/domain/deactivation';
import { parseInput } from '@/domain/schemas';

/**
 * Asks trusted code to deactivate or reactivate a person.
 * @returns how many of their open tickets moved.
 * @throws AppError `invalid-argument` for a malformed request (checked here first); the function's
 *   refusals arrive as Firebase errors, which the port's `call` turns into AppErrors.
 */
export async function setPersonDeactivated(
  functions: Functions,
  request: DeactivationRequest,
): Promise<{ ticketsMoved: number }> {
  const asked = parseInput(deactivationRequestSchema, request);
  const { data } = await httpsCallable<DeactivationRequest, { ticketsMoved: number }>(
    functions,
    'setPersonDeactivated',
  )(asked);
  return { ticketsMoved: data.ticketsMoved };
}
