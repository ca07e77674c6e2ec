/**
 * A trigger's email as written (DESIGN §10 "Rule emails"): the template in the recipient's
 * language (`templateFor`), its placeholders filled, composed as a `rule-email` with the frame in
 * their language. Shared by both backends' trusted code, after `decideRuleEmails`.
 */
import { composeMail, mailWords, type MailCatalogue } from '@/domain/mail/compose';
import { requesterReplyTo, type MailDraft, type MailPerson, type MailServerSetup } from '@/domain/mail/drafts';
import { mailDocumentId } from '@/domain/mail/plan';
import type { RuleEmailPlan } from '@/domain/mail/rule-mail';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locales';
import type { EmailText, RuleEmailPlaceholder, TriggerEmail } from '@/domain/triggers';
import type { Ticket } from '@/domain/types';

/** The template's text for a language: its translation when it has one, else the main text. */
export function templateFor(email: TriggerEmail, locale: Locale): EmailText {
  const translated = locale === 'en' ? undefined : email.translations?.[locale];
  return translated ?? { subject: email.subject, body: email.body };
}

/** What a template's placeholders are filled from. */
export interface RuleEmailContext {
  ticket: Pick<Ticket, 'id' | 'number' | 'subject' | 'status' | 'priority' | 'requesterId' | 'requesterName'>;
  /** The assignee's name as the chain leaves the ticket (`''` for none). */
  assigneeName: string;
  setup: MailServerSetup;
  catalogues: Partial<Record<Locale, MailCatalogue>>;
  /** ms since the epoch: the email's time (and its reply address's start of life). */
  now: number;
  /** A key unique to the run (the change's id): with the trigger and index, the email's id. */
  runKey: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Fills a template's placeholders (all known: the schema refused any other) in `locale`. */
export function fillRuleTemplate(
  text: string,
  context: Omit<RuleEmailContext, 'now' | 'runKey'>,
  locale: Locale,
  link: string,
): string {
  const words = mailWords(locale, context.catalogues);
  const { ticket } = context;
  const values: Record<RuleEmailPlaceholder, string> = {
    'ticket.number': String(ticket.number),
    'ticket.subject': ticket.subject,
    'ticket.status': words.status(ticket.status),
    'ticket.priority': words.priority(ticket.priority),
    'ticket.link': link,
    'requester.name': ticket.requesterName,
    'requester.firstName': firstName(ticket.requesterName),
    'assignee.name': context.assigneeName,
    'assignee.firstName': firstName(context.assigneeName),
    'desk.name': context.setup.deskName,
  };
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, path: string) =>
    path in values ? values[path as RuleEmailPlaceholder] : whole,
  );
}

/**
 * The `mail` document of one `written` decision: the template in the recipient's language,
 * filled, composed as a `rule-email` (the requester's with the signed reply address).
 * @returns the draft, its id unique to the run, trigger and email (a retried run writes it once).
 */
export async function draftRuleEmail(
  plan: RuleEmailPlan & { recipient: MailPerson },
  context: RuleEmailContext,
): Promise<MailDraft> {
  const { recipient, intent } = plan;
  const { ticket, setup } = context;
  const locale = recipient.locale ?? DEFAULT_LOCALE;
  const toRequester = recipient.uid !== '' && recipient.uid === ticket.requesterId;
  const link = `${setup.appUrl}/${toRequester ? 'requests' : 'desk/tickets'}/${ticket.id}`;
  const text = templateFor(intent.email, locale);
  const replyTo = toRequester ? await requesterReplyTo(ticket.number, setup, context.now) : undefined;
  const uniqueKey = `${context.runKey}-${intent.triggerId}-${intent.index}`;
  const mail = composeMail(
    {
      kind: 'rule-email',
      recipient: {
        email: recipient.email,
        displayName: recipient.displayName,
        ...(recipient.uid && { uid: recipient.uid }),
        ...(recipient.locale && { locale: recipient.locale }),
      },
      ticket,
      template: {
        subject: fillRuleTemplate(text.subject, context, locale, link).replace(/\s+/g, ' '),
        body: fillRuleTemplate(text.body, context, locale, link),
      },
      toStaff: !toRequester,
      ...(replyTo && { replyTo }),
      createdAt: new Date(context.now).toISOString(),
      uniqueKey,
    },
    setup,
    context.catalogues,
  );
  return { id: mailDocumentId(ticket.id, { kind: 'rule-email', uniqueKey }), mail };
}
