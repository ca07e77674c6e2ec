/**
 * The desk's triggers run by trusted code on Firestore (`functions/src/triggers.ts`, DESIGN §10
 * "Triggers") against a real Firestore emulator, as `ticketWritten` calls it: a person's write
 * starts a run that writes as the system actor with its own audit entries; the run's own write, a
 * derived-field update and a retried run start nothing; the audit trail job leaves the run's
 * version alone; and the time rules of the scheduled job (DESIGN §10 "Time rules"), once per
 * ticket by the job's clock. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { runTicketTriggers, runTimeRules, writtenByTriggers } from '../../functions/src/triggers';
import { mailConfigFromEnv } from '../../functions/src/mail';
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

  it("tests a new ticket's organisation before ticketWritten gives it one, then writes it and its filter key", async () => {
    const organisationId = freshId('acme');
    await db.doc('triggers/acme').set({
      title: 'Acme requests',
      active: true,
      order: 2,
      on: ['created'],
      all: [{ property: 'organisation', operator: 'is', value: organisationId }],
      any: [],
      actions: { addTags: ['acme'] },
      updatedAt: AT,
      updatedBy: 'ada',
    });
    const member = freshId('dana');
    const outsider = freshId('erin');
    await db
      .doc(`users/${member}`)
      .set({ displayName: 'Dana', email: 'dana@acme.test', role: 'customer', organisationId });
    await db.doc(`users/${outsider}`).set({ displayName: 'Erin', email: 'erin@else.test', role: 'customer' });
    try {
      const mine = db.collection('tickets').doc(freshId('t'));
      await mine.set(newTicketFields(member, AT));
      await expect(
        runTicketTriggers(db, { changeId: freshId('c'), before: null, after: await mine.get() }),
      ).resolves.toBe(1);
      const tagged = await mine.get();
      expect(tagged.get('tags')).toEqual(['acme']);
      // The trigger's own write's run derives the organisation (once) and keys the ticket by it.
      await recordTicketChange(db, { changeId: freshId('c'), before: null, after: tagged });
      const filed = await mine.get();
      expect(filed.get('organisationId')).toBe(organisationId);
      expect(filed.get('searchKeys')).toEqual(expect.arrayContaining([`%${organisationId}`, '#acme']));

      const theirs = db.collection('tickets').doc(freshId('t'));
      await theirs.set(newTicketFields(outsider, AT));
      await expect(
        runTicketTriggers(db, { changeId: freshId('c'), before: null, after: await theirs.get() }),
      ).resolves.toBe(0);
      await recordTicketChange(db, { changeId: freshId('c'), before: null, after: await theirs.get() });
      // `null`: looked at, and in none — a later membership does not file it.
      expect((await theirs.get()).get('organisationId')).toBeNull();
    } finally {
      await db.doc('triggers/acme').delete();
    }
  });
});

describeIfFirestore('trusted code: the desk’s time rules', () => {
  const HOUR = 3_600_000;
  /** Every address verified: Auth is not what this tests. */
  const mail = { ...mailConfigFromEnv({}), verifiedUids: async (uids: readonly string[]) => new Set(uids) };

  it('acts once on each ticket its hours reach by the job’s clock, marked, traced, its email written', async () => {
    const word = freshId('zeppelin').toLowerCase();
    const id = freshId('remind');
    await db.doc(`triggers/${id}`).set({
      title: 'Remind after 3 days pending',
      active: true,
      order: 1,
      on: ['time'],
      all: [
        { property: 'status', operator: 'is', value: 'pending' },
        { property: 'hoursSinceUpdated', operator: 'atLeast', value: '72' },
        { property: 'subject', operator: 'contains', value: word },
      ],
      any: [],
      actions: {
        addTags: ['reminded'],
        emails: [{ to: 'requester', address: '', subject: 'Still there?', body: '#{{ticket.number}} waits.' }],
      },
      updatedAt: AT,
      updatedBy: 'ada',
    });
    const requesterId = freshId('carol');
    await db.doc(`users/${requesterId}`).set({ displayName: 'Carol', email: 'carol@example.test', role: 'customer' });
    const pending = db.collection('tickets').doc(freshId('t'));
    await pending.set(newTicketFields(requesterId, AT, { status: 'pending', subject: `Seats on the ${word}` }));
    const open = db.collection('tickets').doc(freshId('t'));
    await open.set(newTicketFields(requesterId, AT, { status: 'open', subject: `Seats on the ${word}` }));
    try {
      // An hour short of 72: nothing.
      await expect(runTimeRules(db, AT.toMillis() + 71 * HOUR, mail)).resolves.toEqual([]);
      const now = AT.toMillis() + 72 * HOUR;
      await expect(runTimeRules(db, now, mail)).resolves.toEqual([pending.id]);
      const acted = await pending.get();
      expect(acted.get('tags')).toEqual(['reminded']);
      expect(acted.get('timeRuleMarks')).toEqual([id]);
      expect(acted.get('updatedBy')).toBe('system');
      expect(writtenByTriggers(acted)).toBe(true);
      expect((await pending.collection('events').get()).docs.map((row) => row.data())).toEqual([
        expect.objectContaining({ type: 'tags', to: 'reminded', trigger: 'Remind after 3 days pending' }),
      ]);
      const traces = (await pending.collection('ruleTraces').get()).docs.map((row) => row.data());
      expect(traces).toEqual([
        expect.objectContaining({ event: 'time', by: 'system', fired: ['Remind after 3 days pending'] }),
      ]);
      const sent = await db.collection('mail').where('ticketId', '==', pending.id).get();
      expect(sent.docs.map((row) => [row.get('kind'), row.get('to')])).toEqual([
        ['rule-email', ['carol@example.test']],
      ]);
      // The open ticket is not pending: no run was written for it.
      expect((await open.collection('ruleTraces').get()).size).toBe(0);
      // 100 hours after its own write — due again by the clock — the mark holds: nothing more.
      const later = (acted.get('updatedAt') as Timestamp).toMillis() + 100 * HOUR;
      await expect(runTimeRules(db, later, mail)).resolves.toEqual([]);
      expect((await pending.collection('ruleTraces').get()).size).toBe(1);
    } finally {
      await db.doc(`triggers/${id}`).delete();
    }
  });
});
