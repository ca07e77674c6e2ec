/**
 * The local backend's trusted code for triggers (DESIGN §10 "Triggers"), the twin of the Cloud
 * Function's run in `ticketWritten`: after each ticket write by a person (a new request, a
 * change, a reply or note, a macro), the desk's triggers run over it (`runTriggers`) and what they
 * do is written in one transaction as the system actor — the ticket, its audit entries each
 * naming its trigger (and one for a loop the guard stopped), the internal notes, and the run's
 * rule trace (`ruleTraces`, even when nothing fired). That write is
 * the desk's own: it starts no chain. A failed run is logged and never fails the write that
 * caused it (on Firebase, too, a trigger runs after the commit).
 */
import { ticketWriteTables, NOTE_WORDS, type TriageDb } from '@/backend/local/core/db';
import { countTickets } from '@/backend/local/tickets/queries';
import { isoAt, type LocalContext } from '@/backend/local/core/context';
import { newSortableId } from '@/backend/local/core/ids';
import { readLocalTriggers } from '@/backend/local/settings/triggers';
import { readFieldsContext } from '@/backend/local/tickets/field-values';
import { writeChange } from '@/backend/local/tickets/tickets';
import { runTriggers, TRIGGER_ACTOR } from '@/domain/plans/triggers';
import { ruleTraceOf } from '@/domain/rule-trace';
import type { MailPerson } from '@/domain/mail/drafts';
import { mailPersonOf } from '@/backend/local/mail/mail-people';
import { decideRuleEmails, RULE_EMAIL_WINDOW_MS, type RuleEmailPlan } from '@/domain/mail/rule-mail';
import type { TriggerEmailIntent } from '@/domain/plans/triggers';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import type { RotaCandidate, RotaState, RoundRobinAssignee } from '@/domain/round-robin';
import { isStaff } from '@/domain/roles';
import { conversationKeysOf } from '@/domain/search-keys';
import { runsOn, type ChangeAuthor, type TriggerEvent } from '@/domain/triggers';
import type { Message, Ticket, UserProfile } from '@/domain/types';

/** Most times a run reads rotas and runs again (each round reads the rotas of triggers newly reached). */
const MAX_ROTA_ROUNDS = 5;

/** A round-robin trigger's rota as the pick needs it: the last agent, and each member's availability and load. */
async function readRota(db: TriageDb, triggerId: string, action: RoundRobinAssignee): Promise<RotaState> {
  const candidates = new Map<string, RotaCandidate>();
  for (const uid of action.agents) {
    const profile = await db.users.get(uid);
    if (!profile) continue;
    const open = await countTickets(db, { assigneeId: uid, statuses: [...UNSOLVED_STATUSES] }, 'staff');
    // A deactivated agent takes nothing, whatever their switch says (DESIGN §1 "Deactivated people").
    candidates.set(uid, { ...profile, available: profile.available === true && !profile.deactivated, open });
  }
  return { last: (await db.rotas.get(triggerId))?.last ?? null, candidates };
}

/** The profile of `uid` with whether its address is verified; `null` for none. */
async function mailPersonBy(db: TriageDb, uid: string | undefined): Promise<MailPerson | null> {
  const user = uid ? await db.users.get(uid) : undefined;
  return user ? mailPersonOf(db, user) : null;
}

/**
 * Decides a run's emails in its transaction (`decideRuleEmails`): the requester, the assignee as
 * the chain leaves the ticket, people at the fixed addresses, and the ticket's rule emails of the
 * last {@link RULE_EMAIL_WINDOW_MS} from the `mail` table.
 */
async function decideLocalRuleEmails(
  db: TriageDb,
  ticket: Ticket,
  intents: readonly TriggerEmailIntent[],
  ms: number,
): Promise<RuleEmailPlan[]> {
  const since = isoAt(ms - RULE_EMAIL_WINDOW_MS);
  const sent = await db.mail
    .where('ticketId')
    .equals(ticket.id)
    .filter((mail) => mail.kind === 'rule-email' && mail.createdAt >= since)
    .count();
  const byAddress = new Map<string, MailPerson>();
  for (const intent of intents) {
    if (intent.email.to !== 'address') continue;
    const user = await db.users.where('email').equalsIgnoreCase(intent.email.address).first();
    const person = await mailPersonBy(db, user?.uid);
    if (person) byAddress.set(intent.email.address, person);
  }
  return decideRuleEmails(
    intents,
    {
      requester: await mailPersonBy(db, ticket.requesterId),
      assignee: await mailPersonBy(db, ticket.assigneeId ?? undefined),
      byAddress,
    },
    sent,
  );
}

/**
 * Runs the desk's triggers over one person's write of a ticket and writes what they do.
 * @param before the ticket before the write; `null` when it created the ticket.
 * @returns the ticket as the triggers left it, or `null` when no trigger changed it.
 */
