/**
 * The demo desk's triggers (`demoTriggers`) acting on the local backend as the app seeds it: a
 * customer's urgent request goes to an available demo agent and is tagged `escalated`, the next
 * one to the other agent; an agent tagging a normal ticket `vip` makes it high priority.
 */
import 'fake-indexeddb/auto';
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
