/**
 * The local backend's recurring tickets (DESIGN §10 "Recurring tickets"), with the clock moved:
 * each due occurrence gets one ticket, submitted as the admin who saved the template, with the
 * triggers and the emails of a submit; passes that run again or at once create nothing more.
 */
import 'fake-indexeddb/auto';
import { openTriageDb } from '@/backend/local/core/db';
import { runRecurringTicketsPass } from '@/backend/local/tickets/recurring-runs';
import type { RecurringTicketInput } from '@/domain/recurring-tickets';
import { demoAccount, localTestBackend, signInDemo } from '../../../../support/local-backend';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A seeded desk whose clock the test moves, with an admin and an agent signed in. */
async function deskAt(start: string) {
  let clock = Date.parse(start);
  const now = () => clock;
  const dbName = `recurring-${Math.random().toString(36).slice(2)}`;
  const admin = localTestBackend({ seed: true, dbName, now });
  await signInDemo(admin, demoAccount('admin'));
  const agent = localTestBackend({ seed: false, dbName, now });
  await signInDemo(agent, demoAccount('agent'));
  const db = openTriageDb(dbName);
  return {
    admin,
    agent,
    db,
    move: (ms: number) => {
      clock += ms;
    },
    pass: () => runRecurringTicketsPass({ db, now }),
  };
}

const weekly: RecurringTicketInput = {
  id: 'backups',
  title: 'Weekly backup check',
  active: true,
  // Monday 09:00 on the desk's clock (the demo desk's business hours' zone).
  schedule: { frequency: 'weekly', time: '09:00', weekday: 'mon' },
  subject: 'Check the backups of {{date}}',
  description: 'Open the backup report and confirm last night’s run.',
  priority: 'normal',
  tags: ['ops'],
};

describe('recurring tickets on the local backend', () => {
  it('creates each due occurrence once, as the admin who saved it, and runs the triggers on it', async () => {
    const desk = await deskAt('2026-12-06T12:00:00.000Z');
    await desk.admin.settings.saveRecurringTicket(weekly);
    await desk.admin.settings.saveTrigger({
      id: 'ops-high',
      title: 'Ops work is high',
      active: true,
      order: 1,
      on: ['created'],
      all: [{ property: 'tags', operator: 'includes', value: 'ops' }],
      any: [],
      actions: { priority: 'high' },
    });
    // Sunday: nothing is due yet.
    expect(await desk.pass()).toEqual([]);

    desk.move(DAY); // Monday 12:00 UTC, after 09:00 on the desk's clock.
    const runs = (await Promise.all([desk.pass(), desk.pass()])).flat();
    expect(runs).toHaveLength(1);
    const [created] = runs;
    if (!created) throw new Error('No ticket was created.');
    expect(created).toMatchObject({
      subject: 'Check the backups of 2026-12-07',
      status: 'new',
      tags: ['ops'],
      // The trigger acted on the new ticket, as on any request.
      priority: 'high',
    });
    const ticket = await desk.agent.tickets.get(created.id);
    const adminUid = (await desk.db.users.where('email').equals(demoAccount('admin').email).first())?.uid;
    expect(ticket.requesterId).toBe(adminUid);
    const events = await desk.db.events.where('ticketId').equals(created.id).toArray();
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'status', from: null, to: 'new', actorId: adminUid }),
        expect.objectContaining({ type: 'priority', trigger: 'Ops work is high' }),
      ]),
    );
    expect(await desk.db.messages.where('ticketId').equals(created.id).count()).toBe(1);

    // Later passes that week create nothing; the next Monday, one more.
    desk.move(HOUR);
    expect(await desk.pass()).toEqual([]);
    desk.move(7 * DAY);
    const [next] = await desk.pass();
    expect(next?.subject).toBe('Check the backups of 2026-12-14');
    expect(next?.id).not.toBe(created.id);
  });

  it('creates nothing while switched off, and does not make up what it missed', async () => {
    const desk = await deskAt('2026-12-06T12:00:00.000Z');
    await desk.admin.settings.saveRecurringTicket({ ...weekly, active: false });
    desk.move(DAY);
    expect(await desk.pass()).toEqual([]);
    // Switched on after Monday's occurrence: no ticket for it; three weeks on, one for the latest.
    await desk.admin.settings.saveRecurringTicket(weekly);
    expect(await desk.pass()).toEqual([]);
    desk.move(21 * DAY);
    const created = await desk.pass();
    expect(created.map((ticket) => ticket.subject)).toEqual(['Check the backups of 2026-12-28']);
  });
});
