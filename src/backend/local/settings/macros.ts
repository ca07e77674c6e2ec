/**
 * Macros on IndexedDB (DESIGN §3 "Macros"): the `macros` table, as `macros/{id}` is on Firebase.
 * Staff read the shared ones and their own personal ones; admins write shared ones, each agent
 * their own. The canned replies stored before macros moved into this table (`db.ts`, version 16).
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { assertCan, refusals } from '@/domain/errors/refusals';
import {
  assertMayWriteMacro,
  byTitle,
  macroFrom,
  macroSchema,
  mayApply,
  maxMacrosOf,
  type Macro,
  type MacroInput,
} from '@/domain/macros';
import { principalOf } from '@/domain/plans/ticket-write';
import { parseInput } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import { isoAt, requireUser, runWrite, watchLive, type LocalContext } from '@/backend/local/core/context';
import type { MacroRecord, TriageDb } from '@/backend/local/core/db';

/** A stored macro as read: `null` when malformed (never applied) or not the reader's to see. */
function readable(record: MacroRecord | undefined, me: Pick<UserProfile, 'uid'>): Macro | null {
  if (!record || !mayApply(record, me)) return null;
  const macro = macroFrom(record.id, record);
  return macro && { ...macro, updatedAt: record.updatedAt };
}

/**
 * Reads one macro as `me` may apply it (shared, or their own), inside the caller's transaction.
 * @returns `null` when there is none, it is someone else's, or it is malformed.
 */
export async function readLocalMacro(db: TriageDb, id: string, me: Pick<UserProfile, 'uid'>): Promise<Macro | null> {
  return readable(await db.macros.get(id), me);
}

/** Follows the macros the signed-in agent may apply, by title (`SettingsPort.watchMacros`). */
export function watchLocalMacros(ctx: LocalContext, onNext: Listener<Macro[]>, onError: ErrorListener): Unsubscribe {
  return watchLive(
    ctx,
    async (me) => {
      assertCan(principalOf(me), 'macros.use');
      const records = await ctx.db.macros.toArray();
      return records.flatMap((record) => readable(record, me) ?? []).sort(byTitle);
    },
    onNext,
    onError,
  );
}

/** Creates or replaces a macro (`SettingsPort.saveMacro`). */
export function saveLocalMacro(ctx: LocalContext, input: MacroInput): Promise<Macro> {
  const { db } = ctx;
  return runWrite(ctx, async () => {
    const macro = parseInput(macroSchema, input) as MacroInput;
    return db.transaction('rw', [db.users, db.macros], async () => {
      const me = await requireUser(ctx);
      const stored = await db.macros.get(macro.id);
      assertMayWriteMacro(me, macro.ownerId, stored?.ownerId);
      if (!stored) {
        const same = await db.macros.filter((record) => record.ownerId === macro.ownerId).count();
        const max = maxMacrosOf(macro.ownerId);
        if (same >= max) throw refusals.tooManyMacros(max);
      }
      const record: MacroRecord = { ...macro, updatedAt: isoAt(ctx.now()), updatedBy: me.uid };
      await db.macros.put(record);
      return { ...macro, updatedAt: record.updatedAt };
    });
  });
}

/** Deletes a macro (`SettingsPort.deleteMacro`); one that does not exist is already deleted. */
export function deleteLocalMacro(ctx: LocalContext, id: string): Promise<void> {
  const { db } = ctx;
  return runWrite(ctx, async () =>
    db.transaction('rw', [db.users, db.macros], async () => {
      const me = await requireUser(ctx);
      assertCan(principalOf(me), 'macros.use');
      const stored = await db.macros.get(id);
      if (!stored) return;
      assertMayWriteMacro(me, stored.ownerId);
      await db.macros.delete(id);
    }),
  );
}
