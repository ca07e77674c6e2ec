/**
 * Macros on Firestore (DESIGN §3 "Macros"): `macros/{id}`, one document each — `ownerId: null`
 * for a shared macro (admins write it), the owner's uid for a personal one (only they read and
 * write it). Staff follow two queries, the shared ones and their own, so the rules can answer each
 * from the query alone. A module of its own, loaded on first use. The canned replies stored before
 * macros (`settings/canned-replies`) are moved here by trusted code (`functions/src/macros.ts`).
 */
import {
  collection,
  doc,
  getCountFromServer,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type Firestore,
  type Transaction,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
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
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor, readActorIn } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchQuery } from '@/backend/firebase/core/firestore-live';
import { optionalIsoFrom } from '@/backend/firebase/core/firestore-values';

function macroRef(db: Firestore, id: string) {
  return doc(db, 'macros', id);
}

/** A stored macro as read (`macroFrom`), its time as ISO-8601; `null` when malformed. */
function macroOf(id: string, data: Record<string, unknown> | undefined): Macro | null {
  const macro = macroFrom(id, data);
  if (!macro) return null;
  const updatedAt = optionalIsoFrom(data?.updatedAt);
  return updatedAt ? { ...macro, updatedAt } : macro;
}

/**
 * Reads one macro as `me` may apply it, in a transaction: `null` when there is none, it is
 * malformed, or it is someone else's personal one (the rules refuse that read: `null` too).
 */
export async function readMacroIn(
  tx: Transaction,
  db: Firestore,
  id: string,
  me: Pick<UserProfile, 'uid'>,
): Promise<Macro | null> {
  try {
    const snapshot = await tx.get(macroRef(db, id));
    const macro = snapshot.exists() ? macroOf(id, snapshot.data()) : null;
    return macro && mayApply(macro, me) ? macro : null;
  } catch (error) {
    if (toAppError(error).code === 'permission-denied') return null;
    throw error;
  }
}

/**
 * Follows the macros the signed-in agent may apply (shared, and their own), by title: two
 * queries, the list delivered once both have answered. Customers get `permission-denied`.
 */
export async function watchMacros(
  ctx: FirestoreContext,
  onNext: Listener<Macro[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const me = await readActor(ctx);
  assertCan(principalOf(me), 'macros.use');
  const macros = collection(ctx.db, 'macros');
  let shared: Macro[] | null = null;
  let own: Macro[] | null = null;
  const deliver = () => {
    if (shared && own) onNext([...shared, ...own].sort(byTitle));
  };
  const fail = (error: Parameters<typeof toAppError>[0]) => onError(toErrorShape(toAppError(error)));
  const read = (snapshot: { docs: { id: string; data(): Record<string, unknown> }[] }) =>
    snapshot.docs.flatMap((row) => macroOf(row.id, row.data()) ?? []);
  const stopShared = watchQuery(
    query(macros, where('ownerId', '==', null)),
    read,
    (list) => {
      shared = list;
      deliver();
    },
    fail,
  );
  const stopOwn = watchQuery(
    query(macros, where('ownerId', '==', me.uid)),
    read,
    (list) => {
      own = list;
      deliver();
    },
    fail,
  );
  return () => {
    stopShared();
    stopOwn();
  };
}

/**
 * Creates or replaces a macro (`SettingsPort.saveMacro`) in a transaction that reads the caller's
 * role and the stored macro (its owner never changes). A new macro counts its kind first: the
 * limit is the adapter's to keep (rules cannot count), so two agents adding their last allowed
 * macro at the same instant may both land.
 */
export async function saveMacro(ctx: FirestoreContext, input: MacroInput): Promise<Macro> {
  const macro = parseInput(macroSchema, input) as MacroInput;
  const { db } = ctx;
  const me = await readActor(ctx);
  assertMayWriteMacro(me, macro.ownerId);
  const mine = query(collection(db, 'macros'), where('ownerId', '==', macro.ownerId));
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    let stored;
    try {
      stored = await tx.get(macroRef(db, macro.id));
    } catch (error) {
      // Someone else's personal macro under this id: the rules refuse the read.
      if (toAppError(error).code === 'permission-denied') throw refusals.macroNotYours();
      throw error;
    }
    const storedOwnerId = stored.exists() ? ((stored.get('ownerId') as string | null | undefined) ?? null) : undefined;
    assertMayWriteMacro(actor, macro.ownerId, storedOwnerId);
    if (!stored.exists()) {
      const max = maxMacrosOf(macro.ownerId);
      if ((await getCountFromServer(mine)).data().count >= max) throw refusals.tooManyMacros(max);
    }
    const { id, ...fields } = macro;
    tx.set(macroRef(db, id), { ...fields, updatedAt: serverTimestamp(), updatedBy: actor.uid });
  });
  return { ...macro, updatedAt: new Date().toISOString() };
}

/** Deletes a macro (`SettingsPort.deleteMacro`); one that does not exist is already deleted. */
export async function deleteMacro(ctx: FirestoreContext, id: string): Promise<void> {
  const { db } = ctx;
  await runTransaction(db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'macros.use');
    let stored;
    try {
      stored = await tx.get(macroRef(db, id));
    } catch (error) {
      if (toAppError(error).code === 'permission-denied') throw refusals.macroNotYours();
      throw error;
    }
    if (!stored.exists()) return;
    assertMayWriteMacro(actor, (stored.get('ownerId') as string | null | undefined) ?? null);
    tx.delete(macroRef(db, id));
  });
}
