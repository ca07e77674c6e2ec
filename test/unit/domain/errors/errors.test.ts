/**
 * Errors cross every layer as plain `{ code, message }` data (DESIGN §5).
 */
import { APP_ERROR_CODES, AppError, isAppErrorCode, toErrorShape } from '@/domain/errors/errors';

/** Plain, serializable data: exactly `code` and `message`, surviving a JSON round trip. */
function expectPlainShape(shape: unknown): void {
  expect(Object.getPrototypeOf(shape)).toBe(Object.prototype);
  expect(Object.keys(shape as object).sort()).toEqual(['code', 'message']);
  expect(JSON.parse(JSON.stringify(shape))).toEqual(shape);
}

describe('AppError', () => {
  it('is an Error carrying a code', () => {
    const error = new AppError('not-found', 'This ticket does not exist.');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('This ticket does not exist.');
  });
});

describe('toErrorShape', () => {
  it('keeps the code and message of an AppError', () => {
    const shape = toErrorShape(new AppError('permission-denied', 'You cannot see this ticket.'));
    expect(shape).toEqual({ code: 'permission-denied', message: 'You cannot see this ticket.' });
    expectPlainShape(shape);
  });

  it('keeps the code and message of a Firebase-like error and drops the rest', () => {
    const firebaseError = {
      name: 'FirebaseError',
      code: 'auth/invalid-credential',
      message: 'Firebase: Error (auth/invalid-credential).',
      customData: { appName: '[DEFAULT]' },
    };
    const shape = toErrorShape(firebaseError);
    expect(shape).toEqual({ code: 'auth/invalid-credential', message: 'Firebase: Error (auth/invalid-credential).' });
    expectPlainShape(shape);
  });

  it('uses the code as the message when there is no message', () => {
    expect(toErrorShape({ code: 'unavailable' })).toEqual({ code: 'unavailable', message: 'unavailable' });
  });

  it('turns a plain Error into unknown, keeping its message', () => {
    const shape = toErrorShape(new Error('Network request failed.'));
    expect(shape).toEqual({ code: 'unknown', message: 'Network request failed.' });
    expectPlainShape(shape);
  });

  it('turns a thrown string into unknown with that string as the message', () => {
    expect(toErrorShape('The quota is exceeded.')).toEqual({ code: 'unknown', message: 'The quota is exceeded.' });
  });

  it('turns undefined into unknown with a readable sentence', () => {
    const shape = toErrorShape(undefined);
    expect(shape).toEqual({ code: 'unknown', message: 'Something went wrong.' });
    expectPlainShape(shape);
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['an empty object', {}],
    ['an object with a non-string code and no message', { code: 404 }],
  ])('turns %s into unknown with a readable sentence', (_, thrown) => {
    expect(toErrorShape(thrown)).toEqual({ code: 'unknown', message: 'Something went wrong.' });
  });

  it('ignores a code that is not a string but keeps a message', () => {
    expect(toErrorShape({ code: 404, message: 'Not found.' })).toEqual({ code: 'unknown', message: 'Not found.' });
  });
});

describe('the closed code vocabulary', () => {
  it('declares cancelled, which the upload flows use', () => {
    expect(isAppErrorCode('cancelled')).toBe(true);
  });

  it('knows no code outside the vocabulary', () => {
    expect(isAppErrorCode('storage/canceled')).toBe(false);
    expect(isAppErrorCode('internal')).toBe(false);
    expect(isAppErrorCode(42)).toBe(false);
  });

  it('turns a platform code outside the vocabulary into unknown, keeping the message', () => {
    expect(toErrorShape({ code: 'storage/unknown', message: 'Storage broke.' })).toEqual({
      code: 'unknown',
      message: 'Storage broke.',
    });
    expect(toErrorShape({ code: 'data-loss' })).toEqual({ code: 'unknown', message: 'data-loss' });
  });

  it('always yields a code of the vocabulary', () => {
    for (const thrown of [null, 'x', { code: 'weird' }, new Error('e'), new AppError('cancelled', 'Stopped.')]) {
      expect(APP_ERROR_CODES).toContain(toErrorShape(thrown).code);
    }
  });
});