export async function runLocalTriggers(
  ctx: Pick<LocalContext, 'db' | 'now'>,
  ticketId: string,
  before: Ticket | null,
  by: ChangeAuthor,
  options: { timeRules?: boolean } = {},
): Promise<Ticket | null> {
  const { db } = ctx;
  const event: TriggerEvent = options.timeRules ? 'time' : before ? 'updated' : 'created';
  // A desk without triggers (most writes of most desks) pays one key count, not a transaction
  // that holds the ticket tables.
  if ((await db.triggers.count()) === 0) return null;
  const tables = [
    db.users,
    db.credentials,
    db.mail,
    db.events,
    db.messages,
    db.triggers,
    db.ruleTraces,
    db.rotas,
    ...ticketWriteTables(db),
  ];
  let emails: RuleEmailPlan[] = [];
  let emailed: Ticket | null = null;
  const runKey = newSortableId(ctx.now());
  const ticket = await db.transaction('rw', tables, async () => {
    const triggers = (await readLocalTriggers(db)).filter((trigger) => runsOn(trigger, event));
    if (triggers.length === 0) return null;
    const after = await db.tickets.get(ticketId);
    if (!after) return null;
    const requester = await db.users.get(after.requesterId);
    const named = [
      ...new Set(
        triggers.flatMap((trigger) =>
          trigger.actions.assignee?.kind === 'agent' ? [trigger.actions.assignee.uid] : [],
        ),
      ),
    ];
    const agents = new Map<string, UserProfile>();
    for (const uid of named) {
      const profile = await db.users.get(uid);
      if (profile) agents.set(uid, profile);
    }
    const rotas = new Map<string, RotaState>();
    const input = {
      triggers,
      change: {
        event,
        // A time rule tests the ticket as it is, by the desk's clock: nothing changed.
        before: event === 'time' ? after : before,
        after,
        by,
        requesterEmail: requester?.email ?? null,
        now: ctx.now(),
      },
      fields: await readFieldsContext(db, after),
      agents,
      rotas,
    };
    let run = runTriggers(input);
    // A round-robin trigger that held needs its rota: read it (in this transaction) and run again.
    for (let round = 0; run.rotasNeeded.length > 0 && round < MAX_ROTA_ROUNDS; round += 1) {
      for (const id of run.rotasNeeded) {
        const trigger = triggers.find((candidate) => candidate.id === id);
        if (trigger?.actions.assignee?.kind === 'roundRobin')
          rotas.set(id, await readRota(db, id, trigger.actions.assignee));
      }
      run = runTriggers(input);
    }
    const ms = ctx.now();
    // A time pass keeps a trace only of the tickets a rule acted on (not of every open ticket, every 5 minutes).
    if (event === 'time' && run.fired.length === 0) return null;
    for (const pick of run.picks) {
      if (pick.uid) await db.rotas.put({ id: pick.triggerId, last: pick.uid, updatedAt: isoAt(ms) });
    }
    if (run.emails.length > 0) {
      emails = await decideLocalRuleEmails(db, run.ticket, run.emails, ms);
      emailed = run.ticket;
    }
    // The rule trace is written for every run, one that changed nothing too: it says why not.
    await db.ruleTraces.add(
      ruleTraceOf(
        run,
        { id: runKey, ticketId, at: isoAt(ms), event, by },
        emails.map((plan) => plan.decision),
      ),
    );
    const events = [
      ...run.plan.events,
      ...(run.loopStopped ? [{ type: 'trigger' as const, from: null, to: run.loopStopped }] : []),
    ];
    const marked = run.plan.write.set.timeRuleMarks !== undefined;
    if (events.length === 0 && run.notes.length === 0 && !marked) return null;
    const notes: Message[] = run.notes.map((note) => ({
      id: newSortableId(ms),
      ticketId,
      authorId: TRIGGER_ACTOR.uid,
      authorName: TRIGGER_ACTOR.displayName,
      authorRole: TRIGGER_ACTOR.role,
      internal: true,
      body: note.body,
      attachments: [],
      createdAt: isoAt(ms),
    }));
    for (const note of notes) await db.messages.add(note);
    const plan = { ...run.plan, events };
    // A note alone still moves the ticket's activity (as a person's note does); so does a time rule's mark.
    if (plan.write.stamp.length === 0 && (notes.length > 0 || marked)) plan.write.stamp.push('updatedAt');
    const noteWords = conversationKeysOf(notes.map((note) => note.body).join('\n'));
    return writeChange(db, after, plan, TRIGGER_ACTOR.uid, ms, notes.length > 0 ? { [NOTE_WORDS]: noteWords } : {});
  });
  // The emails are composed and stored after the run, by the mail server (loaded on first use),
  // as the Cloud Function writes them after its decisions.
  const toWrite = emails.filter((plan): plan is RuleEmailPlan & { recipient: MailPerson } => plan.recipient !== null);
  if (emailed && toWrite.length > 0) {
    const { writeRuleEmails } = await import(/* webpackChunkName: "local-mail" */ '@/backend/local/mail/rule-emails');
    await writeRuleEmails(ctx, emailed, toWrite, runKey);
  }
  return ticket;
}

/** Who a signed-in writer is, as a trigger's condition names them. */
function authorOf(me: Pick<UserProfile, 'role'> | null): ChangeAuthor {
  return me && isStaff(me.role) ? 'agent' : 'customer';
}

/**
 * Runs the desk's triggers after a write by the signed-in person (the local backend's write
 * wrappers call it before the write's emails, `mail.ts`). A failed run is logged, never the
 * caller's error.
 * @returns the ticket as the triggers left it, or `null` when they changed nothing (or failed).
 */
export async function runTriggersAfterWrite(
  ctx: LocalContext,
  ticketId: string,
  before: Ticket | null,
): Promise<Ticket | null> {
  try {
    const uid = ctx.session.current()?.uid;
    const me = uid ? ((await ctx.db.users.get(uid)) ?? null) : null;
    return await runLocalTriggers(ctx, ticketId, before, authorOf(me));
  } catch (error) {
    console.warn('Triage local triggers: a run failed', error);
    return null;
  }
}
