/**
 * The `inboundEmail` function's body: a post in Mailgun's multipart "forward" format
 * (`test/fixtures/mail/mailgun-forward.multipart`, the fields Mailgun documents, a file part
 * included) read by `formFields` as the function reads it, then handled against a real Firestore
 * emulator: the requester's reply lands without the quoted history and the pending ticket opens.
 * Skips the Firestore part without FIRESTORE_EMULATOR_HOST.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { signMailgunPost, type MailgunInbound } from '@/domain/mail/inbound';
import { replyAddress, signReplyToken } from '@/domain/mail/reply-token';
import { formFields } from '../../functions/src/form-post';
import { handleInboundEmail, type MailConfig } from '../../functions/src/mail';

const BOUNDARY = '----MailgunBoundary7MA4YWxkTrZu0gW';
const FIXTURE = readFileSync(path.join(__dirname, '../fixtures/mail/mailgun-forward.multipart'), 'utf8');
const NOW = Date.parse('2026-11-24T09:30:00.000Z');
const config: MailConfig = {
  appUrl: 'https://desk.example.com',
  deskName: 'Acme Support',
  messageIdHost: 'desk.example.com',
  replyDomain: 'reply.example.com',
  replyTokenSecret: 'inbound-test-secret',
  mailgunSigningKey: 'inbound-test-key',
  // No Auth emulator beside this step's Firestore: every address counts as verified here.
  verifiedUids: async (uids) => new Set(uids),
};

/** The fixture with this test's number, sender, reply address and Mailgun signature filled in. */
async function recordedPost(number: number, sender: string): Promise<Buffer> {
  const timestamp = String(Math.floor(NOW / 1000));
  const token = 'e3a1b2c4d5f60718293a4b5c6d7e8f9012345678abcdef0123';
  const recipient = replyAddress(
    await signReplyToken(number, NOW + 86_400_000, config.replyTokenSecret),
    config.replyDomain,
  );
  const filled = FIXTURE.replaceAll('{{RECIPIENT}}', recipient)
    .replaceAll('{{SENDER}}', sender)
    .replaceAll('{{NUMBER}}', String(number))
    .replaceAll('{{TIMESTAMP}}', timestamp)
    .replaceAll('{{TOKEN}}', token)
    .replaceAll('{{SIGNATURE}}', await signMailgunPost(config.mailgunSigningKey, timestamp, token));
  return Buffer.from(filled, 'utf8');
}

describe('an inbound post in Mailgun’s multipart format', () => {
  it('is read field by field, the file part skipped', async () => {
    const fields = await formFields({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      rawBody: await recordedPost(42, 'carol@example.com'),
    });
    expect(fields).toMatchObject({
      sender: 'carol@example.com',
      subject: 'Re: [#42] Printer on fire',
      'Message-Id': '<CAF=carol.42@mail.gmail.com>',
      'attachment-count': '0',
    });
    expect(fields.recipient).toMatch(/^reply\+42-/);
    expect(fields['body-plain']).toContain('> Please unplug it');
    expect(fields).not.toHaveProperty('attachment-1');
  });

  it('reads a urlencoded post as the framework parsed it', async () => {
    await expect(
      formFields({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: { sender: 'a@b.c', n: 3 } }),
    ).resolves.toEqual({ sender: 'a@b.c' });
  });
});

const host = process.env.FIRESTORE_EMULATOR_HOST;
(host ? describe : describe.skip)('an inbound post handled against Firestore', () => {
  let app: App;
  beforeAll(() => {
    app = initializeApp({ projectId: 'demo-triage' }, `inbound-post-${Date.now()}`);
  });
  afterAll(async () => {
    await deleteApp(app);
  });

  it('becomes the requester’s reply, without the quoted history, and opens the pending ticket', async () => {
    const db = getFirestore(app);
    const stamp = Date.now().toString(36);
    const carol = `carol-${stamp}`;
    const number = 500_000 + Math.floor(Math.random() * 100_000);
    await db
      .doc(`users/${carol}`)
      .set({ displayName: 'Carol Customer', email: `${carol}@example.com`, role: 'customer' });
    const at = Timestamp.fromMillis(NOW - 3_600_000);
    const ticket = db.collection('tickets').doc(`fire-${stamp}`);
    await ticket.set({
      number,
      subject: 'Printer on fire',
      status: 'pending',
      priority: 'urgent',
      tags: [],
      category: null,
      requesterId: carol,
      requesterName: 'Carol Customer',
      assigneeId: null,
      assigneeName: null,
      createdAt: at,
      updatedAt: at,
      lastMessageAt: at,
      lastMessageBy: 'agent',
      updatedBy: carol,
    });
    const post = (await formFields({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      rawBody: await recordedPost(number, `${carol}@example.com`),
    })) as unknown as MailgunInbound;
    expect(await handleInboundEmail(db, config, post, NOW)).toMatchObject({
      status: 200,
      outcome: 'reply',
      ticketId: ticket.id,
    });
    const messages = await ticket.collection('messages').get();
    // The sign-off stays (it is no `-- ` signature); the quoted history goes.
    expect(messages.docs.map((doc) => doc.get('body'))).toEqual(['The fire is out, thanks!\n\nCarol']);
    expect((await ticket.get()).get('status')).toBe('open');
  });
});
