/**
 * Running a desk's triggers over one change (DESIGN §10 "Triggers"), as trusted code does after
 * each ticket write: the active triggers for the change's kind, in the admin's order; each whose
 * conditions hold is planned as a macro with its actions (`planMacro`: the lifecycle table,
 * required-to-solve fields, the assignee rules, tags' and values' limits — a trigger never does
 * what an agent could not), by the desk itself (the system actor), and the ticket as it leaves
 * becomes the ticket the next triggers see. After a trigger fires the list is tested again from
 * the top (another trigger may now hold), as Zendesk does.
 *
 * Loop protection, decided:
 * - a trigger fires at most once per chain (the change and what the triggers did after it);
 * - a trigger that holds again after it fired is not run again; when it would change something
 *   again (the chain undid its change: a loop), the chain says so once, naming it
 *   (`loopStopped`, written as one audit entry);
 * - at most {@link MAX_TRIGGER_PASSES} passes over the list, whatever happens;
 * - the write trusted code makes for a chain is not itself a change that starts a chain (the
 *   adapters skip the triggers for the system's own writes), so a trigger never fires on its own change.
 *
 * Pure: the adapters read the triggers, the definitions and the named agents, and write the plan.
 */
import { AppError } from '@/domain/errors/errors';
import { planMacro } from '@/domain/plans/macro';
import type { FieldsContext } from '@/domain/plans/field-values';
import {
  applyTicketWrite,
  emptyWrite,
  mergeWrites,
  type ActingUser,
  type AuditEntry,
  type TicketChangePlan,
} from '@/domain/plans/ticket-write';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import {
  inTriggerOrder,
  runsOn,
  testConditions,
  type ConditionResult,
  type Trigger,
  type TriggerChange,
  type TriggerEmail,
} from '@/domain/triggers';
import type { Ticket, UserProfile } from '@/domain/types';
import type { MacroAssignee } from '@/domain/macros';
import { pickRoundRobin, type RotaState } from '@/domain/round-robin';

/** Most passes over the trigger list in one chain (each pass fires at most one trigger). */
export const MAX_TRIGGER_PASSES = 25;

/** The desk acting through its triggers: staff powers, the system's id, the product's name. */
export const TRIGGER_ACTOR: ActingUser = { uid: SYSTEM_ACTOR_ID, role: 'admin', displayName: 'Triage' };

/** What happened to one trigger in one pass, for the rule trace. */
export type TriggerOutcome =
  /** Its conditions held and its actions were planned. */
  | 'fired'
  /** Its conditions did not hold. */
  | 'notMatched'
  /** Inactive, or not run on this kind of change. */
  | 'notRun'
  /** It held again after firing in this chain: not run again (the loop guard). */
  | 'alreadyFired'
  /** It held, but a planner refused its actions (the reason in `refusal`). */
  | 'refused';

/** One trigger's outcome in one pass. */
export interface TriggerTrace {
  pass: number;
  triggerId: string;
  title: string;
  outcome: TriggerOutcome;
  /** Each condition's outcome (none for `notRun`). */
  results: ConditionResult[];
  /** The planner's sentence, for `refused`. */
  refusal?: string;
  /** For a round-robin trigger that fired: the agent it picked, `null` when nobody could take the ticket. */
  picked?: string | null;
}

/** An internal note a trigger writes. */
export interface TriggerNote {
  trigger: string;
  body: string;
}

/** An email a trigger that fired sends (DESIGN §10 "Rule emails"): written by the adapter after the run. */
export interface TriggerEmailIntent {
  triggerId: string;
  /** The trigger's title, for the rule trace. */
  trigger: string;
  /** Its place among the trigger's emails (part of the email's id). */
  index: number;
  email: TriggerEmail;
}

/** What a chain of triggers does to one ticket. */
export interface TriggerRun {
  /** The ticket's change (empty when nothing fired), its audit entries each naming their trigger. */
  plan: TicketChangePlan;
  /** The ticket as the triggers leave it. */
  ticket: Ticket;
  /** Notes to write, in order. */
  notes: TriggerNote[];
  /** Emails to send, in order (the adapter resolves recipients and the per-ticket limit). */
  emails: TriggerEmailIntent[];
  /** Titles of the triggers that fired, in order. */
  fired: string[];
  /** Every trigger's outcome in every pass. */
  trace: TriggerTrace[];
  /** The title of the trigger the loop guard stopped, or `null`. */
  loopStopped: string | null;
  /** Round-robin triggers that held but whose rota was not in the input: read them and run again. */
  rotasNeeded: string[];
  /** The agent each round-robin trigger that fired picked (`null`: nobody could take it), by trigger id. */
  picks: { triggerId: string; uid: string | null }[];
}

