/**
 * A desk's people and a trigger's email template for the rule emails' tests (DESIGN §10 "Rule
 * emails"): a Spanish-reading requester, an English-reading agent, a template with a Spanish version.
 */
import type { MailPerson } from '@/domain/mail/drafts';
import type { TriggerEmailIntent } from '@/domain/plans/triggers';
import type { TriggerEmail } from '@/domain/triggers';

export const requester: MailPerson = {
  uid: 'dana',
  email: 'dana@shop.example',
  displayName: 'Dana Ruiz',
  role: 'customer',
  locale: 'es',
  emailVerified: true,
};
export const assignee: MailPerson = {
  uid: 'priya',
  email: 'priya@desk.example',
  displayName: 'Priya Shah',
  role: 'agent',
  emailVerified: true,
};
export const template: TriggerEmail = {
  to: 'requester',
  address: '',
  subject: 'About {{ticket.subject}}',
  body: 'Hi {{requester.firstName}}, #{{ticket.number}} is {{ticket.status}} ({{ticket.priority}}). {{assignee.firstName}} of {{desk.name}}: {{ticket.link}} {{unknown}}',
  translations: {
    es: {
      subject: 'Sobre {{ticket.subject}}',
      body: 'Hola {{requester.firstName}}, #{{ticket.number}} está {{ticket.status}} ({{ticket.priority}}).',
    },
  },
};
/** One of trigger tr1's emails: the template, changed by `email`. */
export const intent = (email: Partial<TriggerEmail>, index = 0): TriggerEmailIntent => ({
  triggerId: 'tr1',
  trigger: 'Tell them',
  index,
  email: { ...template, ...email },
});
export const people = { requester, assignee, byAddress: new Map<string, MailPerson>() };
