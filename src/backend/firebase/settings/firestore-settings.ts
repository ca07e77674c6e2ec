/**
 * Desk settings (DESIGN §3): `settings/desk` (categories, close-after days, SLA targets — readable
 * by everyone signed in, since the request form needs the categories). (The custom fields'
 * definitions are `firestore-fields.ts`, the macros `firestore-macros.ts`.)
 * Loaded on demand (it imports `firebase/firestore`).
 */
import {
  collection,
  doc,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
  type Transaction,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan } from '@/domain/errors/refusals';
import { parseInput } from '@/domain/schemas';
import { deskSettingsFrom, deskSettingsSchema } from '@/domain/settings-schema';
import { type DeskSettings, type DeskSettingsInput } from '@/domain/types';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor, readActorIn } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchDocument, watchQuery } from '@/backend/firebase/core/firestore-live';
import {
  dataWithEstimates,
  isoFrom,
  notWrittenThroughConverter,
  stringFrom,
  stringsFrom,
} from '@/backend/firebase/core/firestore-values';
import { SETTINGS_HISTORY_SHOWN, type SettingsChange, type SettingsPart } from '@/domain/settings-history';

/** Reads `settings/desk`, taking the defaults for any missing or malformed field (`deskSettingsFrom`). */
const settingsConverter: FirestoreDataConverter<DeskSettings> = {
  toFirestore: notWrittenThroughConverter('settings'),
  fromFirestore(snapshot, options) {
    return deskSettingsFrom(dataWithEstimates(snapshot, options));
  },
};

function settingsRef(db: Firestore): DocumentReference<DeskSettings> {
  return doc(db, 'settings', 'desk').withConverter(settingsConverter);
}

/**
 * The desk's `assignOnReply` (DESIGN §2) read in a transaction, so the rules and the write see
 * the same value; on when no settings are stored.
 */
export async function readAssignOnReplyIn(tx: Transaction, db: Firestore): Promise<boolean> {
  const snapshot = await tx.get(settingsRef(db));
  return snapshot.exists() ? snapshot.data().assignOnReply : DEFAULT_DESK_SETTINGS.assignOnReply;
}

/** Follows the desk settings live; the defaults while none are stored. */
export async function watchSettings(
  ctx: FirestoreContext,
  onNext: Listener<DeskSettings>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  await readActor(ctx);
  return watchDocument(
    settingsRef(ctx.db),
    (snapshot) => (snapshot.exists() ? snapshot.data() : structuredClone(DEFAULT_DESK_SETTINGS)),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Replaces `settings/desk` (admins only), in a transaction that reads the caller's role.
 * @throws AppError `invalid-argument`, `permission-denied`.
 */
export async function saveSettings(ctx: FirestoreContext, settings: DeskSettingsInput): Promise<void> {
  const desk = parseInput(deskSettingsSchema, settings);
  await runTransaction(ctx.db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    // Who and when: the rules make them the writer and the server's time; trusted code writes the
    // change to the settings' history from them (DESIGN §10).
    tx.set(doc(ctx.db, 'settings', 'desk'), { ...desk, updatedBy: actor.uid, updatedAt: serverTimestamp() });
  });
}

/** Reads `settingsHistory/{id}` (written by trusted code) into a {@link SettingsChange}. */
const historyConverter: FirestoreDataConverter<SettingsChange> = {
  toFirestore: notWrittenThroughConverter('settingsHistory'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    return {
      id: snapshot.id,
      actorId: stringFrom(data.actorId),
      actorName: stringFrom(data.actorName),
      at: isoFrom(data.at),
      parts: stringsFrom(data.parts) as SettingsPart[],
    };
  },
};

/**
 * Follows the settings' history (admins; the rules refuse anyone else), newest first, at most
 * {@link SETTINGS_HISTORY_SHOWN} entries: one query, one read per entry.
 */
export async function watchSettingsHistory(
  ctx: FirestoreContext,
  onNext: Listener<SettingsChange[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'settings.manage');
  const history = query(
    collection(ctx.db, 'settingsHistory').withConverter(historyConverter),
    orderBy('at', 'desc'),
    limit(SETTINGS_HISTORY_SHOWN),
  );
  return watchQuery(
    history,
    (snapshot) => snapshot.docs.map((entry) => entry.data()),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
