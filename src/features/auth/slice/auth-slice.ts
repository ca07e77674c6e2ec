/**
 * The auth slice: a small state machine mirroring the backend's session (DESIGN §5).
 *
 *   unknown ──▶ signedOut ──signIn/signUp──▶ signingIn ──▶ signedIn
 *      │            ▲                            │
 *      └──▶ signedIn│◀──────── error ◀───────────┘
 *
 * `error` is a failed sign-in/sign-up (the form shows it) or, with `unavailable` set, a
 * session whose profile cannot be read (the app shows a retry). `lastUser` is a persisted
 * hint for a flicker-free first paint — never an authority: the backend's answer replaces it.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthChange, Backend } from '@/backend/port';
import { toErrorShape, type ErrorShape } from '@/domain/errors';
import type { SignInInput, SignUpInput } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';

/** Where the session is in its life. */
export type AuthStatus = 'unknown' | 'signedOut' | 'signingIn' | 'signedIn' | 'error';

/** The auth slice's state. */
export interface AuthState {
  status: AuthStatus;
  /** The signed-in person, once the backend has said so. */
  user: UserProfile | null;
  emailVerified: boolean;
  /** Last failure of a sign-in, sign-up, reset or sign-out, for the form to show. */
  error: ErrorShape | null;
  /** Set when Auth accepted the person but their profile cannot be read. */
  unavailable: { uid: string; email: string; error: ErrorShape } | null;
  /** Persisted per tab: who was signed in before the reload (a hint for the first paint). */
  lastUser: UserProfile | null;
}

const initialState: AuthState = {
  status: 'unknown',
  user: null,
  emailVerified: false,
  error: null,
  unavailable: null,
  lastUser: null,
};

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

/** Reads the profile again after `unavailable` (e.g. Firestore was unreachable). */
export const retryProfile = authThunk('auth/retryProfile', (backend, _: void) => backend.auth.retryProfile());

function enterSignedIn(state: AuthState, user: UserProfile, emailVerified: boolean) {
  state.status = 'signedIn';
  state.user = user;
  state.lastUser = user;
  state.emailVerified = emailVerified;
  state.error = null;
  state.unavailable = null;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** The backend's session changed (dispatched by the auth listener only). */
    authChanged(state, action: PayloadAction<AuthChange>) {
      const change = action.payload;
      switch (change.kind) {
        case 'signedIn':
          enterSignedIn(state, change.user, change.emailVerified);
          break;
        case 'signedOut': {
          // An in-flight sign-in keeps its state, and so does a refused one (its form shows
          // why); any other state — including an unreachable profile — ends here.
          const formFailure = state.status === 'error' && !state.unavailable;
          if (state.status !== 'signingIn' && !formFailure) state.status = 'signedOut';
          state.user = null;
          state.lastUser = null;
          state.unavailable = null;
          break;
        }
        case 'profileUnavailable':
          state.status = 'error';
          state.user = null;
          state.error = null; // the retry screen explains; no stale form alert after it
          state.unavailable = { uid: change.uid, email: change.email, error: change.error };
          break;
        default: {
          const exhaustive: never = change;
          throw new Error(`Unknown auth change ${JSON.stringify(exhaustive)}`);
        }
      }
    },
    /** Clears a shown error, e.g. when the person edits the form. */
    authErrorCleared(state) {
      state.error = null;
      if (state.status === 'error' && !state.unavailable) state.status = 'signedOut';
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [signIn, signUp, signInWithGoogle]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.status = 'signingIn';
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          enterSignedIn(state, action.payload, state.emailVerified);
        })
        .addCase(thunk.rejected, (state, action) => {
          // An unreachable profile after a successful Auth step is reported by authChanged.
          if (state.unavailable) return;
          state.status = 'error';
          state.error = action.payload ?? toErrorShape(action.error);
        });
    }
    builder.addCase(signOut.rejected, (state, action) => {
      state.error = action.payload ?? toErrorShape(action.error);
    });
  },
  selectors: {
    selectAuth: (state) => state,
    selectUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
  },
});

export const { authChanged, authErrorCleared } = authSlice.actions;
export const { selectAuth, selectUser, selectAuthStatus } = authSlice.selectors;
/** The auth slice's reducer (wrapped by redux-persist in `src/app/persist.ts`). */
export const authReducer = authSlice.reducer;
