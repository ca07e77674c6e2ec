/**
 * The pure mail module (DESIGN §9), `inbound.ts`: the two steps of reply by email.
 */
import {
  checkInbound,
  decideInbound,
  inboundMessageId,
  isAutomaticEmail,
  isReplayed,
  replyTextOf,
  signMailgunPost,
  WEBHOOK_MAX_AGE_MS,
  WEBHOOK_TOKEN_KEEP_MS,
  type MailgunInbound,
} from '@/domain/mail/inbound';
import { replyAddress, signReplyToken } from '@/domain/mail/reply-token';
import { NOW, SECRET, SIGNING_KEY } from '../../../support/mail-fixtures';

async function post(fields: Partial<MailgunInbound> = {}, key = SIGNING_KEY): Promise<MailgunInbound> {
  const timestamp = String(Math.floor(NOW / 1000));
  const token = 'a'.repeat(50);
  const recipient = replyAddress(await signReplyToken(42, NOW + 86_400_000, SECRET), 'reply.example.com');
  return {
    recipient,
    sender: 'Carol@Example.com',
    subject: 'Re: [#42] Printer',
    'body-plain':
      'It works now, thanks!\n\nOn Tue, Nov 24, 2026 at 9:00 AM Acme Support <reply@x> wrote:\n> Try restarting it.\n',
    'Message-Id': '<abc@mail.example.com>',
    timestamp,
    token,
    signature: await signMailgunPost(key, timestamp, token),
    ...fields,
  };
}
const secrets = { signingKey: SIGNING_KEY, replyTokenSecret: SECRET };
const open = { id: 'T1', status: 'pending' as const, requesterId: 'carol' };

/** The requester as trusted code reads her: her address, verified. */
const CAROL = { email: 'carol@example.com', emailVerified: true };

