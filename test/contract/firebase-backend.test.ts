/**
 * The backend contract against the Firebase adapter, on the Emulator Suite (project
 * `demo-triage`). Each part runs only when its emulator is up — `firebase emulators:exec` sets
 * the `…_EMULATOR_HOST` variables — and is skipped with its reason otherwise.
 */
import { createBackend, type FirebaseBackend } from '@/backend/firebase/create-firebase-backend';
import type { AppConfig } from '@/config/config-schema';
import type { AuthChange } from '@/backend/port/auth';
import type { TicketCursor, TicketPage, TicketQuery } from '@/backend/port/tickets';
import type { Backend } from '@/backend/port/backend';
import type { Role } from '@/domain/roles';
import { SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import type { OutgoingMail } from '@/domain/mail/mail-document';
import type { RuleTrace } from '@/domain/rule-trace';
import type { DeskSettings, Ticket } from '@/domain/types';
import { nextOccurrence, recurringTicketId, type RecurringSchedule } from '@/domain/recurring-tickets';
import { firstMatch } from './live';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  setLogLevel,
  where,
} from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { describeBackendContract } from './backend-contract';
import { describeBulkContract } from './bulk-contract';
import { describeMailContract } from './mail-contract';
import { describeAccountContract } from './account-contract';
import { describePresenceContract } from './presence-contract';
import { describeReportsContract } from './reports-contract';
import { uniqueEmail, type ContractHarness, type PartAvailability, type TestPerson } from './harness';

const PROJECT_ID = 'demo-triage';

/** The web app's Firebase configuration on the emulators. */
const FIREBASE_CONFIG = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-triage.firebaseapp.com',
  projectId: PROJECT_ID,
  storageBucket: 'demo-triage.appspot.com',
  messagingSenderId: '1234',
  appId: '1:1234:web:abcd',
};

const config: AppConfig = {
  backend: 'firebase',
  useEmulators: true,
  recaptchaSiteKey: null,
  firebase: FIREBASE_CONFIG,
};

const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;

/**
 * How long a client waits for its profile: short without Firestore, so that the auth-only run
 * reports `unavailable` quickly; the app's default with it (a cold emulator is slow at first).
 */
const PROFILE_TIMEOUT_MS = firestoreHost ? 10_000 : 1500;
/** Where no Firestore listens (the discard port), and how long a client waits for it there (ms). */
const UNREACHABLE_FIRESTORE = '127.0.0.1:9';
const UNREACHABLE_PROFILE_TIMEOUT_MS = 1500;

function availability(host: string | undefined, reason: string): PartAvailability {
  return host ? { run: true } : { run: false, reason };
}

/** Which parts of the contract can run, known before any test is registered. */
const declared = {
  auth: availability(
    authHost,
    'Auth emulator not running (FIREBASE_AUTH_EMULATOR_HOST unset): run npm run test:auth-emulator',
  ),
  data: availability(
    firestoreHost,
    'Firestore emulator not running (FIRESTORE_EMULATOR_HOST unset): npm test starts one from the gcloud SDK jar, or run npm run test:emulators with Java 21',
  ),
  files: availability(
    storageHost,
    'Storage emulator not running (FIREBASE_STORAGE_EMULATOR_HOST unset; it downloads its rules runtime, needs Java 21 and a network): run npm run test:emulators where it can',
  ),
};

/** How often clearing the Firestore emulator is retried after a 409 (a trigger's transaction held a lock). */
const CLEAR_RETRIES = 5;

/** The emulator's REST base URL for a `host:port` variable (which may carry `http://`). */
function restBase(host: string): string {
  return host.startsWith('http') ? host.replace(/\/$/, '') : `http://${host}`;
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
}

/** The Functions emulator's address, from firebase.json (the Emulator Suite's ports). */
const FUNCTIONS_EMULATOR = (
  JSON.parse(readFileSync(path.join(__dirname, '../../firebase.json'), 'utf8')) as {
    emulators: { functions: { host: string; port: number } };
  }
).emulators.functions;

