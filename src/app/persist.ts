/**
 * What survives a reload (DESIGN §5): preferences, the queue's saved views and unread marks,
 * unsent drafts and the outbox in localStorage; the last known user as a hint for the first
 * paint — per tab (sessionStorage) with the local backend, where a tab may keep a person of its
 * own ("only in this tab"), and per browser (localStorage) with Firebase, whose sessions are. Never the API cache, never tokens. Each persisted slice is versioned; corrupt or newer
 * state falls back to defaults instead of crashing. Drafts are shared by every tab of the
 * browser, so their storage merges each tab's writes instead of replacing the others'.
 *
 * The shape checks are plain type guards rather than zod: this module is in the first JS every
 * visitor downloads (see docs/benchmarks.md, "Bundle sizes").
 */
import {
  createMigrate,
  KEY_PREFIX,
  type MigrationManifest,
  type PersistConfig,
  type PersistedState,
} from 'redux-persist';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';
import { isLocale } from '@/domain/locales';
import { PRIORITIES, type UserProfile } from '@/domain/types';
import { authTransition, type AuthState } from '@/lib/session/auth-machine';
import { initialPreferences, type PreferencesState } from '@/features/preferences/slice/preferences-slice';
import { isDraftEntryOf, type DraftsState } from '@/features/tickets/conversation/slice/drafts-slice';
import {
  isOutboxEntryOf,
  OUTBOX_PERSIST_KEY,
  type OutboxSliceState,
} from '@/features/tickets/conversation/slice/outbox-slice';
import type { QueuePreferencesState } from '@/features/tickets/queue/slice/queue-preferences-slice';

/** Current versions of the persisted slices. Bump and add a migration when a shape changes. */
export const PERSIST_VERSIONS = { preferences: 3, queuePreferences: 1, drafts: 2, outbox: 1, auth: 2 } as const;

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

/** The synchronous Web Storage calls {@link sharedStorage} builds on. */
export type SyncStorage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** redux-persist's storage, plus removing some entries of a stored slice. */
export interface SharedStorage extends Storage {
  /** Removes the entries (top-level keys) of the slice stored at `key` for which `drop` is true. */
  removeEntries(key: string, drop: (entry: string) => boolean): void;
}

/** A stored slice as redux-persist writes it: each top-level key's value serialized apart. */
function entriesOf(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((pair): pair is [string, string] => isString(pair[1])));
  } catch {
    return {}; // corrupt: redux-persist's own read fails too, and the slice starts from defaults
  }
}

/**
 * Storage for a slice that several tabs write (the drafts: one browser, many tabs, perhaps
 * several people). redux-persist writes a tab's whole slice, so on plain storage the last tab
 * to write would undo whatever the others wrote since it read — a customer typing in one tab
 * would erase the draft an agent wrote in another. This storage merges instead: an entry
 * (top-level key) this tab changed since it last read or wrote the slice is written as it is
 * now — added, changed or removed — and every other entry stays as storage holds it. Read,
 * merge and write are one synchronous step, so no other tab's write can come between them.
 * What "this tab last wrote" is lives in this object: one per JavaScript realm, i.e. per tab.
 * @param storage localStorage, or a stand-in (tests, or a browser with storage disabled).
 */
export function sharedStorage(storage: SyncStorage): SharedStorage {
  const known = new Map<string, Record<string, string>>();
  return {
    getItem: async (key: string) => {
      const raw = storage.getItem(key);
      known.set(key, entriesOf(raw));
      return raw;
    },
    setItem: async (key: string, value: string) => {
      const ours = entriesOf(value);
      const base = known.get(key) ?? {};
      known.set(key, ours);
      const merged = entriesOf(storage.getItem(key));
      for (const entry of new Set([...Object.keys(base), ...Object.keys(ours)])) {
        const mine = ours[entry];
        if (mine === base[entry]) continue; // not changed here: keep what storage has
        if (mine === undefined) delete merged[entry];
        else merged[entry] = mine;
      }
      storage.setItem(key, JSON.stringify(merged));
    },
    removeItem: async (key: string) => {
      known.delete(key);
      storage.removeItem(key);
    },
    removeEntries(key, drop) {
      const stored = entriesOf(storage.getItem(key));
      const kept = Object.fromEntries(Object.entries(stored).filter(([entry]) => !drop(entry)));
      if (Object.keys(kept).length !== Object.keys(stored).length) storage.setItem(key, JSON.stringify(kept));
    },
  };
}

/** localStorage when the browser lets us use it; otherwise one that keeps nothing. */
function localSyncStorage(): SyncStorage {
  const none: SyncStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  if (typeof window === 'undefined') return none; // Node: tests and tooling
  try {
    const storage = window.localStorage;
    const probe = 'triage.storage-probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return none; // storage disabled by the browser
  }
}

const isSavedView = (view: unknown): boolean =>
  isRecord(view) && isString(view.id) && isString(view.name) && isString(view.search);

