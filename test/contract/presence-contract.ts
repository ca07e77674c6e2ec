/**
 * The presence contract (collision detection), for both adapters: staff on one ticket
 * see each other live, with a typing flag; `leave` removes an entry at once; an entry that is
 * not renewed expires and drops out of every watcher without any write; customers are refused.
 * It speaks only the `Backend` port, like `backend-contract.ts`, and runs where that suite's
 * `data` part runs (it needs Auth and the database).
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { PresenceEntry } from '@/backend/port/presence';
import type { ErrorShape } from '@/domain/errors/errors';
import type { ContractHarness, PartAvailability, TestPerson } from './harness';

/** Generous per-test limit: the Firebase emulators are much slower than fake-indexeddb. */
const TEST_TIMEOUT_MS = 30_000;
/** How long a live subscription may take to show a change. */
const LIVE_TIMEOUT_MS = 10_000;
/** The short ttl of the expiry tests, in ms. */
const SHORT_TTL_MS = 600;
/**
 * The ttl of the heartbeat test, in ms: a heartbeat every quarter of it leaves three quarters
 * for a write and its snapshot to arrive, however loaded the machine running the emulators is.
 */
const RENEWED_TTL_MS = 4_000;
/** A ttl no test outlives. */
const LONG_TTL_MS = 60_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A presence watch's values as they arrive, with every arrival's time. */
interface Watcher {
  values: { at: number; entries: PresenceEntry[] }[];
  /** Resolves with the latest list once it satisfies `accept`; rejects on error or timeout. */
  waitFor(accept: (entries: PresenceEntry[]) => boolean, timeoutMs?: number): Promise<PresenceEntry[]>;
  /** The subscription's error, if it failed. */
  failure(): ErrorShape | undefined;
  stop: Unsubscribe;
}

function watcher(subscribe: (onNext: Listener<PresenceEntry[]>, onError: ErrorListener) => Unsubscribe): Watcher {
  const values: Watcher['values'] = [];
  let failed: ErrorShape | undefined;
  const stop = subscribe(
    (entries) => values.push({ at: Date.now(), entries }),
    (error) => {
      failed = error;
    },
  );
  return {
    values,
    stop,
    failure: () => failed,
    async waitFor(accept, timeoutMs = LIVE_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (failed) throw failed;
        const latest = values.at(-1);
        if (latest && accept(latest.entries)) return latest.entries;
        if (Date.now() > deadline) {
          throw new Error(`No matching presence within ${timeoutMs} ms; the latest is ${JSON.stringify(latest)}.`);
        }
        await sleep(10);
      }
    },
  };
}

const uids = (entries: PresenceEntry[]): string[] => entries.map((entry) => entry.uid).sort();
const entryOf = (entries: PresenceEntry[], person: TestPerson) => entries.find((entry) => entry.uid === person.uid);

/**
 * Registers the presence contract for one adapter.
 * @param makeHarness builds the adapter's harness (once, before the first test).
 * @param declared whether Auth and the database are available (the backend contract's `data`
 *   part); when not, one skipped test names the reason.
 */
