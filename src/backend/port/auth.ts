/**
 * The auth port (DESIGN §1, §3, §9): the session, sign-in and sign-up, and the changes to one's
 * own account (password, deletion). Firebase Auth, or its local stand-in.
 */
import type { ErrorShape } from '@/domain/errors/errors';
import type { SignInInput, SignUpInput } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import type { Unsubscribe, Listener } from '@/backend/port/subscriptions';

/**
 * What the auth session is now:
 * - `signedOut`: nobody is signed in; `ownTab` when this tab was set apart from the browser's
 *   session (`signOutThisTab`, or a sign-in "only in this tab"), local backend only;
 * - `signedIn`: signed in, with the profile from `users/{uid}`;
 * - `profileUnavailable`: Auth accepted the person but their profile (and so their role)
 *   cannot be read, e.g. Firestore is unreachable. `retryProfile()` tries again.
 */
export type AuthChange =
  | { kind: 'signedOut'; ownTab?: boolean }
  | { kind: 'signedIn'; user: UserProfile; emailVerified: boolean }
  | { kind: 'profileUnavailable'; uid: string; email: string; error: ErrorShape };

/** What an adapter's auth can do beyond email and password. */
export interface AuthCapabilities {
  /** Google sign-in with a popup (Firebase only). */
  google: boolean;
  /** Password reset and verification actually send email. */
  sendsEmail: boolean;
  /**
   * A sign-in may be kept to one tab (`thisTabOnly`), so two people can work side by side in one
   * browser (local backend only; Firebase keeps one session per browser).
   */
  tabSessions: boolean;
}

/** Firebase Auth, or its local stand-in. */
export interface AuthPort {
  readonly capabilities: AuthCapabilities;
  /**
   * Subscribes to the session. The listener is called once soon after subscribing with the
   * current state, then on every change (sign-in, sign-out, profile change).
   */
  onChange(listener: Listener<AuthChange>): Unsubscribe;
  /** Reads the signed-in person's profile again after `profileUnavailable`. */
  retryProfile(): Promise<void>;
  /**
   * Signs in with email and password.
   * @throws AppError `auth/invalid-credential` for an unknown email or wrong password.
   */
  signIn(input: SignInInput): Promise<UserProfile>;
  /**
   * Creates an account and its `users/{uid}` profile with role `customer`, then signs in.
   * @throws AppError `invalid-argument` for input outside DESIGN §3's limits,
   *   `auth/email-already-in-use` when the email has an account.
   */
  signUp(input: SignUpInput): Promise<UserProfile>;
  /**
   * Signs in with a Google popup (creating the customer profile the first time).
   * @throws AppError `unsupported` where `capabilities.google` is false.
   */
  signInWithGoogle(): Promise<UserProfile>;
  /**
   * Starts a password reset for the email. Resolves whether or not the email has an account,
   * so the form cannot be used to find out who has one.
   */
  sendPasswordReset(email: string): Promise<void>;
  /** Sends the signed-in person an email-verification link. */
  sendEmailVerification(): Promise<void>;
  /** Ends the session (in this tab for the local adapter; everywhere for Firebase). */
  signOut(): Promise<void>;
  /**
   * "Sign in someone else in this tab": this tab is set apart with nobody signed in, while the
   * person signed in stays so in the browser's other tabs; the next sign-in here may be kept to
   * this tab (`signedOut.ownTab` says the tab is apart).
   * @throws AppError `unsupported` where `capabilities.tabSessions` is false (Firebase).
   */
  signOutThisTab(): Promise<void>;
  /**
   * Changes the signed-in person's password after checking the current one (re-authentication).
   * @throws AppError `auth/wrong-current-password` when `currentPassword` is wrong, `invalid-argument`
   *   for a new password outside DESIGN §3's rules, `unauthenticated`.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Deletes the signed-in person's account after checking their password (DESIGN §9): trusted code
   * removes the sign-in account and the profile, and renames them `DELETED_USER_NAME` (`src/domain/account.ts`) on
   * their tickets and messages, which stay for the desk. Signs out.
   * @throws AppError `auth/wrong-current-password` for a wrong password, `unauthenticated`.
   */
  deleteOwnAccount(password: string): Promise<void>;
}