/** A Firestore REST value, as the emulator's REST API reads and writes fields. */
type RestValue = {
  stringValue?: string;
  integerValue?: string;
  nullValue?: null;
  timestampValue?: string;
  arrayValue?: { values?: RestValue[] };
};

/** A plain value (string, integer, null, Date, array of those) as a REST value. */
function restValue(value: unknown): RestValue {
  if (value === null) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
  return { stringValue: String(value) };
}

/** Writes the document at `docPath` past the security rules (`Authorization: Bearer owner`). */
async function writePastRules(docPath: string, fields: Record<string, unknown>): Promise<void> {
  const url = `${restBase(firestoreHost ?? '')}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${docPath}`;
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, restValue(v)])) }),
  });
  await expectOk(response, `Writing ${docPath}`);
}

/** The fields of the document at `docPath`, read past the rules; `{}` when it does not exist. */
async function readPastRules(docPath: string): Promise<Record<string, RestValue>> {
  const url = `${restBase(firestoreHost ?? '')}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${docPath}`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (response.status === 404) return {};
  await expectOk(response, `Reading ${docPath}`);
  return ((await response.json()) as { fields?: Record<string, RestValue> }).fields ?? {};
}

/** The fields of every document of the collection at `collectionPath`, read past the rules. */
async function listPastRules(collectionPath: string): Promise<Record<string, RestValue>[]> {
  const url = `${restBase(firestoreHost ?? '')}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${collectionPath}`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  await expectOk(response, `Listing ${collectionPath}`);
  const body = (await response.json()) as { documents?: { fields?: Record<string, RestValue> }[] };
  return (body.documents ?? []).map((document) => document.fields ?? {});
}

/**
 * Marks a person's address verified in the Auth emulator, as their click on the verification link
 * would (the emulator's admin API: `Authorization: Bearer owner`).
 */
async function verifyEmail(uid: string): Promise<void> {
  if (!authHost) throw new Error('Verifying an address needs the Auth emulator.');
  const response = await fetch(
    `${restBase(authHost)}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  await expectOk(response, `Verifying ${uid}'s address`);
}

/**
 * Sets `users/{uid}.role` past the security rules, as the documented first-admin command does:
 * the Firestore emulator's REST API accepts `Authorization: Bearer owner` as an admin.
 */
async function grantRole(uid: string, role: Role): Promise<void> {
  if (!firestoreHost) throw new Error('Granting a role needs the Firestore emulator.');
  const url =
    `${restBase(firestoreHost)}/v1/projects/${PROJECT_ID}/databases/(default)/documents/users/${uid}` +
    '?updateMask.fieldPaths=role&currentDocument.exists=true';
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: { role: { stringValue: role } } }),
  });
  await expectOk(response, `Granting ${role} to ${uid}`);
}

/** Writes `uploadQuotas/{uid}` past the security rules: a window begun now, listing `paths`. */
async function fillUploadWindow(uid: string, paths: readonly string[]): Promise<void> {
  if (!firestoreHost) throw new Error('Filling an upload window needs the Firestore emulator.');
  const url = `${restBase(firestoreHost)}/v1/projects/${PROJECT_ID}/databases/(default)/documents/uploadQuotas/${uid}`;
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fields: {
        windowStart: { timestampValue: new Date().toISOString() },
        paths: { arrayValue: { values: paths.map((path) => ({ stringValue: path })) } },
      },
    }),
  });
  await expectOk(response, `Filling ${uid}'s upload window`);
}

