/**
 * The backend contract (DESIGN §5: "one contract test suite runs against both" adapters).
 * It speaks only the `Backend` port, so the local adapter (IndexedDB) and the Firebase
 * adapter (Emulator Suite) must both pass it. Three parts — auth, data, files — each run only
 * where the harness can serve them, and otherwise show one skipped test with the reason.
 */
import { AUTO_CLOSE_TRIGGER_ID } from '@/domain/auto-close';
import type { RecurringTicket, RecurringTicketInput } from '@/domain/recurring-tickets';
import type { Trigger, TriggerInput } from '@/domain/triggers';
import type { RuleTrace } from '@/domain/rule-trace';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { AuthChange } from '@/backend/port/auth';
import type { PeopleQuery } from '@/backend/port/users';
import type { TicketFilter, TicketPage, TicketSort, TicketSortField } from '@/backend/port/tickets';
import type { Backend } from '@/backend/port/backend';
import type { ErrorShape } from '@/domain/errors/errors';
import { LIMITS } from '@/domain/limits';
import { UPLOAD_QUOTA } from '@/domain/upload-quota';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import type { Role } from '@/domain/roles';
import { MAX_PEOPLE_PAGE, STAFF_LIST_LIMIT } from '@/domain/people';
import { ticketSortValue, type SignUpInput } from '@/domain/schemas';
import type { SatisfactionRating } from '@/domain/satisfaction';
import { firstMatch } from './live';
import type { AuditEvent, DeskSettings, Message, Ticket, UserProfile } from '@/domain/types';
import type { Macro } from '@/domain/macros';
import { parseInvitationFragment, type Invitation } from '@/domain/invitations';
import type { Organisation, OrganisationView } from '@/domain/organisations';
import type { OutgoingMail } from '@/domain/mail/mail-document';
import { uniqueEmail, type ContractHarness, type PartAvailability, type TestPerson } from './harness';

/** The parts of the contract. */
export type ContractPart = 'auth' | 'data' | 'files';

/**
 * Part availability known before the harness is built (from environment variables, say).
 * Jest registers tests synchronously, so only a part declared unavailable here can show up
 * as a skipped test with its reason; a part the harness reports unavailable without being
 * declared still does not run, but its tests pass empty-handed and a warning says why.
 */
export type DeclaredParts = Partial<Record<ContractPart, PartAvailability>>;

/** What each part needs, itself first. */
const PART_NEEDS: Record<ContractPart, readonly ContractPart[]> = {
  auth: ['auth'],
  data: ['data', 'auth'],
  files: ['files', 'data', 'auth'],
};

/** Generous per-test limit: the Firebase emulators are much slower than fake-indexeddb. */
const TEST_TIMEOUT_MS = 30_000;
/** How long a live subscription may take to show a change. */
const LIVE_TIMEOUT_MS = 10_000;

const PASSWORD = 'correct-horse-battery';

/** A pause longer than a clock tick, so that two writes get different timestamps. */
const TICK_MS = 15;

