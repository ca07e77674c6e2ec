/**
 * Writes each email of DESIGN §9 in the recipient's language: subject, plain text and HTML (every
 * value escaped: a subject of `<img onerror=…>` arrives as text), the threading ids of its ticket,
 * the signed `Reply-To` and `List-Unsubscribe`. Pure: the caller gives the time, the links and
 * the catalogue; the same code writes the Firebase backend's mail (functions/) and the local one's.
 */
import { createIntl, createIntlCache, defineMessages, type IntlShape } from '@formatjs/intl';
import escapeHtml from 'escape-html';
import { DEFAULT_LOCALE, directionOf, type Locale } from '@/domain/locales';
import type { MailDocument, MailKind } from '@/domain/mail/mail-document';

/** Every mail message's translation in one language (`src/domain/mail/catalogues/{es,ar}.json`). */
export type MailCatalogue = Readonly<Record<string, string>>;

const m = defineMessages({
  subject: { id: 'mail.subject', defaultMessage: '[#{number}] {subject}' },
  greeting: { id: 'mail.greeting', defaultMessage: 'Hello {name},' },
  receivedLead: {
    id: 'mail.received.lead',
    defaultMessage: 'We received your request #{number} “{subject}”. We will answer you here and on the portal.',
  },
  receivedAdd: {
    id: 'mail.received.add',
    defaultMessage: 'To add something, reply to this email.',
  },
  replyLead: { id: 'mail.reply.lead', defaultMessage: '{author} replied to your request #{number}:' },
  replyHow: {
    id: 'mail.reply.how',
    defaultMessage: 'Reply to this email to answer, or open your request on the portal.',
  },
  solvedLead: {
    id: 'mail.solved.lead',
    defaultMessage: 'Your request #{number} “{subject}” is solved.',
  },
  solvedReopen: {
    id: 'mail.solved.reopen',
    defaultMessage: 'If something is still wrong, reply to this email and it opens again.',
  },
  solvedRate: {
    id: 'mail.solved.rate',
    defaultMessage: 'How did we do? Rate your answer: good {good} or bad {bad}',
  },
  assignedLead: {
    id: 'mail.assigned.lead',
    defaultMessage: '{actor} assigned ticket #{number} “{subject}” to you.',
  },
  customerReplyLead: {
    id: 'mail.customerReply.lead',
    defaultMessage: '{requester} replied on ticket #{number} “{subject}”:',
  },
  newUnassignedLead: {
    id: 'mail.newUnassigned.lead',
    defaultMessage: 'New ticket #{number} from {requester}, not assigned to anyone yet:',
  },
  followedMessageLead: {
    id: 'mail.followed.message',
    defaultMessage: '{author} replied on ticket #{number} “{subject}”, which you follow:',
  },
  followedNoteLead: {
    id: 'mail.followed.note',
    defaultMessage: '{author} added an internal note on ticket #{number} “{subject}”, which you follow:',
  },
  followedUpdateLead: {
    id: 'mail.followed.update',
    defaultMessage: '{actor} changed ticket #{number} “{subject}”, which you follow:',
  },
  followedStatus: {
    id: 'mail.followed.status',
    defaultMessage:
      'Status: {status, select, new {New} open {Open} pending {Pending} on_hold {On hold} solved {Solved} closed {Closed} other {{status}}}',
  },
  followedAssignee: { id: 'mail.followed.assignee', defaultMessage: 'Assignee: {name}' },
  followedUnassigned: { id: 'mail.followed.unassigned', defaultMessage: 'Assignee: nobody' },
  followedWhy: {
    id: 'mail.followed.why',
    defaultMessage: 'You get this email because you follow this ticket; “Unfollow” on the ticket stops it.',
  },
  staffHow: {
    id: 'mail.staff.how',
    defaultMessage: 'Open the ticket in the desk to answer (a reply to this email is not added to the ticket).',
  },
  attachments: { id: 'mail.attachments', defaultMessage: 'Attached files:' },
  openRequest: { id: 'mail.link.request', defaultMessage: 'Open your request' },
  openTicket: { id: 'mail.link.ticket', defaultMessage: 'Open the ticket' },
  footer: {
    id: 'mail.footer',
    defaultMessage: 'You get this email from {desk}. Choose which emails you get: {link}',
  },
  ruleNote: {
    id: 'mail.rule.note',
    defaultMessage: 'This email was sent by an automatic rule of {desk}.',
  },
  status: {
    id: 'mail.status',
    defaultMessage:
      '{status, select, new {New} open {Open} pending {Pending} on_hold {On hold} solved {Solved} closed {Closed} other {{status}}}',
  },
  priority: {
    id: 'mail.priority',
    defaultMessage: '{priority, select, low {Low} normal {Normal} high {High} urgent {Urgent} other {{priority}}}',
  },
  bounceSubject: { id: 'mail.bounce.subject', defaultMessage: 'Not delivered: {subject}' },
  bounceUnknownSender: {
    id: 'mail.bounce.unknownSender',
    defaultMessage:
      'Your email was not added to any request: it came from an address that is not the requester’s. Write from the address you used for the request, or sign in to the portal.',
  },
  bounceClosed: {
    id: 'mail.bounce.closed',
    defaultMessage:
      'Request #{number} is closed, so your email was not added to it. Please send a new request on the portal.',
  },
  invitationSubject: { id: 'mail.invitation.subject', defaultMessage: '{inviter} invited you to {desk}' },
  invitationGreeting: { id: 'mail.invitation.greeting', defaultMessage: 'Hello,' },
  invitationLead: {
    id: 'mail.invitation.lead',
    defaultMessage:
      '{inviter} invited you to join {desk} as {role, select, agent {an agent} admin {an admin} other {a customer}}. Choose your name and a password to start.',
  },
  invitationExpiry: {
    id: 'mail.invitation.expiry',
    defaultMessage: 'This link works once, until {expires} (UTC). If you did not expect it, ignore this email.',
  },
  invitationLink: { id: 'mail.invitation.link', defaultMessage: 'Accept the invitation' },
  invitationFooter: {
    id: 'mail.invitation.footer',
    defaultMessage: 'You get this email because an admin of {desk} invited this address.',
  },
  bounceExpired: {
    id: 'mail.bounce.expired',
    defaultMessage:
      'The reply address you wrote to has expired, so your email was not added to request #{number}. Please answer on the portal.',
  },
});