/** Per uid: a list of saved views. */
const isSavedViews = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((views) => Array.isArray(views) && views.every(isSavedView));

/** Per uid, per ticket id: an ISO timestamp. */
const isLastSeen = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((seen) => isRecord(seen) && Object.values(seen).every(isString));

const isPreferences: ShapeCheck = (value) =>
  (value.theme === undefined || value.theme === 'light' || value.theme === 'dark') &&
  (value.menuCollapsed === undefined || typeof value.menuCollapsed === 'boolean') &&
  (value.locale === undefined || value.locale === null || isLocale(value.locale)) &&
  (value.localeChosenBy === undefined || value.localeChosenBy === null || typeof value.localeChosenBy === 'string');

/**
 * Preferences migrations. Version 2 added saved queue views and last-opened times, per person;
 * version 3 hands them to the queue's own slice ({@link queuePreferencesPersistConfig}, which
 * picks them up from this key once) and keeps the theme and the side menu.
 */
const preferencesMigrations: MigrationManifest = {
  2: (state) => state && { ...state, savedViews: {}, lastSeen: {} },
  3: (state) => {
    if (!state) return state;
    const { savedViews: _views, lastSeen: _seen, ...kept } = state as PersistedState & Record<string, unknown>;
    return kept as PersistedState;
  },
};

const isQueuePreferences: ShapeCheck = (value) =>
  (value.savedViews === undefined || isSavedViews(value.savedViews)) &&
  (value.lastSeen === undefined || isLastSeen(value.lastSeen));

/** Where preferences version 2 kept the queue's saved views and last-opened times. */
const LEGACY_PREFERENCES_KEY = `${KEY_PREFIX}triage.preferences`;

/** Reads one stored slice written by redux-persist: each top-level value is JSON of its own. */
function parseStoredSlice(raw: string | null): Record<string, unknown> | undefined {
  try {
    const entries = entriesOf(raw);
    return Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, JSON.parse(value) as unknown]));
  } catch {
    return undefined;
  }
}

/**
 * The queue preferences' migrate: {@link safeMigrate} for what is stored under the queue's own
 * key; when nothing is (redux-persist then passes `undefined`), a one-time pickup of the saved
 * views and last-opened times that preferences version 2 kept, so agents keep their views. The
 * pickup is checked like stored state: anything malformed, or from a newer build, gives the
 * defaults. Preferences version 3 drops them from its own key once it is written again.
 * @param legacy the storage holding the old preferences (localStorage in the browser).
 */
export function queuePreferencesMigrate(legacy: Pick<Storage, 'getItem'>) {
  const migrate = safeMigrate({}, PERSIST_VERSIONS.queuePreferences, isQueuePreferences);
  return async (state: PersistedState, version: number): Promise<PersistedState> => {
    if (state) return migrate(state, version);
    const old = parseStoredSlice(await legacy.getItem(LEGACY_PREFERENCES_KEY));
    const oldVersion = isRecord(old?._persist) ? old._persist.version : undefined;
    if (!old || oldVersion !== 2) return undefined;
    const picked = { savedViews: old.savedViews ?? {}, lastSeen: old.lastSeen ?? {} };
    if (!isQueuePreferences(picked)) return undefined;
    return { ...picked, _persist: { version: PERSIST_VERSIONS.queuePreferences, rehydrated: false } } as PersistedState;
  };
}

const isRequestFields = (value: unknown): boolean =>
  isRecord(value) &&
  isString(value.subject) &&
  isString(value.category) &&
  isString(value.ticketId) &&
  (PRIORITIES as readonly unknown[]).includes(value.priority);

/** Every entry is a draft stored under its own owner's key (see `draftEntryKey`). */
const isDrafts: ShapeCheck = (value) =>
  Object.entries(value).every(
    ([entry, draft]) =>
      isRecord(draft) &&
      isString(draft.owner) &&
      draft.owner !== '' &&
      isDraftEntryOf(entry, draft.owner) &&
      isString(draft.body) &&
      typeof draft.internal === 'boolean' &&
      isString(draft.updatedAt) &&
      isString(draft.messageId) &&
      (draft.request === undefined || isRequestFields(draft.request)),
  );

/**
 * Drafts migrations. Version 1 keyed drafts by ticket alone, so whose they were is unknown —
 * an agent's internal note could have been shown to the next person in the browser. They are
 * dropped, not guessed at.
 */
const draftsMigrations: MigrationManifest = {
  2: (state) => state && { _persist: state._persist },
};

const isProfile = (user: unknown): user is UserProfile =>
  isRecord(user) &&
  ['uid', 'displayName', 'email', 'createdAt', 'updatedAt'].every((key) => isString(user[key])) &&
  (user.role === 'customer' || user.role === 'agent' || user.role === 'admin') &&
  (user.photoPath === undefined || isString(user.photoPath));

