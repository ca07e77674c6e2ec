/**
 * Listener middleware (DESIGN §5): registers the features' own listeners (the auth mirror,
 * `features/auth/auth-listener.ts`; the outbox's delivery,
 * `features/tickets/conversation/outbox-listener.ts`) and keeps here only what spans features:
 * on sign-out (or a switch to another person) it resets the API cache, and on sign-out purges
 * the drafts of the person signing out.
 */
import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { forgetStoredDrafts } from '@/app/persist';
import type { RootState } from '@/app/root-reducer';
import type { Backend } from '@/backend/port/backend';
import { currentUserOf, sessionUidOf } from '@/lib/session/auth-machine';
import { registerAuthListener } from '@/features/auth/auth-listener';
import { authChanged } from '@/features/auth/slice/auth-slice';
import { registerOutboxListeners } from '@/features/tickets/conversation/outbox-listener';
import { draftsOfUserCleared } from '@/features/tickets/conversation/slice/drafts-slice';
import { localeChanged, localeOwnerChanged } from '@/features/preferences/slice/preferences-slice';
import { api } from '@/lib/store/api';
import type { StartListening } from '@/lib/store/store-types';

/** Dispatched once when the app mounts; starts the auth mirror. */
export const appStarted = createAction('app/started');

/** `startListening` typed for this app. */
export type AppStartListening = StartListening<RootState>;

/** Creates the listener middleware with the backend as its `extra` argument. */
export function createAppListenerMiddleware(backend: Backend) {
  return createListenerMiddleware({ extra: backend });
}

/**
 * Registers the app's listeners.
 * - the auth mirror (`registerAuthListener`): on `appStarted`, `backend.auth.onChange` → `authChanged`;
 * - on `authChanged`: when the session ends or becomes another person, resets the API cache
 *   (no data of the previous person survives); when this tab's person signs out, purges their
 *   drafts, in the store and in storage. Only theirs: other tabs may hold other people's. A tab
 *   that starts signed out had nobody to sign out, so it purges nothing;
 * - the language (DESIGN §8): a person's profile carries the language they chose, so on
 *   sign-in (or when they change it in another browser) it becomes this browser's; a choice
 *   made here is saved to their profile;
 * - a customer signed in with a verified address and no organisation asks, once per session, to
 *   join the one claiming its domain (DESIGN §1 "Organisations");
 * - the outbox's listeners (`registerOutboxListeners`), delivering after any auth change.
 */
export function registerListeners(startListening: AppStartListening): void {
  registerAuthListener(startListening, appStarted);

  startListening({
    actionCreator: authChanged,
    effect: (action, listenerApi) => {
      const { auth } = listenerApi.getOriginalState();
      const before = currentUserOf(auth)?.uid ?? null;
      const change = action.payload;
      const after =
        change.kind === 'signedIn' ? change.user.uid : change.kind === 'profileUnavailable' ? change.uid : null;
      if (before !== null && before !== after) listenerApi.dispatch(api.util.resetApiState());
      const leaving = sessionUidOf(auth);
      if (change.kind === 'signedOut' && leaving) {
        listenerApi.dispatch(draftsOfUserCleared(leaving));
        forgetStoredDrafts(leaving);
      }
    },
  });

  startListening({
    actionCreator: authChanged,
    effect: (action, listenerApi) => {
      if (action.payload.kind !== 'signedIn') return;
      // The profile is the person's choice wherever they made it last (a choice made here is on
      // its way to the profile, which then says the same).
      const { locale, uid } = action.payload.user;
      const { preferences } = listenerApi.getState();
      if (locale) {
        if (preferences.locale !== locale) listenerApi.dispatch(localeChanged(locale));
      } else if (preferences.localeChosenBy && preferences.localeChosenBy !== uid) {
        // Another person's choice, stored in this browser: not this person's. The browser's language.
        listenerApi.dispatch(localeChanged(null));
      }
      listenerApi.dispatch(localeOwnerChanged(uid));
    },
  });

  startListening({
    actionCreator: localeChanged,
    effect: async (action, listenerApi) => {
      const user = currentUserOf(listenerApi.getState().auth);
      const locale = action.payload;
      listenerApi.dispatch(localeOwnerChanged(user?.uid ?? null));
      if (!user || !locale || user.locale === locale) return;
      try {
        await listenerApi.extra.users.setOwnLocale(locale);
      } catch (error) {
        // The choice still holds in this browser; only other browsers will not follow it.
        console.warn('Triage could not save the language to your profile.', error);
      }
    },
  });

  // A customer in no organisation, with a verified address, asks trusted code once per session to
  // join the organisation claiming its domain (DESIGN §1 "Organisations"); it decides.
  const askedToJoin = new Set<string>();
  startListening({
    actionCreator: authChanged,
    effect: async (action, listenerApi) => {
      const change = action.payload;
      if (change.kind !== 'signedIn' || !change.emailVerified) return;
      const { uid, role, organisationId } = change.user;
      if (role !== 'customer' || organisationId || askedToJoin.has(uid)) return;
      askedToJoin.add(uid);
      try {
        await listenerApi.extra.users.joinOrganisationByDomain();
      } catch (error) {
        // Nothing is lost: an admin can still put them in it from the people list.
        console.warn('Triage could not look for your organisation.', error);
      }
    },
  });

  registerOutboxListeners(startListening, {
    appStarted,
    sessionChanged: authChanged,
    currentUid: (state) => currentUserOf(state.auth)?.uid,
  });
}
