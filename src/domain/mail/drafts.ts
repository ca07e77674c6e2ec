/**
 * The `mail` documents of one change, ready to store (DESIGN §9): for each intent and each of its
 * recipients, whether they want it, the signed reply address when they are the requester, the
 * email in their language, and its document id. Shared by the trusted code of both backends,
 * which read the people and store the drafts.
 */
import { composeMail, type MailCatalogue, type MailSetup } from '@/domain/mail/compose';
import type { InboundDecision, InboundCheck } from '@/domain/mail/inbound';
import type { MailDocument } from '@/domain/mail/mail-document';
import { mailDocumentId, wantsMail, type MailIntent, type MailTicketState } from '@/domain/mail/plan';
import { notificationsOf } from '@/domain/mail/preferences';
import { REPLY_TOKEN_LIFETIME_MS, replyAddress, signReplyToken } from '@/domain/mail/reply-token';
import type { Locale } from '@/domain/locales';
import { isStaff, type Role } from '@/domain/roles';

/** A person as the drafts read them (a stored profile; `notifications` as stored, read leniently). */
export interface MailPerson {
  uid: string;
  email: string;
  displayName: string;
  role: Role;
  locale?: Locale;
  notifications?: unknown;
  /**
   * Whether they verified the address (Firebase Auth's `emailVerified`; locally the credential's):
   * an unverified address gets no email from the desk (DESIGN §9).
   */
  emailVerified: boolean;
  /** Set when an admin deactivated them: a leaver gets no email from the desk (DESIGN §1 "Deactivated people"). */
  deactivated?: boolean;
}

/** Where mail points, and the reply addresses' domain and secret (none: no reply address). */
export interface MailServerSetup extends MailSetup {
  replyDomain: string;
  replyTokenSecret: string;
}

/** A message an email quotes: its author's name, its text, its files' names, whether it is a note. */
export interface QuotedMessage {
  authorName: string;
  internal?: boolean;
  body: string;
  attachmentNames: string[];
}

/** One email to store under `id`. */
export interface MailDraft {
  id: string;
  mail: MailDocument;
}

/**
 * The signed reply address of a ticket's emails to its requester (`reply-token.ts`), or
 * `undefined` when the desk takes no replies by email (no reply domain or secret).
 * @param now ms since the epoch: the address's start of life.
 */
export async function requesterReplyTo(
  ticketNumber: number,
  setup: MailServerSetup,
  now: number,
): Promise<string | undefined> {
  if (!setup.replyDomain || !setup.replyTokenSecret) return undefined;
  return replyAddress(
    await signReplyToken(ticketNumber, now + REPLY_TOKEN_LIFETIME_MS, setup.replyTokenSecret),
    setup.replyDomain,
  );
}

/**
 * The drafts of one intent for its recipients (already read by the caller: the requester, one
 * person, or the staff who opted in to new tickets).
 * @param actorName the name of whoever acted (the requester's for `new-unassigned`).
 * @param now ms since the epoch: the emails' time and the reply addresses' start of life.
 */
