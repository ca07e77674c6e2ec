/**
 * Which emails a change causes (DESIGN §9), as intents the trusted code of each backend turns
 * into `mail` documents: it reads the recipients' profiles, drops those whose switches say no
 * ({@link wantsMail}), and writes each with `composeMail`. Internal notes never cause an email to
 * a requester; nobody is emailed about their own action.
 */
import type { MailKind } from '@/domain/mail/mail-document';
import { isStaff, type Role } from '@/domain/roles';
import type { Message, NotificationPreferences, Ticket } from '@/domain/types';

/**
 * The fields of a ticket the plan reads, and the staff who follow it (DESIGN §1 "Followers":
 * `tickets/{id}/followers`, read by trusted code beside the ticket; none when not given).
 */
export type MailTicketState = Pick<
  Ticket,
  'id' | 'number' | 'subject' | 'status' | 'requesterId' | 'requesterName' | 'assigneeId' | 'assigneeName'
> & { solvedAt?: string; updatedAt: string; followerIds?: readonly string[] };

/**
 * The plan's view of a ticket.
 * @param followerIds the uids of the staff who follow it (DESIGN §1 "Followers").
 */
export function mailStateOf(ticket: Ticket, followerIds: readonly string[] = []): MailTicketState {
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    status: ticket.status,
    requesterId: ticket.requesterId,
    requesterName: ticket.requesterName,
    ...(ticket.assigneeId && { assigneeId: ticket.assigneeId }),
    ...(ticket.assigneeName && { assigneeName: ticket.assigneeName }),
    ...(ticket.solvedAt && { solvedAt: ticket.solvedAt }),
    updatedAt: ticket.updatedAt,
    ...(followerIds.length > 0 && { followerIds: [...followerIds] }),
  };
}

/** Who an intent is for: the requester, one person, or every staff member who opted in to new tickets. */
export type MailAudience = { requester: true } | { uid: string } | { newTicketWatchers: true };

/** One email to write. `uniqueKey` makes its `Message-ID` (and its document id) unique per ticket. */
export interface MailIntent {
  kind: MailKind;
  audience: MailAudience;
  uniqueKey: string;
  /** Whose action it reports (never emailed about it). */
  actorId: string;
  /** For `followed-update`: what changed — the new status, the new assignee's name (`null`: unassigned). */
  change?: { status?: Ticket['status']; assigneeName?: string | null };
}

/**
 * Whether a ticket write is one its followers hear of (a status or an assignee that moved), so
 * trusted code reads the followers only then (DESIGN §1 "Followers").
 * @param before the ticket before the write; `null` when the write created it (nobody follows yet).
 */
export function followersHearOf(
  before: Pick<Ticket, 'status' | 'assigneeId'> | null,
  after: Pick<Ticket, 'status' | 'assigneeId'>,
): boolean {
  return (
    before !== null && (before.status !== after.status || (before.assigneeId ?? null) !== (after.assigneeId ?? null))
  );
}

/**
 * The followers' emails of one change (DESIGN §1 "Followers"): one intent per follower who is
 * neither its actor nor already written to by another intent of the same change (an assignee who
 * follows gets "customer replied", not both).
 */
function forFollowers(
  ticket: MailTicketState,
  others: readonly MailIntent[],
  intent: Omit<MailIntent, 'audience'>,
): MailIntent[] {
  const addressed = new Set(others.flatMap(({ audience }) => ('uid' in audience ? [audience.uid] : [])));
  return (ticket.followerIds ?? [])
    .filter((uid) => uid !== intent.actorId && !addressed.has(uid))
    .map((uid) => ({ ...intent, audience: { uid } }));
}

/**
 * The emails a ticket write causes: a new ticket's "received" (and the opt-in "new in
 * Unassigned" when it has no assignee), "solved" when the status becomes solved, and "assigned"
 * to a new assignee who did not assign it to themselves.
 * @param before the ticket before the write; `null` when the write created it.
 * @param actorId who wrote (`updatedBy`; the requester for a new ticket).
 */
