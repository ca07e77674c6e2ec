/**
 * Email on the Firebase backend (DESIGN §9), the trusted side: which `mail` documents a ticket
 * write or a new message causes (written here, never by a client: the rules refuse them), their
 * delivery over SMTP with nodemailer, and reply by email (Mailgun's inbound webhook). Each step
 * is a plain function of a Firestore (Admin SDK) so that the tests call it as the triggers do.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { getAuth } from 'firebase-admin/auth';
import type { Transporter } from 'nodemailer';
import {
  draftBounce,
  draftsForIntents,
  type MailPeople,
  type MailPerson,
  type MailDraft,
  type MailServerSetup,
  type QuotedMessage,
} from '@/domain/mail/drafts';
import {
  checkInbound,
  decideInbound,
  inboundMessageId,
  isReplayed,
  WEBHOOK_TOKEN_KEEP_MS,
  type MailgunInbound,
} from '@/domain/mail/inbound';
import { signedBy } from '@/domain/mail/compose';
import { hexOf, sha256 } from '@/domain/mail/digests';
import type { MailDocument, MailKind } from '@/domain/mail/mail-document';
import {
  followersHearOf,
  mailStateOf,
  mailsForMessage,
  mailsForTicketWrite,
  type MailIntent,
  type MailTicketState,
} from '@/domain/mail/plan';
import { addMessageThrough, type MessageStore } from '@/domain/plans/add-message';
import type { TicketWrite } from '@/domain/plans/ticket-write';
import { isStaff } from '@/domain/roles';
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { customFieldDefinitionsFrom } from '@/domain/custom-field-schemas';
import type { Message } from '@/domain/types';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import { personOf, text, ticketOf, type StoredPerson } from './snapshot-values';
const ALREADY_EXISTS = 6;

/** Where mail points and what it is signed with (DESIGN §9 configuration; from the environment). */
export interface MailConfig extends MailServerSetup {
  /** Mailgun's webhook signing key; inbound posts are refused without one. */
  mailgunSigningKey: string;
  /**
   * Which of these people verified their email address (Firebase Auth's `emailVerified`): only
   * they get email (DESIGN §9). {@link mailConfigFromEnv} asks Auth with the Admin SDK.
   * @returns the uids verified (an unknown uid is not).
   */
  verifiedUids(uids: readonly string[]): Promise<Set<string>>;
}

/** Auth's answer for up to 100 uids at a time (the Admin SDK's `getUsers` limit). */
async function verifiedInAuth(uids: readonly string[]): Promise<Set<string>> {
  const verified = new Set<string>();
  for (let start = 0; start < uids.length; start += 100) {
    const { users } = await getAuth().getUsers(uids.slice(start, start + 100).map((uid) => ({ uid })));
    for (const user of users) if (user.emailVerified) verified.add(user.uid);
  }
  return verified;
}

/**
 * The mail configuration from the environment (`functions/.env`, or secrets bound to the
 * functions): `APP_URL`, `DESK_NAME`, `REPLY_DOMAIN`, `REPLY_TOKEN_SECRET`, `MAILGUN_SIGNING_KEY`;
 * verified addresses from Firebase Auth (the Admin SDK's default app).
 */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const appUrl = (env.APP_URL ?? 'http://127.0.0.1:5000').replace(/\/+$/, '');
  return {
    appUrl,
    deskName: env.DESK_NAME ?? 'Triage',
    messageIdHost: new URL(appUrl).hostname || 'triage.invalid',
    replyDomain: env.REPLY_DOMAIN ?? '',
    replyTokenSecret: env.REPLY_TOKEN_SECRET ?? '',
    mailgunSigningKey: env.MAILGUN_SIGNING_KEY ?? '',
    verifiedUids: verifiedInAuth,
  };
}

/** The mail setup signed with the desk's name from `settings/desk` (`signedBy`, DESIGN §9). */
async function signedSetup(db: Firestore, config: MailConfig): Promise<MailConfig> {
  const deskName = (await db.doc('settings/desk').get()).get('deskName') as unknown;
  return signedBy(config, typeof deskName === 'string' ? deskName : undefined);
}

/** The plan's view of a stored ticket. */
function stateOf(snapshot: DocumentSnapshot, followerIds: readonly string[] = []): MailTicketState {
  return mailStateOf(ticketOf(snapshot), followerIds);
}

