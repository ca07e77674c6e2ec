/**
 * The one table of sentences for error codes (DESIGN §5: one error vocabulary). A refusal that
 * says exactly what was refused carries its own sentence (`refusals.ts`); every other error is
 * read through {@link sentenceFor} — by the adapters at their edge and by the screens — so a
 * code reads the same whatever raised it.
 */
import type { AppErrorCode } from '@/domain/errors/errors';

/** The sentence of an email address that is not one (forms and `auth/invalid-email` alike). */
export const INVALID_EMAIL = 'Enter a valid email address.';
const WRONG_CREDENTIALS = 'That email and password do not match an account.';
const POPUP_CLOSED = 'The Google sign-in window was closed before finishing.';

const SENTENCES: Record<AppErrorCode, string> = {
  'invalid-argument': 'Some of what was entered is not valid. Check it and try again.',
  'not-found': 'That item does not exist, or it has been deleted.',
  'permission-denied': 'You do not have permission to do that.',
  unauthenticated: 'Please sign in to continue.',
  'failed-precondition': 'That is not possible in the current state. Check it and try again.',
  aborted: 'Someone else changed this meanwhile. Check its current state and try again.',
  'already-exists': 'That already exists.',
  unavailable: 'Triage cannot reach its database. Check your connection and try again.',
  'deadline-exceeded': 'The server took too long to answer. Try again.',
  'resource-exhausted': 'The desk is over its usage limits right now. Try again later.',
  cancelled: 'Cancelled.',
  unsupported: 'This is not available here.',
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/weak-password': 'Choose a stronger password: at least 8 characters.',
  'auth/invalid-email': INVALID_EMAIL,
  'auth/missing-email': 'Enter your email address.',
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/user-disabled': 'This account has been disabled. Contact your support team.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password.',
  'auth/network-request-failed': 'Triage cannot reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': POPUP_CLOSED,
  'auth/cancelled-popup-request': POPUP_CLOSED,
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled for this desk.',
  'auth/operation-not-supported-in-this-environment': 'Google sign-in is not available in this browser.',
  'auth/unauthorized-domain': 'Google sign-in is not enabled for this web address.',
  'auth/requires-recent-login': 'Please sign in again to do this.',
  'auth/wrong-current-password': 'That is not your current password. Nothing was changed.',
  unknown: 'Something went wrong. Try again.',
};

/**
 * The sentence for a code when the error carries none that says more.
 * @param code one code of the closed vocabulary (`src/domain/errors/errors.ts`).
 */
export function sentenceFor(code: AppErrorCode): string {
  return SENTENCES[code];
}

/**
 * Codes whose errors carry their own sentence from the refusal catalogue (the exact rule that
 * refused: "This ticket is closed…", a field's limit), which says more than the code's.
 */
export const CODES_WITH_OWN_SENTENCE: ReadonlySet<AppErrorCode> = new Set<AppErrorCode>([
  'invalid-argument',
  'permission-denied',
  'failed-precondition',
  'not-found',
  'already-exists',
  'unsupported',
  'aborted',
  'resource-exhausted',
]);
