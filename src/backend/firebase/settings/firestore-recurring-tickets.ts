/**
 * Recurring tickets on Firestore (DESIGN §10 "Recurring tickets"): `recurringTickets/{id}`, one
 * document each, admins only (the rules type and bound each; readers drop a malformed one). The
 * scheduled Cloud Function creates the tickets (`functions/src/recurring-tickets.ts`). A module
 * of its own, loaded on first use.
 */
import {
  collection,
  doc,
  getCountFromServer,
  runTransaction,
  serverTimestamp,
  type Firestore,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
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
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor, readActorIn } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { optionalIsoFrom } from '@/backend/firebase/core/firestore-values';

function recurringRef(db: Firestore, id: string) {
  return doc(db, 'recurringTickets', id);
}

/** A stored recurring ticket as read, its time as ISO-8601 (now while the write is pending); `null` when malformed. */
function recurringOf(id: string, data: Record<string, unknown>): RecurringTicket | null {
  const { updatedAt, updatedBy, ...fields } = data;
  const at = optionalIsoFrom(updatedAt) ?? new Date().toISOString();
  return recurringTicketFrom(id, fields, { updatedAt: at, updatedBy: typeof updatedBy === 'string' ? updatedBy : '' });
}

/** Follows the desk's recurring tickets by title (`SettingsPort.watchRecurringTickets`); `permission-denied` but for admins. */
export async function watchRecurringTickets(
  ctx: FirestoreContext,
  onNext: Listener<RecurringTicket[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const me = await readActor(ctx);
  assertCan(principalOf(me), 'settings.manage');
  return watchQuery(
    collection(ctx.db, 'recurringTickets'),
    (snapshot) =>
      snapshot.docs
        .flatMap((row) => recurringOf(row.id, row.data()) ?? [])
        .sort((a, b) => a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1)),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Creates or replaces a recurring ticket (`SettingsPort.saveRecurringTicket`). A new one counts the
 * desk's first: the limit is the adapter's (rules cannot count), so two admins adding the last
 * allowed one at the same instant may both land.
 */
export async function saveRecurringTicket(
  ctx: FirestoreContext,
  input: RecurringTicketInput,
): Promise<RecurringTicket> {
  const id = parseInput(recurringTicketIdSchema, input.id);
  const { id: _id, ...fields } = input;
  const { category, ...template } = parseInput(recurringTicketSchema, fields);
  const checked = { ...template, ...(category ? { category } : {}) };
  const { db } = ctx;
  const uid = await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    const stored = await tx.get(recurringRef(db, id));
    if (!stored.exists()) {
      const count = (await getCountFromServer(collection(db, 'recurringTickets'))).data().count;
      if (count >= MAX_RECURRING_TICKETS) throw refusals.tooManyRecurringTickets(MAX_RECURRING_TICKETS);
    }
    tx.set(recurringRef(db, id), { ...checked, updatedAt: serverTimestamp(), updatedBy: actor.uid });
    return actor.uid;
  });
  return { ...checked, id, updatedAt: new Date().toISOString(), updatedBy: uid } as RecurringTicket;
}

/** Deletes a recurring ticket (`SettingsPort.deleteRecurringTicket`); one that does not exist is already deleted. */
export async function deleteRecurringTicket(ctx: FirestoreContext, id: string): Promise<void> {
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    tx.delete(recurringRef(db, id));
  });
}
