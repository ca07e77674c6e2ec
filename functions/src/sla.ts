/**
 * The SLA side of trusted code on Firebase (DESIGN §10), twin of the local backend's middleware
 * (`src/backend/local/core/db.ts` `withSla`), settings save and `local/tickets/automation.ts`:
 * - on every ticket write, the ticket's SLA record (`sla`) and next due time (`slaDueAt`,
 *   a Timestamp) from the write, with the desk's current policy;
 * - on every settings write, the history entry (who changed which part) and the unsolved
 *   tickets' due times under the new policy;
 * - on a schedule, the automatic-close rule for a desk that has none and the SLA breach records,
 *   as the system actor.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { deskSettingsFrom } from '@/domain/settings-schema';
import { changedSettingsParts } from '@/domain/settings-history';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { AUTO_CLOSE_TRIGGER_ID, autoCloseTrigger, orderAfter } from '@/domain/auto-close';
import { breachRecords, SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { slaDueAtOf } from '@/domain/sla/clocks';
import { sameSlaState, slaStateAfter } from '@/domain/sla/ticket-sla';
import type { DeskSettings, Ticket, TicketSlaState } from '@/domain/types';
import { isoOf, text, ticketOf } from './snapshot-values';

const FAILED_PRECONDITION = 9;
const ALREADY_EXISTS = 6;

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The desk settings as stored (defaults for what is missing). */
export async function readDesk(db: Firestore): Promise<DeskSettings> {
  return deskSettingsFrom((await db.doc('settings/desk').get()).data());
}

function dueOf(ticket: Ticket, desk: DeskSettings): string {
  return slaDueAtOf(ticket, {
    policy: desk.sla[ticket.priority],
    businessHours: desk.businessHours,
    now: Date.parse(ticket.updatedAt),
  });
}

/**
 * A ticket's `sla` and `slaDueAt` as `slaStateAfter` and `slaDueAtOf` say, as fields to write —
 * or `null` when the stored ones are already those (so the trigger's own write ends the chain).
 * `recordTicketChange` writes them in the one update it makes with the search keys.
 * @param desk the desk settings when already read (else they are read).
 */
export async function slaFieldsChange(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
  desk?: DeskSettings,
): Promise<{ sla: TicketSlaState; slaDueAt: Timestamp } | null> {
  const ticket = ticketOf(after);
  const sla = slaStateAfter(before ? ticketOf(before) : null, ticket);
  const slaDueAt = dueOf({ ...ticket, sla }, desk ?? (await readDesk(db)));
  if (sameSlaState(ticket.sla, sla) && isoOf(after.get('slaDueAt')) === slaDueAt) return null;
  return { sla, slaDueAt: Timestamp.fromMillis(Date.parse(slaDueAt)) };
}

/**
 * Writes {@link slaFieldsChange} alone, only over this very version of the ticket.
 * @returns whether they were written.
 */
export async function writeSlaFields(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
): Promise<boolean> {
  const fields = await slaFieldsChange(db, before, after);
  return fields !== null && (await updateThisVersion(after, fields));
}

/**
 * Updates a ticket only if `snapshot` is still its stored version (a later write's trigger run
 * writes for that one).
 * @returns whether it was written.
 */
export async function updateThisVersion(snapshot: DocumentSnapshot, fields: Record<string, unknown>): Promise<boolean> {
  try {
    // A snapshot of a stored document always has its updateTime.
    const precondition = snapshot.updateTime ? { lastUpdateTime: snapshot.updateTime } : {};
    await snapshot.ref.update(fields, precondition);
    return true;
  } catch (error) {
    if (codeOf(error) === FAILED_PRECONDITION) return false;
    throw error;
  }
}

/**
 * After a settings write: the history entry `settingsHistory/{changeId}` (who — the write's
 * `updatedBy` — changed which parts, when), and, when business hours or an SLA policy changed,
 * every unsolved ticket's `slaDueAt` under the new policy. Idempotent (the entry's id is the
 * change's; due times are recomputed, not moved).
 * @returns the parts that changed.
 */
