/**
 * The mail port (DESIGN §9): the outgoing email trusted code writes, and reply by email fed in by hand
 * where the adapter allows it.
 */
import type { OutgoingMail } from '@/domain/mail/mail-document';
import type { Unsubscribe, Listener, ErrorListener } from '@/backend/port/subscriptions';

/** What {@link MailPort.simulateInbound} takes: an email as a mail provider would post it. */
export interface SimulatedInboundEmail {
  /** The ticket whose reply address the email is sent to. */
  ticketNumber: number;
  /** The sender's address. */
  from: string;
  /** The whole plain-text body, quoted history included. */
  text: string;
  /** Sent by an auto-responder (an out-of-office: `Auto-Submitted: auto-replied`); default false. */
  automatic?: boolean;
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