/** Polls `check` every 50 ms until it is true. @throws Error after `ms`. */
async function waitUntil(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The Firebase harness: one Firebase app (and so one Auth session) per client.
 * @param options.profileTimeoutMs how long each client waits for its profile (ms).
 */
function firebaseHarness({ profileTimeoutMs = PROFILE_TIMEOUT_MS } = {}): ContractHarness {
  const clients: FirebaseBackend[] = [];
  let clientCount = 0;

  const newClient = async (): Promise<Backend> => {
    clientCount += 1;
    const appName = `triage-test-${process.pid}-${Date.now().toString(36)}-${clientCount}`;
    const client = createBackend(config, { appName, profileTimeoutMs });
    clients.push(client);
    return client;
  };

  return {
    name: 'firebase',
    ...declared,
    newClient,

    async newPerson(role: Role, { verified = true } = {}): Promise<TestPerson> {
      if (!authHost || !firestoreHost) throw new Error('newPerson needs the Auth and Firestore emulators.');
      const backend = await newClient();
      const email = uniqueEmail(role);
      const password = 'correct-horse-battery';
      const displayName = `Test ${role} ${clientCount}`;
      const { uid } = await backend.auth.signUp({ email, password, displayName });
      if (verified) await verifyEmail(uid);
      if (role !== 'customer') {
        await grantRole(uid, role);
        // The client reads its role from Firestore: wait until it sees the new one.
        await waitUntil(async () => (await backend.users.get(uid)).role === role, `${email} to become ${role}`);
      }
      return { backend, uid, email, password, displayName, role };
    },

    fillUploadWindow,

    async cleanup(): Promise<void> {
      const stopping = clients.splice(0).map((client) => client.dispose());
      await Promise.all(stopping);
      if (authHost) {
        const response = await fetch(`${restBase(authHost)}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
          method: 'DELETE',
        });
        await expectOk(response, 'Clearing the Auth emulator');
      }
      if (firestoreHost) {
        // The Cloud Functions may still be running a trigger's transaction: the emulator then
        // answers 409 "Transaction lock timeout" (ABORTED) — a retry after it ends clears.
        const clear = () =>
          fetch(`${restBase(firestoreHost)}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
            method: 'DELETE',
          });
        let response = await clear();
        for (let attempt = 1; response.status === 409 && attempt <= CLEAR_RETRIES; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          response = await clear();
        }
        await expectOk(response, 'Clearing the Firestore emulator');
      }
    },
  };
}

if (authHost && !firestoreHost) {
  // Every Firestore call is expected to fail here; its connection warnings would only be noise.
  setLogLevel('silent');
}

// One retry, the first failure printed: on a 2-core machine the Functions emulator, starting a
// worker per trigger, can starve the other emulators for seconds (about one run in four lost one
// test to it). A real fault fails twice and shows both times; the summary lists it.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

// Presence first: its tests time sub-second lifetimes, and the Functions emulator, busy starting
// a worker per trigger after the contract's bursts of writes, can hold listeners back for seconds.
// Presence needs Auth and Firestore, as the contract's data part does.
describePresenceContract(
  async () => firebaseHarness(),
  !declared.auth.run ? declared.auth : !declared.data.run ? declared.data : { run: true },
);
describeBackendContract(async () => firebaseHarness(), declared);
// Bulk changes need Auth and Firestore too.
describeBulkContract(
  async () => firebaseHarness(),
  !declared.auth.run ? declared.auth : !declared.data.run ? declared.data : { run: true },
);
// Account deletion is the deleteAccount callable function, with Auth and Firestore.
describeAccountContract(
  async () => firebaseHarness(),
  !declared.auth.run ? declared.auth : !declared.data.run ? declared.data : { run: true },
);
// Mail is written by the Cloud Functions, which run wherever the data part does (with-emulators.ts).
describeMailContract(
  async () => firebaseHarness(),
  !declared.auth.run ? declared.auth : !declared.data.run ? declared.data : { run: true },
);
// The statistics are written by the ticketWritten trigger, which runs wherever the data part does.
describeReportsContract(
  async () => firebaseHarness(),
  !declared.auth.run ? declared.auth : !declared.data.run ? declared.data : { run: true },
);

/**
 * The first page a list subscription delivers that `accept` takes (any, by default): a first
 * answer may come from the client's cache while the emulators are busy with triggers.
 */
