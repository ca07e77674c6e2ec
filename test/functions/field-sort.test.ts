/**
 * The fields' sort slots (`functions/src/field-sort.ts`, DESIGN §3 "Custom fields") against a real
 * Firestore emulator, with the Admin SDK, as the triggers call them: a ticket write gets the slots
 * of the values it holds (none: `NO_FIELD_SORT_VALUE`), a retried run writes nothing, and a slot
 * given to another field re-slots every ticket through the back-fill, once. Skips without
 * FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { NO_FIELD_SORT_VALUE, sortableNumber } from '@/domain/field-sort';
import { backfillFieldSort } from '../../functions/src/field-sort';
import { recordTicketChange } from '../../functions/src/ticket-change';
import { describeIfFirestore, freshId, newTicketFields, openAdminFirestore } from './emulator-app';

let db: Firestore;
openAdminFirestore('field-sort-test', { opened: (firestore) => void (db = firestore) });

const AT = Timestamp.fromMillis(Date.parse('2026-03-01T10:00:00.000Z'));
const BASE = {
  visibleTo: 'customers',
  filledBy: 'customers',
  requiredOnSubmit: false,
  requiredToSolve: false,
} as const;
const SEATS: CustomFieldDefinition = { ...BASE, key: 'seats', type: 'number', label: { en: 'Seats' }, archived: false };
const DUE: CustomFieldDefinition = { ...BASE, key: 'due', type: 'date', label: { en: 'Due' }, archived: false };

async function saveDefinitions(fields: CustomFieldDefinition[]): Promise<void> {
  await db.doc('settings/fields').set({ fields });
}

/** A ticket written and recorded as its trigger would, with these values. */
async function seedTicket(values?: Record<string, unknown>): Promise<DocumentSnapshot> {
  const ref = db.collection('tickets').doc(freshId('t'));
  await ref.set(newTicketFields(freshId('carol'), AT, values ? { fields: values } : {}));
  await recordTicketChange(db, { changeId: freshId('c'), before: null, after: await ref.get() });
  return ref.get();
}

const slotsOf = async (ticket: DocumentSnapshot) => {
  const stored = await ticket.ref.get();
  return { a: stored.get('fieldSortA') as unknown, b: stored.get('fieldSortB') as unknown };
};

describeIfFirestore('trusted code: the fields’ sort slots', () => {
  beforeAll(async () => {
    await saveDefinitions([
      { ...SEATS, sortSlot: 'a' },
      { ...DUE, sortSlot: 'b' },
    ]);
    await backfillFieldSort(db);
  });

  it('gives each ticket write the slots of its values, and a retried run writes nothing', async () => {
    const none = await seedTicket();
    expect(await slotsOf(none)).toEqual({ a: NO_FIELD_SORT_VALUE, b: NO_FIELD_SORT_VALUE });

    const valued = await seedTicket({ seats: 12, due: '2026-04-30' });
    expect(await slotsOf(valued)).toEqual({ a: sortableNumber(12), b: '2026-04-30' });

    // The requester changes the values: the next run moves the slots; its retry writes nothing.
    const before = await valued.ref.get();
    await valued.ref.update({ fields: { seats: -3 }, updatedAt: Timestamp.now() });
    const after = await valued.ref.get();
    const change = { changeId: freshId('c'), before, after };
    await recordTicketChange(db, change);
    expect(await slotsOf(valued)).toEqual({ a: sortableNumber(-3), b: NO_FIELD_SORT_VALUE });
    const written = (await valued.ref.get()).updateTime;
    await recordTicketChange(db, { ...change, before: await valued.ref.get(), after: await valued.ref.get() });
    expect((await valued.ref.get()).updateTime).toEqual(written);

    // A forged value of another type orders as none.
    const forged = await seedTicket({ seats: '9999', due: 20260101 });
    expect(await slotsOf(forged)).toEqual({ a: NO_FIELD_SORT_VALUE, b: NO_FIELD_SORT_VALUE });
  });

  it('re-slots every ticket once when a slot goes to another field, and tickets from before get theirs', async () => {
    const ticket = await seedTicket({ seats: 5, due: '2026-05-01' });
    // A ticket stored before the slots existed (no trigger ran for them).
    const old = db.collection('tickets').doc(freshId('old'));
    await old.set(newTicketFields(freshId('carol'), AT, { fields: { due: '2026-01-02' } }));

    // The admin gives slot a to the date and frees slot b.
    await saveDefinitions([SEATS, { ...DUE, sortSlot: 'a' }]);
    let given = 0;
    for (let run = 0; run < 50; run += 1) {
      given += await backfillFieldSort(db);
      if ((await db.doc('counters/fieldSort').get()).get('done') !== undefined) break;
    }
    expect(given).toBeGreaterThanOrEqual(2);
    expect(await slotsOf(ticket)).toEqual({ a: '2026-05-01', b: NO_FIELD_SORT_VALUE });
    expect(await slotsOf(await old.get())).toEqual({ a: '2026-01-02', b: NO_FIELD_SORT_VALUE });
    // Through: the next runs read the marker only.
    await expect(backfillFieldSort(db)).resolves.toBe(0);
  });
});
