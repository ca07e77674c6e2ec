/**
 * The queue's personal preferences in their own persisted slice: saved views and last-opened
 * times kept per person, bounded; the queue owns its actions (the workspace only says a ticket
 * was opened); and, persisted under `triage.queue`, a one-time pickup of what preferences
 * version 2 kept, so agents keep their saved views.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  KEY_PREFIX,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistedState,
} from 'redux-persist';
import {
  PERSIST_VERSIONS,
  preferencesPersistConfig,
  queuePreferencesMigrate,
  queuePreferencesPersistConfig,
} from '@/app/persist';
import { initialPreferences, preferencesReducer, themeChanged } from '@/features/preferences/slice/preferences-slice';
import {
  initialQueuePreferences,
  isUnread,
  MAX_LAST_SEEN,
  MAX_SAVED_VIEWS,
  queuePreferencesReducer,
  queueViewRemoved,
  queueViewSaved,
  selectLastSeen,
  selectSavedViews,
} from '@/features/tickets/queue/slice/queue-preferences-slice';
import { ticketOpened } from '@/features/tickets/ticket-events';

const view = (id: string, name: string) => ({ id, name, search: `view=open&q=${id}` });

describe('saved queue views', () => {
  it('keeps each person’s views apart, replaces one of the same name, and removes by id', () => {
    let state = queuePreferencesReducer(
      initialQueuePreferences,
      queueViewSaved({ uid: 'priya', view: view('a', ' Urgent ') }),
    );
    state = queuePreferencesReducer(state, queueViewSaved({ uid: 'sam', view: view('b', 'Mine') }));
    state = queuePreferencesReducer(state, queueViewSaved({ uid: 'priya', view: view('c', 'Urgent') }));
    expect(state.savedViews).toEqual({ priya: [view('c', 'Urgent')], sam: [view('b', 'Mine')] });
    expect(selectSavedViews({ queuePreferences: state }, 'priya')).toEqual([view('c', 'Urgent')]);
    state = queuePreferencesReducer(state, queueViewRemoved({ uid: 'priya', id: 'c' }));
    expect(state.savedViews).toEqual({ sam: [view('b', 'Mine')] });
    expect(selectSavedViews({ queuePreferences: state }, 'priya')).toEqual([]);
  });

  it('ignores an empty name or uid, cuts long names, and keeps at most the newest 20', () => {
    let state = queuePreferencesReducer(
      initialQueuePreferences,
      queueViewSaved({ uid: 'priya', view: view('x', '   ') }),
    );
    state = queuePreferencesReducer(state, queueViewSaved({ uid: '', view: view('y', 'Nobody') }));
    expect(state.savedViews).toEqual({});
    for (let i = 0; i < MAX_SAVED_VIEWS + 3; i += 1) {
      state = queuePreferencesReducer(
        state,
        queueViewSaved({ uid: 'priya', view: view(`v${i}`, `View ${i} ${'x'.repeat(50)}`) }),
      );
    }
    const kept = state.savedViews.priya ?? [];
    expect(kept).toHaveLength(MAX_SAVED_VIEWS);
    expect(kept[0]?.id).toBe('v3');
    expect(kept.every((saved) => saved.name.length <= 40)).toBe(true);
  });

  it('is the queue’s own state: the preferences slice neither handles nor holds it', () => {
    const actions = [
      queueViewSaved({ uid: 'priya', view: view('a', 'Urgent') }),
      queueViewRemoved({ uid: 'priya', id: 'a' }),
      ticketOpened({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-01T10:00:00.000Z' }),
    ];
    for (const action of actions) expect(preferencesReducer(initialPreferences, action)).toBe(initialPreferences);
    expect(queuePreferencesReducer(initialQueuePreferences, themeChanged('dark'))).toBe(initialQueuePreferences);
    expect(Object.keys(initialPreferences).sort()).toEqual(['locale', 'menuCollapsed', 'theme']);
  });
});

describe('last opened tickets (the unread dot)', () => {
  it('shows a dot only on a ticket changed since its viewer opened it, per person', () => {
    const state = queuePreferencesReducer(
      initialQueuePreferences,
      ticketOpened({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-01T10:00:00.000Z' }),
    );
    const seen = selectLastSeen({ queuePreferences: state }, 'priya');
    expect(isUnread({ id: 't1', updatedAt: '2026-01-01T10:00:00.000Z' }, seen)).toBe(false);
    expect(isUnread({ id: 't1', updatedAt: '2026-01-01T10:00:00.001Z' }, seen)).toBe(true);
    expect(isUnread({ id: 't2', updatedAt: '2026-01-01T10:00:00.001Z' }, seen)).toBe(false);
    expect(isUnread({ id: 't1', updatedAt: '2026-01-02T00:00:00.000Z' }, state.lastSeen.sam)).toBe(false);
  });

  it('never moves back in time, and forgets the least recently opened past 500', () => {
    let state = queuePreferencesReducer(
      initialQueuePreferences,
      ticketOpened({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-02T00:00:00.000Z' }),
    );
    state = queuePreferencesReducer(
      state,
      ticketOpened({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-01T00:00:00.000Z' }),
    );
    expect(state.lastSeen.priya?.t1).toBe('2026-01-02T00:00:00.000Z');
    for (let i = 0; i < MAX_LAST_SEEN; i += 1) {
      state = queuePreferencesReducer(
        state,
        ticketOpened({ uid: 'priya', ticketId: `n${i}`, updatedAt: '2026-01-03T00:00:00.000Z' }),
      );
    }
    const ids = Object.keys(state.lastSeen.priya ?? {});
    expect(ids).toHaveLength(MAX_LAST_SEEN);
    expect(ids).not.toContain('t1');
    expect(ids.at(-1)).toBe(`n${MAX_LAST_SEEN - 1}`);
  });
});

/** Serializes a slice the way redux-persist stores it: each top-level value as its own JSON. */
const stored = (slice: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(slice).map(([key, value]) => [key, JSON.stringify(value)])));

