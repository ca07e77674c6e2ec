/**
 * Recurring tickets by trusted code on Firebase (DESIGN §10 "Recurring tickets"), on the scheduled
 * job: each active template of `recurringTickets/` whose latest occurrence is due on the desk's
 * clock gets its ticket, submitted as its requester (the admin who last saved it) through the same
 * planner as the app (`planRecurringTicket` → `planNewTicket`) and the same writes as a person's
 * submit — the number from `counters/tickets` and its `ticketNumbers/` claim, the ticket and its
 * first message — so `ticketWritten` adds its search keys, submission entry, SLA clocks and
 * triggers, and the emails follow, as for any request. Idempotent: the occurrence's ticket id is
 * fixed (`recurringTicketId`) and the transaction creates it only when no ticket has it, so a
 * retried job or two instances at once write it once.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  dueOccurrence,
  planRecurringTicket,
  recurringTicketFrom,
  recurringTicketId,
  type RecurringTicket,
} from '@/domain/recurring-tickets';
import { isoOf, personOf, text } from './snapshot-values';
import { readDesk } from './sla';

/** A stored template as trusted code reads it; `null` when malformed (never run). */
function recurringOf(id: string, data: Record<string, unknown>): RecurringTicket | null {
  const { updatedAt, updatedBy, ...fields } = data;
  const at = isoOf(updatedAt);
  if (!at) return null;
  return recurringTicketFrom(id, fields, { updatedAt: at, updatedBy: text(updatedBy) });
}

/**
 * Creates the tickets of the recurring tickets due at `now` (ms, the job's clock: moved only on
 * the emulators, `clock.ts`). A template whose requester has no profile any more is skipped.
 * @returns the ids of the tickets created.
 */
export async function runRecurringTickets(db: Firestore, now: number): Promise<string[]> {
  const templates = await db.collection('recurringTickets').where('active', '==', true).get();
  if (templates.empty) return [];
  const { timeZone } = (await readDesk(db)).businessHours;
  const created: string[] = [];
  for (const row of templates.docs) {
    const recurring = recurringOf(row.id, row.data());
    if (!recurring) continue;
    const occurrence = dueOccurrence(recurring, now, timeZone);
    if (occurrence === null) continue;
    const ticketRef = db.collection('tickets').doc(recurringTicketId(recurring.id, occurrence));
    const messageRef = ticketRef.collection('messages').doc('description');
    const counter = db.collection('counters').doc('tickets');
    const wrote = await db.runTransaction(async (tx) => {
      const [existing, profile, counterSnapshot] = await Promise.all([
        tx.get(ticketRef),
        tx.get(db.collection('users').doc(recurring.updatedBy)),
        tx.get(counter),
      ]);
      if (existing.exists) return false;
      const requester = personOf(profile);
      if (!requester) return false;
      const plan = planRecurringTicket(recurring, occurrence, timeZone, requester);
      const lastNumber = counterSnapshot.get('lastNumber') as unknown;
      const number = (typeof lastNumber === 'number' && Number.isSafeInteger(lastNumber) ? lastNumber : 0) + 1;
      const at = Timestamp.fromMillis(now);
      tx.set(counter, { lastNumber: number });
      tx.set(db.collection('ticketNumbers').doc(String(number)), { ticketId: ticketRef.id });
      tx.set(ticketRef, {
        number,
        lastMessageId: messageRef.id,
        ...plan.ticket,
        category: plan.ticket.category ?? null,
        assigneeId: null,
        assigneeName: null,
        createdAt: at,
        updatedAt: at,
        updatedBy: requester.uid,
        lastMessageAt: at,
      });
      tx.set(messageRef, { ...plan.message, attachments: [], createdAt: at });
      return true;
    });
    if (wrote) created.push(ticketRef.id);
  }
  return created;
}
