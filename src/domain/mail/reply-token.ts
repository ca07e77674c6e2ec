/**
 * The signed reply address of a ticket (DESIGN §9): every email about a ticket carries a
 * `Reply-To` of `reply+{token}@{reply domain}`, and an inbound reply is accepted only when its
 * token verifies. The token is `{ticket number}-{expiry}-{mac}`: the expiry in seconds since the
 * epoch (base 36) and the first 12 bytes of an HMAC-SHA-256 over both with the desk's secret
 * (hex). All lowercase, because some mail systems lowercase local parts; at most 64 characters
 * (RFC 5321's local-part limit) for any ticket number. Web Crypto only: it runs in the browser
 * (the local backend) and on Node 20 (Cloud Functions) alike.
 */
import { constantTimeEqual, hexOf, hmacSha256 } from '@/domain/mail/digests';

/** How long a reply address is accepted after its email was written: 180 days, in ms. */
export const REPLY_TOKEN_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

const MAC_BYTES = 12;
const TOKEN_PATTERN = /^([1-9][0-9]{0,15})-([0-9a-z]{1,10})-([0-9a-f]{24})$/;
const ADDRESS_PATTERN = /^reply\+([^@\s]+)@/i;

/** What a token says once verified, or why it is refused. */
export type ReplyTokenCheck =
  { ok: true; ticketNumber: number; expiresAt: number } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

async function macOf(secret: string, payload: string): Promise<string> {
  return hexOf(await hmacSha256(secret, payload), MAC_BYTES);
}

/**
 * Signs a reply token for a ticket.
 * @param ticketNumber the ticket's sequential number (a positive integer).
 * @param expiresAt when the token stops being accepted, ms since the epoch (rounded up to the second).
 * @param secret the desk's reply-token secret (any non-empty string; keep it out of the code).
 * @throws Error for a number that is not a positive safe integer or an empty secret.
 */
export async function signReplyToken(ticketNumber: number, expiresAt: number, secret: string): Promise<string> {
  if (!Number.isSafeInteger(ticketNumber) || ticketNumber < 1)
    throw new Error('A ticket number is a positive integer.');
  if (secret === '') throw new Error('The reply-token secret is empty.');
  const expiry = Math.ceil(expiresAt / 1000).toString(36);
  return `${ticketNumber}-${expiry}-${await macOf(secret, `triage-reply:${ticketNumber}:${expiry}`)}`;
}

/**
 * Checks a reply token: well formed, signed with `secret`, not expired at `now` (ms since the
 * epoch). Never throws: a refusal says why (`forged` covers a token signed with another secret
 * and one whose number or expiry was altered).
 */
export async function verifyReplyToken(token: string, secret: string, now: number): Promise<ReplyTokenCheck> {
  const match = TOKEN_PATTERN.exec(token.trim().toLowerCase());
  if (!match || secret === '') return { ok: false, reason: 'malformed' };
  const [, number = '', expiry = '', mac = ''] = match;
  const expected = await macOf(secret, `triage-reply:${number}:${expiry}`);
  if (!constantTimeEqual(expected, mac)) return { ok: false, reason: 'forged' };
  const expiresAt = parseInt(expiry, 36) * 1000;
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, ticketNumber: Number(number), expiresAt };
}

/** The reply address of a token: `reply+{token}@{domain}`. */
export function replyAddress(token: string, domain: string): string {
  return `reply+${token}@${domain}`;
}

/**
 * The token of a reply address (the part after `reply+`), from a recipient list as a provider
 * gives it (`"Support" <reply+…@…>, other@…`); `null` when no recipient is a reply address.
 */
export function tokenFromRecipients(recipients: string): string | null {
  for (const part of recipients.split(',')) {
    const address = /<([^>]+)>/.exec(part)?.[1] ?? part.trim();
    const match = ADDRESS_PATTERN.exec(address);
    if (match?.[1]) return match[1].toLowerCase();
  }
  return null;
}
