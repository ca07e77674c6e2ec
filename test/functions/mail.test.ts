/**
 * Email on the Firebase backend (functions/src/mail.ts) against a real Firestore emulator and a
 * real SMTP server started here (`smtp-server`), as the triggers and the webhook call it: the
 * email of an agent's public reply received over SMTP with its headers and escaped HTML; an
 * internal note emails nobody; the switches are read; reply by email adds the requester's
 * reply and reopens the ticket, once; forged, unknown-sender and closed-ticket posts are refused.
 * Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { signMailgunPost, type MailgunInbound } from '@/domain/mail/inbound';
import { replyAddress, signReplyToken } from '@/domain/mail/reply-token';
import { deliverMail, handleInboundEmail, mailForNewMessage, mailForTicketWrite } from '../../functions/src/mail';
import {
  TEST_MAIL_CONFIG,
  UNVERIFIED_UIDS,
  describeIfFirestore,
  firestoreHost,
  freshId,
  openAdminFirestore,
} from './emulator-app';

const NOW = Date.now();
const config = TEST_MAIL_CONFIG;

let db: Firestore;
let smtp: SMTPServer;
let smtpPort = 0;
const received: ParsedMail[] = [];
const rawReceived: string[] = [];

openAdminFirestore('mail-test', { opened: (firestore) => void (db = firestore) });
beforeAll(async () => {
  if (!firestoreHost) return;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        rawReceived.push(raw);
        void simpleParser(raw).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

interface Desk {
  ticketId: string;
  number: number;
  carol: string;
  priya: string;
}

let nextNumber = 90_000 + Math.floor(Math.random() * 1_000_000);

async function seedDesk(
  ticket: Record<string, unknown> = {},
  carolFields: Record<string, unknown> = {},
): Promise<Desk> {
  const carol = freshId('carol');
  const priya = freshId('priya');
  await db
    .doc(`users/${carol}`)
    .set({ displayName: 'Carol <b>Customer</b>', email: `${carol}@example.com`, role: 'customer', ...carolFields });
  await db.doc(`users/${priya}`).set({ displayName: 'Priya Shah', email: `${priya}@example.com`, role: 'agent' });
  const ticketId = freshId('t');
  const number = (nextNumber += 1);
  const at = Timestamp.fromMillis(NOW - 60_000);
  await db.doc(`tickets/${ticketId}`).set({
    number,
    subject: '<img src=x onerror=alert(1)> printer',
    status: 'open',
    priority: 'normal',
    category: null,
    tags: [],
    requesterId: carol,
    requesterName: 'Carol Customer',
    assigneeId: priya,
    assigneeName: 'Priya Shah',
    createdAt: at,
    updatedAt: at,
    lastMessageAt: at,
    lastMessageBy: 'customer',
    updatedBy: carol,
    ...ticket,
  });
  return { ticketId, number, carol, priya };
}

async function addMessage(desk: Desk, fields: Record<string, unknown>) {
  const ref = db.collection(`tickets/${desk.ticketId}/messages`).doc(freshId('m'));
  await ref.set({ attachments: [], createdAt: Timestamp.fromMillis(NOW), ...fields });
  return ref.get();
}

/** The one item a list must have. */
function first<T>(items: T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('expected one item, found none');
  return item;
}

async function mailOf(ticketId: string) {
  const snapshot = await db.collection('mail').where('ticketId', '==', ticketId).get();
  return snapshot.docs;
}

