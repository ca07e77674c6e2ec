/**
 * `tickets/{id}/messages/{mid}` on IndexedDB (DESIGN §1–§3): public replies and internal notes.
 * Internal notes never leave the adapter for customers; a requester's reply reopens a
 * waiting or solved ticket in the same transaction that stores it, and a message may carry a
 * lifecycle event ("Reply and set pending") fired in that transaction too — in which case
 * that event, not the automatic reopen, decides the next status.
 */
import Dexie from 'dexie';
import { z } from 'zod/mini';
import type { AddMessageInput, ErrorListener, Listener, MessagesPort, Unsubscribe } from '@/backend/port';
import { AppError } from '@/domain/errors';
import { eventForReply } from '@/domain/lifecycle';
import { can } from '@/domain/policy';
import { isStaff } from '@/domain/roles';
import { lifecycleEventSchema, newMessageSchema, writeOptionsSchema } from '@/domain/schemas';
import type { AuditEvent, Message, Ticket } from '@/domain/types';
import {
  actorOf,
  isoAt,
  parseInput,
  permissionDenied,
  principalOf,
  requireUser,
  watchLive,
  type LocalContext,
  runWrite,
} from '@/backend/local/context';
import { clientIdSchema, storedAttachmentsSchema, verifiedAttachments } from '@/backend/local/attachments';
import { applyTransition, assertUnchangedSince, readableTicket } from '@/backend/local/ticket-rules';

/** The port's `AddMessageInput`, validated (DESIGN §3 limits; unknown keys dropped). */
const addMessageInputSchema = z.extend(z.extend(newMessageSchema, writeOptionsSchema.shape), {
  id: clientIdSchema('A message id'),
  attachments: z.optional(storedAttachmentsSchema),
  event: z.optional(lifecycleEventSchema),
});

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
      runWrite(ctx, async () => {
        const {
          id,
          body,
          internal,
          attachments: named = [],
          event,
          expectedUpdatedAt,
        } = parseInput(addMessageInputSchema, input);

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
          if (named.length > 0 && !can(principal, 'ticket.attach', ticket)) {
            throw permissionDenied('You cannot attach files to this ticket.');
          }
          // The guard protects the status change; a plain reply never overwrites anything.
          if (event !== undefined) assertUnchangedSince(ticket, expectedUpdatedAt);
          const attachments = await verifiedAttachments(db, me, ticketId, id, named);

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
          // A note changes nothing the requester sees: their list keeps its order and "last reply by".
          if (!internal) {
            next.lastMessageAt = at;
            next.lastMessageBy = me.role === 'customer' ? 'customer' : 'agent';
            if (isStaff(me.role) && me.uid !== ticket.requesterId && !ticket.firstResponseAt) next.firstResponseAt = at;
          }
          // An explicit event says where the ticket goes next and replaces the automatic reopen
          // (a requester's "reply and mark solved" on a pending ticket solves it; their reply with
          // "reopen" on a solved one reopens it once). Without one, DESIGN §2's customer_reply applies.
          const move = event ?? (internal ? null : eventForReply(ticket, actorOf(me)));
          const events: AuditEvent[] = [];
          if (move) {
            // Throws for a move the table forbids: the transaction then writes nothing, message included.
            const outcome = applyTransition(next, move, me, ms);
            next = outcome.ticket;
            events.push(...outcome.events);
          }
          await db.messages.add(message);
          await db.tickets.put(next);
          if (events.length > 0) await db.events.bulkAdd(events);
          return message;
        });
      }),
  };
}
