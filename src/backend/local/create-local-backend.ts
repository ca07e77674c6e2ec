/**
 * The local adapter's composition root (DESIGN §5 `local/`): the whole {@link Backend} port
 * on IndexedDB through Dexie, so Triage runs with no account and no network. Presence has
 * its own small database next to the desk's (`local/presence/presence.ts`). The webpack
 * build aliases `@backend-adapter` to this file in local mode.
 */
import type { AppConfig } from '@/config/config-schema';
import type { Backend } from '@/backend/port/backend';
import { createLocalAuth } from '@/backend/local/auth/auth';
import { toAppError, type LocalContext } from '@/backend/local/core/context';
import { DEFAULT_DB_NAME, openTriageDb } from '@/backend/local/core/db';
import { createLocalFiles } from '@/backend/local/files/files';
import { createLocalMail, withMailTriggers } from '@/backend/local/mail/mail';
import { createLocalMessages } from '@/backend/local/messages/messages';
import { DEFAULT_PBKDF2_ITERATIONS, DEMO_PBKDF2_ITERATIONS } from '@/backend/local/auth/passwords';
import { createLocalPresence, openPresenceDb } from '@/backend/local/presence/presence';
import { seedDemoData } from '@/backend/local/seed/demo-desk';
import { scheduleAutomation } from '@/backend/local/tickets/automation';
import { AUTOMATION_INTERVAL_MS } from '@/domain/sla/automation';
import {
  defaultSessionStorage,
  defaultSharedSessionStorage,
  LocalSession,
  sessionKey,
  watchOtherTabs,
  type SessionStorageLike,
} from '@/backend/local/auth/session';
import { createLocalSettings } from '@/backend/local/settings/settings';
import { createLocalReports } from '@/backend/local/reports/reports';
import { createLocalTickets } from '@/backend/local/tickets/tickets';
import { withBulk } from '@/backend/shared/bulk-tickets';
import { createLocalUsers } from '@/backend/local/users/users';

/** Knobs for the local adapter; the app uses the defaults, tests override them. */
export interface LocalBackendOptions {
  /** IndexedDB database name (default `triage`). Clients with the same name share data. */
  dbName?: string;
  /**
   * Where the browser's session lives, shared by its tabs (default `window.localStorage`, followed
   * across tabs by the `storage` event; memory without a window). Tests give each "browser" one.
   */
  sharedSessionStorage?: SessionStorageLike;
  /** Where a tab's own session lives, "only in this tab" (default `window.sessionStorage`, or memory). */
  sessionStorage?: SessionStorageLike;
  /** Seed the demo desk on first run (default true). */
  seed?: boolean;
  /**
   * Whether the seeded desk has its 90 days of solved and closed history, for the reports
   * (default true). The screen tests leave it out: it is most of the seed's writes.
   */
  seedHistory?: boolean;
  /**
   * Whether the seeded desk has its demo triggers (default true; `demoTriggers`). The tests leave
   * them out: a test's tickets change only by what it does.
   */
  seedTriggers?: boolean;
  /**
   * PBKDF2 iterations for new password hashes, and the work factor older hashes are raised to at
   * sign-in (default {@link DEFAULT_PBKDF2_ITERATIONS}); tests pass fewer to stay fast.
   */
  pbkdf2Iterations?: number;
  /** The clock, ms since the epoch (default `Date.now`). */
  now?: () => number;
  /**
   * How often the automatic close and SLA breach records run (DESIGN §2, §10), ms; default
   * {@link AUTOMATION_INTERVAL_MS}; 0 turns the schedule off (tests run a pass themselves).
   */
  automationIntervalMs?: number;
}

/**
 * Creates the local backend. Returns at once; the database opens (and, on first run, seeds
 * the demo desk of `seed/demo-accounts.ts`) in the background, and every call waits for that.
 * @param config the app configuration; local mode needs nothing from it (the parameter keeps the
 *   signature the Firebase adapter's `createBackend` has).
 * @returns the {@link Backend} port, `kind: 'local'`.
 */
export function createBackend(config: AppConfig, options: LocalBackendOptions = {}): Backend {
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  const now = options.now ?? Date.now;
  const iterations = options.pbkdf2Iterations ?? DEFAULT_PBKDF2_ITERATIONS;
  const db = openTriageDb(dbName);
  const shared = options.sharedSessionStorage ?? defaultSharedSessionStorage();
  const session = new LocalSession(
    {
      shared,
      tab: options.sessionStorage ?? defaultSessionStorage(),
      // Other tabs write the browser's localStorage; a storage the caller gave is theirs alone.
      watchShared: options.sharedSessionStorage ? undefined : watchOtherTabs,
    },
    sessionKey(dbName),
  );

  const ready = (async () => {
    await db.open();
    if (options.seed !== false) {
      await seedDemoData(db, {
        iterations: Math.min(iterations, DEMO_PBKDF2_ITERATIONS),
        now: now(),
        history: options.seedHistory,
        triggers: options.seedTriggers,
      });
    }
  })().catch((error: unknown) => {
    throw toAppError(error);
  });
  // Callers see the failure on their own calls; this keeps it from also surfacing as unhandled.
  ready.catch(() => undefined);

  const ctx: LocalContext = { db, session, ready, now, iterations };
  const interval = options.automationIntervalMs ?? AUTOMATION_INTERVAL_MS;
  if (interval > 0) scheduleAutomation(ctx, interval);
  // Each write is followed by the emails it causes, as Cloud Functions follow a Firestore write.
  // Each write by a person is followed by the desk's triggers (DESIGN §10 "Triggers"), then by the
  // emails of it all, as Cloud Functions follow a Firestore write.
  const { tickets, messages } = withMailTriggers(ctx, createLocalTickets(ctx), createLocalMessages(ctx));
  return {
    kind: 'local',
    auth: createLocalAuth(ctx),
    users: createLocalUsers(ctx),
    // Bulk changes go through the wrapped update/transition: each ticket's emails too.
    tickets: withBulk(tickets),
    messages,
    files: createLocalFiles(ctx),
    settings: createLocalSettings(ctx),
    // Its own database: presence is ephemeral and stays out of the desk's schema.
    presence: createLocalPresence(ctx, openPresenceDb(dbName)),
    mail: createLocalMail(ctx),
    reports: createLocalReports(ctx),
  };
}
