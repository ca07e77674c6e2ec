/**
 * The bulk contract (bulk work in the queue), for both adapters: one change applied to
 * several tickets, each on its own — a refusal is reported for that ticket only, with the code
 * and sentence of the single change — with the audit events of single changes; adding a tag is
 * idempotent; customers and bad id lists are refused. It speaks only the `Backend` port and runs
 * where the backend contract's `data` part runs.
 */
import type { AuditEvent, Ticket } from '@/domain/types';
import type { BulkResult } from '@/backend/port/tickets';
import type { ContractHarness, PartAvailability, TestPerson } from './harness';

const TEST_TIMEOUT_MS = 30_000;

/** How long the audit trail may take to show a change: on Firebase, trusted code writes it after the change. */
const TRAIL_TIMEOUT_MS = 10_000;

/**
 * The audit trail of a ticket once it satisfies `accept` (default: its first value).
 * @throws Error after {@link TRAIL_TIMEOUT_MS} with the latest trail.
 */
function eventsOf(
  person: TestPerson,
  id: string,
  accept: (events: AuditEvent[]) => boolean = () => true,
): Promise<AuditEvent[]> {
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    let settled = false;
    let latest: AuditEvent[] = [];
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stops.forEach((stop) => stop());
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() => reject(new Error(`No matching trail within ${TRAIL_TIMEOUT_MS} ms: ${JSON.stringify(latest)}`))),
      TRAIL_TIMEOUT_MS,
    );
    const next = (events: AuditEvent[]) => {
      latest = events;
      if (accept(events)) finish(() => resolve(events));
    };
    stops.push(person.backend.tickets.watchEvents(id, next, (error) => finish(() => reject(error))));
    if (settled) stops.forEach((stop) => stop());
  });
}

const okIds = (results: BulkResult[]) => results.filter((result) => result.ok).map((result) => result.id);

/**
 * Registers the bulk contract for one adapter.
 * @param makeHarness builds the adapter's harness (once, before the first test).
 * @param declared whether Auth and the database are available; when not, one skipped test says why.
 */
