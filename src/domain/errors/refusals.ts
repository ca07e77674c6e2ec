/**
 * Every refusal the backends raise, each built here once with its one sentence (DESIGN §5),
 * so that what a person reads does not depend on the backend. Adapters throw these; they
 * never write a refusal sentence of their own. Platform failures (an unreachable database,
 * a failed disk) are the adapters' own, mapped at their edge.
 */
import { AppError } from '@/domain/errors/errors';
import { sentenceFor } from '@/domain/errors/sentences';
import { can, type Permission, type Principal } from '@/domain/policy';
import type { Ticket } from '@/domain/types';

const CHANGE_TICKET = 'Only agents and admins can change a ticket.';

/** The sentence for each permission refused by {@link can} (DESIGN §1). */
const FORBIDDEN: Record<Permission, string> = {
  'ticket.create': 'You cannot submit requests.',
  'ticket.read': 'You can only see your own requests.',
  'ticket.reply': 'You can only reply to your own requests.',
  'ticket.attach': 'You cannot attach files to this ticket.',
  'ticket.fillFields': 'You can only fill the fields of your own requests.',
  'ticket.readInternal': 'Only agents and admins can read internal notes.',
  'ticket.writeInternal': 'Only agents and admins can write internal notes.',
  'ticket.assign': CHANGE_TICKET,
  'ticket.setPriority': CHANGE_TICKET,
  'ticket.setTags': CHANGE_TICKET,
  'ticket.setCategory': CHANGE_TICKET,
  'ticket.beAssigned': 'Tickets can only be assigned to agents and admins.',
  'ticket.readHistory': 'Only agents and admins can see a ticket’s history.',
  'ticket.readRuleTrace': 'Only admins can see a ticket’s rule trace.',
  'ticket.follow': 'Only agents and admins can follow a ticket.',
  'tickets.listAnyone': 'You can only list your own requests.',
  'tickets.orderByUpdatedAt': 'Requests can be ordered by last reply or by creation only.',
  'macros.use': 'Only agents and admins can use macros.',
  'macros.manageShared': 'Only admins can change shared macros.',
  'presence.use': 'Only agents and admins see who is on a ticket.',
  'users.list': 'Only agents and admins can list people.',
  'users.readAnyone': 'You can only see your own profile.',
  'users.readOwn': 'Sign in to see your profile.',
  'reports.read': 'Only agents and admins can see reports.',
  'users.setRole': 'Only admins can change roles.',
  'users.deactivate': 'Only admins can deactivate or reactivate people.',
  'users.invite': 'Only admins can invite people.',
  'organisations.read': 'Only agents and admins can see organisations.',
  'organisations.manage': 'Only admins can change organisations and who belongs to them.',
  'settings.manage': 'Only admins can change the desk settings.',
  'mail.read': 'Only admins can see the outgoing mail.',
  'mail.simulateInbound': 'Only admins can simulate a reply by email.',
};

/** The sentence of a move on a closed ticket (the lifecycle's `closed` refusal, DESIGN §2). */
export const CLOSED_TICKET_SENTENCE = 'This ticket is closed and can no longer change.';