export async function recordSettingsChange(
  db: Firestore,
  changeId: string,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
): Promise<string[]> {
  const old = deskSettingsFrom(before?.data());
  const desk = deskSettingsFrom(after.data());
  const parts = changedSettingsParts(old, desk);
  if (parts.length === 0) return parts;
  const actorId = text(after.get('updatedBy'));
  const actor = actorId ? await db.doc(`users/${actorId}`).get() : null;
  try {
    await db.doc(`settingsHistory/${changeId.replace(/[^A-Za-z0-9_-]/g, '_')}`).create({
      actorId,
      actorName: text(actor?.get('displayName')),
      at: after.get('updatedAt') ?? Timestamp.now(),
      parts,
    });
  } catch (error) {
    if (codeOf(error) !== ALREADY_EXISTS) throw error;
  }
  if (parts.some((part) => part === 'businessHours' || part.startsWith('sla.'))) {
    const unsolved = await db
      .collection('tickets')
      .where('status', 'in', [...UNSOLVED_STATUSES])
      .get();
    let batch = db.batch();
    let size = 0;
    for (const row of unsolved.docs) {
      const ticket = ticketOf(row);
      const due = dueOf(ticket, desk);
      if (isoOf(row.get('slaDueAt')) === due) continue;
      batch.update(row.ref, { slaDueAt: Timestamp.fromMillis(Date.parse(due)) });
      size += 1;
      if (size === 400) {
        await batch.commit();
        batch = db.batch();
        size = 0;
      }
    }
    if (size > 0) await batch.commit();
  }
  return parts;
}

/**
 * Writes the desk's automatic-close rule (`autoCloseTrigger`, from `closeAfterDays`, after the
 * desk's triggers; DESIGN §10 "The automatic close") when `triggers/auto-close` does not exist —
 * a desk from before the rule — in a transaction, so two passes write it once.
 * @returns whether it wrote the rule.
 */
export async function ensureAutoCloseRule(db: Firestore, desk: DeskSettings, now: number): Promise<boolean> {
  const ref = db.doc(`triggers/${AUTO_CLOSE_TRIGGER_ID}`);
  if ((await ref.get()).exists) return false;
  return db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    const orders = (await tx.get(db.collection('triggers'))).docs.map((row) => ({
      order: Number(row.get('order')) || 0,
    }));
    const rule = autoCloseTrigger(desk.closeAfterDays, orderAfter(orders));
    const { id: _id, ...data } = rule;
    tx.create(ref, { ...data, updatedAt: Timestamp.fromMillis(now), updatedBy: SYSTEM_ACTOR_ID });
    return true;
  });
}

/**
 * One scheduled pass (DESIGN §2, §10): the desk's automatic-close rule written when it has none
 * ({@link ensureAutoCloseRule}; the close itself is that time rule's, `runTimeRules`); unsolved
 * tickets whose next SLA target is past due get each breach's audit entry once (fixed ids:
 * `create` fails on a second pass).
 * @param now ms since the epoch.
 * @returns whether the rule was written, and the number of breach entries written.
 */
export async function runDeskAutomation(
  db: Firestore,
  now: number,
): Promise<{ autoCloseRule: boolean; breaches: number }> {
  const desk = await readDesk(db);
  const autoCloseRule = await ensureAutoCloseRule(db, desk, now);

  let breaches = 0;
  const late = await db
    .collection('tickets')
    .where('status', 'in', [...UNSOLVED_STATUSES])
    .where('slaDueAt', '<=', Timestamp.fromMillis(now))
    .get();
  for (const row of late.docs) {
    const ticket = ticketOf(row);
    const records = breachRecords(ticket, {
      policy: desk.sla[ticket.priority],
      businessHours: desk.businessHours,
      now,
    });
    for (const record of records) {
      try {
        await row.ref
          .collection('events')
          .doc(record.id)
          .create({
            ...record.entry,
            actorId: SYSTEM_ACTOR_ID,
            at: Timestamp.fromMillis(Date.parse(record.at)),
          });
        breaches += 1;
      } catch (error) {
        if (codeOf(error) !== ALREADY_EXISTS) throw error;
      }
    }
  }
  return { autoCloseRule, breaches };
}