/** What {@link runTriggers} needs, read by the adapter. */
export interface TriggerRunInput {
  triggers: readonly Trigger[];
  change: TriggerChange;
  /** The desk's definitions and the ticket's values (for field actions and a solve); `null` when none. */
  fields: FieldsContext | null;
  /** Profiles of the agents the triggers assign to, by uid (a missing one refuses its trigger). */
  agents: ReadonlyMap<string, Pick<UserProfile, 'uid' | 'role' | 'displayName'>>;
  /**
   * The rotas of round-robin triggers, by trigger id, read by the adapter in the run's transaction.
   * A run that reaches a round-robin trigger whose rota is missing says so in `rotasNeeded`: the
   * adapter reads those and runs again (a desk pays for a rota only when its trigger holds).
   */
  rotas?: ReadonlyMap<string, RotaState>;
}

/** Sentence of a trigger that would solve a ticket nobody is assigned to. */
export const UNASSIGNED_SOLVE =
  'A trigger solves only a ticket with an assignee: assign it first (in this trigger or an earlier one).';

/** Thrown by {@link planTrigger} for a round-robin trigger whose rota the adapter has not read yet. */
class RotaNotRead extends Error {}

/**
 * Plans one trigger's actions on `ticket` as the desk (see the file's comment). A round-robin
 * assignee becomes the agent its rota picks (`pickRoundRobin`), or no assignment when nobody may
 * take the ticket (the other actions still act).
 * @returns the plan, the note, and for a round-robin trigger the agent picked (`null`: nobody).
 * @throws AppError as `planMacro` does, or `failed-precondition` ({@link UNASSIGNED_SOLVE});
 *   {@link RotaNotRead} when `input.rotas` lacks the trigger's rota.
 */
function planTrigger(
  trigger: Trigger,
  ticket: Ticket,
  input: TriggerRunInput,
  fields: FieldsContext | null,
): { plan: TicketChangePlan; note: string | null; picked?: string | null } {
  const wanted = trigger.actions.assignee;
  let assignee: MacroAssignee | undefined;
  let picked: string | null | undefined;
  let profile: Pick<UserProfile, 'uid' | 'role' | 'displayName'> | null = null;
  if (wanted?.kind === 'roundRobin') {
    const rota = input.rotas?.get(trigger.id);
    if (!rota) throw new RotaNotRead(trigger.id);
    const candidate = pickRoundRobin(wanted, rota);
    picked = candidate?.uid ?? null;
    assignee = candidate ? { kind: 'agent', uid: candidate.uid } : undefined;
    profile = candidate;
  } else {
    assignee = wanted;
    profile = wanted?.kind === 'agent' ? (input.agents.get(wanted.uid) ?? null) : null;
  }
  const { assignee: _wanted, emails: _emails, ...others } = trigger.actions;
  const planned = planMacro({
    ticket,
    macro: {
      id: trigger.id,
      title: trigger.title,
      body: '',
      actions: { ...others, ...(assignee && { assignee }) },
      ownerId: null,
    },
    actor: TRIGGER_ACTOR,
    assignee: profile,
    fields,
    assignOnReply: false,
    expectedUpdatedAt: undefined,
  });
  // A solve by staff assigns an unassigned ticket to its solver: the desk is nobody to assign.
  if (planned.write.set.assigneeId === SYSTEM_ACTOR_ID) {
    throw new AppError('failed-precondition', UNASSIGNED_SOLVE);
  }
  const events: AuditEntry[] = planned.events.map(({ macro: _macro, ...entry }) => ({
    ...entry,
    trigger: trigger.title,
  }));
  return {
    plan: { write: planned.write, events, ...(planned.agentFields && { agentFields: planned.agentFields }) },
    note: planned.note?.body ?? null,
    ...(picked !== undefined && { picked }),
  };
}

/** Whether a trigger's actions would change anything on `ticket` now (a refusal changes nothing). */
function wouldChange(trigger: Trigger, ticket: Ticket, input: TriggerRunInput, fields: FieldsContext | null): boolean {
  try {
    return planTrigger(trigger, ticket, input, fields).plan.events.length > 0;
  } catch (error) {
    if (error instanceof AppError || error instanceof RotaNotRead) return false;
    throw error;
  }
}

