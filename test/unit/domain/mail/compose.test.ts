/**
 * The pure mail module (DESIGN §9), `compose.ts`: the email composed for a ticket's news, in the
 * person's language.
 */
import { composeMail, ticketThreadId, type ComposeInput } from '@/domain/mail/compose';
import es from '@/domain/mail/catalogues/es.json';
import ar from '@/domain/mail/catalogues/ar.json';

const setup = { deskName: 'Acme Support', appUrl: 'https://desk.example.com', messageIdHost: 'desk.example.com' };

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

  it('tells a follower of a note, and of a change, in their language, from the desk', () => {
    const follower = { email: 'sam@example.com', displayName: 'Sam', uid: 'sam' };
    const note = composeMail(
      {
        ...base,
        kind: 'followed-message',
        recipient: follower,
        toStaff: true,
        replyTo: undefined,
        quote: { authorName: 'Olu', internal: true, body: 'Refund approved.', attachments: [] },
        actorName: 'Olu',
      },
      setup,
      {},
    );
    expect(note.message.text).toContain('Olu added an internal note on ticket #42');
    expect(note.message.text).toContain('> Refund approved.');
    expect(note.message.text).toContain('because you follow this ticket');
    expect(note.message.text).toContain('https://desk.example.com/desk/tickets/T1');
    const change = {
      ...base,
      kind: 'followed-update' as const,
      recipient: { ...follower, locale: 'es' as const },
      toStaff: true,
      replyTo: undefined,
      quote: undefined,
      actorName: 'Priya',
      change: { status: 'on_hold', assigneeName: null },
    };
    const spanish = composeMail(change, setup, { es, ar });
    expect(spanish.message.text).toContain('Priya cambió el ticket #42');
    expect(spanish.message.text).toContain('Estado: En espera');
    expect(spanish.message.text).toContain('Asignado a: nadie');
    const english = composeMail({ ...change, recipient: follower, change: { assigneeName: 'Sam' } }, setup, {});
    expect(english.message.text).toContain('Assignee: Sam');
    expect(english.message.text).not.toContain('Status:');
  });
});
