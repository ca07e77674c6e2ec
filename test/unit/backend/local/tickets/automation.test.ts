/**
 * The local backend's trusted code on a schedule (DESIGN §2, §10), with the clock moved: the
 * automatic close after the desk's close-after days, by the system actor, SLA breach records
 * written once at the moment each target fell due, and the desk's time rules acting once per ticket.
 */
import 'fake-indexeddb/auto';
import { openTriageDb } from '@/backend/local/core/db';
import { runAutomationPass, runLocalTimeRules } from '@/backend/local/tickets/automation';
import { AUTO_CLOSE_TRIGGER_ID, autoCloseTrigger } from '@/domain/auto-close';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { demoAccount, localTestBackend, signInDemo } from '../../../../support/local-backend';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A seeded desk whose clock the test moves; the customer, an agent and an admin signed in on their own clients. */
async function deskAt(start: string) {
  let clock = Date.parse(start);
  const now = () => clock;
  const dbName = `automation-${Math.random().toString(36).slice(2)}`;
  const customer = localTestBackend({ seed: true, dbName, now });
  await signInDemo(customer, demoAccount('customer'));
  const agent = localTestBackend({ seed: false, dbName, now });
  await signInDemo(agent, demoAccount('agent'));
  const admin = localTestBackend({ seed: false, dbName, now });
  await signInDemo(admin, demoAccount('admin'));
  const db = openTriageDb(dbName);
  return {
    customer,
    agent,
    admin,
    db,
    now,
    move: (ms: number) => {
      clock += ms;
    },
    pass: () => runAutomationPass({ db, now }),
  };
}

describe('the automatic close, a time rule (DESIGN §2, §10 "The automatic close")', () => {
  /** One scheduled pass as the timer runs it: the pass, then the time rules. */
  const scheduled = async (desk: Awaited<ReturnType<typeof deskAt>>) => {
    const pass = await desk.pass();
    return { ...pass, acted: await runLocalTimeRules({ db: desk.db, now: desk.now }) };
  };

  it('closes a solved ticket once the desk’s close-after days have passed, as "system", and only then', async () => {
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    const ticket = await desk.customer.tickets.create({
      subject: 'Printer jam',
      description: 'Paper stuck.',
      priority: 'normal',
    });
    await desk.agent.tickets.transition(ticket.id, 'solve');
    desk.move(DEFAULT_DESK_SETTINGS.closeAfterDays * DAY - HOUR);
    // The desk had no rule: the first pass writes it, from the desk's close-after days.
    const first = await scheduled(desk);
    expect(first.autoCloseRule).toBe(true);
    expect(first.acted).not.toContain(ticket.id);
    expect(await desk.db.triggers.get(AUTO_CLOSE_TRIGGER_ID)).toMatchObject({
      ...autoCloseTrigger(DEFAULT_DESK_SETTINGS.closeAfterDays, 0),
      updatedBy: SYSTEM_ACTOR_ID,
    });
    expect((await desk.agent.tickets.get(ticket.id)).status).toBe('solved');

    desk.move(HOUR);
    const due = await scheduled(desk);
    expect(due.autoCloseRule).toBe(false);
    expect(due.acted).toContain(ticket.id);
    const closed = await desk.agent.tickets.get(ticket.id);
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).toBe(new Date(desk.now()).toISOString());
    const events = await desk.db.events.where('ticketId').equals(ticket.id).toArray();
    expect(events.filter((event) => event.to === 'closed')).toEqual([
      expect.objectContaining({
        type: 'status',
        from: 'solved',
        to: 'closed',
        actorId: SYSTEM_ACTOR_ID,
        trigger: 'Close solved tickets after 4 days',
      }),
    ]);
    // Again: nothing more.
    expect((await scheduled(desk)).acted).toEqual([]);
  });

  it('leaves a reopened ticket open however long it waits', async () => {
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    const ticket = await desk.customer.tickets.create({
      subject: 'Reopened one',
      description: 'Still broken.',
      priority: 'normal',
    });
    await desk.agent.tickets.transition(ticket.id, 'solve');
    await desk.customer.tickets.transition(ticket.id, 'reopen');
    desk.move(30 * DAY);
    await scheduled(desk);
    expect((await desk.agent.tickets.get(ticket.id)).status).toBe('open');
  });

  it('is the admin’s to change or switch off, not to delete', async () => {
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    await desk.pass();
    const rule = autoCloseTrigger(DEFAULT_DESK_SETTINGS.closeAfterDays, 0);
    await expect(desk.admin.settings.deleteTrigger(AUTO_CLOSE_TRIGGER_ID)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'The automatic close can be switched off or changed, not deleted.',
    });
    // Switched off: a solved ticket stays solved, and the pass does not write the rule again.
    await desk.admin.settings.saveTrigger({ ...rule, active: false });
    const ticket = await desk.customer.tickets.create({ subject: 'Kept', description: 'x', priority: 'low' });
    await desk.agent.tickets.transition(ticket.id, 'solve');
    desk.move(30 * DAY);
    expect((await scheduled(desk)).autoCloseRule).toBe(false);
    expect((await desk.agent.tickets.get(ticket.id)).status).toBe('solved');
    // Changed to one day: on again, it closes at one day.
    await desk.admin.settings.saveTrigger({
      ...rule,
      all: [
        rule.all[0] ?? { property: 'status', operator: 'is', value: 'solved' },
        { property: 'hoursSinceSolved', operator: 'atLeast', value: '24' },
      ],
    });
    const next = await desk.customer.tickets.create({ subject: 'Quick', description: 'x', priority: 'low' });
    await desk.agent.tickets.transition(next.id, 'solve');
    desk.move(DAY);
    expect((await scheduled(desk)).acted).toEqual(expect.arrayContaining([ticket.id, next.id]));
  });
});

