/**
 * The tickets port (DESIGN §2–§3, §10): requests, their lifecycle, queue pages and counts, bulk
 * changes, the audit trail and the requester's rating.
 */
import type { RuleTrace } from '@/domain/rule-trace';
import type { Follower } from '@/domain/followers';
import type { ErrorShape } from '@/domain/errors/errors';
import type { LifecycleEvent } from '@/domain/lifecycle';
import type { NewTicketInput } from '@/domain/schemas';
import type { AuditEvent, Message, Priority, Ticket, TicketStatus, IsoDateTime } from '@/domain/types';
import type { RatingInput, SatisfactionRating } from '@/domain/satisfaction';
import type { Unsubscribe, Listener, ErrorListener } from '@/backend/port/subscriptions';
import type { CustomFieldValues } from '@/domain/custom-fields';
import type { FieldChanges } from '@/domain/plans/field-values';
import type { AuditEntry } from '@/domain/plans/ticket-write';

/**
 * The field a ticket list is ordered by: `updatedAt` (last activity, incl. internal notes —
 * staff only), `lastMessageAt` (last public reply), `createdAt` (the order of numbers) or
 * `slaDueAt` (next SLA breach, DESIGN §10 — staff only), or a sort slot's field value
 * (`fieldSortA`, `fieldSortB`: DESIGN §3 "Custom fields" — staff only; no value sorts last
 * ascending, first descending).
 */
export type TicketSortField = 'updatedAt' | 'lastMessageAt' | 'createdAt' | 'slaDueAt' | 'fieldSortA' | 'fieldSortB';

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
   * Only tickets of this organisation (its id, DESIGN §1 "Organisations"). Cannot be combined with
   * a tag, a field or a search (`invalid-argument`).
   */
  organisationId?: string;
  /**
   * Free text: a ticket number (`42`, `#42`), a word or word prefix of the subject or of the
   * requester's name, or the requester's email (whole or its local part). The text is reduced
   * to its most specific token (`searchKeyOf` in `src/domain/search-keys.ts`): Firestore allows
   * one `array-contains` per query. Text with no token of 2+ characters searches nothing.
   */
  search?: string;
  /**
   * Only tickets whose custom field `key` holds `value` (DESIGN §3 "Custom fields"): a dropdown's
   * option id, a checkbox's `true`/`false`, a date's day `YYYY-MM-DD` or month `YYYY-MM`. Staff
   * filter on every field, customers on those they see. Read through the same one key as a tag or
   * a search (`fieldFilterKey`), so it cannot be combined with either (`invalid-argument`).
   */
  field?: { key: string; value: string };
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

/**
 * A change to a ticket's properties by staff; each changed property writes an audit event.
 * `fields` changes custom field values by key (`null` empties one, DESIGN §3 "Custom fields"):
 * staff fill every active field; the requester may change only fields customers fill, on their own
 * open request, and nothing else.
 */
