import { configureStore } from '@reduxjs/toolkit';
import { authChanged, authErrorCleared, authReducer, signIn, type AuthState } from '@/features/auth/slice/auth-slice';
import { fakeBackend, profile } from '../support/fake-backend';

const initial = (): AuthState => authReducer(undefined, { type: 'init' });

describe('auth slice (DESIGN §5 session machine)', () => {
  it('starts unknown, with no user and no hint', () => {
    expect(initial()).toMatchObject({ status: 'unknown', user: null, lastUser: null, error: null });
  });

  it('goes unknown → signedIn on the backend saying so, and keeps the user as the reload hint', () => {
    const user = profile();
    const state = authReducer(initial(), authChanged({ kind: 'signedIn', user, emailVerified: true }));
    expect(state).toMatchObject({ status: 'signedIn', user, lastUser: user, emailVerified: true });
  });

  it('goes unknown → signedOut and drops the hint when the backend has no session', () => {
    const hinted = { ...initial(), lastUser: profile() };
    expect(authReducer(hinted, authChanged({ kind: 'signedOut' }))).toMatchObject({
      status: 'signedOut',
      user: null,
      lastUser: null,
    });
  });

  it('lets the backend answer replace a stale hint (the hint is never an authority)', () => {
    const hinted = { ...initial(), lastUser: profile({ uid: 'old', role: 'admin' }) };
    const fresh = profile({ uid: 'new', role: 'customer' });
    const state = authReducer(hinted, authChanged({ kind: 'signedIn', user: fresh, emailVerified: false }));
    expect(state.user).toEqual(fresh);
    expect(state.lastUser).toEqual(fresh);
  });

  it('enters error with `unavailable` when the profile cannot be read', () => {
    const error = { code: 'unavailable' as const, message: 'Firestore unreachable' };
    const state = authReducer(
      initial(),
      authChanged({ kind: 'profileUnavailable', uid: 'u', email: 'e@x.test', error }),
    );
    expect(state).toMatchObject({ status: 'error', user: null, unavailable: { uid: 'u', email: 'e@x.test', error } });
  });

  it('leaves the unreachable-profile state for signedOut on sign-out, with no stale form error', () => {
    const error = { code: 'unavailable' as const, message: 'Firestore unreachable' };
    const failedForm = { ...initial(), status: 'error' as const, error };
    const unavailable = authReducer(
      failedForm,
      authChanged({ kind: 'profileUnavailable', uid: 'u', email: 'e@x.test', error }),
    );
    expect(unavailable.error).toBeNull();
    expect(authReducer(unavailable, authChanged({ kind: 'signedOut' }))).toMatchObject({
      status: 'signedOut',
      error: null,
      unavailable: null,
    });
  });

  it('keeps a refused sign-in visible when the backend reports signed out', () => {
    const refused = {
      ...initial(),
      status: 'error' as const,
      error: { code: 'auth/invalid-credential' as const, message: 'x' },
    };
    expect(authReducer(refused, authChanged({ kind: 'signedOut' })).status).toBe('error');
  });

  it('goes signedOut → signingIn → signedIn through the signIn thunk', async () => {
    const { backend } = fakeBackend();
    const store = configureStore({
      reducer: { auth: authReducer },
      middleware: (getDefault) => getDefault({ thunk: { extraArgument: backend } }),
    });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().auth.status));
    await store.dispatch(signIn({ email: 'ada@example.test', password: 'secret-123' }));
    expect(seen).toEqual(['signingIn', 'signedIn']);
    expect(store.getState().auth.user?.email).toBe('ada@example.test');
  });

  it('goes signingIn → error with the backend code on a refused sign-in, and back to signedOut when cleared', async () => {
    const { backend } = fakeBackend();
    const store = configureStore({
      reducer: { auth: authReducer },
      middleware: (getDefault) => getDefault({ thunk: { extraArgument: backend } }),
    });
    await store.dispatch(signIn({ email: 'wrong@example.test', password: 'whatever-1' }));
    expect(store.getState().auth).toMatchObject({ status: 'error', error: { code: 'auth/invalid-credential' } });
    store.dispatch(authErrorCleared());
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', error: null });
  });
});
