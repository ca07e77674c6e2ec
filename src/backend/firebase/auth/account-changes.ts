/**
 * The account changes of Firebase Auth that need the current password (DESIGN §9): changing it,
 * and deleting the account (re-authentication, then the `deleteAccount` callable function, which
 * does the deletion as trusted code). Loaded on first use: the sign-in page does not carry it.
 */
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  signOut,
  updatePassword,
  type Auth,
  type User,
} from 'firebase/auth';
import { httpsCallable, type Functions } from 'firebase/functions';
import { refusals } from '@/domain/errors/refusals';
import { parseInput, passwordSchema } from '@/domain/schemas';
import { toAppError, toAuthError } from '@/backend/firebase/core/firebase-errors';

const WRONG_PASSWORD_CODES = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

/**
 * Signs the current person in again with their password (Firebase asks for a recent sign-in
 * before a password change or deletion).
 * @throws AppError `auth/wrong-current-password` (our sentence) for a wrong password, `unauthenticated`.
 */
async function reauthenticate(auth: Auth, password: string): Promise<User> {
  const user = auth.currentUser;
  if (!user?.email) throw refusals.signedOut();
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, String(password)));
    return user;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && WRONG_PASSWORD_CODES.has(code)) throw refusals.wrongCurrentPassword();
    throw toAuthError(error);
  }
}

/**
 * Changes the password after checking the current one.
 * @throws AppError `invalid-argument` for a new password outside DESIGN §3, `auth/wrong-current-password`.
 */
export async function changePassword(auth: Auth, currentPassword: string, newPassword: string): Promise<void> {
  const next = parseInput(passwordSchema, newPassword);
  const user = await reauthenticate(auth, currentPassword);
  await updatePassword(user, next).catch((error: unknown) => {
    throw toAuthError(error);
  });
}

/**
 * Deletes the account: re-authenticates, asks the `deleteAccount` function (trusted code removes
 * the Auth account and profile and anonymises the tickets), then signs out here.
 * @throws AppError `auth/wrong-current-password`, or the function's refusal.
 */
export async function deleteOwnAccount(auth: Auth, functions: Functions, password: string): Promise<void> {
  await reauthenticate(auth, password);
  await httpsCallable(
    functions,
    'deleteAccount',
  )({}).catch((error: unknown) => {
    throw toAppError(error);
  });
  await signOut(auth).catch(() => undefined);
}