/** The person an email is written to. */
export interface MailRecipient {
  email: string;
  displayName: string;
  /** Their language; English when they never chose. */
  locale?: Locale;
  /** Their uid, when they have an account. */
  uid?: string;
}

/** The ticket an email is about. */
export interface MailTicket {
  id: string;
  number: number;
  subject: string;
}

/** A message quoted in an email: who wrote it, its text, its files as links. */
export interface MailQuote {
  authorName: string;
  /** An internal note (quoted to followers only, who are staff). */
  internal?: boolean;
  body: string;
  attachments: { name: string; url: string }[];
}

/** Where an email's links and addresses point (DESIGN §9 configuration). */
export interface MailSetup {
  /**
   * The desk's name, as signed at the end of every email: the name the admin gave the desk in its
   * settings (`settings/desk.deskName`, see {@link signedBy}), which is the brand customers see.
   */
  deskName: string;
  /** The app's origin, e.g. `https://triage.example.com` (no trailing slash). */
  appUrl: string;
  /** The host of the ids Triage gives its emails (`<ticket-…@host>`). */
  messageIdHost: string;
}

/** What an email about a ticket needs; `quote` for the kinds that carry a message. */
export interface ComposeInput {
  kind: MailKind;
  recipient: MailRecipient;
  ticket: MailTicket;
  /** The reply (public-reply, customer-reply, new-unassigned). */
  quote?: MailQuote;
  /** The person who acted (public-reply's author, ticket-assigned's assigner, the requester). */
  actorName?: string;
  /** Whether the recipient is staff: their link goes to the desk, not the portal. */
  toStaff: boolean;
  /** The signed reply address (see `reply-token.ts`); absent for emails that take no reply. */
  replyTo?: string;
  /** For `rule-email`: the trigger's template, its placeholders already filled (plain text). */
  template?: { subject: string; body: string };
  /** For bounces: the subject of the email that bounced. */
  bouncedSubject?: string;
  /** For `followed-update`: the new status, the new assignee's name (`null`: unassigned). */
  change?: { status?: string; assigneeName?: string | null };
  /** ISO-8601 UTC: when the email is written; also makes its id unique. */
  createdAt: string;
  /** A key unique among this ticket's emails (a message id, `solved-…`): the email's own id. */
  uniqueKey: string;
}

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

