/**
 * A trigger's email as written (DESIGN §10 "Rule emails"), `rule-mail-draft.ts`: the template in
 * the recipient's language with its placeholders filled, and the headers that keep auto-replies away.
 */
import es from '@/domain/mail/catalogues/es.json';
import ar from '@/domain/mail/catalogues/ar.json';
import type { MailPerson } from '@/domain/mail/drafts';
import { decideRuleEmails, type RuleEmailPlan } from '@/domain/mail/rule-mail';
import { draftRuleEmail, templateFor, type RuleEmailContext } from '@/domain/mail/rule-mail-draft';

import { intent, people, template } from '../../../support/rule-mail-fixtures';

describe('draftRuleEmail', () => {
  const context: RuleEmailContext = {
    ticket: {
      id: 'T9',
      number: 9,
      subject: 'Printer <b>jam</b>',
      status: 'pending',
      priority: 'urgent',
      requesterId: 'dana',
      requesterName: 'Dana Ruiz',
    },
    assigneeName: 'Priya Shah',
    setup: {
      deskName: 'Acme Support',
      appUrl: 'https://desk.example.com',
      messageIdHost: 'desk.example.com',
      replyDomain: 'reply.desk.example.com',
      replyTokenSecret: 'secret',
    },
    catalogues: { es, ar },
    now: Date.parse('2026-12-06T10:00:00.000Z'),
    runKey: 'change1',
  };
  const draft = (plan: RuleEmailPlan) => draftRuleEmail(plan as RuleEmailPlan & { recipient: MailPerson }, context);

  it('writes the requester the Spanish version, placeholders filled in Spanish, with a reply address', async () => {
    const [plan] = decideRuleEmails([intent({})], people, 0);
    const { id, mail } = await draft(plan as RuleEmailPlan);
    expect(id).toBe('T9-rule-email-change1-tr1-0');
    expect(mail).toMatchObject({ kind: 'rule-email', to: ['dana@shop.example'], ticketId: 'T9', recipientUid: 'dana' });
    expect(mail.message.subject).toBe('[#9] Sobre Printer <b>jam</b>');
    expect(mail.message.text).toContain('Hola Dana, #9 está Pendiente (Urgente).');
    expect(mail.message.text).toContain('Este correo lo envió una regla automática de Acme Support.');
    expect(mail.message.text).toContain('https://desk.example.com/requests/T9');
    expect(mail.message.html).not.toContain('<b>jam');
    expect(mail.replyTo).toMatch(/@reply\.desk\.example\.com$/);
    expect(mail.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' });
  });

  it('writes the assignee the main text in English, with the desk’s link and no reply address', async () => {
    const [plan] = decideRuleEmails([intent({ to: 'assignee' })], people, 0);
    const { mail } = await draft(plan as RuleEmailPlan);
    expect(mail.message.subject).toBe('[#9] About Printer <b>jam</b>');
    expect(mail.message.text).toContain(
      'Hi Dana, #9 is Pending (Urgent). Priya of Acme Support: https://desk.example.com/desk/tickets/T9 {{unknown}}',
    );
    expect(mail.replyTo).toBeUndefined();
  });

  it('picks the translation by language, else the main text', () => {
    expect(templateFor(template, 'es').subject).toBe('Sobre {{ticket.subject}}');
    expect(templateFor(template, 'ar').subject).toBe('About {{ticket.subject}}');
    expect(templateFor(template, 'en').subject).toBe('About {{ticket.subject}}');
  });
});
