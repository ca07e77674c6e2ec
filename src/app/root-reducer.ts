/**
 * The root reducer: the API cache (never persisted) and the feature slices, with the
 * persisted ones wrapped by redux-persist (see `persist.ts`).
 */
import { combineReducers } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { api } from '@/lib/store/api';
import {
  authPersistConfig,
  draftsPersistConfig,
  outboxPersistConfig,
  preferencesPersistConfig,
  queuePreferencesPersistConfig,
} from '@/app/persist';
import { authReducer } from '@/features/auth/slice/auth-slice';
import { preferencesReducer } from '@/features/preferences/slice/preferences-slice';
import { draftsReducer } from '@/features/tickets/conversation/slice/drafts-slice';
import { outboxReducer } from '@/features/tickets/conversation/slice/outbox-slice';
import { queuePreferencesReducer } from '@/features/tickets/queue/slice/queue-preferences-slice';

/** Combines every slice. */
export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: persistReducer(authPersistConfig, authReducer),
  preferences: persistReducer(preferencesPersistConfig, preferencesReducer),
  queuePreferences: persistReducer(queuePreferencesPersistConfig, queuePreferencesReducer),
  drafts: persistReducer(draftsPersistConfig, draftsReducer),
  outbox: persistReducer(outboxPersistConfig, outboxReducer),
});

/** The whole store state. */
export type RootState = ReturnType<typeof rootReducer>;
