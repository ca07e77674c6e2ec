/** Auth calls that are plain requests (not session state), as RTK Query endpoints. */
import { api } from '@/lib/store/api';
import type { ErrorShape } from '@/domain/errors/errors';
import type { AcceptInvitationRequest } from '@/domain/invitations';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Starts a password reset for an email. Resolves `{ sendsEmail }` — false in local mode,
     * where no email exists to send. Never reveals whether the email has an account.
     */
    sendPasswordReset: build.mutation<{ sendsEmail: boolean }, string>({
      query: (email) => async (backend) => {
        await backend.auth.sendPasswordReset(email);
        return { sendsEmail: backend.auth.capabilities.sendsEmail };
      },
    }),
    /**
     * Accepts an invitation from its link (DESIGN §1 "Invitations"): trusted code creates the
     * account; resolves to its address, with which the caller then signs in.
     */
    acceptInvitation: build.mutation<{ email: string }, AcceptInvitationRequest>({
      query: (request) => (backend) => backend.users.acceptInvitation(request),
    }),
  }),
});

export const { useSendPasswordResetMutation, useAcceptInvitationMutation } = authApi;
/** Errors of these endpoints are `{ code, message }`. */
export type AuthApiError = ErrorShape;
