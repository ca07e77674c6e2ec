/**
 * Triggers on IndexedDB (DESIGN §10 "Triggers"): the `triggers` table, as `triggers/{id}` is on
 * Firebase. Admins read and write them; trusted code reads them (`triggerFrom`: a malformed one is
 * never run).
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
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
import { isoAt, requireUser, runWrite, watchLive, type LocalContext } from '@/backend/local/core/context';
import type { TriageDb, TriggerRecord } from '@/backend/local/core/db';

/** A stored trigger as read; `null` when malformed. */
function triggerOf(record: TriggerRecord): Trigger | null {
  const { id, updatedAt, updatedBy: _by, ...data } = record;
  const trigger = triggerFrom(id, data);
  return trigger && { ...trigger, updatedAt };
}

/** Every well-formed trigger of the desk, in order (trusted code's read, inside the caller's transaction). */
export async function readLocalTriggers(db: TriageDb): Promise<Trigger[]> {
  return inTriggerOrder((await db.triggers.toArray()).flatMap((record) => triggerOf(record) ?? []));
}

/** Follows the desk's triggers, in order (`SettingsPort.watchTriggers`; admins only). */
export function watchLocalTriggers(
  ctx: LocalContext,
  onNext: Listener<Trigger[]>,
  onError: ErrorListener,
): Unsubscribe {
  return watchLive(
    ctx,
    async (me) => {
      assertCan(principalOf(me), 'settings.manage');
      return readLocalTriggers(ctx.db);
    },
    onNext,
    onError,
  );
}

/** Creates or replaces a trigger (`SettingsPort.saveTrigger`). */
export function saveLocalTrigger(ctx: LocalContext, input: TriggerInput): Promise<Trigger> {
  const { db } = ctx;
  return runWrite(ctx, async () => {
    const id = parseInput(triggerIdSchema, input.id);
    const { id: _id, ...fields } = input;
    const checked = parseInput(triggerSchema, fields) as Omit<Trigger, 'id'>;
    return db.transaction('rw', [db.users, db.triggers], async () => {
      const me = await requireUser(ctx);
      assertCan(principalOf(me), 'settings.manage');
      if (!(await db.triggers.get(id)) && (await db.triggers.count()) >= MAX_TRIGGERS) {
        throw refusals.tooManyTriggers(MAX_TRIGGERS);
      }
      const updatedAt = isoAt(ctx.now());
      await db.triggers.put({ ...checked, id, updatedAt, updatedBy: me.uid });
      return { ...checked, id, updatedAt };
    });
  });
}

/** Deletes a trigger (`SettingsPort.deleteTrigger`); one that does not exist is already deleted. */
export function deleteLocalTrigger(ctx: LocalContext, id: string): Promise<void> {
  const { db } = ctx;
  return runWrite(ctx, async () =>
    db.transaction('rw', [db.users, db.triggers], async () => {
      const me = await requireUser(ctx);
      assertCan(principalOf(me), 'settings.manage');
      if (id === AUTO_CLOSE_TRIGGER_ID) throw refusals.autoCloseRuleKept();
      await db.triggers.delete(id);
    }),
  );
}
