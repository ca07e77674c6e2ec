/**
 * @jest-environment node
 */
import { api } from '@/app/api';
import { appStarted } from '@/app/listeners';
import { makeStore } from '@/app/store';
import { draftSaved } from '@/features/tickets/slice/drafts-slice';
import { fakeBackend, profile } from '../support/fake-backend';

function setup() {
  const fake = fakeBackend();
  const { store, listenerMiddleware } = makeStore(fake.backend);
  return { ...fake, store, listenerMiddleware };
}

describe('auth listener (DESIGN §5: mirrors backend.auth.onChange into the auth slice)', () => {
  it('subscribes once on appStarted, however often the app starts', () => {
    const { store, subscriptions } = setup();
    store.dispatch(appStarted());
    store.dispatch(appStarted());
    expect(subscriptions()).toBe(1);
  });

  it('mirrors every backend change into the auth slice', () => {
    const { store, emit } = setup();
    store.dispatch(appStarted());
    emit({ kind: 'signedIn', user: profile(), emailVerified: true });
    expect(store.getState().auth.status).toBe('signedIn');
    emit({ kind: 'signedOut' });
    expect(store.getState().auth.status).toBe('signedOut');
  });

  it('resets the API cache and purges drafts on sign-out', () => {
    const { store, emit, listenerMiddleware } = setup();
    const seen: string[] = [];
    listenerMiddleware.startListening({ predicate: () => true, effect: (action) => void seen.push(action.type) });
    store.dispatch(appStarted());
    emit({ kind: 'signedIn', user: profile(), emailVerified: true });
    store.dispatch(
      draftSaved({ ticketId: 't1', body: 'half a reply', internal: false, updatedAt: '2026-11-21T00:00:00.000Z' }),
    );
    expect(store.getState().drafts.t1?.body).toBe('half a reply');
    expect(seen).not.toContain(api.util.resetApiState.type);

    emit({ kind: 'signedOut' });
    expect(seen).toContain(api.util.resetApiState.type);
    expect(store.getState().drafts.t1).toBeUndefined();
    expect(store.getState().auth.lastUser).toBeNull();
  });

  it('resets the API cache when another person signs in without a sign-out between', () => {
    const { store, emit, listenerMiddleware } = setup();
    const seen: string[] = [];
    listenerMiddleware.startListening({ predicate: () => true, effect: (action) => void seen.push(action.type) });
    store.dispatch(appStarted());
    emit({ kind: 'signedIn', user: profile({ uid: 'a' }), emailVerified: true });
    emit({ kind: 'signedIn', user: profile({ uid: 'a', displayName: 'Renamed' }), emailVerified: true });
    expect(seen).not.toContain(api.util.resetApiState.type);
    emit({ kind: 'signedIn', user: profile({ uid: 'b' }), emailVerified: true });
    expect(seen).toContain(api.util.resetApiState.type);
  });

  it('unsubscribes from the backend when the listeners are cleared', () => {
    const { store, liveSubscribers, listenerMiddleware } = setup();
    store.dispatch(appStarted());
    expect(liveSubscribers()).toBe(1);
    listenerMiddleware.clearListeners();
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(liveSubscribers()).toBe(0);
        resolve();
      }, 0),
    );
  });
});
