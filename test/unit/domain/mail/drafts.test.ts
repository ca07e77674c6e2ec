/**
 * The pure mail module (DESIGN §9), `drafts.ts`: which of an intent's recipients get a `mail`
 * document — only verified addresses, only those whose switches say yes, and never a deactivated
 * person (a leaver who still follows a ticket hears nothing of its notes).
 */
import { draftMails, type MailPerson } from '@/domain/mail/drafts';
import type { MailIntent, MailTicketState } from '@/domain/mail/plan';

const ticket: MailTicketState = {
  id: 'T1',
  number: 42,
  subject: 'Printer',
  status: 'open',
  requesterId: 'carol',
  requesterName: 'Carol',
  updatedAt: '2026-11-24T10:00:00.000Z',
};
const context = {
  ticket,
  actorName: 'Olu',
  quote: { authorName: 'Olu', internal: true, body: 'Refund approved.', attachmentNames: [] },
  setup: {
    deskName: 'Acme',
    appUrl: 'https://desk.example.com',
    messageIdHost: 'desk.example.com',
    replyDomain: '',
    replyTokenSecret: '',
  },
  catalogues: {},
  now: Date.parse('2026-11-24T10:00:00.000Z'),
};
const agent = (uid: string, fields: Partial<MailPerson> = {}): MailPerson => ({
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  role: 'agent',
  emailVerified: true,
  ...fields,
});

describe('draftMails', () => {
  const intent = (uid: string): MailIntent => ({
    kind: 'followed-message',
    audience: { uid },
    uniqueKey: 'm1',
    actorId: 'olu',
  });

  it('writes to a verified, active follower', async () => {
    const drafts = await draftMails(intent('sam'), [agent('sam')], context);
    expect(drafts.map((draft) => draft.mail.to)).toEqual([['sam@example.com']]);
    expect(drafts[0]?.mail.message.text).toContain('> Refund approved.');
  });

  it('writes nothing to a deactivated person or an unverified address', async () => {
    await expect(draftMails(intent('sam'), [agent('sam', { deactivated: true })], context)).resolves.toEqual([]);
    await expect(draftMails(intent('sam'), [agent('sam', { emailVerified: false })], context)).resolves.toEqual([]);
  });
});
