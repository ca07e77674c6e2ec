/**
 * The local backend's mail "server" (DESIGN §9): what the Cloud Functions do on Firebase, run by
 * the local adapter after its own writes — the `mail` documents of a ticket write or a new
 * message, and reply by email through the same parsing code (`checkInbound`, `decideInbound`),
 * fed by the admins' "Simulate a reply". Nothing is sent: the documents are what would be.
 * Loaded on first use (its composer, parser and catalogues stay out of the first paint).
 */
import { runLocalTriggers } from '@/backend/local/tickets/trigger-runs';
import { ticketWriteTables } from '@/backend/local/core/db';
import type { InboundOutcome, SimulatedInboundEmail } from '@/backend/port/mail';
import type { LocalContext } from '@/backend/local/core/context';
import { newId } from '@/backend/local/core/ids';
import { localMessageStore } from '@/backend/local/messages/message-store';
import { draftBounce, draftsForIntents, type MailPeople, type QuotedMessage } from '@/domain/mail/drafts';
import { checkInbound, decideInbound, inboundMessageId, signMailgunPost } from '@/domain/mail/inbound';
import {
  followersHearOf,
  mailStateOf,
  mailsForMessage,
  mailsForTicketWrite,
  type MailIntent,
  type MailTicketState,
} from '@/domain/mail/plan';
import { REPLY_TOKEN_LIFETIME_MS, replyAddress, signReplyToken } from '@/domain/mail/reply-token';
import { addMessageThrough } from '@/domain/plans/add-message';
import { isStaff } from '@/domain/roles';
import type { Message, Ticket } from '@/domain/types';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import { mailPersonOf } from '@/backend/local/mail/mail-people';
import { secret, setupOf, store } from '@/backend/local/mail/mail-store';
import { followerIdsOf } from '@/backend/local/tickets/followers';

/** The local profiles, as the drafts read them. */
function peopleOf(ctx: Pick<LocalContext, 'db' | 'now'>): MailPeople {
  return {
    async person(uid) {
      const user = await ctx.db.users.get(uid);
      return user ? mailPersonOf(ctx.db, user) : null;
    },
    async newTicketWatchers() {
      const watchers = await ctx.db.users
        .filter((user) => isStaff(user.role) && user.notifications?.newUnassigned === true)
        .toArray();
      return Promise.all(watchers.map((user) => mailPersonOf(ctx.db, user)));
    },
  };
}

async function writeMails(
  ctx: Pick<LocalContext, 'db' | 'now'>,
  ticket: MailTicketState,
  intents: MailIntent[],
  quote: QuotedMessage | null,
): Promise<number> {
  const drafts = await draftsForIntents(ticket, intents, quote, peopleOf(ctx), {
    setup: await setupOf(ctx),
    catalogues: MAIL_CATALOGUES,
    now: ctx.now(),
  });
  return store(ctx, drafts);
}

/**
 * The emails of a ticket write (`mailsForTicketWrite`), as the Firebase trigger writes them.
 * @param before the ticket before; `null` when the write created it.
 * @returns how many `mail` documents were written.
 */
export async function mailForTicketWrite(
  ctx: Pick<LocalContext, 'db' | 'now'>,
  before: Ticket | null,
  after: Ticket,
  actorId: string,
): Promise<number> {
  const state = mailStateOf(after, followersHearOf(before, after) ? await followerIdsOf(ctx.db, after.id) : []);
  const intents = mailsForTicketWrite(before ? mailStateOf(before) : null, state, actorId);
  return intents.length === 0 ? 0 : writeMails(ctx, state, intents, null);
}

/**
 * The emails of a new message (`mailsForMessage`; an internal note goes to the followers only).
 * @returns how many `mail` documents were written.
 */
export async function mailForNewMessage(ctx: Pick<LocalContext, 'db' | 'now'>, message: Message): Promise<number> {
  const ticket = await ctx.db.tickets.get(message.ticketId);
  if (!ticket) return 0;
  const state = mailStateOf(ticket, await followerIdsOf(ctx.db, ticket.id));
  const intents = mailsForMessage(state, message);
  if (intents.length === 0) return 0;
  return writeMails(ctx, state, intents, {
    authorName: message.authorName,
    ...(message.internal && { internal: true }),
    body: message.body,
    attachmentNames: message.attachments.map((file) => file.name),
  });
}