function intlFor(locale: Locale, catalogues: Partial<Record<Locale, MailCatalogue>>): IntlShape {
  const messages = locale === DEFAULT_LOCALE ? {} : (catalogues[locale] ?? {});
  const key = `${locale}:${Object.keys(messages).length}`;
  let intl = intls.get(key);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages, onError: () => undefined }, cache);
    intls.set(key, intl);
  }
  return intl;
}

/**
 * A ticket's status and priority as an email names them, in `locale` (a trigger's email template
 * fills `{{ticket.status}}` and `{{ticket.priority}}` with them).
 */
export function mailWords(
  locale: Locale,
  catalogues: Partial<Record<Locale, MailCatalogue>>,
): { status(status: string): string; priority(priority: string): string } {
  const intl = intlFor(locale, catalogues);
  return {
    status: (status) => intl.formatMessage(m.status, { status }),
    priority: (priority) => intl.formatMessage(m.priority, { priority }),
  };
}

/** The id of a ticket's first email, which every later one threads under. */
export function ticketThreadId(ticketId: string, host: string): string {
  return `<ticket-${ticketId}@${host}>`;
}

/** Plain text to HTML: escaped, line breaks kept. */
function paragraphHtml(text: string, dir: 'ltr' | 'rtl' | 'auto' = 'auto'): string {
  return `<p dir="${dir}" style="margin:0 0 12px">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

function linkHtml(label: string, url: string): string {
  return `<p style="margin:0 0 12px"><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
}

/**
 * Writes one email of DESIGN §9's table.
 * @param catalogues the es/ar mail catalogues (English is in the code).
 * @returns the `mail` document (no `delivery`: the sender writes it).
 */
