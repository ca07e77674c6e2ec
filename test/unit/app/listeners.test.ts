/**
 * @jest-environment node
 */
import { api } from '@/lib/store/api';
import { appStarted } from '@/app/listeners';
import { makeStore } from '@/app/store';
import { hintOf } from '@/lib/session/auth-machine';
import { draftSaved, selectDraft } from '@/features/tickets/conversation/slice/drafts-slice';
import { fakeBackend, profile } from '../../support/fake-backend';
import { localeChanged } from '@/features/preferences/slice/preferences-slice';

function draftFor(owner: string, ticketId: string, body: string) {
  return draftSaved({
    owner,
    ticketId,
    body,
    internal: false,
    messageId: `m-${owner}`,
    updatedAt: '2026-11-21T00:00:00.000Z',
  });
}

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
    expect(store.getState().auth.kind).toBe('signedIn');
    emit({ kind: 'signedOut' });
    expect(store.getState().auth.kind).toBe('signedOut');
  });

  it("resets the API cache and purges the signed-out person's drafts, and only theirs", () => {
    const { store, emit, listenerMiddleware } = setup();
    const seen: string[] = [];
    listenerMiddleware.startListening({ predicate: () => true, effect: (action) => void seen.push(action.type) });
    store.dispatch(appStarted());
    emit({ kind: 'signedIn', user: profile({ uid: 'u-1' }), emailVerified: true });
    store.dispatch(draftFor('u-1', 't1', 'half a reply'));
    // Another person's draft in the same browser (another tab's session).
    store.dispatch(draftFor('u-2', 't1', 'their reply'));
    expect(selectDraft(store.getState(), 'u-1', 't1')?.body).toBe('half a reply');
    expect(seen).not.toContain(api.util.resetApiState.type);

    emit({ kind: 'signedOut' });
    expect(seen).toContain(api.util.resetApiState.type);
    expect(selectDraft(store.getState(), 'u-1', 't1')).toBeUndefined();
    expect(selectDraft(store.getState(), 'u-2', 't1')?.body).toBe('their reply');
    expect(hintOf(store.getState().auth)).toBeNull();
  });

  it('purges no drafts when a tab starts signed out: nobody signed out of it', () => {
    const { store, emit } = setup();
    store.dispatch(draftFor('u-1', 't1', 'written in another tab'));
    store.dispatch(appStarted());
    emit({ kind: 'signedOut' });
    expect(store.getState().auth.kind).toBe('signedOut');
    expect(selectDraft(store.getState(), 'u-1', 't1')?.body).toBe('written in another tab');
  });

  it('purges the drafts of a person whose profile could not be read when they sign out', () => {
    const { store, emit } = setup();
    store.dispatch(appStarted());
    emit({
      kind: 'profileUnavailable',
      uid: 'u-1',
      email: 'ada@example.test',
      error: { code: 'unavailable', message: 'offline' },
    });
    store.dispatch(draftFor('u-1', 't1', 'half a reply'));
    emit({ kind: 'signedOut' });
    expect(selectDraft(store.getState(), 'u-1', 't1')).toBeUndefined();
  });

  it('keeps the drafts of a person another person replaces without signing out (they are theirs alone)', () => {
    const { store, emit } = setup();
    store.dispatch(appStarted());
    emit({ kind: 'signedIn', user: profile({ uid: 'u-1' }), emailVerified: true });
    store.dispatch(draftFor('u-1', 't1', 'half a reply'));
    emit({ kind: 'signedIn', user: profile({ uid: 'u-2' }), emailVerified: true });
    expect(selectDraft(store.getState(), 'u-2', 't1')).toBeUndefined();
    expect(selectDraft(store.getState(), 'u-1', 't1')?.body).toBe('half a reply');
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

describe('a person’s language is theirs (DESIGN §8)', () => {
  it('does not give the next person another person’s choice; their own profile’s, or the browser’s', () => {
    const { store, emit } = setup();
    store.dispatch(appStarted());
    // Priya, in a tab of her own, chooses Arabic (saved on her profile and in this browser).
    emit({ kind: 'signedIn', user: profile({ uid: 'priya', locale: undefined }), emailVerified: true });
    store.dispatch(localeChanged('ar'));
    expect(store.getState().preferences.locale).toBe('ar');

    // Dana, who never chose one, signs in where that choice is stored: she gets the browser's.
    emit({ kind: 'signedOut' });
    emit({ kind: 'signedIn', user: profile({ uid: 'dana', locale: undefined }), emailVerified: true });
    expect(store.getState().preferences.locale).toBeNull();

    // Luis chose Spanish on his profile: his.
    emit({ kind: 'signedOut' });
    emit({ kind: 'signedIn', user: profile({ uid: 'luis', locale: 'es' }), emailVerified: true });
    expect(store.getState().preferences.locale).toBe('es');
  });

  it('keeps a language chosen before signing in for the person who then signs in', () => {
    const { store, emit } = setup();
    store.dispatch(appStarted());
    emit({ kind: 'signedOut' });
    store.dispatch(localeChanged('es'));
    emit({ kind: 'signedIn', user: profile({ uid: 'dana', locale: undefined }), emailVerified: true });
    expect(store.getState().preferences.locale).toBe('es');
  });
});

describe('a verified customer in no organisation asks to join the one claiming their domain (DESIGN §1 "Organisations")', () => {
  it('asks once per person and session; never unverified, for staff, or for a member', async () => {
    const { store, emit, backend } = setup();
    const join = jest.fn(async () => ({ organisationId: null }));
    backend.users.joinOrganisationByDomain = join;
    store.dispatch(appStarted());
    const customer = profile({ uid: 'c-1', role: 'customer' });
    emit({ kind: 'signedIn', user: customer, emailVerified: false });
    emit({ kind: 'signedIn', user: profile({ uid: 'a-1', role: 'agent' }), emailVerified: true });
    emit({
      kind: 'signedIn',
      user: profile({ uid: 'm-1', role: 'customer', organisationId: 'acme' }),
      emailVerified: true,
    });
    expect(join).not.toHaveBeenCalled();
    emit({ kind: 'signedIn', user: customer, emailVerified: true });
    emit({ kind: 'signedIn', user: { ...customer, displayName: 'Renamed' }, emailVerified: true });
    await Promise.resolve();
    expect(join).toHaveBeenCalledTimes(1);
  });
});
