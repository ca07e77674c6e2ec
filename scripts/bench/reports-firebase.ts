/**
 * `npm run bench:reports:firebase` (inside the Emulator Suite: Auth and Firestore): what a 90-day
 * report costs on Firestore at 10 000 tickets (DESIGN §11). Writes the benchmark desk
 * (`bench/report-desk.ts`) with the Admin SDK in the seed's shapes (`deskDocuments`) — the tickets, the
 * ratings and the `stats/{day}` documents computed by the same domain code `ticketWritten` runs (the
 * Functions emulator is not started: 10 000 trigger runs would take it most of an hour here) —
 * then signs in as an agent with the web SDK and reads the report through the adapter's own
 * `readReport`, under the security rules. Prints the documents returned, the aggregation
 * queries, the reads Firestore bills for them, and the time. Figures, not a test.
 */
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, Timestamp } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { reportRange } from '@/domain/reports/report';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { readReport } from '@/backend/firebase/reports/firestore-reports';
import { benchReportDesk } from './report-desk';
import { deskDocuments } from '../ops/seed-firebase';

const PROJECT_ID = 'demo-triage';
const TICKETS = Number(process.argv.find((arg) => arg.startsWith('--tickets='))?.split('=')[1] ?? 10_000);
const RUNS = 5;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '';
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST ?? '';
if (!authHost || !firestoreHost) {
  console.error(
    'bench:reports:firebase needs the Auth and Firestore emulators (run it with npm run bench:reports:firebase).',
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const admin = initializeAdminApp({ projectId: PROJECT_ID }, 'bench-admin');
  const adminDb = getAdminFirestore(admin);
  adminDb.settings({ ignoreUndefinedProperties: true });
  const people = {
    agents: [
      { uid: 'bench-agent-1', displayName: 'Bench Agent One' },
      { uid: 'bench-agent-2', displayName: 'Bench Agent Two' },
      { uid: 'bench-agent-3', displayName: 'Bench Agent Three' },
    ],
    customers: Array.from({ length: 50 }, (_, i) => ({ uid: `bench-customer-${i}`, displayName: `Customer ${i}` })),
  };
  const reader = { email: `bench-reader-${Date.now().toString(36)}@triage.test`, password: 'bench-reader-42' };
  const { uid } = await getAdminAuth(admin).createUser({ ...reader, emailVerified: true });
  const now = Date.now();
  await adminDb.doc(`users/${uid}`).set({
    displayName: 'Bench Reader',
    email: reader.email,
    role: 'agent',
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  const written = Date.now();
  const { tickets, ratings } = benchReportDesk(TICKETS, now, 1_000_000, people);
  // In the seed's shapes (`deskDocuments`): tickets, ratings, the desk settings and the `stats`
  // days the trigger would have written for these tickets (`deskDayStats`).
  const documents = deskDocuments({
    users: [],
    tickets,
    messages: [],
    events: [],
    ratings,
    counter: { id: 'tickets', value: 1_000_000 + tickets.length - 1 },
    settings: { id: 'desk', value: DEFAULT_DESK_SETTINGS, updatedAt: new Date(now).toISOString() },
    customFields: { id: 'fields', fields: [], updatedBy: uid, updatedAt: new Date(now).toISOString() },
    agentFields: [],
    macros: [],
    triggers: [],
    recurringTickets: [],
  });
  const days = documents.filter((document) => document.path.startsWith('stats/')).length;
  for (let i = 0; i < documents.length; i += 400) {
    const batch = adminDb.batch();
    for (const { path, data } of documents.slice(i, i + 400)) batch.set(adminDb.doc(path), data);
    await batch.commit();
  }
  console.log(
    `bench:reports:firebase: ${tickets.length} tickets, ${ratings.length} ratings and ${days} day documents ` +
      `written in ${((Date.now() - written) / 1000).toFixed(1)} s`,
  );

  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID, authDomain: 'localhost' }, 'bench-web');
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${authHost.replace(/^https?:\/\//, '')}`, { disableWarnings: true });
  const db = getFirestore(app);
  const [host, port] = firestoreHost.replace(/^https?:\/\//, '').split(':');
  connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port));
  await signInWithEmailAndPassword(auth, reader.email, reader.password);

  const times: number[] = [];
  let last: Awaited<ReturnType<typeof readReport>> | undefined;
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    last = await readReport(db, reportRange(90, Date.now(), DEFAULT_DESK_SETTINGS.businessHours.timeZone));
    if (run > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const input = last;
  if (!input) throw new Error('no report read');
  const backlog = Object.values(input.backlog).reduce((sum, n) => sum + n, 0);
  console.log(`\nReports on the Firestore emulator: a 90-day report over ${tickets.length} tickets`);
  console.log(`  day documents returned:       ${input.days.length}`);
  console.log(
    `  aggregation queries:          6 (4 backlog statuses: ${backlog} unsolved tickets; 2 rating scores: ${input.ratings.good + input.ratings.bad} ratings)`,
  );
  console.log(
    `  document reads billed:        ${input.reads}  (a document each, plus one per aggregation per 1000 index entries counted)`,
  );
  console.log(`  read one ticket:              never`);
  console.log(
    `  time (median of ${RUNS}, web SDK to the emulator): ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms`,
  );
  await deleteApp(app);
  await deleteAdminApp(admin);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