describe('SLA breach records (DESIGN §10)', () => {
  it('records a first-reply breach once, at the due time, and the queue’s due time follows the policy', async () => {
    // Monday 10:00 UTC: the default desk opens 09:00–17:00 UTC on weekdays.
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    const settings = DEFAULT_DESK_SETTINGS;
    await desk.admin.settings.save({
      ...settings,
      sla: { ...settings.sla, high: { ...settings.sla.high, firstReplyMinutes: 60, hours: 'business' } },
    });
    const ticket = await desk.customer.tickets.create({
      subject: 'Site down',
      description: 'Nothing loads.',
      priority: 'high',
    });
    expect((await desk.agent.tickets.get(ticket.id)).slaDueAt).toBe('2026-03-02T11:00:00.000Z');

    // (The seeded demo tickets have breaches of their own: only this ticket's records count here.)
    const records = async () =>
      (await desk.db.events.where('ticketId').equals(ticket.id).toArray()).filter((e) => e.type === 'sla');
    desk.move(30 * 60_000);
    await desk.pass();
    expect(await records()).toEqual([]);
    desk.move(HOUR);
    await desk.pass();
    await desk.pass();
    expect(await records()).toEqual([
      expect.objectContaining({ to: 'firstReply', actorId: SYSTEM_ACTOR_ID, at: '2026-03-02T11:00:00.000Z' }),
    ]);
    // The reply meets the first-reply target; the resolution target is what runs next.
    await desk.agent.messages.add(ticket.id, { id: 'reply-1', body: 'Looking now.', internal: false });
    expect((await desk.agent.tickets.get(ticket.id)).slaDueAt).toBe('2026-03-05T10:00:00.000Z');
  });
});

describe('uploads whose message is never sent (DESIGN §4)', () => {
  const file = (name: string) => {
    const data = new Blob(['some text'], { type: 'text/plain' });
    return { name, size: data.size, contentType: 'text/plain', data };
  };

  it('deletes them a day after upload — on an invented ticket id too — and keeps sent files and pictures', async () => {
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    const ticket = await desk.customer.tickets.create({ subject: 'Printer', description: 'Jams.', priority: 'normal' });
    // Sent: a reply with its file.
    const sentPath = await desk.customer.files.uploadAttachment(ticket.id, 'sent-1', file('log.txt'));
    await desk.customer.messages.add(ticket.id, {
      id: 'sent-1',
      body: 'The log',
      internal: false,
      attachments: [{ path: sentPath, name: 'log.txt', size: 9, contentType: 'text/plain' }],
    });
    // Never sent: a reply abandoned, and files for a ticket id nobody submits.
    const abandoned = await desk.customer.files.uploadAttachment(ticket.id, 'draft-1', file('draft.txt'));
    const invented = await desk.customer.files.uploadAttachment('never-submitted', 'm1', file('junk.txt'));
    await desk.customer.files.uploadAvatar({
      name: 'me.png',
      size: 4,
      contentType: 'image/png',
      data: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
    });

    desk.move(DAY - 60_000);
    expect((await desk.pass()).orphans).toEqual([]);
    desk.move(60_000);
    expect((await desk.pass()).orphans.sort()).toEqual([abandoned, invented].sort());
    const left = (await desk.db.files.toArray()).map((record) => record.path).sort();
    expect(left).toHaveLength(2);
    expect(left).toContain(sentPath);
    expect(left.some((path) => /^avatars\/[^/]+\/avatar$/.test(path))).toBe(true);
    // A later upload to the same abandoned reply starts its own day.
    const again = await desk.customer.files.uploadAttachment(ticket.id, 'draft-1', file('draft.txt'));
    expect((await desk.pass()).orphans).toEqual([]);
    expect(await desk.db.files.get(again)).toBeDefined();
  });
});

