/**
 * The error shape that crosses every layer boundary: plain, serializable data. Backend
 * adapters throw {@link AppError}; the RTK Query base query turns it into {@link ErrorShape}.
 */
export interface ErrorShape {
  /** Machine-readable code, e.g. `permission-denied`, `auth/invalid-credential`. */
  code: string;
  /** A plain sentence for people. */
  message: string;
}

/** Error codes the app itself raises (Firebase's own codes pass through unchanged). */
export type AppErrorCode =
  | 'invalid-argument'
  | 'not-found'
  | 'permission-denied'
  | 'unauthenticated'
  | 'failed-precondition'
  | 'aborted'
  | 'already-exists'
  | 'unavailable'
  | 'deadline-exceeded'
  | 'unsupported'
  | 'auth/invalid-credential'
  | 'auth/email-already-in-use'
  | 'auth/weak-password'
  | 'auth/invalid-email'
  | 'auth/user-not-found'
  | 'auth/too-many-requests'
  | 'unknown';

/** An error with a code, thrown by the backend adapters and domain checks. */
export class AppError extends Error {
  readonly code: string;

  constructor(code: AppErrorCode | string, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

/**
 * Turns anything thrown into a serializable {@link ErrorShape}. Keeps `code` and `message`
 * of errors that have them (AppError, FirebaseError); anything else becomes `unknown`.
 */
export function toErrorShape(error: unknown): ErrorShape {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      return { code, message: typeof message === 'string' ? message : code };
    }
    if (typeof message === 'string') return { code: 'unknown', message };
  }
  return { code: 'unknown', message: typeof error === 'string' ? error : 'Something went wrong.' };
}
