/**
 * Desk settings (DESIGN §3) in two documents: `settings/desk` (categories, close-after days, SLA
 * targets — readable by everyone signed in, since the request form needs the categories) and
 * `settings/canned-replies` (`{ replies, updatedAt }` — staff only, so customers never see the
 * desk's canned answers; departure from DESIGN §3's single document). The port still sees one
 * {@link DeskSettings}, with no canned replies for customers.
 * Loaded on demand (it imports `firebase/firestore`).
 */
import {
  doc,
  runTransaction,
  serverTimestamp,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
  type Transaction,
} from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { can } from '@/domain/policy';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan } from '@/domain/errors/refusals';
import { parseInput } from '@/domain/schemas';
import { cannedRepliesSchema, deskSettingsSchema } from '@/domain/settings-schema';
import {
  PRIORITIES,
  DEFAULT_DESK_SETTINGS,
  type CannedReply,
  type DeskSettings,
  type DeskSettingsInput,
  type SlaTarget,
} from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port';
import type { FirestoreContext } from '@/backend/firebase/context';
import { readActor, readActorIn } from '@/backend/firebase/firestore-users';
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
      assignOnReply: typeof data.assignOnReply === 'boolean' ? data.assignOnReply : DEFAULT_DESK_SETTINGS.assignOnReply,
    };
  },
};

function settingsRef(db: Firestore): DocumentReference<DeskSettings> {
  return doc(db, 'settings', 'desk').withConverter(settingsConverter);
}

function cannedRepliesRef(db: Firestore) {
  return doc(db, 'settings', 'canned-replies');
}

/**
 * The desk's `assignOnReply` (DESIGN §2) read in a transaction, so the rules and the write see
 * the same value; on when no settings are stored.
 */
export async function readAssignOnReplyIn(tx: Transaction, db: Firestore): Promise<boolean> {
  const snapshot = await tx.get(settingsRef(db));
  return snapshot.exists() ? snapshot.data().assignOnReply : DEFAULT_DESK_SETTINGS.assignOnReply;
}

/**
 * Follows the desk settings live; the defaults while none are stored. Staff also follow the
 * canned replies (the first value waits for both); customers get none.
 */
export async function watchSettings(
  ctx: FirestoreContext,
  onNext: Listener<DeskSettings>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const staff = can(principalOf(await readActor(ctx)), 'cannedReplies.use');
  const fail = (error: Parameters<typeof toAppError>[0]) => onError(toErrorShape(toAppError(error)));
  let desk: DeskSettings | null = null;
  let replies: CannedReply[] | null = staff ? null : [];
  const emit = () => {
    if (desk && replies) onNext({ ...desk, cannedReplies: replies });
  };
  const stopDesk = watchDocument(
    settingsRef(ctx.db),
    (snapshot) => (snapshot.exists() ? snapshot.data() : structuredClone(DEFAULT_DESK_SETTINGS)),
    (value) => {
      desk = value;
      emit();
    },
    fail,
  );
  const stopReplies = staff
    ? watchDocument(
        cannedRepliesRef(ctx.db),
        (snapshot) => cannedRepliesFrom(snapshot.get('replies')),
        (value) => {
          replies = value;
          emit();
        },
        fail,
      )
    : () => undefined;
  return () => {
    stopDesk();
    stopReplies();
  };
}

/**
 * Replaces `settings/desk` (admins only; the canned replies' document is left as it is), in a
 * transaction that reads the caller's role.
 * @throws AppError `invalid-argument`, `permission-denied`.
 */
export async function saveSettings(ctx: FirestoreContext, settings: DeskSettingsInput): Promise<void> {
  const desk = parseInput(deskSettingsSchema, settings);
  await runTransaction(ctx.db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    tx.set(doc(ctx.db, 'settings', 'desk'), desk);
  });
}

/**
 * Replaces the shared canned replies (agents and admins), in a transaction that reads
 * the caller's role.
 * @throws AppError `invalid-argument` (a reply outside the limits), `permission-denied`.
 */
export async function saveCannedReplies(ctx: FirestoreContext, replies: readonly CannedReply[]): Promise<void> {
  const checked = parseInput(cannedRepliesSchema, replies);
  await runTransaction(ctx.db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'cannedReplies.manage');
    tx.set(cannedRepliesRef(ctx.db), { replies: checked, updatedAt: serverTimestamp() });
  });
}
