/**
 * The local backend's trusted code on a schedule (DESIGN §2, §10), the twin of the scheduled
 * Cloud Function `deskAutomation`: writes the desk's automatic-close rule when it has none
 * (`ensureLocalAutoCloseRule`) and records each SLA breach in the ticket's audit trail, as the
 * system actor "Triage"; runs the desk's time rules (`runLocalTimeRules`), the automatic close
 * among them; creates the recurring tickets that are due (`recurring-runs.ts`); deletes uploads
 * whose message was never sent within a day (DESIGN §4). Runs when the backend opens and every
 * {@link AUTOMATION_INTERVAL_MS}; every tab may run it (each pass is one transaction, and what it
 * writes has fixed ids or checks the status it moves from).
 */
import { ticketWriteTables, type TriageDb } from '@/backend/local/core/db';
import { isOrphanUpload, ORPHAN_UPLOAD_AFTER_MS, parseAttachmentPath } from '@/domain/attachment-paths';
import { AUTO_CLOSE_TRIGGER_ID, autoCloseTrigger, orderAfter } from '@/domain/auto-close';
import { breachRecords, SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { TICKET_STATUSES, type AuditEvent, type DeskSettings, type Ticket } from '@/domain/types';
import { runsOn, timeRuleDue } from '@/domain/triggers';
import { readLocalTriggers } from '@/backend/local/settings/triggers';
import { runLocalTriggers } from '@/backend/local/tickets/trigger-runs';
import { runRecurringTicketsPass } from '@/backend/local/tickets/recurring-runs';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { isoAt, type LocalContext } from '@/backend/local/core/context';
import { readDeskSettings } from '@/backend/local/settings/settings';

/** How long after the backend opens the first pass runs, ms. */
const FIRST_PASS_DELAY_MS = 2_000;

/** What one pass did. */
export interface AutomationPass {
  /** Whether it wrote the desk's automatic-close rule (a desk that had none). */
  autoCloseRule: boolean;
  /** How many breach records it wrote (new ones only). */
  breaches: number;
  /** Paths of the orphan uploads it deleted (DESIGN §4). */
  orphans: string[];
}

/**
 * Writes the desk's automatic-close rule (`autoCloseTrigger`, from `closeAfterDays`, after the
 * desk's triggers) when the desk has none — a desk from before the rule, or one whose seed left
 * it out — as trusted code, by the system actor. Inside the caller's transaction.
 * @returns whether it wrote the rule.
 */
async function ensureLocalAutoCloseRule(db: TriageDb, desk: DeskSettings, ms: number): Promise<boolean> {
  if (await db.triggers.get(AUTO_CLOSE_TRIGGER_ID)) return false;
  const rule = autoCloseTrigger(desk.closeAfterDays, orderAfter(await readLocalTriggers(db)));
  await db.triggers.add({ ...rule, updatedAt: isoAt(ms), updatedBy: SYSTEM_ACTOR_ID });
  return true;
}

/**
 * One pass: the desk's automatic-close rule written when it has none (the close itself is that
 * time rule's, `runLocalTimeRules`), and every unsolved ticket whose next SLA target is past due
 * gets the audit entry of each breached clock it does not have yet (`sla`, at the due time).
 */
export async function runAutomationPass(ctx: Pick<LocalContext, 'db' | 'now'>): Promise<AutomationPass> {
  const { db } = ctx;
  const pass = await db.transaction('rw', [db.events, db.triggers, ...ticketWriteTables(db)], async () => {
    const ms = ctx.now();
    const desk = await readDeskSettings(db);
    const autoCloseRule = await ensureLocalAutoCloseRule(db, desk, ms);

    let breaches = 0;
    const now = isoAt(ms);
    const late: Ticket[] = [];
    for (const status of UNSOLVED_STATUSES) {
      late.push(
        ...(await db.tickets
          .where('[status+slaDueAt+id]')
          .between([status, ''], [status, now, '\uffff'], true, true)
          .toArray()),
      );
    }
    for (const ticket of late) {
      const records = breachRecords(ticket, {
        policy: desk.sla[ticket.priority],
        businessHours: desk.businessHours,
        now: ms,
      });
      for (const record of records) {
        const id = `${ticket.id}:${record.id}`;
        if (await db.events.get(id)) continue;
        const event: AuditEvent = { id, ticketId: ticket.id, ...record.entry, actorId: SYSTEM_ACTOR_ID, at: record.at };
        await db.events.add(event);
        breaches += 1;
      }
    }
    return { autoCloseRule, breaches };
  });
  // Its own transaction: files and messages are no part of a ticket write.
  return { ...pass, orphans: await deleteOrphanUploads(ctx) };
}

/**
 * Deletes the uploads whose message was never sent within {@link ORPHAN_UPLOAD_AFTER_MS}
 * (`isOrphanUpload`), as the scheduled Cloud Function does in Cloud Storage.
 * @returns the paths deleted.
 */
export async function deleteOrphanUploads(ctx: Pick<LocalContext, 'db' | 'now'>): Promise<string[]> {
  const { db } = ctx;
  const ms = ctx.now();
  return db.transaction('rw', [db.files, db.messages], async () => {
    // Paths only (the index's keys): a pass never loads the files' bytes.
    const cutoff = isoAt(ms - ORPHAN_UPLOAD_AFTER_MS);
    const old = await db.files.where('createdAt').belowOrEqual(cutoff).primaryKeys();
    const deleted: string[] = [];
    for (const path of old) {
      const ids = parseAttachmentPath(path);
      if (!ids) continue;
      const sent = (await db.messages.get([ids.ticketId, ids.messageId])) !== undefined;
      if (!isOrphanUpload({ path, uploadedAt: cutoff }, sent, ms)) continue;
      await db.files.delete(path);
      deleted.push(path);
    }
    return deleted;
  });
}

/**
 * The desk's time rules over the tickets not closed (DESIGN §10 "Time rules"), the twin of the
 * scheduled Cloud Function's: each ticket a rule is due on by its clock (`timeRuleDue`) gets a run
 * of the time rules (`runLocalTriggers`, in its own transaction, which tests every condition
 * again and marks each rule that fires), then the emails that write causes, as a person's write's.
 * @returns the ids of the tickets a rule acted on.
 */
export async function runLocalTimeRules(ctx: Pick<LocalContext, 'db' | 'now'>): Promise<string[]> {
  const { db } = ctx;
  if ((await db.triggers.count()) === 0) return [];
  const rules = (await readLocalTriggers(db)).filter((rule) => runsOn(rule, 'time'));
  if (rules.length === 0) return [];
  const now = ctx.now();
  const acted: string[] = [];
  for (const status of TICKET_STATUSES.filter((each) => each !== 'closed')) {
    const tickets = await db.tickets.where('[status+updatedAt+id]').between([status, ''], [status, '\uffff']).toArray();
    for (const before of tickets) {
      if (!rules.some((rule) => timeRuleDue(rule, before, now))) continue;
      const after = await runLocalTriggers(ctx, before.id, before, 'system', { timeRules: true });
      if (!after) continue;
      acted.push(before.id);
      const server = await import(/* webpackChunkName: "local-mail" */ '@/backend/local/mail/mail-server');
      await server.mailForTicketWrite(ctx, before, after, SYSTEM_ACTOR_ID);
    }
  }
  return acted;
}

/**
 * Runs {@link runAutomationPass} 2 s after the backend opens and then every `intervalMs`; a failed
 * pass is logged and the next one tries again.
 * @returns a function that stops the schedule.
 */
export function scheduleAutomation(ctx: LocalContext, intervalMs: number): () => void {
  const pass = () =>
    ctx.ready
      .then(() => runAutomationPass(ctx))
      .then(() => runLocalTimeRules(ctx))
      .then(() => runRecurringTicketsPass(ctx))
      .catch((error: unknown) =>
        console.warn('Triage: the scheduled pass (SLA records, time rules, recurring tickets) will retry.', error),
      );
  // The first pass a moment after opening, not in the way of the first screen's own reads.
  const first = setTimeout(() => void pass(), FIRST_PASS_DELAY_MS);
  const timer = setInterval(() => void pass(), intervalMs);
  // In Node (tests, scripts) the schedule must not keep the process alive.
  (first as { unref?: () => void }).unref?.();
  (timer as { unref?: () => void }).unref?.();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
