/**
 * The pure mail module (DESIGN §9): reply tokens, the composer, who is emailed about what, and
 * the two steps of reply by email.
 */
import { composeMail, ticketThreadId, type ComposeInput } from '@/domain/mail/compose';
import {
  checkInbound,
  decideInbound,
  inboundMessageId,
  replyTextOf,
  signMailgunPost,
  type MailgunInbound,
} from '@/domain/mail/inbound';
import { mailsForMessage, mailsForTicketWrite, wantsMail, type MailTicketState } from '@/domain/mail/plan';
import { DEFAULT_NOTIFICATIONS, notificationPreferencesSchema, notificationsOf } from '@/domain/mail/preferences';
import { simulatedInboundEmailSchema } from '@/domain/schemas';
import { replyAddress, signReplyToken, tokenFromRecipients, verifyReplyToken } from '@/domain/mail/reply-token';
import es from '@/domain/mail/catalogues/es.json';
import ar from '@/domain/mail/catalogues/ar.json';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const SECRET = 'reply-secret';
const SIGNING_KEY = 'mailgun-key';
const setup = { deskName: 'Acme Support', appUrl: 'https://desk.example.com', messageIdHost: 'desk.example.com' };

describe('reply tokens', () => {
  it('verify when signed with the secret and not expired, and fit a local part', async () => {
    const token = await signReplyToken(4242, NOW + 1000_000, SECRET);
    expect(token).toMatch(/^4242-[0-9a-z]+-[0-9a-f]{24}$/);
    expect(`reply+${token}`.length).toBeLessThanOrEqual(64);
    expect(await verifyReplyToken(token, SECRET, NOW)).toEqual({
      ok: true,
      ticketNumber: 4242,
      expiresAt: expect.any(Number),
    });
    expect(await verifyReplyToken(token.toUpperCase(), SECRET, NOW)).toMatchObject({ ok: true });
  });

  it('refuse another secret, an altered number or expiry, an expired token and garbage', async () => {
    const token = await signReplyToken(42, NOW + 1000_000, SECRET);
    const [, expiry, mac] = token.split('-');
    expect(await verifyReplyToken(token, 'other-secret', NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyReplyToken(`43-${expiry}-${mac}`, SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyReplyToken(`42-zzzzzz-${mac}`, SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyReplyToken(token, SECRET, NOW + 2000_000)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyReplyToken('42', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyReplyToken('<script>', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('are found among the recipients of an email', () => {
    expect(tokenFromRecipients(`other@example.com, "Support" <${replyAddress('42-ab-cd', 'reply.example.com')}>`)).toBe(
      '42-ab-cd',
    );
    expect(tokenFromRecipients('support@example.com')).toBeNull();
  });
});

const ticket = { id: 'T1', number: 42, subject: '<img src=x onerror=alert(1)>' };
const base: ComposeInput = {
  kind: 'public-reply',
  recipient: { email: 'carol@example.com', displayName: 'Carol <b>', uid: 'carol' },
  ticket,
  quote: {
    authorName: 'Priya',
    body: 'Try <script>alert(1)</script>\nthen restart.',
    attachments: [{ name: 'a&b.png', url: 'https://x.test/a?b=1&c=2' }],
  },
  actorName: 'Priya Shah',
  toStaff: false,
  replyTo: 'reply+42-ab-cd@reply.example.com',
  createdAt: '2026-11-24T10:00:00.000Z',
  uniqueKey: 'm1',
};

describe('composeMail', () => {
  it('writes a public reply with its text, escaped HTML, threading ids and List-Unsubscribe', () => {
    const mail = composeMail(base, setup, {});
    expect(mail.to).toEqual(['carol@example.com']);
    expect(mail.message.subject).toBe('[#42] <img src=x onerror=alert(1)>');
    expect(mail.message.text).toContain('Priya Shah replied to your request #42:');
    expect(mail.message.text).toContain('> Try <script>alert(1)</script>');
    expect(mail.message.text).toContain('https://desk.example.com/requests/T1');
    expect(mail.message.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>then restart.');
    expect(mail.message.html).toContain('href="https://x.test/a?b=1&amp;c=2"');
    expect(mail.message.messageId).toBe('<ticket-T1-m1@desk.example.com>');
    expect(mail.message.inReplyTo).toBe(ticketThreadId('T1', 'desk.example.com'));
    expect(mail.message.references).toBe('<ticket-T1@desk.example.com>');
    expect(mail.headers['List-Unsubscribe']).toBe('<https://desk.example.com/account#notifications>');
    expect(mail.replyTo).toBe('reply+42-ab-cd@reply.example.com');
  });

  it('gives the first email of a ticket the thread id itself', () => {
    const mail = composeMail({ ...base, kind: 'request-received', quote: undefined }, setup, {});
    expect(mail.message.messageId).toBe('<ticket-T1@desk.example.com>');
    expect(mail.message.inReplyTo).toBeUndefined();
  });

  it('writes in the recipient language, right to left in Arabic', () => {
    const spanish = composeMail({ ...base, recipient: { ...base.recipient, locale: 'es' } }, setup, { es, ar });
    expect(spanish.message.text).toContain('Priya Shah respondió');
    const arabic = composeMail({ ...base, recipient: { ...base.recipient, locale: 'ar' } }, setup, { es, ar });
    expect(arabic.message.html).toContain('dir="rtl"');
    expect(arabic.message.text).not.toContain('replied to your request');
  });

  it('sends staff to the desk', () => {
    const mail = composeMail({ ...base, kind: 'customer-reply', toStaff: true }, setup, {});
    expect(mail.message.text).toContain('https://desk.example.com/desk/tickets/T1');
  });
});

const state = (fields: Partial<MailTicketState> = {}): MailTicketState => ({
  id: 'T1',
  number: 42,
  subject: 'Printer',
  status: 'open',
  requesterId: 'carol',
  requesterName: 'Carol',
  assigneeId: 'priya',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...fields,
});

describe('who is emailed', () => {
  it('a new ticket: the requester, and staff watching Unassigned when nobody has it', () => {
    expect(
      mailsForTicketWrite(null, state({ status: 'new', assigneeId: undefined }), 'carol').map((i) => i.kind),
    ).toEqual(['request-received', 'new-unassigned']);
  });

  it('solved: the requester once; assigned: the new assignee unless they took it themselves', () => {
    expect(mailsForTicketWrite(state(), state({ status: 'solved' }), 'priya').map((i) => i.kind)).toEqual([
      'request-solved',
    ]);
    expect(mailsForTicketWrite(state({ status: 'solved' }), state({ status: 'solved' }), 'priya')).toEqual([]);
    expect(mailsForTicketWrite(state({ assigneeId: undefined }), state({ assigneeId: 'sam' }), 'priya')).toEqual([
      expect.objectContaining({ kind: 'ticket-assigned', audience: { uid: 'sam' } }),
    ]);
    expect(mailsForTicketWrite(state({ assigneeId: undefined }), state(), 'priya')).toEqual([]);
  });

  it('an internal note emails nobody; a public reply the requester; the requester’s reply the assignee', () => {
    expect(mailsForMessage(state(), { id: 'm', authorId: 'priya', internal: true })).toEqual([]);
    expect(mailsForMessage(state(), { id: 'm', authorId: 'priya', internal: false })).toEqual([
      expect.objectContaining({ kind: 'public-reply', audience: { requester: true } }),
    ]);
    expect(mailsForMessage(state(), { id: 'm', authorId: 'carol', internal: false })).toEqual([
      expect.objectContaining({ kind: 'customer-reply', audience: { uid: 'priya' } }),
    ]);
    expect(mailsForMessage(state({ assigneeId: undefined }), { id: 'm', authorId: 'carol', internal: false })).toEqual(
      [],
    );
  });

  it('respects the switches, never emails people about their own action, and staff kinds reach staff only', () => {
    const carol = { uid: 'carol', role: 'customer' as const, notifications: DEFAULT_NOTIFICATIONS };
    expect(wantsMail({ kind: 'public-reply', actorId: 'priya' }, carol)).toBe(true);
    expect(wantsMail({ kind: 'request-received', actorId: 'carol' }, carol)).toBe(true);
    expect(
      wantsMail(
        { kind: 'public-reply', actorId: 'priya' },
        { ...carol, notifications: { ...DEFAULT_NOTIFICATIONS, requestUpdates: false } },
      ),
    ).toBe(false);
    expect(
      wantsMail(
        { kind: 'new-unassigned', actorId: 'x' },
        { ...carol, notifications: { ...DEFAULT_NOTIFICATIONS, newUnassigned: true } },
      ),
    ).toBe(false);
    const priya = { uid: 'priya', role: 'agent' as const, notifications: DEFAULT_NOTIFICATIONS };
    expect(wantsMail({ kind: 'new-unassigned', actorId: 'carol' }, priya)).toBe(false);
    expect(wantsMail({ kind: 'customer-reply', actorId: 'carol' }, priya)).toBe(true);
    expect(wantsMail({ kind: 'customer-reply', actorId: 'priya' }, priya)).toBe(false);
  });

  it('reads stored switches leniently', () => {
    expect(notificationsOf({ requestUpdates: false, newUnassigned: 'yes' })).toEqual({
      ...DEFAULT_NOTIFICATIONS,
      requestUpdates: false,
    });
    expect(notificationsOf(null)).toEqual(DEFAULT_NOTIFICATIONS);
  });
});

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
    expect(decideInbound(check, open, 'carol@example.com')).toEqual({
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

  it('bounces an unknown sender, a closed ticket and an expired address', async () => {
    const check = await checkInbound(await post({ sender: 'mallory@example.com' }), secrets, NOW);
    if (!check.ok) throw new Error('checked');
    expect(decideInbound(check, open, 'carol@example.com')).toEqual({
      kind: 'bounce',
      mail: 'bounce-unknown-sender',
      to: 'mallory@example.com',
    });
    const carol = await checkInbound(await post(), secrets, NOW);
    if (!carol.ok) throw new Error('checked');
    expect(decideInbound(carol, { ...open, status: 'closed' }, 'carol@example.com')).toMatchObject({
      kind: 'bounce',
      mail: 'bounce-closed',
    });
    expect(decideInbound(carol, null, 'carol@example.com')).toEqual({ kind: 'drop', drop: 'unknown-ticket' });
    const old = replyAddress(await signReplyToken(42, NOW - 1000, SECRET), 'reply.example.com');
    const expired = await checkInbound(await post({ recipient: old }), secrets, NOW);
    if (!expired.ok) throw new Error('checked');
    expect(expired.expired).toBe(true);
    expect(decideInbound(expired, open, 'carol@example.com')).toEqual({
      kind: 'bounce',
      mail: 'bounce-expired',
      to: 'carol@example.com',
    });
  });

  it('strips a signature and Outlook-style history', () => {
    expect(replyTextOf('Thanks!\n\n-- \nCarol\n')).toBe('Thanks!');
    expect(replyTextOf('Fine now.\r\n\r\nOn Mon, Jan 5, 2026, Support wrote:\r\n> old\r\n')).toBe('Fine now.');
  });
});

describe('the schemas of the mail screens', () => {
  it('take a whole positive ticket number, an address and some text; the four switches exactly', () => {
    const ok = { ticketNumber: 3, from: 'A@b.co', text: 'hi' };
    expect(simulatedInboundEmailSchema.safeParse(ok)).toMatchObject({ success: true, data: { from: 'a@b.co' } });
    for (const bad of [{ ticketNumber: 1.5 }, { ticketNumber: -1 }, { text: '  ' }, { from: 'not-an-address' }]) {
      expect(simulatedInboundEmailSchema.safeParse({ ...ok, ...bad }).success).toBe(false);
    }
    expect(notificationPreferencesSchema.safeParse(DEFAULT_NOTIFICATIONS).success).toBe(true);
    expect(notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATIONS, extra: true }).success).toBe(false);
    expect(notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATIONS, newUnassigned: 'yes' }).success).toBe(
      false,
    );
  });
});
