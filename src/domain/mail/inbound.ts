/**
 * Reply by email (DESIGN §9): what an inbound email from the mail provider's webhook becomes.
 * The provider is Mailgun (its "Routes" forward action posts the parsed email as form fields and
 * signs each post: HMAC-SHA-256 of `timestamp + token` with the webhook signing key). The check
 * is in two steps so that each backend reads its data in between: {@link checkInbound} (signature,
 * reply token, the reply's own text without the quoted history) and {@link decideInbound} (the
 * ticket and its requester). Pure and Web Crypto only: the Cloud Function and the local
 * backend's "Simulate a reply" run the same code.
 */
import EmailReplyParser from 'email-reply-parser';
import { LIMITS } from '@/domain/limits';
import type { MailKind } from '@/domain/mail/mail-document';
import { constantTimeEqual, hexOf, hmacSha256, sha256 } from '@/domain/mail/digests';
import { tokenFromRecipients, verifyReplyToken } from '@/domain/mail/reply-token';
import type { TicketStatus } from '@/domain/types';

/** How far a webhook's timestamp may be from now: 15 minutes (ms), against replayed posts. */
export const WEBHOOK_MAX_AGE_MS = 15 * 60 * 1000;

/** The fields of Mailgun's inbound post that Triage reads (all strings, as posted). */
export interface MailgunInbound {
  /** The envelope recipient(s), e.g. `reply+42-…@reply.example.com`. */
  recipient: string;
  /** The sender's address. */
  sender: string;
  /** The `From` header (`"Carol" <carol@example.com>`), used when `sender` is empty. */
  from?: string;
  subject?: string;
  /** The whole plain-text body, quoted history included. */
  'body-plain': string;
  /** The email's `Message-Id` header: a retried post of one email writes one reply. */
  'Message-Id'?: string;
  /** Every MIME header as a JSON list of `[name, value]` pairs, in order (read by {@link isAutomaticEmail}). */
  'message-headers'?: string;
  /** Seconds since the epoch, as Mailgun signed it. */
  timestamp: string;
  token: string;
  /** Hex HMAC-SHA-256 of `timestamp + token`. */
  signature: string;
}

/**
 * Why an inbound email is dropped without an answer (logged by the caller). `replayed`: a signed
 * post whose token an earlier post of another email already used ({@link isReplayed});
 * `automatic`: sent by a program, not a person ({@link isAutomaticEmail}).
 */
export type InboundDrop =
  'bad-signature' | 'no-reply-address' | 'malformed-token' | 'forged-token' | 'empty' | 'replayed' | 'automatic';

/** The result of {@link checkInbound}. */
export type InboundCheck =
  | { ok: false; drop: InboundDrop }
  | {
      ok: true;
      ticketNumber: number;
      /** The token was genuine but past its expiry: the sender gets a bounce. */
      expired: boolean;
      /** Lowercased sender address. */
      sender: string;
      subject: string;
      /** The reply without the quoted history and signature, within DESIGN §3's body limit. */
      text: string;
      /** A key unique to this email (its Message-Id, else the post's token). */
      emailKey: string;
    };

/** What to do with a checked inbound email. */
export type InboundDecision =
  | { kind: 'reply'; ticketId: string; requesterId: string; body: string }
  | { kind: 'bounce'; mail: Extract<MailKind, `bounce-${string}`>; to: string }
  | { kind: 'drop'; drop: 'unknown-ticket' | 'unknown-sender' | 'unverified-requester' };

/** `Precedence` values that mark mail no program should answer (RFC 3834 §2; RFC 2076). */
const BULK_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);

/**
 * Whether an email was sent by a program rather than a person, by its headers (Mailgun's
 * `message-headers`, a JSON list of `[name, value]` pairs): `Auto-Submitted` other than `no`
 * (RFC 3834 §5: an auto-reply, an auto-generated notice), `Precedence: bulk|junk|list|auto_reply`,
 * or the de-facto `X-Autoreply` / `X-Autorespond` of common responders. Such an email is never
 * answered (a bounce to an out-of-office is how two auto-responders loop) and never becomes the
 * requester's reply (an out-of-office would reopen a pending ticket and wake its agent: DESIGN §9).
 * Headers that do not parse are read as none: the email is a person's.
 */
export function isAutomaticEmail(headersJson: string | undefined): boolean {
  if (!headersJson) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(headersJson);
  } catch {
    return false;
  }
  if (!Array.isArray(parsed)) return false;
  return parsed.some((pair: unknown) => {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string') return false;
    const name = pair[0].trim().toLowerCase();
    const value = String(pair[1] ?? '')
      .trim()
      .toLowerCase();
    if (name === 'auto-submitted') return value !== '' && value.split(';')[0]?.trim() !== 'no';
    if (name === 'precedence') return BULK_PRECEDENCE.has(value);
    return name === 'x-autoreply' || name === 'x-autorespond';
  });
}

/**
 * Signs a webhook post as Mailgun does (for tests and the local "Simulate a reply").
 * @returns the `signature` field for `timestamp` (seconds) and `token`.
 */
export function signMailgunPost(signingKey: string, timestamp: string, token: string): Promise<string> {
  return hmacSha256(signingKey, timestamp + token).then((mac) => hexOf(mac));
}

/**
 * Whether a post is Mailgun's: the signature matches `signingKey` and the timestamp is within
 * {@link WEBHOOK_MAX_AGE_MS} of `now` (ms since the epoch).
 */
export async function verifyMailgunSignature(
  post: Pick<MailgunInbound, 'timestamp' | 'token' | 'signature'>,
  signingKey: string,
  now: number,
): Promise<boolean> {
  if (signingKey === '' || !/^\d{1,12}$/.test(post.timestamp ?? '') || typeof post.token !== 'string') return false;
  if (Math.abs(now - Number(post.timestamp) * 1000) > WEBHOOK_MAX_AGE_MS) return false;
  const expected = hexOf(await hmacSha256(signingKey, post.timestamp + post.token));
  return constantTimeEqual(expected, String(post.signature ?? '').toLowerCase());
}

