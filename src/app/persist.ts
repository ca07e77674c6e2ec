/**
 * What survives a reload (DESIGN §5): preferences and unsent drafts in localStorage; the last
 * known user, per tab, in sessionStorage (two tabs may be two people). Never the API cache,
 * never tokens. Each persisted slice is versioned; corrupt or newer state falls back to
 * defaults instead of crashing.
 */
import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';
import { z } from 'zod';
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

const preferencesShape = z.object({ theme: z.enum(['light', 'dark']), menuCollapsed: z.boolean() });
const draftsShape = z.record(
  z.string(),
  z.object({ body: z.string(), internal: z.boolean(), updatedAt: z.string() }),
);
const userShape = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'agent', 'admin']),
  photoPath: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * A migrate function that runs `createMigrate` for known older versions, then checks the
 * result's shape. Newer versions (from a later build) and anything malformed become
 * `undefined`, which makes redux-persist keep the slice's defaults.
 * @param pick the persisted keys to keep and check.
 */
export function safeMigrate<S>(
  migrations: MigrationManifest,
  currentVersion: number,
  shape: z.ZodType<Partial<S>>,
) {
  const migrate = createMigrate(migrations, { debug: false });
  return async (state: PersistedState, version: number): Promise<PersistedState> => {
    if (!state || typeof state !== 'object') return undefined;
    const inbound = state._persist?.version ?? -1;
    if (inbound > version || inbound > currentVersion) return undefined;
    try {
      const migrated = (await migrate(state, currentVersion)) as Record<string, unknown> | undefined;
      if (!migrated) return undefined;
      const { _persist, ...rest } = migrated;
      const parsed = shape.safeParse(rest);
      return parsed.success ? ({ ...parsed.data, _persist } as PersistedState) : undefined;
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
  migrate: safeMigrate<PreferencesState>({}, PERSIST_VERSIONS.preferences, preferencesShape.partial()),
};

/** redux-persist config of the drafts slice (localStorage). */
export const draftsPersistConfig: PersistConfig<DraftsState> = {
  key: 'triage.drafts',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.drafts,
  storage: webStorage('local'),
  migrate: safeMigrate<DraftsState>({}, PERSIST_VERSIONS.drafts, draftsShape),
};

/** redux-persist config of the auth slice: only the `lastUser` hint, per tab (sessionStorage). */
export const authPersistConfig: PersistConfig<AuthState> = {
  key: 'triage.auth',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.auth,
  storage: webStorage('session'),
  whitelist: ['lastUser'],
  migrate: safeMigrate<AuthState>({}, PERSIST_VERSIONS.auth, z.object({ lastUser: userShape.nullable() }).partial()),
};

/** The default preferences, re-exported for tests of the fallback. */
export const defaultPreferences = initialPreferences;
