/**
 * Per-day statistics on Firebase (DESIGN §11), twin of the local middleware's `writeStats`: after
 * each ticket write, the difference between the ticket's statistics entries before the write and
 * as the ticket is stored now (`statsChangesBetween`) is written to `stats/{day}` — each entry at
 * its own field path (`created.{ticketId}`…), so a retried run writes the same values again and a
 * late run of an older change cannot put back what a newer one took out (it compares with the
 * ticket as stored, not with its own change's `after`, read in the transaction that writes).
 */
import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type SetOptions,
} from 'firebase-admin/firestore';
import { statsChangesBetween, type StatsChange } from '@/domain/reports/day-stats';
import type { DeskSettings } from '@/domain/types';
import { ticketOf } from './snapshot-values';
import { readDesk } from './sla';

/** What stages the writes: a batch, or the transaction that read the ticket. */
interface StatsWriter {
  set(ref: DocumentReference, data: DocumentData, options: SetOptions): unknown;
  update(ref: DocumentReference, field: FieldPath, value: unknown, ...moreFieldsAndValues: unknown[]): unknown;
}

/**
 * Stages statistics changes: per day touched, the document (created when missing) and each
 * entry at its own field path — set whole, or deleted.
 */
function stageStatsChanges(db: Firestore, writer: StatsWriter, changes: readonly StatsChange[]): void {
  const days = new Map<string, StatsChange[]>();
  for (const change of changes) days.set(change.day, [...(days.get(change.day) ?? []), change]);
  for (const [day, dayChanges] of days) {
    const ref = db.collection('stats').doc(day);
    writer.set(ref, { day }, { merge: true });
    const [firstChange, ...rest] = dayChanges.map((change) => [
      new FieldPath(change.section, change.ticketId),
      change.entry ?? FieldValue.delete(),
    ]);
    if (firstChange) writer.update(ref, firstChange[0] as FieldPath, firstChange[1], ...rest.flat());
  }
}

/** Writes statistics changes, one batch (at most three days per ticket write). */
export async function writeStatsChanges(db: Firestore, changes: readonly StatsChange[]): Promise<void> {
  if (changes.length === 0) return;
  const batch = db.batch();
  stageStatsChanges(db, batch, changes);
  await batch.commit();
}

/**
 * Records one ticket write in the statistics.
 *
 * The stored ticket is read in a transaction that writes the changes: until they are committed,
 * no newer version of the ticket can be written (and so no newer change's run can write first
 * and then be overwritten by these — a reopen's removal of the solve lost to the solve's late
 * run). The desk is read before, outside it.
 * @param before the ticket before the write (`null` when created).
 * @param after the ticket after it; it is read again, so the entries are those of the stored ticket.
 * @param desk the desk settings when already read (the time zone of the days, the SLA policy).
 * @returns how many entries were set or removed.
 */
export async function recordTicketStats(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot | null,
  desk?: DeskSettings,
): Promise<number> {
  const settings = desk ?? (await readDesk(db));
  const previous = before ? ticketOf(before) : null;
  if (!after) {
    const changes = statsChangesBetween(previous, null, settings);
    await writeStatsChanges(db, changes);
    return changes.length;
  }
  // A write that changes none of the ticket's entries (most: a tag, a message, this code's own SLA
  // write) writes nothing here — and needs no transaction: a newer change of the stored ticket has
  // its own run, which compares from this one's `after`, equal to its `before` here.
  if (statsChangesBetween(previous, ticketOf(after), settings).length === 0) return 0;
  return db.runTransaction(async (tx) => {
    const stored = await tx.get(after.ref);
    const changes = statsChangesBetween(previous, stored.exists ? ticketOf(stored) : null, settings);
    stageStatsChanges(db, tx, changes);
    return changes.length;
  });
}
