/**
 * The local {@link MailPort} and the local backend's trusted code after each write (DESIGN §9,
 * §10 "Triggers"): after each successful ticket write or new message by a person, the desk's
 * triggers run (`trigger-runs.ts`), then `mail-server.ts` (loaded on first use) writes the emails
 * it all causes, as the Cloud Functions do after a Firestore write. A failure there is logged
 * and never fails the write that caused it (on Firebase, too, a trigger runs after the commit).
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { TicketsPort } from '@/backend/port/tickets';
import type { MessagesPort } from '@/backend/port/messages';
import type { MailPort, SimulatedInboundEmail } from '@/backend/port/mail';
import { requireUser, runWrite, watchLive, type LocalContext } from '@/backend/local/core/context';
import { assertCan } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import type { OutgoingMail } from '@/domain/mail/mail-document';
import { parseInput, simulatedInboundEmailSchema } from '@/domain/schemas';
import type { Ticket } from '@/domain/types';

import { runTriggersAfterWrite } from '@/backend/local/tickets/trigger-runs';

const server = () => import(/* webpackChunkName: "local-mail" */ '@/backend/local/mail/mail-server');

/** Runs a trigger; its failure is the server's log line, not the caller's error. */
function trigger(run: () => Promise<unknown>): Promise<void> {
  return run().then(
    () => undefined,
    (error: unknown) => console.warn('Triage local mail: an email could not be written', error),
  );
}

/**
 * Wraps the local tickets and messages ports so that each successful write is followed by the
 * desk's triggers and then its emails. The write resolves once they are stored (with the ticket as
 * the triggers left it), so what a caller sees next includes them.
 */
export function withMailTriggers(
  ctx: LocalContext,
  tickets: Omit<TicketsPort, 'bulk'>,
  messages: MessagesPort,
): { tickets: Omit<TicketsPort, 'bulk'>; messages: MessagesPort } {
  const actorId = () => ctx.session.current()?.uid ?? '';
  const afterTicketWrite = async (id: string, write: () => Promise<Ticket>): Promise<Ticket> => {
    await ctx.ready;
    const before = (await ctx.db.tickets.get(id)) ?? null;
    const written = await write();
    // The desk's triggers act on the write first (DESIGN §10 "Triggers"); the emails follow both.
    const after = (await runTriggersAfterWrite(ctx, id, before)) ?? written;
    await trigger(async () => (await server()).mailForTicketWrite(ctx, before, after, actorId()));
    return after;
  };
  return {
    tickets: {
      ...tickets,
      async create(input) {
        const created = await tickets.create(input);
        const ticket = (await runTriggersAfterWrite(ctx, created.id, null)) ?? created;
        await trigger(async () => (await server()).mailForTicketWrite(ctx, null, ticket, ticket.requesterId));
        return ticket;
      },
      transition: (id, event, options) => afterTicketWrite(id, () => tickets.transition(id, event, options)),
      update: (id, patch, options) => afterTicketWrite(id, () => tickets.update(id, patch, options)),
      // A macro's reply mails as a reply does, and its status move as that move does.
      async applyMacro(id, input) {
        await ctx.ready;
        const before = (await ctx.db.tickets.get(id)) ?? null;
        const applied = await tickets.applyMacro(id, input);
        if (input.preview || (applied.messages.length === 0 && applied.changes.length === 0)) return applied;
        const result = { ...applied, ticket: (await runTriggersAfterWrite(ctx, id, before)) ?? applied.ticket };
        await trigger(async () => {
          const mailServer = await server();
          for (const message of result.messages) await mailServer.mailForNewMessage(ctx, message);
          await mailServer.mailForTicketWrite(ctx, before, result.ticket, actorId());
        });
        return result;
      },
    },
    messages: {
      ...messages,
      async add(ticketId, input) {
        await ctx.ready;
        const before = (await ctx.db.tickets.get(ticketId)) ?? null;
        const message = await messages.add(ticketId, input);
        if (before) await runTriggersAfterWrite(ctx, ticketId, before);
        await trigger(async () => {
          const mailServer = await server();
          await mailServer.mailForNewMessage(ctx, message);
          // "Reply and solve" solves the ticket in the same write: its "solved" email too.
          const after = await ctx.db.tickets.get(ticketId);
          if (after) await mailServer.mailForTicketWrite(ctx, before, after, message.authorId);
        });
        return message;
      },
    },
  };
}

/** The local {@link MailPort}: the `mail` table, and "Simulate a reply" for admins. */
export function createLocalMail(ctx: LocalContext): MailPort {
  return {
    canSimulateInbound: true,

    watchOutgoing(limit: number, onNext: Listener<OutgoingMail[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'mail.read');
          return ctx.db.mail
            .orderBy('createdAt')
            .reverse()
            .limit(Math.min(Math.max(1, limit), 200))
            .toArray();
        },
        onNext,
        onError,
      );
    },

    simulateInbound: (email: SimulatedInboundEmail) =>
      runWrite(ctx, async () => {
        const checked = parseInput(simulatedInboundEmailSchema, email);
        const me = await requireUser(ctx);
        assertCan(principalOf(me), 'mail.simulateInbound');
        return (await server()).receiveEmail(ctx, checked);
      }),
  };
}
