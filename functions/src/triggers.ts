/**
 * The desk's triggers run by trusted code on Firestore (DESIGN §10 "Triggers"), the twin of the
 * local backend's `trigger-runs.ts`: on each ticket write by a person (a new request, a change, a
 * reply or note, a macro — every write a person makes stamps `updatedAt` and names itself in
 * `updatedBy`), `runTriggers` plans what the triggers do and one transaction writes it as the
 * system actor: the ticket (`updatedBy: 'system'`, `triggeredAt` = its `updatedAt`, so
 * `ticketWritten` leaves its audit entries to this run), the audit entries each naming its
 * trigger (and one for a loop the guard stopped), the notes, the agents-only values, and the run's
 * rule trace (`tickets/{id}/ruleTraces/{changeId}`, even when nothing fired). The desk's
 * own writes (this run's, the automatic close) and trusted code's derived-field updates (no new
 * `updatedAt`) start no run: a trigger never fires on its own change.
 */
import { ticketOrganisationOf } from '@/domain/ticket-organisation';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { customFieldDefinitionsFrom } from '@/domain/custom-field-schemas';
import { runTriggers, TRIGGER_ACTOR, type TriggerRunInput } from '@/domain/plans/triggers';
import { ruleTraceOf } from '@/domain/rule-trace';
import { signedBy } from '@/domain/mail/compose';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import type { MailPerson } from '@/domain/mail/drafts';
import {
  decideRuleEmails,
  RULE_EMAIL_WINDOW_MS,
  type RuleEmailDecision,
  type RuleEmailPlan,
} from '@/domain/mail/rule-mail';
import { draftRuleEmail } from '@/domain/mail/rule-mail-draft';
import type { TriggerEmailIntent } from '@/domain/plans/triggers';
import { TICKET_STATUSES, type Ticket } from '@/domain/types';
import { mailConfigFromEnv, type MailConfig } from './mail';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import type { RotaCandidate, RotaState, RoundRobinAssignee } from '@/domain/round-robin';
import { isStaff } from '@/domain/roles';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import {
  hoursFrom,
  isHoursProperty,
  runsOn,
  timeRuleDue,
  triggerFrom,
  type ChangeAuthor,
  type Trigger,
  type TriggerEvent,
} from '@/domain/triggers';
import type { UserProfile } from '@/domain/types';
import { isoOf, personOf, text, ticketOf, type StoredPerson } from './snapshot-values';
import type { TicketChange } from './ticket-change';

