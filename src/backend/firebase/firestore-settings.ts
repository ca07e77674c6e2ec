/**
 * `settings/desk` (DESIGN §3): categories, close-after days, SLA targets and canned replies.
 * Loaded on demand (it imports `firebase/firestore`).
 */
import {
  doc,
  runTransaction,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore';
import { AppError, toErrorShape } from '@/domain/errors';
import { firstIssueMessage } from '@/domain/schemas';
import { deskSettingsSchema } from '@/domain/settings-schema';
import { PRIORITIES, DEFAULT_DESK_SETTINGS, type CannedReply, type DeskSettings, type SlaTarget } from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port';
import type { FirestoreContext } from '@/backend/firebase/firestore-context';
import { readActorIn } from '@/backend/firebase/firestore-users';
import { toAppError } from '@/backend/firebase/firebase-errors';
import { watchDocument } from '@/backend/firebase/firestore-live';
import {
  dataWithEstimates,
  notWrittenThroughConverter,
  numberFrom,
  stringFrom,
  stringsFrom,
} from '@/backend/firebase/firestore-values';

function slaFrom(value: unknown): DeskSettings['sla'] {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const sla = { ...DEFAULT_DESK_SETTINGS.sla };
  for (const priority of PRIORITIES) {
    const target = stored[priority];
    if (typeof target !== 'object' || target === null) continue;
    const { firstResponseMinutes, resolutionMinutes } = target as Record<string, unknown>;
    const fallback = DEFAULT_DESK_SETTINGS.sla[priority];
    sla[priority] = {
      firstResponseMinutes: numberFrom(firstResponseMinutes, fallback.firstResponseMinutes),
      resolutionMinutes: numberFrom(resolutionMinutes, fallback.resolutionMinutes),
    } satisfies SlaTarget;
  }
  return sla;
}

function cannedRepliesFrom(value: unknown): CannedReply[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ id: stringFrom(item.id), title: stringFrom(item.title), body: stringFrom(item.body) }));
}

/** Reads `settings/desk`, taking the defaults for any missing field. */
const settingsConverter: FirestoreDataConverter<DeskSettings> = {
  toFirestore: notWrittenThroughConverter('settings'),
  fromFirestore(snapshot, options) {
    const data = dataWithEstimates(snapshot, options);
    return {
      categories: Array.isArray(data.categories) ? stringsFrom(data.categories) : [...DEFAULT_DESK_SETTINGS.categories],
      closeAfterDays: numberFrom(data.closeAfterDays, DEFAULT_DESK_SETTINGS.closeAfterDays),
      sla: slaFrom(data.sla),
      cannedReplies: cannedRepliesFrom(data.cannedReplies),
    };
  },
};

function settingsRef(db: Firestore): DocumentReference<DeskSettings> {
  return doc(db, 'settings', 'desk').withConverter(settingsConverter);
}

/** Follows the desk settings live; the defaults while none are stored. */
export function watchSettings(
  ctx: FirestoreContext,
  onNext: Listener<DeskSettings>,
  onError: ErrorListener,
): Unsubscribe {
  return watchDocument(
    settingsRef(ctx.db),
    (snapshot) => (snapshot.exists() ? snapshot.data() : structuredClone(DEFAULT_DESK_SETTINGS)),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Replaces the desk settings (admins only), in a transaction that reads the caller's role.
 * @throws AppError `invalid-argument`, `permission-denied`.
 */
export async function saveSettings(ctx: FirestoreContext, settings: DeskSettings): Promise<void> {
  const parsed = deskSettingsSchema.safeParse(settings);
  if (!parsed.success) throw new AppError('invalid-argument', firstIssueMessage(parsed.error));
  const value: DeskSettings = parsed.data;
  await runTransaction(ctx.db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    if (actor.role !== 'admin') throw new AppError('permission-denied', 'Only admins can change the desk settings.');
    tx.set(doc(ctx.db, 'settings', 'desk'), value);
  });
}
