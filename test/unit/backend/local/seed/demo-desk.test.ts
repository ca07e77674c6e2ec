/**
 * `src/backend/local/seed/demo-desk.ts`'s `buildDemoDesk` with the uids a seeding hands it.
 */
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import { buildDemoDesk } from '@/backend/local/seed/demo-desk';
import { SEED_SCENARIOS } from '@/backend/local/seed/scenarios';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
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
});
