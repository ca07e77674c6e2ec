/**
 * `npm run seed:firebase`: writes local mode's demo desk (DESIGN §1: the first admin comes with
 * the seed data) into the Firebase Emulator Suite — the people of `demo-accounts.ts` as Auth
 * accounts with their demo passwords, and their profiles, the tickets (90 days of history among
 * them) with conversations and audit trails, the ratings, the per-day statistics, the ticket
 * counter and the desk settings as Firestore documents, in the shapes the Firebase adapter reads
 * (`src/backend/firebase/firestore-*.ts`). The statistics are what `ticketWritten` would write
 * for each ticket (the seed plays trusted code); with the Functions emulator running it writes
 * the same entries again.
 *
 * Emulators only: it sets the emulator variables itself (from `firebase.json` unless already
 * set), so it never reaches a hosted project. Idempotent: an existing account keeps its uid and
 * password, and a desk that already has a ticket counter is left as it is. The desk takes several
 * batches: a seed first claims the desk (`counters/seeding`, so two seeds cannot both write), and
 * writes the counter last with the claim's removal; a seed interrupted in between leaves its
 * claim, and a run after the claim has gone stale ({@link SEED_CLAIM_STALE_MS}) clears what it
 * wrote and writes the desk again.
 *
 *   npm run seed:firebase [-- --project demo-triage]
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { fieldFilterKeys, searchKeysFor, withFieldKeys } from '@/domain/search-keys';
import { fieldsFor } from '@/domain/custom-fields';
import { fieldSortValues } from '@/domain/field-sort';
import { fieldRulesSummary } from '@/domain/plans/field-values';
import { personSearchKeysFor } from '@/domain/people';
import { getFirestore, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { DEMO_ACCOUNTS, type DemoAccount } from '@/backend/local/seed/demo-accounts';
import { buildDemoDesk, type DemoDesk } from '@/backend/local/seed/demo-desk';
import {
  dayStatsOfTickets,
  STATS_LEDGER,
  statsEntriesOf,
  type DayStats,
  type StatsEntry,
} from '@/domain/reports/day-stats';
import { slaStateAfter } from '@/domain/sla/ticket-sla';
import type { IsoDateTime } from '@/domain/types';

/** The Emulator Suite's demo project (`firebase.json`'s single project, `.env.example`). */
export const DEMO_PROJECT_ID = 'demo-triage';

/** Firestore's limit on the writes of one batch. */
export const MAX_BATCH_WRITES = 500;

/** The ticket counter: written last, its presence says the desk is seeded (or in use). */
export const COUNTER_PATH = 'counters/tickets';

/** A running seed's claim on the desk, removed with the counter's creation. */
export const SEED_CLAIM_PATH = 'counters/seeding';

/** After this long a claim is an interrupted seed's (a seed takes seconds), in ms. */
export const SEED_CLAIM_STALE_MS = 2 * 60_000;

/** The collections a seed writes besides profiles and settings: cleared when an interrupted seed is taken over. */
const SEEDED_COLLECTIONS = ['tickets', 'ratings', 'stats', STATS_LEDGER] as const;

/** The emulated services the seed and the dev script use, as `firebase.json` names them. */
export type EmulatorName = 'auth' | 'firestore' | 'storage' | 'ui';

/** `host:port` of each emulator that `firebase.json` configures. */
export type EmulatorHosts = Partial<Record<EmulatorName, string>>;

/** The variables through which the Admin SDK (and the adapter under Node) find the emulators. */
export const EMULATOR_HOST_VARIABLES = {
  auth: 'FIREBASE_AUTH_EMULATOR_HOST',
  firestore: 'FIRESTORE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
} as const;

/**
 * The emulators of a parsed `firebase.json` and where they listen.
 * @returns `host:port` for each of auth, firestore, storage and ui that has a port (the host
 *   defaults to 127.0.0.1, as firebase-tools does); the UI only when it is not disabled.
 */
