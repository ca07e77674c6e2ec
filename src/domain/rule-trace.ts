/**
 * A ticket's rule trace (DESIGN §10 "Triggers"): for each run of the desk's triggers over a change
 * of the ticket, every trigger's outcome and each of its conditions' values and results — what
 * an admin opens to see why a rule fired or did not, instead of debugging it on live tickets.
 * Trusted code writes one record a run (even when nothing fired), admins read them.
 *
 * Decided: a record keeps each trigger once, at the pass that decided it — the pass it fired or
 * was refused in, else the last pass it was tested in — so a chain of 25 passes over 200
 * triggers stays one bounded record; when even that is over {@link MAX_TRACE_CHARS}, the
 * conditions of the triggers that did not hold are left out and the record says so.
 */
import type { RuleEmailDecision } from '@/domain/mail/rule-mail';
import type { TriggerRun, TriggerOutcome } from '@/domain/plans/triggers';
import type { ChangeAuthor, ConditionResult, TriggerEvent } from '@/domain/triggers';
import type { IsoDateTime } from '@/domain/types';

/** Most characters of a ticket's value a trace keeps per condition. */
export const MAX_TRACE_ACTUAL = 120;
/** Most characters of one record's conditions, as JSON (a Firestore document holds 1 MiB). */
export const MAX_TRACE_CHARS = 400_000;
/** How many runs a ticket's trace shows, newest first. */
export const TRACE_RUNS_SHOWN = 20;

/** One trigger in one run. */
export interface RuleTraceEntry {
  triggerId: string;
  title: string;
  outcome: TriggerOutcome;
  /** The pass that decided it (1 = the first over the list). */
  pass: number;
  results: ConditionResult[];
  refusal?: string;
  /** For a round-robin trigger that fired: the agent it picked, `null` when nobody could take the ticket. */
  picked?: string | null;
}

/** One run of the triggers over one change of a ticket. */
export interface RuleTrace {
  id: string;
  ticketId: string;
  /** When the run wrote it (ISO-8601 UTC). */
  at: IsoDateTime;
  event: TriggerEvent;
  by: ChangeAuthor;
  /** Titles of the triggers that fired, in order. */
  fired: string[];
  /** The trigger the loop guard stopped, or `null`. */
  loopStopped: string | null;
  entries: RuleTraceEntry[];
  /** What became of each email the triggers that fired send (absent in records written before rule emails). */
  emails?: RuleEmailDecision[];
  /** Whether conditions of triggers that did not hold were left out for size. */
  truncated: boolean;
}

/** What decides a trigger's line: a fire or refusal wins over a later pass's "already fired". */
const DECISIVE: readonly TriggerOutcome[] = ['fired', 'refused'];

/**
 * The record of one run (see the file's comment).
 * @param meta the record's id, ticket, time, kind of change and author.
 * @param emails what became of the run's emails (`decideRuleEmails`), in order.
 */
export function ruleTraceOf(
  run: Pick<TriggerRun, 'trace' | 'fired' | 'loopStopped'>,
  meta: Pick<RuleTrace, 'id' | 'ticketId' | 'at' | 'event' | 'by'>,
  emails: readonly RuleEmailDecision[] = [],
): RuleTrace {
  const byTrigger = new Map<string, RuleTraceEntry>();
  for (const step of run.trace) {
    const known = byTrigger.get(step.triggerId);
    if (known && DECISIVE.includes(known.outcome)) continue;
    byTrigger.set(step.triggerId, {
      triggerId: step.triggerId,
      title: step.title,
      outcome: step.outcome,
      pass: step.pass,
      results: step.results.map((result) => ({
        ...result,
        actual:
          result.actual.length > MAX_TRACE_ACTUAL ? `${result.actual.slice(0, MAX_TRACE_ACTUAL)}…` : result.actual,
      })),
      ...(step.refusal !== undefined && { refusal: step.refusal }),
      ...(step.picked !== undefined && { picked: step.picked }),
    });
  }
  let entries = [...byTrigger.values()];
  const truncated = JSON.stringify(entries).length > MAX_TRACE_CHARS;
  if (truncated) {
    entries = entries.map((entry) => (entry.outcome === 'notMatched' ? { ...entry, results: [] } : entry));
  }
  return {
    ...meta,
    fired: [...run.fired],
    loopStopped: run.loopStopped,
    entries,
    ...(emails.length > 0 && { emails: [...emails] }),
    truncated,
  };
}
