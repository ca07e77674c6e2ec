import type { ErrorShape } from '@/domain/errors/errors';
import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { PersistedState } from 'redux-persist';
import {
  authPersistConfig,
  draftsPersistConfig,
  PERSIST_VERSIONS,
  preferencesPersistConfig,
  restoreAuthHint,
  sharedStorage,
  type SyncStorage,
} from '@/app/persist';
import { hintOf, type AuthState } from '@/lib/session/auth-machine';
import { authChanged, authReducer } from '@/features/auth/slice/auth-slice';
import { profile } from '../../support/fake-backend';

const migrateOf = (config: { migrate?: (state: PersistedState, version: number) => Promise<PersistedState> }) => {
  if (!config.migrate) throw new Error('config has no migrate');
  return config.migrate;
};

describe('persisted state (DESIGN §5: versioned, corrupt or newer falls back to defaults)', () => {
  const migrate = migrateOf(preferencesPersistConfig);
  const version = PERSIST_VERSIONS.preferences;

  it('keeps valid preferences of the current version', async () => {
    const stored = { theme: 'dark', menuCollapsed: true, _persist: { version, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toEqual(stored);
  });

  it('drops preferences written by a newer build', async () => {
    const stored = { theme: 'dark', menuCollapsed: true, _persist: { version: version + 1, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toBeUndefined();
  });

  it('drops corrupt preferences instead of crashing', async () => {
    const stored = { theme: 'purple', menuCollapsed: 'yes', _persist: { version, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toBeUndefined();
  });

  it('persists only the last-user hint of the auth slice, never status, errors or tokens', () => {
    // The two fields that hold the hint: `lastUser` (unknown, profile unavailable), `user` (signed in).
    expect(authPersistConfig.whitelist).toEqual(['lastUser', 'user']);
  });
});

describe("persisted auth hint (version 2: the session machine's own fields)", () => {
  const migrate = migrateOf(authPersistConfig);
  const version = PERSIST_VERSIONS.auth;
  const user = profile({ uid: 'u-agent', role: 'agent' });
  const error: ErrorShape = { code: 'unavailable', message: 'offline' };
  const states: AuthState[] = [
    { kind: 'unknown', lastUser: null },
    { kind: 'unknown', lastUser: user },
    { kind: 'signedOut', formError: error },
    { kind: 'signingIn' },
    { kind: 'signedIn', user, emailVerified: true },
    { kind: 'profileUnavailable', uid: 'u', email: 'e@x.test', error, retrying: true, lastUser: user },
  ];

  it('is at version 2', () => {
    expect(version).toBe(2);
    expect(authPersistConfig.version).toBe(2);
  });

  it.each(states)('writes nothing of a $kind state but its hint', (state) => {
    const whitelist = authPersistConfig.whitelist ?? [];
    const written = Object.entries(state).filter(([key]) => whitelist.includes(key));
    const hint = hintOf(state);
    expect(written.map(([, value]) => value).filter((value) => value !== null)).toEqual(hint ? [hint] : []);
  });

  it.each([
    ['the hint of a signed-in person', { user }],
    ['the hint of a session not yet answered', { lastUser: user }],
    ['no hint', { lastUser: null }],
    ['nothing (signed out)', {}],
  ])('keeps %s of the current version', async (_what, hint) => {
    const stored = { ...hint, _persist: { version, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toEqual(stored);
  });

  it('reads a version-1 hint (`lastUser`) back unchanged', async () => {
    const stored = { lastUser: user, _persist: { version: 1, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toEqual(stored);
  });

  it('drops a hint written by a newer build', async () => {
    const stored = { user, _persist: { version: version + 1, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toBeUndefined();
  });

  it.each([
    ['a user with an unknown role', { user: { ...user, role: 'root' } }],
    ['a hint that is not a profile', { lastUser: 'u-agent' }],
    ['a signed-in hint of null', { user: null }],
  ])('drops %s instead of crashing', async (_what, hint) => {
    const stored = { ...hint, _persist: { version, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toBeUndefined();
  });

  it('fills a session still unknown with the stored hint, whichever field holds it', () => {
    const unknown: AuthState = { kind: 'unknown', lastUser: null };
    expect(restoreAuthHint({ user }, unknown)).toEqual({ kind: 'unknown', lastUser: user });
    expect(restoreAuthHint({ lastUser: user }, unknown)).toEqual({ kind: 'unknown', lastUser: user });
    expect(restoreAuthHint({}, unknown)).toEqual(unknown);
  });

  it('ignores the stored hint once the backend has answered (never an authority)', () => {
    const fresh: AuthState = { kind: 'signedIn', user: profile({ uid: 'u-new' }), emailVerified: false };
    expect(restoreAuthHint({ user }, fresh)).toBe(fresh);
    const signedOut: AuthState = { kind: 'signedOut', formError: null };
    expect(restoreAuthHint({ user }, signedOut)).toBe(signedOut);
  });

  it('round-trips through redux-persist: the hint comes back after a reload, and sign-out purges it', async () => {
    const browser = browserStorage();
    const KEY = 'persist:triage.auth';
    const boot = () => {
      const store = configureStore({
        reducer: { auth: persistReducer({ ...authPersistConfig, storage: sharedStorage(browser) }, authReducer) },
        middleware: (getDefault) =>
          getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
      });
      const persistor = persistStore(store);
      return { store, persistor };
    };
    const rehydrated = (persistor: ReturnType<typeof persistStore>) =>
      new Promise<void>((resolve) => {
        const check = () => persistor.getState().bootstrapped && resolve();
        persistor.subscribe(check);
        check();
      });

    const first = boot();
    await rehydrated(first.persistor);
    first.store.dispatch(authChanged({ kind: 'signedIn', user, emailVerified: true }));
    await first.persistor.flush();
    expect(Object.keys(browser.entries(KEY)).sort()).toEqual(['_persist', 'user']);

    const second = boot();
    await rehydrated(second.persistor);
    expect(second.store.getState().auth).toMatchObject({ kind: 'unknown', lastUser: user });

    second.store.dispatch(authChanged({ kind: 'signedOut' }));
    await second.persistor.flush();
    expect(Object.keys(browser.entries(KEY))).toEqual(['_persist']);

    const third = boot();
    await rehydrated(third.persistor);
    expect(third.store.getState().auth).toMatchObject({ kind: 'unknown', lastUser: null });
  });
});

describe('persisted drafts (version 2: each draft has an owner and a client id)', () => {
  const migrate = migrateOf(draftsPersistConfig);
  const version = PERSIST_VERSIONS.drafts;
  const draft = {
    owner: 'u-agent',
    body: 'Customer is a VIP.',
    internal: true,
    updatedAt: '2026-11-21T10:00:00.000Z',
    messageId: 'msg-1',
  };
  const request = {
    owner: 'u-customer',
    body: 'Nothing happens',
    internal: false,
    updatedAt: '2026-11-21T10:00:00.000Z',
    messageId: 'msg-2',
    request: { subject: 'Export', priority: 'high', category: '', ticketId: 'ticket-1' },
  };

  it('is at version 2', () => {
    expect(version).toBe(2);
    expect(draftsPersistConfig.version).toBe(2);
  });

  it('drops version-1 drafts, keyed by ticket alone: whose they were is unknown', async () => {
    const stored = {
      t1: { body: 'Customer is a VIP.', internal: true, updatedAt: '2026-11-21T10:00:00.000Z' },
      'request:new': { body: 'x', internal: false, updatedAt: '2026-11-21T10:00:00.000Z' },
      _persist: { version: 1, rehydrated: false },
    };
    // Empty: no draft is rehydrated, and the slice starts with none.
    await expect(migrate(stored as PersistedState, version)).resolves.toEqual({ _persist: stored._persist });
  });

  it('keeps valid drafts of the current version: replies and new requests', async () => {
    const stored = {
      'u-agent:t1': draft,
      'u-customer:request:new': request,
      _persist: { version, rehydrated: false },
    };
    await expect(migrate(stored as PersistedState, version)).resolves.toEqual(stored);
  });

  it('drops drafts written by a newer build', async () => {
    const stored = { 'u-agent:t1': draft, _persist: { version: version + 1, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toBeUndefined();
  });

  it.each([
    ['of the wrong shape', { 'u-agent:t1': { ...draft, body: 42 } }],
    ['without an owner', { 'u-agent:t1': { ...draft, owner: undefined } }],
    ["stored under another person's key", { 'u-customer:t1': draft }],
    ['without a client id', { 'u-agent:t1': { ...draft, messageId: undefined } }],
    ['with a malformed request', { 'u-customer:request:new': { ...request, request: { subject: 'x' } } }],
  ])('drops drafts %s', async (_what, drafts) => {
    const stored = { ...drafts, _persist: { version, rehydrated: false } };
    await expect(migrate(stored as PersistedState, version)).resolves.toBeUndefined();
  });
});

/** localStorage as a Map, shared by the "tabs" of one test. */
function browserStorage(): SyncStorage & { entries: (key: string) => Record<string, string> } {
  const raw = new Map<string, string>();
  return {
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, value),
    removeItem: (key) => void raw.delete(key),
    entries: (key) => JSON.parse(raw.get(key) ?? '{}') as Record<string, string>,
  };
}

describe('shared storage (drafts written by several tabs of one browser)', () => {
  const KEY = 'persist:triage.drafts';
  const slice = (entries: Record<string, string>) => JSON.stringify(entries);

  it('keeps what other tabs wrote since this tab read, and what it removed stays removed', async () => {
    const browser = browserStorage();
    const a = sharedStorage(browser);
    const b = sharedStorage(browser);
    await a.getItem(KEY);
    await b.getItem(KEY);

    await a.setItem(KEY, slice({ 'agent:t1': '"note"', _persist: '"v"' }));
    await b.setItem(KEY, slice({ 'customer:t2': '"reply"', _persist: '"v"' }));
    expect(browser.entries(KEY)).toEqual({ 'agent:t1': '"note"', 'customer:t2': '"reply"', _persist: '"v"' });

    // a sends its note; b, still holding what it had, writes again without bringing it back.
    await a.setItem(KEY, slice({ _persist: '"v"' }));
    await b.setItem(KEY, slice({ 'customer:t2': '"reply, edited"', _persist: '"v"' }));
    expect(browser.entries(KEY)).toEqual({ 'customer:t2': '"reply, edited"', _persist: '"v"' });
  });

  it('does not bring back an entry another tab removed when this tab writes it unchanged', async () => {
    const browser = browserStorage();
    browser.setItem(KEY, slice({ 'agent:t1': '"note"', _persist: '"v"' }));
    const a = sharedStorage(browser);
    const b = sharedStorage(browser);
    await a.getItem(KEY);
    await b.getItem(KEY);
    await a.setItem(KEY, slice({ _persist: '"v"' }));
    await b.setItem(KEY, slice({ 'agent:t1': '"note"', 'customer:t2': '"new"', _persist: '"v"' }));
    expect(browser.entries(KEY)).toEqual({ 'customer:t2': '"new"', _persist: '"v"' });
  });

  it('removes only the entries asked for, whichever tab wrote them', async () => {
    const browser = browserStorage();
    const a = sharedStorage(browser);
    await a.getItem(KEY);
    await a.setItem(KEY, slice({ 'agent:t1': '"1"', 'agent:t2': '"2"', 'customer:t1': '"3"', _persist: '"v"' }));
    a.removeEntries(KEY, (entry) => entry.startsWith('agent:'));
    expect(browser.entries(KEY)).toEqual({ 'customer:t1': '"3"', _persist: '"v"' });
  });

  it('reads and writes through to the storage it wraps', async () => {
    const browser = browserStorage();
    const a = sharedStorage(browser);
    await expect(a.getItem(KEY)).resolves.toBeNull();
    await a.setItem(KEY, slice({ x: '"1"' }));
    await expect(a.getItem(KEY)).resolves.toBe(slice({ x: '"1"' }));
    await a.removeItem(KEY);
    expect(browser.getItem(KEY)).toBeNull();
  });
});