/** The address in a `From`-style value (`"Name" <a@b>` or `a@b`), lowercased; `''` if none. */
export function addressOf(value: string | undefined): string {
  const raw = /<([^>]+)>/.exec(value ?? '')?.[1] ?? value ?? '';
  const address = raw.trim().toLowerCase();
  return /^[^@\s]+@[^@\s]+$/.test(address) ? address : '';
}

/**
 * The new text of a reply: the quoted history ("On … wrote:", `>` lines) and the signature
 * removed by `email-reply-parser` (a port of GitHub's), cut to DESIGN §3's body limit.
 */
export function replyTextOf(body: string): string {
  const text = new EmailReplyParser().parseReply(body.replace(/\r\n/g, '\n')).trim();
  return text.length > LIMITS.body.max ? `${text.slice(0, LIMITS.body.max - 1)}…` : text;
}

/**
 * First step: is the post genuine, to whom is it a reply, did a person send it ({@link isAutomaticEmail}), and what does it say.
 * @param secrets the webhook signing key and the reply-token secret.
 * @param now ms since the epoch.
 */
export async function checkInbound(
  post: MailgunInbound,
  secrets: { signingKey: string; replyTokenSecret: string },
  now: number,
): Promise<InboundCheck> {
  if (!(await verifyMailgunSignature(post, secrets.signingKey, now))) return { ok: false, drop: 'bad-signature' };
  const token = tokenFromRecipients(String(post.recipient ?? ''));
  if (!token) return { ok: false, drop: 'no-reply-address' };
  const verdict = await verifyReplyToken(token, secrets.replyTokenSecret, now);
  if (!verdict.ok && verdict.reason !== 'expired') {
    return { ok: false, drop: verdict.reason === 'forged' ? 'forged-token' : 'malformed-token' };
  }
  // A program's email is dropped before anything else reads it: no reply, and no bounce either.
  if (isAutomaticEmail(post['message-headers'])) return { ok: false, drop: 'automatic' };
  const ticketNumber = verdict.ok ? verdict.ticketNumber : Number(token.split('-')[0]);
  const text = replyTextOf(String(post['body-plain'] ?? ''));
  const expired = !verdict.ok;
  if (text === '' && !expired) return { ok: false, drop: 'empty' };
  return {
    ok: true,
    ticketNumber,
    expired,
    sender: addressOf(post.sender) || addressOf(post.from),
    subject: String(post.subject ?? ''),
    text,
    emailKey: String(post['Message-Id'] ?? '') || `${post.timestamp}-${post.token}`,
  };
}

/**
 * Second step: what becomes of a genuine reply, given its ticket (found by number) and the
 * requester's address. Checks, in order: the ticket exists; the sender is the requester; the
 * token is not expired; the ticket is not closed. A reply then becomes the requester's public
 * reply (with the portal's lifecycle effects: pending/on hold/solved → open, DESIGN §2).
 *
 * A bounce goes to the requester's own address only, and only once they have verified it (DESIGN
 * §9): mail from anyone else is dropped without an answer, since the `From` of an email is the
 * sender's to choose and a bounce to it would carry their text to an address the desk never
 * verified (a spam relay, DESIGN §9); an unverified requester's address gets no mail at all.
 * @param requester the requester's address and whether they verified it; `null` without a profile.
 */
export function decideInbound(
  check: Extract<InboundCheck, { ok: true }>,
  ticket: { id: string; status: TicketStatus; requesterId: string } | null,
  requester: { email: string; emailVerified: boolean } | null,
): InboundDecision {
  if (!ticket) return { kind: 'drop', drop: 'unknown-ticket' };
  if (!requester?.email || check.sender !== requester.email.toLowerCase())
    return { kind: 'drop', drop: 'unknown-sender' };
  const bounce = check.expired ? 'bounce-expired' : ticket.status === 'closed' ? 'bounce-closed' : null;
  if (bounce && !requester.emailVerified) return { kind: 'drop', drop: 'unverified-requester' };
  if (bounce) return { kind: 'bounce', mail: bounce, to: check.sender };
  return { kind: 'reply', ticketId: ticket.id, requesterId: ticket.requesterId, body: check.text };
}

/**
 * Whether a genuine post replays another's signature: Mailgun signs each post with a token of its
 * own, so a token seen before with another email (another Message-Id, or another body where there
 * is none) is a captured post sent again within {@link WEBHOOK_MAX_AGE_MS} — refused, as Mailgun's
 * guidance says. The same email posted again (Mailgun's retry) is not a replay: its reply's id
 * ({@link inboundMessageId}) makes it write nothing twice.
 * @param seenWith the `emailKey` stored with this token by the first post, `undefined` if unseen.
 */
export function isReplayed(seenWith: string | undefined, emailKey: string): boolean {
  return seenWith !== undefined && seenWith !== emailKey;
}

/**
 * How long trusted code keeps a webhook token to refuse its replay (ms): the signature's own
 * window ({@link WEBHOOK_MAX_AGE_MS}) either side of now, after which the post is refused anyway.
 */
export const WEBHOOK_TOKEN_KEEP_MS = 2 * WEBHOOK_MAX_AGE_MS;

/**
 * The id of the public reply an email becomes: `email-` and 24 hex characters of the SHA-256 of
 * its key, so a retried post finds the reply it already wrote.
 */
export async function inboundMessageId(emailKey: string): Promise<string> {
  return `email-${hexOf(await sha256(emailKey), 12)}`;
}
