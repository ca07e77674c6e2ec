/**
 * The session as an explicit state machine (DESIGN §5): which states exist, which events move
 * between them, and one pure {@link authTransition}. The auth slice only maps its actions to
 * these events; the router switches on the state's `kind`. It is shared code, not the auth
 * feature's own, because every feature asks who is signed in (`current-user.ts`).
 *
 * States — each carries exactly what is true in it, so no illegal mix can be written down:
 * - `unknown { lastUser }`: the backend has not answered yet. `lastUser` is the persisted hint
 *   of who was signed in before the reload (a flicker-free first paint, never an authority).
 * - `signedOut { formError }`: nobody is signed in; `formError` is a refused sign-in or
 *   sign-up that the form shows until the person edits it.
 * - `signingIn`: a sign-in, sign-up or Google sign-in is under way.
 * - `signedIn { user, emailVerified }`: the backend says who is signed in.
 * - `profileUnavailable { uid, email, error, retrying, lastUser }`: Auth accepted the person
 *   but their profile (role) cannot be read; the app shows a retry. `lastUser` is the hint
 *   kept as it was, so a reload paints as before.
 *
 * Events — from the backend's session (`session…`, `profileUnavailable`), from the auth calls
 * (`signIn…`, `signOutFailed`, `retry…`), from the form (`formErrorCleared`) and from the
 * persisted hint being read back (`hintRestored`).
 *
 * The table (state × event → next state; "—" = stays exactly as it is):
 *
 * | event ↓ / state →     | unknown         | signedOut       | signingIn       | signedIn           | profileUnavailable |
 * |-----------------------|-----------------|-----------------|-----------------|--------------------|--------------------|
 * | hintRestored(h′)      | unknown(h′)     | —               | —               | —                  | —                  |
 * | sessionSignedIn(u, v) | signedIn(u, v)  | signedIn(u, v)  | signedIn(u, v)  | signedIn(u, v)     | signedIn(u, v)     |
 * | sessionSignedOut      | signedOut       | —               | —               | signedOut          | signedOut          |
 * | profileUnavailable(p) | unavail(p, h)   | unavail(p, –)   | unavail(p, –)   | unavail(p, user)   | unavail(p, h)      |
 * | signInStarted         | signingIn       | signingIn       | signingIn       | signingIn          | signingIn          |
 * | signInSucceeded(u)    | signedIn(u, no) | signedIn(u, no) | signedIn(u, no) | signedIn(u, its v) | signedIn(u, no)    |
 * | signInFailed(e)       | signedOut(e)    | signedOut(e)    | signedOut(e)    | —                  | —                  |
 * | formErrorCleared      | —               | signedOut       | —               | —                  | —                  |
 * | signOutFailed         | —               | —               | —               | —                  | —                  |
 * | retryStarted          | —               | —               | —               | —                  | retrying           |
 * | retryFinished         | —               | —               | —               | —                  | not retrying       |
 *
 * In an event, `u`, `v`, `e`, `h′` are its user, emailVerified, error and restored hint, and `p`
 * its uid, email and error. In a cell, `h` is the state's own hint ({@link hintOf}; `–` none),
 * `unavail(p, h)` is `profileUnavailable` with `p`, not retrying, keeping hint `h`; `signedOut`
 * alone has no form error; `no` is `emailVerified: false`.
 *
 * Why the cells are what they are:
 * - The backend's report is the authority: `sessionSignedIn` wins from anywhere, and the hint
 *   only fills a state that is still `unknown` (read back after the backend answered, it is
 *   ignored).
 * - `sessionSignedOut` does not interrupt a sign-in under way (Auth reports "signed out" before
 *   it reports the new person) and does not wipe a refused form's error. Leaving `signedIn` or
 *   `profileUnavailable` for `signedOut` drops the hint: sign-out purges it.
 * - A refused sign-in after the backend already reported a session (`signedIn`, or an unreadable
 *   profile) changes nothing: that report explains, not the form.
 * - A failed sign-out leaves every state as it is: only the backend ends a session, and the
 *   caller shows why it failed (the profile menu's message).
 * - `signInSucceeded` keeps `emailVerified` only when the backend already reported it for this
 *   session; otherwise it is `false` until the backend's report (which follows) says more.
 */
import type { AuthChange } from '@/backend/port/auth';
import type { ErrorShape } from '@/domain/errors/errors';
import type { UserProfile } from '@/domain/types';

/** Before the backend's first answer: only the persisted hint is known. */
export interface AuthUnknown {
  kind: 'unknown';
  /** Who was signed in before the reload (persisted hint for the first paint; never an authority). */
  lastUser: UserProfile | null;
}

/** Nobody is signed in. */
export interface AuthSignedOut {
  kind: 'signedOut';
  /** A refused sign-in or sign-up, shown by the form until the person edits it. */
  formError: ErrorShape | null;
  /** This tab is set apart from the browser's session (local backend): a sign-in here stays here by default. */
  ownTab?: true;
}

/** A sign-in, sign-up or Google sign-in is under way. */
export interface AuthSigningIn {
  kind: 'signingIn';
}

/** The backend says who is signed in. */
export interface AuthSignedIn {
  kind: 'signedIn';
  user: UserProfile;
  emailVerified: boolean;
}

/** Auth accepted the person, but their profile (role) cannot be read: the app offers a retry. */
export interface AuthProfileUnavailable {
  kind: 'profileUnavailable';
  uid: string;
  email: string;
  /** Why the profile could not be read (shown on the retry screen). */
  error: ErrorShape;
  /** A retry is under way. */
  retrying: boolean;
  /** The persisted hint, kept as it was (see {@link AuthUnknown.lastUser}). */
  lastUser: UserProfile | null;
}

