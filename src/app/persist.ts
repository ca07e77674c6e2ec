/**
 * What survives a reload (DESIGN §5): preferences and unsent drafts in localStorage; the last
 * known user as a hint for the first paint — per tab (sessionStorage) with the local backend,
 * whose sessions are per tab, and per browser (localStorage) with Firebase, whose sessions
 * are. Never the API cache, never tokens. Each persisted slice is versioned; corrupt or newer
 * state falls back to defaults instead of crashing.
 *
 * The shape checks are plain type guards rather than zod: this module is in the first JS every
 * visitor downloads (see README, bundle budgets).
 */
import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';
import type { AuthState } from '@/features/auth/slice/auth-slice';
import { initialPreferences, type PreferencesState } from '@/features/preferences/slice/preferences-slice';
import type { DraftsState } from '@/features/tickets/slice/drafts-slice';

/** Current versions of the persisted slices. Bump and add a migration when a shape changes. */
export const PERSIST_VERSIONS = { preferences: 1, drafts: 1, auth: 1 } as const;

type Storage = ReturnType<typeof createWebStorage>;

function noopStorage(): Storage {
  return {
    getItem: () => Promise.resolve(null),
    setItem: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
  };
}

function webStorage(kind: 'local' | 'session'): Storage {
  if (typeof window === 'undefined') return noopStorage(); // Node: tests and tooling
  try {
    return createWebStorage(kind);
  } catch {
    return noopStorage(); // storage disabled by the browser
  }
}

// Web storage answers at once, so redux-persist's 5 s rehydration timer (never cleared) is
// not needed.
const NO_TIMEOUT = 0;

/** Checks a rehydrated value; false drops it for the slice's defaults. */
export type ShapeCheck = (value: Record<string, unknown>) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

const isPreferences: ShapeCheck = (value) =>
  (value.theme === undefined || value.theme === 'light' || value.theme === 'dark') &&
  (value.menuCollapsed === undefined || typeof value.menuCollapsed === 'boolean');

const isDrafts: ShapeCheck = (value) =>
  Object.values(value).every(
    (draft) =>
      isRecord(draft) && isString(draft.body) && typeof draft.internal === 'boolean' && isString(draft.updatedAt),
  );

const isUserHint: ShapeCheck = (value) => {
  const user = value.lastUser;
  if (user === undefined || user === null) return true;
  return (
    isRecord(user) &&
    ['uid', 'displayName', 'email', 'createdAt', 'updatedAt'].every((key) => isString(user[key])) &&
    (user.role === 'customer' || user.role === 'agent' || user.role === 'admin') &&
    (user.photoPath === undefined || isString(user.photoPath))
  );
};

/**
 * A migrate function that runs `createMigrate` for known older versions, then checks the
 * result's shape. Newer versions (from a later build) and anything malformed become
 * `undefined`, which makes redux-persist keep the slice's defaults.
 * @param isValid checks the migrated state (without `_persist`).
 */
export function safeMigrate(migrations: MigrationManifest, currentVersion: number, isValid: ShapeCheck) {
  const migrate = createMigrate(migrations, { debug: false });
  return async (state: PersistedState, version: number): Promise<PersistedState> => {
    if (!state || typeof state !== 'object') return undefined;
    const inbound = state._persist?.version ?? -1;
    if (inbound > version || inbound > currentVersion) return undefined;
    try {
      const migrated = (await migrate(state, currentVersion)) as Record<string, unknown> | undefined;
      if (!migrated) return undefined;
      const { _persist, ...rest } = migrated;
      return isValid(rest) ? ({ ...rest, _persist } as PersistedState) : undefined;
    } catch {
      return undefined;
    }
  };
}

/** redux-persist config of the preferences slice (localStorage). */
export const preferencesPersistConfig: PersistConfig<PreferencesState> = {
  key: 'triage.preferences',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.preferences,
  storage: webStorage('local'),
  migrate: safeMigrate({}, PERSIST_VERSIONS.preferences, isPreferences),
};

/** redux-persist config of the drafts slice (localStorage). */
export const draftsPersistConfig: PersistConfig<DraftsState> = {
  key: 'triage.drafts',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.drafts,
  storage: webStorage('local'),
  migrate: safeMigrate({}, PERSIST_VERSIONS.drafts, isDrafts),
};

/** redux-persist config of the auth slice: only the `lastUser` hint, scoped like the session. */
export const authPersistConfig: PersistConfig<AuthState> = {
  key: 'triage.auth',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.auth,
  // Match the backend's session scope: per tab locally, per browser with Firebase Auth.
  storage: webStorage(process.env.BACKEND === 'firebase' ? 'local' : 'session'),
  whitelist: ['lastUser'],
  migrate: safeMigrate({}, PERSIST_VERSIONS.auth, isUserHint),
};

/** The default preferences, re-exported for tests of the fallback. */
export const defaultPreferences = initialPreferences;
