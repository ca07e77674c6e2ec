/** Auth calls that are plain requests (not session state), as RTK Query endpoints. */
import { api } from '@/lib/store/api';
import type { ErrorShape } from '@/domain/errors/errors';

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
  }),
});

export const { useSendPasswordResetMutation } = authApi;
/** Errors of these endpoints are `{ code, message }`. */
export type AuthApiError = ErrorShape;
