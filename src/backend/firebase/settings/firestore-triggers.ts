/**
 * Triggers on Firestore (DESIGN §10 "Triggers"): `triggers/{id}`, one document each, admins only
 * (the rules type and bound each; the domain schema checks the rest, and readers drop a malformed
 * one). A module of its own, loaded on first use.
 */
import {
  collection,
  doc,
  getCountFromServer,
  runTransaction,
  serverTimestamp,
  type Firestore,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { principalOf } from '@/domain/plans/ticket-write';
import { parseInput } from '@/domain/schemas';
import { AUTO_CLOSE_TRIGGER_ID } from '@/domain/auto-close';
import {
  inTriggerOrder,
  MAX_TRIGGERS,
  triggerFrom,
  triggerIdSchema,
  triggerSchema,
  type Trigger,
  type TriggerInput,
} from '@/domain/triggers';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor, readActorIn } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { optionalIsoFrom } from '@/backend/firebase/core/firestore-values';

function triggerRef(db: Firestore, id: string) {
  return doc(db, 'triggers', id);
}

/** A stored trigger as read, its time as ISO-8601; `null` when malformed. */
function triggerOf(id: string, data: Record<string, unknown>): Trigger | null {
  const { updatedAt, updatedBy: _by, ...fields } = data;
  const trigger = triggerFrom(id, fields);
  const at = optionalIsoFrom(updatedAt);
  return trigger && (at ? { ...trigger, updatedAt: at } : trigger);
}

/** Follows the desk's triggers in order (`SettingsPort.watchTriggers`); `permission-denied` but for admins. */
export async function watchTriggers(
  ctx: FirestoreContext,
  onNext: Listener<Trigger[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const me = await readActor(ctx);
  assertCan(principalOf(me), 'settings.manage');
  return watchQuery(
    collection(ctx.db, 'triggers'),
    (snapshot) => inTriggerOrder(snapshot.docs.flatMap((row) => triggerOf(row.id, row.data()) ?? [])),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Creates or replaces a trigger (`SettingsPort.saveTrigger`). A new one counts the desk's first:
 * the limit is the adapter's (rules cannot count), so two admins adding the last allowed trigger at
 * the same instant may both land.
 */
export async function saveTrigger(ctx: FirestoreContext, input: TriggerInput): Promise<Trigger> {
  const id = parseInput(triggerIdSchema, input.id);
  const { id: _id, ...fields } = input;
  const checked = parseInput(triggerSchema, fields) as Omit<Trigger, 'id'>;
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    const stored = await tx.get(triggerRef(db, id));
    if (!stored.exists()) {
      const count = (await getCountFromServer(collection(db, 'triggers'))).data().count;
      if (count >= MAX_TRIGGERS) throw refusals.tooManyTriggers(MAX_TRIGGERS);
    }
    tx.set(triggerRef(db, id), { ...checked, updatedAt: serverTimestamp(), updatedBy: actor.uid });
  });
  return { ...checked, id, updatedAt: new Date().toISOString() };
}

/** Deletes a trigger (`SettingsPort.deleteTrigger`); one that does not exist is already deleted. */
export async function deleteTrigger(ctx: FirestoreContext, id: string): Promise<void> {
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    if (id === AUTO_CLOSE_TRIGGER_ID) throw refusals.autoCloseRuleKept();
    tx.delete(triggerRef(db, id));
  });
}
