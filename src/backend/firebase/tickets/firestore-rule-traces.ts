/**
 * A ticket's rule trace on Firestore (DESIGN §10 "Triggers"): `tickets/{id}/ruleTraces/{changeId}`,
 * one document per trigger run, written by trusted code only and read by admins (the rules). A
 * module of its own, loaded on first use.
 */
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { assertCan } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import type { RuleEmailDecision } from '@/domain/mail/rule-mail';
import { TRACE_RUNS_SHOWN, type RuleTrace, type RuleTraceEntry } from '@/domain/rule-trace';
import { CHANGE_AUTHORS, TRIGGER_EVENTS } from '@/domain/triggers';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { isoFrom, oneOf, optionalStringFrom, stringsFrom } from '@/backend/firebase/core/firestore-values';

/** A stored trace as read (trusted code wrote it through `ruleTraceOf`). */
function ruleTraceOf(id: string, ticketId: string, data: Record<string, unknown>): RuleTrace {
  return {
    id,
    ticketId,
    at: isoFrom(data.at),
    event: oneOf(data.event, TRIGGER_EVENTS, 'updated'),
    by: oneOf(data.by, CHANGE_AUTHORS, 'customer'),
    fired: stringsFrom(data.fired),
    loopStopped: optionalStringFrom(data.loopStopped) ?? null,
    entries: Array.isArray(data.entries) ? (data.entries as RuleTraceEntry[]) : [],
    ...(Array.isArray(data.emails) && { emails: data.emails as RuleEmailDecision[] }),
    truncated: data.truncated === true,
  };
}

/** Follows a ticket's last rule traces, newest first (admins only; others get `permission-denied`). */
export async function watchRuleTraces(
  ctx: FirestoreContext,
  ticketId: string,
  onNext: Listener<RuleTrace[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'ticket.readRuleTrace');
  const traces = query(
    collection(ctx.db, 'tickets', ticketId, 'ruleTraces'),
    orderBy('at', 'desc'),
    limit(TRACE_RUNS_SHOWN),
  );
  return watchQuery(
    traces,
    (snapshot) => snapshot.docs.map((row) => ruleTraceOf(row.id, ticketId, row.data())),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
