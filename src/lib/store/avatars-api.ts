/**
 * People's pictures (DESIGN §9): the download URL of `avatars/{uid}/avatar`, fetched once per
 * person and kept while any screen shows them; `null` for someone without one.
 */
import { api } from '@/lib/store/api';
import { avatarPath } from '@/domain/avatars';
import { toErrorShape } from '@/domain/errors/errors';

const avatarsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The URL of a person's picture, or null when they have none (`not-found` is not an error here). */
    avatarUrl: build.query<string | null, string>({
      query: (uid) => async (backend) => {
        try {
          return await backend.files.getDownloadUrl(avatarPath(uid));
        } catch (error) {
          if (toErrorShape(error).code === 'not-found') return null;
          throw error;
        }
      },
      providesTags: (_url, _error, uid) => [{ type: 'Avatar', id: uid }],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useAvatarUrlQuery } = avatarsApi;

/** Forgets the cached picture of `uid` (after the person changed it), so every avatar shows the new one. */
export const avatarChanged = (uid: string) => avatarsApi.util.invalidateTags([{ type: 'Avatar', id: uid }]);
