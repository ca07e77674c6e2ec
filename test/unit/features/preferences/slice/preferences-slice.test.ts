/**
 * The persisted preferences slice: the theme and the side menu. Version 2 also kept the queue's
 * saved views and last-opened times; version 3 hands them to the queue's own slice
 * (`queue-preferences-slice.test.ts` checks the pickup) and keeps the rest.
 */
import type { PersistedState } from 'redux-persist';
import { PERSIST_VERSIONS, preferencesPersistConfig } from '@/app/persist';
import {
  initialPreferences,
  menuCollapsedChanged,
  preferencesReducer,
  selectMenuCollapsed,
  selectTheme,
  themeChanged,
} from '@/features/preferences/slice/preferences-slice';

describe('preferences', () => {
  it('keeps the theme and whether the side menu is collapsed', () => {
    let state = preferencesReducer(initialPreferences, themeChanged('dark'));
    state = preferencesReducer(state, menuCollapsedChanged(true));
    expect(selectTheme({ preferences: state })).toBe('dark');
    expect(selectMenuCollapsed({ preferences: state })).toBe(true);
  });
});

describe('persisted preferences, version 3', () => {
  const migrate = preferencesPersistConfig.migrate;
  if (!migrate) throw new Error('no migrate');
  const version = PERSIST_VERSIONS.preferences;

  it('is at version 3', () => {
    expect(version).toBe(3);
    expect(preferencesPersistConfig.version).toBe(3);
  });

  it('migrates version 1 preferences, keeping the theme and the side menu', async () => {
    const v1 = { theme: 'dark', menuCollapsed: true, _persist: { version: 1, rehydrated: false } };
    await expect(migrate(v1 as PersistedState, version)).resolves.toEqual({
      theme: 'dark',
      menuCollapsed: true,
      _persist: expect.objectContaining({ rehydrated: false }),
    });
  });

  it('migrates version 2 preferences, leaving the saved views and last-opened times to the queue', async () => {
    const v2 = {
      theme: 'dark',
      menuCollapsed: false,
      savedViews: { priya: [{ id: 'a', name: 'Urgent', search: 'view=open' }] },
      lastSeen: { priya: { t1: '2026-01-01T00:00:00.000Z' } },
      _persist: { version: 2, rehydrated: false },
    };
    await expect(migrate(v2 as PersistedState, version)).resolves.toEqual({
      theme: 'dark',
      menuCollapsed: false,
      _persist: expect.objectContaining({ rehydrated: false }),
    });
  });
});
