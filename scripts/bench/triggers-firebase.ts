/**
 * `npm run bench:round-robin` and `npm run bench:triggers` (inside the Emulator Suite: Auth,
 * Firestore and Functions): what the desk's triggers do under load on trusted code (DESIGN §10
 * "Triggers"). Figures, not a test.
 *
 * - `--mode=round-robin` (default: 100 tickets, 5 agents): one trigger gives every new request
 *   whose subject holds this run's word to the next available agent of 5, round-robin; 100
 *   customers, each signed in on their own web app, submit at the same moment through the
 *   adapter's `createTicket`, under the security rules. Prints how many each agent got, whether
 *   any ticket was assigned twice (its audit trail holds one assignment), whether any agent was
 *   skipped, and the time from submitting to the assignment (p50/p95).
 * - `--mode=latency` (default: 20 tickets): one customer submits one request at a time and waits
 *   for the trigger's change (a tag) — the trigger latency a person sees, p50/p95.
 *
 * The emulators' timings are not production's (one machine, the Functions emulator's own
 * scheduling); the counts are what the bench is for.
 */
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, Timestamp } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore';
import { parseArgs } from 'node:util';
import { createTicket } from '@/backend/firebase/tickets/firestore-tickets';
import type { FirestoreContext } from '@/backend/firebase/core/context';

const PROJECT_ID = 'demo-triage';
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'round-robin' },
    tickets: { type: 'string' },
    agents: { type: 'string', default: '5' },
    timeout: { type: 'string', default: '300' },
  },
});
const mode = values.mode === 'latency' ? 'latency' : 'round-robin';
const TICKETS = Number(values.tickets ?? (mode === 'latency' ? 20 : 100));
const AGENTS = Number(values.agents);
const TIMEOUT_MS = Number(values.timeout) * 1000;
if (![TICKETS, AGENTS].every((n) => Number.isInteger(n) && n >= 1 && n <= 500)) {
  console.error('--tickets and --agents are whole numbers from 1 to 500');
  process.exit(2);
}
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '';
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST ?? '';
if (!authHost || !firestoreHost) {
  console.error('This bench needs the Auth, Firestore and Functions emulators: run npm run bench:round-robin.');
  process.exit(2);
}
setLogLevel('silent');
const run = Date.now().toString(36);
const word = `bench${run}`;
const tag = `rr-${run}`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const admin = initializeAdminApp({ projectId: PROJECT_ID }, `bench-triggers-${run}`);
const adminDb = getAdminFirestore(admin);
const adminAuth = getAdminAuth(admin);

/** A profile written as trusted code would (the bench's people are made, not signed up). */
async function person(role: 'agent' | 'customer', index: number, extra: Record<string, unknown> = {}) {
  const email = `bench-${run}-${role}-${index}@triage.test`;
  const password = 'bench-password-42';
  const { uid } = await adminAuth.createUser({ email, password, emailVerified: true });
  await adminDb.doc(`users/${uid}`).set({
    displayName: `Bench ${role} ${index}`,
    email,
    role,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
    ...extra,
  });
  return { uid, email, password };
}

/** A customer signed in on their own web app (one Auth session each). */
async function signedIn(
  email: string,
  password: string,
  index: number,
): Promise<FirestoreContext & { app: FirebaseApp }> {
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID, appId: '1:1234:web:abcd' },
    `bench-${run}-${index}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${authHost.replace(/^https?:\/\//, '')}`, { disableWarnings: true });
  const db = getFirestore(app);
  const [host, port] = firestoreHost.split(':');
  connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port));
  await signInWithEmailAndPassword(auth, email, password);
  return { app, db, auth };
}

