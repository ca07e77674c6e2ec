/**
 * The Firebase {@link SettingsPort}: each call loads `firestore-settings.ts` (the custom fields'
 * `firestore-fields.ts`, the macros' `firestore-macros.ts`, the triggers' `firestore-triggers.ts`,
 * the recurring tickets' `firestore-recurring-tickets.ts`) on first use. The local twin is
 * `local/settings/settings.ts`.
 */
import type { SettingsPort } from '@/backend/port/settings';
import { call, watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/settings/firestore-settings');
const loadFields = () => import('@/backend/firebase/settings/firestore-fields');
const loadMacros = () => import('@/backend/firebase/settings/firestore-macros');
const loadTriggers = () => import('@/backend/firebase/settings/firestore-triggers');
const loadRecurring = () => import('@/backend/firebase/settings/firestore-recurring-tickets');

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
    watchMacros: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadMacros()).watchMacros(await ctx.firestore(), next, fail),
      ),
    saveMacro: (macro) => call(async () => (await loadMacros()).saveMacro(await ctx.firestore(), macro)),
    deleteMacro: (id) => call(async () => (await loadMacros()).deleteMacro(await ctx.firestore(), id)),
    watchFields: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadFields()).watchFields(await ctx.firestore(), next, fail),
      ),
    saveFields: (fields) => call(async () => (await loadFields()).saveFields(await ctx.firestore(), fields)),
    watchTriggers: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadTriggers()).watchTriggers(await ctx.firestore(), next, fail),
      ),
    saveTrigger: (trigger) => call(async () => (await loadTriggers()).saveTrigger(await ctx.firestore(), trigger)),
    deleteTrigger: (id) => call(async () => (await loadTriggers()).deleteTrigger(await ctx.firestore(), id)),
    watchRecurringTickets: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadRecurring()).watchRecurringTickets(await ctx.firestore(), next, fail),
      ),
    saveRecurringTicket: (recurring) =>
      call(async () => (await loadRecurring()).saveRecurringTicket(await ctx.firestore(), recurring)),
    deleteRecurringTicket: (id) =>
      call(async () => (await loadRecurring()).deleteRecurringTicket(await ctx.firestore(), id)),
  };
}
