/**
 * "Test this rule" (DESIGN §10 "Triggers"): what a trigger an admin is editing would do, before it
 * is saved and without writing anything — on one ticket (which conditions hold, with the value the
 * ticket holds, and the changes its actions would make), and over the tickets created in the last
 * {@link PREVIEW_WINDOW_DAYS} days (how many it would have matched). The same engine trusted code
 * runs (`runTriggers`, `testConditions`), given this one trigger, active.
 *
 * Decided:
 * - The change tested is the ticket as it is now: for `created`, a new ticket (`before: null`); for
 *   `updated`, a change that leaves the ticket as it is (`before` is the ticket), so "changed",
 *   "changed to" and "changed from" never hold in a test — the screen says so.
 * - A round-robin assignment is left out of a test: which agent a rota picks depends on the rota
 *   and the agents' loads when a ticket arrives, which a test does not read. The rest acts.
 * - The count looks at most {@link PREVIEW_TICKET_CAP} tickets, the newest first (the screen says
 *   so when it stops there); each ticket is tested as it is now, not as it was when created.
 */
import { runTriggers, type TriggerOutcome, type TriggerRunInput } from '@/domain/plans/triggers';
import type { AuditEntry } from '@/domain/plans/ticket-write';
import {
  testConditions,
  type ChangeAuthor,
  type ConditionResult,
  type Trigger,
  type TriggerChange,
  type TriggerEvent,
  type TriggerEmail,
} from '@/domain/triggers';
import type { IsoDateTime, Ticket } from '@/domain/types';

/** How many days back the count looks (today included). */
export const PREVIEW_WINDOW_DAYS = 30;
/** Most tickets the count tests, the newest first (each is a read on Firebase). */
export const PREVIEW_TICKET_CAP = 500;
/** How many matched tickets the count names as examples. */
export const PREVIEW_EXAMPLES = 5;

/** The trigger as the editor holds it: everything but its place and whether it is active. */
export type PreviewedTrigger = Pick<Trigger, 'id' | 'title' | 'on' | 'all' | 'any' | 'actions'>;

/**
 * The change a test runs over: {@link PreviewedTrigger} on `ticket` as it is now (see the file's
 * comment); a time rule's by the desk itself, its hours counted to `now` (ms since the epoch).
 */
export function previewChange(
  ticket: Ticket,
  event: TriggerEvent,
  by: ChangeAuthor,
  requesterEmail: string | null,
  now?: number,
): TriggerChange {
  return {
    event,
    before: event === 'created' ? null : ticket,
    after: ticket,
    by: event === 'time' ? 'system' : by,
    requesterEmail,
    ...(now !== undefined && { now }),
  };
}

/** Whether a trigger assigns by a rule a test leaves out (anything but a named agent or nobody). */
export function assignsByRota(trigger: Pick<Trigger, 'actions'>): boolean {
  const kind = trigger.actions.assignee?.kind;
  return kind !== undefined && kind !== 'agent' && kind !== 'unassign';
}

/** The trigger a test runs: active, first, and without an assignment it cannot foresee. */
function testedTrigger(trigger: PreviewedTrigger): Trigger {
  const { assignee: _rota, ...others } = trigger.actions;
  return { ...trigger, active: true, order: 0, actions: assignsByRota(trigger) ? others : trigger.actions };
}

/** What a trigger would do to one ticket. */
export interface TriggerPreview {
  /** Whether the trigger is tested on this kind of change at all (its "runs on"). */
  runs: boolean;
  /** `fired`, `notMatched`, `refused` — or `notRun` when it does not run on this kind of change. */
  outcome: TriggerOutcome;
  /** The outcome of each "all" condition, in order. */
  all: ConditionResult[];
  /** The outcome of each "any" condition, in order. */
  any: ConditionResult[];
  /** The changes it would make, each as the audit trail would say it (none unless it fires). */
  changes: AuditEntry[];
  /** The internal note it would write, or `null`. */
  note: string | null;
  /** The emails it would send (who to; whether each would go is decided when it runs: limit, verification). */
  emails: TriggerEmail[];
  /** The planner's sentence when it holds but its actions are refused, else `null`. */
  refusal: string | null;
  /** Whether a round-robin assignment was left out of the test. */
  rotaLeftOut: boolean;
}

/** What {@link previewTrigger} takes: the trigger, the ticket and its change, and what the planners read. */
export interface TriggerPreviewInput extends Pick<TriggerRunInput, 'fields' | 'agents'> {
  trigger: PreviewedTrigger;
  ticket: Ticket;
  event: TriggerEvent;
  by: ChangeAuthor;
  requesterEmail: string | null;
  /** ms since the epoch: what a time rule's hours count to. */
  now?: number;
}

