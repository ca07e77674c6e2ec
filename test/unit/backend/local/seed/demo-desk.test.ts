/**
 * `src/backend/local/seed/demo-desk.ts`'s `buildDemoDesk` with the uids a seeding hands it.
 */
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import { buildDemoDesk } from '@/backend/local/seed/demo-desk';
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

  it('refuses fewer uids than demo accounts', () => {
    expect(() => buildDemoDesk(NOW, UIDS.slice(1))).toThrow(/missing item/);
  });
});
