/**
 * `tickets/{id}/messages/{mid}` on IndexedDB (DESIGN §1–§3): public replies and internal notes.
 * Internal notes never leave the adapter for customers; a requester's reply reopens a
 * waiting or solved ticket in the same transaction that stores it.
 */
import Dexie from 'dexie';
import { z } from 'zod/mini';
import type { ErrorListener, Listener, MessagesPort, Unsubscribe } from '@/backend/port';
import { AppError } from '@/domain/errors';
import { eventForReply } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import { attachmentListSchema, newMessageSchema, type NewMessageInput } from '@/domain/schemas';
import type { Attachment, AuditEvent, Message, Ticket } from '@/domain/types';
import {
  actorOf,
  isoAt,
  parseInput,
  permissionDenied,
  principalOf,
  requireUser,
  runCall,
  watchLive,
  type LocalContext,
} from '@/backend/local/context';
import { CLIENT_ID_PATTERN } from '@/backend/local/ids';
import { applyTransition, readableTicket } from '@/backend/local/ticket-rules';

const messageInputSchema = z.extend(newMessageSchema, {
  id: z.string().check(z.regex(CLIENT_ID_PATTERN, 'A message id is 1–128 letters, digits, hyphens or underscores.')),
  attachments: z.optional(
    z.array(z.object({ path: z.string().check(z.minLength(1, 'An attachment needs its stored path.')) })),
  ),
});

/** What `messages.add` takes (the port's input type). */
export type AddMessageInput = NewMessageInput & { id: string; attachments?: Message['attachments'] };

/** The folder a message's attachments live in (DESIGN §4), with its trailing slash. */
export function attachmentFolder(ticketId: string, messageId: string): string {
  return `tickets/${ticketId}/${messageId}/`;
}

function byTimeThenId(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** The local {@link MessagesPort}. */
export function createLocalMessages(ctx: LocalContext): MessagesPort {
  const { db } = ctx;

  return {
    watch(ticketId: string, onNext: Listener<Message[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          readableTicket(me, await db.tickets.get(ticketId));
          const messages = await db.messages
            .where('[ticketId+createdAt]')
            .between([ticketId, Dexie.minKey], [ticketId, Dexie.maxKey])
            .toArray();
          // Filtered here, not in the UI: a customer's copy of the data never holds a note.
          const readsNotes = can(principalOf(me), 'ticket.readInternal');
          return messages.filter((message) => readsNotes || !message.internal).sort(byTimeThenId);
        },
        onNext,
        onError,
      );
    },

    add: (ticketId: string, input: AddMessageInput) =>
      runCall(ctx, async () => {
        const { id, body, internal, attachments: stored = [] } = parseInput(messageInputSchema, input);
        const files = parseInput(attachmentListSchema, input.attachments ?? []);
        const folder = attachmentFolder(ticketId, id);

        return db.transaction('rw', [db.users, db.tickets, db.messages, db.events, db.files], async () => {
          const me = await requireUser(ctx);
          const principal = principalOf(me);
          const ticket = readableTicket(me, await db.tickets.get(ticketId));

          // A retry of a write that already landed (even if the ticket closed since) succeeds.
          const existing = await db.messages.get([ticketId, id]);
          if (existing) {
            if (existing.authorId !== me.uid)
              throw new AppError('already-exists', 'Another message already has this id.');
            return existing;
          }
          if (internal && !can(principal, 'ticket.writeInternal')) {
            throw permissionDenied('Only agents and admins can write internal notes.');
          }
          if (ticket.status === 'closed') {
            throw new AppError('failed-precondition', 'This ticket is closed. Start a follow-up request instead.');
          }
          if (!internal && !can(principal, 'ticket.reply', ticket))
            throw permissionDenied('You cannot reply on this ticket.');
          if (files.length > 0 && !can(principal, 'ticket.attach', ticket)) {
            throw permissionDenied('You cannot attach files to this ticket.');
          }

          const attachments: Attachment[] = [];
          for (const [i, file] of files.entries()) {
            const path = stored[i]?.path ?? '';
            const record = await db.files.get(path);
            if (!path.startsWith(folder) || !record) {
              throw new AppError('invalid-argument', `Upload “${file.name}” to this message before sending it.`);
            }
            // The stored bytes, not the caller's word, say how big the file is and what it is.
            attachments.push({ path, name: file.name, size: record.size, contentType: record.contentType });
          }

          const ms = ctx.now();
          const at = isoAt(ms);
          const message: Message = {
            id,
            ticketId,
            authorId: me.uid,
            authorName: me.displayName,
            authorRole: me.role,
            body,
            internal,
            attachments,
            createdAt: at,
          };
          let next: Ticket = { ...ticket, updatedAt: at };
          const events: AuditEvent[] = [];
          // A note changes nothing the requester sees: their list keeps its order and "last reply by".
          if (!internal) {
            next.lastMessageAt = at;
            next.lastMessageBy = me.role === 'customer' ? 'customer' : 'agent';
            if (isStaff(me.role) && me.uid !== ticket.requesterId && !ticket.firstResponseAt) next.firstResponseAt = at;
            const event = eventForReply(ticket, actorOf(me));
            if (event) {
              const outcome = applyTransition(next, event, me, ms);
              next = outcome.ticket;
              events.push(...outcome.events);
            }
          }
          await db.messages.add(message);
          await db.tickets.put(next);
          if (events.length > 0) await db.events.bulkAdd(events);
          return message;
        });
      }),
  };
}