/**
 * Reply by email, locally: the email is posted to the same code as the Firebase webhook's —
 * signed with the local webhook key as the provider would, to the ticket's signed reply address
 * — and becomes the requester's public reply (then its own emails), or a bounce, or nothing.
 * The caller has checked that an admin asks and that the input is well formed.
 */
export async function receiveEmail(
  ctx: Pick<LocalContext, 'db' | 'now'>,
  email: SimulatedInboundEmail,
): Promise<InboundOutcome> {
  const { db } = ctx;
  const now = ctx.now();
  const setup = await setupOf(ctx);
  const signingKey = await secret(ctx, 'webhookSigningKey');
  const timestamp = String(Math.floor(now / 1000));
  const token = `${newId()}${newId()}`;
  // As a mail client writes it: "Re: " and the subject of the email answered.
  const answered = await db.tickets.where('number').equals(email.ticketNumber).first();
  const post = {
    recipient: replyAddress(
      await signReplyToken(email.ticketNumber, now + REPLY_TOKEN_LIFETIME_MS, setup.replyTokenSecret),
      setup.replyDomain,
    ),
    sender: email.from,
    subject: `Re: [#${email.ticketNumber}]${answered ? ` ${answered.subject}` : ''}`,
    'body-plain': email.text,
    'Message-Id': `<${token}@simulated.${setup.messageIdHost}>`,
    // As an out-of-office marks itself (RFC 3834), when the admin says it is one.
    ...(email.automatic && { 'message-headers': JSON.stringify([['Auto-Submitted', 'auto-replied']]) }),
    timestamp,
    token,
    signature: await signMailgunPost(signingKey, timestamp, token),
  };
  const check = await checkInbound(post, { signingKey, replyTokenSecret: setup.replyTokenSecret }, now);
  if (!check.ok) return { outcome: check.drop };
  const ticket = (await db.tickets.where('number').equals(check.ticketNumber).first()) ?? null;
  const requester = ticket ? await peopleOf(ctx).person(ticket.requesterId) : null;
  const decision = decideInbound(check, ticket, requester);
  if (decision.kind === 'drop') return { outcome: decision.drop };
  const messageId = await inboundMessageId(check.emailKey);
  if (decision.kind === 'bounce') {
    if (!ticket) return { outcome: 'unknown-ticket' };
    await store(ctx, [
      draftBounce(decision, check, ticket, requester, messageId, { setup, catalogues: MAIL_CATALOGUES, now }),
    ]);
    return { outcome: decision.mail };
  }
  if (!requester) return { outcome: 'unknown-ticket' };
  const written = await db.transaction('rw', [db.messages, db.events, ...ticketWriteTables(db)], async () => {
    const store = localMessageStore(db, {
      ticketId: decision.ticketId,
      messageId,
      body: decision.body,
      attachments: async () => [],
      assignOnReply: 'never',
      now: () => now,
    });
    const outcome = await addMessageThrough(store, {
      actor: requester,
      internal: false,
      attachmentCount: 0,
      event: undefined,
      expectedUpdatedAt: undefined,
    });
    // A post already taken (the same Message-Id) writes nothing and causes no mail.
    return outcome.kind === 'added' ? outcome.written : null;
  });
  if (written) {
    // A reply by email starts the desk's triggers as one through the portal does (DESIGN §10 "Triggers").
    const triggered = await runLocalTriggers(ctx, decision.ticketId, written.before, 'customer').catch(
      (error: unknown) => {
        console.warn('Triage local triggers: a run failed', error);
        return null;
      },
    );
    await mailForNewMessage(ctx, written.message);
    await mailForTicketWrite(ctx, written.before, triggered ?? written.after, requester.uid);
  }
  return { outcome: 'reply', ticketId: decision.ticketId };
}