export function describePresenceContract(
  makeHarness: () => Promise<ContractHarness>,
  declared: PartAvailability,
): void {
  if (!declared.run) {
    it.skip(`presence: skipped — ${declared.reason}`, () => undefined);
    return;
  }

  describe('presence contract: who else is on a ticket', () => {
    let harness: ContractHarness;
    let agent: TestPerson;
    let admin: TestPerson;
    let customer: TestPerson;
    let ticketId: string;
    const stops: Unsubscribe[] = [];
    const watch = (person: TestPerson, id = ticketId): Watcher => {
      const w = watcher((onNext, onError) => person.backend.presence.watch(id, onNext, onError));
      stops.push(w.stop);
      return w;
    };

    beforeAll(async () => {
      harness = await makeHarness();
      [agent, admin, customer] = await Promise.all([
        harness.newPerson('agent'),
        harness.newPerson('admin'),
        harness.newPerson('customer'),
      ]);
      const ticket = await customer.backend.tickets.create({
        subject: 'Two agents, one ticket',
        description: 'Whoever answers first, please tell the other.',
        priority: 'normal',
      });
      ticketId = ticket.id;
    }, TEST_TIMEOUT_MS);

    afterEach(async () => {
      for (const stop of stops.splice(0)) stop();
      await Promise.all([agent, admin].map((person) => person.backend.presence.leave(ticketId)));
    });

    afterAll(async () => {
      await harness?.cleanup();
    }, TEST_TIMEOUT_MS);

    it(
      'shows two agents each other, and who is typing',
      async () => {
        const agentSees = watch(agent);
        const adminSees = watch(admin);
        await agent.backend.presence.announce(ticketId, { typing: false, ttlMs: LONG_TTL_MS });
        await admin.backend.presence.announce(ticketId, { typing: false, ttlMs: LONG_TTL_MS });
        const both = [agent.uid, admin.uid].sort();
        await agentSees.waitFor((entries) => uids(entries).join() === both.join());
        const seen = await adminSees.waitFor((entries) => uids(entries).join() === both.join());
        expect(entryOf(seen, agent)).toMatchObject({ displayName: agent.displayName, typing: false });
        expect(Date.parse(entryOf(seen, agent)?.expiresAt ?? '')).toBeGreaterThan(Date.now() + LONG_TTL_MS / 2);

        await agent.backend.presence.announce(ticketId, { typing: true, ttlMs: LONG_TTL_MS });
        const typing = await adminSees.waitFor((entries) => entryOf(entries, agent)?.typing === true);
        expect(entryOf(typing, admin)?.typing).toBe(false);
        await agent.backend.presence.announce(ticketId, { typing: false, ttlMs: LONG_TTL_MS });
        await adminSees.waitFor((entries) => entryOf(entries, agent)?.typing === false);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'removes an entry at once on leave, and keeps tickets apart',
      async () => {
        const other = await customer.backend.tickets.create({
          subject: 'Another ticket',
          description: 'Nobody is looking at this one.',
          priority: 'low',
        });
        const adminSees = watch(admin);
        const otherSeen = watch(admin, other.id);
        await agent.backend.presence.announce(ticketId, { typing: true, ttlMs: LONG_TTL_MS });
        await adminSees.waitFor((entries) => entryOf(entries, agent) !== undefined);
        await otherSeen.waitFor((entries) => entries.length === 0);

        await agent.backend.presence.leave(ticketId);
        // Gone well before its ttl (LONG_TTL_MS) would end it: the leave removed it.
        await adminSees.waitFor((entries) => entries.length === 0);
        // Leaving twice, or a ticket one never announced on, is harmless.
        await expect(agent.backend.presence.leave(ticketId)).resolves.toBeUndefined();
        await expect(agent.backend.presence.leave(other.id)).resolves.toBeUndefined();
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'drops an entry that was not renewed once it expires, with no write',
      async () => {
        const adminSees = watch(admin);
        await adminSees.waitFor((entries) => entries.length === 0);
        await agent.backend.presence.announce(ticketId, { typing: true, ttlMs: SHORT_TTL_MS });
        const shown = await adminSees.waitFor((entries) => entryOf(entries, agent) !== undefined);
        const expiresAt = Date.parse(entryOf(shown, agent)?.expiresAt ?? '');
        await adminSees.waitFor((entries) => entries.length === 0);
        const cleared = adminSees.values.at(-1)?.at ?? 0;
        // Not before the entry's time; and nothing was written after the announce, so what
        // cleared it is the watcher's own timer.
        expect(cleared).toBeGreaterThanOrEqual(expiresAt);
        // A watcher started afterwards never sees the expired entry.
        const late = watch(agent);
        await expect(late.waitFor(() => true)).resolves.toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'keeps an entry while heartbeats renew it',
      async () => {
        const adminSees = watch(admin);
        await agent.backend.presence.announce(ticketId, { typing: false, ttlMs: RENEWED_TTL_MS });
        await adminSees.waitFor((entries) => entryOf(entries, agent) !== undefined);
        const shownFrom = adminSees.values.length - 1;
        const until = Date.now() + RENEWED_TTL_MS * 2;
        while (Date.now() < until) {
          await sleep(RENEWED_TTL_MS / 4);
          await agent.backend.presence.announce(ticketId, { typing: false, ttlMs: RENEWED_TTL_MS });
        }
        const sinceShown = adminSees.values.slice(shownFrom);
        // Each heartbeat moved expiresAt on, and the entry never dropped out in between.
        expect(sinceShown.length).toBeGreaterThan(2);
        expect(sinceShown.every(({ entries }) => entryOf(entries, agent) !== undefined)).toBe(true);
        await adminSees.waitFor((entries) => entries.length === 0, RENEWED_TTL_MS + 3_000);
      },
      TEST_TIMEOUT_MS + RENEWED_TTL_MS * 3,
    );

    it(
      'refuses customers, and bad arguments',
      async () => {
        await expect(
          customer.backend.presence.announce(ticketId, { typing: false, ttlMs: LONG_TTL_MS }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        const customerSees = watch(customer);
        await expect(customerSees.waitFor(() => true)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(
          agent.backend.presence.announce(ticketId, { typing: false, ttlMs: 10 * 60_000 }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await expect(agent.backend.presence.announce(ticketId, { typing: false, ttlMs: 0 })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        await expect(
          agent.backend.presence.announce('no/such/ticket', { typing: false, ttlMs: LONG_TTL_MS }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        const signedOut = await harness.newClient();
        await expect(
          signedOut.presence.announce(ticketId, { typing: false, ttlMs: LONG_TTL_MS }),
        ).rejects.toMatchObject({ code: 'unauthenticated' });
        await expect(signedOut.presence.leave(ticketId)).rejects.toMatchObject({ code: 'unauthenticated' });
      },
      TEST_TIMEOUT_MS,
    );
  });
}