describeIfFirestore('email of a reply, over SMTP', () => {
  it("sends the requester an agent's public reply with its threading headers, List-Unsubscribe and escaped HTML", async () => {
    const desk = await seedDesk();
    const message = await addMessage(desk, {
      authorId: desk.priya,
      authorName: 'Priya Shah',
      authorRole: 'agent',
      internal: false,
      body: 'Unplug it first. <script>alert(1)</script>',
      attachments: [{ name: 'steps.pdf', path: 'x', size: 1, contentType: 'application/pdf' }],
    });
    expect(await mailForNewMessage(db, config, desk.ticketId, message, NOW)).toBe(1);
    const [doc] = await mailOf(desk.ticketId);
    if (!doc) throw new Error('no mail document');
    expect(doc.get('kind')).toBe('public-reply');

    const transport = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    expect(await deliverMail(db, doc.id, transport, 'Acme Support <support@desk.example.com>')).toBe('SUCCESS');
    const mail = received.at(-1);
    if (!mail) throw new Error('nothing received over SMTP');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(`${desk.carol}@example.com`);
    expect(mail.from?.value).toEqual([{ name: 'Acme Support', address: 'support@desk.example.com' }]);
    expect(mail.subject).toBe(`[#${desk.number}] <img src=x onerror=alert(1)> printer`);
    expect(mail.messageId).toBe(`<ticket-${desk.ticketId}-${message.id}@desk.example.com>`);
    expect(mail.inReplyTo).toBe(`<ticket-${desk.ticketId}@desk.example.com>`);
    expect(mail.references).toBe(`<ticket-${desk.ticketId}@desk.example.com>`);
    // The raw header as it travelled, and as a mail client reads it.
    expect(rawReceived.at(-1)).toMatch(/^List-Unsubscribe: <https:\/\/desk\.example\.com\/account#notifications>\r?$/m);
    expect(mail.headers.get('list')).toMatchObject({
      unsubscribe: { url: 'https://desk.example.com/account#notifications' },
    });
    const replyTo = mail.replyTo && 'text' in mail.replyTo ? mail.replyTo.text : '';
    expect(replyTo).toMatch(new RegExp(`^reply\\+${desk.number}-[0-9a-z]+-[0-9a-f]{24}@reply\\.example\\.com$`));
    expect(mail.text).toContain('Priya Shah replied to your request');
    expect(mail.text).toContain('> Unplug it first. <script>alert(1)</script>');
    expect(mail.text).toContain('steps.pdf');
    const html = String(mail.html);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Carol &lt;b&gt;Customer&lt;/b&gt;');
    const delivered = await doc.ref.get();
    expect(delivered.get('delivery')).toMatchObject({
      state: 'SUCCESS',
      attempts: 1,
      info: { accepted: [`${desk.carol}@example.com`] },
    });
    // Sent once: a second run leaves a delivered document alone.
    expect(await deliverMail(db, doc.id, transport, 'x@y.z')).toBeNull();
  });

  it('writes ERROR with the reason when the SMTP server cannot be reached', async () => {
    const desk = await seedDesk();
    const message = await addMessage(desk, {
      authorId: desk.priya,
      authorName: 'Priya Shah',
      authorRole: 'agent',
      internal: false,
      body: 'Hi',
    });
    await mailForNewMessage(db, config, desk.ticketId, message, NOW);
    const doc = first(await mailOf(desk.ticketId));
    const closed = createTransport({
      host: '127.0.0.1',
      port: 1,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 2000,
    });
    expect(await deliverMail(db, doc.id, closed, 'x@y.z')).toBe('ERROR');
    expect((await doc.ref.get()).get('delivery')).toMatchObject({
      state: 'ERROR',
      error: expect.stringMatching(/ECONNREFUSED|connect/),
    });
  });

  it('an internal note emails nobody, and a requester who switched updates off gets nothing', async () => {
    const desk = await seedDesk();
    const note = await addMessage(desk, {
      authorId: desk.priya,
      authorName: 'Priya Shah',
      authorRole: 'agent',
      internal: true,
      body: 'Customer is grumpy',
    });
    expect(await mailForNewMessage(db, config, desk.ticketId, note, NOW)).toBe(0);
    expect(await mailOf(desk.ticketId)).toHaveLength(0);

    const quiet = await seedDesk(
      {},
      { notifications: { requestUpdates: false, ticketAssigned: true, customerReplies: true, newUnassigned: false } },
    );
    const reply = await addMessage(quiet, {
      authorId: quiet.priya,
      authorName: 'Priya Shah',
      authorRole: 'agent',
      internal: false,
      body: 'Done',
    });
    expect(await mailForNewMessage(db, config, quiet.ticketId, reply, NOW)).toBe(0);
  });

  it("emails the assignee the requester's reply, and the requester a new ticket's receipt, in Spanish when they chose it", async () => {
    const desk = await seedDesk({}, { locale: 'es' });
    const reply = await addMessage(desk, {
      authorId: desk.carol,
      authorName: 'Carol',
      authorRole: 'customer',
      internal: false,
      body: 'Still broken',
    });
    expect(await mailForNewMessage(db, config, desk.ticketId, reply, NOW)).toBe(1);
    const toAgent = first(await mailOf(desk.ticketId));
    expect(toAgent.get('to')).toEqual([`${desk.priya}@example.com`]);
    expect(toAgent.get('message.text')).toContain(`https://desk.example.com/desk/tickets/${desk.ticketId}`);
    expect(toAgent.get('replyTo')).toBeUndefined();

    const created = await db.doc(`tickets/${desk.ticketId}`).get();
    expect(await mailForTicketWrite(db, config, null, created, NOW)).toBe(1);
    const receipt = first((await mailOf(desk.ticketId)).filter((doc) => doc.get('kind') === 'request-received'));
    expect(receipt.get('message.subject')).toBe(`[#${desk.number}] <img src=x onerror=alert(1)> printer`);
    expect(receipt.get('message.text')).toContain('Recibimos tu solicitud');
    // A retried trigger writes nothing twice.
    expect(await mailForTicketWrite(db, config, null, created, NOW)).toBe(0);
  });
});

async function inbound(
  desk: Desk,
  fields: Partial<MailgunInbound> = {},
  tokenSecret = config.replyTokenSecret,
): Promise<MailgunInbound> {
  const timestamp = String(Math.floor(NOW / 1000));
  const token = freshId('mg').padEnd(50, 'x');
  const address = replyAddress(await signReplyToken(desk.number, NOW + 86_400_000, tokenSecret), config.replyDomain);
  return {
    recipient: address,
    sender: `${desk.carol}@example.com`,
    from: `Carol <${desk.carol}@example.com>`,
    subject: `Re: [#${desk.number}] printer`,
    'body-plain': `It is working again.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Acme Support <${address}> wrote:\n> Unplug it first.\n`,
    'Message-Id': `<${freshId('email')}@mail.example.com>`,
    timestamp,
    token,
    signature: await signMailgunPost(config.mailgunSigningKey, timestamp, token),
    ...fields,
  };
}

describeIfFirestore('reply by email (Mailgun inbound webhook)', () => {
  it("adds the requester's reply without the quoted history and reopens a pending ticket, once", async () => {
    const desk = await seedDesk({ status: 'pending' });
    const post = await inbound(desk);
    const outcome = await handleInboundEmail(db, config, post, NOW);
    expect(outcome).toMatchObject({ status: 200, outcome: 'reply', ticketId: desk.ticketId });
    const messages = await db.collection(`tickets/${desk.ticketId}/messages`).get();
    expect(messages.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        authorId: desk.carol,
        authorRole: 'customer',
        internal: false,
        body: 'It is working again.',
        via: 'email',
      }),
    ]);
    const ticket = await db.doc(`tickets/${desk.ticketId}`).get();
    expect(ticket.get('status')).toBe('open');
    expect(ticket.get('lastMessageBy')).toBe('customer');
    expect(ticket.get('updatedBy')).toBe(desk.carol);
    // Mailgun retries a post it did not see answered: the same email adds nothing more.
    await handleInboundEmail(db, config, post, NOW);
    expect((await db.collection(`tickets/${desk.ticketId}/messages`).get()).size).toBe(1);
  });

  it('refuses a captured post replayed with another Message-Id and body, and takes Mailgun’s retry of the same email', async () => {
    const desk = await seedDesk({ status: 'pending' });
    const post = await inbound(desk);
    expect(await handleInboundEmail(db, config, post, NOW)).toMatchObject({ status: 200, outcome: 'reply' });
    // The attacker keeps timestamp, token and signature (all still valid for 15 minutes) and
    // changes what the signature does not cover.
    const replayed = {
      ...post,
      'Message-Id': `<${freshId('again')}@mail.example.com>`,
      'body-plain': 'Refund me twice.',
    };
    expect(await handleInboundEmail(db, config, replayed, NOW + 60_000)).toEqual({ status: 406, outcome: 'replayed' });
    const messages = await db.collection(`tickets/${desk.ticketId}/messages`).get();
    expect(messages.docs.map((doc) => doc.get('body'))).toEqual(['It is working again.']);
    // Mailgun posting the same email again is no replay (and adds nothing: the reply's id is the email's).
    expect(await handleInboundEmail(db, config, post, NOW + 120_000)).toMatchObject({ status: 200, outcome: 'reply' });
    expect((await db.collection(`tickets/${desk.ticketId}/messages`).get()).size).toBe(1);
  });

  it('refuses a forged reply address and a post Mailgun did not sign, writing nothing', async () => {
    const desk = await seedDesk({ status: 'pending' });
    expect(await handleInboundEmail(db, config, await inbound(desk, {}, 'guessed-secret'), NOW)).toEqual({
      status: 406,
      outcome: 'forged-token',
    });
    const unsigned = await inbound(desk);
    expect(await handleInboundEmail(db, config, { ...unsigned, signature: '0'.repeat(64) }, NOW)).toEqual({
      status: 406,
      outcome: 'bad-signature',
    });
    expect((await db.collection(`tickets/${desk.ticketId}/messages`).get()).size).toBe(0);
    expect((await db.doc(`tickets/${desk.ticketId}`).get()).get('status')).toBe('pending');
    expect(await mailOf(desk.ticketId)).toHaveLength(0);
  });

  it('sends a stranger nothing, whatever subject they chose (no bounce relay), and bounces a closed ticket to its requester', async () => {
    const desk = await seedDesk({ status: 'pending' });
    const stranger = await inbound(desk, {
      sender: 'victim@example.com',
      from: 'Victim <victim@example.com>',
      subject: 'Cheap watches at http://spam.example',
    });
    expect(await handleInboundEmail(db, config, stranger, NOW)).toEqual({ status: 406, outcome: 'unknown-sender' });
    expect(await mailOf(desk.ticketId)).toHaveLength(0);
    const anyMailToVictim = await db.collection('mail').where('to', 'array-contains', 'victim@example.com').get();
    expect(anyMailToVictim.size).toBe(0);

    const closed = await seedDesk({ status: 'closed' });
    expect(await handleInboundEmail(db, config, await inbound(closed), NOW)).toEqual({
      status: 200,
      outcome: 'bounce-closed',
    });
    const closedBounce = first(await mailOf(closed.ticketId));
    expect(closedBounce.get('to')).toEqual([`${closed.carol}@example.com`]);
    expect(closedBounce.get('message.text')).toContain(`Request #${closed.number} is closed`);
    for (const ticketId of [desk.ticketId, closed.ticketId]) {
      expect((await db.collection(`tickets/${ticketId}/messages`).get()).size).toBe(0);
    }
  });
  it('never answers an auto-reply (RFC 3834): no bounce for a closed ticket, no reply reopening a pending one', async () => {
    const outOfOffice = JSON.stringify([
      ['Auto-Submitted', 'auto-replied'],
      ['Subject', 'Out of office'],
    ]);
    const closed = await seedDesk({ status: 'closed' });
    const pending = await seedDesk({ status: 'pending' });
    for (const desk of [closed, pending]) {
      const post = await inbound(desk, { 'message-headers': outOfOffice, 'body-plain': 'I am away until Monday.' });
      expect(await handleInboundEmail(db, config, post, NOW)).toEqual({ status: 406, outcome: 'automatic' });
      expect(await mailOf(desk.ticketId)).toHaveLength(0);
      expect((await db.collection(`tickets/${desk.ticketId}/messages`).get()).size).toBe(0);
    }
    expect((await db.doc(`tickets/${pending.ticketId}`).get()).get('status')).toBe('pending');
    // A bulk newsletter sent to a reply address is a program's too.
    const bulk = await inbound(pending, { 'message-headers': JSON.stringify([['Precedence', 'bulk']]) });
    expect(await handleInboundEmail(db, config, bulk, NOW)).toEqual({ status: 406, outcome: 'automatic' });
  });

  it('writes nothing to an address its owner has not verified: no reply, no receipt, no bounce (DESIGN §9)', async () => {
    // Anyone can sign up with someone else's address; until it is verified the desk stays silent.
    const desk = await seedDesk();
    UNVERIFIED_UIDS.add(desk.carol);
    try {
      const reply = await addMessage(desk, {
        authorId: desk.priya,
        authorName: 'Priya Shah',
        authorRole: 'agent',
        internal: false,
        body: 'Here is what to do',
      });
      expect(await mailForNewMessage(db, config, desk.ticketId, reply, NOW)).toBe(0);
      const closed = await seedDesk({ status: 'closed' });
      UNVERIFIED_UIDS.add(closed.carol);
      expect(await handleInboundEmail(db, config, await inbound(closed), NOW)).toEqual({
        status: 406,
        outcome: 'unverified-requester',
      });
      for (const ticketId of [desk.ticketId, closed.ticketId]) expect(await mailOf(ticketId)).toHaveLength(0);
      // Verified, the same reply's email goes out.
      UNVERIFIED_UIDS.delete(desk.carol);
      expect(await mailForNewMessage(db, config, desk.ticketId, reply, NOW)).toBe(1);
    } finally {
      UNVERIFIED_UIDS.clear();
    }
  });
});