export function composeMail(
  input: ComposeInput,
  setup: MailSetup,
  catalogues: Partial<Record<Locale, MailCatalogue>>,
): MailDocument {
  const locale = input.recipient.locale ?? DEFAULT_LOCALE;
  const intl = intlFor(locale, catalogues);
  const t = (descriptor: (typeof m)[keyof typeof m], values: Record<string, string | number> = {}) =>
    intl.formatMessage(descriptor, values);
  const { ticket, quote } = input;
  const values = { number: ticket.number, subject: ticket.subject };
  const link = input.toStaff ? `${setup.appUrl}/desk/tickets/${ticket.id}` : `${setup.appUrl}/requests/${ticket.id}`;
  const preferencesLink = `${setup.appUrl}/account#notifications`;
  const isBounce = input.kind.startsWith('bounce-');

  const lead: string[] = [];
  switch (input.kind) {
    case 'request-received':
      lead.push(t(m.receivedLead, values), t(m.receivedAdd));
      break;
    case 'public-reply':
      lead.push(t(m.replyLead, { ...values, author: input.actorName ?? '' }));
      break;
    case 'request-solved':
      // The rating links open the request with that answer chosen (CSAT, DESIGN §10).
      lead.push(
        t(m.solvedLead, values),
        t(m.solvedReopen),
        t(m.solvedRate, { good: `${link}?rate=good`, bad: `${link}?rate=bad` }),
      );
      break;
    case 'ticket-assigned':
      lead.push(t(m.assignedLead, { ...values, actor: input.actorName ?? '' }));
      break;
    case 'customer-reply':
      lead.push(t(m.customerReplyLead, { ...values, requester: input.actorName ?? '' }));
      break;
    case 'new-unassigned':
      lead.push(t(m.newUnassignedLead, { ...values, requester: input.actorName ?? '' }));
      break;
    case 'rule-email':
      lead.push(input.template?.body ?? '');
      break;
    case 'bounce-unknown-sender':
      lead.push(t(m.bounceUnknownSender));
      break;
    case 'bounce-closed':
      lead.push(t(m.bounceClosed, values));
      break;
    case 'bounce-expired':
      lead.push(t(m.bounceExpired, values));
      break;
    case 'followed-message':
      lead.push(
        t(quote?.internal ? m.followedNoteLead : m.followedMessageLead, { ...values, author: input.actorName ?? '' }),
      );
      break;
    case 'followed-update': {
      lead.push(t(m.followedUpdateLead, { ...values, actor: input.actorName ?? '' }));
      const { change } = input;
      if (change?.status !== undefined) lead.push(t(m.followedStatus, { status: change.status }));
      if (change?.assigneeName === null) lead.push(t(m.followedUnassigned));
      else if (change?.assigneeName !== undefined) lead.push(t(m.followedAssignee, { name: change.assigneeName }));
      break;
    }
  }
  const after: string[] = [];
  if (input.kind === 'public-reply') after.push(t(m.replyHow));
  if (input.toStaff && !isBounce && input.kind !== 'request-received') after.push(t(m.staffHow));
  if (input.kind === 'rule-email') after.push(t(m.ruleNote, { desk: setup.deskName }));
  if (input.kind === 'followed-message' || input.kind === 'followed-update') after.push(t(m.followedWhy));
  const linkLabel = input.toStaff ? t(m.openTicket) : t(m.openRequest);
  const footer = t(m.footer, { desk: setup.deskName, link: preferencesLink });
  const greeting = t(m.greeting, { name: input.recipient.displayName });
  const subject = isBounce
    ? t(m.bounceSubject, { subject: input.bouncedSubject ?? t(m.subject, values) })
    : t(m.subject, input.template ? { ...values, subject: input.template.subject } : values);

  const quoteText = quote
    ? [
        '',
        ...quote.body.split(/\r?\n/).map((line) => `> ${line}`),
        ...(quote.attachments.length > 0
          ? ['', t(m.attachments), ...quote.attachments.map((file) => `- ${file.name}: ${file.url}`)]
          : []),
        '',
      ]
    : [];
  const text = [greeting, '', ...lead, ...quoteText, ...after, '', `${linkLabel}: ${link}`, '', '-- ', footer].join(
    '\n',
  );

  const dir = directionOf(locale);
  const quoteHtml = quote
    ? `<blockquote style="margin:0 0 12px;padding:0 12px;border-inline-start:3px solid #d9d9d9">${paragraphHtml(quote.body)}</blockquote>` +
      (quote.attachments.length > 0
        ? `${paragraphHtml(t(m.attachments), dir)}<ul>${quote.attachments
            .map((file) => `<li><a href="${escapeHtml(file.url)}">${escapeHtml(file.name)}</a></li>`)
            .join('')}</ul>`
        : '')
    : '';
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
    paragraphHtml(greeting, dir) +
    lead.map((line) => paragraphHtml(line, dir)).join('') +
    quoteHtml +
    after.map((line) => paragraphHtml(line, dir)).join('') +
    linkHtml(linkLabel, link) +
    `<hr><p dir="${dir}" style="color:#595959;font-size:12px">${escapeHtml(
      t(m.footer, { desk: setup.deskName, link: '\u0000' }),
    ).replace(
      '\u0000',
      `<a href="${escapeHtml(preferencesLink)}">${escapeHtml(preferencesLink)}</a>`,
    )}</p></body></html>`;

  const thread = ticketThreadId(ticket.id, setup.messageIdHost);
  const first = input.kind === 'request-received';
  const headers: Record<string, string> = { 'List-Unsubscribe': `<${preferencesLink}>` };
  if (isBounce) headers['Auto-Submitted'] = 'auto-replied';
  else headers['Auto-Submitted'] = 'auto-generated';
  // A rule's email asks mail servers not to answer it with an out-of-office (RFC 3834 asks it of
  // `Auto-Submitted`; Exchange reads its own header).
  if (input.kind === 'rule-email') headers['X-Auto-Response-Suppress'] = 'All';
  return {
    to: [input.recipient.email],
    ...(input.replyTo && { replyTo: input.replyTo }),
    headers,
    message: {
      subject,
      text,
      html,
      messageId: first
        ? thread
        : `<ticket-${ticket.id}-${input.uniqueKey.replace(/[^A-Za-z0-9._-]/g, '_')}@${setup.messageIdHost}>`,
      ...(!first && { inReplyTo: thread, references: thread }),
    },
    kind: input.kind,
    ticketId: ticket.id,
    ticketNumber: ticket.number,
    ...(input.recipient.uid && { recipientUid: input.recipient.uid }),
    createdAt: input.createdAt,
  };
}