export function mailsForTicketWrite(
  before: MailTicketState | null,
  after: MailTicketState,
  actorId: string,
): MailIntent[] {
  if (!before) {
    const intents: MailIntent[] = [
      { kind: 'request-received', audience: { requester: true }, uniqueKey: 'received', actorId },
    ];
    if (!after.assigneeId) {
      intents.push({ kind: 'new-unassigned', audience: { newTicketWatchers: true }, uniqueKey: 'new', actorId });
    }
    return intents;
  }
  const intents: MailIntent[] = [];
  if (after.status === 'solved' && before.status !== 'solved') {
    intents.push({
      kind: 'request-solved',
      audience: { requester: true },
      uniqueKey: `solved-${after.solvedAt ?? after.updatedAt}`,
      actorId,
    });
  }
  if (after.assigneeId && after.assigneeId !== before.assigneeId && after.assigneeId !== actorId) {
    intents.push({
      kind: 'ticket-assigned',
      audience: { uid: after.assigneeId },
      uniqueKey: `assigned-${after.updatedAt}`,
      actorId,
    });
  }
  const statusMoved = after.status !== before.status;
  const reassigned = (after.assigneeId ?? null) !== (before.assigneeId ?? null);
  if (statusMoved || reassigned) {
    const change = {
      ...(statusMoved && { status: after.status }),
      ...(reassigned && { assigneeName: after.assigneeId ? (after.assigneeName ?? '') : null }),
    };
    intents.push(
      ...forFollowers(after, intents, {
        kind: 'followed-update',
        uniqueKey: `update-${after.updatedAt}`,
        actorId,
        change,
      }),
    );
  }
  return intents;
}

/**
 * The emails a new message causes: a public reply by anyone but the requester goes to the
 * requester; the requester's reply goes to the assignee (if any); every message, an internal
 * note too, goes to the ticket's followers (`followed-message`, staff only). The requester never
 * hears of an internal note.
 * @param ticket the ticket as it is after the message, with its followers.
 */
export function mailsForMessage(
  ticket: MailTicketState,
  message: Pick<Message, 'id' | 'authorId' | 'internal'>,
): MailIntent[] {
  const intents: MailIntent[] = [];
  if (message.internal) {
    // Nobody but the followers hears of a note.
  } else if (message.authorId !== ticket.requesterId) {
    intents.push({
      kind: 'public-reply',
      audience: { requester: true },
      uniqueKey: message.id,
      actorId: message.authorId,
    });
  } else if (ticket.assigneeId && ticket.assigneeId !== message.authorId) {
    intents.push({
      kind: 'customer-reply',
      audience: { uid: ticket.assigneeId },
      uniqueKey: message.id,
      actorId: message.authorId,
    });
  }
  return [
    ...intents,
    ...forFollowers(ticket, intents, { kind: 'followed-message', uniqueKey: message.id, actorId: message.authorId }),
  ];
}

/** The switch of DESIGN §9 that decides an email kind; bounces answer a person's own email and always go. */
export function switchFor(kind: MailKind): keyof NotificationPreferences | null {
  switch (kind) {
    case 'request-received':
    case 'public-reply':
    case 'request-solved':
      return 'requestUpdates';
    case 'ticket-assigned':
      return 'ticketAssigned';
    case 'customer-reply':
      return 'customerReplies';
    case 'new-unassigned':
      return 'newUnassigned';
    default:
      return null;
  }
}

/**
 * Whether a person gets an email of this kind: their switch is on, it is not about their own
 * action, and staff-only kinds go to staff only.
 */
export function wantsMail(
  intent: Pick<MailIntent, 'kind' | 'actorId'>,
  person: { uid: string; role: Role; notifications: NotificationPreferences },
): boolean {
  // A requester's own request is the one action they are told about ("we received it").
  if (person.uid === intent.actorId && intent.kind !== 'request-received') return false;
  // Following is itself the choice: no switch, but staff only (a follower demoted since is not written to).
  const staffOnly =
    intent.kind === 'ticket-assigned' ||
    intent.kind === 'customer-reply' ||
    intent.kind === 'new-unassigned' ||
    intent.kind === 'followed-message' ||
    intent.kind === 'followed-update';
  if (staffOnly && !isStaff(person.role)) return false;
  const key = switchFor(intent.kind);
  return key === null || person.notifications[key];
}

/** The id of an intent's `mail` document: one per ticket and key, so a retried trigger writes it once. */
export function mailDocumentId(ticketId: string, intent: Pick<MailIntent, 'kind' | 'uniqueKey'>, uid = ''): string {
  return `${ticketId}-${intent.kind}-${intent.uniqueKey}${uid ? `-${uid}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '_');
}
