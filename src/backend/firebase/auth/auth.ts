/**
 * The Firebase Auth side of the port (DESIGN §1, §3, §5): email/password and Google sign-in,
 * the customer profile made at sign-up, and the session that `auth.onChange` reports — with
 * the profile from `users/{uid}` kept live, or `profileUnavailable` when Firestore cannot be
 * reached within a time limit. Firebase Auth owns the session; this only mirrors it.
 */
import {
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { Functions } from 'firebase/functions';
import { AppError, toErrorShape, type ErrorShape } from '@/domain/errors/errors';
import {
  emailSchema,
  parseInput,
  signInSchema,
  signUpSchema,
  type SignInInput,
  type SignUpInput,
} from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import { refusals } from '@/domain/errors/refusals';
import { sentenceFor } from '@/domain/errors/sentences';
import type { Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { AuthChange, AuthPort } from '@/backend/port/auth';
import { firestoreUnavailable, toAppError, toAuthError, withTimeout } from '@/backend/firebase/core/firebase-errors';

/** Profiles live in a module that imports `firebase/firestore`: load it only when needed. */
const loadProfiles = () => import('@/backend/firebase/users/firestore-users');
/** Password change and account deletion: loaded only when someone does either. */
const loadAccount = () => import('@/backend/firebase/auth/account-changes');

/** What the auth side needs from the composition: the services, and how long to wait for Firestore. */
export interface FirebaseAuthDeps {
  getAuth(): Auth;
  getFirestore(): Promise<Firestore>;
  /** Cloud Functions, for the callable that deletes an account. */
  getFunctions(): Promise<Functions>;
  /** Milliseconds to wait for the profile before reporting `profileUnavailable`. */
  profileTimeoutMs: number;
}

/** The auth port, plus a way to stop its Firebase listeners when the backend is disposed. */
export interface FirebaseAuthPort extends AuthPort {
  /** Stops the session listeners; `onChange` subscribers receive nothing more. */
  stop(): void;
}

/** `unavailable` (or a timeout) becomes the one sentence DESIGN asks for; anything else keeps its code. */
function profileError(error: unknown): AppError {
  const mapped = toAppError(error);
  return mapped.code === 'unavailable' || mapped.code === 'deadline-exceeded' ? firestoreUnavailable() : mapped;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** Whether an Auth error is the SDK's "a script it needed did not load" (its load event attached). */
function scriptFailedToLoad(error: unknown): boolean {
  return (
    codeOf(error) === 'auth/internal-error' &&
    typeof Event !== 'undefined' &&
    (error as { customData?: unknown }).customData instanceof Event
  );
}

function sameChange(a: AuthChange | null, b: AuthChange): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Creates the Firebase auth port.
 * @param deps the Auth instance, a lazy Firestore and the profile time limit (ms).
 */
export function createFirebaseAuth(deps: FirebaseAuthDeps): FirebaseAuthPort {
  const listeners = new Set<Listener<AuthChange>>();
  let current: AuthChange | null = null;
  let stopAuth: Unsubscribe | null = null;
  let stopProfile: Unsubscribe | null = null;
  /** Bumped on every user change, so that a late profile answer for an old session is dropped. */
  let generation = 0;
  /** A sign-up or Google sign-in writing the profile; the session waits for it instead of racing it. */
  let profileWrite: Promise<UserProfile> | null = null;

  /** Tells every listener; an unchanged state is not repeated unless `force` (after a retry). */
  function emit(change: AuthChange, force = false): void {
    if (!force && sameChange(current, change)) return;
    current = change;
    for (const listener of [...listeners]) listener(change);
  }

  function signedIn(profile: UserProfile, user: User): AuthChange {
    return { kind: 'signedIn', user: profile, emailVerified: user.emailVerified };
  }

  function unavailable(user: User, error: ErrorShape): AuthChange {
    return { kind: 'profileUnavailable', uid: user.uid, email: user.email ?? '', error };
  }

  function stopProfileWatch(): void {
    stopProfile?.();
    stopProfile = null;
  }

  /**
   * Reads (or creates) the profile from the server within the time limit.
   * @param newAccount set by sign-up: the display name it asked for.
   */
  async function profileFor(user: User, newAccount?: { displayName: string }): Promise<UserProfile> {
    try {
      const [db, profiles] = await Promise.all([deps.getFirestore(), loadProfiles()]);
      const email = user.email ?? '';
      const displayName = profiles.displayNameFor(newAccount?.displayName ?? user.displayName, email);
      const person = { uid: user.uid, email, displayName };
      return await withTimeout(profiles.ensureProfile(db, person), deps.profileTimeoutMs, firestoreUnavailable);
    } catch (error) {
      throw profileError(error);
    }
  }

  /**
   * Ends the session of a deactivated person (DESIGN §1 "Deactivated people"): trusted code has
   * revoked it already, and the rules refuse its ID token; signing out here takes them to the
   * sign-in page at once (`onAuthStateChanged` then reports `signedOut`).
   * @returns whether `profile` is deactivated.
   */
  function endIfDeactivated(profile: UserProfile): boolean {
    if (!profile.deactivated) return false;
    void signOut(deps.getAuth()).catch(() => undefined);
    return true;
  }

  /** Emits `signedIn` and follows the profile live, for the session of `gen`. */
  async function follow(user: User, profile: UserProfile, gen: number, force = false): Promise<void> {
    if (endIfDeactivated(profile)) return;
    emit(signedIn(profile, user), force);
    const [db, profiles] = await Promise.all([deps.getFirestore(), loadProfiles()]);
    if (gen !== generation) return;
    stopProfile = profiles.watchProfile(
      db,
      user.uid,
      (next) => {
        if (gen !== generation || (next && endIfDeactivated(next))) return;
        emit(
          next
            ? signedIn(next, user)
            : unavailable(user, toErrorShape(new AppError('not-found', 'Your profile has been deleted.'))),
        );
      },
      (error) => {
        if (gen === generation) emit(unavailable(user, error));
      },
    );
  }

  /** Loads the profile and reports the session; `force` re-emits an unchanged state (a retry). */
  async function loadSession(user: User, gen: number, force = false): Promise<void> {
    try {
      const profile = await profileFor(user);
      if (gen === generation) await follow(user, profile, gen, force);
    } catch (error) {
      if (gen === generation) emit(unavailable(user, toErrorShape(profileError(error))), force);
    }
  }

  async function handleUser(user: User | null): Promise<void> {
    const gen = ++generation;
    stopProfileWatch();
    if (!user) {
      emit({ kind: 'signedOut' });
      return;
    }
    const pending = profileWrite;
    if (pending) {
      const outcome = await pending.then(
        (profile) => ({ profile, error: null }),
        (error: unknown) => ({ profile: null, error: profileError(error) }),
      );
      if (gen !== generation) return;
      if (outcome.profile?.uid === user.uid) {
        await follow(user, outcome.profile, gen);
        return;
      }
      // The sign-up already waited the full time for Firestore: say so now instead of waiting again.
      if (outcome.error?.code === 'unavailable') {
        emit(unavailable(user, toErrorShape(outcome.error)));
        return;
      }
    }
    await loadSession(user, gen);
  }

  /** Runs a sign-up or first Google sign-in so that the session listener waits for its profile. */
  function writingProfile(work: Promise<UserProfile>): Promise<UserProfile> {
    profileWrite = work;
    const clear = () => {
      if (profileWrite === work) profileWrite = null;
    };
    work.then(clear, clear);
    return work;
  }

  function start(): void {
    stopAuth = onAuthStateChanged(deps.getAuth(), (user) => void handleUser(user));
  }

  function stop(): void {
    stopAuth?.();
    stopAuth = null;
    stopProfileWatch();
    generation += 1;
    current = null;
  }

  return {
    capabilities: { google: true, sendsEmail: true, tabSessions: false },

    onChange(listener) {
      listeners.add(listener);
      if (!stopAuth) {
        start();
      } else if (current) {
        const now = current;
        queueMicrotask(() => {
          if (listeners.has(listener) && current === now) listener(now);
        });
      }
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) stop();
      };
    },

    async retryProfile() {
      const user = deps.getAuth().currentUser;
      if (!user) return;
      const gen = ++generation;
      stopProfileWatch();
      await loadSession(user, gen, true);
    },

    async signIn(input: SignInInput) {
      const { email, password } = parseInput(signInSchema, input);
      const credential = await signInWithEmailAndPassword(deps.getAuth(), email, password).catch((error: unknown) => {
        throw toAuthError(error);
      });
      return profileFor(credential.user);
    },

    signUp(input: SignUpInput) {
      let data: SignUpInput;
      try {
        data = parseInput(signUpSchema, input);
      } catch (error) {
        return Promise.reject(error);
      }
      const { displayName, email, password } = data;
      return writingProfile(
        (async () => {
          const { user } = await createUserWithEmailAndPassword(deps.getAuth(), email, password).catch(
            (error: unknown) => {
              throw toAuthError(error);
            },
          );
          // The app reads names from `users/{uid}`; the Auth record's name is a courtesy.
          await updateProfile(user, { displayName }).catch(() => undefined);
          return profileFor(user, { displayName });
        })(),
      );
    },

    signInWithGoogle() {
      return writingProfile(
        (async () => {
          const { user } = await signInWithPopup(deps.getAuth(), new GoogleAuthProvider()).catch((error: unknown) => {
            // The SDK loads Google's script loader (apis.google.com) before it opens the window,
            // even against the emulator; when that script fails to load it rejects with
            // `auth/internal-error` carrying the load event: the sign-in service is out of reach.
            if (scriptFailedToLoad(error)) {
              throw new AppError('auth/network-request-failed', sentenceFor('auth/network-request-failed'));
            }
            throw toAuthError(error);
          });
          return profileFor(user);
        })(),
      );
    },

    async sendPasswordReset(email: string) {
      const address = parseInput(emailSchema, email);
      try {
        await sendPasswordResetEmail(deps.getAuth(), address);
      } catch (error) {
        // Resolve for unknown addresses too, so the form cannot tell who has an account.
        if (codeOf(error) === 'auth/user-not-found') return;
        throw toAuthError(error);
      }
    },

    async sendEmailVerification() {
      const user = deps.getAuth().currentUser;
      if (!user) throw refusals.signedOut();
      await sendEmailVerification(user).catch((error: unknown) => {
        throw toAuthError(error);
      });
    },

    async signOut() {
      await signOut(deps.getAuth()).catch((error: unknown) => {
        throw toAuthError(error);
      });
    },

    signOutThisTab: () =>
      Promise.reject(
        new AppError('unsupported', 'Firebase keeps one session per browser: sign out to sign someone else in.'),
      ),

    async changePassword(currentPassword: string, newPassword: string) {
      const { changePassword } = await loadAccount();
      await changePassword(deps.getAuth(), currentPassword, newPassword);
    },

    async deleteOwnAccount(password: string) {
      const { deleteOwnAccount } = await loadAccount();
      await deleteOwnAccount(deps.getAuth(), await deps.getFunctions(), password);
    },

    stop,
  };
}