/** The uids of a ticket's followers (`tickets/{id}/followers`, DESIGN §1 "Followers"). */
async function followerIdsOf(db: Firestore, ticketId: string): Promise<string[]> {
  const followers = await db.collection('tickets').doc(ticketId).collection('followers').get();
  return followers.docs.map((row) => row.id);
}

/** Stored people with whether each verified their address. */
async function withVerification(config: MailConfig, people: StoredPerson[]): Promise<MailPerson[]> {
  const verified = people.length === 0 ? new Set<string>() : await config.verifiedUids(people.map((p) => p.uid));
  return people.map((p) => ({ ...p, emailVerified: verified.has(p.uid) }));
}

async function person(db: Firestore, config: MailConfig, uid: string): Promise<MailPerson | null> {
  const stored = uid ? personOf(await db.collection('users').doc(uid).get()) : null;
  return stored ? ((await withVerification(config, [stored]))[0] ?? null) : null;
}

/** The people of `users`, as the drafts read them, with Auth's word on their addresses. */
function peopleOf(db: Firestore, config: MailConfig): MailPeople {
  return {
    person: (uid) => person(db, config, uid),
    async newTicketWatchers() {
      // Only those who switched it on are read, not every staff member.
      const watchers = await db.collection('users').where('notifications.newUnassigned', '==', true).get();
      const staff = watchers.docs.map(personOf).filter((p): p is StoredPerson => p !== null && isStaff(p.role));
      return withVerification(config, staff);
    },
  };
}

async function createOnce(db: Firestore, draft: MailDraft): Promise<boolean> {
  try {
    await db.collection('mail').doc(draft.id).create(draft.mail);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
    throw error;
  }
}

/**
 * Writes the `mail` documents of some intents (see `draftMails`): each recipient who wants it
 * gets one, in their language, with a signed reply address when they are the requester.
 * Idempotent (document ids from the ticket, intent and recipient).
 * @returns how many documents were written.
 */
export async function writeMails(
  db: Firestore,
  config: MailConfig,
  ticket: MailTicketState,
  intents: MailIntent[],
  quote: QuotedMessage | null,
  now: number,
): Promise<number> {
  const drafts = await draftsForIntents(ticket, intents, quote, peopleOf(db, config), {
    setup: await signedSetup(db, config),
    catalogues: MAIL_CATALOGUES,
    now,
  });
  let written = 0;
  for (const draft of drafts) if (await createOnce(db, draft)) written += 1;
  return written;
}

/**
 * The emails of one ticket write (see `mailsForTicketWrite`): run by the `ticketWritten` trigger.
 * @returns how many `mail` documents were written.
 */
export async function mailForTicketWrite(
  db: Firestore,
  config: MailConfig,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot | null,
  now: number,
): Promise<number> {
  if (!after?.exists) return 0;
  const previous = before?.exists ? stateOf(before) : null;
  const current = stateOf(after);
  // The followers are read only for a change they hear of.
  const state = followersHearOf(previous, current)
    ? { ...current, followerIds: await followerIdsOf(db, after.id) }
    : current;
  const actorId = before ? text(after.get('updatedBy')) : state.requesterId;
  const intents = mailsForTicketWrite(previous, state, actorId);
  if (intents.length === 0) return 0;
  return writeMails(db, config, state, intents, null, now);
}

/**
 * The emails of one new message (see `mailsForMessage`; an internal note goes to the followers only): run by
 * the `messageCreated` trigger.
 * @returns how many `mail` documents were written.
 */
export async function mailForNewMessage(
  db: Firestore,
  config: MailConfig,
  ticketId: string,
  message: DocumentSnapshot,
  now: number,
): Promise<number> {
  const internal = message.get('internal') !== false;
  const ticket = await db.collection('tickets').doc(ticketId).get();
  if (!ticket.exists) return 0;
  const state = stateOf(ticket, await followerIdsOf(db, ticketId));
  const intents = mailsForMessage(state, { id: message.id, authorId: text(message.get('authorId')), internal });
  if (intents.length === 0) return 0;
  const attachments = message.get('attachments') as unknown;
  const attachmentNames = Array.isArray(attachments)
    ? attachments.map((file) => text((file as { name?: unknown })?.name)).filter(Boolean)
    : [];
  return writeMails(
    db,
    config,
    state,
    intents,
    {
      authorName: text(message.get('authorName')),
      ...(internal && { internal: true }),
      body: text(message.get('body')),
      attachmentNames,
    },
    now,
  );
}

