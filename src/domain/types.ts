/**
 * The data model of DESIGN §3, as plain serializable TypeScript. Timestamps are ISO-8601
 * UTC strings; no Date, Timestamp or snapshot object ever appears here.
 */
import type { NotificationPreferences } from '@/domain/mail/preferences';
import type { Role } from '@/domain/roles';
import type { Locale } from '@/domain/locales';

/** ISO-8601 UTC timestamp string, e.g. `2026-11-21T23:49:08.000Z`. */
export type IsoDateTime = string;

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
export type AuditEventType = 'status' | 'assignee' | 'priority' | 'tags' | 'category';

/** `tickets/{id}/events/{eid}`: one entry of the audit trail. */
export interface AuditEvent {
  id: string;
  ticketId: string;
  type: AuditEventType;
  from: string | null;
  to: string | null;
  actorId: string;
  at: IsoDateTime;
}

/** SLA targets for one priority, in minutes. */
export interface SlaTarget {
  firstResponseMinutes: number;
  resolutionMinutes: number;
}

/** A shared canned reply; `body` may hold placeholders such as `{{requester.name}}`. */
export interface CannedReply {
  id: string;
  title: string;
  body: string;
}

/** `settings/desk` (DESIGN §3). */
export interface DeskSettings {
  categories: string[];
  /** Days after which a solved ticket is closed automatically. */
  closeAfterDays: number;
  sla: Record<Priority, SlaTarget>;
  cannedReplies: CannedReply[];
  /**
   * Whether a staff member's public reply on a new, unassigned ticket makes them its assignee
   * (DESIGN §2 `assignsOnReply`); on unless an admin turns it off. Missing in storage = on.
   */
  assignOnReply: boolean;
}

/** What an admin saves as the desk settings: everything but the canned replies (saved on their own). */
export type DeskSettingsInput = Omit<DeskSettings, 'cannedReplies'>;

/** The desk settings a new desk starts with. */
export const DEFAULT_DESK_SETTINGS: DeskSettings = {
  categories: ['Billing', 'Technical', 'Account', 'Other'],
  closeAfterDays: 4,
  sla: {
    low: { firstResponseMinutes: 24 * 60, resolutionMinutes: 5 * 24 * 60 },
    normal: { firstResponseMinutes: 8 * 60, resolutionMinutes: 3 * 24 * 60 },
    high: { firstResponseMinutes: 2 * 60, resolutionMinutes: 24 * 60 },
    urgent: { firstResponseMinutes: 30, resolutionMinutes: 4 * 60 },
  },
  cannedReplies: [],
  assignOnReply: true,
};