describe('reply by email', () => {
  it('takes the reply without its quoted history, from the requester, as a reply on the ticket', async () => {
    const check = await checkInbound(await post(), secrets, NOW);
    expect(check).toMatchObject({
      ok: true,
      ticketNumber: 42,
      expired: false,
      sender: 'carol@example.com',
      text: 'It works now, thanks!',
    });
    if (!check.ok) throw new Error('checked');
    expect(decideInbound(check, open, CAROL)).toEqual({
      kind: 'reply',
      ticketId: 'T1',
      requesterId: 'carol',
      body: 'It works now, thanks!',
    });
    expect(await inboundMessageId(check.emailKey)).toBe(await inboundMessageId('<abc@mail.example.com>'));
  });

  it('drops a post not signed by the provider, a stale one, a forged token and one with no reply address', async () => {
    expect(await checkInbound(await post({}, 'wrong-key'), secrets, NOW)).toEqual({ ok: false, drop: 'bad-signature' });
    expect(await checkInbound(await post(), secrets, NOW + 16 * 60_000)).toEqual({ ok: false, drop: 'bad-signature' });
    const forged = replyAddress(await signReplyToken(42, NOW + 86_400_000, 'guessed-secret'), 'reply.example.com');
    expect(await checkInbound(await post({ recipient: forged }), secrets, NOW)).toEqual({
      ok: false,
      drop: 'forged-token',
    });
    expect(await checkInbound(await post({ recipient: 'support@example.com' }), secrets, NOW)).toEqual({
      ok: false,
      drop: 'no-reply-address',
    });
    expect(await checkInbound(await post({ 'body-plain': '> only quoted' }), secrets, NOW)).toEqual({
      ok: false,
      drop: 'empty',
    });
  });

  it('bounces a closed ticket and an expired address to the requester, and drops a stranger’s email unanswered', async () => {
    // Issue 30's bounce relay: the sender is whoever the attacker names; nothing goes to them.
    const check = await checkInbound(await post({ sender: 'mallory@example.com' }), secrets, NOW);
    if (!check.ok) throw new Error('checked');
    expect(decideInbound(check, open, CAROL)).toEqual({ kind: 'drop', drop: 'unknown-sender' });
    expect(decideInbound(check, { ...open, status: 'closed' }, CAROL)).toEqual({
      kind: 'drop',
      drop: 'unknown-sender',
    });
    expect(decideInbound(check, open, null)).toEqual({ kind: 'drop', drop: 'unknown-sender' });
    const carol = await checkInbound(await post(), secrets, NOW);
    if (!carol.ok) throw new Error('checked');
    expect(decideInbound(carol, { ...open, status: 'closed' }, CAROL)).toMatchObject({
      kind: 'bounce',
      mail: 'bounce-closed',
    });
    expect(decideInbound(carol, null, CAROL)).toEqual({ kind: 'drop', drop: 'unknown-ticket' });
    const old = replyAddress(await signReplyToken(42, NOW - 1000, SECRET), 'reply.example.com');
    const expired = await checkInbound(await post({ recipient: old }), secrets, NOW);
    if (!expired.ok) throw new Error('checked');
    expect(expired.expired).toBe(true);
    expect(decideInbound(expired, open, CAROL)).toEqual({
      kind: 'bounce',
      mail: 'bounce-expired',
      to: 'carol@example.com',
    });
    const strangerOnExpired = await checkInbound(
      await post({ recipient: old, sender: 'mallory@example.com' }),
      secrets,
      NOW,
    );
    if (!strangerOnExpired.ok) throw new Error('checked');
    expect(decideInbound(strangerOnExpired, open, CAROL)).toEqual({
      kind: 'drop',
      drop: 'unknown-sender',
    });
  });

  it('sends no bounce to a requester who has not verified her address (DESIGN §9), and still takes her reply', async () => {
    const unverified = { ...CAROL, emailVerified: false };
    const carol = await checkInbound(await post(), secrets, NOW);
    if (!carol.ok) throw new Error('checked');
    expect(decideInbound(carol, { ...open, status: 'closed' }, unverified)).toEqual({
      kind: 'drop',
      drop: 'unverified-requester',
    });
    const old = replyAddress(await signReplyToken(42, NOW - 1000, SECRET), 'reply.example.com');
    const expired = await checkInbound(await post({ recipient: old }), secrets, NOW);
    if (!expired.ok) throw new Error('checked');
    expect(decideInbound(expired, open, unverified)).toEqual({ kind: 'drop', drop: 'unverified-requester' });
    // A reply is no email from the desk: it is added as on the portal.
    expect(decideInbound(carol, open, unverified)).toMatchObject({ kind: 'reply', requesterId: 'carol' });
  });

  it.each([
    [[['Auto-Submitted', 'auto-replied']], true],
    [[['auto-submitted', 'Auto-Generated; owner-email="x@example.com"']], true],
    [[['Auto-Submitted', 'auto-notified']], true],
    [[['Precedence', 'bulk']], true],
    [[['Precedence', 'junk']], true],
    [[['Precedence', 'list']], true],
    [[['Precedence', 'auto_reply']], true],
    [[['X-Autoreply', 'yes']], true],
    [[['X-Autorespond', 'vacation']], true],
    [[['Auto-Submitted', 'no']], false],
    [[['Auto-Submitted', 'No ']], false],
    [[['Precedence', 'first-class']], false],
    [[['Subject', 'Auto-Submitted: auto-replied']], false],
    [[], false],
  ])('reads headers %j as sent by a program: %s (RFC 3834)', (headers, automatic) => {
    expect(isAutomaticEmail(JSON.stringify(headers))).toBe(automatic);
  });

  it('reads headers that do not parse, or none, as a person’s email', () => {
    for (const headers of [undefined, '', 'not json', '{"Auto-Submitted":"auto-replied"}', '[1,2]', '[[null,"x"]]']) {
      expect(isAutomaticEmail(headers)).toBe(false);
    }
  });

  it('drops an auto-reply before anything answers it: no reply on an open ticket, no bounce on a closed one or an expired address', async () => {
    const outOfOffice = JSON.stringify([
      ['From', 'Carol <carol@example.com>'],
      ['Auto-Submitted', 'auto-replied'],
      ['X-Auto-Response-Suppress', 'All'],
    ]);
    expect(await checkInbound(await post({ 'message-headers': outOfOffice }), secrets, NOW)).toEqual({
      ok: false,
      drop: 'automatic',
    });
    const old = replyAddress(await signReplyToken(42, NOW - 1000, SECRET), 'reply.example.com');
    expect(await checkInbound(await post({ recipient: old, 'message-headers': outOfOffice }), secrets, NOW)).toEqual({
      ok: false,
      drop: 'automatic',
    });
    // A forged post is still refused as forged first.
    expect(await checkInbound(await post({ 'message-headers': outOfOffice }, 'not-the-key'), secrets, NOW)).toEqual({
      ok: false,
      drop: 'bad-signature',
    });
    // A person's reply that says "Auto-Submitted: no" is a person's.
    const person = await checkInbound(
      await post({ 'message-headers': JSON.stringify([['Auto-Submitted', 'no']]) }),
      secrets,
      NOW,
    );
    expect(person.ok).toBe(true);
  });

  it('calls a token seen with another email a replay, and the same email posted again not', () => {
    expect(isReplayed(undefined, '<a@mail>')).toBe(false);
    expect(isReplayed('<a@mail>', '<a@mail>')).toBe(false);
    expect(isReplayed('<a@mail>', '<b@mail>')).toBe(true);
    expect(WEBHOOK_TOKEN_KEEP_MS).toBeGreaterThanOrEqual(2 * WEBHOOK_MAX_AGE_MS);
  });

  it('strips a signature and Outlook-style history', () => {
    expect(replyTextOf('Thanks!\n\n-- \nCarol\n')).toBe('Thanks!');
    expect(replyTextOf('Fine now.\r\n\r\nOn Mon, Jan 5, 2026, Support wrote:\r\n> old\r\n')).toBe('Fine now.');
  });
});
