/**
 * Turns Firebase errors (Auth, Firestore, Storage) into {@link AppError}s with plain sentences
 * (DESIGN §5: failures cross the port as `{ code, message }`). Imports no Firebase module, so
 * the auth code in the first chunk can use it without pulling Firestore in.
 */
import { AppError, isAppErrorCode, type AppErrorCode } from '@/domain/errors/errors';
import { sentenceFor } from '@/domain/errors/sentences';
import { refusals } from '@/domain/errors/refusals';

/** The sentence shown when Cloud Firestore cannot be reached. */
export const FIRESTORE_UNAVAILABLE_MESSAGE =
  'Triage cannot reach its database (Cloud Firestore). Check your connection and try again.';

/**
 * The sentence of a mapped code: the platform's own for an unreachable database, the one
 * vocabulary's (`sentenceFor`) otherwise; a code we do not know keeps Firebase's own words.
 */
function sentenceOf(code: AppErrorCode, firebaseMessage: string): string {
  if (code === 'unavailable') return FIRESTORE_UNAVAILABLE_MESSAGE;
  if (code === 'unknown') return firebaseMessage || sentenceFor('unknown');
  return sentenceFor(code);
}

/**
 * Firebase codes outside the app's vocabulary, and the code of ours each means: Storage codes
 * become their Firestore equivalent, and Firestore's rarer codes their nearest one of ours.
 * Every other Firebase code that is not one of ours becomes `unknown`.
 */
const FIREBASE_CODES: Record<string, AppErrorCode> = {
  'auth/wrong-password': 'auth/invalid-credential',
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  'out-of-range': 'invalid-argument',
  unimplemented: 'unsupported',
  internal: 'unknown',
  'data-loss': 'unknown',
  'storage/unauthorized': 'permission-denied',
  'storage/unauthenticated': 'unauthenticated',
  'storage/object-not-found': 'not-found',
  'storage/canceled': 'cancelled',
  'storage/retry-limit-exceeded': 'unavailable',
  'storage/quota-exceeded': 'resource-exhausted',
};

const STORAGE_CODES: ReadonlySet<string> = new Set(
  Object.keys(FIREBASE_CODES).filter((code) => code.startsWith('storage/')),
);

const STORAGE_MESSAGES: Partial<Record<AppErrorCode, string>> = {
  unavailable: 'Triage cannot reach its file storage (Cloud Storage). Check your connection and try again.',
  cancelled: refusals.uploadCancelled().message,
};

function codeAndMessage(error: unknown): { code: string | null; message: string } {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : null,
      message: typeof message === 'string' ? message.replace(/^Firebase(?: Storage)?: /, '') : '',
    };
  }
  return { code: null, message: typeof error === 'string' ? error : '' };
}

/**
 * The app's code for a Firebase code (see {@link FIREBASE_CODES}); the one place where a
 * platform code turns into the closed vocabulary of `src/domain/errors/errors.ts`.
 */
export function appCodeOf(firebaseCode: string): AppErrorCode {
  const mapped = FIREBASE_CODES[firebaseCode];
  if (mapped) return mapped;
  return isAppErrorCode(firebaseCode) ? firebaseCode : 'unknown';
}

/**
 * Maps an error from Firebase Auth to an {@link AppError}: every "unknown email / wrong password"
 * variant becomes `auth/invalid-credential`; other `auth/…` codes are kept, with plain sentences.
 */
export function toAuthError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = codeAndMessage(error);
  if (code === null) return new AppError('unknown', message || 'Signing in failed. Try again.');
  // Every "no such account or wrong password" variant, across versions and settings, is one code.
  const mapped = code === 'auth/user-not-found' ? 'auth/invalid-credential' : appCodeOf(code);
  return new AppError(mapped, mapped === 'unknown' ? message || sentenceFor('unknown') : sentenceFor(mapped));
}

/**
 * Maps an error from Firestore or Storage (or Auth) to an {@link AppError}. `permission-denied`,
 * `unavailable` and `not-found` get plain sentences; Storage codes become their Firestore
 * equivalent (`storage/unauthorized` → `permission-denied`, `storage/canceled` → `cancelled`).
 * AppErrors pass through unchanged.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = codeAndMessage(error);
  if (code === null) return new AppError('unknown', message || 'Something went wrong.');
  if (code.startsWith('auth/')) return toAuthError(error);
  // A callable's refusal (`functions/<code>`): trusted code words it with the domain's sentences
  // (an unknown one keeps its words for the logs); the SDK ends the message with the HTTP status
  // (" [403]"), which is not for people.
  if (code.startsWith('functions/')) {
    const mapped = appCodeOf(code.slice('functions/'.length));
    const sentence = message.replace(/ \[\d{3}\]$/, '');
    return new AppError(mapped, sentence || sentenceFor(mapped));
  }
  const mapped = appCodeOf(code);
  if (STORAGE_CODES.has(code)) {
    return new AppError(mapped, STORAGE_MESSAGES[mapped] ?? sentenceOf(mapped, message));
  }
  return new AppError(mapped, sentenceOf(mapped, message));
}

/** The error for "Firestore did not answer in time" (the same code as "cannot reach it"). */
export function firestoreUnavailable(): AppError {
  return new AppError('unavailable', FIRESTORE_UNAVAILABLE_MESSAGE);
}

/**
 * Settles like `promise`, or rejects with `onTimeout()` when it has not settled after `ms`.
 * The underlying operation is not cancelled (Firebase offers no way to); its late result is ignored.
 * @param ms milliseconds to wait.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
