/**
 * A document of the `mail` collection (DESIGN §9), in the schema of Firebase's "Trigger Email
 * from Firestore" extension: `to`, `replyTo`, `headers` and `message` (subject, text, html, and
 * nodemailer's threading fields), with `delivery` written back by whoever sends it (Triage's own
 * SMTP function or the extension). Triage adds its own fields beside them (`kind`, `ticketId`,
 * `createdAt`…) for the admins' "Outgoing mail" list; the extension ignores those.
 */
import type { IsoDateTime } from '@/domain/types';

/**
 * Which email this is (DESIGN §9's table). `bounce-unknown-sender` is no longer written (mail
 * from an address that is not the requester's is dropped, DESIGN §9); it stays so that the mail
 * documents written before still read and show.
 */
export const MAIL_KINDS = [
  'request-received',
  'public-reply',
  'request-solved',
  'ticket-assigned',
  'customer-reply',
  'new-unassigned',
  'rule-email',
  'bounce-unknown-sender',
  'bounce-closed',
  'bounce-expired',
  'invitation',
  'followed-message',
  'followed-update',
] as const;
/** One of {@link MAIL_KINDS}. */
export type MailKind = (typeof MAIL_KINDS)[number];

/** The extension's delivery states. `PENDING` until a sender picks the document up. */
export const DELIVERY_STATES = ['PENDING', 'PROCESSING', 'RETRY', 'SUCCESS', 'ERROR'] as const;
/** One of {@link DELIVERY_STATES}. */
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What the sender wrote back (the extension's `delivery` map, the fields Triage reads). */
export interface MailDelivery {
  state: DeliveryState;
  attempts: number;
  /** ISO-8601 UTC of the last attempt's end; absent before one ended. */
  endTime?: IsoDateTime;
  /** The SMTP server's `Message-ID` and reply on success. */
  info?: { messageId: string; accepted: string[]; rejected: string[]; response: string };
  /** Why the last attempt failed. */
  error?: string;
}

/** The message part: what nodemailer takes as `subject`, `text`, `html` and threading headers. */
export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  /** `<…>`: this email's own id. */
  messageId: string;
  /** `<…>`: the ticket's first email, so mail clients thread every email of a ticket. */
  inReplyTo?: string;
  references?: string;
}

/** One outgoing email as stored. */
export interface MailDocument {
  to: string[];
  replyTo?: string;
  headers: Record<string, string>;
  message: MailMessage;
  kind: MailKind;
  /** The ticket the email is about; absent for none (an invitation). */
  ticketId?: string;
  ticketNumber?: number;
  /** The person it is written to, when they have an account. */
  recipientUid?: string;
  createdAt: IsoDateTime;
  delivery?: MailDelivery;
}

/** A stored outgoing email with its document id, as the "Outgoing mail" list shows it. */
export interface OutgoingMail extends MailDocument {
  id: string;
}