/** A client-generated document id, as the app makes them (DESIGN §3). */
function clientId(): string {
  return `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

function signUpInput(prefix: string): SignUpInput {
  return { displayName: `Contract ${prefix}`, email: uniqueEmail(prefix), password: PASSWORD };
}

/** The uid an auth state names: signed in, or accepted by Auth with the profile unreadable. */
function uidOf(change: AuthChange): string | undefined {
  switch (change.kind) {
    case 'signedIn':
      return change.user.uid;
    case 'profileUnavailable':
      return change.uid;
    case 'signedOut':
      return undefined;
    default: {
      const unexpected: never = change;
      throw new Error(`Unknown auth change ${JSON.stringify(unexpected)}`);
    }
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The first value of a live subscription that satisfies `accept`. Rejects with the
 * subscription's {@link ErrorShape} if it fails, or with an Error after `timeoutMs`.
 */
function firstValue<T>(
  subscribe: (onNext: Listener<T>, onError: ErrorListener) => Unsubscribe,
  accept: (value: T) => boolean = () => true,
  timeoutMs = LIVE_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Deferred: the subscription may still be returning its unsubscribe.
      queueMicrotask(() => unsubscribe());
      settle();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`No matching value within ${timeoutMs} ms.`))),
      timeoutMs,
    );
    const unsubscribe = subscribe(
      (value) => {
        if (accept(value)) finish(() => resolve(value));
      },
      (error: ErrorShape) => finish(() => reject(error)),
    );
  });
}

/** A live subscription's values as they arrive, for tests that act and then watch the change. */
interface LiveValues<T> {
  /**
   * Resolves with the latest value once it satisfies `accept`; rejects with the subscription's
   * error, or after `timeoutMs`.
   */
  waitFor(accept: (value: T) => boolean, timeoutMs?: number): Promise<T>;
  stop: Unsubscribe;
}

function liveValues<T>(subscribe: (onNext: Listener<T>, onError: ErrorListener) => Unsubscribe): LiveValues<T> {
  const values: T[] = [];
  let failure: ErrorShape | undefined;
  const stop = subscribe(
    (value) => values.push(value),
    (error) => {
      failure = error;
    },
  );
  return {
    stop,
    async waitFor(accept, timeoutMs = LIVE_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (failure) throw failure;
        const latest = values.at(-1);
        if (values.length > 0 && accept(latest as T)) return latest as T;
        if (Date.now() > deadline) {
          throw new Error(`No matching value within ${timeoutMs} ms; the latest is ${JSON.stringify(latest)}.`);
        }
        await sleep(10);
      }
    },
  };
}

/** Whether tickets are in a list's order: the sort field, then the id, both in its direction. */
function isOrdered(tickets: readonly Ticket[], sort: TicketSort): boolean {
  return tickets.every((ticket, i) => {
    const previous = tickets[i - 1];
    if (!previous) return true;
    const key = (t: Ticket): [string, string] => [ticketSortValue(t, sort.field), t.id];
    const [a, b] = [key(previous), key(ticket)];
    const ascending = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    return sort.direction === 'asc' ? ascending : !ascending && (a[0] !== b[0] || a[1] !== b[1]);
  });
}

/**
 * Waits for the audit trail of a new ticket that `agent` took: their assignment, then the
 * move new → open it caused, both by them (the submission entry aside).
 */
async function expectTakenAndOpened(agent: { uid: string; backend: Backend }, ticketId: string): Promise<void> {
  const events = await firstValue<AuditEvent[]>(
    (next, fail) => agent.backend.tickets.watchEvents(ticketId, next, fail),
    (list) => list.some((e) => e.type === 'status' && e.to === 'open'),
  );
  expect(events.filter((e) => e.from !== null || e.type !== 'status')).toEqual([
    expect.objectContaining({ type: 'assignee', from: null, to: agent.uid, actorId: agent.uid }),
    expect.objectContaining({ type: 'status', from: 'new', to: 'open', actorId: agent.uid }),
  ]);
}

/** The first auth state of a client that satisfies `accept`. */
function authState(backend: Backend, accept: (change: AuthChange) => boolean): Promise<AuthChange> {
  return firstValue<AuthChange>((onNext) => backend.auth.onChange(onNext), accept);
}

function messagesOf(backend: Backend, ticketId: string, accept?: (messages: Message[]) => boolean): Promise<Message[]> {
  return firstValue<Message[]>((onNext, onError) => backend.messages.watch(ticketId, onNext, onError), accept);
}

function pageOf(
  backend: Backend,
  query: Parameters<Backend['tickets']['watchList']>[0],
  accept?: (page: TicketPage) => boolean,
  timeoutMs?: number,
): Promise<TicketPage> {
  return firstValue<TicketPage>(
    (onNext, onError) => backend.tickets.watchList(query, onNext, onError),
    accept,
    timeoutMs,
  );
}

/**
 * Resolves once a search for `text` finds exactly `ids` (in any order). Search keys are
 * derived by trusted code after the write (DESIGN §4; on Firebase, a Cloud Function a moment
 * later), so a search follows a new or retagged ticket within a few seconds, not at once.
 */
async function searchable(backend: Backend, text: string, ids: string[]): Promise<void> {
  const wanted = [...ids].sort().join();
  await pageOf(
    backend,
    { search: text, limit: 100 },
    (page) =>
      page.tickets
        .map((t) => t.id)
        .sort()
        .join() === wanted,
  );
}

function textFile(name: string, text: string, contentType = 'text/plain') {
  const data = new Blob([text], { type: contentType });
  return { name, size: data.size, contentType, data };
}

/** The attachment a message names for a file uploaded to `path`. */
function attachmentOf(path: string, file: ReturnType<typeof textFile>) {
  return { path, name: file.name, size: file.size, contentType: file.contentType };
}

/** Uploads `file` to a new message of `ticketId` and sends that message with it; resolves with the file's path. */
async function sendWithFile(
  backend: Backend,
  ticketId: string,
  file: ReturnType<typeof textFile>,
  message: { body: string; internal: boolean },
): Promise<string> {
  const messageId = clientId();
  const path = await backend.files.uploadAttachment(ticketId, messageId, file);
  await backend.messages.add(ticketId, { id: messageId, ...message, attachments: [attachmentOf(path, file)] });
  return path;
}

function newRequest(subject: string) {
  return {
    subject,
    description: `Steps to reproduce for “${subject}”: open the app, click around, watch it fail.`,
    priority: 'normal' as const,
  };
}

/**
 * Registers the contract suite for one adapter.
 * @param makeHarness builds the adapter's harness (once, before the first test).
 * @param declared part availability known up front, so unavailable parts show as skipped
 *   with their reason (see {@link DeclaredParts}). The harness's own answer still governs.
 */
export function describeBackendContract(
  makeHarness: () => Promise<ContractHarness>,
  declared: DeclaredParts = {},
): void {
  let harness: ContractHarness | undefined;
  const h = (): ContractHarness => {
    if (!harness) throw new Error('The contract harness was not built (see the beforeAll error).');
    return harness;
  };

  /**
   * Whether a part can run, given each part's own availability: the first unavailable part it
   * needs (its own reason first, being the most direct) decides.
   */
  function availabilityOf(
    part: ContractPart,
    of: (need: ContractPart) => PartAvailability | undefined,
  ): PartAvailability {
    for (const need of PART_NEEDS[part]) {
      const availability = of(need);
      if (availability && !availability.run) {
        return need === part ? availability : { run: false, reason: `needs the ${need} part — ${availability.reason}` };
      }
    }
    return { run: true };
  }
  const runtimeAvailability = (part: ContractPart): PartAvailability => availabilityOf(part, (need) => h()[need]);
  const declaredAvailability = (part: ContractPart): PartAvailability => availabilityOf(part, (need) => declared[need]);

  /** Registers a part's tests, or one skipped test naming why it cannot run. */
  function part(
    name: ContractPart,
    title: string,
    register: (test: (title: string, fn: () => Promise<void>) => void) => void,
  ): void {
    const skip = declaredAvailability(name);
    if (!skip.run) {
      it.skip(`${name}: skipped — ${skip.reason}`, () => undefined);
      return;
    }
    describe(`${name}: ${title}`, () => {
      register((testTitle, fn) => {
        it(
          testTitle,
          async () => {
            if (!runtimeAvailability(name).run) return;
            await fn();
          },
          TEST_TIMEOUT_MS,
        );
      });
    });
  }

  describe(`backend contract`, () => {
    beforeAll(async () => {
      harness = await makeHarness();
      for (const name of ['auth', 'data', 'files'] as const) {
        const availability = runtimeAvailability(name);
        if (!availability.run && declaredAvailability(name).run) {
          console.warn(`Backend contract (${harness.name}): the ${name} part does not run — ${availability.reason}`);
        }
      }
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await harness?.cleanup();
    }, TEST_TIMEOUT_MS);

    part('auth', 'accounts and the session', (test) => {
      /** Signs up; without Firestore the Firebase adapter may refuse the profile after Auth accepted the account. */
      async function signUpForAuth(backend: Backend, input: SignUpInput): Promise<void> {
        try {
          await backend.auth.signUp(input);
        } catch (error) {
          if (h().data.run || errorCode(error) !== 'unavailable') throw error;
        }
      }
      async function signInForAuth(backend: Backend, email: string, password: string): Promise<void> {
        try {
          await backend.auth.signIn({ email, password });
        } catch (error) {
          if (h().data.run || errorCode(error) !== 'unavailable') throw error;
        }
      }
      const signedInAs = (uid?: string) => (change: AuthChange) =>
        change.kind !== 'signedOut' && (uid === undefined || uidOf(change) === uid);

      test('reports a new account through onChange after sign-up', async () => {
        const client = await h().newClient();
        const input = signUpInput('signup');
        await signUpForAuth(client, input);
        const change = await authState(client, signedInAs());
        expect(uidOf(change)).toEqual(expect.any(String));
        if (h().data.run) {
          expect(change).toMatchObject({
            kind: 'signedIn',
            user: { email: input.email, displayName: input.displayName, role: 'customer' },
          });
        }
      });

      test('starts signed out on a fresh client', async () => {
        const client = await h().newClient();
        await expect(authState(client, () => true)).resolves.toEqual({ kind: 'signedOut' });
      });

      test('refuses a second account with the same email', async () => {
        const input = signUpInput('taken');
        await signUpForAuth(await h().newClient(), input);
        const other = await h().newClient();
        await expect(other.auth.signUp({ ...input, displayName: 'Someone else' })).rejects.toMatchObject({
          code: 'auth/email-already-in-use',
        });
      });

      test('refuses a 7-character password as invalid-argument', async () => {
        const client = await h().newClient();
        await expect(client.auth.signUp({ ...signUpInput('short'), password: 'seven77' })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      });

      test('refuses a wrong password as auth/invalid-credential', async () => {
        const input = signUpInput('wrongpw');
        await signUpForAuth(await h().newClient(), input);
        const client = await h().newClient();
        await expect(client.auth.signIn({ email: input.email, password: 'not-the-password' })).rejects.toMatchObject({
          code: 'auth/invalid-credential',
        });
      });

      test('refuses an unknown email as auth/invalid-credential', async () => {
        const client = await h().newClient();
        await expect(
          client.auth.signIn({ email: uniqueEmail('nobody'), password: 'whatever-it-is' }),
        ).rejects.toMatchObject({ code: 'auth/invalid-credential' });
      });

      test('signs out, then back in as the same person', async () => {
        const client = await h().newClient();
        const input = signUpInput('again');
        await signUpForAuth(client, input);
        const uid = uidOf(await authState(client, signedInAs()));
        await client.auth.signOut();
        await expect(authState(client, () => true)).resolves.toEqual({ kind: 'signedOut' });
        await signInForAuth(client, input.email.toUpperCase(), input.password);
        expect(uidOf(await authState(client, signedInAs(uid)))).toBe(uid);
      });

      test('accepts a password-reset request for known and unknown emails alike', async () => {
        const input = signUpInput('reset');
        const client = await h().newClient();
        await signUpForAuth(client, input);
        await client.auth.signOut();
        await expect(client.auth.sendPasswordReset(input.email)).resolves.toBeUndefined();
        await expect(client.auth.sendPasswordReset(uniqueEmail('unknown'))).resolves.toBeUndefined();
        // The port names no code for a malformed address; ours, or Firebase's own, will do.
        const malformed = await client.auth.sendPasswordReset('not an email').then(
          () => 'resolved',
          (error: unknown) => errorCode(error),
        );
        expect(['invalid-argument', 'auth/invalid-email']).toContain(malformed);
      });
    });

    part('data', 'profiles, tickets, messages, settings', (test) => {
      const person = (role: Role): Promise<TestPerson> => h().newPerson(role);

      test('lets the requester rate a solved request once (CSAT, DESIGN §10); nobody else; staff see it', async () => {
        const [customer, agent, other] = await Promise.all([person('customer'), person('agent'), person('customer')]);
        const ticket = await customer.backend.tickets.create(newRequest('Rated request'));
        await expect(customer.backend.tickets.rate(ticket.id, { score: 'good' })).rejects.toMatchObject({
          code: 'failed-precondition',
        });
        await agent.backend.tickets.transition(ticket.id, 'solve');
        await expect(agent.backend.tickets.rate(ticket.id, { score: 'good' })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(other.backend.tickets.rate(ticket.id, { score: 'bad' })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(
          customer.backend.tickets.rate(ticket.id, { score: 'bad', comment: 'x'.repeat(1001) }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await expect(
          firstMatch<SatisfactionRating | null>(
            (next, fail) => customer.backend.tickets.watchRating(ticket.id, next, fail),
            () => true,
          ),
        ).resolves.toBeNull();
        const rating = await customer.backend.tickets.rate(ticket.id, {
          score: 'bad',
          comment: '  Took three days.  ',
        });
        expect(rating).toMatchObject({
          ticketId: ticket.id,
          requesterId: customer.uid,
          score: 'bad',
          comment: 'Took three days.',
        });
        await expect(customer.backend.tickets.rate(ticket.id, { score: 'good' })).rejects.toMatchObject({
          code: 'already-exists',
        });
        const seen = await firstMatch<SatisfactionRating | null>(
          (next, fail) => agent.backend.tickets.watchRating(ticket.id, next, fail),
          (value) => value !== null,
        );
        expect(seen).toMatchObject({ score: 'bad', comment: 'Took three days.', requesterId: customer.uid });
      });

      test('makes every sign-up a customer, whatever the input says', async () => {
        const client = await h().newClient();
        const smuggled = { ...signUpInput('sneaky'), role: 'admin' } as SignUpInput;
        const profile = await client.auth.signUp(smuggled);
        expect(profile.role).toBe('customer');
        await expect(client.users.get(profile.uid)).resolves.toMatchObject({ role: 'customer' });
      });

      test('starts a request as status new, with the description as its first public message', async () => {
        const customer = await person('customer');
        const input = newRequest('Printer says paper jam');
        const ticket = await customer.backend.tickets.create(input);
        expect(ticket).toMatchObject({
          status: 'new',
          subject: input.subject,
          priority: 'normal',
          requesterId: customer.uid,
          requesterName: customer.displayName,
          lastMessageBy: 'customer',
          tags: [],
        });
        expect(ticket.number).toBeGreaterThanOrEqual(1);
        expect(Number.isNaN(Date.parse(ticket.createdAt))).toBe(false);
        const messages = await messagesOf(customer.backend, ticket.id);
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatchObject({ body: input.description, internal: false, authorId: customer.uid });
      });

      test('refuses a request outside the limits as invalid-argument', async () => {
        const customer = await person('customer');
        await expect(customer.backend.tickets.create({ ...newRequest('ok'), subject: 'no' })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      });

      test('keeps a customer out of another customer’s ticket', async () => {
        const [owner, stranger] = await Promise.all([person('customer'), person('customer')]);
        const ticket = await owner.backend.tickets.create(newRequest('My invoice is wrong'));
        await expect(stranger.backend.tickets.get(ticket.id)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(
          firstValue<Ticket>((next, fail) => stranger.backend.tickets.watch(ticket.id, next, fail)),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(pageOf(stranger.backend, { requesterId: owner.uid, limit: 10 })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(messagesOf(stranger.backend, ticket.id)).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('lists only a customer’s own requests', async () => {
        const [a, b] = await Promise.all([person('customer'), person('customer')]);
        await a.backend.tickets.create(newRequest('Request of A'));
        const own = await b.backend.tickets.create(newRequest('Request of B'));
        const page = await pageOf(b.backend, { limit: 100 });
        expect(page.tickets.map((t) => t.id)).toEqual([own.id]);
        expect(page.hasMore).toBe(false);
      });

      test('numbers concurrent submissions distinctly and contiguously', async () => {
        const customers = await Promise.all([person('customer'), person('customer'), person('customer')]);
        const tickets = await Promise.all(
          customers.flatMap((c, i) =>
            [0, 1, 2, 3].map((j) => c.backend.tickets.create(newRequest(`Concurrent ${i}-${j}`))),
          ),
        );
        const numbers = tickets.map((t) => t.number).sort((x, y) => x - y);
        expect(new Set(numbers).size).toBe(12);
        const first = numbers[0] ?? 0;
        expect(numbers).toEqual(Array.from({ length: 12 }, (_, k) => first + k));
      });

      test('filters and limits the staff queue, newest activity first', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const older = await customer.backend.tickets.create(newRequest('Older request'));
        // Apart by more than a clock tick, so "newest activity" is unambiguous.
        await sleep(20);
        const newer = await customer.backend.tickets.create(newRequest('Newer request'));
        await sleep(20);
        await customer.backend.messages.add(older.id, { id: clientId(), body: 'Any news?', internal: false });
        const page = await pageOf(agent.backend, { requesterId: customer.uid, limit: 1 });
        expect(page.tickets.map((t) => t.id)).toEqual([older.id]);
        expect(page.hasMore).toBe(true);
        await agent.backend.tickets.transition(newer.id, 'hold');
        const held = await pageOf(agent.backend, { requesterId: customer.uid, statuses: ['on_hold'], limit: 10 });
        expect(held.tickets.map((t) => t.id)).toEqual([newer.id]);
        const unassigned = await pageOf(agent.backend, { requesterId: customer.uid, assigneeId: null, limit: 10 });
        expect(unassigned.tickets).toHaveLength(2);
      });

      test('shows a new ticket in a staff queue live', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const pages: TicketPage[] = [];
        let fail: ErrorShape | undefined;
        const stop = agent.backend.tickets.watchList(
          { limit: 100 },
          (page) => pages.push(page),
          (error) => {
            fail = error;
          },
        );
        try {
          await waitUntil(() => pages.length > 0 || fail !== undefined, LIVE_TIMEOUT_MS);
          const ticket = await customer.backend.tickets.create(newRequest('Fresh off the press'));
          await waitUntil(() => pages.some((p) => p.tickets.some((t) => t.id === ticket.id)), LIVE_TIMEOUT_MS);
          expect(fail).toBeUndefined();
        } finally {
          stop();
        }
      });

      test('orders a queue by each sort field both ways, ties broken by id', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const first = await customer.backend.tickets.create(newRequest('Sorted first'));
        await sleep(TICK_MS);
        const second = await customer.backend.tickets.create(newRequest('Sorted second'));
        await sleep(TICK_MS);
        const third = await customer.backend.tickets.create(newRequest('Sorted third'));
        await sleep(TICK_MS);
        // A public reply moves the first's last reply and activity; a note moves only the second's activity.
        await customer.backend.messages.add(first.id, { id: clientId(), body: 'Any news?', internal: false });
        await sleep(TICK_MS);
        await agent.backend.messages.add(second.id, { id: clientId(), body: 'Checking the logs.', internal: true });
        // `slaDueAt` depends on the time of day (business hours): its order has its own test
        // (sla-contract); the fields' sort slots theirs (fields-contract).
        const ascending: Record<Exclude<TicketSortField, 'slaDueAt' | 'fieldSortA' | 'fieldSortB'>, string[]> = {
          createdAt: [first.id, second.id, third.id],
          lastMessageAt: [second.id, third.id, first.id],
          updatedAt: [third.id, first.id, second.id],
        };
        for (const field of ['createdAt', 'lastMessageAt', 'updatedAt'] as const) {
          for (const direction of ['asc', 'desc'] as const) {
            const page = await pageOf(agent.backend, {
              requesterId: customer.uid,
              limit: 10,
              sort: { field, direction },
            });
            const expected = direction === 'asc' ? ascending[field] : [...ascending[field]].reverse();
            expect({ field, direction, ids: page.tickets.map((t) => t.id) }).toEqual({
              field,
              direction,
              ids: expected,
            });
            expect(isOrdered(page.tickets, { field, direction })).toBe(true);
            expect(page).toMatchObject({ hasMore: false, nextCursor: null });
          }
        }
        const own = await pageOf(customer.backend, { limit: 10, sort: { field: 'lastMessageAt', direction: 'desc' } });
        expect(own.tickets.map((t) => t.id)).toEqual([...ascending.lastMessageAt].reverse());
      });

      test('pages with a cursor without repeating or skipping, even when a ticket arrives between pages', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const made: Ticket[] = [];
        for (let i = 0; i < 5; i += 1) {
          made.push(await customer.backend.tickets.create(newRequest(`Paged request ${i}`)));
          await sleep(TICK_MS);
        }
        for (const direction of ['desc', 'asc'] as const) {
          const sort = { field: 'createdAt', direction } as const;
          const query = { requesterId: customer.uid, limit: 2, sort };
          const before = [...made];
          const beforeIds = before.map((t) => t.id);
          // Each page as the order says it must be; a page is awaited until it is (a client's
          // first answer may come from its cache while the server is slow — on the emulators
          // under load — and the cache holds only the rows this client has seen).
          const pageAt = (expected: string[], after?: TicketPage['nextCursor']) =>
            pageOf(
              agent.backend,
              after ? { ...query, after } : query,
              (found) => found.tickets.map((t) => t.id).join() === expected.join(),
            );
          const firstIds = direction === 'desc' ? [...beforeIds].reverse() : beforeIds;
          let page = await pageAt(firstIds.slice(0, 2));
          const last = page.tickets.at(-1);
          expect(page.hasMore).toBe(true);
          expect(page.nextCursor).toEqual({ value: last?.createdAt, id: last?.id });
          const seen = page.tickets.map((t) => t.id);
          // Newer than every row: before the cursor in descending order, after it in ascending.
          const arrived = await customer.backend.tickets.create(newRequest(`Arrived while paging ${direction}`));
          made.push(arrived);
          const expected = direction === 'desc' ? firstIds : [...beforeIds, arrived.id];
          while (page.nextCursor) {
            page = await pageAt(expected.slice(seen.length, seen.length + 2), page.nextCursor);
            seen.push(...page.tickets.map((t) => t.id));
          }
          expect(page).toMatchObject({ hasMore: false, nextCursor: null });
          expect(seen).toEqual(expected);
        }
      });

      test('refuses a customer ordering by last activity, which internal notes move', async () => {
        const customer = await person('customer');
        const older = await customer.backend.tickets.create(newRequest('Older of mine'));
        await sleep(TICK_MS);
        const newer = await customer.backend.tickets.create(newRequest('Newer of mine'));
        await expect(
          pageOf(customer.backend, { limit: 10, sort: { field: 'updatedAt', direction: 'desc' } }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        const byCreation = await pageOf(customer.backend, {
          limit: 10,
          sort: { field: 'createdAt', direction: 'asc' },
        });
        expect(byCreation.tickets.map((t) => t.id)).toEqual([older.id, newer.id]);
      });

      /** A word no other test uses (letters only, so that it is one search word). */
      const uniqueWord = (stem: string): string =>
        `${stem}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

      /** Every page of a query, following the cursors; the ids in order. */
      async function allPages(backend: Backend, query: Parameters<Backend['tickets']['watchList']>[0]) {
        let page = await pageOf(backend, query);
        const ids = page.tickets.map((t) => t.id);
        while (page.nextCursor) {
          page = await pageOf(backend, { ...query, after: page.nextCursor });
          ids.push(...page.tickets.map((t) => t.id));
        }
        return ids;
      }

      test('finds tickets by number, subject word prefix, requester name and email (search keys)', async () => {
        const agent = await person('agent');
        const surname = uniqueWord('Quix');
        const email = uniqueEmail('zoe');
        const requester = await h().newClient();
        await requester.auth.signUp({ displayName: `Zoë ${surname}`, email, password: PASSWORD });
        const word = uniqueWord('Frob');
        const mine = await requester.tickets.create(newRequest(`Printer ${word} jammed`));
        const other = await requester.tickets.create(newRequest('Something unrelated entirely'));
        await searchable(agent.backend, word, [mine.id]);
        await searchable(agent.backend, email, [mine.id, other.id]);
        const search = async (text: string) =>
          (await pageOf(agent.backend, { search: text, limit: 100 })).tickets.map((t) => t.id).sort();

        // A word prefix, in any case: search as you type.
        await expect(search(word.slice(0, 6).toUpperCase())).resolves.toContain(mine.id);
        await expect(search(word)).resolves.toEqual([mine.id]);
        await expect(search(`printer ${word.toLowerCase()}`)).resolves.toEqual([mine.id]);
        // The requester's name, diacritics folded, and their email whole or its local part.
        await expect(search(surname.slice(0, 9))).resolves.toEqual([mine.id, other.id].sort());
        await expect(search(`zoe ${surname}`)).resolves.toEqual([mine.id, other.id].sort());
        await expect(search(email.toUpperCase())).resolves.toEqual([mine.id, other.id].sort());
        await expect(search(email.slice(0, email.indexOf('@')))).resolves.toEqual([mine.id, other.id].sort());
        // The number, with or without `#`: the ticket is found, with nothing that lacks the number.
        for (const text of [`#${mine.number}`, String(mine.number)]) {
          const page = await pageOf(agent.backend, { search: text, limit: 100 });
          expect(page.tickets.map((t) => t.id)).toContain(mine.id);
          expect(page.tickets.map((t) => t.id)).not.toContain(other.id);
        }
        // No ticket carries its search keys across the port.
        expect(Object.keys(mine)).not.toContain('searchKeys');
        const [found] = (await pageOf(agent.backend, { search: word, limit: 1 })).tickets;
        expect(found).toEqual(await agent.backend.tickets.get(mine.id));
        expect(Object.keys(found ?? {})).not.toContain('searchKeys');
        // Single letters search nothing: the whole queue, not an empty one.
        const all = await pageOf(agent.backend, { search: 'a', limit: 1 });
        expect(all.tickets).toHaveLength(1);
      });

      test('combines a search with status, priority, category and assignee filters', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const word = uniqueWord('Combo');
        const urgent = await customer.backend.tickets.create({ ...newRequest(`${word} urgent`), priority: 'urgent' });
        const assigned = await customer.backend.tickets.create({
          ...newRequest(`${word} assigned`),
          category: 'Billing',
        });
        const held = await customer.backend.tickets.create(newRequest(`${word} held`));
        await agent.backend.tickets.update(assigned.id, { assigneeId: agent.uid });
        await agent.backend.tickets.transition(held.id, 'hold');
        await searchable(agent.backend, word, [urgent.id, assigned.id, held.id]);
        // A staff search reads trusted code's copies on Firebase, a moment behind the tickets
        // (DESIGN §3 "Search"): wait until they hold the assignment and the hold.
        await pageOf(
          agent.backend,
          { search: word, assigneeId: agent.uid, limit: 100 },
          (page) => page.tickets.length === 1,
        );
        await pageOf(
          agent.backend,
          { search: word, statuses: ['on_hold'], limit: 100 },
          (page) => page.tickets.length === 1,
        );
        const ids = async (filter: TicketFilter) =>
          (await pageOf(agent.backend, { ...filter, search: word, limit: 100 })).tickets.map((t) => t.id).sort();

        await expect(ids({})).resolves.toEqual([urgent.id, assigned.id, held.id].sort());
        await expect(ids({ priority: 'urgent' })).resolves.toEqual([urgent.id]);
        await expect(ids({ category: 'Billing' })).resolves.toEqual([assigned.id]);
        await expect(ids({ assigneeId: agent.uid })).resolves.toEqual([assigned.id]);
        await expect(ids({ assigneeId: null })).resolves.toEqual([urgent.id, held.id].sort());
        await expect(ids({ statuses: ['on_hold'] })).resolves.toEqual([held.id]);
        await expect(ids({ statuses: ['new', 'open'], priority: 'normal' })).resolves.toEqual([assigned.id]);
        await expect(ids({ statuses: ['new'], priority: 'normal' })).resolves.toEqual([]);
        // The same filters without a search, narrowed to this customer.
        const own = await pageOf(agent.backend, { requesterId: customer.uid, priority: 'urgent', limit: 100 });
        expect(own.tickets.map((t) => t.id)).toEqual([urgent.id]);
        await expect(
          firstValue<number>((next, fail) =>
            agent.backend.tickets.watchCount({ search: word, assigneeId: null }, next, fail),
          ),
        ).resolves.toBe(2);
        await expect(
          firstValue<number>((next, fail) =>
            agent.backend.tickets.watchCount({ requesterId: customer.uid, priority: 'urgent' }, next, fail),
          ),
        ).resolves.toBe(1);
      });

      test('finds a ticket by any prefix of its requester’s email, a half-typed address included', async () => {
        const [agent, requester] = await Promise.all([person('agent'), person('customer')]);
        const ticket = await requester.backend.tickets.create(newRequest(`${uniqueWord('Address')} ticket`));
        const email = requester.email.toLowerCase();
        const at = email.indexOf('@');
        // `name@exam`: the local part, its @ and part of the domain (uniqueEmail makes the local part unique).
        await searchable(agent.backend, email.slice(0, at + 5), [ticket.id]);
        await searchable(agent.backend, email.slice(0, at + 1), [ticket.id]);
        await searchable(agent.backend, email, [ticket.id]);
      });

      test('filters by tag, keeps the other search keys when tags change, and refuses tag with search', async () => {
        const [agent, requester] = await Promise.all([person('agent'), person('customer')]);
        const word = uniqueWord('Tagged');
        const tag = uniqueWord('vip-');
        const ticket = await requester.backend.tickets.create(newRequest(`${word} ticket`));
        await agent.backend.tickets.update(ticket.id, { tags: [tag, 'billing'] });
        const byTag = await pageOf(agent.backend, { tag, limit: 100 }, (page) => page.tickets.length > 0);
        expect(byTag.tickets.map((t) => t.id)).toEqual([ticket.id]);
        // A typed `#tag` is a word search, never the tag's key.
        const typed = await pageOf(agent.backend, { search: `#${tag}`, limit: 100 });
        expect(typed.tickets.map((t) => t.id)).not.toContain(ticket.id);
        // The email keys written at creation survive the tag change.
        await searchable(agent.backend, requester.email, [ticket.id]);
        await agent.backend.tickets.update(ticket.id, { tags: ['billing'] });
        await expect(
          pageOf(agent.backend, { tag, limit: 100 }, (page) => page.tickets.length === 0),
        ).resolves.toMatchObject({
          tickets: [],
        });
        await expect(pageOf(agent.backend, { tag: 'billing', search: word, limit: 10 })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      });

      test('finds words of the conversation: public replies for everyone who may see the ticket, internal notes for staff only', async () => {
        const [agent, customer, stranger] = await Promise.all([
          person('agent'),
          person('customer'),
          person('customer'),
        ]);
        const [described, replied, answered, noted] = [
          uniqueWord('Described'),
          uniqueWord('Replied'),
          uniqueWord('Answered'),
          uniqueWord('Noted'),
        ];
        const orderNumber = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
        const ticket = await customer.backend.tickets.create({
          ...newRequest(`${uniqueWord('Conversation')} ticket`),
          description: `It broke again, ${described}.`,
        });
        await agent.backend.messages.add(ticket.id, {
          id: clientId(),
          body: `Your order ORD-${orderNumber} is ${replied}.`,
          internal: false,
        });
        await customer.backend.messages.add(ticket.id, {
          id: clientId(),
          body: `Thanks, ${answered}!`,
          internal: false,
        });
        await agent.backend.messages.add(ticket.id, {
          id: clientId(),
          body: `Refund via ${noted} only.`,
          internal: true,
        });

        // Public replies (the description and the requester's own included): the agent and the customer.
        for (const word of [described, replied, answered, `#${orderNumber}`, orderNumber]) {
          await searchable(agent.backend, word, [ticket.id]);
          await searchable(customer.backend, word, [ticket.id]);
        }
        // An internal note's word: the agent finds it; the customer never does, nor counts it.
        await searchable(agent.backend, noted, [ticket.id]);
        await expect(pageOf(customer.backend, { search: noted, limit: 100 })).resolves.toMatchObject({ tickets: [] });
        await expect(
          firstValue<number>((next, fail) => customer.backend.tickets.watchCount({ search: noted }, next, fail)),
        ).resolves.toBe(0);
        // Someone else's ticket stays someone else's, whatever its words.
        await expect(pageOf(stranger.backend, { search: replied, limit: 100 })).resolves.toMatchObject({ tickets: [] });
        // A word of the conversation combines with the view's filters as the subject's words do.
        await expect(pageOf(agent.backend, { search: noted, statuses: ['solved'], limit: 100 })).resolves.toMatchObject(
          { tickets: [] },
        );
        await expect(
          firstValue<number>((next, fail) => agent.backend.tickets.watchCount({ search: noted }, next, fail)),
        ).resolves.toBe(1);
        // Later words are found as they are written.
        const later = uniqueWord('Later');
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: `Also ${later}.`, internal: true });
        await searchable(agent.backend, later, [ticket.id]);
      });

      test('gives customers only their own tickets under a search', async () => {
        const [a, b] = await Promise.all([person('customer'), person('customer')]);
        const word = uniqueWord('Shared');
        const theirs = await a.backend.tickets.create(newRequest(`${word} of A`));
        const own = await b.backend.tickets.create(newRequest(`${word} of B`));
        await searchable(a.backend, word, [theirs.id]);
        const page = await pageOf(b.backend, { search: word, limit: 100 }, (found) => found.tickets.length > 0);
        expect(page.tickets.map((t) => t.id)).toEqual([own.id]);
        await expect(pageOf(b.backend, { search: word, requesterId: a.uid, limit: 10 })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(
          firstValue<number>((next, fail) => b.backend.tickets.watchCount({ search: word }, next, fail)),
        ).resolves.toBe(1);
      });

      test('pages a search with cursors in every order without repeating or skipping', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const word = uniqueWord('Paged');
        const made: Ticket[] = [];
        for (let i = 0; i < 5; i += 1) {
          made.push(await customer.backend.tickets.create(newRequest(`${word} number ${i}`)));
          await sleep(TICK_MS);
        }
        await searchable(
          agent.backend,
          word,
          made.map((t) => t.id),
        );
        for (const direction of ['desc', 'asc'] as const) {
          const ids = await allPages(agent.backend, {
            search: word,
            limit: 2,
            sort: { field: 'createdAt', direction },
          });
          const expected = made.map((t) => t.id);
          expect(ids).toEqual(direction === 'asc' ? expected : [...expected].reverse());
        }
        const byActivity = await allPages(agent.backend, {
          search: word,
          limit: 2,
          sort: { field: 'updatedAt', direction: 'desc' },
        });
        expect([...byActivity].sort()).toEqual(made.map((t) => t.id).sort());
      });

      test('counts a queue view live: up when a request arrives, down when it leaves the view', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const unassigned = liveValues<number>((next, fail) =>
          agent.backend.tickets.watchCount({ statuses: [...UNSOLVED_STATUSES], assigneeId: null }, next, fail),
        );
        const mine = liveValues<number>((next, fail) =>
          agent.backend.tickets.watchCount({ statuses: [...UNSOLVED_STATUSES], assigneeId: agent.uid }, next, fail),
        );
        try {
          const initial = await unassigned.waitFor(() => true);
          await mine.waitFor((n) => n === 0);
          const ticket = await customer.backend.tickets.create(newRequest('Count me in'));
          await unassigned.waitFor((n) => n === initial + 1);
          await agent.backend.tickets.update(ticket.id, { assigneeId: agent.uid });
          await unassigned.waitFor((n) => n === initial);
          await mine.waitFor((n) => n === 1);
          await agent.backend.tickets.transition(ticket.id, 'solve');
          await mine.waitFor((n) => n === 0);
        } finally {
          unassigned.stop();
          mine.stop();
        }
      });

      test('counts only a customer’s own tickets', async () => {
        const [a, b] = await Promise.all([person('customer'), person('customer')]);
        await a.backend.tickets.create(newRequest('Counted for A'));
        await b.backend.tickets.create(newRequest('Counted for B 1'));
        await b.backend.tickets.create(newRequest('Counted for B 2'));
        const count = (filter: TicketFilter) =>
          firstValue<number>((next, fail) => b.backend.tickets.watchCount(filter, next, fail));
        await expect(count({})).resolves.toBe(2);
        await expect(count({ statuses: ['new'] })).resolves.toBe(2);
        await expect(count({ statuses: ['open', 'solved'] })).resolves.toBe(0);
        await expect(count({ requesterId: a.uid })).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('submits a request with client ids once, however often it is retried, and refuses another’s id', async () => {
        const [customer, other] = await Promise.all([person('customer'), person('customer')]);
        const input = { ...newRequest('Submitted on a flaky network'), id: clientId(), messageId: clientId() };
        const ticket = await customer.backend.tickets.create(input);
        expect(ticket).toMatchObject({ id: input.id, status: 'new', requesterId: customer.uid });
        await expect(customer.backend.tickets.create(input)).resolves.toMatchObject({
          id: input.id,
          number: ticket.number,
        });
        const messages = await messagesOf(customer.backend, input.id);
        expect(messages.map((m) => m.id)).toEqual([input.messageId]);
        await expect(
          other.backend.tickets.create({ ...newRequest('Taking that id'), id: input.id }),
        ).rejects.toMatchObject({ code: 'already-exists' });
        await expect(customer.backend.tickets.get(input.id)).resolves.toMatchObject({ subject: input.subject });
        await expect(
          customer.backend.tickets.create({
            ...newRequest('Files without ids'),
            attachments: [{ path: 'tickets/x/y/a.txt', name: 'a.txt', size: 1, contentType: 'text/plain' }],
          }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
      });

      test('replies and sets the next status in one step, with its audit event', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Reply and set pending'));
        const reply = await agent.backend.messages.add(ticket.id, {
          id: clientId(),
          body: 'Which browser do you use?',
          internal: false,
          event: 'await_customer',
          expectedUpdatedAt: ticket.updatedAt,
        });
        const after = await agent.backend.tickets.get(ticket.id);
        expect(after).toMatchObject({ status: 'pending', lastMessageBy: 'agent' });
        expect(after.firstResponseAt).toEqual(expect.any(String));
        const events = await firstValue<AuditEvent[]>(
          (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
          (list) => list.some((e) => e.type === 'status' && e.to === 'pending'),
        );
        expect(events.find((e) => e.type === 'status' && e.to === 'pending')).toMatchObject({
          from: 'new',
          actorId: agent.uid,
        });
        await expect(messagesOf(customer.backend, ticket.id)).resolves.toEqual(
          expect.arrayContaining([expect.objectContaining({ id: reply.id })]),
        );
      });

      test('writes no message when the event that goes with it is refused', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Refused in one piece'));
        await expect(
          agent.backend.messages.add(ticket.id, {
            id: clientId(),
            body: 'Reopening?',
            internal: false,
            event: 'reopen',
          }),
        ).rejects.toMatchObject({ code: 'failed-precondition' });
        await expect(
          customer.backend.messages.add(ticket.id, { id: clientId(), body: 'Hold it', internal: false, event: 'hold' }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        expect(await messagesOf(agent.backend, ticket.id)).toHaveLength(1);
        await expect(agent.backend.tickets.get(ticket.id)).resolves.toMatchObject({
          status: 'new',
          updatedAt: ticket.updatedAt,
          lastMessageAt: ticket.lastMessageAt,
        });
      });

      test('lets a requester’s reply with an event replace the automatic reopen', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Fixed it myself'));
        await agent.backend.messages.add(ticket.id, {
          id: clientId(),
          body: 'Does clearing the cache help?',
          internal: false,
          event: 'await_customer',
        });
        await customer.backend.messages.add(ticket.id, {
          id: clientId(),
          body: 'Yes, all good now.',
          internal: false,
          event: 'solve',
        });
        await expect(customer.backend.tickets.get(ticket.id)).resolves.toMatchObject({ status: 'solved' });
        const events = await firstValue<AuditEvent[]>(
          (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
          (list) => list.some((e) => e.type === 'status' && e.to === 'solved'),
        );
        const moves = events.filter((e) => e.type === 'status').map((e) => `${e.from}>${e.to}`);
        expect(moves).toEqual(['null>new', 'new>pending', 'pending>solved']);
      });

      test('refuses a stale status change, field change or reply-with-event as aborted, changing nothing', async () => {
        const [customer, agent, colleague] = await Promise.all([person('customer'), person('agent'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Two agents, one ticket'));
        const seen = await agent.backend.tickets.get(ticket.id);
        await sleep(TICK_MS);
        await colleague.backend.tickets.update(ticket.id, { priority: 'high' });
        const current = await agent.backend.tickets.get(ticket.id);
        expect(current.updatedAt).not.toBe(seen.updatedAt);
        const stale = { expectedUpdatedAt: seen.updatedAt };

        await expect(agent.backend.tickets.transition(ticket.id, 'hold', stale)).rejects.toMatchObject({
          code: 'aborted',
        });
        await expect(agent.backend.tickets.update(ticket.id, { priority: 'low' }, stale)).rejects.toMatchObject({
          code: 'aborted',
        });
        await expect(
          agent.backend.messages.add(ticket.id, {
            id: clientId(),
            body: 'Putting this on hold.',
            internal: false,
            event: 'hold',
            ...stale,
          }),
        ).rejects.toMatchObject({ code: 'aborted' });
        // (Less the SLA record, which trusted code writes a moment after any write on Firebase.)
        const { sla: _sla, slaDueAt: _due, ...unchanged } = current;
        await expect(agent.backend.tickets.get(ticket.id)).resolves.toMatchObject(unchanged);
        expect((await agent.backend.tickets.get(ticket.id)).updatedAt).toBe(current.updatedAt);
        expect(await messagesOf(agent.backend, ticket.id)).toHaveLength(1);

        // Only a status change is guarded: a plain reply never overwrites anyone's change.
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: 'Looking.', internal: false, ...stale });
        const fresh = await agent.backend.tickets.get(ticket.id);
        await expect(
          agent.backend.tickets.transition(ticket.id, 'hold', { expectedUpdatedAt: fresh.updatedAt }),
        ).resolves.toMatchObject({ status: 'on_hold' });
      });

      test('opens a new ticket when it is assigned, with both audit events, and leaves other statuses alone', async () => {
        const [customer, agent, colleague] = await Promise.all([person('customer'), person('agent'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Assign me'));
        const assigned = await agent.backend.tickets.update(ticket.id, { assigneeId: agent.uid });
        expect(assigned).toMatchObject({ status: 'open', assigneeId: agent.uid, assigneeName: agent.displayName });
        await expectTakenAndOpened(agent, ticket.id);
        await agent.backend.tickets.transition(ticket.id, 'await_customer');
        await expect(agent.backend.tickets.update(ticket.id, { assigneeId: colleague.uid })).resolves.toMatchObject({
          status: 'pending',
          assigneeId: colleague.uid,
        });
      });

      test('hides internal notes from customers and shows them to staff', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Where is my refund?'));
        const note = await agent.backend.messages.add(ticket.id, {
          id: clientId(),
          body: 'Refund stuck at the bank — do not promise a date.',
          internal: true,
        });
        expect(note).toMatchObject({ internal: true, authorId: agent.uid, authorRole: 'agent' });
        const staffView = await messagesOf(agent.backend, ticket.id, (m) => m.length === 2);
        expect(staffView.map((m) => m.id)).toContain(note.id);
        const customerView = await messagesOf(customer.backend, ticket.id);
        expect(customerView.map((m) => m.id)).not.toContain(note.id);
        expect(customerView.every((m) => !m.internal)).toBe(true);
      });

      test('refuses an internal note from a customer', async () => {
        const customer = await person('customer');
        const ticket = await customer.backend.tickets.create(newRequest('Trying to whisper'));
        await expect(
          customer.backend.messages.add(ticket.id, { id: clientId(), body: 'secret', internal: true }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('refuses a reply on someone else’s ticket', async () => {
        const [owner, stranger] = await Promise.all([person('customer'), person('customer')]);
        const ticket = await owner.backend.tickets.create(newRequest('Mine alone'));
        await expect(
          stranger.backend.messages.add(ticket.id, { id: clientId(), body: 'Me too!', internal: false }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('follows the lifecycle table for staff and refuses what it forbids', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Lifecycle walk'));
        await expect(customer.backend.tickets.transition(ticket.id, 'hold')).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(agent.backend.tickets.transition(ticket.id, 'reopen')).rejects.toMatchObject({
          code: 'failed-precondition',
        });
        await expect(agent.backend.tickets.transition(ticket.id, 'open')).resolves.toMatchObject({ status: 'open' });
        await expect(agent.backend.tickets.transition(ticket.id, 'await_customer')).resolves.toMatchObject({
          status: 'pending',
        });
        await expect(agent.backend.tickets.transition(ticket.id, 'hold')).resolves.toMatchObject({ status: 'on_hold' });
        await expect(customer.backend.tickets.transition(ticket.id, 'solve')).resolves.toMatchObject({
          status: 'solved',
        });
        await expect(customer.backend.tickets.transition(ticket.id, 'reopen')).resolves.toMatchObject({
          status: 'open',
        });
        const events = await firstValue<AuditEvent[]>(
          (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
          (e) => e.some((event) => event.type === 'status' && event.to === 'open' && event.from === 'solved'),
        );
        const moves = events.filter((e) => e.type === 'status' && e.from !== null).map((e) => `${e.from}>${e.to}`);
        expect(moves).toEqual(['new>open', 'open>pending', 'pending>on_hold', 'on_hold>solved', 'solved>open']);
      });

      test('makes an agent who solves an unassigned ticket its assignee', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Solve me'));
        const solved = await agent.backend.tickets.transition(ticket.id, 'solve');
        expect(solved).toMatchObject({ status: 'solved', assigneeId: agent.uid, assigneeName: agent.displayName });
        expect(solved.solvedAt).toEqual(expect.any(String));
        const reopened = await customer.backend.tickets.transition(ticket.id, 'reopen');
        expect(reopened.solvedAt).toBeUndefined();
      });

      test('opens a new ticket on an agent’s public reply and makes them its assignee, unless the desk says not to', async () => {
        const [customer, agent, admin] = await Promise.all([person('customer'), person('agent'), person('admin')]);
        const ticket = await customer.backend.tickets.create(newRequest('Answer me'));
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: 'A note first.', internal: true });
        expect(await agent.backend.tickets.get(ticket.id)).toMatchObject({ status: 'new' });
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: 'On it.', internal: false });
        expect(await customer.backend.tickets.get(ticket.id)).toMatchObject({
          status: 'open',
          assigneeId: agent.uid,
          assigneeName: agent.displayName,
          lastMessageBy: 'agent',
        });
        await expectTakenAndOpened(agent, ticket.id);

        const settings = await firstValue<DeskSettings>((next, fail) => admin.backend.settings.watch(next, fail));
        expect(settings.assignOnReply).toBe(true);
        await admin.backend.settings.save({ ...settings, assignOnReply: false });
        try {
          await firstValue<DeskSettings>(
            (next, fail) => agent.backend.settings.watch(next, fail),
            (s) => !s.assignOnReply,
          );
          const second = await customer.backend.tickets.create(newRequest('Answer me, whoever'));
          await agent.backend.messages.add(second.id, { id: clientId(), body: 'Looking.', internal: false });
          const after = await agent.backend.tickets.get(second.id);
          expect(after.status).toBe('open');
          expect(after.assigneeId).toBeUndefined();
        } finally {
          await admin.backend.settings.save({ ...settings, assignOnReply: true });
        }
      });

      test('reopens a pending ticket when its requester replies, with a status audit event', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Need more info?'));
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: 'Which browser?', internal: false });
        await agent.backend.tickets.transition(ticket.id, 'await_customer');
        await customer.backend.messages.add(ticket.id, { id: clientId(), body: 'Firefox 140.', internal: false });
        const after = await customer.backend.tickets.get(ticket.id);
        expect(after).toMatchObject({ status: 'open', lastMessageBy: 'customer' });
        expect(after.firstResponseAt).toEqual(expect.any(String));
        const events = await firstValue<AuditEvent[]>(
          (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
          (list) => list.some((e) => e.type === 'status' && e.from === 'pending' && e.to === 'open'),
        );
        expect(events.find((e) => e.from === 'pending' && e.to === 'open')).toMatchObject({
          type: 'status',
          actorId: customer.uid,
        });
      });

      test('refuses replies and changes on a closed ticket', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Closing soon'));
        await agent.backend.tickets.transition(ticket.id, 'solve');
        const closed = await agent.backend.tickets.transition(ticket.id, 'close');
        expect(closed).toMatchObject({ status: 'closed' });
        expect(closed.closedAt).toEqual(expect.any(String));
        await expect(
          customer.backend.messages.add(ticket.id, { id: clientId(), body: 'One more thing…', internal: false }),
        ).rejects.toMatchObject({ code: 'failed-precondition' });
        await expect(agent.backend.tickets.update(ticket.id, { priority: 'high' })).rejects.toMatchObject({
          code: 'failed-precondition',
        });
        await expect(agent.backend.tickets.transition(ticket.id, 'reopen')).rejects.toMatchObject({
          code: 'failed-precondition',
        });
      });

      test('stores a message once when it is added twice with the same id', async () => {
        const customer = await person('customer');
        const ticket = await customer.backend.tickets.create(newRequest('Flaky network'));
        const input = { id: clientId(), body: 'Sent twice by a retry', internal: false };
        const first = await customer.backend.messages.add(ticket.id, input);
        const second = await customer.backend.messages.add(ticket.id, input);
        expect(second).toEqual(first);
        const messages = await messagesOf(customer.backend, ticket.id);
        expect(messages.filter((m) => m.id === input.id)).toHaveLength(1);
      });

      test('lets only staff change ticket fields, auditing each change', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Please triage me'));
        await expect(customer.backend.tickets.update(ticket.id, { priority: 'urgent' })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(agent.backend.tickets.update(ticket.id, { assigneeId: customer.uid })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        await expect(agent.backend.tickets.update(ticket.id, { tags: ['Not Valid'] })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        const updated = await agent.backend.tickets.update(ticket.id, {
          priority: 'high',
          tags: ['vip', 'billing'],
          assigneeId: agent.uid,
        });
        expect(updated).toMatchObject({
          priority: 'high',
          tags: ['vip', 'billing'],
          assigneeId: agent.uid,
          assigneeName: agent.displayName,
        });
        const events = await firstValue<AuditEvent[]>(
          (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
          (list) => list.some((e) => e.type === 'assignee'),
        );
        expect(
          events
            .filter((e) => e.type !== 'status')
            .map((e) => e.type)
            .sort(),
        ).toEqual(['assignee', 'priority', 'tags']);
        expect(events.find((e) => e.type === 'priority')).toMatchObject({
          from: 'normal',
          to: 'high',
          actorId: agent.uid,
        });
      });

      test('keeps people lists and audit trails from customers', async () => {
        const [customer, other] = await Promise.all([person('customer'), person('customer')]);
        const ticket = await customer.backend.tickets.create(newRequest('Who can see this?'));
        await expect(customer.backend.users.get(customer.uid)).resolves.toMatchObject({ uid: customer.uid });
        await expect(customer.backend.users.get(other.uid)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(
          firstValue<UserProfile[]>((next, fail) => customer.backend.users.watchStaff(next, fail)),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(customer.backend.users.list({ limit: 10 })).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(customer.backend.users.list({ search: other.email, limit: 1 })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(
          firstValue<AuditEvent[]>((next, fail) => customer.backend.tickets.watchEvents(ticket.id, next, fail)),
        ).rejects.toMatchObject({ code: 'permission-denied' });
      });

      /** Letters only, so that it is one search word no other test uses. */
      const uniqueName = (stem: string): string =>
        `${stem}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

      /** Signs up a customer with this name on a new client; their uid and email. */
      async function signUpNamed(displayName: string): Promise<{ uid: string; email: string }> {
        const client = await h().newClient();
        const email = uniqueEmail('person');
        const { uid } = await client.auth.signUp({ displayName, email, password: PASSWORD });
        return { uid, email };
      }

      /** Polls a people search until its uids are `uids` (Firebase's keys come from a trigger). */
      async function peopleFound(backend: Backend, query: PeopleQuery, uids: string[]): Promise<void> {
        const wanted = [...uids].sort().join();
        const deadline = Date.now() + LIVE_TIMEOUT_MS;
        for (;;) {
          const found = (await backend.users.list(query)).people.map((p) => p.uid);
          if (found.sort().join() === wanted) return;
          if (Date.now() > deadline) throw new Error(`${JSON.stringify(query)} found ${found.join()}, not ${wanted}`);
          await sleep(100);
        }
      }

      test('lists the staff live, by name, without customers (a bounded query)', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const staff = liveValues<UserProfile[]>((next, fail) => agent.backend.users.watchStaff(next, fail));
        try {
          const first = await staff.waitFor((list) => list.some((u) => u.uid === agent.uid));
          expect(first.some((u) => u.uid === customer.uid)).toBe(false);
          expect(first.every((u) => u.role === 'agent' || u.role === 'admin')).toBe(true);
          expect(first.length).toBeLessThanOrEqual(STAFF_LIST_LIMIT);
          const names = first.map((u) => u.displayName);
          expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
          // A promotion shows on the live list, a demotion takes the person off it.
          await admin.backend.users.setRole(customer.uid, 'agent');
          await staff.waitFor((list) => list.some((u) => u.uid === customer.uid && u.role === 'agent'));
          await admin.backend.users.setRole(customer.uid, 'customer');
          await staff.waitFor((list) => !list.some((u) => u.uid === customer.uid));
        } finally {
          staff.stop();
        }
        await expect(agent.backend.users.get(customer.uid)).resolves.toMatchObject({ role: 'customer' });
      });

      test('finds people by name prefix or email as typed, by role, in cursor pages', async () => {
        const [admin, agent] = await Promise.all([person('admin'), person('agent')]);
        const surname = uniqueName('Quorn');
        const [ana, bea, cy] = await Promise.all([
          signUpNamed(`Ana ${surname}`),
          signUpNamed(`Béa ${surname}`),
          signUpNamed(`Cy ${surname}`),
        ]);
        await peopleFound(agent.backend, { search: surname, limit: 10 }, [ana.uid, bea.uid, cy.uid]);

        // A prefix in any case, names in order; two per page with a cursor to the rest.
        const first = await agent.backend.users.list({ search: surname.slice(0, 7).toUpperCase(), limit: 2 });
        expect(first.people.map((p) => p.uid)).toEqual([ana.uid, bea.uid]);
        expect(first.nextCursor).toEqual({ displayName: `Béa ${surname}`, uid: bea.uid });
        const second = await agent.backend.users.list({ search: surname, limit: 2, after: first.nextCursor });
        expect(second.people.map((p) => p.uid)).toEqual([cy.uid]);
        expect(second.nextCursor).toBeNull();
        // Diacritics folded, two words (the longer one is looked up), the email whole or as it is typed.
        await expect(agent.backend.users.list({ search: `bea ${surname}`, limit: 10 })).resolves.toMatchObject({
          people: expect.arrayContaining([expect.objectContaining({ uid: bea.uid })]),
        });
        const typedEmail = cy.email.slice(0, cy.email.indexOf('@') + 4).toUpperCase();
        for (const text of [cy.email, typedEmail]) {
          const { people } = await agent.backend.users.list({ search: text, limit: 10 });
          expect(people.map((p) => p.uid)).toEqual([cy.uid]);
        }
        // A role narrows a search; no search keys cross the port.
        await admin.backend.users.setRole(bea.uid, 'agent');
        await peopleFound(agent.backend, { search: surname, role: 'agent', limit: 10 }, [bea.uid]);
        await peopleFound(agent.backend, { search: surname, role: 'customer', limit: 10 }, [ana.uid, cy.uid]);
        const { people } = await agent.backend.users.list({ search: surname, limit: 10 });
        for (const found of people) expect(Object.keys(found)).not.toContain('searchKeys');
        expect(people.find((p) => p.uid === ana.uid)).toEqual(await agent.backend.users.get(ana.uid));
      });

      test('pages through everyone, or one role, by name with cursors; refuses an unbounded page', async () => {
        const agent = await person('agent');
        const seen: string[] = [];
        let page = await agent.backend.users.list({ limit: 2 });
        for (let i = 0; i < 50 && page.nextCursor; i += 1) {
          seen.push(...page.people.map((p) => p.uid));
          page = await agent.backend.users.list({ limit: 2, after: page.nextCursor });
        }
        seen.push(...page.people.map((p) => p.uid));
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toContain(agent.uid);
        const agents = await agent.backend.users.list({ role: 'agent', limit: MAX_PEOPLE_PAGE });
        expect(agents.people.every((p) => p.role === 'agent')).toBe(true);
        expect(agents.people.map((p) => p.uid)).toContain(agent.uid);
        for (const limit of [0, MAX_PEOPLE_PAGE + 1, 1.5]) {
          await expect(agent.backend.users.list({ limit })).rejects.toMatchObject({ code: 'invalid-argument' });
        }
      });

      test('finds a renamed person by the new name only', async () => {
        const agent = await person('agent');
        const [before, after] = [uniqueName('Olde'), uniqueName('Newe')];
        const client = await h().newClient();
        const { uid } = await client.auth.signUp({
          displayName: `Pat ${before}`,
          email: uniqueEmail('renamed'),
          password: PASSWORD,
        });
        await peopleFound(agent.backend, { search: before, limit: 5 }, [uid]);
        await client.users.setOwnDisplayName(`Pat ${after}`);
        await peopleFound(agent.backend, { search: after, limit: 5 }, [uid]);
        await peopleFound(agent.backend, { search: before, limit: 5 }, []);
      });

      test('lets an admin change roles, but not an agent, and not their own', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        await expect(agent.backend.users.setRole(customer.uid, 'admin')).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(customer.backend.users.setRole(customer.uid, 'admin')).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(admin.backend.users.setRole(admin.uid, 'customer')).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await admin.backend.users.setRole(customer.uid, 'agent');
        await expect(admin.backend.users.get(customer.uid)).resolves.toMatchObject({ role: 'agent' });
      });

      test('lets an admin deactivate a person: open tickets move, their next call and sign-in are refused; reactivated, they sign in again (DESIGN §1 "Deactivated people")', async () => {
        const [admin, agent, colleague, customer] = await Promise.all([
          person('admin'),
          person('agent'),
          person('agent'),
          person('customer'),
        ]);
        const held = await customer.backend.tickets.create(newRequest('Held by a leaver'));
        const solved = await customer.backend.tickets.create(newRequest('Solved by a leaver'));
        await agent.backend.tickets.update(held.id, { assigneeId: agent.uid });
        await agent.backend.tickets.update(solved.id, { assigneeId: agent.uid });
        await agent.backend.tickets.transition(solved.id, 'solve');
        await expect(
          agent.backend.users.setDeactivated({ uid: colleague.uid, deactivated: true }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(admin.backend.users.setDeactivated({ uid: admin.uid, deactivated: true })).rejects.toMatchObject({
          code: 'permission-denied',
          message: 'You cannot deactivate yourself.',
        });
        await expect(
          admin.backend.users.setDeactivated({
            uid: agent.uid,
            deactivated: true,
            openTickets: { kind: 'reassign', assigneeId: customer.uid },
          }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await expect(admin.backend.users.get(agent.uid)).resolves.not.toHaveProperty('deactivated');
        await authState(agent.backend, (change) => change.kind === 'signedIn');
        const ended = authState(agent.backend, (change) => change.kind === 'signedOut');

        await expect(
          admin.backend.users.setDeactivated({
            uid: agent.uid,
            deactivated: true,
            openTickets: { kind: 'reassign', assigneeId: colleague.uid },
          }),
        ).resolves.toEqual({ ticketsMoved: 1 });
        await expect(colleague.backend.tickets.get(held.id)).resolves.toMatchObject({ assigneeId: colleague.uid });
        // A solved ticket keeps them: that is history.
        await expect(colleague.backend.tickets.get(solved.id)).resolves.toMatchObject({ assigneeId: agent.uid });
        await expect(admin.backend.users.get(agent.uid)).resolves.toMatchObject({ deactivated: true });
        // The people list finds them under "Deactivated only" — alone, not with a search, role or organisation.
        const deactivatedPeople = async (): Promise<string[]> => {
          const uids: string[] = [];
          let page = await admin.backend.users.list({ deactivated: true, limit: 50 });
          uids.push(...page.people.map((p) => p.uid));
          while (page.nextCursor) {
            page = await admin.backend.users.list({ deactivated: true, limit: 50, after: page.nextCursor });
            uids.push(...page.people.map((p) => p.uid));
          }
          return uids;
        };
        const listed = await deactivatedPeople();
        expect(listed).toContain(agent.uid);
        expect(listed).not.toContain(colleague.uid);
        await expect(admin.backend.users.list({ deactivated: true, role: 'agent', limit: 10 })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        // Their very next call is refused (the rules tests show it with the ID token still valid),
        // and their open session is told: the app goes to the sign-in page. Refused as deactivated
        // or, once the session has ended, as signed out.
        const refused = ['permission-denied', 'unauthenticated'];
        expect(refused).toContain(await agent.backend.tickets.get(held.id).then(() => 'read', errorCode));
        await expect(ended).resolves.toMatchObject({ kind: 'signedOut' });
        expect(refused).toContain(
          await agent.backend.tickets.update(held.id, { priority: 'high' }).then(() => 'changed', errorCode),
        );
        // Nobody assigns them a ticket now; a repeated request moves nothing more.
        await expect(colleague.backend.tickets.update(held.id, { assigneeId: agent.uid })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        await expect(admin.backend.users.setDeactivated({ uid: agent.uid, deactivated: true })).resolves.toEqual({
          ticketsMoved: 0,
        });
        const client = await h().newClient();
        await expect(client.auth.signIn({ email: agent.email, password: agent.password })).rejects.toMatchObject({
          code: 'auth/user-disabled',
        });

        await admin.backend.users.setDeactivated({ uid: agent.uid, deactivated: false });
        await expect(admin.backend.users.get(agent.uid)).resolves.not.toHaveProperty('deactivated');
        expect(await deactivatedPeople()).not.toContain(agent.uid);
        await client.auth.signIn({ email: agent.email, password: agent.password });
        await expect(client.tickets.get(held.id)).resolves.toMatchObject({ assigneeId: colleague.uid });
      });

      /** The link secret of invitation `invitationId`'s `sends`-th email, read from the outgoing mail. */
      async function invitationToken(admin: TestPerson, invitationId: string, sends: number): Promise<string> {
        const mail = await firstMatch<OutgoingMail[]>(
          (next, fail) => admin.backend.mail.watchOutgoing(200, next, fail),
          (list) => list.some((item) => item.message.messageId.startsWith(`<invitation-${invitationId}-${sends}@`)),
        );
        const email = mail.find((item) => item.message.messageId.startsWith(`<invitation-${invitationId}-${sends}@`));
        expect(email).toMatchObject({ kind: 'invitation' });
        const fragment = /\/invitation(#\S+)/.exec(email?.message.text ?? '')?.[1] ?? '';
        const link = parseInvitationFragment(fragment);
        expect(link).toMatchObject({ invitationId });
        return link?.token ?? '';
      }
      test('lets admins keep organisations (one domain, one organisation, even saved at once) and put customers in them; staff read them, customers do not (DESIGN §1 "Organisations")', async () => {
        const [admin, otherAdmin, agent, customer] = await Promise.all([
          person('admin'),
          person('admin'),
          person('agent'),
          person('customer'),
        ]);
        const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const name = `Acme ${stamp}`;
        const domain = `acme-${stamp}.example`;
        const organisation = { name, domains: [`@${domain.toUpperCase()}`], notes: 'Pays yearly.' };
        await expect(agent.backend.users.saveOrganisation({ organisation })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(
          admin.backend.users.saveOrganisation({ organisation: { ...organisation, domains: ['not a domain'] } }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        const { id } = await admin.backend.users.saveOrganisation({ organisation });
        const listed = await firstValue<Organisation[]>(
          (next, fail) => agent.backend.users.watchOrganisations(next, fail),
          (rows) => rows.some((row) => row.id === id),
        );
        expect(listed.find((row) => row.id === id)).toMatchObject({ name, domains: [domain], notes: 'Pays yearly.' });
        await expect(
          firstValue<Organisation[]>((next, fail) => customer.backend.users.watchOrganisations(next, fail)),
        ).rejects.toMatchObject({ code: 'permission-denied' });

        // Two admins claiming one new domain at once: one organisation gets it.
        const contested = `contested-${stamp}.example`;
        const outcomes = await Promise.allSettled([
          admin.backend.users.saveOrganisation({ id, organisation: { name, domains: [domain, contested], notes: '' } }),
          otherAdmin.backend.users.saveOrganisation({
            organisation: { name: `Globex ${stamp}`, domains: [contested], notes: '' },
          }),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
          reason: { code: 'already-exists', message: `Another organisation already claims ${contested}.` },
        });
        await expect(
          admin.backend.users.saveOrganisation({
            organisation: { name: ` acme ${stamp} `.toUpperCase(), domains: [], notes: '' },
          }),
        ).rejects.toMatchObject({ code: 'already-exists' });

        // Membership: customers only, by admins only; staff see it on the profile.
        await expect(
          agent.backend.users.setOrganisation({ uid: customer.uid, organisationId: id }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(admin.backend.users.setOrganisation({ uid: agent.uid, organisationId: id })).rejects.toMatchObject(
          { code: 'failed-precondition' },
        );
        await expect(
          admin.backend.users.setOrganisation({ uid: customer.uid, organisationId: 'no-such-organisation' }),
        ).rejects.toMatchObject({ code: 'not-found' });
        await admin.backend.users.setOrganisation({ uid: customer.uid, organisationId: id });
        await expect(agent.backend.users.get(customer.uid)).resolves.toMatchObject({ organisationId: id });
        // The people list's organisation filter: its members only, alone or with a search or a role.
        const members = (query: Omit<PeopleQuery, 'limit'>) =>
          agent.backend.users.list({ ...query, limit: 10 }).then((page) => page.people.map((row) => row.uid));
        await expect(members({ organisationId: id })).resolves.toEqual([customer.uid]);
        await expect(members({ organisationId: id, search: customer.email })).resolves.toEqual([customer.uid]);
        await expect(members({ organisationId: id, role: 'customer' })).resolves.toEqual([customer.uid]);
        await expect(members({ organisationId: id, role: 'agent' })).resolves.toEqual([]);
        await expect(members({ organisationId: id, search: agent.email })).resolves.toEqual([]);

        // Deleted, it takes its members' membership with it.
        await expect(agent.backend.users.deleteOrganisation(id)).rejects.toMatchObject({ code: 'permission-denied' });
        await admin.backend.users.deleteOrganisation(id);
        await expect(admin.backend.users.deleteOrganisation(id)).rejects.toMatchObject({ code: 'not-found' });
        await expect(agent.backend.users.get(customer.uid)).resolves.not.toHaveProperty('organisationId');
        await firstValue<Organisation[]>(
          (next, fail) => admin.backend.users.watchOrganisations(next, fail),
          (rows) => !rows.some((row) => row.id === id),
        );
      });

      test("files a member's new ticket under their organisation for good, found by the queue's organisation filter; staff's tickets belong to none (DESIGN §1 \"Organisations\")", async () => {
        const [admin, agent, member, other] = await Promise.all([
          person('admin'),
          person('agent'),
          person('customer'),
          person('customer'),
        ]);
        const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const { id } = await admin.backend.users.saveOrganisation({
          organisation: { name: `Filed ${stamp}`, domains: [], notes: '' },
        });
        await admin.backend.users.setOrganisation({ uid: member.uid, organisationId: id });
        const filed = await member.backend.tickets.create(newRequest(`Filed request ${stamp}`));
        const unfiled = await other.backend.tickets.create(newRequest(`Unfiled request ${stamp}`));
        const byStaff = await agent.backend.tickets.create(newRequest(`Staff request ${stamp}`));
        const byOrganisation = await pageOf(agent.backend, { organisationId: id, limit: 100 }, (page) =>
          page.tickets.some((row) => row.id === filed.id),
        );
        expect(byOrganisation.tickets.map((row) => row.id)).toEqual([filed.id]);
        expect(byOrganisation.tickets[0]).toMatchObject({ organisationId: id });
        await expect(agent.backend.tickets.get(unfiled.id)).resolves.not.toHaveProperty('organisationId');
        await expect(agent.backend.tickets.get(byStaff.id)).resolves.not.toHaveProperty('organisationId');
        // With the unsolved views' statuses too (the local lanes), and never with a tag or a search.
        await expect(
          pageOf(agent.backend, { organisationId: id, statuses: ['new', 'open', 'pending', 'on_hold'], limit: 10 }),
        ).resolves.toMatchObject({ tickets: [expect.objectContaining({ id: filed.id })] });
        // The Unassigned view's own filter, in its order.
        await expect(
          pageOf(agent.backend, {
            organisationId: id,
            statuses: ['new', 'open', 'pending', 'on_hold'],
            assigneeId: null,
            sort: { field: 'updatedAt', direction: 'desc' },
            limit: 25,
          }),
        ).resolves.toMatchObject({ tickets: [expect.objectContaining({ id: filed.id })] });
        await expect(pageOf(agent.backend, { organisationId: id, tag: 'vip', limit: 10 })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        // Leaving the organisation leaves the ticket where it was filed.
        await admin.backend.users.setOrganisation({ uid: member.uid, organisationId: null });
        await agent.backend.tickets.update(filed.id, { priority: 'high' });
        await expect(agent.backend.tickets.get(filed.id)).resolves.toMatchObject({ organisationId: id });
        const later = await member.backend.tickets.create(newRequest(`Later request ${stamp}`));
        await expect(agent.backend.tickets.get(later.id)).resolves.not.toHaveProperty('organisationId');
      });

      test('lets members read, never write, each other\'s requests only while their organisation shares them; nobody else (DESIGN §1 "Organisations")', async () => {
        const [admin, agent, author, colleague, outsider] = await Promise.all([
          person('admin'),
          person('agent'),
          person('customer'),
          person('customer'),
          person('customer'),
        ]);
        const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const name = `Sharing ${stamp}`;
        const organisation = { name, domains: [], notes: 'Staff only.' };
        const { id } = await admin.backend.users.saveOrganisation({ organisation });
        const { id: otherId } = await admin.backend.users.saveOrganisation({
          organisation: { name: `Elsewhere ${stamp}`, domains: [], notes: '', shareTickets: true },
        });
        await admin.backend.users.setOrganisation({ uid: author.uid, organisationId: id });
        await admin.backend.users.setOrganisation({ uid: colleague.uid, organisationId: id });
        await admin.backend.users.setOrganisation({ uid: outsider.uid, organisationId: otherId });
        // Each member's own profile names the organisation (the app's session follows it live).
        for (const [member, organisationId] of [
          [colleague, id],
          [outsider, otherId],
        ] as const) {
          await expect(member.backend.users.get(member.uid)).resolves.toMatchObject({ organisationId });
        }
        const ticket = await author.backend.tickets.create(newRequest(`Shared request ${stamp}`));
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: `Note ${stamp}`, internal: true });
        const ofOrganisation = { organisationId: id, limit: 10 };

        // Not shared yet: a colleague reads nothing of it.
        await expect(
          firstValue(
            (next, fail) => colleague.backend.users.watchOrganisationView(id, next, fail),
            (view) => view !== null,
          ),
        ).resolves.toEqual({ id, name, shareTickets: false });
        await expect(colleague.backend.tickets.get(ticket.id)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(pageOf(colleague.backend, ofOrganisation)).rejects.toMatchObject({ code: 'permission-denied' });

        await admin.backend.users.saveOrganisation({ id, organisation: { ...organisation, shareTickets: true } });
        await firstValue<OrganisationView | null>(
          (next, fail) => colleague.backend.users.watchOrganisationView(id, next, fail),
          (view) => view?.shareTickets === true,
        );
        const shared = await pageOf(colleague.backend, ofOrganisation, (page) =>
          page.tickets.some((row) => row.id === ticket.id),
        );
        expect(shared.tickets.map((row) => row.id)).toEqual([ticket.id]);
        await expect(colleague.backend.tickets.get(ticket.id)).resolves.toMatchObject({ requesterId: author.uid });
        const seen = await messagesOf(colleague.backend, ticket.id);
        expect(seen.map((message) => message.internal)).toEqual([false]);
        // Reading only: no reply, and no list narrowed beyond the organisation.
        await expect(
          colleague.backend.messages.add(ticket.id, { id: clientId(), body: 'Me too.', internal: false }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(pageOf(colleague.backend, { ...ofOrganisation, search: 'shared' })).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        // Someone of another organisation (which shares too) reads none of it, nor its view.
        await expect(outsider.backend.tickets.get(ticket.id)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(pageOf(outsider.backend, ofOrganisation)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(
          firstValue((next, fail) => outsider.backend.users.watchOrganisationView(id, next, fail)),
        ).rejects.toMatchObject({ code: 'permission-denied' });

        // Sharing off: at once, nothing again.
        await admin.backend.users.saveOrganisation({ id, organisation: { ...organisation, shareTickets: false } });
        await firstValue<OrganisationView | null>(
          (next, fail) => colleague.backend.users.watchOrganisationView(id, next, fail),
          (view) => view?.shareTickets === false,
        );
        await expect(colleague.backend.tickets.get(ticket.id)).rejects.toMatchObject({ code: 'permission-denied' });
      });

      /** The admins' list once it shows invitation `id` as `accept` takes it. */
      function invitationListed(
        admin: TestPerson,
        id: string,
        accept: (row: Invitation) => boolean = () => true,
      ): Promise<Invitation | undefined> {
        return firstValue<Invitation[]>(
          (next, fail) => admin.backend.users.watchInvitations(next, fail),
          (rows) => rows.some((row) => row.id === id && accept(row)),
        ).then((rows) => rows.find((row) => row.id === id));
      }

      test('lets an admin invite customers on behalf of an organisation: the accepted account belongs to it, staff invited with them do not (DESIGN §1 "Organisations")', async () => {
        const admin = await person('admin');
        const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const { id: organisationId } = await admin.backend.users.saveOrganisation({
          organisation: { name: `Invited Co ${stamp}`, domains: [], notes: '' },
        });
        const [customerEmail, agentEmail] = [uniqueEmail('org-customer'), uniqueEmail('org-agent')];
        await expect(
          admin.backend.users.invite({
            invitations: [{ email: customerEmail, role: 'customer' }],
            organisationId: 'no-such-organisation',
          }),
        ).rejects.toMatchObject({ code: 'not-found' });
        const outcomes = await admin.backend.users.invite({
          invitations: [
            { email: customerEmail, role: 'customer' },
            { email: agentEmail, role: 'agent' },
          ],
          organisationId,
        });
        const ids = outcomes.map((outcome) => (outcome.outcome === 'invited' ? outcome.invitationId : ''));
        await expect(invitationListed(admin, ids[0] ?? '')).resolves.toMatchObject({
          organisationId,
          organisationName: `Invited Co ${stamp}`,
        });
        await expect(invitationListed(admin, ids[1] ?? '')).resolves.not.toHaveProperty('organisationId');

        const visitor = await h().newClient();
        for (const [index, email] of [customerEmail, agentEmail].entries()) {
          const invitationId = ids[index] ?? '';
          const token = await invitationToken(admin, invitationId, 1);
          await visitor.users.acceptInvitation({ invitationId, token, displayName: 'Org Person', password: PASSWORD });
          const profile = await visitor.auth.signIn({ email, password: PASSWORD });
          if (index === 0) expect(profile).toMatchObject({ role: 'customer', organisationId });
          else expect(profile).not.toHaveProperty('organisationId');
          await visitor.auth.signOut();
        }
      });

      test('lets an admin invite people by email: one link each, emailed; the invitee accepts once and signs in with the invited role (DESIGN §1 "Invitations")', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const invitee = uniqueEmail('invitee');
        const asked = {
          invitations: [
            { email: invitee, role: 'agent' as const },
            { email: customer.email, role: 'agent' as const },
            { email: invitee.toUpperCase(), role: 'admin' as const },
          ],
        };
        await expect(agent.backend.users.invite(asked)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(customer.backend.users.invite(asked)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(admin.backend.users.invite({ invitations: [] })).rejects.toMatchObject({
          code: 'invalid-argument',
        });

        const outcomes = await admin.backend.users.invite(asked);
        expect(outcomes).toEqual([
          { email: invitee, outcome: 'invited', invitationId: expect.any(String) },
          { email: customer.email, outcome: 'hasAccount' },
          { email: invitee, outcome: 'duplicate' },
        ]);
        const invitationId = (outcomes[0] as { invitationId: string }).invitationId;
        await expect(
          admin.backend.users.invite({ invitations: [{ email: invitee, role: 'customer' }] }),
        ).resolves.toEqual([{ email: invitee, outcome: 'alreadyInvited', invitationId }]);

        // Only admins see the list, and never the link's secret or its hash.
        await expect(
          firstValue<Invitation[]>((next, fail) => agent.backend.users.watchInvitations(next, fail)),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        const listed = await invitationListed(admin, invitationId);
        expect(listed).toMatchObject({
          email: invitee,
          role: 'agent',
          state: 'pending',
          sends: 1,
          invitedBy: admin.uid,
        });
        expect(Object.keys(listed ?? {})).not.toContain('tokenHash');

        const token = await invitationToken(admin, invitationId, 1);
        const visitor = await h().newClient();
        const acceptance = { invitationId, token, displayName: 'Invited Ivy', password: PASSWORD };
        const wrong = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
        await expect(visitor.users.acceptInvitation({ ...acceptance, token: wrong })).rejects.toMatchObject({
          code: 'not-found',
        });
        await expect(
          visitor.users.acceptInvitation({ ...acceptance, invitationId: `${invitationId}x` }),
        ).rejects.toMatchObject({ code: 'not-found' });
        await expect(visitor.users.acceptInvitation(acceptance)).resolves.toEqual({ email: invitee });
        await expect(visitor.users.acceptInvitation(acceptance)).rejects.toMatchObject({
          code: 'failed-precondition',
        });

        const profile = await visitor.auth.signIn({ email: invitee, password: PASSWORD });
        expect(profile).toMatchObject({ email: invitee, displayName: 'Invited Ivy', role: 'agent' });
        await expect(invitationListed(admin, invitationId, (row) => row.state === 'accepted')).resolves.toMatchObject({
          state: 'accepted',
          acceptedUid: profile.uid,
        });
        // The address has an account now: inviting it again sends nothing.
        await expect(admin.backend.users.invite({ invitations: [{ email: invitee, role: 'agent' }] })).resolves.toEqual(
          [{ email: invitee, outcome: 'hasAccount' }],
        );
        await expect(admin.backend.users.revokeInvitation(invitationId)).rejects.toMatchObject({
          code: 'failed-precondition',
        });
      });

      test('resending an invitation ends its old link; revoking it ends the link (DESIGN §1 "Invitations")', async () => {
        const [admin, agent] = await Promise.all([person('admin'), person('agent')]);
        const invitee = uniqueEmail('resent');
        const [outcome] = await admin.backend.users.invite({ invitations: [{ email: invitee, role: 'customer' }] });
        const invitationId = (outcome as { invitationId: string }).invitationId;
        const first = await invitationToken(admin, invitationId, 1);
        await expect(agent.backend.users.resendInvitation(invitationId)).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(agent.backend.users.revokeInvitation(invitationId)).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(admin.backend.users.resendInvitation('no-such-invitation')).rejects.toMatchObject({
          code: 'not-found',
        });

        await admin.backend.users.resendInvitation(invitationId);
        const second = await invitationToken(admin, invitationId, 2);
        expect(second).not.toBe(first);
        const visitor = await h().newClient();
        const acceptance = { invitationId, displayName: 'Resent Rae', password: PASSWORD };
        await expect(visitor.users.acceptInvitation({ ...acceptance, token: first })).rejects.toMatchObject({
          code: 'not-found',
        });
        await expect(invitationListed(admin, invitationId, (row) => row.sends === 2)).resolves.toMatchObject({
          state: 'pending',
          sends: 2,
        });

        await admin.backend.users.revokeInvitation(invitationId);
        await expect(admin.backend.users.revokeInvitation(invitationId)).resolves.toBeUndefined();
        await expect(visitor.users.acceptInvitation({ ...acceptance, token: second })).rejects.toMatchObject({
          code: 'failed-precondition',
        });
        await expect(admin.backend.users.resendInvitation(invitationId)).rejects.toMatchObject({
          code: 'failed-precondition',
        });
        await expect(invitationListed(admin, invitationId, (row) => row.state === 'revoked')).resolves.toMatchObject({
          state: 'revoked',
        });
        await expect(visitor.auth.signIn({ email: invitee, password: PASSWORD })).rejects.toMatchObject({
          code: 'auth/invalid-credential',
        });
      });

      test('tells a signed-in person when an admin changes their role', async () => {
        const [admin, customer] = await Promise.all([person('admin'), person('customer')]);
        await authState(customer.backend, (c) => c.kind === 'signedIn' && c.user.role === 'customer');
        const promoted = authState(customer.backend, (c) => c.kind === 'signedIn' && c.user.role === 'agent');
        await admin.backend.users.setRole(customer.uid, 'agent');
        await expect(promoted).resolves.toMatchObject({ kind: 'signedIn', user: { uid: customer.uid, role: 'agent' } });
      });

      test('keeps a person’s own language on their profile, and it follows their session (DESIGN §8)', async () => {
        const customer = await person('customer');
        const spoken = authState(customer.backend, (c) => c.kind === 'signedIn' && c.user.locale === 'ar');
        await customer.backend.users.setOwnLocale('ar');
        await expect(spoken).resolves.toMatchObject({ kind: 'signedIn', user: { uid: customer.uid, locale: 'ar' } });
        await expect(customer.backend.users.get(customer.uid)).resolves.toMatchObject({ locale: 'ar' });
        await expect(customer.backend.users.setOwnLocale('xx' as never)).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      });

      test('serves desk settings to everyone and lets only admins save them', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const current = await firstValue<DeskSettings>((next, fail) => customer.backend.settings.watch(next, fail));
        expect(Array.isArray(current.categories)).toBe(true);
        expect(current.closeAfterDays).toBeGreaterThan(0);
        const changed = { ...current, categories: [...current.categories.filter((c) => c !== 'Contract'), 'Contract'] };
        await expect(agent.backend.settings.save(changed)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(customer.backend.settings.save(changed)).rejects.toMatchObject({ code: 'permission-denied' });
        await admin.backend.settings.save(changed);
        await expect(
          firstValue<DeskSettings>(
            (next, fail) => agent.backend.settings.watch(next, fail),
            (s) => s.categories.includes('Contract'),
          ),
        ).resolves.toMatchObject({ closeAfterDays: current.closeAfterDays });
      });

      test('keeps custom field definitions: admins save them, staff see all, customers only theirs', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const stem = uniqueWord('f').toLowerCase();
        const order: CustomFieldDefinition = {
          key: `${stem}_order`,
          type: 'text',
          label: { en: 'Order number', ar: 'رقم الطلب' },
          visibleTo: 'customers',
          filledBy: 'customers',
          requiredOnSubmit: true,
          requiredToSolve: false,
          archived: false,
        };
        const plan: CustomFieldDefinition = {
          key: `${stem}_plan`,
          type: 'dropdown',
          label: { en: 'Plan' },
          visibleTo: 'agents',
          filledBy: 'agents',
          requiredOnSubmit: false,
          requiredToSolve: true,
          archived: false,
          options: [
            { id: 'basic', label: { en: 'Basic' }, archived: false },
            { id: 'pro', label: { en: 'Pro' }, archived: false },
          ],
        };
        const watched = (backend: Backend, accept: (fields: CustomFieldDefinition[]) => boolean) =>
          firstValue<CustomFieldDefinition[]>((next, fail) => backend.settings.watchFields(next, fail), accept);
        const stored = await watched(admin.backend, () => true);
        const mine = (fields: CustomFieldDefinition[]) => fields.filter((field) => field.key.startsWith(stem));

        await expect(agent.backend.settings.saveFields([...stored, order, plan])).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(customer.backend.settings.saveFields([...stored, order])).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await admin.backend.settings.saveFields([...stored, order, plan]);
        await expect(watched(agent.backend, (fields) => mine(fields).length === 2).then(mine)).resolves.toEqual([
          order,
          plan,
        ]);
        // A customer never receives an agents-only field, not even its label.
        await expect(watched(customer.backend, (fields) => mine(fields).length === 1).then(mine)).resolves.toEqual([
          order,
        ]);

        // Bad definitions, refused with the sentence that says why.
        const refusedWith = (fields: CustomFieldDefinition[], message: string) =>
          expect(admin.backend.settings.saveFields(fields)).rejects.toMatchObject({
            code: 'invalid-argument',
            message: expect.stringContaining(message),
          });
        await refusedWith([...stored, order, { ...plan, key: order.key }], 'Each field needs its own key.');
        await refusedWith([...stored, order, { ...plan, label: { en: ' ' } }], 'A field label needs an English text.');
        await refusedWith([...stored, plan], '“Order number” cannot be deleted: archive it instead');
        await refusedWith([...stored, { ...order, type: 'multiline' }, plan], 'type of “Order number” cannot change');
        await refusedWith(
          [...stored, order, { ...plan, options: plan.options?.slice(0, 1) }],
          'The option “Pro” of “Plan” cannot be deleted',
        );

        // Renaming an option and archiving a field are what admins do instead.
        const renamed: CustomFieldDefinition = {
          ...plan,
          options: [
            { id: 'basic', label: { en: 'Basic' }, archived: false },
            { id: 'pro', label: { en: 'Professional' }, archived: true },
          ],
        };
        await admin.backend.settings.saveFields([...stored, { ...order, archived: true }, renamed]);
        await expect(
          watched(agent.backend, (fields) => mine(fields)[0]?.archived === true).then(mine),
        ).resolves.toMatchObject([
          { key: order.key, archived: true },
          { options: [{ id: 'basic' }, { id: 'pro', label: { en: 'Professional' } }] },
        ]);
        // The other tests solve tickets: leave no active required field behind.
        await admin.backend.settings.saveFields([
          ...stored,
          { ...order, archived: true },
          { ...renamed, archived: true },
        ]);
      });

      test('keeps custom field values where their readers may see them, refuses forged ones, holds a solve until required ones are set', async () => {
        const [admin, agent, customer, other] = await Promise.all([
          person('admin'),
          person('agent'),
          person('customer'),
          person('customer'),
        ]);
        const stem = uniqueWord('v').toLowerCase();
        const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false };
        const order: CustomFieldDefinition = {
          ...base,
          key: `${stem}_order`,
          type: 'text',
          label: { en: 'Order number' },
          visibleTo: 'customers',
          filledBy: 'customers',
        };
        const tier: CustomFieldDefinition = {
          ...base,
          key: `${stem}_tier`,
          type: 'dropdown',
          label: { en: 'Tier' },
          visibleTo: 'agents',
          filledBy: 'agents',
          requiredToSolve: true,
          options: [
            { id: 'gold', label: { en: 'Gold' }, archived: false },
            { id: 'lead', label: { en: 'Lead' }, archived: true },
          ],
        };
        const seats: CustomFieldDefinition = {
          ...base,
          key: `${stem}_seats`,
          type: 'number',
          label: { en: 'Seats' },
          visibleTo: 'agents',
          filledBy: 'agents',
          integer: true,
          min: 1,
          max: 99,
        };
        const product: CustomFieldDefinition = {
          ...base,
          key: `${stem}_product`,
          type: 'dropdown',
          label: { en: 'Product' },
          visibleTo: 'customers',
          filledBy: 'customers',
          options: [{ id: 'kettle', label: { en: 'Kettle' }, archived: false }],
        };
        const mine = [order, tier, seats, product];
        const stored = await firstValue<CustomFieldDefinition[]>(
          (next, fail) => admin.backend.settings.watchFields(next, fail),
          () => true,
        );
        await admin.backend.settings.saveFields([...stored, ...mine]);
        try {
          // Both readers follow the new definitions before writing with them.
          for (const backend of [agent.backend, customer.backend]) {
            await firstValue<CustomFieldDefinition[]>(
              (next, fail) => backend.settings.watchFields(next, fail),
              (fields) => fields.some((field) => field.key === order.key),
            );
          }
          const request = newRequest('Order arrived broken');
          const refused = (promise: Promise<unknown>, code: string, message?: string) =>
            expect(promise).rejects.toMatchObject({
              code,
              ...(message ? { message: expect.stringContaining(message) } : {}),
            });

          // A forged request: a wrong type, an agents-only field, an unknown key, 10 000 characters.
          await refused(
            customer.backend.tickets.create({ ...request, fields: { [order.key]: 5 } }),
            'invalid-argument',
            '“Order number” is a text.',
          );
          await refused(
            customer.backend.tickets.create({ ...request, fields: { [tier.key]: 'gold' } }),
            'invalid-argument',
            // An agents-only field is one a customer does not know of.
            `There is no field “${tier.key}”.`,
          );
          await refused(
            customer.backend.tickets.create({ ...request, fields: { [`${stem}_nope`]: 'x' } }),
            'invalid-argument',
          );
          await refused(
            customer.backend.tickets.create({ ...request, fields: { [order.key]: 'x'.repeat(10_000) } }),
            'invalid-argument',
          );
          const ticket = await customer.backend.tickets.create({
            ...request,
            fields: { [order.key]: 'ORD-1', [product.key]: 'kettle' },
          });
          expect(ticket.fields).toEqual({ [order.key]: 'ORD-1', [product.key]: 'kettle' });

          // A solve waits for the required field, and says which.
          await refused(
            agent.backend.tickets.transition(ticket.id, 'solve'),
            'failed-precondition',
            'Fill “Tier” before solving this ticket.',
          );
          await refused(
            agent.backend.tickets.update(ticket.id, { fields: { [seats.key]: 100 } }),
            'invalid-argument',
            '“Seats” is 1 to 99.',
          );
          await refused(
            agent.backend.tickets.update(ticket.id, { fields: { [seats.key]: '3' as unknown as number } }),
            'invalid-argument',
          );
          await refused(
            agent.backend.tickets.update(ticket.id, { fields: { [tier.key]: 'lead' } }),
            'invalid-argument',
            'archived',
          );
          await refused(
            customer.backend.tickets.update(ticket.id, { fields: { [tier.key]: 'gold' } }),
            'invalid-argument',
          );
          await refused(
            other.backend.tickets.update(ticket.id, { fields: { [order.key]: 'ORD-X' } }),
            'permission-denied',
          );
          await agent.backend.tickets.update(ticket.id, { fields: { [tier.key]: 'gold', [seats.key]: 3 } });
          await customer.backend.tickets.update(ticket.id, { fields: { [order.key]: 'ORD-2' } });

          // Agents-only values never reach the customer: not on the ticket, not apart.
          await expect(
            firstValue<Record<string, unknown>>(
              (next, fail) => agent.backend.tickets.watchAgentFields(ticket.id, next, fail),
              (values) => Object.keys(values).length === 2,
            ),
          ).resolves.toEqual({ [tier.key]: 'gold', [seats.key]: 3 });
          const seen = await customer.backend.tickets.get(ticket.id);
          expect(seen.fields).toEqual({ [order.key]: 'ORD-2', [product.key]: 'kettle' });

          // The queue filters by a field's value: staff by every field, a customer by those they see.
          const only = (page: TicketPage) => page.tickets.map((row) => row.id).join() === ticket.id;
          const byTier = { limit: 10, field: { key: tier.key, value: 'gold' } };
          const byProduct = { limit: 10, field: { key: product.key, value: 'kettle' } };
          await expect(pageOf(agent.backend, byTier, only).then(only)).resolves.toBe(true);
          await expect(pageOf(agent.backend, byProduct, only).then(only)).resolves.toBe(true);
          await expect(pageOf(customer.backend, byProduct, only).then(only)).resolves.toBe(true);
          // A customer's filter on an agents-only value finds nothing, not even their own ticket.
          const none = await pageOf(customer.backend, byTier);
          expect(none.tickets).toEqual([]);
          await refused(
            firstValue<TicketPage>((next, fail) =>
              agent.backend.tickets.watchList({ ...byTier, tag: 'vip' }, next, fail),
            ),
            'invalid-argument',
            'A tag, a field, an organisation and a search cannot be combined',
          );
          await expect(
            firstValue<Record<string, unknown>>(
              (next, fail) => customer.backend.tickets.watchAgentFields(ticket.id, next, fail),
              () => true,
            ),
          ).rejects.toMatchObject({ code: 'permission-denied' });

          // Each change is in the audit trail, by who made it.
          const trail = await firstMatch<AuditEvent[]>(
            (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
            (events) => events.filter((event) => event.type === 'field').length === 3,
          );
          expect(trail.filter((event) => event.type === 'field')).toEqual(
            expect.arrayContaining([
              expect.objectContaining({ field: tier.key, from: null, to: 'gold', actorId: agent.uid }),
              expect.objectContaining({ field: seats.key, from: null, to: '3', actorId: agent.uid }),
              expect.objectContaining({ field: order.key, from: 'ORD-1', to: 'ORD-2', actorId: customer.uid }),
            ]),
          );
          await expect(agent.backend.tickets.transition(ticket.id, 'solve')).resolves.toMatchObject({
            status: 'solved',
          });
        } finally {
          await admin.backend.settings.saveFields([...stored, ...mine.map((field) => ({ ...field, archived: true }))]);
        }
      });

      test('orders the queue by a sortable number or date field both ways, pages it, and re-slots when the slot moves', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const stem = uniqueWord('s').toLowerCase();
        const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false } as const;
        const seats: CustomFieldDefinition = {
          ...base,
          key: `${stem}_seats`,
          type: 'number',
          label: { en: 'Seats' },
          visibleTo: 'customers',
          filledBy: 'customers',
        };
        const due: CustomFieldDefinition = {
          ...base,
          key: `${stem}_due`,
          type: 'date',
          label: { en: 'Due' },
          visibleTo: 'customers',
          filledBy: 'customers',
        };
        const stored = (
          await firstValue<CustomFieldDefinition[]>(
            (next, fail) => admin.backend.settings.watchFields(next, fail),
            () => true,
          )
        ).map(({ sortSlot: _slot, ...field }) => field);
        // A slot only for a number or date field customers see, each slot once.
        await expect(
          admin.backend.settings.saveFields([...stored, { ...seats, sortSlot: 'a' }, { ...due, sortSlot: 'a' }]),
        ).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('each in its own slot') });
        await expect(
          admin.backend.settings.saveFields([
            ...stored,
            { ...seats, visibleTo: 'agents', filledBy: 'agents', sortSlot: 'a' },
          ]),
        ).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('can sort the queue') });
        await admin.backend.settings.saveFields([...stored, { ...seats, sortSlot: 'a' }, due]);
        try {
          await firstValue<CustomFieldDefinition[]>(
            (next, fail) => customer.backend.settings.watchFields(next, fail),
            (fields) => fields.some((field) => field.key === seats.key),
          );
          const many = await customer.backend.tickets.create({
            ...newRequest('Sorted many'),
            fields: { [seats.key]: 120, [due.key]: '2026-02-01' },
          });
          const few = await customer.backend.tickets.create({
            ...newRequest('Sorted few'),
            fields: { [seats.key]: 2.5, [due.key]: '2026-09-30' },
          });
          const negative = await customer.backend.tickets.create({
            ...newRequest('Sorted negative'),
            fields: { [seats.key]: -7 },
          });
          const none = await customer.backend.tickets.create(newRequest('Sorted none'));
          const ids = (page: TicketPage) => page.tickets.map((row) => row.id);
          const listed = (sort: TicketSort, expected: string[]) =>
            pageOf(
              agent.backend,
              { requesterId: customer.uid, limit: 10, sort },
              (page) => ids(page).join() === expected.join(),
            ).then(ids);
          // No value sorts last ascending, first descending (trusted code writes the slots a moment after).
          const ascending = [negative.id, few.id, many.id, none.id];
          await expect(listed({ field: 'fieldSortA', direction: 'asc' }, ascending)).resolves.toEqual(ascending);
          await expect(listed({ field: 'fieldSortA', direction: 'desc' }, [...ascending].reverse())).resolves.toEqual(
            [...ascending].reverse(),
          );
          // Paged with a cursor: nothing repeated, nothing skipped.
          const sort = { field: 'fieldSortA', direction: 'asc' } as const;
          const first = await pageOf(agent.backend, { requesterId: customer.uid, limit: 2, sort });
          expect(first.nextCursor).not.toBeNull();
          const second = await pageOf(agent.backend, {
            requesterId: customer.uid,
            limit: 2,
            sort,
            ...(first.nextCursor && { after: first.nextCursor }),
          });
          expect([...ids(first), ...ids(second)]).toEqual(ascending);
          // A customer may not order by a sort slot (the queue's own order).
          await expect(
            pageOf(customer.backend, { limit: 10, sort: { field: 'fieldSortA', direction: 'asc' } }),
          ).rejects.toMatchObject({ code: 'permission-denied' });

          // The slot goes to the date field: every ticket is re-slotted by trusted code.
          await admin.backend.settings.saveFields([...stored, seats, { ...due, sortSlot: 'a' }]);
          const byDue = [many.id, few.id, negative.id, none.id].slice(0, 2);
          await expect(
            listed({ field: 'fieldSortA', direction: 'asc' }, [...byDue, ...[negative.id, none.id].sort()]),
          ).resolves.toEqual([...byDue, ...[negative.id, none.id].sort()]);
        } finally {
          await admin.backend.settings.saveFields([
            ...stored,
            { ...seats, archived: true },
            { ...due, archived: true },
          ]);
        }
      });

      test('finds a ticket by the words of its text fields (agents-only ones for staff only), and no longer by a value replaced', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const stem = uniqueWord('w').toLowerCase();
        const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false };
        const model: CustomFieldDefinition = {
          ...base,
          key: `${stem}_model`,
          type: 'text',
          label: { en: 'Model' },
          visibleTo: 'customers',
          filledBy: 'customers',
        };
        const serial: CustomFieldDefinition = {
          ...base,
          key: `${stem}_serial`,
          type: 'text',
          label: { en: 'Serial' },
          visibleTo: 'agents',
          filledBy: 'agents',
        };
        const stored = await firstValue<CustomFieldDefinition[]>(
          (next, fail) => admin.backend.settings.watchFields(next, fail),
          () => true,
        );
        await admin.backend.settings.saveFields([...stored, model, serial]);
        try {
          for (const backend of [agent.backend, customer.backend]) {
            await firstValue<CustomFieldDefinition[]>(
              (next, fail) => backend.settings.watchFields(next, fail),
              (fields) => fields.some((field) => field.key === model.key),
            );
          }
          const word = uniqueWord('kettle');
          const secret = uniqueWord('sn');
          const ticket = await customer.backend.tickets.create({
            ...newRequest('The kettle whistles'),
            fields: { [model.key]: `Blue ${word} XL` },
          });
          await agent.backend.tickets.update(ticket.id, { fields: { [serial.key]: `SN ${secret}` } });
          const finds = (page: TicketPage) => page.tickets.some((row) => row.id === ticket.id);
          // By a word's prefix, as a subject is found; staff and the requester alike.
          await expect(pageOf(agent.backend, { limit: 10, search: word.slice(0, 9) }, finds).then(finds)).resolves.toBe(
            true,
          );
          await expect(pageOf(customer.backend, { limit: 10, search: word }, finds).then(finds)).resolves.toBe(true);
          // An agents-only value finds the ticket for staff only.
          await expect(pageOf(agent.backend, { limit: 10, search: secret }, finds).then(finds)).resolves.toBe(true);
          expect(finds(await pageOf(customer.backend, { limit: 10, search: secret }))).toBe(false);
          // A value replaced takes its words with it; the subject's stay.
          await customer.backend.tickets.update(ticket.id, { fields: { [model.key]: 'Green' } });
          await expect(
            pageOf(agent.backend, { limit: 10, search: word }, (page) => !finds(page)).then(finds),
          ).resolves.toBe(false);
          await expect(pageOf(agent.backend, { limit: 10, search: 'whistles' }, finds).then(finds)).resolves.toBe(true);
        } finally {
          await admin.backend.settings.saveFields([
            ...stored,
            { ...model, archived: true },
            { ...serial, archived: true },
          ]);
        }
      });

      test('keeps the triggers the admins’ alone, in their order, refusing malformed ones with the reason', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const tag = uniqueWord('vip').toLowerCase();
        const first: TriggerInput = {
          id: clientId(),
          title: uniqueWord('Second in order'),
          active: true,
          order: 20,
          on: ['created'],
          all: [{ property: 'tags', operator: 'includes', value: tag }],
          any: [],
          actions: { priority: 'high', addTags: ['escalated'] },
        };
        const earlier: TriggerInput = { ...first, id: clientId(), title: uniqueWord('First in order'), order: 10 };
        await expect(agent.backend.settings.saveTrigger(first)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(customer.backend.settings.saveTrigger(first)).rejects.toMatchObject({ code: 'permission-denied' });
        await admin.backend.settings.saveTrigger(first);
        await admin.backend.settings.saveTrigger(earlier);
        const mine = (triggers: Trigger[]) =>
          triggers.filter((trigger) => trigger.id === first.id || trigger.id === earlier.id);
        const listed = await firstValue<Trigger[]>(
          (next, fail) => admin.backend.settings.watchTriggers(next, fail),
          (triggers) => mine(triggers).length === 2,
        );
        expect(mine(listed).map((trigger) => trigger.title)).toEqual([earlier.title, first.title]);
        expect(mine(listed)[0]).toMatchObject({ ...earlier, updatedAt: expect.any(String) });
        for (const reader of [agent, customer]) {
          await expect(
            firstValue<Trigger[]>((next, fail) => reader.backend.settings.watchTriggers(next, fail)),
          ).rejects.toMatchObject({ code: 'permission-denied' });
        }
        // Bad input, refused with the sentence that says why.
        const refusedWith = (input: TriggerInput, message: string) =>
          expect(admin.backend.settings.saveTrigger(input)).rejects.toMatchObject({
            code: 'invalid-argument',
            message: expect.stringContaining(message),
          });
        await refusedWith({ ...first, all: [] }, 'at least one condition');
        await refusedWith({ ...first, actions: {} }, 'at least one action');
        await refusedWith(
          {
            ...first,
            all: [
              { property: 'priority', operator: 'is', value: 'high' },
              { property: 'priority', operator: 'is', value: 'low' },
            ],
          },
          'can never all hold',
        );
        await refusedWith({ ...first, id: 'a/b' }, 'This is not a trigger id.');
        await expect(agent.backend.settings.deleteTrigger(first.id)).rejects.toMatchObject({
          code: 'permission-denied',
        });
        // The automatic close is switched off, not deleted (DESIGN §10 "The automatic close").
        await expect(admin.backend.settings.deleteTrigger(AUTO_CLOSE_TRIGGER_ID)).rejects.toMatchObject({
          code: 'failed-precondition',
          message: 'The automatic close can be switched off or changed, not deleted.',
        });
        await admin.backend.settings.deleteTrigger(first.id);
        await admin.backend.settings.deleteTrigger(earlier.id);
        await firstValue<Trigger[]>(
          (next, fail) => admin.backend.settings.watchTriggers(next, fail),
          (triggers) => mine(triggers).length === 0,
        );
      });

      test('keeps the recurring tickets the admins’ alone, by title, refusing malformed ones with the reason', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const weekly: RecurringTicketInput = {
          id: clientId(),
          title: uniqueWord('Weekly backup check'),
          active: true,
          schedule: { frequency: 'weekly', time: '09:00', weekday: 'mon' },
          subject: 'Check the backups of {{date}}',
          description: 'Open the backup report and confirm last night’s run.',
          priority: 'normal',
          category: 'Operations',
          tags: ['ops'],
        };
        const monthly: RecurringTicketInput = {
          ...weekly,
          id: clientId(),
          title: uniqueWord('Monthly invoices'),
          schedule: { frequency: 'monthly', time: '08:30', dayOfMonth: 31 },
        };
        for (const someone of [agent, customer]) {
          await expect(someone.backend.settings.saveRecurringTicket(weekly)).rejects.toMatchObject({
            code: 'permission-denied',
          });
          await expect(
            firstValue<RecurringTicket[]>((next, fail) => someone.backend.settings.watchRecurringTickets(next, fail)),
          ).rejects.toMatchObject({ code: 'permission-denied' });
          await expect(someone.backend.settings.deleteRecurringTicket(weekly.id)).rejects.toMatchObject({
            code: 'permission-denied',
          });
        }
        const saved = await admin.backend.settings.saveRecurringTicket(weekly);
        // The admin who saves it is the requester of its tickets from now on.
        expect(saved).toMatchObject({ ...weekly, updatedBy: admin.uid, updatedAt: expect.any(String) });
        await admin.backend.settings.saveRecurringTicket(monthly);
        const mine = (all: RecurringTicket[]) => all.filter((each) => each.id === weekly.id || each.id === monthly.id);
        const listed = await firstValue<RecurringTicket[]>(
          (next, fail) => admin.backend.settings.watchRecurringTickets(next, fail),
          (all) => mine(all).length === 2,
        );
        expect(mine(listed).map((each) => each.title)).toEqual(
          [weekly.title, monthly.title].sort((a, b) => a.localeCompare(b)),
        );
        expect(mine(listed).find((each) => each.id === monthly.id)).toMatchObject({
          ...monthly,
          updatedBy: admin.uid,
        });
        // Bad input, refused with the sentence that says why.
        const refusedWith = (input: RecurringTicketInput, message: string) =>
          expect(admin.backend.settings.saveRecurringTicket(input)).rejects.toMatchObject({
            code: 'invalid-argument',
            message: expect.stringContaining(message),
          });
        await refusedWith({ ...weekly, schedule: { frequency: 'weekly', time: '09:00' } }, 'day of the week');
        await refusedWith({ ...weekly, schedule: { frequency: 'daily', time: '25:00' } }, '00:00 to 23:59');
        await refusedWith(
          { ...weekly, schedule: { frequency: 'monthly', time: '09:00', dayOfMonth: 32 } },
          'from 1 to 31',
        );
        await refusedWith({ ...weekly, subject: 'Report for {{requester.name}}' }, 'placeholder and no other');
        await refusedWith({ ...weekly, id: 'a/b' }, 'This is not a recurring ticket id.');
        await admin.backend.settings.deleteRecurringTicket(weekly.id);
        await admin.backend.settings.deleteRecurringTicket(monthly.id);
        // One that does not exist is already deleted.
        await admin.backend.settings.deleteRecurringTicket(monthly.id);
        await firstValue<RecurringTicket[]>(
          (next, fail) => admin.backend.settings.watchRecurringTickets(next, fail),
          (all) => mine(all).length === 0,
        );
      });

      test('runs the triggers on a new request as the desk, each change and note naming its trigger', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const word = uniqueWord('printer').toLowerCase();
        const id = clientId();
        const title = uniqueWord('Printers are urgent');
        await admin.backend.settings.saveTrigger({
          id,
          title,
          active: true,
          order: 1,
          on: ['created'],
          all: [{ property: 'subject', operator: 'contains', value: word }],
          any: [],
          actions: {
            priority: 'urgent',
            addTags: ['escalated'],
            assignee: { kind: 'agent', uid: agent.uid },
            note: 'Routed by the desk.',
          },
        });
        try {
          const ticket = await customer.backend.tickets.create(newRequest(`The ${word} is on fire`));
          // Trusted code acts after the write (on Firebase a moment later).
          await expect(
            firstValue<Ticket>(
              (next, fail) => agent.backend.tickets.watch(ticket.id, next, fail),
              (seen) => seen.priority === 'urgent' && seen.assigneeId === agent.uid,
            ),
          ).resolves.toMatchObject({ priority: 'urgent', tags: ['escalated'], assigneeId: agent.uid, status: 'open' });
          const trail = await firstValue<AuditEvent[]>(
            (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
            (list) => list.filter((event) => event.trigger).length >= 4,
          );
          expect(
            trail.filter((event) => event.trigger).map((event) => [event.type, event.to, event.actorId, event.trigger]),
          ).toEqual([
            ['priority', 'urgent', 'system', title],
            ['tags', 'escalated', 'system', title],
            ['assignee', agent.uid, 'system', title],
            // Assigning a new ticket opens it, as it does by hand (DESIGN §2).
            ['status', 'open', 'system', title],
          ]);
          const notes = await firstValue<Message[]>(
            (next, fail) => agent.backend.messages.watch(ticket.id, next, fail),
            (list) => list.some((message) => message.internal),
          );
          expect(notes.filter((message) => message.internal)).toEqual([
            expect.objectContaining({ authorId: 'system', authorName: 'Triage', body: 'Routed by the desk.' }),
          ]);
          // The customer never reads the desk's note.
          const seen = await firstValue<Message[]>((next, fail) =>
            customer.backend.messages.watch(ticket.id, next, fail),
          );
          expect(seen.some((message) => message.internal)).toBe(false);
          // The rule trace says why: the admin reads it, each condition with the value it saw.
          const [trace] = await firstValue<RuleTrace[]>(
            (next, fail) => admin.backend.tickets.watchRuleTraces(ticket.id, next, fail),
            (list) => list.length > 0,
          );
          expect(trace).toMatchObject({ ticketId: ticket.id, event: 'created', by: 'customer', fired: [title] });
          expect(trace?.entries.find((entry) => entry.triggerId === id)).toMatchObject({
            outcome: 'fired',
            pass: 1,
            results: [{ matched: true, actual: `The ${word} is on fire`, condition: { property: 'subject' } }],
          });
          for (const reader of [agent, customer]) {
            await expect(
              firstValue<RuleTrace[]>((next, fail) => reader.backend.tickets.watchRuleTraces(ticket.id, next, fail)),
            ).rejects.toMatchObject({ code: 'permission-denied' });
          }
        } finally {
          await admin.backend.settings.deleteTrigger(id);
        }
      });

      test('gives new tickets round-robin to the set’s available agents in turn, skipping who is not, and traces the pick', async () => {
        const [admin, first, away, second, customer] = await Promise.all([
          person('admin'),
          person('agent'),
          person('agent'),
          person('agent'),
          person('customer'),
        ]);
        await expect(customer.backend.users.setOwnAvailability(true)).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await first.backend.users.setOwnAvailability(true);
        await second.backend.users.setOwnAvailability(true);
        await away.backend.users.setOwnAvailability(false);
        const word = uniqueWord('rota').toLowerCase();
        const id = clientId();
        await admin.backend.settings.saveTrigger({
          id,
          title: 'Urgent to the team',
          active: true,
          order: 1,
          on: ['created'],
          all: [{ property: 'subject', operator: 'contains', value: word }],
          any: [],
          actions: {
            assignee: { kind: 'roundRobin', agents: [first.uid, away.uid, second.uid], cap: 2 },
            addTags: ['escalated'],
          },
        });
        try {
          const assigneeOf = async (ticket: Ticket) =>
            (
              await firstValue<Ticket>(
                (next, fail) => admin.backend.tickets.watch(ticket.id, next, fail),
                (seen) => seen.tags.includes('escalated'),
              )
            ).assigneeId ?? null;
          // One after the other (each run moves the rota before the next ticket is written).
          const created: Ticket[] = [];
          const picked: (string | null)[] = [];
          for (let index = 0; index < 5; index += 1) {
            created.push(await customer.backend.tickets.create(newRequest(`Down ${word} ${index}`)));
            picked.push(await assigneeOf(created[index] as Ticket));
          }
          // The away agent is skipped; at the cap of 2 unsolved each, the fifth stays unassigned (and tagged).
          expect(picked).toEqual([first.uid, second.uid, first.uid, second.uid, null]);
          const traceOf = async (ticket: Ticket) =>
            (
              await firstValue<RuleTrace[]>(
                (next, fail) => admin.backend.tickets.watchRuleTraces(ticket.id, next, fail),
                (list) => list.length > 0,
              )
            )[0]?.entries.find((entry) => entry.triggerId === id);
          await expect(traceOf(created[1] as Ticket)).resolves.toMatchObject({ outcome: 'fired', picked: second.uid });
          await expect(traceOf(created[4] as Ticket)).resolves.toMatchObject({ outcome: 'fired', picked: null });
        } finally {
          await admin.backend.settings.deleteTrigger(id);
        }
      });

      test('runs the triggers on updates: an agent’s change and a customer’s reply, each by its author and the change it made', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        // Two runs of trusted code one after the other (on Firebase, each a Functions call, the first maybe cold).
        const TRIGGERS_MS = 20_000;
        const word = uniqueWord('refund').toLowerCase();
        const [onAgent, onReply] = [clientId(), clientId()];
        const subject = { property: 'subject' as const, operator: 'contains' as const, value: word };
        await admin.backend.settings.saveTrigger({
          id: onAgent,
          title: 'Refunds wait for the customer',
          active: true,
          order: 1,
          on: ['updated'],
          all: [
            subject,
            { property: 'tags', operator: 'includes', value: 'refund' },
            { property: 'updatedBy', operator: 'is', value: 'agent' },
          ],
          any: [],
          actions: { status: 'await_customer', category: 'Billing', removeTags: ['new-lead'] },
        });
        await admin.backend.settings.saveTrigger({
          id: onReply,
          title: 'A customer’s answer goes back to the queue',
          active: true,
          order: 2,
          on: ['updated'],
          all: [
            subject,
            { property: 'updatedBy', operator: 'is', value: 'customer' },
            { property: 'status', operator: 'changedTo', value: 'open' },
          ],
          any: [],
          actions: { assignee: { kind: 'unassign' }, addTags: ['customer-answered'] },
        });
        try {
          const ticket = await customer.backend.tickets.create(newRequest(`Where is my ${word}`));
          // No trigger runs on a new ticket: both run on updates only.
          await agent.backend.tickets.update(ticket.id, { tags: ['refund', 'new-lead'], assigneeId: agent.uid });
          await expect(
            firstValue<Ticket>(
              (next, fail) => agent.backend.tickets.watch(ticket.id, next, fail),
              (seen) => seen.status === 'pending',
              TRIGGERS_MS,
            ),
          ).resolves.toMatchObject({ status: 'pending', category: 'Billing', tags: ['refund'], assigneeId: agent.uid });

          // The customer's answer reopens it (DESIGN §2), and the second trigger hands it back.
          await customer.backend.messages.add(ticket.id, {
            id: clientId(),
            body: 'Here is the receipt.',
            internal: false,
          });
          const answered = await firstValue<Ticket>(
            (next, fail) => agent.backend.tickets.watch(ticket.id, next, fail),
            (seen) => seen.tags.includes('customer-answered'),
            TRIGGERS_MS,
          );
          expect(answered).toMatchObject({ status: 'open', tags: ['refund', 'customer-answered'] });
          expect(answered.assigneeId ?? null).toBeNull();

          const trail = await firstValue<AuditEvent[]>(
            (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
            (list) => list.filter((event) => event.trigger).length >= 5,
            TRIGGERS_MS,
          );
          expect(
            trail.filter((event) => event.trigger).map((event) => [event.type, event.to, event.actorId, event.trigger]),
          ).toEqual(
            // In the order each run wrote them: the adapters' orders within a run differ.
            expect.arrayContaining([
              ['status', 'pending', 'system', 'Refunds wait for the customer'],
              ['category', 'Billing', 'system', 'Refunds wait for the customer'],
              ['tags', 'refund', 'system', 'Refunds wait for the customer'],
              ['assignee', null, 'system', 'A customer’s answer goes back to the queue'],
              ['tags', 'refund, customer-answered', 'system', 'A customer’s answer goes back to the queue'],
            ]),
          );
          expect(trail.filter((event) => event.trigger)).toHaveLength(5);
          const traces = await firstValue<RuleTrace[]>(
            (next, fail) => admin.backend.tickets.watchRuleTraces(ticket.id, next, fail),
            (list) => list.some((trace) => trace.by === 'customer'),
            TRIGGERS_MS,
          );
          // Newest first: the customer's reply, then the agent's change (the create ran no trigger of these).
          expect(
            traces.filter((trace) => trace.fired.length > 0).map((trace) => [trace.event, trace.by, trace.fired]),
          ).toEqual([
            ['updated', 'customer', ['A customer’s answer goes back to the queue']],
            ['updated', 'agent', ['Refunds wait for the customer']],
          ]);
        } finally {
          await admin.backend.settings.deleteTrigger(onAgent);
          await admin.backend.settings.deleteTrigger(onReply);
        }
      });

      test('stops a loop between two triggers once, with one entry saying so, and never runs on its own write', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const word = uniqueWord('loop').toLowerCase();
        const subject = { property: 'subject' as const, operator: 'contains' as const, value: word };
        const base = { active: true, on: ['updated' as const], any: [] };
        const [a, b] = [clientId(), clientId()];
        await admin.backend.settings.saveTrigger({
          ...base,
          id: a,
          title: 'A: lower',
          order: 1,
          all: [subject, { property: 'priority', operator: 'is', value: 'high' }],
          actions: { priority: 'low' },
        });
        await admin.backend.settings.saveTrigger({
          ...base,
          id: b,
          title: 'B: raise',
          order: 2,
          all: [subject, { property: 'priority', operator: 'is', value: 'low' }],
          actions: { priority: 'high' },
        });
        try {
          const ticket = await customer.backend.tickets.create(newRequest(`Loop ${word}`));
          await agent.backend.tickets.update(ticket.id, { priority: 'high' });
          const trail = await firstValue<AuditEvent[]>(
            (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
            (list) => list.some((event) => event.type === 'trigger'),
          );
          expect(trail.filter((event) => event.actorId === 'system').map((event) => [event.type, event.to])).toEqual([
            ['priority', 'low'],
            ['priority', 'high'],
            ['trigger', 'A: lower'],
          ]);
          await expect(
            firstValue<Ticket>((next, fail) => agent.backend.tickets.watch(ticket.id, next, fail)),
          ).resolves.toMatchObject({ priority: 'high' });
        } finally {
          await admin.backend.settings.deleteTrigger(a);
          await admin.backend.settings.deleteTrigger(b);
        }
      });

      test('keeps shared macros the admins’ and personal ones their owner’s, and never gives customers any', async () => {
        const [admin, agent, otherAgent, customer] = await Promise.all([
          person('admin'),
          person('agent'),
          person('agent'),
          person('customer'),
        ]);
        const shared = {
          id: clientId(),
          title: uniqueWord('Shared'),
          body: 'Hi {{requester.firstName}}.',
          actions: { priority: 'high' as const, addTags: ['contract'] },
          ownerId: null,
        };
        const personal = { id: clientId(), title: uniqueWord('Mine'), body: 'Hello.', actions: {}, ownerId: agent.uid };
        await expect(agent.backend.settings.saveMacro(shared)).rejects.toMatchObject({ code: 'permission-denied' });
        await admin.backend.settings.saveMacro(shared);
        await agent.backend.settings.saveMacro(personal);
        await expect(otherAgent.backend.settings.saveMacro({ ...personal, title: 'Taken over' })).rejects.toMatchObject(
          {
            code: 'permission-denied',
          },
        );
        await expect(
          agent.backend.settings.saveMacro({ ...personal, ownerId: otherAgent.uid, id: clientId() }),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(agent.backend.settings.saveMacro({ ...personal, title: '' })).rejects.toMatchObject({
          code: 'invalid-argument',
          message: 'A macro needs a title.',
        });
        await expect(
          admin.backend.settings.saveMacro({ ...shared, actions: { status: 'submit' as never } }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        const titles = (macros: Macro[]) => macros.map((macro) => macro.title);
        await expect(
          firstValue<Macro[]>(
            (next, fail) => agent.backend.settings.watchMacros(next, fail),
            (macros) => titles(macros).includes(shared.title) && titles(macros).includes(personal.title),
          ),
        ).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ ...shared })]));
        const otherSees = await firstValue<Macro[]>(
          (next, fail) => otherAgent.backend.settings.watchMacros(next, fail),
          (macros) => titles(macros).includes(shared.title),
        );
        expect(titles(otherSees)).not.toContain(personal.title);
        await expect(
          firstValue<Macro[]>(
            (next, fail) => customer.backend.settings.watchMacros(next, fail),
            () => true,
          ),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(otherAgent.backend.settings.deleteMacro(shared.id)).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await agent.backend.settings.deleteMacro(personal.id);
        await admin.backend.settings.deleteMacro(shared.id);
      });

      test('applies a macro through the planners: the preview writes nothing, every entry names it, a held solve holds it', async () => {
        const [admin, agent, customer] = await Promise.all([person('admin'), person('agent'), person('customer')]);
        const stem = uniqueWord('m').toLowerCase();
        const plan: CustomFieldDefinition = {
          key: `${stem}_plan`,
          type: 'dropdown',
          label: { en: 'Plan' },
          visibleTo: 'customers',
          filledBy: 'agents',
          requiredOnSubmit: false,
          requiredToSolve: true,
          archived: false,
          options: [{ id: 'team', label: { en: 'Team' }, archived: false }],
        };
        const stored = await firstValue<CustomFieldDefinition[]>(
          (next, fail) => admin.backend.settings.watchFields(next, fail),
          () => true,
        );
        await admin.backend.settings.saveFields([...stored, plan]);
        const solveOnly = {
          id: clientId(),
          title: uniqueWord('Solve'),
          body: '',
          actions: { status: 'solve' as const },
          ownerId: null,
        };
        const refund = {
          id: clientId(),
          title: uniqueWord('Refund'),
          body: 'Hi {{requester.name}}, refunded #{{ticket.number}}.',
          actions: {
            status: 'solve' as const,
            priority: 'high' as const,
            addTags: ['refund'],
            fields: { [plan.key]: 'team' },
            note: 'Refunded by card.',
          },
          ownerId: null,
        };
        try {
          await admin.backend.settings.saveMacro(solveOnly);
          await admin.backend.settings.saveMacro(refund);
          await firstValue<CustomFieldDefinition[]>(
            (next, fail) => agent.backend.settings.watchFields(next, fail),
            (fields) => fields.some((field) => field.key === plan.key),
          );
          const ticket = await customer.backend.tickets.create(newRequest('Charged twice'));
          await expect(customer.backend.tickets.applyMacro(ticket.id, { macroId: refund.id })).rejects.toMatchObject({
            code: 'permission-denied',
          });
          await expect(agent.backend.tickets.applyMacro(ticket.id, { macroId: clientId() })).rejects.toMatchObject({
            code: 'not-found',
          });
          // A macro that solves is held by the required field as the Solve button is.
          await expect(agent.backend.tickets.applyMacro(ticket.id, { macroId: solveOnly.id })).rejects.toMatchObject({
            code: 'failed-precondition',
            message: 'Fill “Plan” before solving this ticket.',
          });

          const preview = await agent.backend.tickets.applyMacro(ticket.id, { macroId: refund.id, preview: true });
          expect(preview.reply).toBe(`Hi ${customer.displayName}, refunded #${ticket.number}.`);
          expect(preview.note).toBe('Refunded by card.');
          expect(preview.messages).toEqual([]);
          expect(preview.changes.map((entry) => entry.type)).toEqual(
            expect.arrayContaining(['priority', 'tags', 'field', 'status']),
          );
          expect(preview.changes.every((entry) => entry.macro === refund.title)).toBe(true);
          // Nothing was written.
          await expect(agent.backend.tickets.get(ticket.id)).resolves.toMatchObject({
            status: 'new',
            priority: 'normal',
          });

          // A preview of an older version of the ticket is refused: what it showed is no longer exact.
          await expect(
            agent.backend.tickets.applyMacro(ticket.id, {
              macroId: refund.id,
              expectedUpdatedAt: '2020-01-01T00:00:00.000Z',
            }),
          ).rejects.toMatchObject({ code: 'aborted' });

          const applied = await agent.backend.tickets.applyMacro(ticket.id, {
            macroId: refund.id,
            expectedUpdatedAt: preview.ticket.updatedAt,
          });
          expect(applied.ticket).toMatchObject({
            status: 'solved',
            priority: 'high',
            tags: ['refund'],
            fields: { [plan.key]: 'team' },
            assigneeId: agent.uid,
          });
          expect(applied.messages.map((message) => [message.internal, message.body])).toEqual([
            [false, preview.reply],
            [true, 'Refunded by card.'],
          ]);
          // The customer reads the reply, never the note.
          const seen = await firstValue<Message[]>(
            (next, fail) => customer.backend.messages.watch(ticket.id, next, fail),
            (messages) => messages.length === 2,
          );
          expect(seen.map((message) => message.body)).toContain(preview.reply);
          expect(seen.some((message) => message.internal)).toBe(false);
          // Every entry of the write names the macro, by who applied it.
          const trail = await firstMatch<AuditEvent[]>(
            (next, fail) => agent.backend.tickets.watchEvents(ticket.id, next, fail),
            (events) => events.some((event) => event.type === 'status' && event.to === 'solved'),
          );
          const byMacro = trail.filter((event) => event.macro === refund.title);
          expect(byMacro.map((event) => event.type)).toEqual(
            expect.arrayContaining(['priority', 'tags', 'field', 'status']),
          );
          expect(byMacro.every((event) => event.actorId === agent.uid)).toBe(true);
          // A closed or solved ticket takes what the lifecycle allows, and no more.
          await expect(agent.backend.tickets.applyMacro(ticket.id, { macroId: solveOnly.id })).resolves.toMatchObject({
            changes: [],
          });
        } finally {
          await admin.backend.settings.deleteMacro(solveOnly.id);
          await admin.backend.settings.deleteMacro(refund.id);
          await admin.backend.settings.saveFields([...stored, { ...plan, archived: true }]);
        }
      });
    });

    part('files', 'attachments', (test) => {
      const person = (role: Role): Promise<TestPerson> => h().newPerson(role);

      test('keeps one picture per person at avatars/{uid}/avatar, seen by anyone signed in, until removed', async () => {
        const customer = await person('customer');
        const agent = await person('agent');
        const png = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });
        const picture = { name: 'me.png', size: png.size, contentType: 'image/png', data: png };
        const path = await customer.backend.files.uploadAvatar(picture);
        expect(path).toBe(`avatars/${customer.uid}/avatar`);
        // A second picture replaces the first: the same path, never a second file.
        await expect(customer.backend.files.uploadAvatar({ ...picture, name: 'other.png' })).resolves.toBe(path);
        await expect(customer.backend.users.get(customer.uid)).resolves.toMatchObject({ photoPath: path });
        await expect(agent.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(
          customer.backend.files.uploadAvatar({ ...picture, contentType: 'image/svg+xml' }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await customer.backend.files.removeAvatar();
        await expect(agent.backend.files.getDownloadUrl(path)).rejects.toMatchObject({ code: 'not-found' });
      });

      test('refuses a file over 10 MB as invalid-argument', async () => {
        const customer = await person('customer');
        const ticket = await customer.backend.tickets.create(newRequest('Huge log file'));
        const data = new Blob([new Uint8Array(LIMITS.attachments.maxBytes + 1)], { type: 'text/plain' });
        await expect(
          customer.backend.files.uploadAttachment(ticket.id, clientId(), {
            name: 'huge.txt',
            size: data.size,
            contentType: 'text/plain',
            data,
          }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
      });

      test('refuses an upload beyond the day’s bound of listed paths, saying when; a retry of a listed one still goes', async () => {
        const customer = await person('customer');
        const ticket = await customer.backend.tickets.create(newRequest('Many screenshots'));
        const messageId = clientId();
        const kept = `tickets/${ticket.id}/${messageId}/kept.txt`;
        const others = Array.from(
          { length: UPLOAD_QUOTA.maxPaths - 1 },
          (_, n) => `tickets/${ticket.id}/m${n}/shot.png`,
        );
        await h().fillUploadWindow(customer.uid, [...others, kept]);
        await expect(
          customer.backend.files.uploadAttachment(ticket.id, messageId, textFile('kept.txt', 'again')),
        ).resolves.toBe(kept);
        await expect(
          customer.backend.files.uploadAttachment(ticket.id, messageId, textFile('one-more.txt', 'no')),
        ).rejects.toMatchObject({
          code: 'resource-exhausted',
          message: `You have uploaded ${UPLOAD_QUOTA.maxPaths} files within a day, the most one person may. Try again in 24 h.`,
        });
        // Someone else's day is their own.
        const other = await person('customer');
        const theirs = await other.backend.tickets.create(newRequest('Just one screenshot'));
        await expect(
          other.backend.files.uploadAttachment(theirs.id, clientId(), textFile('one.txt', 'yes')),
        ).resolves.toEqual(expect.any(String));
      });

      test('refuses an executable as invalid-argument', async () => {
        const customer = await person('customer');
        const ticket = await customer.backend.tickets.create(newRequest('Here is my tool'));
        await expect(
          customer.backend.files.uploadAttachment(
            ticket.id,
            clientId(),
            textFile('tool.exe', 'MZ', 'application/x-msdownload'),
          ),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
      });

      test('hands out no lasting link: each read is checked, and an agent who loses the role loses the file', async () => {
        const [customer, agent, admin] = await Promise.all([person('customer'), person('agent'), person('admin')]);
        const ticket = await customer.backend.tickets.create(newRequest('Screenshot of the error'));
        const file = textFile('steps.txt', 'Open, click, crash.\n');
        const path = await sendWithFile(customer.backend, ticket.id, file, {
          body: 'Steps attached.',
          internal: false,
        });
        // A `blob:` URL of this page, made from bytes read with the reader's rights — never a
        // download token that would keep working for whoever holds it (DESIGN §4).
        await expect(agent.backend.files.getDownloadUrl(path)).resolves.toMatch(/^blob:/);
        await admin.backend.users.setRole(agent.uid, 'customer');
        await expect(agent.backend.files.getDownloadUrl(path)).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('uploads a small text file that the requester and staff can open, and no other customer', async () => {
        const [customer, stranger, agent] = await Promise.all([
          person('customer'),
          person('customer'),
          person('agent'),
        ]);
        const ticket = await customer.backend.tickets.create(newRequest('Error log attached'));
        const messageId = clientId();
        const file = textFile('error.log.txt', 'TypeError: undefined is not a function\n');
        const progress: number[] = [];
        const path = await customer.backend.files.uploadAttachment(ticket.id, messageId, file, (p) => {
          progress.push(p.bytesTransferred);
          expect(p.totalBytes).toBe(file.size);
        });
        expect(path).toBe(`tickets/${ticket.id}/${messageId}/error.log.txt`);
        expect(progress.at(-1)).toBe(file.size);
        const message = await customer.backend.messages.add(ticket.id, {
          id: messageId,
          body: 'Log attached.',
          internal: false,
          attachments: [attachmentOf(path, file)],
        });
        expect(message.attachments).toEqual([{ path, name: file.name, size: file.size, contentType: 'text/plain' }]);
        await expect(customer.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(agent.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(stranger.backend.files.getDownloadUrl(path)).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(
          stranger.backend.files.uploadAttachment(ticket.id, clientId(), textFile('mine.txt', 'hi')),
        ).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('keeps the files of internal notes from the customer', async () => {
        const [customer, agent] = await Promise.all([person('customer'), person('agent')]);
        const ticket = await customer.backend.tickets.create(newRequest('Internal evidence'));
        const file = textFile('bank-statement.csv', 'date,amount\n2026-11-01,49.00\n', 'text/csv');
        const path = await sendWithFile(agent.backend, ticket.id, file, {
          body: 'Statement from the bank, for us only.',
          internal: true,
        });
        await expect(agent.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(customer.backend.files.getDownloadUrl(path)).rejects.toMatchObject({ code: 'permission-denied' });
      });

      test('uploads a new request’s file before it is submitted, for its uploader’s eyes only until then', async () => {
        const [customer, stranger, agent] = await Promise.all([
          person('customer'),
          person('customer'),
          person('agent'),
        ]);
        const ticketId = clientId();
        const messageId = clientId();
        const file = textFile('steps.txt', '1. Open the app\n2. It crashes\n');
        const path = await customer.backend.files.uploadAttachment(ticketId, messageId, file);
        expect(path).toBe(`tickets/${ticketId}/${messageId}/steps.txt`);
        await expect(customer.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(stranger.backend.files.getDownloadUrl(path)).rejects.toMatchObject({ code: 'permission-denied' });

        const input = {
          ...newRequest('Crash with steps attached'),
          id: ticketId,
          messageId,
          attachments: [attachmentOf(path, file)],
        };
        const ticket = await customer.backend.tickets.create(input);
        expect(ticket.id).toBe(ticketId);
        const [description] = await messagesOf(agent.backend, ticketId);
        expect(description).toMatchObject({
          id: messageId,
          internal: false,
          attachments: [{ path, name: file.name, size: file.size, contentType: 'text/plain' }],
        });
        await expect(agent.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(customer.backend.files.getDownloadUrl(path)).resolves.toEqual(expect.any(String));
        await expect(stranger.backend.files.getDownloadUrl(path)).rejects.toMatchObject({ code: 'permission-denied' });

        await expect(customer.backend.tickets.create(input)).resolves.toMatchObject({ number: ticket.number });
        expect(await messagesOf(customer.backend, ticketId)).toHaveLength(1);
      });

      test('refuses a new request naming a file that was never uploaded', async () => {
        const customer = await person('customer');
        const ticketId = clientId();
        const messageId = clientId();
        await expect(
          customer.backend.tickets.create({
            ...newRequest('Phantom attachment'),
            id: ticketId,
            messageId,
            attachments: [
              {
                path: `tickets/${ticketId}/${messageId}/ghost.txt`,
                name: 'ghost.txt',
                size: 5,
                contentType: 'text/plain',
              },
            ],
          }),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
        await expect(customer.backend.tickets.get(ticketId)).rejects.toMatchObject({ code: 'not-found' });
      });

      test('rejects a cancelled upload with cancelled', async () => {
        const customer = await person('customer');
        const ticket = await customer.backend.tickets.create(newRequest('Never mind'));
        const controller = new AbortController();
        controller.abort();
        await expect(
          customer.backend.files.uploadAttachment(
            ticket.id,
            clientId(),
            textFile('notes.txt', 'draft'),
            undefined,
            controller.signal,
          ),
        ).rejects.toMatchObject({ code: 'cancelled' });
      });
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once `condition()` holds, polling; rejects after `timeoutMs`. */
async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
