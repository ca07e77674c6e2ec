/**
 * The one place that turns error codes into sentences for people (STYLE: errors reach the
 * user through one place). Firebase Auth and Firestore codes, and the app's own.
 */
import type { ErrorShape } from '@/domain/errors';

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'That email and password do not match an account.',
  'auth/wrong-password': 'That email and password do not match an account.',
  'auth/user-not-found': 'That email and password do not match an account.',
  'auth/invalid-login-credentials': 'That email and password do not match an account.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead, or reset your password.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/weak-password': 'Choose a stronger password: at least 8 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password.',
  'auth/network-request-failed': 'Triage cannot reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before finishing.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/user-disabled': 'This account has been disabled. Contact your support team.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled for this desk.',
  'auth/requires-recent-login': 'Please sign in again to do this.',
  'permission-denied': 'You are not allowed to do that.',
  unauthenticated: 'Please sign in to continue.',
  unavailable: 'Triage cannot reach its database. Check your connection and try again.',
  'deadline-exceeded': 'The server took too long to answer. Try again.',
  unsupported: 'This is not available here.',
  cancelled: 'Cancelled.',
  aborted: 'Someone else changed this ticket meanwhile. Check its current state and try again.',
};

/** Codes whose backend message is written for people and says exactly what was refused (adapters phrase them). */
const KEEP_BACKEND_MESSAGE = new Set([
  'invalid-argument',
  'permission-denied',
  'failed-precondition',
  'not-found',
  'already-exists',
  'unsupported',
  'aborted',
]);

/**
 * A sentence for an error.
 * @param error `{ code, message }` from the base query, a thunk, or RTK's SerializedError.
 * @returns the mapped text for a known code, the backend's own sentence for validation and
 *   lifecycle refusals, or a generic sentence that still names the code.
 */
export function friendlyMessage(error: { code?: ErrorShape['code'] | string; message?: string }): string {
  const code = error.code ?? 'unknown';
  if (KEEP_BACKEND_MESSAGE.has(code) && error.message) return error.message;
  const mapped = MESSAGES[code];
  if (mapped) return mapped;
  return `Something went wrong (${code}). Try again.`;
}
