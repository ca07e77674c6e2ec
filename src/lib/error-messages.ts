/**
 * The one place screens turn an error into a sentence for people (STYLE: errors reach the user
 * through one place). The sentences themselves live once in the domain (`sentenceFor`), so a
 * code reads the same whatever raised it.
 */
import { CODES_WITH_OWN_SENTENCE, sentenceFor } from '@/domain/errors/sentences';
import { isAppErrorCode } from '@/domain/errors/errors';

/**
 * A sentence for an error.
 * @param error `{ code, message }` from the base query or a thunk, or RTK's `SerializedError`
 *   (whose code is any string: one outside the vocabulary reads as `unknown`).
 * @returns the error's own sentence for refusals that say exactly what was refused (a limit, a
 *   lifecycle rule, a stale write…), else the code's sentence.
 */
export function friendlyMessage(error: { code?: string; message?: string }): string {
  const code = isAppErrorCode(error.code) ? error.code : 'unknown';
  if (CODES_WITH_OWN_SENTENCE.has(code) && error.message) return error.message;
  return sentenceFor(code);
}