/**
 * Sends one `mail` document with `transport` and writes its `delivery` as the Trigger Email
 * extension does (PROCESSING with the attempt counted, then SUCCESS with the server's answer or
 * ERROR with the reason). A document already sent or being sent is left alone.
 * @returns the final state, or `null` when it was left alone.
 */
export async function deliverMail(
  db: Firestore,
  mailId: string,
  transport: Pick<Transporter, 'sendMail'>,
  from: string,
  now: () => number = Date.now,
): Promise<'SUCCESS' | 'ERROR' | null> {
  const ref = db.collection('mail').doc(mailId);
  const mail = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const state = snapshot.get('delivery.state') as unknown;
    if (!snapshot.exists || state === 'SUCCESS' || state === 'PROCESSING') return null;
    tx.update(ref, {
      'delivery.state': 'PROCESSING',
      'delivery.attempts': FieldValue.increment(1),
      'delivery.startTime': new Date(now()).toISOString(),
    });
    return snapshot.data() as MailDocument;
  });
  if (!mail) return null;
  try {
    const info = (await transport.sendMail({
      from,
      to: mail.to,
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      headers: mail.headers,
      subject: mail.message.subject,
      text: mail.message.text,
      html: mail.message.html,
      messageId: mail.message.messageId,
      ...(mail.message.inReplyTo && { inReplyTo: mail.message.inReplyTo }),
      ...(mail.message.references && { references: mail.message.references }),
    })) as { messageId?: string; accepted?: unknown[]; rejected?: unknown[]; response?: string };
    await ref.update({
      'delivery.state': 'SUCCESS',
      'delivery.endTime': new Date(now()).toISOString(),
      'delivery.error': FieldValue.delete(),
      'delivery.info': {
        messageId: info.messageId ?? '',
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
        response: info.response ?? '',
      },
    });
    return 'SUCCESS';
  } catch (error) {
    await ref.update({
      'delivery.state': 'ERROR',
      'delivery.endTime': new Date(now()).toISOString(),
      'delivery.error': error instanceof Error ? error.message : String(error),
    });
    return 'ERROR';
  }
}

/** What became of an inbound post, for the HTTP answer and the log. */
export type InboundOutcome =
  | { status: 200; outcome: 'reply'; ticketId: string; messageId: string }
  | { status: 200; outcome: MailKind }
  | { status: 406; outcome: string };

/** A planned ticket write as an Admin SDK update: server timestamps, `null` for cleared fields (DESIGN §3). */
export function updateData(write: TicketWrite): Record<string, unknown> {
  const data: Record<string, unknown> = { ...write.set };
  for (const field of write.clear) data[field] = field === 'solvedAt' ? FieldValue.delete() : null;
  for (const field of write.stamp) data[field] = FieldValue.serverTimestamp();
  return data;
}

/**
 * The Admin SDK's {@link MessageStore} for a reply by email, in `tx`: reads the ticket and the
 * message under `messageId` (its author only); never reads the desk's `assignOnReply` (an email
 * comes from the requester, so it never takes the ticket); writes the message (`via: 'email'`,
 * no files) and the ticket's change signed with its author and naming the message
 * (`lastMessageId`). The audit trail follows from `ticketWritten`, as for every ticket write.
 */
function adminMessageStore(
  tx: Transaction,
  ticketRef: DocumentReference,
  messageId: string,
  authorId: string,
  body: string,
): MessageStore<Pick<Message, 'authorId'>, void> {
  const messageRef = ticketRef.collection('messages').doc(messageId);
  return {
    readTicket: async () => {
      const snapshot = await tx.get(ticketRef);
      return snapshot.exists ? ticketOf(snapshot) : null;
    },
    readMessage: async () => {
      const snapshot = await tx.get(messageRef);
      return snapshot.exists ? { authorId: text(snapshot.get('authorId')) } : null;
    },
    readAssignOnReply: async () => false,
    // An email carries no lifecycle event, so it never solves; read as the app's solve would.
    readFields: async (ticket) => {
      const [fields, agents] = await Promise.all([
        tx.get(ticketRef.firestore.doc('settings/fields')),
        tx.get(ticketRef.collection('agentFields').doc('values')),
      ]);
      return {
        definitions: customFieldDefinitionsFrom(fields.get('fields')),
        values: { visible: ticket.fields ?? {}, agents: customFieldValuesFrom(agents.get('values')) },
      };
    },
    write: async (plan) => {
      tx.create(messageRef, {
        ...plan.author,
        body,
        attachments: [],
        via: 'email',
        createdAt: FieldValue.serverTimestamp(),
      });
      tx.update(ticketRef, { ...updateData(plan.write), updatedBy: authorId, lastMessageId: messageId });
    },
  };
}