/** The catalogue: one function per refusal, each returning the {@link AppError} to throw. */
export const refusals = {
  /** `permission-denied`: the policy refuses `what` (DESIGN §1). */
  forbidden: (what: Permission): AppError => new AppError('permission-denied', FORBIDDEN[what]),
  /** `permission-denied`: an admin changing their own role could leave the desk without one. */
  ownRole: (): AppError => new AppError('permission-denied', 'You cannot change your own role.'),
  /**
   * `permission-denied`: every call of a deactivated person, their session still open (DESIGN §1
   * "Deactivated people"); signing in answers `auth/user-disabled` with the same sentence.
   */
  accountDeactivated: (): AppError => new AppError('permission-denied', sentenceFor('auth/user-disabled')),
  /** `auth/user-disabled`: a deactivated person signing in. */
  signInDeactivated: (): AppError => new AppError('auth/user-disabled', sentenceFor('auth/user-disabled')),
  /** `permission-denied`: an admin deactivating themselves (DESIGN §1 "Deactivated people"). */
  deactivateSelf: (): AppError => new AppError('permission-denied', 'You cannot deactivate yourself.'),
  /** `failed-precondition`: deactivating the desk's last active admin would leave nobody to run it. */
  lastAdmin: (): AppError =>
    new AppError('failed-precondition', 'The desk needs at least one active admin: make someone else admin first.'),
  /** `permission-denied`: a file of someone else's. */
  notYourFile: (): AppError => new AppError('permission-denied', 'You cannot open this file.'),
  /** `permission-denied`: a message names a file another person uploaded. */
  uploadedBySomeoneElse: (name: string): AppError =>
    new AppError('permission-denied', `“${name}” was uploaded by someone else.`),
  /** `permission-denied`: an upload to a path another person already holds. */
  pathTaken: (): AppError => new AppError('permission-denied', 'Someone else already uploaded this file.'),

  /** `aborted`: a guarded write saw an `updatedAt` that is no longer the ticket's (the port's `WriteOptions`). */
  staleTicket: (): AppError =>
    new AppError(
      'aborted',
      'Someone else changed this ticket meanwhile. Nothing was saved: look at the latest version and try again.',
    ),

  /** `failed-precondition`: a change to a closed ticket (DESIGN §2). */
  ticketClosed: (): AppError => new AppError('failed-precondition', CLOSED_TICKET_SENTENCE),
  /** `failed-precondition`: a reply or file on a closed ticket, with what to do instead (DESIGN §2). */
  closedForReplies: (): AppError =>
    new AppError('failed-precondition', 'This ticket is closed. Start a follow-up request instead.'),
  /** `failed-precondition`: a follow-up of a ticket that is not closed (DESIGN §2). */
  followUpOfOpenTicket: (): AppError =>
    new AppError('failed-precondition', 'Only a closed request can be followed up; reply on it instead.'),
  /** `failed-precondition`: the signed-in account has no profile document. */
  missingProfile: (): AppError =>
    new AppError('failed-precondition', 'Your profile is missing. Sign out, sign in again and retry.'),

  /** `not-found`: no such ticket. */
  ticketNotFound: (): AppError => new AppError('not-found', 'This ticket does not exist, or it has been deleted.'),
  /** `permission-denied`: a rating by anyone but the request's requester (DESIGN §10). */
  ratingNotYours: (): AppError => new AppError('permission-denied', 'Only the requester can rate a request.'),
  /** `failed-precondition`: a rating of a request that is not solved or closed. */
  ratingNotSolved: (): AppError => new AppError('failed-precondition', 'A request can be rated once it is solved.'),
  /** `already-exists`: a second rating of one request. */
  alreadyRated: (): AppError => new AppError('already-exists', 'This request has been rated already.'),
  /** `not-found`: no such person. */
  userNotFound: (): AppError => new AppError('not-found', 'There is no such person.'),
  /** `not-found`: no such file. */
  fileNotFound: (): AppError => new AppError('not-found', 'There is no such file.'),

  /** `not-found`: a message was stored but cannot be read back. */
  sentButUnreadable: (): AppError =>
    new AppError('not-found', 'The message was sent but cannot be read back. Reload the ticket.'),

  /** `already-exists`: a client-chosen id that another person's ticket or message holds (DESIGN §3). */
  idInUse: (kind: 'ticket' | 'message'): AppError =>
    new AppError(
      'already-exists',
      kind === 'ticket' ? 'Another request already has this id.' : 'Another message already has this id.',
    ),

  /** `invalid-argument`: a queue page cursor that cannot be one (the port's `TicketQuery.after`). */
  badCursor: (): AppError =>
    new AppError('invalid-argument', 'This page cursor is not valid: start from the first page.'),
  /** `invalid-argument`: a presence announcement's lifetime outside 1…`maxMs` ms. */
  badPresenceTtl: (maxMs: number): AppError => new AppError('invalid-argument', `A presence lasts 1 to ${maxMs} ms.`),
  /** `invalid-argument`: a bulk change naming no ticket. */
  bulkEmpty: (): AppError => new AppError('invalid-argument', 'Select at least one ticket.'),
  /** `invalid-argument`: a bulk change over its size limit. */
  bulkTooMany: (max: number): AppError =>
    new AppError('invalid-argument', `At most ${max} tickets can be changed at once.`),
  /** `invalid-argument`: a bulk change with an empty ticket id. */
  bulkMissingId: (): AppError => new AppError('invalid-argument', 'A ticket id is missing.'),
  /** `invalid-argument`: a bulk change naming a ticket twice. */
  bulkDuplicate: (): AppError => new AppError('invalid-argument', 'A ticket is listed twice.'),
  /** `invalid-argument`: a bulk change of a kind the port does not have. */
  bulkUnknown: (): AppError => new AppError('invalid-argument', 'This bulk change is not one the desk knows.'),
  /** `invalid-argument`: a tag added to a ticket that has the most tags allowed (DESIGN §3). */
  tooManyTags: (max: number): AppError =>
    new AppError('invalid-argument', `It already has ${max} tags, the most a ticket can have.`),

  /**
   * `resource-exhausted`: the person's upload window is full (DESIGN §4 "Uploads are bounded");
   * `hours` until it opens again, at least 1.
   */
  uploadQuotaFull: (max: number, hours: number): AppError =>
    new AppError(
      'resource-exhausted',
      `You have uploaded ${max} files within a day, the most one person may. Try again in ${hours} h.`,
    ),

  /** `invalid-argument` with a validation sentence (a schema's first issue, DESIGN §3 limits). */
  badInput: (sentence: string): AppError => new AppError('invalid-argument', sentence),
  /** `invalid-argument`: an assignee who is not an agent or admin (`ticket.beAssigned`, DESIGN §1). */
  badAssignee: (): AppError => new AppError('invalid-argument', FORBIDDEN['ticket.beAssigned']),
  /** `not-found`: a macro that was deleted, or someone else's personal one (DESIGN §3 "Macros"). */
  macroNotFound: (): AppError => new AppError('not-found', 'This macro no longer exists.'),
  /** `permission-denied`: a personal macro changed by someone other than its owner. */
  macroNotYours: (): AppError => new AppError('permission-denied', 'Only its owner can change a personal macro.'),
  /** `invalid-argument`: a macro would leave the ticket with more tags than a ticket holds. */
  macroTooManyTags: (max: number): AppError =>
    new AppError('invalid-argument', `This macro would leave the ticket with more than ${max} tags.`),
  /** `resource-exhausted`: one macro more than a desk (shared) or an agent (personal) keeps. */
  tooManyMacros: (max: number): AppError =>
    new AppError('resource-exhausted', `At most ${max} macros: delete one before adding another.`),
  /** `resource-exhausted`: a desk's triggers are at their limit (DESIGN §10 "Triggers"). */
  tooManyTriggers: (max: number): AppError =>
    new AppError('resource-exhausted', `At most ${max} triggers: delete one before adding another.`),
  /** `resource-exhausted`: a new recurring ticket over `MAX_RECURRING_TICKETS` (DESIGN §10 "Recurring tickets"). */
  tooManyRecurringTickets: (max: number): AppError =>
    new AppError('resource-exhausted', `At most ${max} recurring tickets: delete one before adding another.`),
  /**
   * `failed-precondition`: the desk's automatic-close rule is deleted (DESIGN §10 "The automatic
   * close": trusted code would only write it again).
   */
  autoCloseRuleKept: (): AppError =>
    new AppError('failed-precondition', 'The automatic close can be switched off or changed, not deleted.'),
  /** `invalid-argument`: a ticket or message id that is not 1–128 safe characters. */
  badClientId: (): AppError =>
    new AppError('invalid-argument', 'A ticket or message id is 1–128 letters, digits, hyphens or underscores.'),
  /** `invalid-argument`: a new request names files but not the ticket and message ids they were uploaded under. */
  attachmentsNeedIds: (): AppError =>
    new AppError(
      'invalid-argument',
      'Attachments of a new request need the ticket and message ids they were uploaded with.',
    ),
  /** `invalid-argument`: a message names a file that was never uploaded to it. */
  notUploaded: (name: string): AppError =>
    new AppError('invalid-argument', `Upload “${name}” to this message before sending it.`),

  /**
   * `auth/invalid-credential`: no such account, or the wrong password — one sentence for both,
   * so that the form cannot be used to find out who has an account.
   */
  invalidCredential: (): AppError => new AppError('auth/invalid-credential', sentenceFor('auth/invalid-credential')),
  /** `auth/wrong-current-password`: the "current password" of a password change or account deletion is wrong. */
  wrongCurrentPassword: (): AppError =>
    new AppError('auth/wrong-current-password', sentenceFor('auth/wrong-current-password')),
  /** `auth/email-already-in-use`: signing up with an email that has an account. */
  emailInUse: (): AppError => new AppError('auth/email-already-in-use', sentenceFor('auth/email-already-in-use')),
  /** `unauthenticated`: nobody is signed in. */
  signedOut: (): AppError => new AppError('unauthenticated', sentenceFor('unauthenticated')),
  /** `unavailable`: a write while the browser is offline (the app's outbox keeps it). */
  offline: (): AppError => new AppError('unavailable', 'You are offline. It will be sent when you are back online.'),
  /** `cancelled`: the person stopped an upload. */
  uploadCancelled: (): AppError => new AppError('cancelled', 'The upload was cancelled.'),
} as const;

/**
 * Checks a permission (DESIGN §1) the one way both adapters do.
 * @throws AppError `permission-denied` with the permission's sentence when {@link can} refuses.
 */
export function assertCan(who: Principal, what: Permission, ticket?: Pick<Ticket, 'requesterId' | 'status'>): void {
  if (!can(who, what, ticket)) throw refusals.forbidden(what);
}

/**
 * The ticket, if `who` may read it (DESIGN §1: staff read all, customers their own).
 * @param ticket as read, `null`/`undefined` when it does not exist.
 * @throws AppError `not-found` when it does not exist, `permission-denied` when it is not theirs.
 */
export function readableTicket<T extends Pick<Ticket, 'requesterId' | 'status'>>(
  who: Principal,
  ticket: T | null | undefined,
): T {
  if (!ticket) throw refusals.ticketNotFound();
  assertCan(who, 'ticket.read', ticket);
  return ticket;
}
