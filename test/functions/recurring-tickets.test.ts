/**
 * Recurring tickets by trusted code (functions/src/recurring-tickets.ts, DESIGN §10 "Recurring
 * tickets") against a real Firestore emulator, called as the scheduled job calls it with its clock
 * moved: a due occurrence gets one ticket — numbered and claimed as a submit is, its description
 * its first message, its requester the admin who saved the template — however often and however
 * concurrently the job runs; a switched-off, malformed or requester-less template creates none.
 * Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { runRecurringTickets } from '../../functions/src/recurring-tickets';
import { latestOccurrence, recurringTicketId } from '@/domain/recurring-tickets';
import { describeIfFirestore, freshId, openAdminFirestore } from './emulator-app';

let db: Firestore;
const templates: string[] = [];

openAdminFirestore('recurring-tickets-test', {
  opened: async (firestore) => {
    db = firestore;
  },
  // The emulator project is shared: the next files' passes run without these templates.
  closing: async (firestore) => {
    await Promise.all(templates.map((id) => firestore.doc(`recurringTickets/${id}`).delete()));
  },
});

/** The desk's clock is its business hours' zone: UTC unless the stored settings say otherwise. */
async function deskZone(): Promise<string> {
  const stored = (await db.doc('settings/desk').get()).get('businessHours.timeZone') as unknown;
  return typeof stored === 'string' ? stored : 'UTC';
}

/** A daily template at 09:00 UTC-desk time, saved at `savedAt` by `by`. */
async function saveTemplate(by: string, savedAt: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = freshId('recurring');
  templates.push(id);
  await db.doc(`recurringTickets/${id}`).set({
    title: 'Daily check',
    active: true,
    schedule: { frequency: 'daily', time: '09:00' },
    subject: 'Daily check {{date}}',
    description: 'Look at the overnight alerts.',
    priority: 'high',
    tags: ['ops'],
    updatedAt: Timestamp.fromMillis(Date.parse(savedAt)),
    updatedBy: by,
    ...fields,
  });
  return id;
}

async function admin(): Promise<string> {
  const uid = freshId('ada');
  await db.doc(`users/${uid}`).set({ displayName: 'Ada Admin', email: `${uid}@example.test`, role: 'admin' });
  return uid;
}

describeIfFirestore('recurring tickets on the scheduled job (functions/src/recurring-tickets.ts)', () => {
  it('creates a due occurrence’s ticket once, as a submit writes it, however often the job runs', async () => {
    const uid = await admin();
    const id = await saveTemplate(uid, '2026-12-01T12:00:00.000Z');
    const zone = await deskZone();
    // Later the same day: the 09:00 occurrence came before the save.
    const mine = (ids: string[]) => ids.filter((each) => each.startsWith(`recurring-${id}-`));
    expect(mine(await runRecurringTickets(db, Date.parse('2026-12-01T20:00:00.000Z')))).toEqual([]);

    const now = Date.parse('2026-12-02T12:00:00.000Z');
    const runs = await Promise.all([runRecurringTickets(db, now), runRecurringTickets(db, now)]);
    const ids = mine(runs.flat());
    // The occurrence's fixed id: 09:00 on the desk's clock that day.
    const ticketId = recurringTicketId(id, latestOccurrence({ frequency: 'daily', time: '09:00' }, now, zone));
    expect(ids).toEqual([ticketId]);

    const ticket = await db.doc(`tickets/${ticketId}`).get();
    expect(ticket.data()).toMatchObject({
      subject: 'Daily check 2026-12-02',
      status: 'new',
      priority: 'high',
      tags: ['ops'],
      category: null,
      requesterId: uid,
      requesterName: 'Ada Admin',
      assigneeId: null,
      lastMessageBy: 'agent',
      updatedBy: uid,
      lastMessageId: 'description',
    });
    const number = ticket.get('number') as number;
    expect((await db.doc(`ticketNumbers/${number}`).get()).get('ticketId')).toBe(ticketId);
    expect((await db.doc(`tickets/${ticketId}/messages/description`).get()).data()).toMatchObject({
      authorId: uid,
      body: 'Look at the overnight alerts.',
      internal: false,
      attachments: [],
    });
    // Again later that day: nothing more.
    expect(mine(await runRecurringTickets(db, now + 3_600_000))).toEqual([]);
  });

  it('creates none for a template switched off, malformed, or whose requester is gone', async () => {
    const uid = await admin();
    const off = await saveTemplate(uid, '2026-12-01T12:00:00.000Z', { active: false });
    const malformed = await saveTemplate(uid, '2026-12-01T12:00:00.000Z', {
      schedule: { frequency: 'weekly', time: '09:00' },
    });
    const orphaned = await saveTemplate(freshId('gone'), '2026-12-01T12:00:00.000Z');
    const ids = await runRecurringTickets(db, Date.parse('2026-12-02T12:00:00.000Z'));
    for (const template of [off, malformed, orphaned]) {
      expect(ids.filter((each) => each.startsWith(`recurring-${template}-`))).toEqual([]);
    }
  });
});