describe('time rules (DESIGN §10 "Time rules")', () => {
  it('acts once on a ticket its hours reach by the moved clock: marks it, notes it, emails the requester, traces it', async () => {
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    await desk.admin.settings.saveTrigger({
      id: 'remind-pending',
      title: 'Remind after 3 days pending',
      active: true,
      order: 1,
      on: ['time'],
      all: [
        { property: 'status', operator: 'is', value: 'pending' },
        { property: 'hoursSinceUpdated', operator: 'atLeast', value: '72' },
        { property: 'subject', operator: 'contains', value: 'zeppelin' },
      ],
      any: [],
      actions: {
        addTags: ['reminded'],
        note: 'Reminded the requester.',
        emails: [
          {
            to: 'requester',
            address: '',
            subject: 'Still there?',
            body: '#{{ticket.number}} is {{ticket.status}}: we wait for you.',
          },
        ],
      },
    });
    const ticket = await desk.customer.tickets.create({
      subject: 'Zeppelin tickets',
      description: 'Two seats, please.',
      priority: 'normal',
    });
    await desk.agent.tickets.transition(ticket.id, 'await_customer');
    const run = () => runLocalTimeRules({ db: desk.db, now: desk.now });

    desk.move(72 * HOUR - 60_000);
    expect(await run()).toEqual([]);
    desk.move(60_000);
    expect(await run()).toEqual([ticket.id]);
    const acted = await desk.agent.tickets.get(ticket.id);
    expect(acted).toMatchObject({ tags: ['reminded'], timeRuleMarks: ['remind-pending'], status: 'pending' });
    const events = await desk.db.events.where('ticketId').equals(ticket.id).toArray();
    expect(events.filter((event) => event.trigger)).toEqual([
      expect.objectContaining({
        type: 'tags',
        to: 'reminded',
        actorId: SYSTEM_ACTOR_ID,
        trigger: 'Remind after 3 days pending',
      }),
    ]);
    const notes = await desk.db.messages
      .where('ticketId')
      .equals(ticket.id)
      .filter((message) => message.internal)
      .toArray();
    expect(notes.map((note) => note.body)).toEqual(['Reminded the requester.']);
    const mail = await desk.db.mail
      .where('ticketId')
      .equals(ticket.id)
      .filter((item) => item.kind === 'rule-email')
      .toArray();
    expect(mail.map((item) => [item.to[0], item.message.subject])).toEqual([
      ['dana@example.test', `[#${ticket.number}] Still there?`],
    ]);
    expect(mail[0]?.message.text).toContain(`#${ticket.number} is Pending: we wait for you.`);
    const traces = await desk.db.ruleTraces.where('ticketId').equals(ticket.id).toArray();
    expect(traces.filter((trace) => trace.event === 'time')).toEqual([
      expect.objectContaining({ by: 'system', fired: ['Remind after 3 days pending'] }),
    ]);

    // Once per ticket: a week later, the mark keeps it from acting again, and no trace is added.
    desk.move(7 * DAY);
    expect(await run()).toEqual([]);
    expect(await desk.db.ruleTraces.where('ticketId').equals(ticket.id).count()).toBe(traces.length);
  });

  it('acts on a ticket its hours reach and leaves alone one they do not reach yet', async () => {
    const desk = await deskAt('2026-03-02T10:00:00.000Z');
    await desk.admin.settings.saveTrigger({
      id: 'stale-open',
      title: 'Stale open tickets',
      active: true,
      order: 1,
      on: ['time'],
      all: [
        { property: 'hoursSinceCreated', operator: 'atLeast', value: '24' },
        { property: 'subject', operator: 'contains', value: 'zeppelin' },
      ],
      any: [],
      actions: { priority: 'high' },
    });
    const open = await desk.customer.tickets.create({ subject: 'Zeppelin one', description: 'x', priority: 'low' });
    desk.move(23 * HOUR);
    const young = await desk.customer.tickets.create({ subject: 'Zeppelin two', description: 'x', priority: 'low' });
    desk.move(HOUR);
    expect(await runLocalTimeRules({ db: desk.db, now: desk.now })).toEqual([open.id]);
    expect((await desk.agent.tickets.get(open.id)).priority).toBe('high');
    expect((await desk.agent.tickets.get(young.id)).priority).toBe('low');
  });
});
