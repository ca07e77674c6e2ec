/**
 * Recurring tickets on IndexedDB (DESIGN §10 "Recurring tickets"): the `recurringTickets` table,
 * as `recurringTickets/{id}` is on Firebase. Admins read and write the templates; trusted code
 * reads them (`readLocalRecurringTickets`: a malformed one is never run; `recurring-runs.ts`).
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import { parseInput } from '@/domain/schemas';
import {
  MAX_RECURRING_TICKETS,
  recurringTicketFrom,
  recurringTicketIdSchema,
  recurringTicketSchema,
  type RecurringTicket,
  type RecurringTicketInput,
} from '@/domain/recurring-tickets';
import { isoAt, requireUser, runWrite, watchLive, type LocalContext } from '@/backend/local/core/context';
import type { RecurringTicketRecord, TriageDb } from '@/backend/local/core/db';

/** A stored recurring ticket as read; `null` when malformed. */
function recurringOf(record: RecurringTicketRecord): RecurringTicket | null {
  const { id, updatedAt, updatedBy, ...data } = record;
  return recurringTicketFrom(id, data, { updatedAt, updatedBy });
}

/** Every well-formed recurring ticket of the desk, by title (inside the caller's transaction, if any). */
export async function readLocalRecurringTickets(db: TriageDb): Promise<RecurringTicket[]> {
  const all = (await db.recurringTickets.toArray()).flatMap((record) => recurringOf(record) ?? []);
  return all.sort((a, b) => a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1));
}

/** Follows the desk's recurring tickets (`SettingsPort.watchRecurringTickets`; admins only). */
export function watchLocalRecurringTickets(
  ctx: LocalContext,
  onNext: Listener<RecurringTicket[]>,
  onError: ErrorListener,
): Unsubscribe {
  return watchLive(
    ctx,
    async (me) => {
      assertCan(principalOf(me), 'settings.manage');
      return readLocalRecurringTickets(ctx.db);
    },
    onNext,
    onError,
  );
}

/** Creates or replaces a recurring ticket (`SettingsPort.saveRecurringTicket`). */
export function saveLocalRecurringTicket(ctx: LocalContext, input: RecurringTicketInput): Promise<RecurringTicket> {
  const { db } = ctx;
  return runWrite(ctx, async () => {
    const id = parseInput(recurringTicketIdSchema, input.id);
    const { id: _id, ...fields } = input;
    const { category, ...template } = parseInput(recurringTicketSchema, fields);
    const checked = { ...template, ...(category ? { category } : {}) };
    return db.transaction('rw', [db.users, db.recurringTickets], async () => {
      const me = await requireUser(ctx);
      assertCan(principalOf(me), 'settings.manage');
      if (!(await db.recurringTickets.get(id)) && (await db.recurringTickets.count()) >= MAX_RECURRING_TICKETS) {
        throw refusals.tooManyRecurringTickets(MAX_RECURRING_TICKETS);
      }
      const saved = { updatedAt: isoAt(ctx.now()), updatedBy: me.uid };
      await db.recurringTickets.put({ ...checked, id, ...saved });
      return { ...checked, id, ...saved } as RecurringTicket;
    });
  });
}

/** Deletes a recurring ticket (`SettingsPort.deleteRecurringTicket`); one that does not exist is already deleted. */
export function deleteLocalRecurringTicket(ctx: LocalContext, id: string): Promise<void> {
  const { db } = ctx;
  return runWrite(ctx, async () =>
    db.transaction('rw', [db.users, db.recurringTickets], async () => {
      const me = await requireUser(ctx);
      assertCan(principalOf(me), 'settings.manage');
      await db.recurringTickets.delete(id);
    }),
  );
}
