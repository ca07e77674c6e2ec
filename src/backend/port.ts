/**
 * The `Backend` port (DESIGN §5): everything the app asks of its data, with two adapters —
 * `firebase/` (Cloud Firestore, Firebase Auth, Cloud Storage) and `local/` (IndexedDB).
 * Every value crossing it is plain serializable data; every failure is an {@link AppError}
 * (or a FirebaseError) with a `code`. Every list has a `watch…` that returns an unsubscribe.
 */
import type { ErrorShape } from '@/domain/errors/errors';
import type { LifecycleEvent } from '@/domain/lifecycle';
import type { Role } from '@/domain/roles';
import type { NewMessageInput, NewTicketInput, SignInInput, SignUpInput } from '@/domain/schemas';
import type {
  AuditEvent,
  CannedReply,
  DeskSettings,
  DeskSettingsInput,
  Message,
  NotificationPreferences,
  Priority,
  Ticket,
  TicketStatus,
  UserProfile,
  IsoDateTime,
} from '@/domain/types';
import type { Locale } from '@/domain/locales';
import type { OutgoingMail } from '@/domain/mail/mail-document';
import type { AccountExport } from '@/domain/account';
import type { SettingsChange } from '@/domain/settings-history';
import type { RatingInput, SatisfactionRating } from '@/domain/satisfaction';
import type { ReportInput, ReportRange } from '@/domain/reports/report';

/** Stops a subscription. Safe to call more than once. */
export type Unsubscribe = () => void;

/** Called with each new value of a live subscription. */
export type Listener<T> = (value: T) => void;
/** Called once when a live subscription fails; no more values follow. */
export type ErrorListener = (error: ErrorShape) => void;

/**
 * What the auth session is now:
 * - `signedOut`: nobody is signed in;
 * - `signedIn`: signed in, with the profile from `users/{uid}`;
 * - `profileUnavailable`: Auth accepted the person but their profile (and so their role)
 *   cannot be read, e.g. Firestore is unreachable. `retryProfile()` tries again.
 */
export type AuthChange =
  | { kind: 'signedOut' }
  | { kind: 'signedIn'; user: UserProfile; emailVerified: boolean }
  | { kind: 'profileUnavailable'; uid: string; email: string; error: ErrorShape };

/** What an adapter's auth can do beyond email and password. */
export interface AuthCapabilities {
  /** Google sign-in with a popup (Firebase only). */
  google: boolean;
  /** Password reset and verification actually send email. */
  sendsEmail: boolean;
  /**
   * A sign-in may be kept to one tab (`thisTabOnly`), so two people can work side by side in one
   * browser (local backend only; Firebase keeps one session per browser).
   */
  tabSessions: boolean;
}

/** Firebase Auth, or its local stand-in. */
export interface AuthPort {
  readonly capabilities: AuthCapabilities;
  /**
   * Subscribes to the session. The listener is called once soon after subscribing with the
   * current state, then on every change (sign-in, sign-out, profile change).
   */
  onChange(listener: Listener<AuthChange>): Unsubscribe;
  /** Reads the signed-in person's profile again after `profileUnavailable`. */
  retryProfile(): Promise<void>;
  /**
   * Signs in with email and password.
   * @throws AppError `auth/invalid-credential` for an unknown email or wrong password.
   */
  signIn(input: SignInInput): Promise<UserProfile>;
  /**
   * Creates an account and its `users/{uid}` profile with role `customer`, then signs in.
   * @throws AppError `invalid-argument` for input outside DESIGN §3's limits,
   *   `auth/email-already-in-use` when the email has an account.
   */
  signUp(input: SignUpInput): Promise<UserProfile>;
  /**
   * Signs in with a Google popup (creating the customer profile the first time).
   * @throws AppError `unsupported` where `capabilities.google` is false.
   */
  signInWithGoogle(): Promise<UserProfile>;
  /**
   * Starts a password reset for the email. Resolves whether or not the email has an account,
   * so the form cannot be used to find out who has one.
   */
  sendPasswordReset(email: string): Promise<void>;
  /** Sends the signed-in person an email-verification link. */
  sendEmailVerification(): Promise<void>;
  /** Ends the session (in this tab for the local adapter; everywhere for Firebase). */
  signOut(): Promise<void>;
  /**
   * Changes the signed-in person's password after checking the current one (re-authentication).
   * @throws AppError `auth/wrong-current-password` when `currentPassword` is wrong, `invalid-argument`
   *   for a new password outside DESIGN §3's rules, `unauthenticated`.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Deletes the signed-in person's account after checking their password (DESIGN §9): trusted code
   * removes the sign-in account and the profile, and renames them `DELETED_USER_NAME` (`src/domain/account.ts`) on
   * their tickets and messages, which stay for the desk. Signs out.
   * @throws AppError `auth/wrong-current-password` for a wrong password, `unauthenticated`.
   */
  deleteOwnAccount(password: string): Promise<void>;
}

