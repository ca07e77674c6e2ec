/**
 * The instant and secrets the mail tests share (`test/unit/domain/mail/`): reply tokens are signed
 * with `SECRET`, Mailgun's posts with `SIGNING_KEY`, at `NOW`.
 */

/** The tests' present (epoch milliseconds). */
export const NOW = Date.parse('2026-11-24T10:00:00.000Z');
/** The reply-token secret. */
export const SECRET = 'reply-secret';
/** Mailgun's webhook signing key. */
export const SIGNING_KEY = 'mailgun-key';
