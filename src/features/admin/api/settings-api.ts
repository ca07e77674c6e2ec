/** The desk settings screen's live data (DESIGN §10): the settings' history and each category's ticket count. */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { SettingsChange } from '@/domain/settings-history';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Who changed the settings and what, newest first (admins; `permission-denied` for anyone else). */
    watchSettingsHistory: build.query<Live<SettingsChange[]>, void>(
      liveEndpoint<void, SettingsChange[]>((backend, _arg, onNext, onError) =>
        backend.settings.watchHistory(onNext, onError),
      ),
    ),
    /** How many tickets carry a category (any status), live. */
    watchCategoryCount: build.query<Live<number>, string>(
      liveEndpoint<string, number>((backend, category, onNext, onError) =>
        backend.tickets.watchCount({ category }, onNext, onError),
      ),
    ),
  }),
});

export const { useWatchSettingsHistoryQuery, useWatchCategoryCountQuery } = settingsApi;
