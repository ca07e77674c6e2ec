/**
 * The auth slice (DESIGN §5): the session machine of `src/lib/session/auth-machine.ts` in Redux. Every action
 * is mapped to one machine event and the state is whatever {@link authTransition} returns; the
 * thunks run the backend's auth calls. The persisted hint and how it is read back are in
 * `src/app/persist.ts`.
 */
import { createAsyncThunk, createSlice, isDraft, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthChange } from '@/backend/port/auth';
import type { Backend } from '@/backend/port/backend';
import { toErrorShape, type ErrorShape } from '@/domain/errors/errors';
import type { SignInInput, SignUpInput } from '@/domain/schemas';
import {
  authTransition,
  currentUserOf,
  eventOfChange,
  initialAuthState,
  type AuthEvent,
  type AuthState,
} from '@/lib/session/auth-machine';

export type { AuthState } from '@/lib/session/auth-machine';

type ThunkConfig = { extra: Backend; rejectValue: ErrorShape };
const createAuthThunk = createAsyncThunk.withTypes<ThunkConfig>();

/**
 * A thunk that runs one auth call on the backend (the thunk's extra argument) and rejects
 * with a plain `{ code, message }` for anything thrown.
 */
function authThunk<Arg, Result>(type: string, call: (backend: Backend, arg: Arg) => Promise<Result>) {
  return createAuthThunk(type, async (arg: Arg, { extra, rejectWithValue }) => {
    try {
      return await call(extra, arg);
    } catch (error) {
      return rejectWithValue(toErrorShape(error));
    }
  });
}

/** Signs in with email and password. Rejects with `{ code, message }`. */
export const signIn = authThunk('auth/signIn', (backend, input: SignInInput) => backend.auth.signIn(input));

/** Creates a customer account and signs in (DESIGN §3). Rejects with `{ code, message }`. */
export const signUp = authThunk('auth/signUp', (backend, input: SignUpInput) => backend.auth.signUp(input));

/** Signs in with a Google popup (Firebase only). Rejects with `{ code, message }`. */
export const signInWithGoogle = authThunk('auth/signInWithGoogle', (backend, _: void) =>
  backend.auth.signInWithGoogle(),
);

/** Signs out; the auth listener then resets the API cache and purges drafts. */
export const signOut = authThunk('auth/signOut', (backend, _: void) => backend.auth.signOut());

/** "Sign in someone else in this tab" (local backend): this tab signs out; the browser's other tabs keep their person. */
export const signOutThisTab = authThunk('auth/signOutThisTab', (backend, _: void) => backend.auth.signOutThisTab());

/**
 * Says whether the signed-in agent takes round-robin tickets (DESIGN §10 "Triggers"); the profile
 * the session follows then shows it. Rejects with `{ code, message }`.
 */
export const setAvailability = authThunk('auth/setAvailability', (backend, available: boolean) =>
  backend.users.setOwnAvailability(available),
);

/** Reads the profile again after `unavailable` (e.g. Firestore was unreachable). */
export const retryProfile = authThunk('auth/retryProfile', (backend, _: void) => backend.auth.retryProfile());

/** Runs the machine on the slice's state (a draft: the machine reads the plain original). */
function step(state: Draft<AuthState>, event: AuthEvent): AuthState {
  const plain = isDraft(state) ? (original(state) as AuthState) : (state as AuthState);
  return authTransition(plain, event);
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The backend's session changed (dispatched by the auth listener only). */
    authChanged: (state, action: PayloadAction<AuthChange>) => step(state, eventOfChange(action.payload)),
    /** Clears a refused form's error, e.g. when the person edits the form. */
    authErrorCleared: (state) => step(state, { type: 'formErrorCleared' }),
  },
  extraReducers: (builder) => {
    for (const thunk of [signIn, signUp, signInWithGoogle]) {
      builder
        .addCase(thunk.pending, (state) => step(state, { type: 'signInStarted' }))
        .addCase(thunk.fulfilled, (state, action) => step(state, { type: 'signInSucceeded', user: action.payload }))
        .addCase(thunk.rejected, (state, action) =>
          step(state, { type: 'signInFailed', error: action.payload ?? toErrorShape(action.error) }),
        );
    }
    builder
      .addCase(signOut.rejected, (state) => step(state, { type: 'signOutFailed' }))
      .addCase(retryProfile.pending, (state) => step(state, { type: 'retryStarted' }))
      .addCase(retryProfile.fulfilled, (state) => step(state, { type: 'retryFinished' }))
      .addCase(retryProfile.rejected, (state) => step(state, { type: 'retryFinished' }));
  },
  selectors: {
    /** The whole session state: switch on its `kind`. */
    selectAuth: (state) => state,
    /** The signed-in person, or `null` (never the hint). */
    selectUser: (state) => currentUserOf(state),
    /** A refused sign-in or sign-up for the form to show, or `null`. */
    selectFormError: (state): ErrorShape | null => (state.kind === 'signedOut' ? state.formError : null),
    /** Whether this tab is set apart from the browser's session, nobody signed in here (local backend). */
    selectOwnTab: (state): boolean => state.kind === 'signedOut' && state.ownTab === true,
    /** Whether a sign-in, sign-up or Google sign-in is under way. */
    selectSigningIn: (state) => state.kind === 'signingIn',
  },
});

export const { authChanged, authErrorCleared } = authSlice.actions;
export const { selectAuth, selectUser, selectFormError, selectSigningIn, selectOwnTab } = authSlice.selectors;
/** The auth slice's reducer (wrapped by redux-persist in `src/app/persist.ts`). */
export const authReducer = authSlice.reducer;
