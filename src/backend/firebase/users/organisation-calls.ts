/**
 * The Firebase side of organisations' writes (DESIGN §1 "Organisations"): calls of the
 * `saveOrganisation`, `deleteOrganisation` and `setOrganisation` functions, since only trusted
 * code can check a domain against every organisation in one transaction, and a membership is not
 * a client's to write. Its own chunk: only an admin managing organisations loads Cloud Functions'
 * client here.
 */
import { httpsCallable, type Functions } from 'firebase/functions';
import {
  organisationIdSchema,
  saveOrganisationSchema,
  setMembershipSchema,
  type SaveOrganisationRequest,
  type SetMembershipRequest,
} from '@/domain/organisations';
import { parseInput } from '@/domain/schemas';

/**
 * Asks trusted code to create (no `id`) or replace an organisation (see
 * `UsersPort.saveOrganisation`).
 * @returns the organisation's id.
 * @throws AppError `invalid-argument` for a malformed request (checked here first); the function's
 *   refusals arrive as Firebase errors, which the port's `call` turns into AppErrors.
 */
export async function saveOrganisation(
  functions: Functions,
  request: SaveOrganisationRequest,
): Promise<{ id: string }> {
  const asked = parseInput(saveOrganisationSchema, request);
  const { data } = await httpsCallable<SaveOrganisationRequest, { id: string }>(functions, 'saveOrganisation')(asked);
  return { id: data.id };
}

/**
 * Asks trusted code to delete an organisation and clear its members' membership (see
 * `UsersPort.deleteOrganisation`).
 * @throws AppError `invalid-argument` for a malformed id; the function's refusals as Firebase errors.
 */
export async function deleteOrganisation(functions: Functions, id: string): Promise<void> {
  const asked = parseInput(organisationIdSchema, { id });
  await httpsCallable<typeof asked, null>(functions, 'deleteOrganisation')(asked);
}

/**
 * Asks trusted code to set or clear (`organisationId: null`) a customer's organisation (see
 * `UsersPort.setOrganisation`).
 * @throws AppError `invalid-argument` for a malformed request; the function's refusals as Firebase
 *   errors.
 */
export async function setOrganisation(functions: Functions, request: SetMembershipRequest): Promise<void> {
  const asked = parseInput(setMembershipSchema, request);
  await httpsCallable<SetMembershipRequest, null>(functions, 'setOrganisation')(asked);
}

/**
 * Asks trusted code to join the signed-in customer to the organisation claiming their verified
 * address's domain (see `UsersPort.joinOrganisationByDomain`); the function reads the address and
 * its verification from the ID token this call carries.
 * @returns the organisation they belong to afterwards, or `null`.
 */
export async function joinOrganisationByDomain(functions: Functions): Promise<{ organisationId: string | null }> {
  const { data } = await httpsCallable<null, { organisationId: string | null }>(
    functions,
    'joinOrganisationByDomain',
  )(null);
  return { organisationId: typeof data.organisationId === 'string' ? data.organisationId : null };
}
