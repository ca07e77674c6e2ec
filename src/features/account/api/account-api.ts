/** A person's own account (DESIGN §9): their email switches and their address's verification. */
import { api } from '@/lib/store/api';
import type { NotificationPreferences } from '@/domain/mail/preferences';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sets all four email switches of the signed-in person. */
    setOwnNotifications: build.mutation<void, NotificationPreferences>({
      query: (preferences) => (backend) => backend.users.setOwnNotifications(preferences),
    }),
    /**
     * Sends the signed-in person a verification link. Resolves `{ sendsEmail }`: false in local
     * mode, where the address is marked verified at once instead.
     */
    sendEmailVerification: build.mutation<{ sendsEmail: boolean }, void>({
      query: () => async (backend) => {
        await backend.auth.sendEmailVerification();
        return { sendsEmail: backend.auth.capabilities.sendsEmail };
      },
    }),
  }),
});

export const { useSetOwnNotificationsMutation, useSendEmailVerificationMutation } = accountApi;
