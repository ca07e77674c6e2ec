/**
 * The rule trace's record (DESIGN §10 "Triggers"): each trigger once, at the pass that decided it,
 * its conditions with the values they saw, bounded in size.
 */
import { runTriggers } from '@/domain/plans/triggers';
import { MAX_TRACE_ACTUAL, ruleTraceOf } from '@/domain/rule-trace';
import type { Trigger, TriggerCondition } from '@/domain/triggers';
import { ticket as ticketWith } from '../../support/plan-fixtures';

const ticket = ticketWith();

const META = {
  id: 'c1',
  ticketId: ticket.id,
  at: '2026-12-06T10:00:00.000Z',
  event: 'updated' as const,
  by: 'agent' as const,
};

function trigger(id: string, order: number, all: TriggerCondition[], actions: Trigger['actions']): Trigger {
  return { id, title: `Trigger ${id}`, active: true, order, on: ['updated'], all, any: [], actions };
}

describe('ruleTraceOf', () => {
  it('keeps each trigger once, at the pass that decided it, with what each condition saw', () => {
    // "raise" fires in pass 1; "tag" holds only after it, and fires in pass 2; "never" never holds.
    const triggers = [
      trigger('never', 1, [{ property: 'subject', operator: 'contains', value: 'zebra' }], { priority: 'low' }),
      trigger('tag', 2, [{ property: 'priority', operator: 'is', value: 'urgent' }], { addTags: ['hot'] }),
      trigger('raise', 3, [{ property: 'priority', operator: 'is', value: 'normal' }], { priority: 'urgent' }),
    ];
    const run = runTriggers({
      triggers,
      change: {
        event: 'updated',
        before: ticket,
        after: { ...ticket, priority: 'normal' },
        by: 'agent',
        requesterEmail: null,
      },
      fields: null,
      agents: new Map(),
    });
    const trace = ruleTraceOf(run, META);
    expect(trace.fired).toEqual(['Trigger raise', 'Trigger tag']);
    expect(trace.entries.map((entry) => [entry.triggerId, entry.outcome, entry.pass])).toEqual([
      ['never', 'notMatched', 3],
      ['tag', 'fired', 2],
      ['raise', 'fired', 1],
    ]);
    expect(trace.entries[0]?.results).toEqual([
      { condition: triggers[0]?.all[0], matched: false, actual: ticket.subject },
    ]);
    expect(trace.truncated).toBe(false);
  });

  it('cuts a long value to its first characters', () => {
    const long = 'x'.repeat(MAX_TRACE_ACTUAL + 50);
    const run = runTriggers({
      triggers: [trigger('t', 1, [{ property: 'subject', operator: 'contains', value: 'zebra' }], { priority: 'low' })],
      change: {
        event: 'updated',
        before: ticket,
        after: { ...ticket, subject: long },
        by: 'agent',
        requesterEmail: null,
      },
      fields: null,
      agents: new Map(),
    });
    expect(ruleTraceOf(run, META).entries[0]?.results[0]?.actual).toBe(`${'x'.repeat(MAX_TRACE_ACTUAL)}…`);
  });

  it('leaves out the conditions of triggers that did not hold when the record would be too big, and says so', () => {
    const conditions = Array.from({ length: 20 }, (_, index) => ({
      property: 'subject' as const,
      operator: 'contains' as const,
      value: `${'w'.repeat(190)}${index}`,
    }));
    const triggers = Array.from({ length: 200 }, (_, index) =>
      trigger(`t${index}`, index, conditions, { priority: 'low' }),
    );
    const run = runTriggers({
      triggers,
      change: { event: 'updated', before: ticket, after: ticket, by: 'agent', requesterEmail: null },
      fields: null,
      agents: new Map(),
    });
    const trace = ruleTraceOf(run, META);
    expect(trace.truncated).toBe(true);
    expect(trace.entries).toHaveLength(200);
    expect(trace.entries.every((entry) => entry.results.length === 0)).toBe(true);
    // What is left fits a Firestore document (1 MiB) with room to spare.
    expect(JSON.stringify(trace).length).toBeLessThan(100_000);
  });
});
