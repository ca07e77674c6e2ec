/**
 * The local backend's trusted code for recurring tickets (DESIGN §10 "Recurring tickets"), on the
 * automation timer (`automation.ts`), the twin of the scheduled Cloud Function's: creates each
 * due occurrence's ticket, once, through the same planners and write as a person's submit.
 */
import { dueOccurrence, planRecurringTicket, recurringTicketId } from '@/domain/recurring-tickets';
import type { Ticket } from '@/domain/types';
import type { LocalContext } from '@/backend/local/core/context';
import { ticketWriteTables } from '@/backend/local/core/db';
import { newSortableId } from '@/backend/local/core/ids';
import { readDeskSettings } from '@/backend/local/settings/settings';
import { readLocalRecurringTickets } from '@/backend/local/settings/recurring-tickets';
import { writeNewTicket } from '@/backend/local/tickets/tickets';
import { runLocalTriggers } from '@/backend/local/tickets/trigger-runs';

/**
 * Trusted code's pass over the recurring tickets (the twin of the scheduled Cloud Function's):
 * each active template whose latest occurrence is due (`dueOccurrence`, on the desk's clock) and
 * has no ticket yet gets one, submitted as its requester (the admin who last saved it) in one
 * transaction that checks the occurrence's ticket id first — so two tabs running the pass at
 * once write it once. A template whose requester no longer exists is skipped.
 * @returns the tickets it created (the caller runs the triggers and emails of each, as after a submit).
 */
export async function runLocalRecurringTickets(ctx: Pick<LocalContext, 'db' | 'now'>): Promise<Ticket[]> {
  const { db } = ctx;
  // Most passes find nothing due: they read the templates and hold no ticket table.
  const templates = (await readLocalRecurringTickets(db)).filter((recurring) => recurring.active);
  if (templates.length === 0) return [];
  const { timeZone: zone } = (await readDeskSettings(db)).businessHours;
  if (templates.every((recurring) => dueOccurrence(recurring, ctx.now(), zone) === null)) return [];
  const tables = [db.users, db.counters, db.messages, db.events, db.recurringTickets, ...ticketWriteTables(db)];
  return db.transaction('rw', tables, async () => {
    const ms = ctx.now();
    const { timeZone } = (await readDeskSettings(db)).businessHours;
    const created: Ticket[] = [];
    // Read again inside the transaction: another tab's pass may have written since.
    for (const recurring of await readLocalRecurringTickets(db)) {
      const occurrence = dueOccurrence(recurring, ms, timeZone);
      if (occurrence === null) continue;
      const ticketId = recurringTicketId(recurring.id, occurrence);
      if (await db.tickets.get(ticketId)) continue;
      const requester = await db.users.get(recurring.updatedBy);
      if (!requester) continue;
      const plan = planRecurringTicket(recurring, occurrence, timeZone, requester);
      const messageId = newSortableId(ms);
      created.push(
        await writeNewTicket(db, {
          ticketId,
          messageId,
          plan,
          values: {},
          attachments: [],
          requester,
          ms,
        }),
      );
    }
    return created;
  });
}

/**
 * One pass of the recurring tickets ({@link runLocalRecurringTickets}), then for each ticket it
 * created the desk's triggers (`created`, by the system) and the emails of the submit, as after a
 * person's submit (`mail.ts`). A failed trigger run or email is logged, never the pass's error.
 * @returns the tickets created, as the triggers left them.
 */
export async function runRecurringTicketsPass(ctx: Pick<LocalContext, 'db' | 'now'>): Promise<Ticket[]> {
  const created = await runLocalRecurringTickets(ctx);
  const results: Ticket[] = [];
  for (const ticket of created) {
    const after = (await runLocalTriggers(ctx, ticket.id, null, 'system').catch(logged)) ?? ticket;
    const server = await import(/* webpackChunkName: "local-mail" */ '@/backend/local/mail/mail-server');
    await server.mailForTicketWrite(ctx, null, after, ticket.requesterId).catch(logged);
    results.push(after);
  }
  return results;
}

function logged(error: unknown): null {
  console.warn('Triage: a recurring ticket’s triggers or emails failed', error);
  return null;
}
