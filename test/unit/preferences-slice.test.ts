/**
 * The queue's personal preferences (issue 5) in the persisted preferences slice: saved views
 * and last-opened times kept per person, bounded; the tickets feature's action creators
 * (`queue-preferences.ts`, which cannot import the slice) matching the slice's; and the
 * preferences migration from version 1.
 */
import type { PersistedState } from 'redux-persist';
import { PERSIST_VERSIONS, preferencesPersistConfig } from '@/app/persist';
import {
  initialPreferences,
  MAX_LAST_SEEN,
  MAX_SAVED_VIEWS,
  preferencesReducer,
  queueViewRemoved,
  queueViewSaved,
  ticketSeen,
} from '@/features/preferences/slice/preferences-slice';
import { isUnread, markTicketSeen, removeQueueView, saveQueueView } from '@/features/tickets/queue/queue-preferences';

const view = (id: string, name: string) => ({ id, name, search: `view=open&q=${id}` });

describe('saved queue views', () => {
  it('keeps each person’s views apart, replaces one of the same name, and removes by id', () => {
    let state = preferencesReducer(initialPreferences, saveQueueView({ uid: 'priya', view: view('a', ' Urgent ') }));
    state = preferencesReducer(state, saveQueueView({ uid: 'sam', view: view('b', 'Mine') }));
    state = preferencesReducer(state, saveQueueView({ uid: 'priya', view: view('c', 'Urgent') }));
    expect(state.savedViews).toEqual({ priya: [view('c', 'Urgent')], sam: [view('b', 'Mine')] });
    state = preferencesReducer(state, removeQueueView({ uid: 'priya', id: 'c' }));
    expect(state.savedViews).toEqual({ sam: [view('b', 'Mine')] });
  });

  it('ignores an empty name or uid, cuts long names, and keeps at most the newest 20', () => {
    let state = preferencesReducer(initialPreferences, saveQueueView({ uid: 'priya', view: view('x', '   ') }));
    state = preferencesReducer(state, saveQueueView({ uid: '', view: view('y', 'Nobody') }));
    expect(state.savedViews).toEqual({});
    for (let i = 0; i < MAX_SAVED_VIEWS + 3; i += 1) {
      state = preferencesReducer(
        state,
        saveQueueView({ uid: 'priya', view: view(`v${i}`, `View ${i} ${'x'.repeat(50)}`) }),
      );
    }
    const kept = state.savedViews.priya ?? [];
    expect(kept).toHaveLength(MAX_SAVED_VIEWS);
    expect(kept[0]?.id).toBe('v3');
    expect(kept.every((saved) => saved.name.length <= 40)).toBe(true);
  });

  it('dispatches from the tickets feature with the slice’s own action types', () => {
    expect(saveQueueView.type).toBe(queueViewSaved.type);
    expect(removeQueueView.type).toBe(queueViewRemoved.type);
    expect(markTicketSeen.type).toBe(ticketSeen.type);
  });
});

describe('last opened tickets (the unread dot)', () => {
  it('shows a dot only on a ticket changed since its viewer opened it, per person', () => {
    const state = preferencesReducer(
      initialPreferences,
      markTicketSeen({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-01T10:00:00.000Z' }),
    );
    const seen = state.lastSeen.priya;
    expect(isUnread({ id: 't1', updatedAt: '2026-01-01T10:00:00.000Z' }, seen)).toBe(false);
    expect(isUnread({ id: 't1', updatedAt: '2026-01-01T10:00:00.001Z' }, seen)).toBe(true);
    expect(isUnread({ id: 't2', updatedAt: '2026-01-01T10:00:00.001Z' }, seen)).toBe(false);
    expect(isUnread({ id: 't1', updatedAt: '2026-01-02T00:00:00.000Z' }, state.lastSeen.sam)).toBe(false);
  });

  it('never moves back in time, and forgets the least recently opened past 500', () => {
    let state = preferencesReducer(
      initialPreferences,
      markTicketSeen({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-02T00:00:00.000Z' }),
    );
    state = preferencesReducer(
      state,
      markTicketSeen({ uid: 'priya', ticketId: 't1', updatedAt: '2026-01-01T00:00:00.000Z' }),
    );
    expect(state.lastSeen.priya?.t1).toBe('2026-01-02T00:00:00.000Z');
    for (let i = 0; i < MAX_LAST_SEEN; i += 1) {
      state = preferencesReducer(
        state,
        markTicketSeen({ uid: 'priya', ticketId: `n${i}`, updatedAt: '2026-01-03T00:00:00.000Z' }),
      );
    }
    const ids = Object.keys(state.lastSeen.priya ?? {});
    expect(ids).toHaveLength(MAX_LAST_SEEN);
    expect(ids).not.toContain('t1');
    expect(ids.at(-1)).toBe(`n${MAX_LAST_SEEN - 1}`);
  });
});

describe('persisted preferences, version 2', () => {
  const migrate = preferencesPersistConfig.migrate;
  if (!migrate) throw new Error('no migrate');
  const version = PERSIST_VERSIONS.preferences;

  it('migrates version 1 preferences, keeping the theme and adding empty views and last-opened times', async () => {
    const v1 = { theme: 'dark', menuCollapsed: true, _persist: { version: 1, rehydrated: false } };
    await expect(migrate(v1 as PersistedState, version)).resolves.toEqual({
      theme: 'dark',
      menuCollapsed: true,
      savedViews: {},
      lastSeen: {},
      _persist: expect.objectContaining({ rehydrated: false }),
    });
  });

  it('keeps valid saved views and drops malformed ones for the defaults', async () => {
    const good = {
      theme: 'light',
      menuCollapsed: false,
      savedViews: { priya: [view('a', 'Urgent')] },
      lastSeen: { priya: { t1: '2026-01-01T00:00:00.000Z' } },
      _persist: { version, rehydrated: false },
    };
    await expect(migrate(good as PersistedState, version)).resolves.toEqual(good);
    const bad = { ...good, savedViews: { priya: [{ id: 1, name: 'Urgent' }] } };
    await expect(migrate(bad as PersistedState, version)).resolves.toBeUndefined();
    const badSeen = { ...good, lastSeen: { priya: { t1: 5 } } };
    await expect(migrate(badSeen as PersistedState, version)).resolves.toBeUndefined();
  });
});
