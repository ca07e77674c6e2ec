/**
 * Firebase's codes become the app's closed vocabulary at the adapter's edge (DESIGN §5).
 */
import { APP_ERROR_CODES, AppError } from '@/domain/errors/errors';
import { appCodeOf, toAppError, toAuthError } from '@/backend/firebase/core/firebase-errors';

describe('appCodeOf', () => {
  it.each([
    ['permission-denied', 'permission-denied'],
    ['storage/unauthorized', 'permission-denied'],
    ['storage/canceled', 'cancelled'],
    ['storage/object-not-found', 'not-found'],
    ['storage/quota-exceeded', 'resource-exhausted'],
    ['out-of-range', 'invalid-argument'],
    ['unimplemented', 'unsupported'],
    ['internal', 'unknown'],
    ['auth/wrong-password', 'auth/invalid-credential'],
    ['auth/invalid-login-credentials', 'auth/invalid-credential'],
    ['auth/some-future-code', 'unknown'],
    ['storage/some-future-code', 'unknown'],
  ])('maps %s to %s', (firebaseCode, ours) => {
    expect(appCodeOf(firebaseCode)).toBe(ours);
  });
});

describe('toAppError / toAuthError', () => {
  it('passes AppErrors through', () => {
    const error = new AppError('aborted', 'Stale.');
    expect(toAppError(error)).toBe(error);
  });

  it('gives every Firebase-like error a code of the vocabulary', () => {
    for (const code of ['storage/retry-limit-exceeded', 'data-loss', 'auth/user-not-found', 'weird', 'cancelled']) {
      expect(APP_ERROR_CODES).toContain(toAppError({ code, message: 'Firebase: x' }).code);
    }
  });

  it('says "no such account or wrong password" with one code', () => {
    expect(toAuthError({ code: 'auth/user-not-found' }).code).toBe('auth/invalid-credential');
    expect(toAuthError({ code: 'auth/wrong-password' }).code).toBe('auth/invalid-credential');
  });
});