/** An in-memory stand-in for localStorage with redux-persist's promise API. */
function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    items,
    getItem: (key: string) => Promise.resolve(items.get(key) ?? null),
    setItem: (key: string, value: string) => Promise.resolve(void items.set(key, value)),
    removeItem: (key: string) => Promise.resolve(void items.delete(key)),
  };
}

describe('persisted queue preferences, version 1 (key triage.queue)', () => {
  const migrate = queuePreferencesMigrate(memoryStorage());
  const version = PERSIST_VERSIONS.queuePreferences;
  const good = {
    savedViews: { priya: [view('a', 'Urgent')] },
    lastSeen: { priya: { t1: '2026-01-01T00:00:00.000Z' } },
    _persist: { version, rehydrated: false },
  };

  it('is at version 1 under its own key', () => {
    expect(version).toBe(1);
    expect(queuePreferencesPersistConfig.key).toBe('triage.queue');
    expect(queuePreferencesPersistConfig.version).toBe(1);
  });

  it('keeps valid saved views and drops malformed ones for the defaults', async () => {
    await expect(migrate(good as PersistedState, version)).resolves.toEqual(good);
    const bad = { ...good, savedViews: { priya: [{ id: 1, name: 'Urgent' }] } };
    await expect(migrate(bad as PersistedState, version)).resolves.toBeUndefined();
    const badSeen = { ...good, lastSeen: { priya: { t1: 5 } } };
    await expect(migrate(badSeen as PersistedState, version)).resolves.toBeUndefined();
  });

  it('drops queue preferences written by a newer build', async () => {
    const newer = { ...good, _persist: { version: version + 1, rehydrated: false } };
    await expect(migrate(newer as PersistedState, version)).resolves.toBeUndefined();
  });
});

describe('picking up the saved views preferences version 2 kept', () => {
  const version = PERSIST_VERSIONS.queuePreferences;
  const oldKey = `${KEY_PREFIX}triage.preferences`;
  const savedViews = { priya: [view('a', 'Urgent')] };
  const lastSeen = { priya: { t1: '2026-01-01T00:00:00.000Z' } };
  const preferencesV2 = {
    theme: 'dark',
    menuCollapsed: true,
    savedViews,
    lastSeen,
    _persist: { version: 2, rehydrated: true },
  };

  it('takes the views and last-opened times once, when the queue’s own key holds nothing', async () => {
    const migrate = queuePreferencesMigrate(memoryStorage({ [oldKey]: stored(preferencesV2) }));
    await expect(migrate(undefined, version)).resolves.toEqual({
      savedViews,
      lastSeen,
      _persist: expect.objectContaining({ version }),
    });
  });

  it('prefers what the queue’s own key holds', async () => {
    const migrate = queuePreferencesMigrate(memoryStorage({ [oldKey]: stored(preferencesV2) }));
    const own = { savedViews: {}, lastSeen: {}, _persist: { version, rehydrated: false } };
    await expect(migrate(own as PersistedState, version)).resolves.toEqual(own);
  });

  it('takes nothing when there is nothing to take, or it is malformed, or not version 2', async () => {
    const cases = [
      {},
      { [oldKey]: 'not json' },
      { [oldKey]: stored({ theme: 'light', menuCollapsed: false, _persist: { version: 1, rehydrated: true } }) },
      { [oldKey]: stored({ ...preferencesV2, _persist: { version: 3, rehydrated: true } }) },
      { [oldKey]: stored({ ...preferencesV2, savedViews: { priya: [{ id: 1 }] } }) },
      { [oldKey]: stored({ ...preferencesV2, lastSeen: { priya: { t1: 5 } } }) },
    ];
    for (const entries of cases) {
      await expect(queuePreferencesMigrate(memoryStorage(entries))(undefined, version)).resolves.toBeUndefined();
    }
  });

  it('moves them on a real rehydration: the queue gets them, preferences keeps theme and menu', async () => {
    const storage = memoryStorage({ [oldKey]: stored(preferencesV2) });
    const reducer = combineReducers({
      preferences: persistReducer({ ...preferencesPersistConfig, storage }, preferencesReducer),
      queuePreferences: persistReducer(
        { ...queuePreferencesPersistConfig, storage, migrate: queuePreferencesMigrate(storage) },
        queuePreferencesReducer,
      ),
    });
    const store = configureStore({
      reducer,
      middleware: (getDefault) =>
        getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
    });
    const persistor = persistStore(store);
    await new Promise<void>((resolve) => {
      const check = () => persistor.getState().bootstrapped && resolve();
      persistor.subscribe(check);
      check();
    });
    const state = store.getState();
    expect(state.queuePreferences.savedViews).toEqual(savedViews);
    expect(state.queuePreferences.lastSeen).toEqual(lastSeen);
    expect(state.preferences).toEqual(expect.objectContaining({ theme: 'dark', menuCollapsed: true }));
    expect(state.preferences).not.toHaveProperty('savedViews');

    await persistor.flush();
    const preferencesNow = JSON.parse(storage.items.get(oldKey) ?? '{}') as Record<string, string>;
    expect(Object.keys(preferencesNow).sort()).toEqual(['_persist', 'locale', 'menuCollapsed', 'theme']);
    const queueNow = JSON.parse(storage.items.get(`${KEY_PREFIX}triage.queue`) ?? '{}') as Record<string, string>;
    expect(JSON.parse(queueNow.savedViews ?? 'null')).toEqual(savedViews);
    expect(JSON.parse(queueNow.lastSeen ?? 'null')).toEqual(lastSeen);
  });
});
