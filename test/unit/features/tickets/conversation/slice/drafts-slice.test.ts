/**
 * The drafts slice (DESIGN §5): each draft belongs to the person who wrote it, keeps its mode and
 * the client id its message is sent with (DESIGN §3), and survives a reload through
 * redux-persist with that id intact until the send is confirmed.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { draftsPersistConfig, sharedStorage, type SyncStorage } from '@/app/persist';
import {
  draftDiscarded,
  draftSaved,
  draftsOfUserCleared,
  draftsReducer,
  newRequestDraftKey,
  requestDraftSaved,
  selectDraft,
  selectRequestDraft,
  type DraftsState,
} from '@/features/tickets/conversation/slice/drafts-slice';

const AT = '2026-11-21T10:00:00.000Z';
const AGENT = 'u-agent';
const CUSTOMER = 'u-customer';

/** A store with only the drafts slice, as the app nests it (`state.drafts`). */
function draftsStore(preloaded: DraftsState = {}) {
  return configureStore({ reducer: combineReducers({ drafts: draftsReducer }), preloadedState: { drafts: preloaded } });
}

function note(owner: string, ticketId: string, body: string, messageId = `m-${owner}`) {
  return draftSaved({ owner, ticketId, body, internal: true, messageId, updatedAt: AT });
}

function reply(owner: string, ticketId: string, body: string, messageId = `m-${owner}`) {
  return draftSaved({ owner, ticketId, body, internal: false, messageId, updatedAt: AT });
}

describe('drafts slice: one person per draft', () => {
  it("keeps two people's drafts of the same ticket apart, each reading only their own", () => {
    const store = draftsStore();
    store.dispatch(note(AGENT, 't1', 'Customer is a VIP.'));
    store.dispatch(reply(CUSTOMER, 't1', 'Still broken.'));

    expect(selectDraft(store.getState(), AGENT, 't1')).toMatchObject({
      owner: AGENT,
      body: 'Customer is a VIP.',
      internal: true,
    });
    expect(selectDraft(store.getState(), CUSTOMER, 't1')).toMatchObject({
      owner: CUSTOMER,
      body: 'Still broken.',
      internal: false,
    });
    expect(selectDraft(store.getState(), 'u-someone-else', 't1')).toBeUndefined();
  });

  it("shows nobody the agent's note when only the agent has a draft of the ticket", () => {
    const store = draftsStore();
    store.dispatch(note(AGENT, 't1', 'Refund approved internally.'));
    expect(selectDraft(store.getState(), CUSTOMER, 't1')).toBeUndefined();
  });

  it("never returns a draft stored under one person's key but owned by another", () => {
    const forged: DraftsState = {
      [`${CUSTOMER}:t1`]: { owner: AGENT, body: 'secret', internal: true, updatedAt: AT, messageId: 'm1' },
    };
    expect(selectDraft(draftsStore(forged).getState(), CUSTOMER, 't1')).toBeUndefined();
  });

  it("removes one person's drafts on their sign-out and keeps everyone else's", () => {
    const store = draftsStore();
    store.dispatch(note(AGENT, 't1', 'note'));
    store.dispatch(reply(AGENT, 't2', 'reply'));
    store.dispatch(
      requestDraftSaved({
        owner: AGENT,
        key: newRequestDraftKey(),
        draft: { subject: 'Agent request', description: '', priority: 'normal', category: '' },
        ids: { ticketId: 'tA', messageId: 'mA' },
        updatedAt: AT,
      }),
    );
    store.dispatch(reply(CUSTOMER, 't1', 'mine'));

    store.dispatch(draftsOfUserCleared(AGENT));
    expect(Object.keys(store.getState().drafts)).toEqual([`${CUSTOMER}:t1`]);
    expect(selectDraft(store.getState(), CUSTOMER, 't1')?.body).toBe('mine');
  });

  it("discards only the sender's draft of a ticket once sent", () => {
    const store = draftsStore();
    store.dispatch(note(AGENT, 't1', 'note'));
    store.dispatch(reply(CUSTOMER, 't1', 'reply'));
    store.dispatch(draftDiscarded({ owner: CUSTOMER, key: 't1' }));
    expect(selectDraft(store.getState(), CUSTOMER, 't1')).toBeUndefined();
    expect(selectDraft(store.getState(), AGENT, 't1')?.body).toBe('note');
  });
});

