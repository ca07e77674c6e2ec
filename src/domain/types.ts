/**
 * The data model of DESIGN §3, as plain serializable TypeScript. Timestamps are ISO-8601
 * UTC strings; no Date, Timestamp or snapshot object ever appears here.
 */
import type { Role } from '@/domain/roles';
import type { Locale } from '@/domain/locales';

/** ISO-8601 UTC timestamp string, e.g. `2026-11-21T23:49:08.000Z`. */
export type IsoDateTime = string;

/**
 * A person's email switches (DESIGN §9), on their profile as `users/{uid}.notifications`; the
 * defaults, the switches each role can use and the stored shape are in `mail/preferences.ts`:
 * - `requestUpdates`: as a requester — request received, a public reply, request solved;
 * - `ticketAssigned`: as staff — a ticket assigned to them by someone else;
 * - `customerReplies`: as staff — the requester replied on a ticket assigned to them;
 * - `newUnassigned`: as staff — every new ticket that arrives in Unassigned (opt-in).
 */
export interface NotificationPreferences {
  requestUpdates: boolean;
  ticketAssigned: boolean;
  customerReplies: boolean;
  newUnassigned: boolean;
}

/** `users/{uid}` (DESIGN §3). */
export interface UserProfile {
  uid: string;
  displayName: string;
  email: string;
  role: Role;
  photoPath?: string;
  /** The language the person chose (DESIGN §8); absent: they never chose, the browser's is used. */
  locale?: Locale;
  /** Which emails they get (DESIGN §9); absent: they never chose, the defaults apply. */
  notifications?: NotificationPreferences;
  /** Staff: whether they take new tickets from round-robin rules (DESIGN §10 "Triggers"); absent: no. */
  available?: boolean;
  /**
   * Set by trusted code when an admin deactivates the person (DESIGN §1 "Deactivated people"):
   * they cannot sign in and every request of theirs is refused; absent: active.
   */
  deactivated?: true;
  /** When they were deactivated (ISO-8601 UTC), with `deactivated`. */
  deactivatedAt?: IsoDateTime;
  /**
   * The organisation a customer belongs to (DESIGN §1 "Organisations"), set by trusted code when
   * an admin chooses it; absent: none.
   */
  organisationId?: string;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
}

/** Ticket statuses, in lifecycle order (DESIGN §2). */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'] as const;
/** One of DESIGN §2's statuses. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Ticket priorities, lowest first (DESIGN §3). */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/** One of DESIGN §3's priorities. */
export type Priority = (typeof PRIORITIES)[number];

/** `tickets/{id}` (DESIGN §3). */
export interface Ticket {
  id: string;
  /** Sequential, from the `counters/tickets` transaction; starts at 1. */
  number: number;
  subject: string;
  status: TicketStatus;
  priority: Priority;
  category?: string;
  tags: string[];
  requesterId: string;
  requesterName: string;
  assigneeId?: string;
  assigneeName?: string;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  lastMessageAt: IsoDateTime;
  lastMessageBy: 'customer' | 'agent';
  firstResponseAt?: IsoDateTime;
  solvedAt?: IsoDateTime;
  closedAt?: IsoDateTime;
  /** Id of the closed ticket this one continues. */
  followUpOf?: string;
  /**
   * The values of custom fields customers see, by key (DESIGN §3 "Custom fields"); agents-only
   * values are never here (a customer reads this record). Absent or `{}`: none.
   */
  fields?: Record<string, string | number | boolean | string[]>;
  /** The SLA clocks' record, kept by trusted code (DESIGN §10); absent on tickets from before SLAs. */
  sla?: TicketSlaState;
  /**
   * When the first running SLA target falls due, kept by trusted code for the queue's order and
   * its "Breaching soon" / "Breached" views; `NO_SLA_DUE` when no clock runs (DESIGN §10).
   */
  slaDueAt?: IsoDateTime;
  /**
   * The queue's sort slots (`field-sort.ts`, DESIGN §3 "Custom fields"): the value of the number
   * or date field each slot holds, as text that sorts as the value does, kept by trusted code;
   * `NO_FIELD_SORT_VALUE` for none. Absent on tickets trusted code has not reached yet.
   */
  fieldSortA?: string;
  fieldSortB?: string;
  /**
   * The time rules that fired on this ticket (their ids: each fires once per ticket, DESIGN §10
   * "Time rules"), written by trusted code only. Absent when none has.
   */
  timeRuleMarks?: string[];
  /**
   * The organisation the ticket belongs to: its requester's when it was created (DESIGN §1
   * "Organisations"), written by trusted code only; absent when the requester belonged to none. A
   * deleted organisation's id stays, and reads as none.
   */
  organisationId?: string;
}

/** A file attached to a message; `path` is its Cloud Storage (or local) path (DESIGN §4). */
export interface Attachment {
  path: string;
  name: string;
  /** Size in bytes. */
  size: number;
  contentType: string;
}