/** Polls until `done` holds for the tickets of this run, or the timeout. */
async function waitFor(
  done: (rows: FirebaseFirestore.QueryDocumentSnapshot[]) => boolean,
): Promise<FirebaseFirestore.QueryDocumentSnapshot[]> {
  const until = Date.now() + TIMEOUT_MS;
  for (;;) {
    const rows = (await adminDb.collection('tickets').where('tags', 'array-contains', tag).get()).docs;
    if (done(rows) || Date.now() > until) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function roundRobin(): Promise<boolean> {
  const agents = await Promise.all(Array.from({ length: AGENTS }, (_, i) => person('agent', i, { available: true })));
  await adminDb.doc(`triggers/bench-rr-${run}`).set({
    title: 'Urgent to the team (bench)',
    active: true,
    order: 1,
    on: ['created'],
    all: [{ property: 'subject', operator: 'contains', value: word }],
    any: [],
    actions: { assignee: { kind: 'roundRobin', agents: agents.map((a) => a.uid), cap: 1000 }, addTags: [tag] },
    updatedAt: Timestamp.now(),
    updatedBy: 'bench',
  });
  const customers = await Promise.all(
    Array.from({ length: TICKETS }, async (_, i) => {
      const who = await person('customer', i);
      return signedIn(who.email, who.password, i);
    }),
  );
  const started = new Map<string, number>();
  let resubmitted = 0;
  const submitted = await Promise.all(
    customers.map(async (ctx, i) => {
      // Every submission serialises on the ticket counter (bench:submit): one that gave up is sent again.
      for (let attempt = 0; ; attempt += 1) {
        const at = performance.now();
        try {
          const ticket = await createTicket(ctx, {
            subject: `Urgent ${word} ${i}`,
            description: 'Submitted in a burst.',
            priority: 'urgent',
          });
          started.set(ticket.id, at);
          return ticket.id;
        } catch (error) {
          if (attempt >= 5) throw error;
          resubmitted += 1;
        }
      }
    }),
  );
  const assignedAt = new Map<string, number>();
  const rows = await waitFor((list) => {
    for (const row of list) {
      if (row.get('assigneeId') && !assignedAt.has(row.id)) assignedAt.set(row.id, performance.now());
    }
    return assignedAt.size >= TICKETS;
  });
  const counts = new Map(agents.map((a) => [a.uid, 0]));
  for (const row of rows) {
    const uid = row.get('assigneeId') as string | null;
    if (uid) counts.set(uid, (counts.get(uid) ?? 0) + 1);
  }
  let twice = 0;
  await Promise.all(
    submitted.map(async (id) => {
      const events = await adminDb.collection(`tickets/${id}/events`).where('type', '==', 'assignee').get();
      if (events.size > 1) twice += 1;
    }),
  );
  const times = [...assignedAt].map(([id, at]) => at - (started.get(id) ?? at)).sort((a, b) => a - b);
  const perAgent = [...counts.values()];
  console.log(`bench:round-robin — ${TICKETS} urgent requests at once over ${AGENTS} available agents`);
  console.log(`  submissions sent again after the counter's contention  ${resubmitted}`);
  console.log(`  assigned            ${assignedAt.size}/${TICKETS}`);
  console.log(`  per agent           ${perAgent.join(', ')}`);
  console.log(`  assigned twice      ${twice}`);
  console.log(`  agents skipped      ${perAgent.filter((count) => count === 0).length}`);
  console.log(`  even                ${Math.max(...perAgent) - Math.min(...perAgent) <= 1 ? 'yes' : 'no'}`);
  console.log(
    `  submit → assigned   p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  );
  await Promise.all(customers.map((ctx) => deleteApp(ctx.app)));
  // The counts are what this bench is for: an uneven, doubled or missing assignment fails it.
  const fair =
    assignedAt.size === TICKETS &&
    twice === 0 &&
    perAgent.every((count) => count > 0) &&
    Math.max(...perAgent) - Math.min(...perAgent) <= 1;
  if (!fair) console.error('bench:round-robin: the assignment was not fair (see the counts above)');
  return fair;
}

async function latency(): Promise<boolean> {
  await adminDb.doc(`triggers/bench-tag-${run}`).set({
    title: 'Tag the bench’s requests',
    active: true,
    order: 1,
    on: ['created'],
    all: [{ property: 'subject', operator: 'contains', value: word }],
    any: [],
    actions: { addTags: [tag], priority: 'high' },
    updatedAt: Timestamp.now(),
    updatedBy: 'bench',
  });
  const who = await person('customer', 0);
  const ctx = await signedIn(who.email, who.password, 0);
  const times: number[] = [];
  for (let i = 0; i < TICKETS; i += 1) {
    const at = performance.now();
    const ticket = await createTicket(ctx, {
      subject: `Help ${word} ${i}`,
      description: 'One at a time.',
      priority: 'normal',
    });
    const rows = await waitFor((list) => list.some((row) => row.id === ticket.id));
    if (rows.some((row) => row.id === ticket.id)) times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  console.log(`bench:triggers — ${TICKETS} requests one at a time, each changed by one trigger`);
  console.log(`  acted on            ${times.length}/${TICKETS}`);
  console.log(
    `  submit → trigger's change seen  p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  );
  await deleteApp(ctx.app);
  return times.length === TICKETS;
}

(mode === 'latency' ? latency() : roundRobin())
  .then(async (ok) => {
    await deleteAdminApp(admin);
    process.exit(ok ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
