/**
 * The demo desk's triggers (`demoTriggers`) acting on the local backend as the app seeds it: a
 * customer's urgent request goes to an available demo agent and is tagged `escalated`, the next
 * one to the other agent; an agent tagging a normal ticket `vip` makes it high priority; the
 * scheduled pass reminds the requesters of the seeded tickets pending for 3 days, once each.
 */
import 'fake-indexeddb/auto';
import { openTriageDb } from '@/backend/local/core/db';
import { AUTO_CLOSE_TRIGGER_ID } from '@/domain/auto-close';
import { runLocalTimeRules } from '@/backend/local/tickets/automation';
import type { Ticket } from '@/domain/types';
import { demoAccount, firstTickets, localTestBackend, signInDemo } from '../../../../support/local-backend';

jest.setTimeout(30_000);

describe('the demo desk’s triggers', () => {
  it('give urgent requests round-robin to the demo agents, and make vip tickets high priority', async () => {
    const dbName = `demo-triggers-${Math.random().toString(36).slice(2)}`;
    const customer = localTestBackend({ seed: true, triggers: true, dbName });
    await signInDemo(customer, demoAccount('customer'));
    const first = await customer.tickets.create({
      subject: 'Site down',
      description: 'All pages 500.',
      priority: 'urgent',
    });
    const second = await customer.tickets.create({
      subject: 'Still down',
      description: 'Nothing loads.',
      priority: 'urgent',
    });
    const normal = await customer.tickets.create({ subject: 'A question', description: 'How?', priority: 'normal' });

    const agent = localTestBackend({ seed: true, triggers: true, dbName });
    await signInDemo(agent, demoAccount('priya@triage.test'));
    const all = await firstTickets(agent, { limit: 100 });
    const byId = new Map(all.map((ticket) => [ticket.id, ticket]));
    const [a, b, c] = [byId.get(first.id), byId.get(second.id), byId.get(normal.id)];
    expect(a?.tags).toContain('escalated');
    expect(b?.tags).toContain('escalated');
    expect(a?.assigneeId).toBeTruthy();
    expect(b?.assigneeId).toBeTruthy();
    expect(a?.assigneeId).not.toBe(b?.assigneeId);
    expect(c?.assigneeId ?? null).toBeNull();
    expect(c?.tags).not.toContain('escalated');

    const tagged = await agent.tickets.update(normal.id, { tags: ['vip'] });
    expect(tagged.tags).toEqual(['vip']);
    const after = (await firstTickets(agent, { limit: 100 })).find((ticket) => ticket.id === normal.id);
    expect(after?.priority).toBe('high');
  });
});

describe('the demo desk’s time rule', () => {
  it('reminds the requesters of the tickets as they pass 3 days pending, once each, and leaves the rest', async () => {
    const dbName = `demo-time-rule-${Math.random().toString(36).slice(2)}`;
    const seededAt = Date.parse('2026-03-02T10:00:00.000Z');
    const agent = localTestBackend({ seed: true, history: true, triggers: true, dbName, now: () => seededAt });
    await signInDemo(agent, demoAccount('priya@triage.test'));
    const db = openTriageDb(dbName);
    const before = await db.tickets.toArray();
    const pendingFor = (ticket: Ticket, at: number) =>
      ticket.status === 'pending' ? (at - Date.parse(ticket.updatedAt)) / 3_600_000 : -1;
    // At the first visit one seeded pending ticket has been quiet for over 3 days: the first pass
    // reminds it (the demo shows the rule at work), and only it.
    const quiet = before.filter((ticket) => pendingFor(ticket, seededAt) >= 72).map((ticket) => ticket.id);
    expect(quiet).toHaveLength(1);
    expect(before.some((ticket) => pendingFor(ticket, seededAt) >= 0 && pendingFor(ticket, seededAt) < 72)).toBe(true);
    const first = await runLocalTimeRules({ db, now: () => seededAt });
    expect(first).toEqual(quiet);

    // Half a day later the oldest of the others have passed 3 days.
    const now = seededAt + 12 * 3_600_000;
    const due = before.filter((ticket) => pendingFor(ticket, now) >= 72 && !quiet.includes(ticket.id));
    expect(due.length).toBeGreaterThan(0);
    const ran = await runLocalTimeRules({ db, now: () => now });
    // The desk's automatic close acts too, on the tickets solved 4 days ago by then.
    const closed = (await db.tickets.bulkGet(ran)).filter((ticket) => ticket?.status === 'closed');
    expect(closed.every((ticket) => ticket?.timeRuleMarks?.includes(AUTO_CLOSE_TRIGGER_ID))).toBe(true);
    const acted = ran.filter((id) => !closed.some((ticket) => ticket?.id === id));
    expect([...acted].sort()).toEqual(due.map((ticket) => ticket.id).sort());
    for (const ticket of await db.tickets.bulkGet(acted)) {
      expect(ticket?.tags).toContain('reminded');
      expect(ticket?.timeRuleMarks).toEqual(['pending-reminder']);
      expect(ticket?.status).toBe('pending');
    }
    const reminders = await db.mail.filter((item) => item.kind === 'rule-email').toArray();
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((item) => [...acted, ...quiet].includes(item.ticketId ?? ''))).toBe(true);
    expect(reminders.map((item) => item.message.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Waiting for your reply|Esperamos tu respuesta|بانتظار ردك/)]),
    );
    const untouched = before.filter((ticket) => !acted.includes(ticket.id) && !quiet.includes(ticket.id));
    for (const ticket of await db.tickets.bulkGet(untouched.map((each) => each.id))) {
      expect(ticket?.tags ?? []).not.toContain('reminded');
    }

    // The next pass finds every reminded ticket marked: nothing more.
    expect(await runLocalTimeRules({ db, now: () => now + 5 * 60_000 })).toEqual([]);
    expect(await db.mail.filter((item) => item.kind === 'rule-email').count()).toBe(reminders.length);
  });
});
