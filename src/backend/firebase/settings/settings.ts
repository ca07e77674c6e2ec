/**
 * The Firebase {@link SettingsPort}: each call loads `firestore-settings.ts` (the custom fields'
 * `firestore-fields.ts`) on first use. The local twin is `local/settings/settings.ts`.
 */
import type { SettingsPort } from '@/backend/port/settings';
import { call, watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/settings/firestore-settings');
const loadFields = () => import('@/backend/firebase/settings/firestore-fields');

/** The Firebase settings port. */
export function createFirebaseSettings(ctx: FirebaseContext): SettingsPort {
  return {
    watch: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchSettings(await ctx.firestore(), next, fail),
      ),
    save: (settings) => call(async () => (await load()).saveSettings(await ctx.firestore(), settings)),
    watchHistory: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchSettingsHistory(await ctx.firestore(), next, fail),
      ),
    saveCannedReplies: (replies) => call(async () => (await load()).saveCannedReplies(await ctx.firestore(), replies)),
    watchFields: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadFields()).watchFields(await ctx.firestore(), next, fail),
      ),
    saveFields: (fields) => call(async () => (await loadFields()).saveFields(await ctx.firestore(), fields)),
  };
}
