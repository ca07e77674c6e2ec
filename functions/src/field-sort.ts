/**
 * The fields' sort slots on Firestore (DESIGN §3 "Custom fields", `src/domain/field-sort.ts`):
 * trusted code copies each ticket's value of the number or date field a slot holds into
 * `fieldSortA`/`fieldSortB`, which the rules let no client write. On each ticket write
 * (`fieldSortChange`, written with the search keys and SLA fields in one update), and over every
 * ticket when an admin gives a slot to another field (`backfillFieldSort`, run on each write of
 * the definitions and by the scheduled job until it is through).
 */
import { FieldPath, type DocumentSnapshot, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { customFieldValuesFrom, type CustomFieldDefinition } from '@/domain/custom-fields';
import { FIELD_SORT_FIELDS, fieldSortValues, sortSlotsSignature, type FieldSortField } from '@/domain/field-sort';
import { readFieldDefinitions } from './stats';

/** A ticket's slot fields as stored, or `null` when either is missing or not text. */
function storedSlots(ticket: DocumentSnapshot): Record<FieldSortField, string> | null {
  const a: unknown = ticket.get('fieldSortA');
  const b: unknown = ticket.get('fieldSortB');
  return typeof a === 'string' && typeof b === 'string' ? { fieldSortA: a, fieldSortB: b } : null;
}

/** Whether two slot records hold the same texts. */
function sameSlots(a: Record<FieldSortField, string> | null, b: Record<FieldSortField, string>): boolean {
  return a !== null && FIELD_SORT_FIELDS.every((field) => a[field] === b[field]);
}

/**
 * The slot fields one ticket write must get, or `null` when the stored ones are right: read
 * only when the write changed the values or the ticket has no slots yet (a new ticket, or one from
 * before); the definitions are read only when the ticket has values (without any, both slots hold
 * `NO_FIELD_SORT_VALUE`).
 */
export async function fieldSortChange(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
): Promise<Record<FieldSortField, string> | null> {
  const stored = storedSlots(after);
  const valuesChanged = JSON.stringify(before?.get('fields')) !== JSON.stringify(after.get('fields'));
  if (stored !== null && before !== null && !valuesChanged) return null;
  const values = customFieldValuesFrom(after.get('fields'));
  const definitions = Object.keys(values).length > 0 ? await readFieldDefinitions(db) : [];
  const slots = fieldSortValues(definitions, values);
  return sameSlots(stored, slots) ? null : slots;
}

/** gRPC status of a write whose precondition failed. */
const FAILED_PRECONDITION = 9;

/**
 * Writes tickets' slots, each only over the version it was computed from (a ticket written since
 * got its slots from its own write's run): one batch, or — when a ticket moved on and the batch
 * fails — one write each, skipping those that moved.
 * @returns how many were written.
 */
async function writeSlots(
  db: Firestore,
  stale: readonly { row: QueryDocumentSnapshot; slots: Record<FieldSortField, string> }[],
): Promise<number> {
  if (stale.length === 0) return 0;
  const batch = db.batch();
  for (const { row, slots } of stale) batch.update(row.ref, slots, { lastUpdateTime: row.updateTime });
  try {
    await batch.commit();
    return stale.length;
  } catch (error) {
    if ((error as { code?: unknown }).code !== FAILED_PRECONDITION) throw error;
  }
  let written = 0;
  for (const { row, slots } of stale) {
    try {
      await row.ref.update(slots, { lastUpdateTime: row.updateTime });
      written += 1;
    } catch (error) {
      if ((error as { code?: unknown }).code !== FAILED_PRECONDITION) throw error;
    }
  }
  return written;
}

/** Where the back-fill stands: `counters/fieldSort` (no client rule reaches it). */
const BACKFILL_DOC = 'counters/fieldSort';

/** Tickets read per back-fill page (one batch of updates), and pages per run. */
const BACKFILL_PAGE = 400;
const BACKFILL_PAGES_PER_RUN = 10;

/**
 * One step of the slots' back-fill: when the slots' holders (`sortSlotsSignature`) differ from
 * those every ticket was last given, up to {@link BACKFILL_PAGES_PER_RUN} pages of tickets in id
 * order from where the last step stopped get the slots of the definitions now (only those whose
 * slots differ are written; a write moves no `updatedAt`). The position and the signature are kept
 * in `counters/fieldSort`; a signature that changes mid-way starts over. Costs one read per ticket
 * once per change of the holders; once through, one read per run.
 * @param definitions the definitions to use (read when not given).
 * @returns how many tickets were given their slots.
 */
export async function backfillFieldSort(db: Firestore, definitions?: CustomFieldDefinition[]): Promise<number> {
  const fields = definitions ?? (await readFieldDefinitions(db));
  const signature = sortSlotsSignature(fields);
  const marker = db.doc(BACKFILL_DOC);
  const state = (await marker.get()).data() ?? {};
  if (state.done === signature) return 0;
  let after = state.pending === signature && typeof state.after === 'string' ? state.after : '';
  let written = 0;
  for (let page = 0; page < BACKFILL_PAGES_PER_RUN; page += 1) {
    let next = db.collection('tickets').orderBy(FieldPath.documentId()).limit(BACKFILL_PAGE);
    if (after) next = next.startAfter(after);
    const rows = (await next.get()).docs;
    const stale = rows.flatMap((row) => {
      const slots = fieldSortValues(fields, customFieldValuesFrom(row.get('fields')));
      return sameSlots(storedSlots(row), slots) ? [] : [{ row, slots }];
    });
    written += await writeSlots(db, stale);
    if (rows.length < BACKFILL_PAGE) {
      await marker.set({ done: signature });
      return written;
    }
    after = rows[rows.length - 1]?.id ?? after;
    await marker.set({ pending: signature, after });
  }
  return written;
}
