/**
 * The backend contract against the local adapter (IndexedDB via fake-indexeddb), plus what
 * only the local adapter promises: the demo seed, the per-tab session and private credentials.
 */
import Dexie from 'dexie';
import type { AppConfig } from '@/config/config-schema';
import { createBackend } from '@/backend/local/create-local-backend';
import { grantRole, openTriageDb, QUEUE_ASSIGNEE } from '@/backend/local/core/db';
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import { createMemoryStorage, type SessionStorageLike } from '@/backend/local/auth/session';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { AuthChange } from '@/backend/port/auth';
import type { TicketCursor, TicketPage } from '@/backend/port/tickets';
import type { Backend } from '@/backend/port/backend';
import { ROLE_LABELS, type Role } from '@/domain/roles';
import { TICKET_STATUSES, type AuditEvent, type Message, type Ticket } from '@/domain/types';
import { describeBackendContract } from './backend-contract';
import { describeBulkContract } from './bulk-contract';
import { describeMailContract } from './mail-contract';
import { describeAccountContract } from './account-contract';
import { describePresenceContract } from './presence-contract';
import { describeReportsContract } from './reports-contract';
import { uniqueEmail, type ContractHarness } from './harness';

const CONFIG: AppConfig = { backend: 'local', recaptchaSiteKey: null };
/** Far below the app's `DEFAULT_PBKDF2_ITERATIONS`: the point here is behaviour, not brute-force resistance. */
const ITERATIONS = 1_000;

