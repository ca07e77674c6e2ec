/**
 * The SLA side of trusted code (functions/src/sla.ts, DESIGN §10) against a real Firestore
 * emulator, called as the triggers and the schedule call it: a new ticket gets its SLA record
 * and due time; a settings save writes who changed what and moves unsolved tickets' due times;
 * the scheduled pass writes the automatic-close rule once, which closes a solved ticket after the
 * close-after days (the clock moved), as "system", once; and records a breach once. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { mailConfigFromEnv } from '../../functions/src/mail';
import { recordSettingsChange, runDeskAutomation, writeSlaFields } from '../../functions/src/sla';
import { runTimeRules } from '../../functions/src/triggers';
import { AUTO_CLOSE_TRIGGER_ID, autoCloseTrigger } from '@/domain/auto-close';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { describeIfFirestore, freshId, openAdminFirestore } from './emulator-app';

let db: Firestore;
/** Trusted code's mail, every address verified. */
const mail = { ...mailConfigFromEnv({}), verifiedUids: async (uids: readonly string[]) => new Set(uids) };
const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));

openAdminFirestore('sla-test', {
  opened: async (firestore) => {
    db = firestore;
    const desk = DEFAULT_DESK_SETTINGS;
    // A UTC desk, Monday to Friday 09:00–17:00; high priority: one business hour to the first reply.
    await db.doc('settings/desk').set({
      ...desk,
      sla: { ...desk.sla, high: { ...desk.sla.high, firstReplyMinutes: 60, hours: 'business' } },
    });
  },
  // The scheduled pass writes the automatic-close rule; the other files' time rules run without it.
  closing: async (firestore) => {
    await firestore.doc(`triggers/${AUTO_CLOSE_TRIGGER_ID}`).delete();
  },
});

async function seedTicket(fields: Record<string, unknown>): Promise<DocumentSnapshot> {
  const ref = db.collection('tickets').doc(freshId('t'));
  const created = at('2026-03-02T10:00:00.000Z');
  await ref.set({
    number: 7,
    subject: 'Site down',
    status: 'new',
    priority: 'high',
    tags: [],
    requesterId: 'carol',
    requesterName: 'Carol Customer',
    assigneeId: null,
    createdAt: created,
    updatedAt: created,
    updatedBy: 'carol',
    lastMessageAt: created,
    lastMessageBy: 'customer',
    ...fields,
  });
  return ref.get();
}

describeIfFirestore('SLA fields, settings history and the scheduled pass (functions/src/sla.ts)', () => {
  it('writes a new ticket’s SLA record and next due time once', async () => {
    const ticket = await seedTicket({});
    expect(await writeSlaFields(db, null, ticket)).toBe(true);
    const stored = await ticket.ref.get();
    expect(stored.get('sla')).toEqual({ pauses: [] });
    expect((stored.get('slaDueAt') as Timestamp).toDate().toISOString()).toBe('2026-03-02T11:00:00.000Z');
    // The trigger's own write changes nothing more.
    expect(await writeSlaFields(db, ticket, stored)).toBe(false);
  });

  it('records who changed the settings and what, and moves unsolved tickets’ due times', async () => {
    const ticket = await seedTicket({});
    await writeSlaFields(db, null, ticket);
    const before = await db.doc('settings/desk').get();
    const desk = before.data() as typeof DEFAULT_DESK_SETTINGS;
    await db.doc('users/ada-admin').set({ displayName: 'Ada Admin', email: 'ada@example.test', role: 'admin' });
    await db.doc('settings/desk').set({
      ...desk,
      sla: { ...desk.sla, high: { ...desk.sla.high, firstReplyMinutes: 120 } },
      updatedBy: 'ada-admin',
      updatedAt: Timestamp.now(),
    });
    const after = await db.doc('settings/desk').get();
    const changeId = freshId('change');
    expect(await recordSettingsChange(db, changeId, before, after)).toEqual(['sla.high']);
    const entry = await db.doc(`settingsHistory/${changeId}`).get();
    expect(entry.data()).toMatchObject({ actorId: 'ada-admin', actorName: 'Ada Admin', parts: ['sla.high'] });
    const moved = await ticket.ref.get();
    expect((moved.get('slaDueAt') as Timestamp).toDate().toISOString()).toBe('2026-03-02T12:00:00.000Z');
    // Put the one-hour target back for the other tests (and record that change too).
    await db.doc('settings/desk').set({ ...desk, updatedBy: 'ada-admin', updatedAt: Timestamp.now() });
    await recordSettingsChange(db, freshId('change'), after, await db.doc('settings/desk').get());
  });

  it('writes the desk’s automatic-close rule once, and that time rule closes a solved ticket after the close-after days, as the system actor, only then and once', async () => {
    const solvedAt = '2026-03-02T12:00:00.000Z';
    const ticket = await seedTicket({ status: 'solved', solvedAt: at(solvedAt), assigneeId: 'alice' });
    await db.doc('users/carol').set({ displayName: 'Carol Customer', email: 'carol@example.test', role: 'customer' });
    const days = DEFAULT_DESK_SETTINGS.closeAfterDays;
    const early = Date.parse(solvedAt) + days * 86_400_000 - 60_000;
    // A desk from before the rule: the pass writes it from the close-after days, once.
    await db.doc(`triggers/${AUTO_CLOSE_TRIGGER_ID}`).delete();
    expect((await runDeskAutomation(db, early)).autoCloseRule).toBe(true);
    expect((await runDeskAutomation(db, early)).autoCloseRule).toBe(false);
    // After the desk's other triggers (the emulator's project has those of other test files too).
    const { id: _id, order: _order, ...rule } = autoCloseTrigger(days, 0);
    expect((await db.doc(`triggers/${AUTO_CLOSE_TRIGGER_ID}`).get()).data()).toMatchObject({
      ...rule,
      order: expect.any(Number),
      updatedBy: SYSTEM_ACTOR_ID,
    });

    await expect(runTimeRules(db, early, mail)).resolves.not.toContain(ticket.id);
    const due = Date.parse(solvedAt) + days * 86_400_000;
    const writtenFrom = Date.now();
    await expect(runTimeRules(db, due, mail)).resolves.toContain(ticket.id);
    const closed = await ticket.ref.get();
    expect(closed.get('status')).toBe('closed');
    expect(closed.get('updatedBy')).toBe(SYSTEM_ACTOR_ID);
    // Stamped by trusted code's write, at the time it wrote (the job's clock decides what is due).
    const closedAt = (closed.get('closedAt') as Timestamp).toMillis();
    expect(closedAt).toBeGreaterThanOrEqual(writtenFrom - 1_000);
    expect(closedAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await ticket.ref.collection('events').get()).docs.map((row) => row.data())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'status', from: 'solved', to: 'closed', trigger: rule.title }),
      ]),
    );
    await expect(runTimeRules(db, due + 60_000, mail)).resolves.not.toContain(ticket.id);
  });

  it('records a breach once, at the moment the target fell due', async () => {
    const ticket = await seedTicket({});
    await writeSlaFields(db, null, ticket);
    const now = Date.parse('2026-03-02T11:30:00.000Z');
    await runDeskAutomation(db, now);
    await runDeskAutomation(db, now + 60_000);
    const events = await ticket.ref.collection('events').get();
    expect(events.docs.map((event) => event.data())).toEqual([
      { type: 'sla', from: null, to: 'firstReply', actorId: SYSTEM_ACTOR_ID, at: at('2026-03-02T11:00:00.000Z') },
    ]);
  });
});
