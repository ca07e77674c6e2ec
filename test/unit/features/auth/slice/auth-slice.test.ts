import type { ErrorShape } from '@/domain/errors/errors';
import { configureStore } from '@reduxjs/toolkit';
import { AppError } from '@/domain/errors/errors';
import { hintOf } from '@/lib/session/auth-machine';
import {
  authChanged,
  authErrorCleared,
  authReducer,
  retryProfile,
  selectFormError,
  selectSigningIn,
  selectUser,
  signIn,
  signOut,
  type AuthState,
} from '@/features/auth/slice/auth-slice';
import type { Backend } from '@/backend/port/backend';
import { fakeBackend, profile } from '../../../../support/fake-backend';

const initial = (): AuthState => authReducer(undefined, { type: 'init' });

function storeWith(backend: Backend, preloaded?: AuthState) {
  return configureStore({
    reducer: { auth: authReducer },
    preloadedState: preloaded && { auth: preloaded },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: backend } }),
  });
}

const unavailableError: ErrorShape = { code: 'unavailable', message: 'Firestore unreachable' };

describe('auth slice (DESIGN §5 session machine, see auth-machine.ts for the full table)', () => {
  it('starts unknown, with no user and no hint', () => {
    expect(initial()).toEqual({ kind: 'unknown', lastUser: null });
  });

  it('goes unknown → signedIn on the backend saying so, and keeps the user as the reload hint', () => {
    const user = profile();
    const state = authReducer(initial(), authChanged({ kind: 'signedIn', user, emailVerified: true }));
    expect(state).toEqual({ kind: 'signedIn', user, emailVerified: true });
    expect(hintOf(state)).toEqual(user);
  });

  it('goes unknown → signedOut and drops the hint when the backend has no session', () => {
    const hinted: AuthState = { kind: 'unknown', lastUser: profile() };
    const state = authReducer(hinted, authChanged({ kind: 'signedOut' }));
    expect(state).toEqual({ kind: 'signedOut', formError: null });
    expect(hintOf(state)).toBeNull();
  });

  it('lets the backend answer replace a stale hint (the hint is never an authority)', () => {
    const hinted: AuthState = { kind: 'unknown', lastUser: profile({ uid: 'old', role: 'admin' }) };
    const fresh = profile({ uid: 'new', role: 'customer' });
    const state = authReducer(hinted, authChanged({ kind: 'signedIn', user: fresh, emailVerified: false }));
    expect(selectUser({ auth: state })).toEqual(fresh);
    expect(hintOf(state)).toEqual(fresh);
  });

  it('enters profileUnavailable when the profile cannot be read', () => {
    const state = authReducer(
      initial(),
      authChanged({ kind: 'profileUnavailable', uid: 'u', email: 'e@x.test', error: unavailableError }),
    );
    expect(state).toEqual({
      kind: 'profileUnavailable',
      uid: 'u',
      email: 'e@x.test',
      error: unavailableError,
      retrying: false,
      lastUser: null,
    });
    expect(selectUser({ auth: state })).toBeNull();
  });

  it('leaves the unreachable-profile state for signedOut on sign-out, with no stale form error', () => {
    const failedForm: AuthState = { kind: 'signedOut', formError: { code: 'auth/invalid-credential', message: 'x' } };
    const unavailable = authReducer(
      failedForm,
      authChanged({ kind: 'profileUnavailable', uid: 'u', email: 'e@x.test', error: unavailableError }),
    );
    expect(selectFormError({ auth: unavailable })).toBeNull();
    expect(authReducer(unavailable, authChanged({ kind: 'signedOut' }))).toEqual({
      kind: 'signedOut',
      formError: null,
    });
  });

  it('keeps a refused sign-in visible when the backend reports signed out', () => {
    const refused: AuthState = { kind: 'signedOut', formError: { code: 'auth/invalid-credential', message: 'x' } };
    expect(authReducer(refused, authChanged({ kind: 'signedOut' }))).toBe(refused);
  });

  it('goes signedOut → signingIn → signedIn through the signIn thunk', async () => {
    const store = storeWith(fakeBackend().backend);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().auth.kind));
    await store.dispatch(signIn({ email: 'ada@example.test', password: 'secret-123' }));
    expect(seen).toEqual(['signingIn', 'signedIn']);
    expect(selectUser(store.getState())?.email).toBe('ada@example.test');
  });

  it('is busy only while signing in', async () => {
    const store = storeWith(fakeBackend().backend);
    const busy: boolean[] = [];
    store.subscribe(() => busy.push(selectSigningIn(store.getState())));
    await store.dispatch(signIn({ email: 'ada@example.test', password: 'secret-123' }));
    expect(busy).toEqual([true, false]);
  });

  it('goes signingIn → signedOut with the backend code on a refused sign-in, and drops it when cleared', async () => {
    const store = storeWith(fakeBackend().backend);
    await store.dispatch(signIn({ email: 'wrong@example.test', password: 'whatever-1' }));
    expect(store.getState().auth).toMatchObject({ kind: 'signedOut', formError: { code: 'auth/invalid-credential' } });
    expect(selectFormError(store.getState())).toMatchObject({ code: 'auth/invalid-credential' });
    store.dispatch(authErrorCleared());
    expect(store.getState().auth).toEqual({ kind: 'signedOut', formError: null });
  });

  it('stays signed in when the sign-out call fails (only the backend ends a session)', async () => {
    const { backend } = fakeBackend();
    backend.auth.signOut = () => Promise.reject(new AppError('unavailable', 'offline'));
    const signedIn: AuthState = { kind: 'signedIn', user: profile(), emailVerified: true };
    const store = storeWith(backend, signedIn);
    const result = await store.dispatch(signOut());
    expect(signOut.rejected.match(result)).toBe(true);
    expect(store.getState().auth).toBe(signedIn);
  });

  it('marks the unreachable-profile state as retrying while the retry runs', async () => {
    const { backend } = fakeBackend();
    const seen: boolean[] = [];
    const unavailable: AuthState = {
      kind: 'profileUnavailable',
      uid: 'u',
      email: 'e@x.test',
      error: unavailableError,
      retrying: false,
      lastUser: null,
    };
    const store = storeWith(backend, unavailable);
    backend.auth.retryProfile = async () => {
      const now = store.getState().auth;
      seen.push(now.kind === 'profileUnavailable' && now.retrying);
    };
    await store.dispatch(retryProfile());
    expect(seen).toEqual([true]);
    expect(store.getState().auth).toEqual(unavailable);
  });
});
