import type { PersistedState } from 'redux-persist';
import { authPersistConfig, draftsPersistConfig, PERSIST_VERSIONS, preferencesPersistConfig } from '@/app/persist';

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

  it('drops drafts of the wrong shape', async () => {
    const stored = { t1: { body: 42 }, _persist: { version: PERSIST_VERSIONS.drafts, rehydrated: false } };
    await expect(
      migrateOf(draftsPersistConfig)(stored as PersistedState, PERSIST_VERSIONS.drafts),
    ).resolves.toBeUndefined();
  });

  it('persists only the last-user hint of the auth slice, never status, errors or tokens', () => {
    expect(authPersistConfig.whitelist).toEqual(['lastUser']);
  });
});
