/**
 * The conversation's words in the search (`functions/src/staff-search.ts`, DESIGN §3 "Search")
 * against a real Firestore emulator, with the Admin SDK, as the triggers call them: a public
 * reply's words join the ticket's own keys and its staff copy's; an internal note's only the
 * copy's; a retried run writes nothing; the copy follows the ticket; a tag change keeps the
 * public words in the ticket's keys. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  addMessageWords,
  backfillStaffSearch,
  copyForStaffSearch,
  STAFF_SEARCH_COLLECTION,
  STAFF_SEARCH_VERSION,
} from '../../functions/src/staff-search';
import { recordTicketChange } from '../../functions/src/ticket-change';
import { describeIfFirestore, freshId, newTicketFields, openAdminFirestore } from './emulator-app';

let db: Firestore;
openAdminFirestore('staff-search-test', { opened: (firestore) => void (db = firestore) });

const CREATED = Timestamp.fromMillis(Date.parse('2026-03-01T10:00:00.000Z'));

/** A new ticket of Carol's with the keys trusted code gives it on creation. */
async function seedKeyedTicket(): Promise<DocumentSnapshot> {
  const requesterId = freshId('carol');
  await db
    .doc(`users/${requesterId}`)
    .set({ displayName: 'Carol Customer', email: 'carol.c@example.test', role: 'customer' });
  const ref = db.collection('tickets').doc(freshId('t'));
  await ref.set(newTicketFields(requesterId, CREATED, { tags: ['vip'] }));
  await recordTicketChange(db, { changeId: freshId('c'), before: null, after: await ref.get() });
  return ref.get();
}

const keysOf = async (ticket: DocumentSnapshot): Promise<string[]> => (await ticket.ref.get()).get('searchKeys');
const copyOf = async (ticket: DocumentSnapshot) =>
  (await db.collection(STAFF_SEARCH_COLLECTION).doc(ticket.id).get()).data();

describeIfFirestore('trusted code: the conversation’s words in the search', () => {
  it('adds a public reply’s words to the ticket’s keys and its copy, a note’s to the copy only, once', async () => {
    const ticket = await seedKeyedTicket();
    const fieldKeys = await keysOf(ticket);
    await expect(addMessageWords(db, ticket.id, { body: 'Order ORD-88123 shipped', internal: false })).resolves.toBe(
      true,
    );
    await expect(addMessageWords(db, ticket.id, { body: 'Refund via Quokkapay', internal: true })).resolves.toBe(false);
    // Retried runs (the platform's at-least-once delivery) change nothing.
    await expect(addMessageWords(db, ticket.id, { body: 'Order ORD-88123 shipped', internal: false })).resolves.toBe(
      false,
    );
    await expect(addMessageWords(db, ticket.id, { body: 'Refund via Quokkapay', internal: true })).resolves.toBe(false);

    const keys = await keysOf(ticket);
    expect(keys).toEqual([...fieldKeys, 'order', 'ord', '88123', 'shipped']);
    expect(keys).not.toContain('quokkapay');
    const copy = await copyOf(ticket);
    expect(copy).toMatchObject({
      subject: ticket.get('subject'),
      status: 'new',
      publicWords: ['order', 'ord', '88123', 'shipped'],
      noteWords: ['refund', 'via', 'quokkapay'],
    });
    expect(copy?.searchKeys).toEqual([...keys, 'refund', 'via', 'quokkapay']);
  });

  it('keeps the copy up to the ticket as stored, with its words, and writes nothing when it is', async () => {
    const ticket = await seedKeyedTicket();
    await addMessageWords(db, ticket.id, { body: 'Secret Quokkapay code', internal: true });
    await ticket.ref.update({ status: 'pending', assigneeId: 'agent-1', updatedAt: Timestamp.now() });
    await expect(copyForStaffSearch(db, ticket.id)).resolves.toBe(true);
    await expect(copyForStaffSearch(db, ticket.id)).resolves.toBe(false);
    const copy = await copyOf(ticket);
    expect(copy).toMatchObject({
      status: 'pending',
      assigneeId: 'agent-1',
      noteWords: ['secret', 'quokkapay', 'code'],
    });
    expect(copy?.searchKeys).toEqual(expect.arrayContaining([...(await keysOf(ticket)), 'quokkapay']));
    expect(copy?.updatedAt).toEqual((await ticket.ref.get()).get('updatedAt'));
  });

  it('keeps the public words in the ticket’s keys when its tags change', async () => {
    const ticket = await seedKeyedTicket();
    await addMessageWords(db, ticket.id, { body: 'Invoice 20931 attached', internal: false });
    const before = await ticket.ref.get();
    await ticket.ref.update({ tags: ['billing'], updatedBy: 'agent-1', updatedAt: Timestamp.now() });
    const after = await ticket.ref.get();
    await expect(recordTicketChange(db, { changeId: freshId('c'), before, after })).resolves.toMatchObject({
      searchKeys: true,
    });
    const keys = await keysOf(ticket);
    expect(keys).toEqual(expect.arrayContaining(['#billing', 'invoice', '20931', 'attached', 'printer']));
    expect(keys).not.toContain('#vip');
  });

  it('back-fills the words and copies of tickets stored before, in steps, then stops', async () => {
    const ticket = await seedKeyedTicket();
    const message = (id: string, body: string, internal: boolean, at: string) =>
      ticket.ref
        .collection('messages')
        .doc(id)
        .set({ body, internal, createdAt: Timestamp.fromMillis(Date.parse(at)) });
    await message('m1', 'My order 77120 never came', false, '2026-03-01T10:00:00.000Z');
    await message('m2', 'Carrier claim Wallabyref', true, '2026-03-01T11:00:00.000Z');
    await db.doc('counters/ticketSearch').delete();
    // Every stored ticket of the emulator is walked, a few pages a run.
    for (let run = 0; run < 50; run += 1) {
      await backfillStaffSearch(db);
      if ((await db.doc('counters/ticketSearch').get()).get('version') === STAFF_SEARCH_VERSION) break;
    }
    await expect(backfillStaffSearch(db)).resolves.toBe(0);
    expect(await keysOf(ticket)).toEqual(expect.arrayContaining(['77120', 'order', 'never']));
    expect(await keysOf(ticket)).not.toContain('wallabyref');
    const copy = await copyOf(ticket);
    expect(copy?.noteWords).toEqual(['carrier', 'claim', 'wallabyref']);
    expect(copy?.searchKeys).toEqual(expect.arrayContaining(['wallabyref', '77120', 'printer']));
  });
});