/**
 * What the trigger would do to the ticket now (see the file's comment): it alone, active, run
 * over {@link previewChange} as trusted code runs a desk's triggers. Writes nothing; never throws
 * for a refusal (it is the preview's `refusal`).
 */
export function previewTrigger(input: TriggerPreviewInput): TriggerPreview {
  const trigger = testedTrigger(input.trigger);
  const change = previewChange(input.ticket, input.event, input.by, input.requesterEmail, input.now);
  const runs = input.trigger.on.includes(input.event);
  const rotaLeftOut = assignsByRota(input.trigger);
  if (!runs) {
    const { results } = testConditions(trigger, change);
    return {
      runs,
      outcome: 'notRun',
      all: results.slice(0, trigger.all.length),
      any: results.slice(trigger.all.length),
      changes: [],
      note: null,
      emails: [],
      refusal: null,
      rotaLeftOut,
    };
  }
  const run = runTriggers({ triggers: [trigger], change, fields: input.fields, agents: input.agents });
  // One trigger: the first pass decides it (a second pass only finds it fired already).
  const step = run.trace[0];
  const results = step?.results ?? [];
  return {
    runs,
    outcome: step?.outcome ?? 'notRun',
    all: results.slice(0, trigger.all.length),
    any: results.slice(trigger.all.length),
    changes: run.plan.events,
    note: run.notes[0]?.body ?? null,
    emails: run.emails.map((intent) => intent.email),
    refusal: step?.refusal ?? null,
    rotaLeftOut,
  };
}

/** The first moment of the count's window: {@link PREVIEW_WINDOW_DAYS} days of 24 h before `now` (ms). */
export function previewWindowStart(now: number): IsoDateTime {
  return new Date(now - PREVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** How many of the recent tickets a trigger would have matched. */
export interface MatchCount {
  /** Tickets created in the window that it matched. */
  matched: number;
  /** Tickets created in the window that were tested. */
  tested: number;
  /** Up to {@link PREVIEW_EXAMPLES} of the matched tickets, newest first. */
  examples: Pick<Ticket, 'id' | 'number' | 'subject'>[];
}

/** What {@link countMatches} takes. */
export interface MatchCountInput {
  trigger: Pick<Trigger, 'all' | 'any'>;
  /** The tickets read (any order); those created before `since` are not counted. */
  tickets: readonly Ticket[];
  since: IsoDateTime;
  event: TriggerEvent;
  by: ChangeAuthor;
  /** Requesters' emails by uid; a requester missing here has none (an email condition sees `''`). */
  requesterEmails: ReadonlyMap<string, string>;
  /** ms since the epoch: what a time rule's hours count to. */
  now?: number;
}

/**
 * How many tickets created since `since` the trigger's conditions hold on, each tested as it is
 * now over {@link previewChange} — the conditions only: whether its actions would then be refused
 * is the one-ticket test's to say.
 */
export function countMatches(input: MatchCountInput): MatchCount {
  const recent = input.tickets
    .filter((ticket) => ticket.createdAt >= input.since)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const matched = recent.filter(
    (ticket) =>
      testConditions(
        input.trigger,
        previewChange(ticket, input.event, input.by, input.requesterEmails.get(ticket.requesterId) ?? null, input.now),
      ).matched,
  );
  return {
    matched: matched.length,
    tested: recent.length,
    examples: matched
      .slice(0, PREVIEW_EXAMPLES)
      .map((ticket) => ({ id: ticket.id, number: ticket.number, subject: ticket.subject })),
  };
}

/** Whether any condition of a trigger looks at the requester's email (the count then reads their profiles). */
export function testsRequesterEmail(trigger: Pick<Trigger, 'all' | 'any'>): boolean {
  return [...trigger.all, ...trigger.any].some((condition) => condition.property === 'requesterEmail');
}

/** A ticket as an admin names it: by its number (`42`, `#42`) or by its id (or an address ending in it). */
export type TicketReference = { number: number } | { id: string };

/**
 * Reads what an admin typed to pick a ticket: a number (`42`, `#42`), an id, or the address of a
 * ticket's page (`…/desk/tickets/<id>`, `…/requests/<id>`).
 * @returns the reference, or `null` when the text names nothing.
 */
export function ticketReferenceOf(text: string): TicketReference | null {
  const trimmed = text.trim();
  const number = /^#?\s*(\d{1,9})$/.exec(trimmed);
  if (number?.[1]) return Number(number[1]) > 0 ? { number: Number(number[1]) } : null;
  const last = trimmed.split(/[?#]/)[0]?.split('/').filter(Boolean).at(-1) ?? '';
  return /^[A-Za-z0-9_-]{1,128}$/.test(last) ? { id: last } : null;
}