/** A document id made of the change id: Firestore ids may not hold `/`. */
function safeId(changeId: string): string {
  return changeId.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The desk's well-formed triggers that run on `event`. */
async function triggersFor(db: Firestore, event: TriggerEvent): Promise<Trigger[]> {
  const rows = (await db.collection('triggers').get()).docs;
  return rows.flatMap((row) => {
    const { updatedAt: _at, updatedBy: _by, ...data } = row.data();
    const trigger = triggerFrom(row.id, data);
    return trigger && runsOn(trigger, event) ? [trigger] : [];
  });
}

/** Most times a run reads rotas and runs again (each round reads the rotas of triggers newly reached). */
const MAX_ROTA_ROUNDS = 5;

/**
 * A round-robin trigger's rota as the pick needs it: the last agent (`rotas/{triggerId}`) and each
 * member's profile, read in the run's transaction, and each member's unsolved tickets (a count
 * query). The counts are read beside the transaction, not in it: under contention the emulator
 * (and Firestore) ends a transaction that holds an aggregation with INVALID_ARGUMENT, which the
 * Admin SDK does not retry. Every attempt of the transaction reads them again, and two runs over
 * one rota conflict on its document, so the later one counts again after the earlier one's
 * assignment (DESIGN §10 "Triggers").
 */
async function readRota(
  db: Firestore,
  tx: Transaction,
  triggerId: string,
  action: RoundRobinAssignee,
): Promise<RotaState> {
  const [rota, ...profiles] = await Promise.all([
    tx.get(db.collection('rotas').doc(triggerId)),
    ...action.agents.map((uid) => tx.get(db.collection('users').doc(uid))),
  ]);
  const candidates = new Map<string, RotaCandidate>();
  const people = profiles.flatMap((snapshot) => {
    const person = personOf(snapshot);
    return person ? [person] : [];
  });
  const counts = await Promise.all(
    people.map((person) =>
      db
        .collection('tickets')
        .where('assigneeId', '==', person.uid)
        .where('status', 'in', [...UNSOLVED_STATUSES])
        .count()
        .get(),
    ),
  );
  // A deactivated agent takes nothing, whatever their switch says (DESIGN §1 "Deactivated people").
  people.forEach((person, index) =>
    candidates.set(person.uid, {
      ...person,
      available: person.available && !person.deactivated,
      open: counts[index]?.data().count ?? 0,
    }),
  );
  return { last: text(rota.get('last')) || null, candidates };
}

/**
 * The emails of a run's triggers (DESIGN §10 "Rule emails"), read and decided in the run's
 * transaction: the requester, the assignee as the chain leaves the ticket and people at the
 * fixed addresses (with Auth's word on who verified), the ticket's rule emails of the last
 * {@link RULE_EMAIL_WINDOW_MS} (this run's own, from an earlier attempt, not counted), and which
 * of this run's emails are stored already. Reads only: the caller writes after every read.
 * @returns each email's decision, and the drafts still to create.
 */
async function ruleEmails(
  db: Firestore,
  tx: Transaction,
  intents: readonly TriggerEmailIntent[],
  context: { ticket: Ticket; requester: StoredPerson | null; runKey: string; mail: MailConfig; now: number },
): Promise<{ decisions: RuleEmailDecision[]; drafts: { id: string; mail: Record<string, unknown> }[] }> {
  const { ticket, runKey, mail, now } = context;
  const addresses = [...new Set(intents.filter((i) => i.email.to === 'address').map((i) => i.email.address))];
  const [assigneeDoc, byAddress, sent, desk] = await Promise.all([
    ticket.assigneeId ? tx.get(db.collection('users').doc(ticket.assigneeId)) : Promise.resolve(null),
    addresses.length > 0
      ? tx.get(db.collection('users').where('email', 'in', addresses))
      : Promise.resolve({ docs: [] as DocumentSnapshot[] }),
    tx.get(
      db
        .collection('mail')
        .where('ticketId', '==', ticket.id)
        .where('kind', '==', 'rule-email')
        .where('createdAt', '>=', new Date(now - RULE_EMAIL_WINDOW_MS).toISOString()),
    ),
    tx.get(db.doc('settings/desk')),
  ]);
  const stored = [
    context.requester,
    assigneeDoc ? personOf(assigneeDoc) : null,
    ...byAddress.docs.map((row) => personOf(row)),
  ].filter((person): person is StoredPerson => person !== null);
  const verified = stored.length > 0 ? await mail.verifiedUids(stored.map((person) => person.uid)) : new Set<string>();
  const person = (p: StoredPerson | null): MailPerson | null => p && { ...p, emailVerified: verified.has(p.uid) };
  const own = `-rule-email-${runKey}-`;
  const plans = decideRuleEmails(
    intents,
    {
      requester: person(context.requester),
      assignee: person(assigneeDoc ? personOf(assigneeDoc) : null),
      byAddress: new Map(
        byAddress.docs.flatMap((row) => {
          const found = person(personOf(row));
          return found ? [[found.email.toLowerCase(), found] as const] : [];
        }),
      ),
    },
    sent.docs.filter((row) => !row.id.includes(own)).length,
  );
  const deskName = desk.get('deskName') as unknown;
  const setup = signedBy(mail, typeof deskName === 'string' ? deskName : undefined);
  const assigneeName = (assigneeDoc && personOf(assigneeDoc)?.displayName) ?? '';
  const drafts = await Promise.all(
    plans
      .filter((plan): plan is RuleEmailPlan & { recipient: MailPerson } => plan.recipient !== null)
      .map((plan) => draftRuleEmail(plan, { ticket, assigneeName, setup, catalogues: MAIL_CATALOGUES, now, runKey })),
  );
  const existing = await Promise.all(drafts.map((draft) => tx.get(db.collection('mail').doc(draft.id))));
  return {
    decisions: plans.map((plan) => plan.decision),
    drafts: drafts
      .filter((_, index) => !existing[index]?.exists)
      .map((draft) => ({ id: draft.id, mail: { ...draft.mail } })),
  };
}

/**
 * Whether the version `after` is the one `ticketWritten` must leave its audit entries to: written
 * by a trigger run, which wrote them itself (`triggeredAt` is that version's `updatedAt`).
 */
export function writtenByTriggers(after: DocumentSnapshot): boolean {
  const at = after.get('triggeredAt') as unknown;
  const updatedAt = after.get('updatedAt') as unknown;
  return at instanceof Timestamp && updatedAt instanceof Timestamp && at.isEqual(updatedAt);
}

/** What a run over one ticket in a transaction is: the change's kind, its author and key, the triggers. */
interface RunSpec {
  event: TriggerEvent;
  /** The ticket before the change that started the chain (`null` for a new ticket; a time run's is the ticket). */
  before: Ticket | null;
  by: ChangeAuthor;
  /** The run's key: its rule trace's id and its writes' prefix (the change's id, or a time pass's). */
  key: string;
  triggers: Trigger[];
  mail: MailConfig;
  /** ms since the epoch: the time rules' clock and the emails' time. */
  nowMs: number;
}

/**
 * Runs `spec.triggers` over the ticket `current` (read in `tx`) and writes what they do in `tx`
 * (see the file's comment): the rotas, the emails, the rule trace, the ticket, its audit entries,
 * the notes and the agents-only values.
 * @returns how many audit entries it wrote, and how many triggers fired.
 */
async function runAndWrite(
  db: Firestore,
  tx: Transaction,
  current: DocumentSnapshot,
  spec: RunSpec,
): Promise<{ entries: number; fired: number }> {
  const { event, triggers, mail, nowMs } = spec;
  const ticket = ticketOf(current);
  const named = [
    ...new Set(
      triggers.flatMap((trigger) => (trigger.actions.assignee?.kind === 'agent' ? [trigger.actions.assignee.uid] : [])),
    ),
  ];
  const [requester, definitions, agentValues, ...profiles] = await Promise.all([
    tx.get(db.collection('users').doc(ticket.requesterId || '-')),
    tx.get(db.doc('settings/fields')),
    tx.get(current.ref.collection('agentFields').doc('values')),
    ...named.map((uid) => tx.get(db.collection('users').doc(uid))),
  ]);
  const agents = new Map<string, Pick<UserProfile, 'uid' | 'role' | 'displayName'>>();
  for (const snapshot of profiles) {
    const person = snapshot ? personOf(snapshot) : null;
    if (person) agents.set(person.uid, person);
  }
  const { by } = spec;
  const rotas = new Map<string, RotaState>();
  const input: TriggerRunInput = {
    triggers,
    rotas,
    change: {
      event,
      // A time rule tests the ticket as it is, by the job's clock: nothing changed.
      before: event === 'time' ? ticket : spec.before,
      after: ticket,
      by,
      requesterEmail: personOf(requester)?.email ?? null,
      // A ticket `ticketWritten` has not reached yet (a new one) belongs to its requester's
      // organisation, as that run will write (DESIGN §1 "Organisations").
      ...(current.get('organisationId') === undefined && {
        organisationId: ticketOrganisationOf(personOf(requester)) ?? null,
      }),
      now: nowMs,
    },
    fields: {
      definitions: customFieldDefinitionsFrom(definitions.get('fields')),
      values: { visible: ticket.fields ?? {}, agents: customFieldValuesFrom(agentValues.get('values')) },
    },
    agents,
  };
  let run = runTriggers(input);
  // A round-robin trigger that held needs its rota, read in this transaction (so two runs that
  // pick from one rota conflict, and the later runs again on the moved rota): read, run again.
  for (let round = 0; run.rotasNeeded.length > 0 && round < MAX_ROTA_ROUNDS; round += 1) {
    for (const id of run.rotasNeeded) {
      const action = triggers.find((trigger) => trigger.id === id)?.actions.assignee;
      if (action?.kind === 'roundRobin') rotas.set(id, await readRota(db, tx, id, action));
    }
    run = runTriggers(input);
  }
  // A time pass keeps a trace only of the tickets a rule acted on (not of every open ticket, every 5 minutes).
  const fired = run.fired.length;
  if (event === 'time' && fired === 0) return { entries: 0, fired };
  const prefix = spec.key;
  const emails =
    run.emails.length > 0
      ? await ruleEmails(db, tx, run.emails, {
          ticket: run.ticket,
          requester: personOf(requester),
          runKey: prefix,
          mail,
          now: nowMs,
        })
      : { decisions: [], drafts: [] };
  const now = Timestamp.now();
  for (const draft of emails.drafts) tx.create(db.collection('mail').doc(draft.id), draft.mail);
  for (const pick of run.picks) {
    if (pick.uid) tx.set(db.collection('rotas').doc(pick.triggerId), { last: pick.uid, updatedAt: now });
  }
  // The rule trace, for every run (one that changed nothing says why not); its id is the
  // change's, so a retried run writes the same document.
  const { at: _at, ...trace } = ruleTraceOf(
    run,
    { id: prefix, ticketId: current.id, at: '', event, by },
    emails.decisions,
  );
  tx.set(current.ref.collection('ruleTraces').doc(prefix), { ...trace, at: now });
  const agentKeys = new Set(Object.keys(run.plan.agentFields ?? {}));
  // Agents-only values' entries are `agentFieldsWritten`'s (from that document's write).
  const entries = [
    ...run.plan.events.filter((entry) => !(entry.type === 'field' && entry.field && agentKeys.has(entry.field))),
    ...(run.loopStopped ? [{ type: 'trigger' as const, from: null, to: run.loopStopped }] : []),
  ];
  const marked = run.plan.write.set.timeRuleMarks !== undefined;
  if (entries.length === 0 && run.notes.length === 0 && !run.plan.agentFields && !marked) return { entries: 0, fired };
  const { write } = run.plan;
  const data: Record<string, unknown> = { ...write.set };
  for (const field of write.clear) data[field] = field === 'solvedAt' ? FieldValue.delete() : null;
  for (const field of new Set([...write.stamp, 'updatedAt' as const])) data[field] = now;
  tx.update(current.ref, { ...data, updatedBy: SYSTEM_ACTOR_ID, triggeredAt: now });
  entries.forEach((entry, index) => {
    tx.create(current.ref.collection('events').doc(`${prefix}-t${index}`), {
      ...entry,
      actorId: SYSTEM_ACTOR_ID,
      at: now,
    });
  });
  run.notes.forEach((note, index) => {
    tx.create(current.ref.collection('messages').doc(`${prefix}-n${index}`), {
      authorId: TRIGGER_ACTOR.uid,
      authorName: TRIGGER_ACTOR.displayName,
      authorRole: TRIGGER_ACTOR.role,
      body: note.body,
      internal: true,
      attachments: [],
      createdAt: now,
    });
  });
  if (run.plan.agentFields) {
    const trigger = run.plan.events.find((entry) => entry.field && agentKeys.has(entry.field))?.trigger;
    tx.set(current.ref.collection('agentFields').doc('values'), {
      values: run.plan.agentFields,
      updatedAt: now,
      updatedBy: SYSTEM_ACTOR_ID,
      ...(trigger ? { trigger } : {}),
    });
  }
  return { entries: entries.length, fired };
}

/**
 * Runs the desk's triggers over one ticket write (see the file's comment). Idempotent: a retried
 * run finds the ticket past the version it was for (the run's own write, or a later one) and
 * writes nothing.
 * @returns how many audit entries it wrote.
 */
export async function runTicketTriggers(
  db: Firestore,
  change: TicketChange,
  mail: MailConfig = mailConfigFromEnv(),
  nowMs: number = Date.now(),
): Promise<number> {
  const { before, after } = change;
  if (!after) return 0;
  if (text(after.get('updatedBy')) === SYSTEM_ACTOR_ID) return 0;
  const updatedAt = isoOf(after.get('updatedAt'));
  if (before && isoOf(before.get('updatedAt')) === updatedAt) return 0;
  const event: TriggerEvent = before ? 'updated' : 'created';
  const triggers = await triggersFor(db, event);
  if (triggers.length === 0) return 0;
  return db.runTransaction(async (tx) => {
    const current = await tx.get(after.ref);
    // A later write by a person has its own run.
    if (!current.exists || isoOf(current.get('updatedAt')) !== updatedAt) return 0;
    const author = await tx.get(db.collection('users').doc(text(current.get('updatedBy')) || '-'));
    const writer = personOf(author);
    const { entries } = await runAndWrite(db, tx, current, {
      event,
      before: before ? ticketOf(before) : null,
      by: writer && isStaff(writer.role) ? 'agent' : 'customer',
      key: safeId(change.changeId),
      triggers,
      mail,
      nowMs,
    });
    return entries;
  });
}

/** Most tickets one time rule reads per pass: those its hours condition reached most recently first. */
export const TIME_RULE_BATCH = 500;

/** The statuses a time rule looks at: every one but closed. */
const NOT_CLOSED = TICKET_STATUSES.filter((status) => status !== 'closed');

/**
 * The desk's time rules (DESIGN §10 "Time rules"), run by the scheduled job: for each active rule,
 * the tickets not closed that its first "at least N hours" condition reaches by `nowMs` (a query
 * bounded on that moment, at most {@link TIME_RULE_BATCH}, the most recent first; a rule with no
 * such condition reads the first {@link TIME_RULE_BATCH} tickets not closed), kept when
 * `timeRuleDue`; then one transaction per ticket that tests every rule again on the ticket as it
 * is and writes what fired as the system actor, with each rule's mark — so a rule fires once per
 * ticket, and a second pass (or a retry) finds the mark and writes nothing.
 * @param nowMs ms since the epoch: the rules' clock (`automationNow`: the emulator's may be moved).
 * @returns the ids of the tickets a rule acted on.
 */
export async function runTimeRules(
  db: Firestore,
  nowMs: number,
  mail: MailConfig = mailConfigFromEnv(),
): Promise<string[]> {
  const rules = await triggersFor(db, 'time');
  if (rules.length === 0) return [];
  const candidates = new Map<string, DocumentReference>();
  for (const rule of rules) {
    const hours = rule.all.find((condition) => isHoursProperty(condition.property) && condition.operator === 'atLeast');
    let query = db.collection('tickets').where('status', 'in', NOT_CLOSED);
    if (hours && isHoursProperty(hours.property)) {
      const field = hoursFrom(hours.property);
      query = query
        .where(field, '<=', Timestamp.fromMillis(nowMs - Number(hours.value) * 3_600_000))
        .orderBy(field, 'desc');
    }
    const rows = await query.limit(TIME_RULE_BATCH).get();
    for (const row of rows.docs) if (timeRuleDue(rule, ticketOf(row), nowMs)) candidates.set(row.id, row.ref);
  }
  const acted: string[] = [];
  for (const ref of candidates.values()) {
    const fired = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (!current.exists) return 0;
      const ticket = ticketOf(current);
      if (!rules.some((rule) => timeRuleDue(rule, ticket, nowMs))) return 0;
      const run = await runAndWrite(db, tx, current, {
        event: 'time',
        before: ticket,
        by: 'system',
        key: `time-${nowMs}`,
        triggers: rules,
        mail,
        nowMs,
      });
      return run.fired;
    });
    if (fired > 0) acted.push(ref.id);
  }
  return acted;
}
