/**
 * Role changes, deactivations, invitations and organisations, for admins (DESIGN §1); accepting an invitation is
 * the auth feature's. The people lists are `src/lib/store/people-api.ts`.
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { Role } from '@/domain/roles';
import type { DeactivationRequest } from '@/domain/deactivation';
import type { Invitation, InvitationOutcome, InvitePeopleRequest } from '@/domain/invitations';
import type { SaveOrganisationRequest, SetMembershipRequest } from '@/domain/organisations';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Changes a user's role (admins only, never their own); the people pages and that person's
     * profile are read again (the staff list follows live).
     */
    setRole: build.mutation<void, { uid: string; role: Role }>({
      query:
        ({ uid, role }) =>
        (backend) =>
          backend.users.setRole(uid, role),
      invalidatesTags: ['User'],
    }),
    /**
     * Deactivates or reactivates a person (DESIGN §1 "Deactivated people"), moving their open
     * tickets as asked; resolves to how many moved. The people pages are read again.
     */
    setDeactivated: build.mutation<{ ticketsMoved: number }, DeactivationRequest>({
      query: (request) => (backend) => backend.users.setDeactivated(request),
      invalidatesTags: ['User'],
    }),
    /** Invites people (DESIGN §1 "Invitations"); resolves to each row's outcome, in order. */
    invitePeople: build.mutation<InvitationOutcome[], InvitePeopleRequest>({
      query: (request) => (backend) => backend.users.invite(request),
    }),
    /** The invitations, newest first, live (admins only). */
    watchInvitations: build.query<Live<Invitation[]>, void>(
      liveEndpoint<void, Invitation[]>((backend, _arg, onNext, onError) =>
        backend.users.watchInvitations(onNext, onError),
      ),
    ),
    /** Emails an invitation again with a new link (the old one stops working). */
    resendInvitation: build.mutation<void, string>({
      query: (invitationId) => (backend) => backend.users.resendInvitation(invitationId),
    }),
    /** Withdraws an invitation: its link stops working. */
    revokeInvitation: build.mutation<void, string>({
      query: (invitationId) => (backend) => backend.users.revokeInvitation(invitationId),
    }),
    /** Creates (no `id`) or edits an organisation; resolves to its id (the live list follows). */
    saveOrganisation: build.mutation<{ id: string }, SaveOrganisationRequest>({
      query: (request) => (backend) => backend.users.saveOrganisation(request),
    }),
    /** Deletes an organisation; its members belong to none (the people pages are read again). */
    deleteOrganisation: build.mutation<void, string>({
      query: (id) => (backend) => backend.users.deleteOrganisation(id),
      invalidatesTags: ['User'],
    }),
    /** Puts a customer in an organisation, or takes them out (`organisationId: null`). */
    setOrganisation: build.mutation<void, SetMembershipRequest>({
      query: (request) => (backend) => backend.users.setOrganisation(request),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useSetRoleMutation,
  useSetDeactivatedMutation,
  useInvitePeopleMutation,
  useWatchInvitationsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useSaveOrganisationMutation,
  useDeleteOrganisationMutation,
  useSetOrganisationMutation,
} = usersApi;