export interface TicketPatch {
  priority?: Priority;
  category?: string | null;
  tags?: string[];
  assigneeId?: string | null;
  fields?: FieldChanges;
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

/** What `tickets.applyMacro` takes (DESIGN §3 "Macros"). */
export interface ApplyMacroInput extends WriteOptions {
  /** The macro to apply: shared, or the caller's own. */
  macroId: string;
  /** Plan and return what would change, writing nothing (the preview). */
  preview?: boolean;
}

/** What applying a macro changed, or would change on a preview (the same plan). */
export interface MacroResult {
  /** The ticket as the write left it (on a preview: as it is now). */
  ticket: Ticket;
  /** The change's audit entries, in order, each naming the macro. */
  changes: AuditEntry[];
  /** The public reply's text (placeholders filled), `null` when none. */
  reply: string | null;
  /** The internal note's text, `null` when none. */
  note: string | null;
  /** The messages written (the reply, then the note); `[]` on a preview or when there are none. */
  messages: Message[];
}

/** What became of one ticket of a bulk change: the ticket as written, or why it was refused. */
export type BulkResult = { id: string; ok: true; ticket: Ticket } | { id: string; ok: false; error: ErrorShape };

/** `tickets/{id}` and its lifecycle (DESIGN §2–§3). */
export interface TicketsPort {
  /**
   * Submits a request: the next sequential number (a transaction on `counters/tickets`), the
   * ticket with status `new`, and the description as its first public message. `input.fields`
   * holds the values of fields customers fill; every field required on submit must be filled.
   * @throws AppError `invalid-argument` outside DESIGN §3's limits, for a value its field refuses
   *   or a required field left empty (the sentence names it); `permission-denied` for a field only
   *   staff fill; `unauthenticated`.
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
   * Fires a lifecycle event (DESIGN §2) and writes its audit event, in one transaction. Staff
   * solve only a ticket whose required-to-solve fields are filled (DESIGN §3 "Custom fields").
   * @throws AppError `failed-precondition` for a move the table forbids (message says why) or a
   *   required-to-solve field empty (the sentence names the fields),
   *   `permission-denied` for a move the actor's role may not make, `aborted` when
   *   `options.expectedUpdatedAt` no longer matches (someone else changed the ticket).
   */
  transition(id: string, event: LifecycleEvent, options?: WriteOptions): Promise<Ticket>;
  /**
   * Changes priority, category, tags, assignee or custom field values, with one audit event per
   * property or field. Assigning a `new` ticket also opens it (DESIGN §2 "open (incl. assign)"),
   * with its status event.
   * @throws AppError `permission-denied` for customers (but on their own request's fields customers
   *   fill); `failed-precondition` on a closed ticket; `aborted` when `options.expectedUpdatedAt`
   *   no longer matches; `invalid-argument` for a value its field refuses.
   */
  update(id: string, patch: TicketPatch, options?: WriteOptions): Promise<Ticket>;
  /**
   * Applies a macro to a ticket as one write (DESIGN §3 "Macros": `planMacro`): its actions, its
   * public reply with its status event, its internal note, every audit entry naming it. With
   * `preview`, plans the same and writes nothing.
   * @throws AppError `not-found` (the ticket, or a macro the caller may not apply),
   *   `permission-denied` (customers), `aborted` (changed since `expectedUpdatedAt`),
   *   `failed-precondition` (closed, a move the table forbids, a required-to-solve field empty),
   *   `invalid-argument` (a value its field refuses, an assignee who is not an agent, too many tags).
   */
  applyMacro(id: string, input: ApplyMacroInput): Promise<MacroResult>;
  /**
   * Live agents-only custom field values of a ticket (DESIGN §3 "Custom fields"), `{}` when none;
   * staff only. The error listener gets `permission-denied` for customers, `not-found`.
   */
  watchAgentFields(id: string, onNext: Listener<CustomFieldValues>, onError: ErrorListener): Unsubscribe;
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
   * Live rule trace of a ticket (DESIGN §10 "Triggers"): its last `TRACE_RUNS_SHOWN` trigger
   * runs, newest first. Admins only (`permission-denied` otherwise, delivered to `onError`).
   */
  watchRuleTraces(id: string, onNext: Listener<RuleTrace[]>, onError: ErrorListener): Unsubscribe;
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
  /**
   * The staff who follow a ticket, live, by name (DESIGN §1 "Followers"). Staff only.
   * @throws (to `onError`) AppError `permission-denied` for a customer, `not-found` for no such ticket.
   */
  watchFollowers(id: string, onNext: Listener<Follower[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Starts (`true`) or stops (`false`) following a ticket as the signed-in staff member; doing
   * what is already so succeeds and changes nothing. Closed tickets can be followed and left too.
   * @throws AppError `permission-denied` for a customer (or a deactivated person), `not-found` for no such ticket.
   */
  setFollowing(id: string, following: boolean): Promise<void>;
}
