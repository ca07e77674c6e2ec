// The burst of `npm run bench:submit` (see scripts/bench/submit.mjs, which starts the emulators
// and runs this file bundled as CommonJS, so that the adapter's static and lazy imports of the
// Firebase SDK load one copy of it). N customers, each signed up on their own Firebase app (one
// Auth session each), submit one request at the same moment through the Firebase adapter,
// against the Auth and Firestore emulators with this repository's rules. Prints how many were
// accepted, whether the numbers are distinct and gap-free, and the time from submitting to a
// numbered ticket (p50/p95). With --hostile, one more signed-in customer spends the burst trying
// to bump the counter alone and to give one number to several tickets in one batch, in a loop;
// the rules refuse every try, and the figures of the honest ones must not change.
import { parseArgs } from 'node:util';
import { initializeApp, deleteApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { createBackend, type FirebaseBackend } from '@/backend/firebase/create-firebase-backend';
import type { AppConfig } from '@/config/config-schema';

const { values } = parseArgs({
  options: { customers: { type: 'string', default: '50' }, hostile: { type: 'boolean', default: false } },
});
const customers = Number(values.customers);
if (!Number.isInteger(customers) || customers < 1 || customers > 500) {
  console.error('--customers must be a whole number from 1 to 500');
  process.exit(2);
}
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!firestoreHost || !authHost) {
  console.error('The burst needs FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST: run npm run bench:submit.');
  process.exit(2);
}

setLogLevel('silent'); // the hostile client's refusals would flood the output
const PROJECT_ID = 'demo-triage';
const firebase = {
  apiKey: 'demo-api-key',
  authDomain: `${PROJECT_ID}.firebaseapp.com`,
  projectId: PROJECT_ID,
  storageBucket: `${PROJECT_ID}.appspot.com`,
  messagingSenderId: '1234',
  appId: '1:1234:web:abcd',
};
const config: AppConfig = { backend: 'firebase', useEmulators: true, recaptchaSiteKey: null, firebase };
const run = `${process.pid}-${Date.now().toString(36)}`;

/** One signed-up customer on their own Firebase app. */
async function customer(index: number): Promise<FirebaseBackend> {
  const backend = createBackend(config, { appName: `bench-${run}-${index}` });
  await backend.auth.signUp({
    email: `bench-${run}-${index}@example.test`,
    password: 'correct-horse-battery',
    displayName: `Bench customer ${index}`,
  });
  return backend;
}

/** The hostile client: raw SDK writes the rules must refuse, in a loop until `stop()`. */
async function hostileClient() {
  const app = initializeApp(firebase, `bench-hostile-${run}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
  const db = getFirestore(app);
  const [host, port] = (firestoreHost as string).split(':');
  connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port));
  const { user } = await createUserWithEmailAndPassword(auth, `bench-${run}-hostile@example.test`, 'hostile-pass');
  const now = serverTimestamp();
  await setDoc(doc(db, 'users', user.uid), {
    displayName: 'Hostile',
    email: user.email,
    role: 'customer',
    createdAt: now,
    updatedAt: now,
  });
  const counter = doc(db, 'counters', 'tickets');
  let running = true;
  const tries = { bumps: 0, duplicateBatches: 0, accepted: 0 };
  const loop = (async () => {
    while (running) {
      const last = Number((await getDoc(counter).catch(() => null))?.get('lastNumber') ?? 0);
      tries.bumps += 1;
      await updateDoc(counter, { lastNumber: last + 1 }).then(
        () => (tries.accepted += 1),
        () => undefined,
      );
      tries.duplicateBatches += 1;
      const batch = writeBatch(db);
      batch.set(counter, { lastNumber: last + 1 });
      for (let copy = 0; copy < 5; copy += 1) {
        batch.set(doc(db, 'tickets', `hostile-${run}-${tries.duplicateBatches}-${copy}`), {
          number: last + 1,
          subject: 'Duplicate number attempt',
          status: 'new',
          priority: 'normal',
          category: null,
          tags: [],
          requesterId: user.uid,
          requesterName: 'Hostile',
          assigneeId: null,
          assigneeName: null,
          createdAt: now,
          updatedAt: now,
          lastMessageAt: now,
          lastMessageBy: 'customer',
        });
      }
      await batch.commit().then(
        () => (tries.accepted += 1),
        () => undefined,
      );
    }
  })();
  return {
    tries,
    async stop() {
      running = false;
      await loop;
      await deleteApp(app);
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const clients = await Promise.all(Array.from({ length: customers }, (_, index) => customer(index)));
  const hostile = values.hostile ? await hostileClient() : null;
  // Let the hostile loop get going before the burst.
  if (hostile) await new Promise((resolve) => setTimeout(resolve, 500));

  const outcomes = await Promise.all(
    clients.map(async (backend, index) => {
      const started = performance.now();
      try {
        const ticket = await backend.tickets.create({
          subject: `Burst request ${index}`,
          description: 'Submitted in a burst.',
          priority: 'normal',
        });
        return { ok: true as const, number: ticket.number, ms: performance.now() - started };
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'unknown';
        return { ok: false as const, code, ms: performance.now() - started };
      }
    }),
  );
  await hostile?.stop();
  await Promise.all(clients.map((client) => client.dispose()));

  const accepted = outcomes.filter((outcome) => outcome.ok);
  const numbers = accepted.map((outcome) => outcome.number).sort((a, b) => a - b);
  const distinct = new Set(numbers).size;
  const span = numbers.length > 0 ? (numbers.at(-1) as number) - (numbers[0] as number) + 1 : 0;
  const times = accepted.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const refused = outcomes.filter((outcome) => !outcome.ok);

  console.log(`bench:submit — ${customers} customers at once${hostile ? ', with a hostile client' : ''}`);
  console.log(`  accepted            ${accepted.length}/${customers}`);
  console.log(`  distinct numbers    ${distinct}`);
  console.log(`  gaps                ${span - distinct} (numbers ${numbers[0] ?? '-'}…${numbers.at(-1) ?? '-'})`);
  console.log(
    `  to a numbered ticket  p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  );
  if (refused.length > 0) {
    const codes = refused.map((outcome) => (outcome.ok ? '' : outcome.code));
    console.log(`  refused             ${refused.length}: ${[...new Set(codes)].join(', ')}`);
  }
  if (hostile) {
    const { bumps, duplicateBatches, accepted: got } = hostile.tries;
    console.log(
      `  hostile tries       ${bumps} bare counter bumps, ${duplicateBatches} duplicate-number batches; accepted ${got}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
