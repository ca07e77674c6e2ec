/**
 * `onTicketWritten`, the `ticketWritten` trigger's body, against a real Firestore emulator: each
 * of a ticket write's jobs runs whatever another does. A statistics day that Firestore
 * refuses to grow (past its 1 MiB document limit) once stopped the receipt and every other email
 * of that day, the trigger retrying for ever; now the audit trail, the search keys and the
 * receipt are written, and the failure is still thrown for the platform's retry.
 * Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { onTicketWritten, runIndependently } from '../../functions/src/ticket-written';
import { TEST_MAIL_CONFIG, describeIfFirestore, freshId, newTicketFields, openAdminFirestore } from './emulator-app';

let db: Firestore;
openAdminFirestore('ticket-written-test', { opened: (firestore) => void (db = firestore) });

const config = TEST_MAIL_CONFIG;
/** A day no other test writes statistics for. */
const CREATED_MS = Date.parse('2031-07-15T12:00:00.000Z');

/**
 * Writes `path` as a statistics day that Firestore will not let grow by one more entry: one
 * string near the 1 MiB property limit, then the largest top-up that still fits (within 5 bytes).
 */
async function fillToTheLimit(path: string, day: string): Promise<void> {
  await db.doc(path).set({ day, padding: 'x'.repeat(1_048_400) });
  for (let size = 200; size >= 0; size -= 5) {
    try {
      await db.doc(path).update({ topUp: 'x'.repeat(size) });
      return;
    } catch {
      // Too large: a smaller top-up.
    }
  }
}

describe('runIndependently', () => {
  it('runs every job to its end and then throws the first failure', async () => {
    const ran: string[] = [];
    const job = (name: string, fails: boolean) => async () => {
      await new Promise((resolve) => setTimeout(resolve, fails ? 0 : 20));
      ran.push(name);
      if (fails) throw new Error(`${name} failed`);
    };
    await expect(runIndependently([job('stats', true), job('mail', false), job('audit', true)])).rejects.toThrow(
      'stats failed',
    );
    expect(ran.sort()).toEqual(['audit', 'mail', 'stats']);
    await expect(runIndependently([job('mail', false)])).resolves.toBeUndefined();
  });
});

describeIfFirestore('trusted code: onTicketWritten', () => {
  it('writes the audit trail, the search keys and the receipt when the day’s statistics cannot be written', async () => {
    // The day's statistics document filled to Firestore's 1 MiB limit (the desk's zone may be
    // another test's: the days either side too).
    for (const day of ['2031-07-14', '2031-07-15', '2031-07-16']) await fillToTheLimit(`stats/${day}`, day);
    const requesterId = freshId('carol');
    await db.doc(`users/${requesterId}`).set({
      displayName: 'Carol Customer',
      email: `${requesterId}@example.com`,
      role: 'customer',
    });
    const ref = db.collection('tickets').doc(freshId('t'));
    const at = Timestamp.fromMillis(CREATED_MS);
    await ref.set(
      newTicketFields(requesterId, at, {
        number: 70_000 + Math.floor(Math.random() * 1_000_000),
        lastMessageAt: at,
        lastMessageBy: 'customer',
      }),
    );
    const created = await ref.get();

    await expect(
      onTicketWritten(db, config, { changeId: freshId('change'), before: null, after: created }, CREATED_MS),
    ).rejects.toThrow(/maximum entity size/);

    const events = await ref.collection('events').get();
    expect(events.docs.map((event) => [event.id, event.get('type'), event.get('to')])).toEqual([
      ['submitted', 'status', 'new'],
    ]);
    expect((await ref.get()).get('searchKeys')).toEqual(expect.arrayContaining(['printer']));
    const mail = await db.collection('mail').where('ticketId', '==', ref.id).get();
    expect(mail.docs.map((doc) => [doc.get('kind'), doc.get('to')])).toEqual([
      ['request-received', [`${requesterId}@example.com`]],
    ]);
  });
});