/**
 * Records a signed post's token with its email in `inboundTokens/{sha256(token)}` (trusted code
 * only; Firestore's TTL policy on `expireAt` deletes it after {@link WEBHOOK_TOKEN_KEEP_MS}).
 * @returns false when the token was seen with another email ({@link isReplayed}); true for a new
 *   token and for the same email posted again.
 */
async function claimWebhookToken(db: Firestore, token: string, emailKey: string, now: number): Promise<boolean> {
  const ref = db.collection('inboundTokens').doc(hexOf(await sha256(token)));
  return db.runTransaction(async (tx) => {
    const seen = await tx.get(ref);
    const seenWith = seen.exists ? text(seen.get('emailKey')) : undefined;
    if (isReplayed(seenWith, emailKey)) return false;
    if (!seen.exists) {
      tx.create(ref, { emailKey, expireAt: Timestamp.fromMillis(now + WEBHOOK_TOKEN_KEEP_MS) });
    }
    return true;
  });
}

/**
 * Reply by email: turns a Mailgun inbound post into the requester's public reply on the ticket of
 * its reply address, with the portal's lifecycle effects (pending/on hold/solved → open), or a
 * bounce to the sender (unknown sender, closed ticket, expired address), or nothing (a post not
 * signed by Mailgun, a forged or malformed token, an empty reply: status 406, which Mailgun does
 * not retry), or a replay (a signed post's token already used by another email: 406). Idempotent:
 * the reply's id comes from the email's Message-Id.
 */
export async function handleInboundEmail(
  db: Firestore,
  config: MailConfig,
  post: MailgunInbound,
  now: number,
): Promise<InboundOutcome> {
  const check = await checkInbound(
    post,
    { signingKey: config.mailgunSigningKey, replyTokenSecret: config.replyTokenSecret },
    now,
  );
  if (!check.ok) return { status: 406, outcome: check.drop };
  if (!(await claimWebhookToken(db, String(post.token), check.emailKey, now))) {
    return { status: 406, outcome: 'replayed' };
  }
  const found = await db.collection('tickets').where('number', '==', check.ticketNumber).limit(1).get();
  const ticketSnapshot = found.docs[0] ?? null;
  const ticket = ticketSnapshot ? ticketOf(ticketSnapshot) : null;
  const requester = ticket ? await person(db, config, ticket.requesterId) : null;
  const decision = decideInbound(check, ticket, requester);
  if (decision.kind === 'drop') return { status: 406, outcome: decision.drop };
  if (decision.kind === 'bounce') {
    if (!ticket) return { status: 406, outcome: 'unknown-ticket' };
    const draft = draftBounce(decision, check, ticket, requester, await inboundMessageId(check.emailKey), {
      setup: await signedSetup(db, config),
      catalogues: MAIL_CATALOGUES,
      now,
    });
    await createOnce(db, draft);
    return { status: 200, outcome: decision.mail };
  }
  const messageId = await inboundMessageId(check.emailKey);
  const ticketRef = db.collection('tickets').doc(decision.ticketId);
  await db.runTransaction(async (tx) => {
    const profile = personOf(await tx.get(db.collection('users').doc(decision.requesterId)));
    if (!profile) return;
    await addMessageThrough(adminMessageStore(tx, ticketRef, messageId, profile.uid, decision.body), {
      actor: { uid: profile.uid, role: profile.role, displayName: profile.displayName },
      internal: false,
      attachmentCount: 0,
      event: undefined,
      expectedUpdatedAt: undefined,
    });
  });
  return { status: 200, outcome: 'reply', ticketId: decision.ticketId, messageId };
}
