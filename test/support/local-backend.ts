/**
 * The local backend (IndexedDB on fake-indexeddb) as the screen tests use it: a fresh seeded
 * desk per call, more clients of the same desk (each with its own session, like another tab),
 * the demo people of the seed signed in, and one-off reads of what is stored or watched.
 */
import { createBackend } from '@/backend/local/create-local-backend';
import { openTriageDb } from '@/backend/local/core/db';
import { DEMO_ACCOUNTS, type DemoAccount } from '@/backend/local/seed/demo-accounts';
import { createMemoryStorage } from '@/backend/local/auth/session';
import type { ErrorListener, Unsubscribe } from '@/backend/port/subscriptions';
import type { TicketPage, TicketQuery } from '@/backend/port/tickets';
import type { Backend } from '@/backend/port/backend';
import type { Role } from '@/domain/roles';
import type { Message, Ticket, UserProfile } from '@/domain/types';

let dbCounter = 0;

/** A database name no other client of this test file has used yet. */
function uniqueDbName(): string {
  dbCounter += 1;
  return `screens-${Date.now()}-${dbCounter}`;
}

/** What {@link localTestBackend} takes. */
export interface LocalTestBackendOptions {
  /** Seed the demo desk of `demo-accounts.ts` when the database is still empty. */
  seed: boolean;
  /**
   * Whether the seeded desk has its 90 days of history (default false: the scenarios' 42 tickets,
   * numbered 1..42). The history is there for the reports; it is most of a seed's writes.
   */
  history?: boolean;
  /**
   * Whether the seeded desk has its demo triggers (default false: tests see the desk's tickets
   * change only by what they do; the app's first run has them).
   */
  triggers?: boolean;
  /** The database; clients on the same name share data. Default: a fresh {@link uniqueDbName}. */
  dbName?: string;
  /** The backend's clock, ms since the epoch (default `Date.now`). */
  now?: () => number;
}

/**
 * A client of the local backend. Its session lives in memory, as if each client were its own
 * browser on one shared database, so two clients are two people; passwords are hashed with 1 000
 * PBKDF2 iterations instead of the app's `DEFAULT_PBKDF2_ITERATIONS` (these tests check behaviour,
 * not brute-force resistance), and a seeded desk has no history or triggers unless asked for.
 */
export function localTestBackend({
  seed,
  history = false,
  triggers = false,
  dbName = uniqueDbName(),
  now,
}: LocalTestBackendOptions): Backend {
  return createBackend(
    { backend: 'local', recaptchaSiteKey: null },
    {
      dbName,
      seed,
      seedHistory: history,
      seedTriggers: triggers,
      pbkdf2Iterations: 1000,
      sharedSessionStorage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
      now,
      // The screens do not wait for the schedule (tests that need it run a pass themselves).
      automationIntervalMs: 0,
    },
  );
}

/** A seeded demo account: the one with this email, or the first of this role. Throws when none is. */
export function demoAccount(which: Role | `${string}@${string}`): DemoAccount {
  const found = DEMO_ACCOUNTS.find((candidate) =>
    which.includes('@') ? candidate.email === which : candidate.role === which,
  );
  if (!found) throw new Error(`no seeded account ${which}`);
  return found;
}

/** Signs the demo account `who` in on `backend`; resolves with their profile. */
export function signInDemo(backend: Backend, who: DemoAccount): Promise<UserProfile> {
  return backend.auth.signIn({ email: who.email, password: who.password });
}

/** A fresh seeded desk with `who` signed in: its database name, the client, and their profile. */
export async function seededDeskAs(who: DemoAccount): Promise<{ dbName: string; backend: Backend; me: UserProfile }> {
  const dbName = uniqueDbName();
  const backend = localTestBackend({ seed: true, dbName });
  const me = await signInDemo(backend, who);
  return { dbName, backend, me };
}

/**
 * Another client of the desk in `dbName` with `who` signed in: its own session, as a second tab
 * has. It seeds nothing (the desk is there already).
 */
export async function secondClient(dbName: string, who: DemoAccount): Promise<Backend> {
  const backend = localTestBackend({ seed: false, dbName });
  await signInDemo(backend, who);
  return backend;
}

/** Every ticket stored in `dbName`, read from IndexedDB directly, bypassing the port and its rules. */
export async function storedTickets(dbName: string): Promise<Ticket[]> {
  const db = openTriageDb(dbName);
  try {
    return await db.tickets.toArray();
  } finally {
    db.close();
  }
}

/** Every ticket's agents-only custom field values stored in the local database `dbName`, by ticket id. */
export async function storedAgentValues(dbName: string): Promise<Map<string, Record<string, unknown>>> {
  const db = openTriageDb(dbName);
  try {
    return new Map((await db.agentFields.toArray()).map((record) => [record.ticketId, record.values]));
  } finally {
    db.close();
  }
}

/** Every profile stored in the local database `dbName` (read directly, outside the port). */
export async function storedUsers(dbName: string): Promise<UserProfile[]> {
  const db = openTriageDb(dbName);
  try {
    return await db.users.toArray();
  } finally {
    db.close();
  }
}

/**
 * The first value a live subscription delivers; it is then unsubscribed. `watch` subscribes
 * with the two listeners, as the port's `watch…` methods take them.
 */
export function firstValue<T>(watch: (onNext: (value: T) => void, onError: ErrorListener) => Unsubscribe): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const stop = watch(
      (value) => {
        if (settled) return;
        settled = true;
        resolve(value);
        // Deferred: the first value may arrive before `watch` has returned `stop`.
        queueMicrotask(() => stop());
      },
      (error) => reject(new Error(error.message)),
    );
  });
}

/** The messages of a ticket the backend's signed-in person may see, read once. */
export function messagesOf(backend: Backend, ticketId: string): Promise<Message[]> {
  return firstValue((onNext, onError) => backend.messages.watch(ticketId, onNext, onError));
}

/** The first page of tickets for `query` the backend's signed-in person may see, read once. */
export async function firstTickets(backend: Backend, query: TicketQuery): Promise<Ticket[]> {
  const page = await firstValue<TicketPage>((onNext, onError) => backend.tickets.watchList(query, onNext, onError));
  return page.tickets;
}