function firstPage(
  backend: Backend,
  query: TicketQuery,
  accept: (page: TicketPage) => boolean = () => true,
): Promise<TicketPage> {
  return new Promise((resolve, reject) => {
    const stop = backend.tickets.watchList(
      query,
      (page) => {
        if (!accept(page)) return;
        queueMicrotask(stop);
        resolve(page);
      },
      reject,
    );
  });
}

/** The first auth state of a client that satisfies `accept`. */
function nextChange(backend: Backend, accept: (change: AuthChange) => boolean): Promise<AuthChange> {
  return new Promise((resolve) => {
    const stop = backend.auth.onChange((change) => {
      if (!accept(change)) return;
      queueMicrotask(stop);
      resolve(change);
    });
  });
}

describe('Firebase adapter', () => {
  it('refuses a configuration that is not BACKEND=firebase', () => {
    expect(() => createBackend({ backend: 'local', recaptchaSiteKey: null })).toThrow(/BACKEND=firebase/);
  });

  it('checks an attachment, and honours an aborted signal, before any network call', async () => {
    const client = createBackend(config, { appName: `triage-offline-${process.pid}` });
    try {
      const data = new Blob(['MZ'], { type: 'application/x-msdownload' });
      const exe = { name: 'tool.exe', size: data.size, contentType: 'application/x-msdownload', data };
      await expect(client.files.uploadAttachment('ticket1', 'message1', exe)).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      const text = new Blob(['hello'], { type: 'text/plain' });
      const note = { name: 'note.txt', size: text.size, contentType: 'text/plain', data: text };
      await expect(client.files.uploadAttachment('ticket1', '../escape', note)).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      const controller = new AbortController();
      controller.abort();
      await expect(
        client.files.uploadAttachment('ticket1', 'message1', note, undefined, controller.signal),
      ).rejects.toMatchObject({ code: 'cancelled' });
      await expect(client.auth.signIn({ email: 'not an email', password: 'x' })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    } finally {
      await client.dispose();
    }
  });

  const whenFirestoreRuns = authHost && firestoreHost ? it : it.skip;
  whenFirestoreRuns('pages through tickets whose timestamps differ only in microseconds', async () => {
    // Production server timestamps have microseconds; the emulator's have milliseconds, so these
    // tickets are written past the app, with microsecond times in one millisecond.
    const harness = firebaseHarness();
    try {
      const agent = await harness.newPerson('agent');
      const requesterId = `r${Date.now().toString(36)}`;
      const rows: [string, string][] = [
        ['t1', '2030-01-01T00:00:00.100900Z'],
        ['t2', '2030-01-01T00:00:00.100200Z'],
        ['t3', '2030-01-01T00:00:00.100500Z'],
      ];
      for (const [subject, at] of rows) {
        const time = { timestampValue: at };
        const response = await fetch(
          `${restBase(firestoreHost ?? '')}/v1/projects/${PROJECT_ID}/databases/(default)/documents/tickets/${requesterId}${subject}`,
          {
            method: 'PATCH',
            headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
            body: JSON.stringify({
              fields: {
                subject: { stringValue: subject },
                status: { stringValue: 'new' },
                requesterId: { stringValue: requesterId },
                createdAt: time,
                updatedAt: time,
                lastMessageAt: time,
              },
            }),
          },
        );
        await expectOk(response, `Writing ticket ${subject}`);
      }
      for (const direction of ['asc', 'desc'] as const) {
        const order = direction === 'asc' ? ['t2', 't3', 't1'] : ['t1', 't3', 't2'];
        const seen: string[] = [];
        let after: TicketCursor | undefined;
        for (let page = 0; page < rows.length + 1; page += 1) {
          // Waits for the page the order says comes next (or an empty one past the end); a wrong
          // cursor never delivers it, and the test fails on its time limit.
          const { tickets, nextCursor } = await firstPage(
            agent.backend,
            { requesterId, limit: 1, sort: { field: 'createdAt', direction }, ...(after ? { after } : {}) },
            (candidate) => (candidate.tickets[0]?.subject ?? null) === (order[page] ?? null),
          );
          seen.push(...tickets.map((ticket) => ticket.subject));
          if (!nextCursor) break;
          after = nextCursor;
        }
        // Every ticket once: a millisecond cursor would repeat (asc) or skip (desc) rows within it.
        expect(seen).toEqual(order);
      }
    } finally {
      await harness.cleanup();
    }
  });

  // The scheduled job (`deskAutomation`, every 5 minutes in production): no emulator runs a
  // schedule, and the Functions emulator registers it only beside a Pub/Sub emulator (whose gcloud
  // build fails here on delivery). It is run through the Functions emulator's own route for its
  // trigger, as a schedule would run it: the same function, on the same emulated Firestore.
  whenFirestoreRuns(
    'runs the scheduled desk automation on the emulators: the automatic-close rule written and acting, and a breach record',
    async () => {
      const harness = firebaseHarness();
      try {
        const now = Date.now();
        const hour = 3_600_000;
        const day = 24 * hour;
        const id = `auto${now.toString(36)}`;
        const ticket = (fields: Record<string, unknown>) => ({
          subject: 'Site down',
          priority: 'urgent',
          tags: [],
          requesterId: `${id}-carol`,
          requesterName: 'Carol Customer',
          assigneeId: null,
          assigneeName: null,
          updatedBy: `${id}-carol`,
          lastMessageBy: 'customer',
          ...fields,
        });
        // Solved 30 days ago: past the desk's close-after days (4 by default).
        await writePastRules(
          `tickets/${id}-solved`,
          ticket({
            number: 9_001,
            status: 'solved',
            createdAt: new Date(now - 40 * day),
            updatedAt: new Date(now - 30 * day),
            lastMessageAt: new Date(now - 30 * day),
            solvedAt: new Date(now - 30 * day),
          }),
        );
        // Urgent, new for two hours, no reply: its first-reply target (30 calendar minutes) is past,
        // its resolution target (4 hours) not yet.
        const late = `tickets/${id}-late`;
        await writePastRules(
          late,
          ticket({
            number: 9_002,
            status: 'new',
            createdAt: new Date(now - 2 * hour),
            updatedAt: new Date(now - 2 * hour),
            lastMessageAt: new Date(now - 2 * hour),
          }),
        );
        // The ticket trigger derives its SLA record and due time first.
        await waitUntil(async () => 'slaDueAt' in (await readPastRules(late)), 'the late ticket’s SLA fields', 20_000);

        const [functionsHost, functionsPort] = [FUNCTIONS_EMULATOR.host, FUNCTIONS_EMULATOR.port];
        const run = await fetch(
          `http://${functionsHost}:${functionsPort}/functions/projects/${PROJECT_ID}/triggers/us-central1-deskAutomation-0`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
        );
        await expectOk(run, 'Running deskAutomation through the Functions emulator');

        await waitUntil(
          async () => (await readPastRules(`tickets/${id}-solved`)).status?.stringValue === 'closed',
          'the automatic close',
          20_000,
        );
        const closed = await readPastRules(`tickets/${id}-solved`);
        expect(closed.updatedBy?.stringValue).toBe(SYSTEM_ACTOR_ID);
        const breach = async () =>
          (await listPastRules(`${late}/events`)).filter((event) => event.type?.stringValue === 'sla');
        await waitUntil(async () => (await breach()).length > 0, 'the breach record', 20_000);
        expect((await breach()).map((event) => [event.to?.stringValue, event.actorId?.stringValue])).toEqual([
          ['firstReply', SYSTEM_ACTOR_ID],
        ]);
      } finally {
        await harness.cleanup();
      }
    },
    // Three waits on the emulated triggers, each at most 20 s on a loaded machine.
    90_000,
  );

  // The time rules of the same scheduled job, with the job's clock moved as only the emulators
  // allow (`testing/clock`, DESIGN §10 "Time rules"): a ticket pending for 3 days gets its reminder
  // once, traced, emailed; a second run of the job finds the rule's mark and does nothing.
  whenFirestoreRuns(
    'runs the time rules in the scheduled job by the emulators’ moved clock, once per ticket',
    async () => {
      const harness = firebaseHarness();
      const word = `zeppelin${Date.now().toString(36)}`;
      const id = `remind-${Date.now().toString(36)}`;
      const [admin, agent, customer] = await Promise.all([
        harness.newPerson('admin'),
        harness.newPerson('agent'),
        harness.newPerson('customer'),
      ]);
      const runJob = async () => {
        const [functionsHost, functionsPort] = [FUNCTIONS_EMULATOR.host, FUNCTIONS_EMULATOR.port];
        const run = await fetch(
          `http://${functionsHost}:${functionsPort}/functions/projects/${PROJECT_ID}/triggers/us-central1-deskAutomation-0`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
        );
        await expectOk(run, 'Running deskAutomation through the Functions emulator');
      };
      try {
        await admin.backend.settings.saveTrigger({
          id,
          title: 'Remind after 3 days pending',
          active: true,
          order: 1,
          on: ['time'],
          all: [
            { property: 'status', operator: 'is', value: 'pending' },
            { property: 'hoursSinceUpdated', operator: 'atLeast', value: '72' },
            { property: 'subject', operator: 'contains', value: word },
          ],
          any: [],
          actions: {
            addTags: ['reminded'],
            emails: [{ to: 'requester', address: '', subject: 'Still there?', body: '#{{ticket.number}} waits.' }],
          },
        });
        const ticket = await customer.backend.tickets.create({
          subject: `Seats on the ${word}`,
          description: 'Two, please.',
          priority: 'normal',
        });
        await agent.backend.tickets.transition(ticket.id, 'await_customer');
        // Today: not 72 hours yet.
        await runJob();
        // Three days and an hour later, by the emulators' clock.
        await writePastRules('testing/clock', { offsetMs: 73 * 3_600_000 });
        await runJob();
        const reminded = await firstMatch<Ticket>(
          (next, fail) => agent.backend.tickets.watch(ticket.id, next, fail),
          (seen) => seen.tags.includes('reminded'),
          { timeoutMs: 20_000 },
        );
        expect(reminded.status).toBe('pending');
        const traces = await firstMatch<RuleTrace[]>(
          (next, fail) => admin.backend.tickets.watchRuleTraces(ticket.id, next, fail),
          (list) => list.some((trace) => trace.event === 'time'),
          { timeoutMs: 20_000 },
        );
        expect(traces.filter((trace) => trace.event === 'time')).toEqual([
          expect.objectContaining({ by: 'system', fired: ['Remind after 3 days pending'] }),
        ]);
        const mail = await firstMatch<OutgoingMail[]>(
          (next, fail) => admin.backend.mail.watchOutgoing(200, next, fail),
          (list) => list.some((item) => item.ticketId === ticket.id && item.kind === 'rule-email'),
          { timeoutMs: 20_000 },
        );
        expect(mail.filter((item) => item.ticketId === ticket.id && item.kind === 'rule-email')).toHaveLength(1);
        // Again: the mark holds.
        await runJob();
        const again = await firstMatch<RuleTrace[]>(
          (next, fail) => admin.backend.tickets.watchRuleTraces(ticket.id, next, fail),
          () => true,
        );
        expect(again.filter((trace) => trace.event === 'time')).toHaveLength(1);
      } finally {
        await writePastRules('testing/clock', { offsetMs: 0 });
        await admin.backend.settings.deleteTrigger(id).catch(() => undefined);
        await harness.cleanup();
      }
    },
    // Three runs of the job and three waits on the emulated triggers, on a loaded machine.
    120_000,
  );

  // Recurring tickets on the same scheduled job (DESIGN §10 "Recurring tickets"): a daily template
  // due within the hour, the job's clock moved two hours on (as only the emulators allow): one
  // ticket, its requester the admin who saved it, found by the staff's search once `ticketWritten`
  // has done what it does after any submit; a second run creates no second ticket.
  whenFirestoreRuns(
    'creates a recurring ticket in the scheduled job by the emulators’ moved clock, once',
    async () => {
      const harness = firebaseHarness();
      const word = `dirigible${Date.now().toString(36)}`;
      const id = `daily-${Date.now().toString(36)}`;
      const [admin, agent] = await Promise.all([harness.newPerson('admin'), harness.newPerson('agent')]);
      const runJob = async () => {
        const [functionsHost, functionsPort] = [FUNCTIONS_EMULATOR.host, FUNCTIONS_EMULATOR.port];
        const run = await fetch(
          `http://${functionsHost}:${functionsPort}/functions/projects/${PROJECT_ID}/triggers/us-central1-deskAutomation-0`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
        );
        await expectOk(run, 'Running deskAutomation through the Functions emulator');
      };
      try {
        const desk = await firstMatch<DeskSettings>(
          (next, fail) => admin.backend.settings.watch(next, fail),
          () => true,
        );
        const { timeZone } = desk.businessHours;
        // An hour from now on the desk's clock, to the minute.
        const parts = new Intl.DateTimeFormat('en-GB', {
          timeZone,
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(Date.now() + 3_600_000)
          .filter((part) => part.type === 'hour' || part.type === 'minute')
          .map((part) => part.value);
        const schedule: RecurringSchedule = { frequency: 'daily', time: parts.join(':') };
        const saved = await admin.backend.settings.saveRecurringTicket({
          id,
          title: 'Daily alert review',
          active: true,
          schedule,
          subject: `Review the ${word} alerts of {{date}}`,
          description: 'Look at the overnight alerts.',
          priority: 'high',
          tags: ['ops'],
        });
        // Nothing is due now.
        await runJob();
        const occurrence = nextOccurrence(schedule, Date.parse(saved.updatedAt), timeZone);
        await writePastRules('testing/clock', { offsetMs: 2 * 3_600_000 });
        await runJob();
        const ticketId = recurringTicketId(id, occurrence);
        const ticket = await firstMatch<Ticket>(
          (next, fail) => admin.backend.tickets.watch(ticketId, next, fail),
          () => true,
          { timeoutMs: 20_000 },
        );
        expect(ticket).toMatchObject({ status: 'new', priority: 'high', tags: ['ops'], requesterId: admin.uid });
        expect(ticket.subject).toMatch(new RegExp(`^Review the ${word} alerts of \\d{4}-\\d{2}-\\d{2}$`));
        const found = await firstMatch<TicketPage>(
          (next, fail) => agent.backend.tickets.watchList({ limit: 10, search: word }, next, fail),
          (page) => page.tickets.length > 0,
          { timeoutMs: 20_000 },
        );
        expect(found.tickets.map((each) => each.id)).toEqual([ticketId]);
        // Again, by the same clock: the occurrence has its ticket.
        await runJob();
        const again = await firstMatch<TicketPage>(
          (next, fail) => agent.backend.tickets.watchList({ limit: 10, search: word }, next, fail),
          () => true,
        );
        expect(again.tickets.map((each) => each.id)).toEqual([ticketId]);
      } finally {
        await writePastRules('testing/clock', { offsetMs: 0 });
        await admin.backend.settings.deleteRecurringTicket(id).catch(() => undefined);
        await harness.cleanup();
      }
    },
    // Three runs of the job and two waits on the emulated triggers, on a loaded machine.
    120_000,
  );

  // The contract shows that a customer's search never finds a note's word; here the customer's own
  // client SDK reads what the rules let it read, past the adapter: no note's word is in it.
  whenFirestoreRuns(
    'keeps an internal note’s words out of every document the requester’s own client SDK can read',
    async () => {
      const harness = firebaseHarness();
      /** A client-chosen message id, as the app makes them (DESIGN §3). */
      const clientId = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
      const app = initializeApp(FIREBASE_CONFIG, `triage-direct-${process.pid}-${Date.now().toString(36)}`);
      try {
        const [agent, customer] = await Promise.all([harness.newPerson('agent'), harness.newPerson('customer')]);
        const noted = `quokka${Date.now().toString(36)}`;
        const replied = `wombat${Date.now().toString(36)}`;
        const ticket = await customer.backend.tickets.create({
          subject: 'Refund for a broken kettle',
          description: 'It stopped working after a week.',
          priority: 'normal',
        });
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: `Refund code ${noted}.`, internal: true });
        await agent.backend.messages.add(ticket.id, { id: clientId(), body: `Shipped ${replied}.`, internal: false });
        // Trusted code has indexed both messages once the agent's search finds the later one.
        for (const word of [noted, replied]) {
          await firstPage(agent.backend, { search: word, limit: 10 }, (page) => page.tickets.length === 1);
        }

        const auth = getAuth(app);
        connectAuthEmulator(auth, `http://${authHost ?? ''}`, { disableWarnings: true });
        const db = getFirestore(app);
        const [host = '', port = ''] = (firestoreHost ?? '').replace(/^https?:\/\//, '').split(':');
        connectFirestoreEmulator(db, host, Number(port));
        await signInWithEmailAndPassword(auth, customer.email, customer.password);

        const own = await getDoc(doc(db, 'tickets', ticket.id));
        expect(own.get('searchKeys')).toEqual(expect.arrayContaining([replied.slice(0, 15)]));
        expect(JSON.stringify(own.data())).not.toContain(noted);
        await expect(getDoc(doc(db, 'ticketSearch', ticket.id))).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(
          getDocs(query(collection(db, 'ticketSearch'), where('requesterId', '==', customer.uid))),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        // Every message they may list is public: the note itself is not among them.
        const messages = await getDocs(
          query(collection(db, 'tickets', ticket.id, 'messages'), where('internal', '==', false)),
        );
        expect(JSON.stringify(messages.docs.map((row) => row.data()))).not.toContain(noted);
      } finally {
        await deleteApp(app);
        await harness.cleanup();
      }
    },
    60_000,
  );

  // Runs with the Auth emulator, Firestore up or not: with Firestore running, this test's client
  // looks for it where nothing listens (the adapter reads FIRESTORE_EMULATOR_HOST when it first
  // loads Firestore, during the sign-up).
  const whenAuthRuns = authHost ? it : it.skip;
  whenAuthRuns('reports profileUnavailable when Firestore cannot be reached, instead of waiting for it', async () => {
    const running = process.env.FIRESTORE_EMULATOR_HOST;
    if (running) {
      process.env.FIRESTORE_EMULATOR_HOST = UNREACHABLE_FIRESTORE;
      setLogLevel('silent');
    }
    const harness = firebaseHarness({ profileTimeoutMs: UNREACHABLE_PROFILE_TIMEOUT_MS });
    try {
      const client = await harness.newClient();
      const email = uniqueEmail('offline');
      const changes: AuthChange[] = [];
      const stop = client.auth.onChange((change) => changes.push(change));
      await expect(
        client.auth.signUp({ email, password: 'correct-horse-battery', displayName: 'Offline' }),
      ).rejects.toMatchObject({
        code: 'unavailable',
      });
      const unavailable = await nextChange(client, (change) => change.kind === 'profileUnavailable');
      expect(unavailable).toMatchObject({
        kind: 'profileUnavailable',
        email,
        error: {
          code: 'unavailable',
          message: 'Triage cannot reach its database (Cloud Firestore). Check your connection and try again.',
        },
      });

      const before = changes.length;
      await client.auth.retryProfile();
      expect(changes.slice(before)).toEqual([unavailable]);

      await client.auth.signOut();
      await expect(nextChange(client, (change) => change.kind === 'signedOut')).resolves.toEqual({
        kind: 'signedOut',
      });
      stop();
    } finally {
      await harness.cleanup();
      if (running) {
        process.env.FIRESTORE_EMULATOR_HOST = running;
        setLogLevel('warn');
      }
    }
  });
});