/** Where a page of people continues: after this row (display name, then uid, ascending). */
export interface PeopleCursor {
  displayName: string;
  uid: string;
}

/**
 * One page of `users` (DESIGN §3 "Finding people"), ordered by display name then uid.
 * - `search`: typed text, looked up by its one most specific token (`searchKeyOf`) in the
 *   profile's search keys (name word prefixes, email); text with no token (a single letter)
 *   searches nothing, i.e. lists everyone;
 * - `role`: only people of this role;
 * - `limit`: 1–`MAX_PEOPLE_PAGE` (`src/domain/people.ts`);
 * - `after`: the previous page's `nextCursor`.
 */
export interface PeopleQuery {
  search?: string;
  role?: Role;
  limit: number;
  after?: PeopleCursor | null;
}

/** A page of people and where the next one starts (`null` when none follows). */
export interface PeoplePage {
  people: UserProfile[];
  nextCursor: PeopleCursor | null;
}

/**
 * `users/{uid}` (DESIGN §3): customers read only their own; staff read anyone by uid and list
 * people only in bounded queries (at most `MAX_PEOPLE_QUERY`, the rules' limit) — nothing
 * reads the whole collection.
 */
export interface UsersPort {
  /** @throws AppError `not-found`, `permission-denied` (a customer reading someone else). */
  get(uid: string): Promise<UserProfile>;
  /**
   * Live list of the staff (agents and admins) by display name, at most `STAFF_LIST_LIMIT`
   * (`src/domain/people.ts`): who a ticket can be assigned to. Staff only (else the error
   * listener gets `permission-denied`).
   */
  watchStaff(onNext: Listener<UserProfile[]>, onError: ErrorListener): Unsubscribe;
  /**
   * One page of people (see {@link PeopleQuery}); staff only.
   * @throws AppError `permission-denied` for a customer, `invalid-argument` for a limit outside
   *   1–`MAX_PEOPLE_PAGE`.
   */
  list(query: PeopleQuery): Promise<PeoplePage>;
  /**
   * Changes a user's role (DESIGN §1: admins only, never one's own).
   * @throws AppError `permission-denied` for anyone but an admin, or an admin changing themselves.
   */
  setRole(uid: string, role: Role): Promise<void>;
  /**
   * Keeps the signed-in person's language on their profile (DESIGN §8), so that it follows
   * them to other browsers and trusted code can write to them in it.
   * @throws AppError `invalid-argument` for a language Triage does not speak, `unauthenticated`.
   */
  setOwnLocale(locale: Locale): Promise<void>;
  /**
   * Sets which emails the signed-in person gets (DESIGN §9), all four switches at once; trusted
   * code reads them before writing a mail.
   * @throws AppError `invalid-argument` for anything but the four booleans, `unauthenticated`.
   */
  setOwnNotifications(preferences: NotificationPreferences): Promise<void>;
  /**
   * Changes the signed-in person's display name (DESIGN §3 limits). Tickets and messages keep the
   * name they were written under.
   * @throws AppError `invalid-argument`, `unauthenticated`.
   */
  setOwnDisplayName(displayName: string): Promise<void>;
  /**
   * "Export my data" (DESIGN §9): the signed-in person's profile and their requests with the
   * public messages only (see `accountExportOf`).
   * @throws AppError `unauthenticated`.
   */
  exportOwnData(): Promise<AccountExport>;
}

/** What {@link MailPort.simulateInbound} takes: an email as a mail provider would post it. */
export interface SimulatedInboundEmail {
  /** The ticket whose reply address the email is sent to. */
  ticketNumber: number;
  /** The sender's address. */
  from: string;
  /** The whole plain-text body, quoted history included. */
  text: string;
}