export function emulatorHostsFrom(config: unknown): EmulatorHosts {
  const emulators = (config as { emulators?: Record<string, unknown> } | null)?.emulators ?? {};
  const hosts: EmulatorHosts = {};
  for (const name of ['auth', 'firestore', 'storage', 'ui'] as const) {
    const entry = emulators[name] as { host?: unknown; port?: unknown; enabled?: unknown } | undefined;
    if (!entry || typeof entry.port !== 'number' || entry.enabled === false) continue;
    hosts[name] = `${typeof entry.host === 'string' ? entry.host : '127.0.0.1'}:${entry.port}`;
  }
  return hosts;
}

/** The emulators of the repository's `firebase.json` (read from the working directory). */
export function configuredEmulatorHosts(file = 'firebase.json'): EmulatorHosts {
  return emulatorHostsFrom(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Points the Admin SDK at the Auth and Firestore emulators: keeps a variable that is already
 * set (as `firebase emulators:exec` sets them), else takes the port of `firebase.json`; and
 * turns off the metadata-server probe of Google's auth library (`METADATA_SERVER_DETECTION`).
 * @throws Error when neither says where an emulator listens.
 */
export function pointAtEmulators(hosts: EmulatorHosts = configuredEmulatorHosts()): {
  auth: string;
  firestore: string;
} {
  const where = (name: 'auth' | 'firestore'): string => {
    const variable = EMULATOR_HOST_VARIABLES[name];
    const host = process.env[variable] || hosts[name];
    if (!host) throw new Error(`No ${name} emulator: set ${variable} or configure emulators.${name} in firebase.json.`);
    process.env[variable] = host;
    return host;
  };
  // The emulators need no credentials: keep google-auth-library from probing for the Compute
  // Engine metadata server (a request to a Google host, and a warning where it is refused).
  process.env.METADATA_SERVER_DETECTION ||= 'none';
  return { auth: where('auth'), firestore: where('firestore') };
}

/** One Firestore document to write: its path and its fields. */
export interface SeedDocument {
  path: string;
  data: DocumentData;
}

const timestamp = (iso: IsoDateTime): Timestamp => Timestamp.fromMillis(Date.parse(iso));

/** The optional timestamp fields the adapter's updates add: present only once they happened. */
function optionalTimestamps(fields: Record<string, IsoDateTime | undefined>): Record<string, Timestamp> {
  const present = Object.entries(fields).filter((entry): entry is [string, IsoDateTime] => entry[1] !== undefined);
  return Object.fromEntries(present.map(([name, iso]) => [name, timestamp(iso)]));
}

/**
 * The desk's tickets as `ticketWritten` counts them: with the SLA record a first write completes,
 * and their agents-only values beside their own (their dropdowns count, DESIGN §11).
 */
const statsTicketsOf = (desk: DemoDesk) => {
  const agents = new Map(desk.agentFields.map((record) => [record.ticketId, record.values]));
  return desk.tickets.map((ticket) => ({
    ...ticket,
    sla: slaStateAfter(null, ticket),
    fields: { ...ticket.fields, ...agents.get(ticket.id) },
  }));
};

/** The desk settings and field definitions the statistics are counted under. */
const statsDeskOf = (desk: DemoDesk) => ({ ...desk.settings.value, fieldDefinitions: desk.customFields.fields });

/**
 * The per-day statistics trusted code keeps for the desk's tickets (DESIGN §11): each ticket's
 * entries as `ticketWritten` derives them from the ticket as stored — with the SLA record it
 * completes on a ticket's first write (`slaStateAfter`) — counted under the desk's settings.
 * @returns one {@link DayStats} per day that has entries, oldest first.
 */
export function deskDayStats(desk: DemoDesk): DayStats[] {
  return dayStatsOfTickets(statsTicketsOf(desk), statsDeskOf(desk));
}

/**
 * What `ticketWritten` keeps as counted for each ticket (`statsLedger/{ticketId}`), so that the
 * trigger fired by a seeded ticket finds it counted and counts nothing twice.
 */
export function deskStatsLedgers(desk: DemoDesk): { ticketId: string; entries: StatsEntry[] }[] {
  return statsTicketsOf(desk).map((ticket) => ({
    ticketId: ticket.id,
    entries: statsEntriesOf(ticket, statsDeskOf(desk)),
  }));
}

/**
 * The id of an audit entry's document: a submission under the id the Cloud Function gives it
 * (`submitted`), so that the trigger fired by the seeded ticket finds it there and does not write
 * a second one; the others under their own.
 */
function eventDocumentId(event: DemoDesk['events'][number]): string {
  return event.from === null && event.to === 'new' ? 'submitted' : event.id;
}

/**
 * The demo desk as Firestore documents, in the shapes the Firebase adapter writes (DESIGN §3):
 * Timestamps where it stores server timestamps; `assigneeId`/`assigneeName`/`category` always
 * present, `null` when empty (the "unassigned" queue queries `assigneeId == null`); a history
 * ticket's SLA record as trusted code had it before the ticket's last write (`ticketWritten`
 * completes it); `ratings/{ticketId}` as `rateTicket` writes them; `stats/{day}` and `statsLedger/{ticketId}` as
 * `recordTicketStats` keeps them ({@link deskDayStats}, {@link deskStatsLedgers}); the counter as `{ lastNumber }`; ids only in
 * paths. `counters/tickets` comes last.
 */
export function deskDocuments(desk: DemoDesk): SeedDocument[] {
  const users = desk.users.map((user): SeedDocument => ({
    path: `users/${user.uid}`,
    data: {
      displayName: user.displayName,
      email: user.email,
      role: user.role,
      ...(user.photoPath ? { photoPath: user.photoPath } : {}),
      ...(user.available !== undefined ? { available: user.available } : {}),
      // As `userWritten` keeps them (DESIGN §3 "Finding people").
      searchKeys: personSearchKeysFor(user),
      createdAt: timestamp(user.createdAt),
      updatedAt: timestamp(user.updatedAt),
    },
  }));
  const emails = new Map(desk.users.map((user) => [user.uid, user.email]));
  const tickets = desk.tickets.map((ticket): SeedDocument => ({
    path: `tickets/${ticket.id}`,
    data: {
      number: ticket.number,
      subject: ticket.subject,
      status: ticket.status,
      priority: ticket.priority,
      category: ticket.category ?? null,
      tags: [...ticket.tags],
      requesterId: ticket.requesterId,
      requesterName: ticket.requesterName,
      assigneeId: ticket.assigneeId ?? null,
      assigneeName: ticket.assigneeName ?? null,
      createdAt: timestamp(ticket.createdAt),
      updatedAt: timestamp(ticket.updatedAt),
      lastMessageAt: timestamp(ticket.lastMessageAt),
      lastMessageBy: ticket.lastMessageBy,
      ...optionalTimestamps({
        firstResponseAt: ticket.firstResponseAt,
        solvedAt: ticket.solvedAt,
        closedAt: ticket.closedAt,
      }),
      // What the adapter writes with each ticket, so the seeded desk is searchable.
      searchKeys: withFieldKeys(
        searchKeysFor({ ...ticket, requesterEmail: emails.get(ticket.requesterId) }),
        fieldFilterKeys(ticket.fields),
      ),
      ...(ticket.followUpOf ? { followUpOf: ticket.followUpOf } : {}),
      ...(ticket.fields ? { fields: structuredClone(ticket.fields) } : {}),
      // The fields' sort slots, as trusted code keeps them (DESIGN §3 "Custom fields").
      ...fieldSortValues(desk.customFields.fields, ticket.fields ?? {}),
      ...(ticket.sla ? { sla: structuredClone(ticket.sla) } : {}),
    },
  }));
  const messages = desk.messages.map((message): SeedDocument => ({
    path: `tickets/${message.ticketId}/messages/${message.id}`,
    data: {
      authorId: message.authorId,
      authorName: message.authorName,
      authorRole: message.authorRole,
      body: message.body,
      internal: message.internal,
      attachments: message.attachments.map(({ path, name, size, contentType }) => ({ path, name, size, contentType })),
      createdAt: timestamp(message.createdAt),
    },
  }));
  const events = desk.events.map((event): SeedDocument => ({
    path: `tickets/${event.ticketId}/events/${eventDocumentId(event)}`,
    data: { type: event.type, from: event.from, to: event.to, actorId: event.actorId, at: timestamp(event.at) },
  }));
  const ratings = desk.ratings.map((rating): SeedDocument => ({
    path: `ratings/${rating.ticketId}`,
    data: {
      ticketId: rating.ticketId,
      requesterId: rating.requesterId,
      score: rating.score,
      ...(rating.comment ? { comment: rating.comment } : {}),
      createdAt: timestamp(rating.createdAt),
    },
  }));
  const stats = deskDayStats(desk).map((day): SeedDocument => ({ path: `stats/${day.day}`, data: { ...day } }));
  const ledgers = deskStatsLedgers(desk).map(({ ticketId, entries }): SeedDocument => ({
    path: `${STATS_LEDGER}/${ticketId}`,
    data: { entries },
  }));
  const settings: SeedDocument = { path: 'settings/desk', data: structuredClone(desk.settings.value) };
  // Macros: one document each, shared (`ownerId: null`) or personal (DESIGN §3 "Macros").
  const macros = desk.macros.map(({ id, updatedAt, ...macro }): SeedDocument => ({
    path: `macros/${id}`,
    data: { ...structuredClone(macro), updatedAt: timestamp(updatedAt ?? desk.settings.updatedAt) },
  }));
  // The desk's triggers (DESIGN §10 "Triggers"), as `settings.saveTrigger` stores them.
  const triggers = desk.triggers.map(({ id, updatedAt, ...trigger }): SeedDocument => ({
    path: `triggers/${id}`,
    data: { ...structuredClone(trigger), updatedAt: timestamp(updatedAt) },
  }));
  // The recurring tickets (DESIGN §10 "Recurring tickets"), as `settings.saveRecurringTicket` stores them.
  const recurringTickets = desk.recurringTickets.map(({ id, updatedAt, ...recurring }): SeedDocument => ({
    path: `recurringTickets/${id}`,
    data: { ...structuredClone(recurring), updatedAt: timestamp(updatedAt) },
  }));
  // The ticket fields: every field for staff, those customers see apart (see firestore-fields.ts).
  const fieldsAt = timestamp(desk.customFields.updatedAt);
  const fields: SeedDocument[] = [
    {
      path: 'settings/fields',
      data: {
        fields: desk.customFields.fields,
        summary: fieldRulesSummary(desk.customFields.fields),
        updatedBy: desk.customFields.updatedBy,
        updatedAt: fieldsAt,
      },
    },
    {
      path: 'settings/customer-fields',
      data: { fields: fieldsFor(desk.customFields.fields, false), updatedAt: fieldsAt },
    },
  ];
  // Agents-only values: each ticket's staff-only document (see firestore-fields.ts), as of its last change.
  const updatedAt = new Map(desk.tickets.map((ticket) => [ticket.id, ticket.updatedAt]));
  const agentFields = desk.agentFields.map((record): SeedDocument => ({
    path: `tickets/${record.ticketId}/agentFields/values`,
    data: {
      values: structuredClone(record.values),
      updatedAt: timestamp(updatedAt.get(record.ticketId) ?? desk.customFields.updatedAt),
      updatedBy: desk.customFields.updatedBy,
    },
  }));
  const counter: SeedDocument = { path: COUNTER_PATH, data: { lastNumber: desk.counter.value } };
  return [
    ...users,
    settings,
    ...macros,
    ...recurringTickets,
    ...fields,
    ...tickets,
    ...agentFields,
    ...messages,
    ...events,
    ...ratings,
    ...stats,
    ...ledgers,
    // Last but the counter: the Functions emulator runs the triggers on the tickets' writes it
    // handles after they exist (the urgent rule takes only unassigned tickets; none is tagged vip).
    ...triggers,
    counter,
  ];
}

/** What a seed run did. */
export interface SeedReport {
  projectId: string;
  /** Demo accounts created in Auth this run (the others existed and were kept). */
  accountsCreated: number;
  /** Whether the Firestore desk was written (false: it was there already). */
  deskWritten: boolean;
  /** Documents written (0 when the desk was there already). */
  documents: number;
}

/**
 * Finds each demo account in Auth by email, creating the missing ones (verified, with the
 * demo password) — so the uids of `users/{uid}` are the Auth accounts' own.
 * @returns the uid of each {@link DEMO_ACCOUNTS} entry, in order, and how many were created.
 */
async function ensureAccounts(auth: Auth): Promise<{ uids: string[]; created: number }> {
  const uids: string[] = [];
  let created = 0;
  const findOrCreate = async (account: DemoAccount): Promise<string> => {
    try {
      return (await auth.getUserByEmail(account.email)).uid;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
    }
    created += 1;
    const user = await auth.createUser({
      email: account.email,
      password: account.password,
      displayName: account.displayName,
      emailVerified: true,
    });
    return user.uid;
  };
  for (const account of DEMO_ACCOUNTS) uids.push(await findOrCreate(account));
  return { uids, created };
}

/** Firestore's code for a `create` over an existing document. */
const ALREADY_EXISTS = 6;

/**
 * Claims the desk for this seed ({@link SEED_CLAIM_PATH}): created, so two seeds cannot both
 * hold it; a claim older than {@link SEED_CLAIM_STALE_MS} is an interrupted seed's, taken over.
 * @param now ms since the epoch.
 * @returns whether an interrupted seed's claim was taken over (its documents are to be cleared).
 * @throws Error when another seed's claim is recent: it may still be writing.
 */
async function claimDesk(db: Firestore, now: number): Promise<boolean> {
  const claim = db.doc(SEED_CLAIM_PATH);
  const data = { startedAt: Timestamp.fromMillis(now) };
  try {
    await claim.create(data);
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
  }
  const held = await claim.get();
  // Removed between the two calls: that seed has just finished.
  if (!held.exists) return claimDesk(db, now);
  const startedAt = held.get('startedAt') as unknown;
  const since = startedAt instanceof Timestamp ? startedAt.toMillis() : 0;
  if (now - since < SEED_CLAIM_STALE_MS) {
    throw new Error(
      `Another seed claimed the desk at ${new Date(since).toISOString()} and may still be writing it. ` +
        `Run the seed again once it has finished (or, if it was interrupted, after ${SEED_CLAIM_STALE_MS / 60_000} minutes).`,
    );
  }
  // Only over the stale claim as read: of two seeds taking it over, one fails here.
  await claim.update(data, held.updateTime ? { lastUpdateTime: held.updateTime } : {});
  return true;
}

/**
 * Writes the desk unless `counters/tickets` exists (the desk was seeded, or has had tickets):
 * claims the desk, clears what an interrupted seed left, writes the documents in batches of at
 * most {@link MAX_BATCH_WRITES} in their order, and last creates the counter and removes the
 * claim in one batch — so a desk with a counter is a whole one.
 * @param documents as {@link deskDocuments} makes them, the counter among them.
 * @param now ms since the epoch, to judge a claim's age.
 * @returns the number of documents written, 0 when the desk was there already.
 * @throws Error when another seed holds a recent claim; the Firestore error of a failed commit
 *   (the claim then stays, and a later run writes the desk again).
 */
export async function writeDesk(db: Firestore, documents: readonly SeedDocument[], now = Date.now()): Promise<number> {
  const counter = documents.find((document) => document.path === COUNTER_PATH);
  if (!counter) throw new Error(`The desk's documents have no ${COUNTER_PATH}.`);
  const seeded = async () => (await db.doc(COUNTER_PATH).get()).exists;
  if (await seeded()) return 0;
  const interrupted = await claimDesk(db, now);
  if (await seeded()) {
    // Another seed finished between the first look and the claim.
    await db.doc(SEED_CLAIM_PATH).delete();
    return 0;
  }
  if (interrupted) {
    for (const name of SEEDED_COLLECTIONS) await db.recursiveDelete(db.collection(name));
  }
  const rest = documents.filter((document) => document !== counter);
  for (let start = 0; start < rest.length; start += MAX_BATCH_WRITES) {
    const batch = db.batch();
    for (const { path, data } of rest.slice(start, start + MAX_BATCH_WRITES)) batch.set(db.doc(path), data);
    await batch.commit();
  }
  const last = db.batch();
  last.create(db.doc(COUNTER_PATH), counter.data);
  last.delete(db.doc(SEED_CLAIM_PATH));
  await last.commit();
  return documents.length;
}

/**
 * Seeds the demo desk into the Auth and Firestore emulators (see the file comment).
 * @param options.projectId the emulated project (default `demo-triage`).
 * @param options.now the current time, ms since the epoch (default now): every seeded
 *   timestamp lies before it, solved tickets within the desk's close-after days.
 * @throws Error naming the emulator that cannot be reached; Auth and Firestore errors.
 */
export async function seedFirebaseEmulators(options: { projectId?: string; now?: number } = {}): Promise<SeedReport> {
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  const hosts = pointAtEmulators();
  await assertListening('Auth', hosts.auth);
  await assertListening('Firestore', hosts.firestore);
  const app: App = initializeApp({ projectId }, `triage-seed-${process.pid}-${Date.now()}`);
  try {
    const { uids, created } = await ensureAccounts(getAuth(app));
    const documents = deskDocuments(buildDemoDesk(options.now ?? Date.now(), uids));
    const written = await writeDesk(getFirestore(app), documents);
    return { projectId, accountsCreated: created, deskWritten: written > 0, documents: written };
  } finally {
    await deleteApp(app);
  }
}

/**
 * Whether something accepts TCP connections at `host:port` (an emulator is up), within `ms`.
 * Also `[::1]:port`.
 */
export function isListening(hostPort: string, ms = 1000): Promise<boolean> {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(hostPort.replace(/^https?:\/\//, ''));
  if (!match?.[1] || !match[2]) return Promise.resolve(false);
  const [host, port] = [match[1], Number(match[2])];
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** @throws Error naming the emulator and how to start it, when nothing listens at `hostPort`. */
async function assertListening(what: string, hostPort: string): Promise<void> {
  if (await isListening(hostPort)) return;
  throw new Error(
    `Cannot reach the ${what} emulator at ${hostPort}. Start the Emulator Suite first ` +
      '(`npx firebase emulators:start --project demo-triage`), or use `npm run dev:firebase`.',
  );
}

/** One line per demo account, for the console: who to sign in as. */
export function demoSignInLines(): string[] {
  return DEMO_ACCOUNTS.map((account) => `  ${account.role.padEnd(8)} ${account.email.padEnd(20)} ${account.password}`);
}

/** The command line: `--project <id>`; prints what it did; exit 1 on failure. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { project: { type: 'string' } }, strict: true });
  const report = await seedFirebaseEmulators({
    projectId: values.project ?? process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID,
  });
  console.log(
    `Seeded project ${report.projectId} on the emulators: ` +
      `${report.accountsCreated} demo account(s) created, ` +
      (report.deskWritten ? `${report.documents} documents written.` : 'desk already seeded, left as it is.'),
  );
  console.log(['Demo accounts (role, email, password):', ...demoSignInLines()].join('\n'));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
