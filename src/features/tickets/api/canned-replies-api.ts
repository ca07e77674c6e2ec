/**
 * Saving the desk's shared canned replies as an RTK Query endpoint over the backend port (the
 * live settings they are read from are `src/lib/store/desk-settings-api.ts`).
 */
import { api } from '@/lib/store/api';
import type { CannedReply } from '@/domain/types';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Replaces the desk's shared canned replies (agents and admins, DESIGN §1). */
    saveCannedReplies: build.mutation<void, readonly CannedReply[]>({
      query: (replies) => (backend) => backend.settings.saveCannedReplies(replies),
    }),
  }),
});

export const { useSaveCannedRepliesMutation } = settingsApi;
