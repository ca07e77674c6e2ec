/**
 * A person's own account (DESIGN §9): name, picture, password, email switches, the address's
 * verification, export and deletion.
 */
import { api } from '@/lib/store/api';
import type { NotificationPreferences } from '@/domain/types';
import type { AccountExport } from '@/domain/account';
import type { FileToUpload } from '@/backend/port/files';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sets all four email switches of the signed-in person. */
    setOwnNotifications: build.mutation<void, NotificationPreferences>({
      query: (preferences) => (backend) => backend.users.setOwnNotifications(preferences),
    }),
    /** Changes the signed-in person's display name. */
    setOwnDisplayName: build.mutation<void, string>({
      query: (displayName) => (backend) => backend.users.setOwnDisplayName(displayName),
    }),
    /** Makes an image the signed-in person's picture; the cached picture of `uid` is refetched. */
    uploadAvatar: build.mutation<string, { uid: string; file: FileToUpload }>({
      query:
        ({ file }) =>
        (backend) =>
          backend.files.uploadAvatar(file),
      invalidatesTags: (_path, _error, { uid }) => [{ type: 'Avatar', id: uid }],
    }),
    /** Removes the signed-in person's picture. */
    removeAvatar: build.mutation<void, { uid: string }>({
      query: () => (backend) => backend.files.removeAvatar(),
      invalidatesTags: (_result, _error, { uid }) => [{ type: 'Avatar', id: uid }],
    }),
    /** Changes the password, checking the current one first. */
    changePassword: build.mutation<void, { currentPassword: string; newPassword: string }>({
      query:
        ({ currentPassword, newPassword }) =>
        (backend) =>
          backend.auth.changePassword(currentPassword, newPassword),
    }),
    /** "Export my data": the person's profile, requests and public messages. */
    exportOwnData: build.mutation<AccountExport, void>({
      query: () => (backend) => backend.users.exportOwnData(),
    }),
    /** Deletes the account after checking the password; the session ends. */
    deleteOwnAccount: build.mutation<void, string>({
      query: (password) => (backend) => backend.auth.deleteOwnAccount(password),
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

export const {
  useSetOwnNotificationsMutation,
  useSendEmailVerificationMutation,
  useSetOwnDisplayNameMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useChangePasswordMutation,
  useExportOwnDataMutation,
  useDeleteOwnAccountMutation,
} = accountApi;