/**
 * What became of an inbound email: `reply` (added to the ticket as the requester's public reply),
 * a bounce kind (the sender gets that email), or why it was dropped (a forged token…).
 */
export type InboundOutcome = { outcome: 'reply'; ticketId: string } | { outcome: string };

/** The `mail` collection (DESIGN §9): outgoing email written by trusted code. */
export interface MailPort {
  /** Whether {@link simulateInbound} works (the local backend; on Firebase the provider posts). */
  readonly canSimulateInbound: boolean;
  /**
   * Live list of the newest outgoing emails, newest first (admins only; else the error listener
   * gets `permission-denied`).
   * @param limit 1–200.
   */
  watchOutgoing(limit: number, onNext: Listener<OutgoingMail[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Feeds an email to reply by email's own code, as the provider's webhook would (signed with the
   * desk's key, to the ticket's signed reply address). Admins only.
   * @throws AppError `unsupported` where `canSimulateInbound` is false, `permission-denied`,
   *   `invalid-argument` for a bad number, address or empty text.
   */
  simulateInbound(email: SimulatedInboundEmail): Promise<InboundOutcome>;
}

/**
 * The field a ticket list is ordered by: `updatedAt` (last activity, incl. internal notes —
 * staff only), `lastMessageAt` (last public reply), `createdAt` (the order of numbers) or
 * `slaDueAt` (next SLA breach, DESIGN §10 — staff only).
 */
export type TicketSortField = 'updatedAt' | 'lastMessageAt' | 'createdAt' | 'slaDueAt';

/** A ticket list's order. Ties are broken by ticket id in the same direction. */
export interface TicketSort {
  field: TicketSortField;
  direction: 'asc' | 'desc';
}

/**
 * Where a page starts: strictly after the ticket with this sort-field value (ISO-8601 UTC)
 * and id, in the query's order. Taken from {@link TicketPage.nextCursor}; never an offset.
 */
export interface TicketCursor {
  value: string;
  id: string;
}

/** Which tickets a count wants (the filters of a {@link TicketQuery}); every field given must match. */
export interface TicketFilter {
  /** Only tickets of this requester (required for customers, who get only their own anyway). */
  requesterId?: string;
  /** Only these statuses; empty or absent means every status. */
  statuses?: TicketStatus[];
  /** Only tickets assigned to this agent; `null` for unassigned ones. */
  assigneeId?: string | null;
  /** Only tickets of this priority. */
  priority?: Priority;
  /** Only tickets of this category (exact name). */
  category?: string;
  /** Only tickets carrying this tag. Cannot be combined with `search` (`invalid-argument`). */
  tag?: string;
  /**
   * Free text: a ticket number (`42`, `#42`), a word or word prefix of the subject or of the
   * requester's name, or the requester's email (whole or its local part). The text is reduced
   * to its most specific token (`searchKeyOf` in `src/domain/search-keys.ts`): Firestore allows
   * one `array-contains` per query. Text with no token of 2+ characters searches nothing.
   */
  search?: string;
  /** Only tickets whose next SLA target falls due after this time (ISO-8601 UTC, exclusive; DESIGN §10). */
  slaDueAfter?: IsoDateTime;
  /** Only tickets whose next SLA target falls due at or before this time (inclusive). */
  slaDueBefore?: IsoDateTime;
}

/** Which tickets a list subscription wants. Customers always get only their own. */
export interface TicketQuery extends TicketFilter {
  /** Page size; at most 100. */
  limit: number;
  /**
   * Order; `lastMessageAt` descending when absent. Customers may not order by `updatedAt`
   * (internal notes move it): `permission-denied`.
   */
  sort?: TicketSort;
  /** Start after this row (cursor pagination); the first page when absent. */
  after?: TicketCursor;
}

/** One page of tickets, in the query's order. */
export interface TicketPage {
  tickets: Ticket[];
  /** True when more tickets match than `limit`. */
  hasMore: boolean;
  /** The cursor of the page's last ticket when `hasMore`, else `null`: pass as `after` for the next page. */
  nextCursor: TicketCursor | null;
}

/** Options of a staff write that must not silently overwrite someone else's change. */
export interface WriteOptions {
  /**
   * The ticket's `updatedAt` (ISO-8601 UTC) as the caller last saw it. When the stored ticket
   * has changed since, the write is refused with `aborted` and changes nothing.
   */
  expectedUpdatedAt?: string;
}

/** A change to a ticket's fields by staff; each changed field writes an audit event. */
export interface TicketPatch {
  priority?: Priority;
  category?: string | null;
  tags?: string[];
  assigneeId?: string | null;
}

/**
 * What `tickets.create` takes. The ids may be generated by the client (DESIGN §3) so that the
 * attachments can be uploaded to `tickets/{id}/{messageId}/` before submitting, and so that
 * a retried submit is idempotent: an id that exists and is the caller's own resolves with
 * that ticket; anyone else's is `already-exists`.
 */
export interface CreateTicketInput extends NewTicketInput {
  /** Client-generated ticket id, 1–128 letters, digits, hyphens or underscores. */
  id?: string;
  /** Client-generated id of the first message (the description). */
  messageId?: string;
  /** Files already uploaded to `tickets/{id}/{messageId}/` (needs both ids). */
  attachments?: Message['attachments'];
}

/**
 * One change applied to many tickets at once from the queue (bulk work): assign (or
 * unassign with `null`), fire a lifecycle event, set the priority, or add one tag.
 */
export type BulkAction =
  | { kind: 'assign'; assigneeId: string | null }
  | { kind: 'transition'; event: LifecycleEvent }
  | { kind: 'priority'; priority: Priority }
  | { kind: 'addTag'; tag: string };

/** What became of one ticket of a bulk change: the ticket as written, or why it was refused. */
export type BulkResult = { id: string; ok: true; ticket: Ticket } | { id: string; ok: false; error: ErrorShape };

/** `tickets/{id}` and its lifecycle (DESIGN §2–§3). */
export interface TicketsPort {
  /**
   * Submits a request: the next sequential number (a transaction on `counters/tickets`), the
   * ticket with status `new`, and the description as its first public message.
   * @throws AppError `invalid-argument` outside DESIGN §3's limits; `unauthenticated`.
   */
  create(input: CreateTicketInput): Promise<Ticket>;
  /** @throws AppError `not-found`; `permission-denied` for a customer's look at another's ticket. */
  get(id: string): Promise<Ticket>;
  /** Live ticket; the error listener gets `not-found` or `permission-denied`. */
  watch(id: string, onNext: Listener<Ticket>, onError: ErrorListener): Unsubscribe;
  /**
   * Live page of tickets in the query's order (cursor pagination). The error listener gets
   * `invalid-argument` for a bad query, `permission-denied` for a customer asking for others'.
   */
  watchList(query: TicketQuery, onNext: Listener<TicketPage>, onError: ErrorListener): Unsubscribe;
  /**
   * Live number of tickets matching a filter (a queue view's count). Customers count only
   * their own. Firebase: an aggregation query, re-run when any ticket changes.
   */
  watchCount(filter: TicketFilter, onNext: Listener<number>, onError: ErrorListener): Unsubscribe;
  /**
   * Fires a lifecycle event (DESIGN §2) and writes its audit event, in one transaction.
   * @throws AppError `failed-precondition` for a move the table forbids (message says why),
   *   `permission-denied` for a move the actor's role may not make, `aborted` when
   *   `options.expectedUpdatedAt` no longer matches (someone else changed the ticket).
   */
  transition(id: string, event: LifecycleEvent, options?: WriteOptions): Promise<Ticket>;
  /**
   * Changes priority, category, tags or assignee (staff only), with one audit event per field.
   * Assigning a `new` ticket also opens it (DESIGN §2 "open (incl. assign)"), with its status event.
   * @throws AppError `permission-denied` for customers; `failed-precondition` on a closed ticket;
   *   `aborted` when `options.expectedUpdatedAt` no longer matches.
   */
  update(id: string, patch: TicketPatch, options?: WriteOptions): Promise<Ticket>;
  /**
   * Applies one change to each of 1–100 distinct tickets, each in its own transaction through
   * `update`/`transition` (so every rule and audit event of a single change holds): one ticket's
   * refusal does not stop the others, and nothing is rolled back. Adding a tag a ticket already
   * has changes nothing and counts as done.
   * @returns one result per id, in the order given; a refusal carries the code and sentence the
   *   single change would have thrown (`failed-precondition` for a move the lifecycle table
   *   forbids or a closed ticket, `permission-denied` for customers, `not-found`…).
   * @throws AppError `invalid-argument` for an empty, oversized or repeating id list or a bad action.
   */
  bulk(ids: readonly string[], action: BulkAction): Promise<BulkResult[]>;
  /** Live audit trail of a ticket, oldest first (staff only). */
  watchEvents(id: string, onNext: Listener<AuditEvent[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Rates a solved or closed request, once, as its requester (CSAT, DESIGN §10).
   * @returns the stored rating.
   * @throws AppError `invalid-argument` (score, comment over 1000 characters), `not-found`,
   *   `permission-denied` (not the requester, or not theirs to read), `failed-precondition` (not solved or closed),
   *   `already-exists` (rated before).
   */
  rate(id: string, input: RatingInput): Promise<SatisfactionRating>;
  /**
   * Follows a ticket's rating: `null` while it has none. Staff, and the ticket's requester.
   * @throws AppError `not-found` for a ticket the caller may not read (delivered to `onError`).
   */
  watchRating(id: string, onNext: Listener<SatisfactionRating | null>, onError: ErrorListener): Unsubscribe;
}

/** A file picked in the browser, about to be uploaded. */
export interface FileToUpload {
  name: string;
  /** Bytes. */
  size: number;
  contentType: string;
  data: Blob;
}

/** `tickets/{id}/messages/{mid}`: public replies and internal notes. */
export interface MessagesPort {
  /**
   * Live conversation, oldest first. Customers receive public replies only — internal notes
   * never leave the backend for them.
   */
  watch(ticketId: string, onNext: Listener<Message[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Adds a public reply or internal note. `id` is generated by the client so that a retry is
   * idempotent: adding an id that exists resolves with the existing message.
   * A requester's reply on a pending, on-hold or solved ticket reopens it (DESIGN §2).
   * `input.event` fires a lifecycle event in the same transaction, after the message
   * ("Reply and set pending"); `input.expectedUpdatedAt` guards it as in {@link WriteOptions}.
   * @throws AppError `failed-precondition` on a closed ticket or for an event the table
   *   forbids after the reply, `permission-denied` for an internal note by a customer or a
   *   reply on someone else's ticket, `aborted` when the ticket changed since
   *   `expectedUpdatedAt` (only checked when an event is given). Nothing is written on any error.
   */
  add(ticketId: string, input: AddMessageInput): Promise<Message>;
}

/** What `messages.add` takes. */
export interface AddMessageInput extends NewMessageInput, WriteOptions {
  /** Client-generated id (DESIGN §3), 1–128 letters, digits, hyphens or underscores. */
  id: string;
  /** Files already uploaded with `files.uploadAttachment` to this message's folder. */
  attachments?: Message['attachments'];
  /** A lifecycle event to fire after the message, in the same transaction. */
  event?: LifecycleEvent;
}

/** Upload progress: bytes sent so far of the total. */
export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
}

/** Cloud Storage (DESIGN §4), or blobs in IndexedDB. */
export interface FilesPort {
  /**
   * Uploads an attachment to `tickets/{ticketId}/{messageId}/{name}`. The ticket may not
   * exist yet (a new request's files are uploaded before it is submitted with that id); the
   * files then stay readable only by their uploader until a message of that ticket holds them.
   * @param signal aborts the upload (rejects with `cancelled`).
   * @returns the stored path.
   * @throws AppError `invalid-argument` over 10 MB or of a type DESIGN §3 does not allow.
   */
  uploadAttachment(
    ticketId: string,
    messageId: string,
    file: FileToUpload,
    onProgress?: Listener<UploadProgress>,
    signal?: AbortSignal,
  ): Promise<string>;
  /**
   * A URL the browser can open or download for a stored path, for people who may read it
   * (an avatar, `avatars/{uid}/avatar`: anyone signed in).
   * @throws AppError `not-found` (no such file: e.g. a person without a picture), `permission-denied`.
   */
  getDownloadUrl(path: string): Promise<string>;
  /**
   * Makes an image the signed-in person's picture (DESIGN §9): stored at `avatarPath(uid)`
   * (replacing any earlier one) and named on their profile (`photoPath`).
   * @returns the stored path.
   * @throws AppError `invalid-argument` over 2 MB or not a PNG, JPEG, GIF or WebP image; `unauthenticated`.
   */
  uploadAvatar(file: FileToUpload, onProgress?: Listener<UploadProgress>): Promise<string>;
  /** Removes the signed-in person's picture (their initials show again). */
  removeAvatar(): Promise<void>;
}

/** `settings/desk` (DESIGN §3). */
export interface SettingsPort {
  /** Live desk settings; defaults when none are stored yet. */
  watch(onNext: Listener<DeskSettings>, onError: ErrorListener): Unsubscribe;
  /**
   * Replaces the desk settings but the canned replies, which stay as stored (admins only; a
   * full {@link DeskSettings} may be passed, its `cannedReplies` is not written).
   * @throws AppError `permission-denied`, `invalid-argument` with the first problem's sentence.
   */
  save(settings: DeskSettingsInput): Promise<void>;
  /**
   * Follows the settings' history, newest first, at most `SETTINGS_HISTORY_SHOWN` entries
   * (admins only: `permission-denied` otherwise). DESIGN §10.
   */
  watchHistory(onNext: Listener<SettingsChange[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Replaces the shared canned replies (agents and admins). Customers never receive
   * canned replies from `watch`.
   * @throws AppError `invalid-argument` (over the limits of `cannedRepliesSchema`), `permission-denied`.
   */
  saveCannedReplies(replies: readonly CannedReply[]): Promise<void>;
}

/**
 * One staff member on a ticket, for collision detection: who is viewing it and
 * whether they are typing a reply. Entries expire: a tab that closes without `leave` drops out
 * once `expiresAt` passes (Firestore has no disconnect hook).
 */
export interface PresenceEntry {
  uid: string;
  displayName: string;
  /** Typing a reply or note right now. */
  typing: boolean;
  /** ISO-8601 UTC; the entry counts only until then unless renewed by a heartbeat. */
  expiresAt: string;
}

/** Who else is on a ticket (agents and admins only; customers get `permission-denied`). */
export interface PresencePort {
  /**
   * Marks the signed-in staff member as on `ticketId` (and typing or not) until `ttlMs` from
   * now (1 ms to 2 minutes, by this client's clock); call again before then as a heartbeat,
   * and whenever `typing` changes.
   * @throws AppError `permission-denied` for customers, `invalid-argument` for a bad id or ttl.
   */
  announce(ticketId: string, state: { typing: boolean; ttlMs: number }): Promise<void>;
  /**
   * Removes the signed-in person from `ticketId` at once (leaving the screen, tab hidden or
   * closing); harmless when they are not there. Issues its one write without reading the
   * profile first, so a closing tab (`pagehide`) gets it out in time.
   * @throws AppError `unauthenticated`, `invalid-argument` for a bad id.
   */
  leave(ticketId: string): Promise<void>;
  /**
   * Live list of the people on `ticketId` whose entry has not expired (the caller included),
   * re-emitted when an entry expires even if nothing was written.
   */
  watch(ticketId: string, onNext: Listener<PresenceEntry[]>, onError: ErrorListener): Unsubscribe;
}

/** Reports (DESIGN §11): per-day statistics kept by trusted code, and a few counts. */
export interface ReportsPort {
  /**
   * Reads what a report over `range` needs: the stored `stats/{day}` documents of its days (one
   * read each, never a ticket), the backlog per unsolved status and the ratings given in the range
   * (aggregation counts). Agents and admins only.
   * @throws AppError `permission-denied` for customers, `unauthenticated`.
   */
  read(range: ReportRange): Promise<ReportInput>;
}

/** The whole port. */
export interface Backend {
  readonly kind: 'local' | 'firebase';
  readonly auth: AuthPort;
  readonly users: UsersPort;
  readonly tickets: TicketsPort;
  readonly messages: MessagesPort;
  readonly files: FilesPort;
  readonly settings: SettingsPort;
  readonly presence: PresencePort;
  readonly mail: MailPort;
  readonly reports: ReportsPort;
}
