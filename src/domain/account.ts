/**
 * A person's own account (DESIGN §9): what "Export my data" gives them, and what deleting the
 * account leaves behind. Pure: each backend reads the data, these functions decide its shape.
 */
import type { Locale } from '@/domain/locales';
import type { Message, NotificationPreferences, Ticket, UserProfile } from '@/domain/types';

/**
 * The name a deleted person's tickets and messages keep: the tickets stay for the desk, the
 * person's name does not (DESIGN §9 "delete my account").
 */
export const DELETED_USER_NAME = 'Deleted user';

/** One of the person's requests as exported: what they can see of it on the portal. */
export interface ExportedRequest {
  id: string;
  number: number;
  subject: string;
  status: Ticket['status'];
  priority: Ticket['priority'];
  category?: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  updatedAt: string;
  solvedAt?: string;
  closedAt?: string;
  /** Its public messages, oldest first: internal notes are never exported. */
  messages: {
    id: string;
    authorName: string;
    /** Whether the requester or support wrote it. */
    from: 'you' | 'support';
    body: string;
    attachments: { name: string; size: number; contentType: string }[];
    createdAt: string;
  }[];
}

/** "Export my data": a JSON document of the person's profile and requests. */
export interface AccountExport {
  format: 'triage-account-export';
  version: 1;
  /** ISO-8601 UTC. */
  exportedAt: string;
  profile: {
    uid: string;
    displayName: string;
    email: string;
    role: UserProfile['role'];
    locale?: Locale;
    notifications?: NotificationPreferences;
    createdAt: string;
  };
  requests: ExportedRequest[];
}

/**
 * The export of a person's data: their profile and the tickets they requested, each with its
 * public messages. Tickets of other requesters and internal notes are left out whatever the
 * caller passes (a staff member's reader sees notes; the export never carries them).
 * @param messagesOf the messages of a ticket, as the caller read them (any order).
 * @param exportedAt ISO-8601 UTC.
 */
export function accountExportOf(
  profile: UserProfile,
  tickets: readonly Ticket[],
  messagesOf: (ticketId: string) => readonly Message[],
  exportedAt: string,
): AccountExport {
  const requests = tickets
    .filter((ticket) => ticket.requesterId === profile.uid)
    .sort((a, b) => a.number - b.number)
    .map((ticket): ExportedRequest => ({
      id: ticket.id,
      number: ticket.number,
      subject: ticket.subject,
      status: ticket.status,
      priority: ticket.priority,
      ...(ticket.category && { category: ticket.category }),
      createdAt: ticket.createdAt,
      updatedAt: ticket.lastMessageAt,
      ...(ticket.solvedAt && { solvedAt: ticket.solvedAt }),
      ...(ticket.closedAt && { closedAt: ticket.closedAt }),
      messages: messagesOf(ticket.id)
        .filter((message) => !message.internal)
        .slice()
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((message) => ({
          id: message.id,
          authorName: message.authorName,
          from: message.authorId === profile.uid ? ('you' as const) : ('support' as const),
          body: message.body,
          attachments: message.attachments.map(({ name, size, contentType }) => ({ name, size, contentType })),
          createdAt: message.createdAt,
        })),
    }));
  return {
    format: 'triage-account-export',
    version: 1,
    exportedAt,
    profile: {
      uid: profile.uid,
      displayName: profile.displayName,
      email: profile.email,
      role: profile.role,
      ...(profile.locale && { locale: profile.locale }),
      ...(profile.notifications && { notifications: profile.notifications }),
      createdAt: profile.createdAt,
    },
    requests,
  };
}