function uniqueDbName(label: string): string {
  return `triage-test-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A client of the local backend: a tab of its own browser, unless `browser` (that browser's
 * localStorage, where the shared session lives) is given.
 */
function localClient(dbName: string, browser: SessionStorageLike = createMemoryStorage(), seed = false): Backend {
  return createBackend(CONFIG, {
    dbName,
    sharedSessionStorage: browser,
    sessionStorage: createMemoryStorage(),
    seed,
    pbkdf2Iterations: ITERATIONS,
  });
}

async function makeLocalHarness(): Promise<ContractHarness> {
  const dbName = uniqueDbName('contract');
  // The harness's own connection plays the Admin SDK: it grants roles outside the app's rules.
  const adminDb = openTriageDb(dbName);
  let people = 0;
  return {
    name: 'local',
    auth: { run: true },
    data: { run: true },
    files: { run: true },
    newClient: async () => localClient(dbName),
    async newPerson(role: Role, { verified = true } = {}) {
      people += 1;
      const backend = localClient(dbName);
      const email = uniqueEmail(role);
      const password = 'correct-horse-battery';
      const displayName = `${ROLE_LABELS[role]} ${people}`;
      const profile = await backend.auth.signUp({ displayName, email, password });
      // The local stand-in for the verification link's click (the port's own call).
      if (verified) await backend.auth.sendEmailVerification();
      if (role !== 'customer') await grantRole(adminDb, profile.uid, role);
      return { backend, uid: profile.uid, email, password, displayName, role };
    },
    async fillUploadWindow(uid: string, paths: readonly string[]) {
      await adminDb.uploadQuotas.put({ uid, windowStart: new Date().toISOString(), paths: [...paths] });
    },
    async cleanup() {
      adminDb.close();
      await Dexie.delete(dbName);
    },
  };
}

describeBackendContract(makeLocalHarness, { auth: { run: true }, data: { run: true }, files: { run: true } });
describePresenceContract(makeLocalHarness, { run: true });
describeBulkContract(makeLocalHarness, { run: true });
describeMailContract(makeLocalHarness, { run: true });
describeAccountContract(makeLocalHarness, { run: true });
describeReportsContract(makeLocalHarness, { run: true });

/** The first value of a live subscription that satisfies `accept` (rejects on its error). */
function first<T>(
  subscribe: (onNext: Listener<T>, onError: ErrorListener) => Unsubscribe,
  accept: (value: T) => boolean = () => true,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No matching value within 5 s.')), 5_000);
    const done = (settle: () => void) => {
      clearTimeout(timer);
      // Deferred: the subscription may still be returning its unsubscribe.
      queueMicrotask(() => unsubscribe());
      settle();
    };
    const unsubscribe = subscribe(
      (value) => {
        if (accept(value)) done(() => resolve(value));
      },
      (error) => done(() => reject(error)),
    );
  });
}

function authOf(backend: Backend, accept: (change: AuthChange) => boolean = () => true): Promise<AuthChange> {
  return first<AuthChange>((next) => backend.auth.onChange(next), accept);
}

const signedIn = (change: AuthChange): boolean => change.kind === 'signedIn';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, polled every 20 ms, or after `limitMs` (the assertion after it then says what was seen). */
async function until(check: () => boolean, limitMs = 5_000): Promise<void> {
  for (let waited = 0; !check() && waited < limitMs; waited += 20) await sleep(20);
}

function request(subject: string) {
  return { subject, description: `About “${subject}”.`, priority: 'normal' as const };
}

describe('local backend', () => {
  describe('demo seed', () => {
    const dbName = uniqueDbName('seed');
    let tabA: Backend;
    let tabB: Backend;

    beforeAll(async () => {
      const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin');
      if (!admin) throw new Error('DEMO_ACCOUNTS has no admin.');
      // Two tabs opening an empty database at the same moment.
      [tabA, tabB] = [
        localClient(dbName, createMemoryStorage(), true),
        localClient(dbName, createMemoryStorage(), true),
      ];
      await Promise.all([tabA, tabB].map((tab) => tab.auth.signIn({ email: admin.email, password: admin.password })));
    });
    afterAll(async () => {
      await Promise.all([tabA, tabB].map((tab) => tab.auth.signOut()));
      await Dexie.delete(dbName);
    });

    it('exports one admin, two agents and three customers with passwords of 8+ characters', () => {
      expect(DEMO_ACCOUNTS.map((a) => a.role)).toEqual(['admin', 'agent', 'agent', 'customer', 'customer', 'customer']);
      expect(DEMO_ACCOUNTS.every((a) => a.password.length >= 8 && a.email === a.email.toLowerCase())).toBe(true);
      expect(new Set(DEMO_ACCOUNTS.map((a) => a.email)).size).toBe(DEMO_ACCOUNTS.length);
    });

    it('seeds the demo people once, even when two tabs start at once', async () => {
      const users = (await tabA.users.list({ limit: 100 })).people;
      const byRole = (role: Role) => users.filter((u) => u.role === role).length;
      expect([byRole('admin'), byRole('agent'), byRole('customer')]).toEqual([1, 2, 3]);
      expect(users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    });

    /** Every ticket the tab may read, newest public activity first, 100 to a page. */
    async function allTickets(tab: Backend): Promise<Ticket[]> {
      const tickets: Ticket[] = [];
      let after: TicketCursor | null = null;
      do {
        const cursor = after;
        const page: TicketPage = await first<TicketPage>((next, fail) =>
          tab.tickets.watchList({ limit: 100, ...(cursor ? { after: cursor } : {}) }, next, fail),
        );
        tickets.push(...page.tickets);
        after = page.hasMore ? page.nextCursor : null;
      } while (after);
      return tickets;
    }

    it('seeds the scenarios and 90 days of history over every status, numbered 1..N', async () => {
      const tickets = await allTickets(tabB);
      expect(tickets.length).toBeGreaterThanOrEqual(200);
      expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(TICKET_STATUSES));
      const numbers = tickets.map((t) => t.number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      const activity = tickets.map((t) => t.lastMessageAt);
      expect(activity).toEqual([...activity].sort().reverse());
    });

    it('refuses writes as unavailable while the browser is offline, and keeps reading', async () => {
      const page = await first<TicketPage>((next, fail) => tabA.tickets.watchList({ limit: 5 }, next, fail));
      const ticket = page.tickets.find((t) => t.status !== 'closed');
      if (!ticket) throw new Error('no open ticket in the seed');
      const hadNavigator = 'navigator' in globalThis;
      const before = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
      Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
      try {
        await expect(
          tabA.messages.add(ticket.id, { id: 'offline-1', body: 'Sent from a tunnel', internal: false }),
        ).rejects.toMatchObject({ code: 'unavailable' });
        await expect(tabA.tickets.update(ticket.id, { priority: 'urgent' })).rejects.toMatchObject({
          code: 'unavailable',
        });
        expect((await tabA.tickets.get(ticket.id)).priority).toBe(ticket.priority);
      } finally {
        if (before) Object.defineProperty(globalThis, 'navigator', before);
        else if (!hadNavigator) delete (globalThis as { navigator?: unknown }).navigator;
      }
      const messages = await first<Message[]>((next, fail) => tabA.messages.watch(ticket.id, next, fail));
      expect(messages.some((m) => m.id === 'offline-1')).toBe(false);
      // Back online, the same id goes through once.
      await tabA.messages.add(ticket.id, { id: 'offline-1', body: 'Sent from a tunnel', internal: false });
      await tabA.messages.add(ticket.id, { id: 'offline-1', body: 'Sent from a tunnel', internal: false });
      const after = await first<Message[]>((next, fail) => tabA.messages.watch(ticket.id, next, fail));
      expect(after.filter((m) => m.id === 'offline-1')).toHaveLength(1);
    });

    it('seeds tickets the lifecycle could have produced', async () => {
      const tickets = await allTickets(tabA);
      const now = Date.now();
      for (const ticket of tickets) {
        expect(Date.parse(ticket.createdAt)).toBeLessThan(now);
        expect(ticket.lastMessageAt >= ticket.createdAt).toBe(true);
        if (ticket.status === 'solved' || ticket.status === 'closed') {
          expect(ticket.assigneeId).toEqual(expect.any(String));
          expect(ticket.solvedAt).toEqual(expect.any(String));
        }
        if (ticket.status === 'solved') expect(now - Date.parse(ticket.solvedAt ?? '')).toBeLessThan(4 * 86_400_000);
        if (ticket.status === 'closed') expect(ticket.closedAt).toEqual(expect.any(String));
        if (ticket.status !== 'new') expect(ticket.firstResponseAt).toEqual(expect.any(String));
      }
    });

    it('gives seeded tickets conversations with public replies and internal notes', async () => {
      const { tickets } = await first<TicketPage>((next, fail) => tabA.tickets.watchList({ limit: 100 }, next, fail));
      const conversations = await Promise.all(
        tickets.map((t) => first<Message[]>((next, fail) => tabA.messages.watch(t.id, next, fail))),
      );
      expect(conversations.every((messages) => messages.length >= 1)).toBe(true);
      expect(conversations.flat().some((m) => m.internal)).toBe(true);
      expect(conversations.flat().filter((m) => !m.internal && m.authorRole !== 'customer').length).toBeGreaterThan(20);
    });

    it('lets every demo account sign in, and shows customers no internal notes', async () => {
      for (const account of DEMO_ACCOUNTS) {
        const tab = localClient(dbName);
        const profile = await tab.auth.signIn({ email: account.email, password: account.password });
        expect(profile).toMatchObject({ email: account.email, role: account.role, displayName: account.displayName });
        if (account.role === 'customer') {
          const { tickets } = await first<TicketPage>((next, fail) =>
            tab.tickets.watchList({ limit: 100 }, next, fail),
          );
          expect(tickets.length).toBeGreaterThan(0);
          expect(tickets.every((t) => t.requesterId === profile.uid)).toBe(true);
          for (const ticket of tickets) {
            const messages = await first<Message[]>((next, fail) => tab.messages.watch(ticket.id, next, fail));
            expect(messages.some((m) => m.internal)).toBe(false);
          }
        }
        await tab.auth.signOut();
      }
    });

    it('does not seed again on a later start', async () => {
      const later = localClient(dbName, createMemoryStorage(), true);
      const customer = DEMO_ACCOUNTS.find((a) => a.role === 'customer');
      if (!customer) throw new Error('DEMO_ACCOUNTS has no customer.');
      await later.auth.signIn({ email: customer.email, password: customer.password });
      const users = (await tabA.users.list({ limit: 100 })).people;
      expect(users).toHaveLength(DEMO_ACCOUNTS.length);
      await later.auth.signOut();
    });
  });

  describe('decisions the port leaves to the adapter', () => {
    let harness: ContractHarness;
    beforeAll(async () => {
      harness = await makeLocalHarness();
    });
    afterAll(async () => {
      await harness.cleanup();
    });

    it('lets a request follow up only a closed request its author can read', async () => {
      const [customer, stranger, agent] = await Promise.all([
        harness.newPerson('customer'),
        harness.newPerson('customer'),
        harness.newPerson('agent'),
      ]);
      const original = await customer.backend.tickets.create(request('Printer on fire'));
      await expect(
        customer.backend.tickets.create({ ...request('Still on fire'), followUpOf: original.id }),
      ).rejects.toMatchObject({ code: 'failed-precondition' });
      await agent.backend.tickets.transition(original.id, 'solve');
      await agent.backend.tickets.transition(original.id, 'close');
      await expect(
        stranger.backend.tickets.create({ ...request('Me too'), followUpOf: original.id }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(
        customer.backend.tickets.create({ ...request('On fire again'), followUpOf: original.id }),
      ).resolves.toMatchObject({ followUpOf: original.id, status: 'new' });
    });

    it('sends a live query’s first value once, and a change made as it starts', async () => {
      const [customer, agent] = await Promise.all([harness.newPerson('customer'), harness.newPerson('agent')]);
      const ticket = await customer.backend.tickets.create(request('Watched while it changes'));
      const seen: Ticket[] = [];
      let failed: unknown;
      // Quiet: the first value, and nothing more (the live query that takes over from the first
      // read does not send the same value again).
      const stopQuiet = agent.backend.tickets.watch(
        ticket.id,
        (value) => seen.push(value),
        (error) => (failed = error),
      );
      await sleep(400);
      stopQuiet();
      expect(failed).toBeUndefined();
      expect(seen.map((value) => value.status)).toEqual(['new']);
      // A change written the moment the first value arrives, before the live query has run once.
      const changed: Ticket[] = [];
      let write: Promise<unknown> | undefined;
      // The writer is the watching client itself, as on the request screen (same database connection).
      const stop = customer.backend.tickets.watch(
        ticket.id,
        (value) => {
          changed.push(value);
          write ??= customer.backend.tickets.transition(ticket.id, 'solve');
        },
        (error) => (failed = error),
      );
      try {
        await until(() => changed.at(-1)?.status === 'solved');
        await write;
        expect(failed).toBeUndefined();
        expect(changed.map((value) => value.status)).toEqual(['new', 'solved']);
        // And the live query keeps following: a later change arrives too (a live query subscribed
        // from inside the first read's Dexie promises once missed it).
        await customer.backend.tickets.transition(ticket.id, 'reopen');
        await until(() => changed.at(-1)?.status === 'open');
        expect(changed.map((value) => value.status)).toEqual(['new', 'solved', 'open']);
      } finally {
        stop();
      }
    });

    it('keeps internal notes out of what the requester sees of the ticket', async () => {
      const [customer, agent] = await Promise.all([harness.newPerson('customer'), harness.newPerson('agent')]);
      const ticket = await customer.backend.tickets.create(request('Quiet please'));
      await agent.backend.messages.add(ticket.id, { id: 'note-1', body: 'Checking with billing.', internal: true });
      const after = await customer.backend.tickets.get(ticket.id);
      expect(after).toMatchObject({ lastMessageAt: ticket.lastMessageAt, lastMessageBy: 'customer' });
      expect(after.firstResponseAt).toBeUndefined();
    });

    it('records the submission, and refuses assigning a ticket to a customer', async () => {
      const [customer, agent] = await Promise.all([harness.newPerson('customer'), harness.newPerson('agent')]);
      const ticket = await customer.backend.tickets.create(request('Audit me'));
      const events = await first<AuditEvent[]>((next, fail) =>
        agent.backend.tickets.watchEvents(ticket.id, next, fail),
      );
      expect(events).toEqual([
        expect.objectContaining({ type: 'status', from: null, to: 'new', actorId: customer.uid }),
      ]);
      await expect(agent.backend.tickets.update(ticket.id, { assigneeId: customer.uid })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    });

    it('takes a new request’s attachment size and type from the stored file, not the caller', async () => {
      const customer = await harness.newPerson('customer');
      const [ticketId, messageId] = ['claimed-ticket', 'claimed-description'];
      const data = new Blob(['just text'], { type: 'text/plain' });
      const path = await customer.backend.files.uploadAttachment(ticketId, messageId, {
        name: 'photo.png',
        size: data.size,
        contentType: 'text/plain',
        data,
      });
      await customer.backend.tickets.create({
        ...request('Claims to be a photo'),
        id: ticketId,
        messageId,
        attachments: [{ path, name: 'photo.png', size: 1, contentType: 'image/png' }],
      });
      const [description] = await first<Message[]>((next, fail) =>
        customer.backend.messages.watch(ticketId, next, fail),
      );
      expect(description?.attachments).toEqual([
        { path, name: 'photo.png', size: data.size, contentType: 'text/plain' },
      ]);
    });

    it('refuses attaching a file someone else uploaded, to a new request or a reply', async () => {
      const [customer, other, agent] = await Promise.all([
        harness.newPerson('customer'),
        harness.newPerson('customer'),
        harness.newPerson('agent'),
      ]);
      const file = () => {
        const data = new Blob(['not yours'], { type: 'text/plain' });
        return { name: 'theirs.txt', size: data.size, contentType: 'text/plain', data };
      };
      const path = await other.backend.files.uploadAttachment('planted-ticket', 'planted-message', file());
      await expect(
        customer.backend.tickets.create({
          ...request('With a planted file'),
          id: 'planted-ticket',
          messageId: 'planted-message',
          attachments: [{ path, name: 'theirs.txt', size: 9, contentType: 'text/plain' }],
        }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(customer.backend.tickets.get('planted-ticket')).rejects.toMatchObject({ code: 'not-found' });

      const ticket = await customer.backend.tickets.create(request('Reply with a planted file'));
      const notePath = await agent.backend.files.uploadAttachment(ticket.id, 'planted-reply', file());
      await expect(
        customer.backend.messages.add(ticket.id, {
          id: 'planted-reply',
          body: 'See attached.',
          internal: false,
          attachments: [{ path: notePath, name: 'theirs.txt', size: 9, contentType: 'text/plain' }],
        }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
    });

    it('keeps the stored-only queue key of schema v2 inside the adapter', async () => {
      const [customer, agent] = await Promise.all([harness.newPerson('customer'), harness.newPerson('agent')]);
      const input = { ...request('Keyed'), id: 'keyed-ticket' };
      await customer.backend.tickets.create(input);
      const reads = [
        await customer.backend.tickets.create(input),
        await agent.backend.tickets.get(input.id),
        await agent.backend.tickets.update(input.id, { assigneeId: agent.uid }),
        await first<TicketPage>((next, fail) =>
          agent.backend.tickets.watchList({ requesterId: customer.uid, limit: 5 }, next, fail),
        ),
      ];
      expect(JSON.stringify(reads)).not.toContain(QUEUE_ASSIGNEE);
    });

    it('refuses attaching a file that was not uploaded to that message', async () => {
      const customer = await harness.newPerson('customer');
      const ticket = await customer.backend.tickets.create(request('Phantom file'));
      await expect(
        customer.backend.messages.add(ticket.id, {
          id: 'with-phantom',
          body: 'See attached.',
          internal: false,
          attachments: [
            { path: `tickets/${ticket.id}/with-phantom/x.txt`, name: 'x.txt', size: 1, contentType: 'text/plain' },
          ],
        }),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    });
  });

  describe('session and credentials', () => {
    const dbName = uniqueDbName('session');
    afterAll(async () => {
      await Dexie.delete(dbName);
    });

    it('keeps a tab signed in across a reload', async () => {
      const storage = createMemoryStorage();
      const before = localClient(dbName, storage);
      const profile = await before.auth.signUp({
        displayName: 'Reloading Rita',
        email: uniqueEmail('reload'),
        password: 'correct-horse-battery',
      });
      const reloaded = localClient(dbName, storage);
      await expect(authOf(reloaded)).resolves.toMatchObject({ kind: 'signedIn', user: { uid: profile.uid } });
    });

    it('starts a new tab of the browser as its signed-in person', async () => {
      const browser = createMemoryStorage();
      const first = localClient(dbName, browser);
      const profile = await first.auth.signUp({
        displayName: 'Many Tabs Mo',
        email: uniqueEmail('tabs'),
        password: 'correct-horse-battery',
      });
      await expect(authOf(localClient(dbName, browser))).resolves.toMatchObject({
        kind: 'signedIn',
        user: { uid: profile.uid },
      });
    });

    it('lets two tabs of one browser be two people when the second signs in only in its tab', async () => {
      const browser = createMemoryStorage();
      const [tabA, tabB] = [localClient(dbName, browser), localClient(dbName, browser)];
      const a = await tabA.auth.signUp({ displayName: 'Tab A', email: uniqueEmail('tab-a'), password: 'password-a1' });
      const b = await tabB.auth.signUp({
        displayName: 'Tab B',
        email: uniqueEmail('tab-b'),
        password: 'password-b1',
        thisTabOnly: true,
      });
      await expect(authOf(tabA)).resolves.toMatchObject({ kind: 'signedIn', user: { uid: a.uid } });
      await expect(authOf(tabB)).resolves.toMatchObject({ kind: 'signedIn', user: { uid: b.uid } });
      await tabA.auth.signOut();
      await expect(authOf(tabA)).resolves.toEqual({ kind: 'signedOut' });
      await expect(authOf(tabB)).resolves.toMatchObject({ kind: 'signedIn', user: { uid: b.uid } });
    });

    it('ends live queries with unauthenticated when the tab signs out', async () => {
      const tab = localClient(dbName);
      await tab.auth.signUp({
        displayName: 'Leaving Leo',
        email: uniqueEmail('leo'),
        password: 'correct-horse-battery',
      });
      let stop: Unsubscribe = () => undefined;
      const failure = new Promise((resolve) => {
        stop = tab.tickets.watchList(
          { limit: 10 },
          () => undefined,
          (error) => resolve(error),
        );
      });
      try {
        await first<TicketPage>((next, fail) => tab.tickets.watchList({ limit: 10 }, next, fail));
        await tab.auth.signOut();
        await expect(failure).resolves.toMatchObject({ code: 'unauthenticated' });
      } finally {
        stop();
      }
    });

    it('never returns credentials through the port, and stores only salted hashes', async () => {
      const tab = localClient(dbName);
      const password = 'correct-horse-battery';
      const email = uniqueEmail('Secret').toUpperCase();
      const profile = await tab.auth.signUp({ displayName: 'Secretive Sam', email, password });
      expect(profile.email).toBe(email.toLowerCase());
      const fetched = await tab.users.get(profile.uid);
      expect(Object.keys(fetched).sort()).toEqual(['createdAt', 'displayName', 'email', 'role', 'uid', 'updatedAt']);
      expect(JSON.stringify(fetched)).not.toContain(password);

      const db = openTriageDb(dbName);
      const stored = await db.credentials.get(email.toLowerCase());
      db.close();
      expect(stored).toMatchObject({ uid: profile.uid, iterations: ITERATIONS });
      expect(JSON.stringify(stored)).not.toContain(password);
      expect(atob(stored?.salt ?? '')).toHaveLength(16);
    });

    it('signs in with any capitalisation of the email', async () => {
      const email = uniqueEmail('caps');
      const tab = localClient(dbName);
      const profile = await tab.auth.signUp({ displayName: 'Caps Carla', email, password: 'correct-horse-battery' });
      const other = localClient(dbName);
      await expect(
        other.auth.signIn({ email: `  ${email.toUpperCase()} `, password: 'correct-horse-battery' }),
      ).resolves.toMatchObject({ uid: profile.uid });
    });

    it('offers no Google sign-in and sends no email, but keeps a sign-in to one tab on request', async () => {
      const tab = localClient(dbName);
      expect(tab.kind).toBe('local');
      expect(tab.auth.capabilities).toEqual({ google: false, sendsEmail: false, tabSessions: true });
      await expect(tab.auth.signInWithGoogle()).rejects.toMatchObject({
        code: 'unsupported',
        message: 'Google sign-in needs the Firebase backend.',
      });
      await expect(tab.auth.sendEmailVerification()).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it('marks the email verified when verification is requested', async () => {
      const tab = localClient(dbName);
      await tab.auth.signUp({
        displayName: 'Verifying Vera',
        email: uniqueEmail('vera'),
        password: 'correct-horse-battery',
      });
      await expect(authOf(tab, signedIn)).resolves.toMatchObject({ emailVerified: false });
      await tab.auth.sendEmailVerification();
      await expect(authOf(tab, (c) => c.kind === 'signedIn' && c.emailVerified)).resolves.toMatchObject({
        kind: 'signedIn',
      });
    });

    it('joins a verified customer to the organisation claiming their domain, never before verification (DESIGN §1 "Organisations")', async () => {
      // The demo desk's admin and agent (a seeded database of its own).
      const desk = uniqueDbName('joins');
      const admin = localClient(desk, createMemoryStorage(), true);
      await admin.auth.signIn({ email: 'admin@triage.test', password: 'triage-admin' });
      const domain = `${uniqueEmail('org').split('@')[0]}.example`;
      const { id } = await admin.users.saveOrganisation({
        organisation: { name: `By domain ${domain}`, domains: [domain], notes: '' },
      });
      const tab = localClient(desk);
      const profile = await tab.auth.signUp({
        displayName: 'Joining Jo',
        email: `jo@${domain.toUpperCase()}`,
        password: 'correct-horse-battery',
      });
      // Unverified: asking joins nothing.
      await expect(tab.users.joinOrganisationByDomain()).resolves.toEqual({ organisationId: null });
      await expect(admin.users.get(profile.uid)).resolves.not.toHaveProperty('organisationId');
      await tab.auth.sendEmailVerification();
      await expect(admin.users.get(profile.uid)).resolves.toMatchObject({ organisationId: id });
      await expect(tab.users.joinOrganisationByDomain()).resolves.toEqual({ organisationId: id });
      // Staff never join one, verified or not.
      const agent = localClient(desk);
      await agent.auth.signIn({ email: 'priya@triage.test', password: 'triage-agent' });
      await expect(agent.users.joinOrganisationByDomain()).resolves.toEqual({ organisationId: null });
      await Dexie.delete(desk);
    });

    it('re-emits the current state on retryProfile', async () => {
      const tab = localClient(dbName);
      const profile = await tab.auth.signUp({
        displayName: 'Retrying Ray',
        email: uniqueEmail('ray'),
        password: 'correct-horse-battery',
      });
      const changes: AuthChange[] = [];
      const stop = tab.auth.onChange((change) => changes.push(change));
      try {
        await waitFor(() => changes.length === 1);
        await tab.auth.retryProfile();
        await waitFor(() => changes.length === 2);
        expect(changes[1]).toMatchObject({ kind: 'signedIn', user: { uid: profile.uid } });
      } finally {
        stop();
      }
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
// Dexie keeps a live query's cache entry for 3 s after its last subscriber leaves, on a timer;
// waiting it out lets Jest exit cleanly instead of warning about open handles.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 3_100)), 5_000);
