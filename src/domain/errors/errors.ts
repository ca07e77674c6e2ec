/**
 * The error shape that crosses every layer boundary: plain, serializable data. Backend
 * adapters throw {@link AppError}; the RTK Query base query turns it into {@link ErrorShape}.
 * The codes are one closed vocabulary ({@link APP_ERROR_CODES}): an adapter maps its
 * platform's codes (Firebase, IndexedDB) into it at its edge (DESIGN §5).
 */

/** Every code an error of the app may carry, and nothing else (DESIGN §5). */
export const APP_ERROR_CODES = [
  'invalid-argument',
  'not-found',
  'permission-denied',
  'unauthenticated',
  'failed-precondition',
  'aborted',
  'already-exists',
  'unavailable',
  'deadline-exceeded',
  'resource-exhausted',
  'cancelled',
  'unsupported',
  'auth/invalid-credential',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-email',
  'auth/missing-email',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/network-request-failed',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/popup-blocked',
  'auth/operation-not-allowed',
  'auth/operation-not-supported-in-this-environment',
  'auth/unauthorized-domain',
  'auth/requires-recent-login',
  'auth/wrong-current-password',
  'unknown',
] as const;

/** One code of {@link APP_ERROR_CODES}. */
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set<string>(APP_ERROR_CODES);

/** Whether `code` is one of {@link APP_ERROR_CODES}. */
export function isAppErrorCode(code: unknown): code is AppErrorCode {
  return typeof code === 'string' && CODES.has(code);
}

/** What crosses the port and the store for a failure: a closed code and a sentence. */
export interface ErrorShape {
  /** Machine-readable code, e.g. `permission-denied`, `auth/invalid-credential`. */
  code: AppErrorCode;
  /** A plain sentence for people. */
  message: string;
}

/** An error with a code, thrown by the backend adapters and domain checks. */
export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

/**
 * Turns anything thrown into a serializable {@link ErrorShape}. Keeps `code` and `message`
 * of errors whose code is in the vocabulary (AppError, and platform errors that share a code);
 * any other code, or none, becomes `unknown` with the error's message.
 */
export function toErrorShape(error: unknown): ErrorShape {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : undefined;
    if (isAppErrorCode(code)) return { code, message: text ?? code };
    if (typeof code === 'string') return { code: 'unknown', message: text ?? code };
    if (text !== undefined) return { code: 'unknown', message: text };
  }
  return { code: 'unknown', message: typeof error === 'string' ? error : 'Something went wrong.' };
}
