/**
 * Shared setup of the security rules tests (`npm run test:rules`): which emulators run, the
 * rules test environment, people of each role, and tickets written past the rules.
 */
import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { Timestamp, doc, setDoc, type DocumentData, type Firestore } from 'firebase/firestore';
import type { Role } from '@/domain/roles';
import type { TicketStatus } from '@/domain/types';

export const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
export const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;

/** The one-line reason a part skips, or `null` when it can run. */
export const firestoreSkipReason = firestoreHost
  ? null
  : 'Firestore emulator not running (FIRESTORE_EMULATOR_HOST unset): npm test starts one from the gcloud SDK jar, or run npm run test:rules with Java 21';
export const storageSkipReason =
  firestoreHost && storageHost
    ? null
    : 'Storage emulator not running (FIREBASE_STORAGE_EMULATOR_HOST unset; it downloads its rules runtime, needs Java 21 and a network): run npm run test:rules where it can';

function hostAndPort(value: string): { host: string; port: number } {
  const [host, port] = value.replace(/^https?:\/\//, '').split(':');
  return { host: host ?? '127.0.0.1', port: Number(port) };
}

/** A rules test environment on the running emulators with this repository's rules files. */
export function rulesEnvironment(projectId: string, withStorage: boolean): Promise<RulesTestEnvironment> {
  if (!firestoreHost) throw new Error(firestoreSkipReason ?? 'no Firestore emulator');
  return initializeTestEnvironment({
    projectId,
    firestore: { ...hostAndPort(firestoreHost), rules: readFileSync('firestore.rules', 'utf8') },
    ...(withStorage && storageHost
      ? { storage: { ...hostAndPort(storageHost), rules: readFileSync('storage.rules', 'utf8') } }
      : {}),
  });
}

/** The people of every test: uid = name; `outsider` is a customer with no part in the tickets. */
export const PEOPLE = {
  carol: { role: 'customer', displayName: 'Carol Customer' },
  outsider: { role: 'customer', displayName: 'Olga Outsider' },
  alice: { role: 'agent', displayName: 'Alice Agent' },
  bob: { role: 'agent', displayName: 'Bob Agent' },
  ada: { role: 'admin', displayName: 'Ada Admin' },
} as const satisfies Record<string, { role: Role; displayName: string }>;

/** One of {@link PEOPLE}. */
export type PersonId = keyof typeof PEOPLE;

/** A signed-in person's context, with the email their profile holds. */
export function as(env: RulesTestEnvironment, uid: string): RulesTestContext {
  return env.authenticatedContext(uid, { email: `${uid}@example.com` });
}

/** A point in the past as a Firestore Timestamp (seeded data is older than any request). */
export const PAST = Timestamp.fromDate(new Date('2026-01-05T10:00:00Z'));

/** Writes the profiles of {@link PEOPLE}, the ticket counter and desk settings, past the rules. */
export async function seedPeople(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const [uid, person] of Object.entries(PEOPLE)) {
      await setDoc(doc(db, 'users', uid), {
        ...person,
        email: `${uid}@example.com`,
        createdAt: PAST,
        updatedAt: PAST,
      });
    }
    await setDoc(doc(db, 'counters', 'tickets'), { lastNumber: 100 });
  });
}

/** Carol's ticket as stored, with `overrides` (e.g. a status and its timestamps). */
export function storedTicket(overrides: DocumentData = {}): DocumentData {
  return {
    number: 7,
    subject: 'Printer on fire',
    status: 'open' satisfies TicketStatus,
    priority: 'normal',
    category: null,
    tags: ['printer'],
    requesterId: 'carol',
    requesterName: PEOPLE.carol.displayName,
    assigneeId: 'alice',
    assigneeName: PEOPLE.alice.displayName,
    createdAt: PAST,
    updatedAt: PAST,
    lastMessageAt: PAST,
    lastMessageBy: 'customer',
    ...overrides,
  };
}

/** A stored message (public unless `internal`). */
export function storedMessage(overrides: DocumentData = {}): DocumentData {
  return {
    authorId: 'carol',
    authorName: PEOPLE.carol.displayName,
    authorRole: 'customer',
    body: 'It is still smoking.',
    internal: false,
    attachments: [],
    createdAt: PAST,
    ...overrides,
  };
}

/** Writes documents past the rules: `{ 'tickets/t1': {...}, 'tickets/t1/messages/m1': {...} }`. */
export async function seedDocs(env: RulesTestEnvironment, docs: Record<string, DocumentData>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const [path, data] of Object.entries(docs)) await setDoc(doc(db, path), data);
  });
}

/** The modular Firestore of a test context. */
export function firestoreOf(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}