describe('drafts slice: mode and client ids', () => {
  it('keeps the mode and the client id of a reply, and drops both when the text is emptied', () => {
    const store = draftsStore();
    store.dispatch(note(AGENT, 't1', 'first words', 'msg-1'));
    expect(selectDraft(store.getState(), AGENT, 't1')).toMatchObject({ internal: true, messageId: 'msg-1' });
    store.dispatch(note(AGENT, 't1', '', 'msg-1'));
    expect(store.getState().drafts).toEqual({});
  });

  it('keeps a new request with the ids it will be created with; a blank form removes it', () => {
    const store = draftsStore();
    const key = newRequestDraftKey('closed-1');
    const ids = { ticketId: 'ticket-id', messageId: 'message-id' };
    const values = { subject: 'Export', description: 'Nothing happens', priority: 'high' as const, category: '' };
    store.dispatch(requestDraftSaved({ owner: CUSTOMER, key, draft: values, ids, updatedAt: AT }));
    expect(selectRequestDraft(store.getState(), CUSTOMER, key)).toEqual({
      values,
      ids,
      files: { attachments: [], unfinished: [] },
    });
    expect(selectRequestDraft(store.getState(), AGENT, key)).toBeUndefined();

    store.dispatch(
      requestDraftSaved({
        owner: CUSTOMER,
        key,
        draft: { subject: '', description: '', priority: 'normal', category: '' },
        ids,
        updatedAt: AT,
      }),
    );
    expect(selectRequestDraft(store.getState(), CUSTOMER, key)).toBeUndefined();
  });

  it('keeps a new request’s uploaded files and the names of unfinished ones, even on a blank form', () => {
    const store = draftsStore();
    const key = newRequestDraftKey();
    const ids = { ticketId: 'ticket-id', messageId: 'message-id' };
    const blank = { subject: '', description: '', priority: 'normal' as const, category: '' };
    const file = { path: 'tickets/ticket-id/message-id/log.txt', name: 'log.txt', size: 12, contentType: 'text/plain' };
    const files = { attachments: [file], unfinished: ['video.zip'] };
    store.dispatch(requestDraftSaved({ owner: CUSTOMER, key, draft: blank, ids, files, updatedAt: AT }));
    expect(selectRequestDraft(store.getState(), CUSTOMER, key)?.files).toEqual(files);

    // A malformed persisted file is left out, not trusted.
    const entry = store.getState().drafts[`${CUSTOMER}:${key}`];
    const forged = { ...entry, request: { ...entry?.request, attachments: [file, { path: 7 }], unfinished: [1] } };
    const state = { drafts: { [`${CUSTOMER}:${key}`]: forged } } as unknown as ReturnType<typeof store.getState>;
    expect(selectRequestDraft(state, CUSTOMER, key)?.files).toEqual({ attachments: [file], unfinished: [] });
  });
});

/** localStorage as a Map: one per "browser"; each tab wraps it in its own `sharedStorage`. */
function memoryStorage(): SyncStorage & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, value),
    removeItem: (key) => void raw.delete(key),
  };
}

/** One tab: a store whose drafts persist like the app's, on `browser`'s storage. */
async function tab(browser: SyncStorage) {
  const config = { ...draftsPersistConfig, storage: sharedStorage(browser) };
  const store = configureStore({
    reducer: combineReducers({ drafts: persistReducer(config, draftsReducer) }),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return { store, persistor };
}

describe('drafts across a reload (DESIGN §3 client ids, DESIGN §5 persisted drafts)', () => {
  it('gives back the same client id after a reload, so a retried send is the same write, until sent', async () => {
    const browser = memoryStorage();
    const before = await tab(browser);
    before.store.dispatch(reply(CUSTOMER, 't1', 'Lost on the way', 'msg-kept'));
    await before.persistor.flush();
    before.persistor.pause();

    const reloaded = await tab(browser);
    expect(selectDraft(reloaded.store.getState(), CUSTOMER, 't1')).toMatchObject({
      body: 'Lost on the way',
      internal: false,
      messageId: 'msg-kept',
    });

    // The send is confirmed: the draft goes, and its id with it.
    reloaded.store.dispatch(draftDiscarded({ owner: CUSTOMER, key: 't1' }));
    await reloaded.persistor.flush();
    reloaded.persistor.pause();
    const again = await tab(browser);
    expect(selectDraft(again.store.getState(), CUSTOMER, 't1')).toBeUndefined();
  });

  it("keeps another tab's drafts when a tab that read before them writes its own", async () => {
    const browser = memoryStorage();
    const agentTab = await tab(browser);
    const customerTab = await tab(browser); // read the drafts before the agent wrote any

    agentTab.store.dispatch(note(AGENT, 't1', 'Customer is a VIP.'));
    await agentTab.persistor.flush();
    customerTab.store.dispatch(reply(CUSTOMER, 't2', 'Any news?'));
    await customerTab.persistor.flush();
    agentTab.persistor.pause();
    customerTab.persistor.pause();

    const later = await tab(browser);
    expect(selectDraft(later.store.getState(), AGENT, 't1')?.body).toBe('Customer is a VIP.');
    expect(selectDraft(later.store.getState(), CUSTOMER, 't2')?.body).toBe('Any news?');
    expect(selectDraft(later.store.getState(), CUSTOMER, 't1')).toBeUndefined();
  });
});
