/**
 * What trusted code does on every write of `tickets/{ticketId}` (DESIGN §4): the audit trail,
 * the search keys with the SLA fields and the statistics (`recordTicketChange`), the emails
 * (`mailForTicketWrite`), the staff's search copy (`copyForStaffSearch`, DESIGN §3 "Search") and the
 * desk's triggers (`runTicketTriggers`, DESIGN §10 "Triggers"). Each is its own job (DESIGN §5): one that fails — a statistics day
 * Firestore refuses to grow, say — never keeps another from being written. Every job is
 * idempotent, so after all have run the first failure is thrown, and the platform's retry runs
 * them again.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { mailForTicketWrite, type MailConfig } from './mail';
import { copyForStaffSearch } from './staff-search';
import { recordTicketChange, type TicketChange } from './ticket-change';
import { runTicketTriggers } from './triggers';

/**
 * The jobs of one ticket write, each run to its end whatever the others do.
 * @param now ms since the epoch (the emails' reply addresses expire from it).
 * @throws the first job's error, once every job has settled.
 */
export async function onTicketWritten(
  db: Firestore,
  mail: MailConfig,
  change: TicketChange,
  now: number,
): Promise<void> {
  await runIndependently([
    () => recordTicketChange(db, change),
    () => mailForTicketWrite(db, mail, change.before, change.after, now),
    () => (change.after ? copyForStaffSearch(db, change.after.id) : Promise.resolve(false)),
    // The desk's triggers (DESIGN §10 "Triggers"), on a person's write only.
    () => runTicketTriggers(db, change),
  ]);
}

/**
 * Runs every job to its end, side by side.
 * @throws the first failed job's error (in the given order) once all have settled.
 */
export async function runIndependently(jobs: readonly (() => Promise<unknown>)[]): Promise<void> {
  const outcomes = await Promise.allSettled(jobs.map((job) => job()));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
