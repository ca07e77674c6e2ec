/**
 * `src/backend/local/seed/demo-desk.ts`'s `buildDemoDesk` with the uids a seeding hands it.
 */
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import { buildDemoDesk } from '@/backend/local/seed/demo-desk';
import { SEED_SCENARIOS } from '@/backend/local/seed/scenarios';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { triggerSchema } from '@/domain/triggers';
import { recurringTicketFrom } from '@/domain/recurring-tickets';
import { desk, NOW, UIDS } from '../../../../support/demo-desk';

describe('buildDemoDesk', () => {
  it('gives the demo people the uids it is handed, in DEMO_ACCOUNTS order', () => {
    expect(desk.users.map((user) => [user.uid, user.email, user.role])).toEqual(
      DEMO_ACCOUNTS.map((account, i) => [UIDS[i], account.email, account.role]),
    );
  });

  it('refers to those uids from tickets, messages, events (or the system actor) and ratings', () => {
    const uids = new Set(UIDS);
    for (const ticket of desk.tickets) {
      expect(uids.has(ticket.requesterId)).toBe(true);
      if (ticket.assigneeId) expect(uids.has(ticket.assigneeId)).toBe(true);
    }
    for (const message of desk.messages) expect(uids.has(message.authorId)).toBe(true);
    for (const event of desk.events) expect(uids.has(event.actorId) || event.actorId === SYSTEM_ACTOR_ID).toBe(true);
    for (const rating of desk.ratings) expect(uids.has(rating.requesterId)).toBe(true);
  });

  it('without its history holds the scenarios alone, the same tickets, numbered 1..N in creation order', () => {
    const small = buildDemoDesk(NOW, UIDS, { history: false });
    expect(small.tickets).toHaveLength(SEED_SCENARIOS.length);
    expect(small.tickets.map((ticket) => ticket.number)).toEqual(small.tickets.map((_ticket, i) => i + 1));
    const created = small.tickets.map((ticket) => ticket.createdAt);
    expect(created).toEqual([...created].sort());
    // The scenarios are played from their own sequence: the history does not change them.
    const subjects = (tickets: typeof desk.tickets) => new Set(tickets.map((ticket) => ticket.subject));
    const full = subjects(desk.tickets);
    for (const subject of subjects(small.tickets)) expect(full.has(subject)).toBe(true);
    expect(desk.tickets.length).toBeGreaterThan(small.tickets.length + 150);
    const ids = new Set(small.tickets.map((ticket) => ticket.id));
    expect(small.messages.every((message) => ids.has(message.ticketId))).toBe(true);
    expect(small.ratings.every((rating) => ids.has(rating.ticketId))).toBe(true);
  });

  it('refuses fewer uids than demo accounts', () => {
    expect(() => buildDemoDesk(NOW, UIDS.slice(1))).toThrow(/missing item/);
  });

  it('has triggers an admin could have saved: urgent to the available demo agents round-robin, vip to high', () => {
    for (const { id: _id, updatedAt: _at, updatedBy, ...trigger } of desk.triggers) {
      expect(triggerSchema.safeParse(trigger).success).toBe(true);
      expect(updatedBy).toBe(desk.users.find((user) => user.role === 'admin')?.uid);
    }
    const agents = desk.users.filter((user) => user.role === 'agent');
    expect(agents.every((agent) => agent.available === true)).toBe(true);
    expect(desk.users.filter((user) => user.role !== 'agent').some((user) => user.available)).toBe(false);
    const [urgent, vip] = desk.triggers;
    expect(urgent?.actions).toEqual({
      assignee: { kind: 'roundRobin', agents: agents.map((agent) => agent.uid), cap: 20 },
      addTags: ['escalated'],
    });
    expect(vip?.actions).toEqual({ priority: 'high' });
    // No seeded ticket is tagged vip: the rule acts on what people do, not on the seed.
    expect(desk.tickets.some((ticket) => ticket.tags.includes('vip'))).toBe(false);
  });

  it('has a recurring ticket an admin could have saved, switched off, the demo admin its requester', () => {
    expect(desk.recurringTickets).toHaveLength(1);
    for (const { id, updatedAt, updatedBy, ...template } of desk.recurringTickets) {
      expect(recurringTicketFrom(id, template, { updatedAt, updatedBy })).toMatchObject({ active: false });
      expect(updatedBy).toBe(desk.users.find((user) => user.role === 'admin')?.uid);
    }
  });
});
