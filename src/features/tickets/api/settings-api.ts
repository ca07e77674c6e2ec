/**
 * Desk settings as RTK Query endpoints over the backend port: the live settings (categories,
 * close-after days, SLA targets, canned replies) and saving the shared canned replies.
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { CannedReply, DeskSettings } from '@/domain/types';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Desk settings (categories, close-after days, SLA, canned replies), live. */
    watchDeskSettings: build.query<Live<DeskSettings>, void>(
      liveEndpoint<void, DeskSettings>((backend, _arg, onNext, onError) => backend.settings.watch(onNext, onError)),
    ),
    /** Replaces the desk's shared canned replies (agents and admins, DESIGN §1). */
    saveCannedReplies: build.mutation<void, readonly CannedReply[]>({
      query: (replies) => (backend) => backend.settings.saveCannedReplies(replies),
    }),
  }),
});

export const { useWatchDeskSettingsQuery, useSaveCannedRepliesMutation } = settingsApi;