/** The stored hint: `lastUser` (still unknown, or profile unavailable) or `user` (signed in), each optional. */
const isUserHint: ShapeCheck = (value) =>
  (value.lastUser === undefined || value.lastUser === null || isProfile(value.lastUser)) &&
  (value.user === undefined || isProfile(value.user));

/**
 * Auth migrations. Version 2 stores the signed-in person under `user` (the `signedIn` state's
 * own field) instead of a separate `lastUser`; a version-1 `{ lastUser }` reads back unchanged.
 */
const authMigrations: MigrationManifest = {
  2: (state) => state,
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
  migrate: safeMigrate(preferencesMigrations, PERSIST_VERSIONS.preferences, isPreferences),
};

const queuePreferencesStorage = webStorage('local');

/** redux-persist config of the queue's preferences (localStorage, its own key since preferences version 3). */
export const queuePreferencesPersistConfig: PersistConfig<QueuePreferencesState> = {
  key: 'triage.queue',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.queuePreferences,
  storage: queuePreferencesStorage,
  migrate: queuePreferencesMigrate(queuePreferencesStorage),
};

const draftsStorage = sharedStorage(localSyncStorage());

/** redux-persist config of the drafts slice (localStorage, shared by the tabs: {@link sharedStorage}). */
export const draftsPersistConfig: PersistConfig<DraftsState> = {
  key: 'triage.drafts',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.drafts,
  storage: draftsStorage,
  migrate: safeMigrate(draftsMigrations, PERSIST_VERSIONS.drafts, isDrafts),
};

/**
 * Removes every stored draft of `owner` (DESIGN §5: sign-out purges them), including those
 * another tab wrote since this one read the drafts; other people's stay.
 */
export function forgetStoredDrafts(owner: string): void {
  draftsStorage.removeEntries(`${KEY_PREFIX}${draftsPersistConfig.key}`, (entry) => isDraftEntryOf(entry, owner));
}

const OUTBOX_STATES: readonly unknown[] = ['waiting', 'sending', 'failed'];

/** Every entry is an outbox message stored under its own owner's key (see `outboxEntryKey`). */
const isOutbox: ShapeCheck = (value) =>
  Object.entries(value).every(
    ([entry, message]) =>
      isRecord(message) &&
      isString(message.owner) &&
      message.owner !== '' &&
      isOutboxEntryOf(entry, message.owner) &&
      isString(message.ticketId) &&
      isString(message.messageId) &&
      isString(message.body) &&
      typeof message.internal === 'boolean' &&
      Array.isArray(message.attachments) &&
      isString(message.queuedAt) &&
      OUTBOX_STATES.includes(message.state),
  );

/**
 * redux-persist config of the outbox (unsent replies survive a reload), in localStorage
 * shared by the tabs like the drafts ({@link sharedStorage}: one tab's write never undoes another's).
 */
export const outboxPersistConfig: PersistConfig<OutboxSliceState> = {
  key: OUTBOX_PERSIST_KEY,
  timeout: NO_TIMEOUT,
  storage: sharedStorage(localSyncStorage()),
  version: PERSIST_VERSIONS.outbox,
  migrate: safeMigrate({}, PERSIST_VERSIONS.outbox, isOutbox),
};

/**
 * Reads the stored hint back into the session machine (`hintRestored`): it fills a session that
 * is still `unknown`, and is ignored once the backend has answered — never an authority.
 * @param inbound the migrated, shape-checked stored slice.
 * @param reduced the slice's state at that moment.
 */
export function restoreAuthHint(inbound: Record<string, unknown>, reduced: AuthState): AuthState {
  const stored = inbound.user ?? inbound.lastUser ?? null;
  // `safeMigrate` already checked the shape; this only narrows the type.
  const lastUser = isProfile(stored) ? stored : null;
  return authTransition(reduced, { type: 'hintRestored', lastUser });
}

/**
 * redux-persist config of the auth slice: only the user hint (`hintOf` of the auth machine), scoped like the
 * session. The slice's state is the session machine's, so the hint is stored under the field
 * of the state that holds it — `user` when signed in, `lastUser` while unknown or with an
 * unreadable profile — and neither when signed out or signing in (sign-out purges it).
 * Never the state's kind, errors or tokens.
 */
export const authPersistConfig: PersistConfig<AuthState> = {
  key: 'triage.auth',
  timeout: NO_TIMEOUT,
  version: PERSIST_VERSIONS.auth,
  // Match the backend's session scope: per tab locally (a tab may keep its own person), per browser with Firebase Auth.
  storage: webStorage(process.env.BACKEND === 'firebase' ? 'local' : 'session'),
  whitelist: ['lastUser', 'user'],
  migrate: safeMigrate(authMigrations, PERSIST_VERSIONS.auth, isUserHint),
  stateReconciler: (inbound: Record<string, unknown>, _original, reduced) => restoreAuthHint(inbound, reduced),
};

/** The default preferences, re-exported for tests of the fallback. */
export const defaultPreferences = initialPreferences;
