/**
 * The desk's triggers run by trusted code on Firestore (`functions/src/triggers.ts`, DESIGN §10
 * "Triggers") against a real Firestore emulator, as `ticketWritten` calls it: a person's write
 * starts a run that writes as the system actor with its own audit entries; the run's own write, a
 * derived-field update and a retried run start nothing; the audit trail job leaves the run's
 * version alone. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { runTicketTriggers, writtenByTriggers } from '../../functions/src/triggers';
import { recordTicketChange } from '../../functions/src/ticket-change';
import { describeIfFirestore, freshId, newTicketFields, openAdminFirestore } from './emulator-app';

let db: Firestore;
openAdminFirestore('triggers-test', { opened: (firestore) => void (db = firestore) });

const AT = Timestamp.fromMillis(Date.parse('2026-03-01T10:00:00.000Z'));

describeIfFirestore('trusted code: the desk’s triggers', () => {
  beforeAll(async () => {
    await db.doc('users/agent-1').set({ displayName: 'Alice Agent', email: 'alice@example.test', role: 'agent' });
    await db.doc('triggers/vip').set({
      title: 'VIP customers',
      active: true,
      order: 1,
      on: ['created', 'updated'],
      all: [{ property: 'tags', operator: 'includes', value: 'vip' }],
      any: [],
      actions: { priority: 'high', note: 'A VIP wrote.' },
      updatedAt: AT,
      updatedBy: 'ada',
    });
    // A malformed trigger (a forged document) is never run.
    await db.doc('triggers/forged').set({ title: 'Forged', actions: { priority: 'urgent' } });
  });

  it('acts on a person’s write as the desk, writing its own entries; its write and a retry start nothing', async () => {
    const requesterId = freshId('carol');
    await db.doc(`users/${requesterId}`).set({ displayName: 'Carol', email: 'carol@example.test', role: 'customer' });
    const ref = db.collection('tickets').doc(freshId('t'));
    await ref.set(newTicketFields(requesterId, AT, { tags: [] }));
    const created = await ref.get();
    // Not a VIP yet: nothing.
    await expect(runTicketTriggers(db, { changeId: freshId('c'), before: null, after: created })).resolves.toBe(0);

    await ref.update({ tags: ['vip'], updatedAt: Timestamp.now(), updatedBy: 'agent-1' });
    const tagged = await ref.get();
    const change = { changeId: freshId('c'), before: created, after: tagged };
    await expect(runTicketTriggers(db, change)).resolves.toBe(1);
    const after = await ref.get();
    expect(after.get('priority')).toBe('high');
    expect(after.get('updatedBy')).toBe('system');
    expect(writtenByTriggers(after)).toBe(true);
    const events = (await ref.collection('events').get()).docs.map((row) => row.data());
    expect(events).toEqual([
      expect.objectContaining({
        type: 'priority',
        from: 'normal',
        to: 'high',
        trigger: 'VIP customers',
        actorId: 'system',
      }),
    ]);
    const notes = (await ref.collection('messages').get()).docs.map((row) => row.data());
    expect(notes).toEqual([expect.objectContaining({ authorId: 'system', internal: true, body: 'A VIP wrote.' })]);

    // A retried run finds the ticket past its version; the run's own write starts nothing.
    await expect(runTicketTriggers(db, change)).resolves.toBe(0);
    await expect(runTicketTriggers(db, { changeId: freshId('c'), before: tagged, after })).resolves.toBe(0);
    // The audit trail job leaves the run's version to the run.
    await expect(recordTicketChange(db, { changeId: freshId('c'), before: tagged, after })).resolves.toMatchObject({
      events: 0,
    });
    // A derived-field update (no new updatedAt) starts nothing either.
    await ref.update({ searchKeys: ['x'] });
    await expect(
      runTicketTriggers(db, { changeId: freshId('c'), before: after, after: await ref.get() }),
    ).resolves.toBe(0);
    expect((await ref.collection('events').get()).size).toBe(1);
  });
});