export function describeBulkContract(makeHarness: () => Promise<ContractHarness>, declared: PartAvailability): void {
  if (!declared.run) {
    it.skip(`bulk: skipped — ${declared.reason}`, () => undefined);
    return;
  }

  describe('bulk contract: one change, many tickets', () => {
    let harness: ContractHarness;
    let agent: TestPerson;
    let other: TestPerson;
    let customer: TestPerson;

    const newTickets = (count: number, subject: string): Promise<Ticket[]> =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          customer.backend.tickets.create({
            subject: `${subject} ${i + 1}`,
            description: 'Filed for the bulk contract.',
            priority: 'normal',
          }),
        ),
      );

    beforeAll(async () => {
      harness = await makeHarness();
      [agent, other, customer] = await Promise.all([
        harness.newPerson('agent'),
        harness.newPerson('agent'),
        harness.newPerson('customer'),
      ]);
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await harness?.cleanup();
    }, TEST_TIMEOUT_MS);

    it(
      'fires a lifecycle event on each ticket and reports the one the table forbids, in order',
      async () => {
        const tickets = await newTickets(4, 'Bulk pending');
        const [a, b, c, d] = tickets as [Ticket, Ticket, Ticket, Ticket];
        // One is solved first: "Set pending" is not a move from solved (DESIGN §2).
        await other.backend.tickets.transition(c.id, 'solve');
        const outcome = await agent.backend.tickets.bulk([a.id, b.id, c.id, d.id], {
          kind: 'transition',
          event: 'await_customer',
        });
        expect(outcome.map((result) => result.id)).toEqual([a.id, b.id, c.id, d.id]);
        expect(okIds(outcome)).toEqual([a.id, b.id, d.id]);
        const refused = outcome[2];
        expect(refused).toMatchObject({ ok: false, error: { code: 'failed-precondition' } });
        if (refused && !refused.ok) expect(refused.error.message).toMatch(/solved/i);
        for (const result of outcome) if (result.ok) expect(result.ticket.status).toBe('pending');
        expect((await agent.backend.tickets.get(c.id)).status).toBe('solved');
        expect((await agent.backend.tickets.get(a.id)).status).toBe('pending');
        await expect(
          eventsOf(agent, a.id, (trail) => trail.some((event) => event.type === 'status' && event.to === 'pending')),
        ).resolves.toBeDefined();
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'assigns, unassigns and sets the priority, with audit events; a closed ticket refuses',
      async () => {
        const [a, b, closed] = (await newTickets(3, 'Bulk assign')) as [Ticket, Ticket, Ticket];
        await other.backend.tickets.transition(closed.id, 'solve');
        await other.backend.tickets.transition(closed.id, 'close');

        const assigned = await agent.backend.tickets.bulk([a.id, b.id, closed.id], {
          kind: 'assign',
          assigneeId: other.uid,
        });
        expect(okIds(assigned)).toEqual([a.id, b.id]);
        expect(assigned[2]).toMatchObject({ ok: false, error: { code: 'failed-precondition' } });
        const stored = await agent.backend.tickets.get(a.id);
        expect(stored).toMatchObject({ assigneeId: other.uid, assigneeName: other.displayName, status: 'open' });
        await expect(
          eventsOf(agent, a.id, (trail) => trail.some((event) => event.type === 'assignee')),
        ).resolves.toBeDefined();

        const urgent = await agent.backend.tickets.bulk([a.id, b.id], { kind: 'priority', priority: 'urgent' });
        expect(okIds(urgent)).toEqual([a.id, b.id]);
        expect((await agent.backend.tickets.get(b.id)).priority).toBe('urgent');
        await expect(
          eventsOf(agent, b.id, (trail) => trail.some((event) => event.type === 'priority')),
        ).resolves.toBeDefined();

        const unassigned = await agent.backend.tickets.bulk([a.id], { kind: 'assign', assigneeId: null });
        expect(okIds(unassigned)).toEqual([a.id]);
        expect((await agent.backend.tickets.get(a.id)).assigneeId).toBeUndefined();
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'adds a tag once: a ticket that has it is unchanged, a missing ticket is not-found for itself only',
      async () => {
        const [a, b] = (await newTickets(2, 'Bulk tag')) as [Ticket, Ticket];
        await agent.backend.tickets.update(b.id, { tags: ['billing'] });
        const outcome = await agent.backend.tickets.bulk([a.id, b.id, 'no-such-ticket'], {
          kind: 'addTag',
          tag: ' Billing ',
        });
        expect(okIds(outcome)).toEqual([a.id, b.id]);
        expect(outcome[2]).toMatchObject({ id: 'no-such-ticket', ok: false });
        expect((await agent.backend.tickets.get(a.id)).tags).toEqual(['billing']);
        expect((await agent.backend.tickets.get(b.id)).tags).toEqual(['billing']);
        const again = await agent.backend.tickets.bulk([a.id], { kind: 'addTag', tag: 'billing' });
        expect(okIds(again)).toEqual([a.id]);
        expect((await agent.backend.tickets.get(a.id)).tags).toEqual(['billing']);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'refuses customers for every ticket, and bad id lists or actions as a whole',
      async () => {
        const [mine] = (await newTickets(1, 'Bulk by a customer')) as [Ticket];
        const outcome = await customer.backend.tickets.bulk([mine.id], { kind: 'priority', priority: 'urgent' });
        expect(outcome).toEqual([expect.objectContaining({ id: mine.id, ok: false })]);
        expect(outcome[0]).toMatchObject({ error: { code: 'permission-denied' } });
        expect((await agent.backend.tickets.get(mine.id)).priority).toBe('normal');

        await expect(agent.backend.tickets.bulk([], { kind: 'priority', priority: 'low' })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        await expect(
          agent.backend.tickets.bulk([mine.id, mine.id], { kind: 'priority', priority: 'low' }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await expect(
          agent.backend.tickets.bulk(
            Array.from({ length: 101 }, (_, i) => `t${i}`),
            { kind: 'priority', priority: 'low' },
          ),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await expect(
          agent.backend.tickets.bulk([mine.id], { kind: 'addTag', tag: 'Not a tag!' }),
        ).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/lowercase letters/) });
        expect((await agent.backend.tickets.get(mine.id)).tags).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  });
}
