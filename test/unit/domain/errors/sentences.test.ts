import { APP_ERROR_CODES, AppError } from '@/domain/errors/errors';
import { CODES_WITH_OWN_SENTENCE, sentenceFor } from '@/domain/errors/sentences';
import { refusals } from '@/domain/errors/refusals';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { createIntl } from 'react-intl';
import { friendlySentence } from '@/lib/i18n/labels';

/** What screens show, in English: the code sentences of `src/lib/i18n/labels.ts` must be the domain's. */
const english = createIntl({ locale: 'en', defaultLocale: 'en' });
const friendlyMessage = (error: { code?: string; message?: string }) => friendlySentence(english, error);

describe('one error vocabulary', () => {
  it.each(APP_ERROR_CODES)('has a sentence for %s', (code) => {
    expect(sentenceFor(code)).toMatch(/^[A-Z].*\.$/);
  });

  it('shows the refusal’s own sentence for codes whose refusals say exactly what was refused', () => {
    for (const code of CODES_WITH_OWN_SENTENCE) {
      expect(friendlyMessage({ code, message: 'This ticket is closed.' })).toBe('This ticket is closed.');
    }
  });

  it('shows the code’s sentence for every other code, whatever message came with it', () => {
    for (const code of APP_ERROR_CODES.filter((c) => !CODES_WITH_OWN_SENTENCE.has(c))) {
      expect(friendlyMessage({ code, message: 'raw platform words' })).toBe(sentenceFor(code));
    }
  });

  it('reads a code outside the vocabulary (RTK’s SerializedError) as unknown', () => {
    expect(friendlyMessage({ code: 'ERR_SOMETHING', message: 'stack trace words' })).toBe(sentenceFor('unknown'));
    expect(friendlyMessage({})).toBe(sentenceFor('unknown'));
  });

  it('says the same about a wrong password whichever backend refused it', () => {
    const local = refusals.invalidCredential();
    const firebase = toAppError({ code: 'auth/wrong-password', message: 'Firebase: Error (auth/wrong-password).' });
    expect(firebase).toBeInstanceOf(AppError);
    expect(firebase.code).toBe(local.code);
    expect(firebase.message).toBe(local.message);
    expect(friendlyMessage(firebase)).toBe(friendlyMessage(local));
  });

  it('maps a Firebase code it does not know to unknown, keeping Firebase’s words for the logs', () => {
    const error = toAppError({ code: 'functions/internal', message: 'Firebase: boom' });
    expect(error.code).toBe('unknown');
    expect(error.message).toBe('boom');
    expect(friendlyMessage(error)).toBe(sentenceFor('unknown'));
  });
  it('keeps a callable’s refusal with its code and the domain’s sentence, without the HTTP status', () => {
    const error = toAppError({ code: 'functions/permission-denied', message: 'You cannot deactivate yourself. [403]' });
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('You cannot deactivate yourself.');
  });
});