/** `tickets/{id}/messages/{mid}`: a public reply, or an internal note when `internal`. */
export interface Message {
  id: string;
  ticketId: string;
  authorId: string;
  authorName: string;
  authorRole: Role;
  body: string;
  internal: boolean;
  attachments: Attachment[];
  createdAt: IsoDateTime;
}

/** Kinds of audit-trail entry (DESIGN §3). */
/** `sla`: a target was breached (to = the target's name: `firstReply`, `nextReply`, `resolution`; DESIGN §10). */
/** `field`: a custom field's value changed (`field` names its key; from/to as `auditFieldValue` writes them). */
/** `trigger`: the triggers' loop guard stopped a trigger (to = its title; DESIGN §10 "Triggers"). */
export type AuditEventType = 'status' | 'assignee' | 'priority' | 'tags' | 'category' | 'sla' | 'field' | 'trigger';

/** `tickets/{id}/events/{eid}`: one entry of the audit trail. */
export interface AuditEvent {
  id: string;
  ticketId: string;
  type: AuditEventType;
  /** A `field` entry's custom field key. */
  field?: string;
  /** The title of the macro that made this change, when one did (DESIGN §3 "Macros"). */
  macro?: string;
  /** The title of the trigger that made this change, when one did (DESIGN §10 "Triggers"). */
  trigger?: string;
  from: string | null;
  to: string | null;
  actorId: string;
  at: IsoDateTime;
}

/**
 * The SLA policy for one priority (DESIGN §10): each target in minutes, counted in the desk's
 * business hours or in calendar hours (around the clock).
 */
export interface SlaPolicy {
  /** From submission to the first public reply by staff. */
  firstReplyMinutes: number;
  /** From a requester's unanswered public reply to staff's next public reply (paused while pending / on hold). */
  nextReplyMinutes: number;
  /** From submission to solved, not counting the time spent pending, on hold or solved. */
  resolutionMinutes: number;
  /** `business`: only the desk's opening hours count; `calendar`: every minute counts. */
  hours: 'business' | 'calendar';
}

/** The days of a week, Monday first (ISO 8601). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** One of {@link WEEKDAYS}. */
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's opening hours, in minutes after the desk's local midnight: `open` < `close` ≤ 1440. */
export interface OpeningHours {
  open: number;
  close: number;
}

/** When the desk works (DESIGN §10): what SLA targets in business hours count. */
export interface BusinessHours {
  /** IANA time zone, e.g. `Europe/Madrid`: the desk's clock, for its days, hours and holidays. */
  timeZone: string;
  /** Opening hours per weekday; a day that is absent is closed. */
  week: Partial<Record<Weekday, OpeningHours>>;
  /** Whole days closed, as local dates `YYYY-MM-DD`. */
  holidays: string[];
}

/**
 * What trusted code keeps on a ticket for its SLA clocks (DESIGN §10), derived from each write
 * by `slaStateAfter`; clients never write it.
 */
export interface TicketSlaState {
  /**
   * The periods the requester-wait clocks stood still — pending, on hold, solved or closed —
   * oldest first; the last has no `to` while it lasts.
   */
  pauses: { from: IsoDateTime; to?: IsoDateTime }[];
  /**
   * The current or last next-reply cycle: from the requester's oldest unanswered public reply
   * after the first reply, to the staff public reply that answered it.
   */
  nextReply?: { since: IsoDateTime; repliedAt?: IsoDateTime };
}

/** `slaDueAt` when no SLA clock runs: after every real time, so such tickets sort last by next breach. */
export const NO_SLA_DUE: IsoDateTime = '9999-12-31T23:59:59.999Z';

/**
 * A canned reply as stored before macros (DESIGN §3 "Macros"): each became a shared, text-only
 * macro (`macroFromCannedReply`); read only by the move. `body` may hold placeholders.
 */
export interface CannedReply {
  id: string;
  title: string;
  body: string;
}

/** `settings/desk` (DESIGN §3, §10). */
export interface DeskSettings {
  /** The desk's name, shown in the header and in emails. */
  deskName: string;
  /** Categories a new ticket may take. */
  categories: string[];
  /** Categories no longer offered: they stay on the tickets that have them (DESIGN §10). */
  archivedCategories: string[];
  /** Days after which a solved ticket is closed automatically. */
  closeAfterDays: number;
  /** The desk's opening hours, for SLA targets counted in business hours. */
  businessHours: BusinessHours;
  /** The SLA policy per priority. */
  sla: Record<Priority, SlaPolicy>;
  /**
   * Whether a staff member's public reply on a new, unassigned ticket makes them its assignee
   * (DESIGN §2 `assignsOnReply`); on unless an admin turns it off. Missing in storage = on.
   */
  assignOnReply: boolean;
}

/** What an admin saves as the desk settings. */
export type DeskSettingsInput = DeskSettings;