/**
 * The setup an email is written with: `setup`, signed with the desk's name from its settings
 * when there is one (DESIGN §9: the desk's name is the brand customers see), else with the
 * configured name.
 * @param deskName `settings/desk.deskName` as stored, or undefined when the desk has no settings yet.
 */
export function signedBy<T extends MailSetup>(setup: T, deskName: string | undefined): T {
  const name = deskName?.trim();
  return name ? { ...setup, deskName: name } : setup;
}

/** What an invitation email needs (DESIGN §1 "Invitations"). */
export interface InvitationMailInput {
  invitationId: string;
  email: string;
  role: 'customer' | 'agent' | 'admin';
  /** The admin who invited (or resent). */
  inviterName: string;
  /** The link with its secret (`invitationLink`). */
  link: string;
  /** ISO-8601 UTC: when the link stops working. */
  expiresAt: string;
  /** The inviting admin's language: the invitee has none yet. */
  locale: Locale;
  /** ISO-8601 UTC: when the email is written. */
  createdAt: string;
  /** Which sending of this invitation (1 for the first): each is an email of its own. */
  sends: number;
}

/**
 * Writes an invitation email: who invited the address to which desk and role, the one-time link,
 * and when it expires. It carries no ticket text, so it may go to an address nobody verified yet
 * (following the link is what verifies it).
 */
export function composeInvitationMail(
  input: InvitationMailInput,
  setup: MailSetup,
  catalogues: Partial<Record<Locale, MailCatalogue>>,
): MailDocument {
  const intl = intlFor(input.locale, catalogues);
  const desk = setup.deskName;
  const expires = input.expiresAt.slice(0, 16).replace('T', ' ');
  const lines = [
    intl.formatMessage(m.invitationLead, { inviter: input.inviterName, desk, role: input.role }),
    intl.formatMessage(m.invitationExpiry, { expires }),
  ];
  const linkLabel = intl.formatMessage(m.invitationLink);
  const greeting = intl.formatMessage(m.invitationGreeting);
  const footer = intl.formatMessage(m.invitationFooter, { desk });
  const dir = directionOf(input.locale);
  const text = [greeting, '', ...lines, '', `${linkLabel}: ${input.link}`, '', '-- ', footer].join('\n');
  const html =
    `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
    paragraphHtml(greeting, dir) +
    lines.map((line) => paragraphHtml(line, dir)).join('') +
    linkHtml(linkLabel, input.link) +
    `<hr><p dir="${dir}" style="color:#595959;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  return {
    to: [input.email],
    headers: { 'Auto-Submitted': 'auto-generated' },
    message: {
      subject: intl.formatMessage(m.invitationSubject, { inviter: input.inviterName, desk }),
      text,
      html,
      messageId: `<invitation-${input.invitationId}-${input.sends}@${setup.messageIdHost}>`,
    },
    kind: 'invitation',
    createdAt: input.createdAt,
  };
}

/** The `mail` document id of an invitation's `sends`-th email: a retried write writes nothing twice. */
export function invitationMailId(invitationId: string, sends: number): string {
  return `invitation-${invitationId}-${sends}`;
}
