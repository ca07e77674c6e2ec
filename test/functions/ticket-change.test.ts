/**
 * The trusted code of functions/ (`recordTicketChange`) against a real Firestore emulator, called
 * as the trigger calls it, with the Admin SDK: the submission entry and the search keys of a new
 * ticket; one entry per changed field, in the planners' order, by the write's `updatedBy`; a
 * retried run (same change id) writes nothing twice; a run for an outdated version of the ticket
 * leaves the newer version's keys alone; its own key write ends the chain.
 * The end-to-end path (the Functions emulator firing the trigger on a client's write) is covered
 * by the Firebase contract and the Firestore journey. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { recordTicketChange } from '../../functions/src/ticket-change';
import { describeIfFirestore, freshId, newTicketFields, openAdminFirestore } from './emulator-app';

let db: Firestore;
openAdminFirestore('functions-test', { opened: (firestore) => void (db = firestore) });

const CREATED = Timestamp.fromMillis(Date.parse('2026-03-01T10:00:00.000Z'));

async function seedTicket(fields: Record<string, unknown> = {}): Promise<DocumentSnapshot> {
  const requesterId = freshId('carol');
  await db
    .doc(`users/${requesterId}`)
    .set({ displayName: 'Carol Customer', email: 'carol.c@example.test', role: 'customer' });
  const ref = db.collection('tickets').doc(freshId('t'));
  await ref.set(newTicketFields(requesterId, CREATED, fields));
  return ref.get();
}

async function change(before: DocumentSnapshot, fields: Record<string, unknown>): Promise<DocumentSnapshot> {
  await before.ref.update({ ...fields, updatedAt: Timestamp.now() });
  return before.ref.get();
}

async function trail(ticket: DocumentSnapshot) {
  const events = await ticket.ref.collection('events').orderBy('at').get();
  return events.docs.map((row) => {
    const { type, from, to, actorId } = row.data();
    return { id: row.id, type, from, to, actorId };
  });
}

describeIfFirestore('trusted code: recordTicketChange', () => {
  it('writes a new ticket’s submission entry and its search keys, once however often it runs', async () => {
    const created = await seedTicket();
    const first = await recordTicketChange(db, { changeId: 'c1', before: null, after: created });
    expect(first).toEqual({ events: 1, searchKeys: true });
    const again = await recordTicketChange(db, { changeId: 'c1', before: null, after: created });
    expect(again.events).toBe(0);
    expect(await trail(created)).toEqual([
      { id: 'submitted', type: 'status', from: null, to: 'new', actorId: created.get('requesterId') },
    ]);
    const keys: string[] = (await created.ref.get()).get('searchKeys');
    expect(keys).toEqual(expect.arrayContaining(['41', 'carol.c@example.test', 'carol', 'printer', 'fire']));
    // The trigger's own key write is a change too: its run writes nothing more.
    const keyed = await created.ref.get();
    await expect(recordTicketChange(db, { changeId: 'c2', before: created, after: keyed })).resolves.toEqual({
      events: 0,
      searchKeys: false,
    });
  });

  it('re-keys a ticket keyed before half-typed addresses were found, on its next write', async () => {
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: 'k1', before: null, after: created });
    const keyed = await created.ref.get();
    const keys: string[] = keyed.get('searchKeys');
    expect(keys).toEqual(expect.arrayContaining(['carol.c@', 'carol.c@exam', 'carol.c@example.test']));
    // As stored before: the whole address, but none of its prefixes from the @ on.
    const old = keys.filter((key) => !(key.includes('@') && key !== 'carol.c@example.test'));
    await created.ref.update({ searchKeys: old });
    const stale = await created.ref.get();
    const written = await change(stale, { priority: 'high', updatedBy: 'agent-1' });
    await expect(recordTicketChange(db, { changeId: 'k2', before: stale, after: written })).resolves.toMatchObject({
      searchKeys: true,
    });
    expect((await created.ref.get()).get('searchKeys')).toEqual(expect.arrayContaining(['carol.c@exam']));
  });

  it('writes one entry per changed field, in the planners’ order, by the writer, and no entry twice', async () => {
    const before = await seedTicket();
    const after = await change(before, {
      priority: 'high',
      tags: ['vip'],
      assigneeId: 'alice',
      assigneeName: 'Alice Agent',
      status: 'open',
      updatedBy: 'alice',
    });
    await recordTicketChange(db, { changeId: 'evt/with:odd chars', before, after });
    await recordTicketChange(db, { changeId: 'evt/with:odd chars', before, after });
    const written = await trail(after);
    expect(written.map(({ type, from, to, actorId }) => ({ type, from, to, actorId }))).toEqual([
      { type: 'priority', from: 'normal', to: 'high', actorId: 'alice' },
      { type: 'tags', from: null, to: 'vip', actorId: 'alice' },
      { type: 'assignee', from: null, to: 'alice', actorId: 'alice' },
      { type: 'status', from: 'new', to: 'open', actorId: 'alice' },
    ]);
    expect(written.every(({ id }) => /^[A-Za-z0-9_-]+$/.test(id))).toBe(true);
    // The tag change reached the search keys.
    expect((await after.ref.get()).get('searchKeys')).toContain('#vip');
  });

  it('leaves a newer version’s search keys alone when it runs for an outdated one', async () => {
    const created = await seedTicket();
    const tagged = await change(created, { tags: ['old'], updatedBy: 'alice' });
    const retagged = await change(tagged, { tags: ['new'], updatedBy: 'alice' });
    // The newer change's run first, then a late run for the older one.
    await recordTicketChange(db, { changeId: 'late-2', before: tagged, after: retagged });
    const late = await recordTicketChange(db, { changeId: 'late-1', before: created, after: tagged });
    expect(late.searchKeys).toBe(false);
    const keys: string[] = (await created.ref.get()).get('searchKeys');
    expect(keys).toContain('#new');
    expect(keys).not.toContain('#old');
  });

  it('writes the keys a run lost to a later write in that later write’s run', async () => {
    const created = await seedTicket();
    await recordTicketChange(db, { changeId: 'race-0', before: null, after: created });
    const tagged = await change(await created.ref.get(), { tags: ['old'], updatedBy: 'alice' });
    await recordTicketChange(db, { changeId: 'race-1', before: created, after: tagged });
    const keyed = await tagged.ref.get();
    const retagged = await change(keyed, { tags: ['new'], updatedBy: 'alice' });
    // Another write lands before the retag's run writes: that run loses the version race…
    const moved = await change(retagged, { priority: 'high', updatedBy: 'alice' });
    await expect(recordTicketChange(db, { changeId: 'race-2', before: keyed, after: retagged })).resolves.toMatchObject(
      {
        searchKeys: false,
      },
    );
    // …and the run of the write that beat it, whose own sources did not change, writes them.
    await expect(recordTicketChange(db, { changeId: 'race-3', before: retagged, after: moved })).resolves.toMatchObject(
      {
        searchKeys: true,
      },
    );
    const keys: string[] = (await created.ref.get()).get('searchKeys');
    expect(keys).toContain('#new');
    expect(keys).not.toContain('#old');
  });

  it('writes no entry for a write that changes no followed field (a note, a reply without a move)', async () => {
    const before = await seedTicket({ status: 'open' });
    const after = await change(before, { lastMessageAt: Timestamp.now(), updatedBy: 'alice' });
    const result = await recordTicketChange(db, { changeId: 'note', before, after });
    expect(result.events).toBe(0);
    expect(await trail(after)).toEqual([]);
  });
});