/** Where the session is in its life (the auth slice's state). */
export type AuthState = AuthUnknown | AuthSignedOut | AuthSigningIn | AuthSignedIn | AuthProfileUnavailable;

/** The kinds of {@link AuthState}, in the order of the module's table. */
export const AUTH_STATE_KINDS = ['unknown', 'signedOut', 'signingIn', 'signedIn', 'profileUnavailable'] as const;
/** One of {@link AUTH_STATE_KINDS}. */
export type AuthStateKind = AuthState['kind'];

/** What can happen to the session. */
export type AuthEvent =
  | { type: 'hintRestored'; lastUser: UserProfile | null }
  | { type: 'sessionSignedIn'; user: UserProfile; emailVerified: boolean }
  | { type: 'sessionSignedOut'; ownTab?: true }
  | { type: 'profileUnavailable'; uid: string; email: string; error: ErrorShape }
  | { type: 'signInStarted' }
  | { type: 'signInSucceeded'; user: UserProfile }
  | { type: 'signInFailed'; error: ErrorShape }
  | { type: 'formErrorCleared' }
  | { type: 'signOutFailed' }
  | { type: 'retryStarted' }
  | { type: 'retryFinished' };

/** The event types, in the order of the module's table. */
export const AUTH_EVENT_TYPES = [
  'hintRestored',
  'sessionSignedIn',
  'sessionSignedOut',
  'profileUnavailable',
  'signInStarted',
  'signInSucceeded',
  'signInFailed',
  'formErrorCleared',
  'signOutFailed',
  'retryStarted',
  'retryFinished',
] as const;
/** One of {@link AUTH_EVENT_TYPES}. */
export type AuthEventType = AuthEvent['type'];

/** The state before the backend's first answer, with no hint. */
export const initialAuthState: AuthState = { kind: 'unknown', lastUser: null };

/**
 * The user a state keeps as the persisted hint: the signed-in person, the hint an unknown or
 * unavailable session still holds, or `null` (signed out, or a sign-in under way).
 */
export function hintOf(state: AuthState): UserProfile | null {
  switch (state.kind) {
    case 'signedIn':
      return state.user;
    case 'unknown':
    case 'profileUnavailable':
      return state.lastUser;
    case 'signedOut':
    case 'signingIn':
      return null;
    default: {
      const exhaustive: never = state;
      throw new Error(`Unknown auth state ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The signed-in person, or `null` in every other state (the hint is never "who am I"). */
export function currentUserOf(state: AuthState): UserProfile | null {
  return state.kind === 'signedIn' ? state.user : null;
}

/** The uid the backend reported a session for (signed in, or with an unreadable profile), or `null`. */
export function sessionUidOf(state: AuthState): string | null {
  if (state.kind === 'signedIn') return state.user.uid;
  if (state.kind === 'profileUnavailable') return state.uid;
  return null;
}

/** The backend's session report as a machine event. */
export function eventOfChange(change: AuthChange): AuthEvent {
  switch (change.kind) {
    case 'signedIn':
      return { type: 'sessionSignedIn', user: change.user, emailVerified: change.emailVerified };
    case 'signedOut':
      return change.ownTab ? { type: 'sessionSignedOut', ownTab: true } : { type: 'sessionSignedOut' };
    case 'profileUnavailable':
      return { type: 'profileUnavailable', uid: change.uid, email: change.email, error: change.error };
    default: {
      const exhaustive: never = change;
      throw new Error(`Unknown auth change ${JSON.stringify(exhaustive)}`);
    }
  }
}

const SIGNED_OUT: AuthSignedOut = { kind: 'signedOut', formError: null };
const SIGNING_IN: AuthSigningIn = { kind: 'signingIn' };

/**
 * The next state of the session (the module's table, cell for cell). Pure: returns `state`
 * itself when nothing changes, a new object otherwise; never mutates.
 * @param state the session now.
 * @param event what happened.
 * @returns the session after the event.
 */
export function authTransition(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'hintRestored':
      return state.kind === 'unknown' ? { kind: 'unknown', lastUser: event.lastUser } : state;
    case 'sessionSignedIn':
      return { kind: 'signedIn', user: event.user, emailVerified: event.emailVerified };
    case 'sessionSignedOut':
      if (state.kind === 'signedOut' || state.kind === 'signingIn') return state;
      return event.ownTab ? { ...SIGNED_OUT, ownTab: true } : SIGNED_OUT;
    case 'profileUnavailable':
      return {
        kind: 'profileUnavailable',
        uid: event.uid,
        email: event.email,
        error: event.error,
        retrying: false,
        lastUser: hintOf(state),
      };
    case 'signInStarted':
      return SIGNING_IN;
    case 'signInSucceeded':
      return {
        kind: 'signedIn',
        user: event.user,
        emailVerified: state.kind === 'signedIn' && state.emailVerified,
      };
    case 'signInFailed':
      return state.kind === 'signedIn' || state.kind === 'profileUnavailable'
        ? state
        : { kind: 'signedOut', formError: event.error };
    case 'formErrorCleared':
      return state.kind === 'signedOut' && state.formError ? SIGNED_OUT : state;
    case 'signOutFailed':
      return state;
    case 'retryStarted':
      return state.kind === 'profileUnavailable' && !state.retrying ? { ...state, retrying: true } : state;
    case 'retryFinished':
      return state.kind === 'profileUnavailable' && state.retrying ? { ...state, retrying: false } : state;
    default: {
      const exhaustive: never = event;
      throw new Error(`Unknown auth event ${JSON.stringify(exhaustive)}`);
    }
  }
}
