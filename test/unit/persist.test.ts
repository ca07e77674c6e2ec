import type { PersistedState } from 'redux-persist';
import {
  authPersistConfig,
  draftsPersistConfig,
  PERSIST_VERSIONS,
  preferencesPersistConfig,
  sharedStorage,
  type SyncStorage,
} from '@/app/persist';

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
    expect(authPersistConfig.whitelist).toEqual(['lastUser']);
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