export async function draftMails(
  intent: MailIntent,
  recipients: readonly MailPerson[],
  context: {
    ticket: MailTicketState;
    actorName: string;
    quote: QuotedMessage | null;
    setup: MailServerSetup;
    catalogues: Partial<Record<Locale, MailCatalogue>>;
    now: number;
  },
): Promise<MailDraft[]> {
  const { ticket, setup, quote, now } = context;
  const drafts: MailDraft[] = [];
  for (const recipient of recipients) {
    // Anyone can sign up with someone else's address: the desk writes only to verified ones.
    if (!recipient.email || !recipient.emailVerified) continue;
    // A leaver hears nothing more — not the internal notes of a ticket they still follow.
    if (recipient.deactivated === true) continue;
    if (!wantsMail(intent, { ...recipient, notifications: notificationsOf(recipient.notifications) })) continue;
    const toRequester = recipient.uid === ticket.requesterId;
    const replyTo = toRequester ? await requesterReplyTo(ticket.number, setup, now) : undefined;
    const toStaff = !toRequester && isStaff(recipient.role);
    const link = `${setup.appUrl}/${toStaff ? 'desk/tickets' : 'requests'}/${ticket.id}`;
    const mail = composeMail(
      {
        kind: intent.kind,
        recipient: {
          email: recipient.email,
          displayName: recipient.displayName,
          uid: recipient.uid,
          ...(recipient.locale && { locale: recipient.locale }),
        },
        ticket,
        ...(quote && {
          quote: {
            authorName: quote.authorName,
            ...(quote.internal && { internal: true }),
            body: quote.body,
            // Files open on the ticket's page, after signing in: no public links in an email.
            attachments: quote.attachmentNames.map((name) => ({ name, url: link })),
          },
        }),
        actorName: context.actorName,
        ...(intent.change && { change: intent.change }),
        toStaff,
        ...(replyTo && { replyTo }),
        createdAt: new Date(now).toISOString(),
        uniqueKey: intent.uniqueKey,
      },
      setup,
      context.catalogues,
    );
    drafts.push({ id: mailDocumentId(ticket.id, intent, recipient.uid), mail });
  }
  return drafts;
}

/** How trusted code reads the people an email may go to (each backend its own way). */
export interface MailPeople {
  /** A person by uid; null when they have no profile (any more). */
  person(uid: string): Promise<MailPerson | null>;
  /** The agents and admins whose `newUnassigned` switch is on (only those: not every staff member). */
  newTicketWatchers(): Promise<MailPerson[]>;
}

/**
 * The drafts of all the intents of one change: each intent's recipients read through `people`,
 * its actor's name, then {@link draftMails}.
 */
export async function draftsForIntents(
  ticket: MailTicketState,
  intents: readonly MailIntent[],
  quote: QuotedMessage | null,
  people: MailPeople,
  context: { setup: MailServerSetup; catalogues: Partial<Record<Locale, MailCatalogue>>; now: number },
): Promise<MailDraft[]> {
  const drafts: MailDraft[] = [];
  for (const intent of intents) {
    const actor = intent.actorId ? await people.person(intent.actorId) : null;
    const actorName = intent.kind === 'new-unassigned' ? ticket.requesterName : (actor?.displayName ?? '');
    const { audience } = intent;
    const recipients =
      'newTicketWatchers' in audience
        ? await people.newTicketWatchers()
        : [await people.person('uid' in audience ? audience.uid : ticket.requesterId)].filter(
            (person): person is MailPerson => person !== null,
          );
    drafts.push(...(await draftMails(intent, recipients, { ticket, actorName, quote, ...context })));
  }
  return drafts;
}

/**
 * The bounce of a refused inbound email, to its sender, in the requester's language when the
 * sender is the requester.
 * @param emailId a key unique to the inbound email (its reply's id: `inboundMessageId`).
 */
export function draftBounce(
  decision: Extract<InboundDecision, { kind: 'bounce' }>,
  check: Extract<InboundCheck, { ok: true }>,
  ticket: { id: string; number: number; subject: string },
  requester: MailPerson | null,
  emailId: string,
  context: { setup: MailSetup; catalogues: Partial<Record<Locale, MailCatalogue>>; now: number },
): MailDraft {
  const toRequester = requester !== null && decision.to === requester.email.toLowerCase();
  const mail = composeMail(
    {
      kind: decision.mail,
      recipient: {
        email: decision.to,
        displayName: toRequester ? requester.displayName : decision.to,
        ...(toRequester && requester.locale && { locale: requester.locale }),
      },
      ticket,
      toStaff: false,
      bouncedSubject: check.subject,
      createdAt: new Date(context.now).toISOString(),
      uniqueKey: `${decision.mail}-${emailId}`,
    },
    context.setup,
    context.catalogues,
  );
  return { id: mailDocumentId(ticket.id, { kind: decision.mail, uniqueKey: emailId }), mail };
}
