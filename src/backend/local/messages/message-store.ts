/**
 * The local database's {@link MessageStore} (DESIGN §3): what `addMessageThrough` reads and writes
 * when a message is added on IndexedDB — by the composer (`messages.ts`) or by reply by email
 * (`mail/mail-server.ts`). Runs inside the caller's Dexie `rw` transaction, whose scope must hold
 * `messages`, `events`, `settings` (when the desk's setting is read), `files` (when files are
 * checked) and the ticket write tables (`ticketWriteTables`).
 */
import { NOTE_WORDS, PUBLIC_WORDS, type TriageDb } from '@/backend/local/core/db';
import { conversationKeysOf } from '@/domain/search-keys';
import { isoAt } from '@/backend/local/core/context';
import { readDeskSettings } from '@/backend/local/settings/settings';
import { auditEventsOf } from '@/backend/local/tickets/audit-records';
import { readFieldsContext } from '@/backend/local/tickets/field-values';
import type { MessageStore } from '@/domain/plans/add-message';
import { applyTicketWrite } from '@/domain/plans/ticket-write';
import type { Attachment, Message, Ticket } from '@/domain/types';

/** The message being added, beside what the plan decides. */
export interface LocalMessageContent {
  ticketId: string;
  /** The client-chosen (or, for an email, derived) message id. */
  messageId: string;
  body: string;
  /**
   * The files the message holds, checked against what was uploaded (see `verifiedAttachments`);
   * called by the write, after the plan, so a refused message checks no file.
   */
  attachments: () => Promise<Attachment[]>;
  /** Whether the desk's `assignOnReply` applies (`never` for reply by email, which comes from the requester). */
  assignOnReply: 'desk' | 'never';
  /** The write's time, ms since the epoch. */
  now: () => number;
}

/** What the local write returns: the stored message and its ticket before and after (for the mail triggers). */
export interface LocalMessageWrite {
  message: Message;
  before: Ticket;
  after: Ticket;
}

/**
 * The local store for one message: reads `tickets`, `messages` and `settings` rows; writes the
 * message, the ticket as the plan changes it and the plan's audit events (one per entry, with the
 * author as actor).
 */
export function localMessageStore(
  db: TriageDb,
  content: LocalMessageContent,
): MessageStore<Message, LocalMessageWrite> {
  const { ticketId, messageId } = content;
  return {
    readTicket: async () => (await db.tickets.get(ticketId)) ?? null,
    readMessage: async () => (await db.messages.get([ticketId, messageId])) ?? null,
    readAssignOnReply: async () => content.assignOnReply === 'desk' && (await readDeskSettings(db)).assignOnReply,
    readFields: (ticket) => readFieldsContext(db, ticket),
    write: async (plan, ticket) => {
      const attachments = await content.attachments();
      const ms = content.now();
      const at = isoAt(ms);
      const message: Message = {
        id: messageId,
        ticketId,
        ...plan.author,
        body: content.body,
        attachments,
        createdAt: at,
      };
      await db.messages.add(message);
      const after = applyTicketWrite(ticket, plan.write, at);
      // The message's words join the ticket's (db.ts): a note's only the staff's search keys.
      const words = { [message.internal ? NOTE_WORDS : PUBLIC_WORDS]: conversationKeysOf(message.body) };
      await db.tickets.put({ ...after, ...words });
      if (plan.events.length > 0) {
        await db.events.bulkAdd(auditEventsOf(ticketId, plan.events, plan.author.authorId, ms));
      }
      return { message, before: ticket, after };
    },
  };
}
