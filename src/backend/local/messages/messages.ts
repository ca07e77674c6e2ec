/**
 * `tickets/{id}/messages/{mid}` on IndexedDB (DESIGN §1–§3): public replies and internal notes.
 * Internal notes never leave the adapter for customers. Adding a message goes through
 * `addMessageThrough` (`src/domain/plans/add-message.ts`) over the local store
 * (`message-store.ts`) in one transaction: it reads the ticket (and, when the reply could take
 * it, the desk's `assignOnReply`), checks and plans the message, then writes the message, the
 * ticket's change and its audit events. The plan
 * moves the status: a requester's reply reopens a pending, on-hold or solved ticket; a staff
 * member's public reply on a new ticket opens it and, when the ticket is unassigned and the desk's
 * setting is on, assigns it to them; a lifecycle event carried by the message ("Reply and set
 * pending") decides the next status instead of those automatic moves.
 */
import { readerFor } from '@/backend/local/tickets/reader';
import { ticketWriteTables } from '@/backend/local/core/db';
import Dexie from 'dexie';
import { z } from 'zod/mini';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { AddMessageInput, MessagesPort } from '@/backend/port/messages';
import { can } from '@/domain/policy';
import { addMessageThrough } from '@/domain/plans/add-message';
import { principalOf } from '@/domain/plans/ticket-write';
import { readableTicket } from '@/domain/errors/refusals';
import { lifecycleEventSchema, newMessageSchema, parseInput, writeOptionsSchema } from '@/domain/schemas';
import type { Message } from '@/domain/types';
import { requireUser, watchLive, type LocalContext, runWrite } from '@/backend/local/core/context';
import { clientIdSchema, storedAttachmentsSchema, verifiedAttachments } from '@/backend/local/files/attachments';
import { localMessageStore } from '@/backend/local/messages/message-store';

/** The port's `AddMessageInput`, validated (DESIGN §3 limits; unknown keys dropped). */
const addMessageInputSchema = z.extend(z.extend(newMessageSchema, writeOptionsSchema.shape), {
  id: clientIdSchema,
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
          readableTicket(await readerFor(db, me), await db.tickets.get(ticketId));
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

        return db.transaction(
          'rw',
          [db.users, db.messages, db.events, db.files, ...ticketWriteTables(db)],
          async () => {
            const me = await requireUser(ctx);
            const store = localMessageStore(db, {
              ticketId,
              messageId: id,
              body,
              attachments: () => verifiedAttachments(db, me, ticketId, id, named),
              assignOnReply: 'desk',
              now: () => ctx.now(),
            });
            const outcome = await addMessageThrough(store, {
              actor: me,
              internal,
              attachmentCount: named.length,
              event,
              expectedUpdatedAt,
            });
            return outcome.kind === 'retried' ? outcome.message : outcome.written.message;
          },
        );
      }),
  };
}
