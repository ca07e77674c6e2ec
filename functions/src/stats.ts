/**
 * Per-day statistics on Firebase (DESIGN §11), twin of the local middleware's `writeStats`: after
 * each ticket write, the day counters move by the difference between the entries this code last
 * counted for the ticket and the entries of the ticket as stored now.
 *
 * What was counted is kept per ticket in `statsLedger/{ticketId}` (trusted code only; at most
 * three entries), read and written in the transaction that reads the stored ticket. So a retried
 * run finds nothing left to count, a late run of an older change counts the ticket as it is now,
 * and two runs of one ticket cannot both count the same change: the day documents hold counters
 * only (`counts`, `names`), never an entry per ticket, and stay the same size however busy the day.
 */
import {
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { customFieldValuesFrom, type CustomFieldDefinition } from '@/domain/custom-fields';
import { customFieldDefinitionsFrom } from '@/domain/custom-field-schemas';
import {
  STATS_LEDGER,
  statsDeltas,
  statsDropdownsOf,
  statsEntriesDiff,
  statsEntriesFrom,
  statsEntriesOf,
  type StatsDelta,
  type StatsDesk,
} from '@/domain/reports/day-stats';
import type { DeskSettings } from '@/domain/types';
import { ticketOf } from './snapshot-values';
import { readDesk } from './sla';

/** Stages one day's counter changes: increments, and the agents' names (merged into the day). */
function stageDelta(db: Firestore, tx: Transaction, delta: StatsDelta): void {
  const counts = Object.fromEntries(Object.entries(delta.counts).map(([key, by]) => [key, FieldValue.increment(by)]));
  tx.set(db.collection('stats').doc(delta.day), { day: delta.day, counts, names: delta.names }, { merge: true });
}

/** The custom field definitions statistics count dropdowns by (`settings/fields`; none when absent). */
export async function readFieldDefinitions(db: Firestore): Promise<CustomFieldDefinition[]> {
  return customFieldDefinitionsFrom((await db.doc('settings/fields').get()).get('fields'));
}

/**
 * Records one ticket write in the statistics.
 *
 * A write that changes none of the ticket's entries (most: a tag, a message, this code's own SLA
 * write) needs no transaction: the ledger already holds what `before` stands for, or a run of an
 * earlier change will bring it there. Otherwise, in one transaction: the stored ticket, its
 * agents-only values (their dropdowns count too, DESIGN §11 "Tickets by field") and its ledger are
 * read, the counters move by their difference, and the ledger becomes the stored ticket's entries
 * (removed with the ticket).
 * @param before the ticket before the write (`null` when created).
 * @param after the ticket after it (`null` when deleted); it is read again, so the counters follow
 *   the stored ticket.
 * @param desk the desk settings when already read (the time zone of the days, the SLA policy, the
 *   categories).
 * @param definitions the custom field definitions when already read.
 * @returns how many entries were counted or taken back.
 */
export async function recordTicketStats(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot | null,
  desk?: DeskSettings,
  definitions?: readonly CustomFieldDefinition[],
): Promise<number> {
  const ref = (after ?? before)?.ref;
  if (!ref) return 0;
  // The ticket's own values only: a ticket write leaves its agents-only values as they were. The
  // definitions matter to this check only when the ticket has values (on a desk without fields no
  // write reads them); the recount always counts by them.
  const previous = before?.exists ? ticketOf(before) : null;
  const next = after?.exists ? ticketOf(after) : null;
  const hasValues = Boolean(previous?.fields ?? next?.fields);
  const [settings, fields] = await Promise.all([
    desk ?? readDesk(db),
    definitions ?? (hasValues ? readFieldDefinitions(db) : undefined),
  ]);
  const checked: StatsDesk = { ...settings, ...(fields && { fieldDefinitions: fields }) };
  const { removed, added } = statsEntriesDiff(statsEntriesOf(previous, checked), statsEntriesOf(next, checked));
  if (removed.length === 0 && added.length === 0) return 0;
  return recountTicket(db, ref, { ...settings, fieldDefinitions: fields ?? (await readFieldDefinitions(db)) });
}

/**
 * Brings one ticket's counters to the ticket as stored, in one transaction (see
 * {@link recordTicketStats}); also run on every write of its agents-only values.
 * @returns how many entries were counted or taken back.
 */
export async function recountTicket(db: Firestore, ref: DocumentReference, desk: StatsDesk): Promise<number> {
  const ledgerRef = db.collection(STATS_LEDGER).doc(ref.id);
  const agentRef = ref.collection('agentFields').doc('values');
  return db.runTransaction(async (tx) => {
    const [stored, ledger, agents] = await Promise.all([tx.get(ref), tx.get(ledgerRef), tx.get(agentRef)]);
    const counted = statsEntriesFrom(ledger.get('entries'));
    const ticket = stored.exists ? ticketOf(stored) : null;
    const agentValues = customFieldValuesFrom(agents.get('values'));
    const now = statsEntriesOf(ticket && { ...ticket, fields: { ...ticket.fields, ...agentValues } }, desk);
    const diff = statsEntriesDiff(counted, now);
    for (const delta of statsDeltas(diff.removed, diff.added)) stageDelta(db, tx, delta);
    if (now.length === 0) tx.delete(ledgerRef);
    else if (diff.removed.length > 0 || diff.added.length > 0) tx.set(ledgerRef, { entries: now });
    return diff.removed.length + diff.added.length;
  });
}

/**
 * Records one write of a ticket's agents-only values (`tickets/{id}/agentFields/values`) in the
 * statistics: only when a dropdown value changed, the ticket is counted again.
 * @returns how many entries were counted or taken back.
 */
export async function recordAgentFieldStats(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot | null,
): Promise<number> {
  const ref = (after ?? before)?.ref.parent.parent;
  if (!ref) return 0;
  const definitions = await readFieldDefinitions(db);
  const dropdownsOf = (snapshot: DocumentSnapshot | null) =>
    JSON.stringify(statsDropdownsOf(customFieldValuesFrom(snapshot?.get('values')), definitions) ?? {});
  if (dropdownsOf(before) === dropdownsOf(after)) return 0;
  return recountTicket(db, ref, { ...(await readDesk(db)), fieldDefinitions: definitions });
}