/**
 * Runs the triggers over a change (see the file's comment).
 * @returns the chain's plan, the ticket after it, its notes, the triggers that fired, the trace
 *   and whether the loop guard stopped a trigger. Never throws for a trigger's refusal: it is
 *   traced and the chain goes on.
 */
export function runTriggers(input: TriggerRunInput): TriggerRun {
  const ordered = inTriggerOrder(input.triggers);
  const trace: TriggerTrace[] = [];
  const fired: string[] = [];
  const firedIds = new Set<string>();
  const notes: TriggerNote[] = [];
  const emails: TriggerEmailIntent[] = [];
  let plan: TicketChangePlan = { write: emptyWrite(), events: [] };
  let ticket = input.change.after;
  let fields = input.fields;
  let loopStopped: string | null = null;
  const rotasNeeded: string[] = [];
  const picks: { triggerId: string; uid: string | null }[] = [];

  for (let pass = 1; pass <= MAX_TRIGGER_PASSES; pass += 1) {
    let firedThisPass = false;
    for (const trigger of ordered) {
      const base = { pass, triggerId: trigger.id, title: trigger.title };
      if (!runsOn(trigger, input.change.event)) {
        trace.push({ ...base, outcome: 'notRun', results: [] });
        continue;
      }
      // A time rule fires once per ticket (its mark, DESIGN §10 "Time rules").
      if (input.change.event === 'time' && (ticket.timeRuleMarks ?? []).includes(trigger.id)) {
        trace.push({ ...base, outcome: 'alreadyFired', results: [] });
        continue;
      }
      const { matched, results } = testConditions(trigger, { ...input.change, after: ticket });
      if (!matched) {
        trace.push({ ...base, outcome: 'notMatched', results });
        continue;
      }
      if (firedIds.has(trigger.id)) {
        // Not run twice. Holding still is normal (its change is there); holding again with
        // something to change means the chain undid it — a loop, stopped here and said once.
        trace.push({ ...base, outcome: 'alreadyFired', results });
        if (loopStopped === null && wouldChange(trigger, ticket, input, fields)) loopStopped = trigger.title;
        continue;
      }
      try {
        const planned = planTrigger(trigger, ticket, input, fields);
        trace.push({
          ...base,
          outcome: 'fired',
          results,
          ...(planned.picked !== undefined && { picked: planned.picked }),
        });
        if (planned.picked !== undefined) picks.push({ triggerId: trigger.id, uid: planned.picked });
        firedIds.add(trigger.id);
        fired.push(trigger.title);
        if (input.change.event === 'time') {
          // The mark goes with the rule's own change, so a run that fails writes neither.
          const marks = [...(ticket.timeRuleMarks ?? []), trigger.id];
          planned.plan.write.set.timeRuleMarks = marks;
        }
        plan = {
          write: mergeWrites(plan.write, planned.plan.write),
          events: [...plan.events, ...planned.plan.events],
          ...((planned.plan.agentFields ?? plan.agentFields) && {
            agentFields: planned.plan.agentFields ?? plan.agentFields,
          }),
        };
        if (planned.note) notes.push({ trigger: trigger.title, body: planned.note });
        (trigger.actions.emails ?? []).forEach((email, index) =>
          emails.push({ triggerId: trigger.id, trigger: trigger.title, index, email }),
        );
        ticket = { ...applyTicketWrite(ticket, planned.plan.write, ticket.updatedAt), updatedAt: ticket.updatedAt };
        if (fields && (planned.plan.write.set.fields || planned.plan.agentFields)) {
          fields = {
            definitions: fields.definitions,
            values: { visible: ticket.fields ?? {}, agents: planned.plan.agentFields ?? fields.values.agents },
          };
        }
        firedThisPass = true;
        break; // from the top: another trigger may hold now
      } catch (error) {
        if (error instanceof RotaNotRead) {
          // Read it and run again; until then the trigger is as if it had not held.
          rotasNeeded.push(trigger.id);
          firedIds.add(trigger.id);
          trace.push({ ...base, outcome: 'notRun', results });
          continue;
        }
        if (!(error instanceof AppError)) throw error;
        trace.push({ ...base, outcome: 'refused', results, refusal: error.message });
        firedIds.add(trigger.id);
      }
    }
    if (!firedThisPass) break;
  }
  return { plan, ticket, notes, emails, fired, trace, loopStopped, rotasNeeded, picks };
}
