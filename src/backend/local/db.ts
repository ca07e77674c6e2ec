/**
 * The local adapter's IndexedDB database (DESIGN §5 `local/`), through Dexie 4. One table per
 * Firestore collection of DESIGN §3, plus `credentials` (what Firebase Auth would keep) and
 * `files` (what Cloud Storage would keep, DESIGN §4). Only this folder opens it.
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type Middleware, type Table } from 'dexie';
import type { Role } from '@/domain/roles';
import { TICKET_SORT_FIELDS } from '@/domain/schemas';
import type { AuditEvent, DeskSettings, IsoDateTime, Message, Ticket, UserProfile } from '@/domain/types';

/**
 * A sign-in secret, keyed by lowercased email. Never crosses the port: it plays the part of
 * Firebase Auth's user record, which the app cannot read either.
 */
export interface CredentialRecord {
  /** Lowercased email. */
  email: string;
  uid: string;
  /** PBKDF2-SHA-256 output, base64. */
  hash: string;
  /** Random salt, base64. */
  salt: string;
  iterations: number;
  emailVerified: boolean;
  createdAt: IsoDateTime;
}

/** `counters/{id}`; `tickets` holds the last ticket number handed out. */
export interface CounterRecord {
  id: string;
  value: number;
}

/** `settings/{id}`; only `desk` exists. */
export interface SettingsRecord {
  id: 'desk';
  value: DeskSettings;
  updatedAt: IsoDateTime;
}

/**
 * One stored attachment, keyed by its DESIGN §4 path `tickets/{ticketId}/{messageId}/{name}`.
 * The bytes are kept as an ArrayBuffer rather than a Blob: every IndexedDB (and
 * fake-indexeddb under jsdom) can clone one.
 */
export interface FileRecord {
  path: string;
  ticketId: string;
  messageId: string;
  name: string;
  contentType: string;
  /** Bytes. */
  size: number;
  data: ArrayBuffer;
  uploadedBy: string;
  createdAt: IsoDateTime;
}

/** The typed Dexie database. Messages are keyed `[ticketId+id]`, like a Firestore subcollection. */
export type TriageDb = Dexie & {
  users: Table<UserProfile, string>;
  credentials: Table<CredentialRecord, string>;
  tickets: Table<Ticket, string>;
  messages: Table<Message, [string, string]>;
  events: Table<AuditEvent, string>;
  counters: Table<CounterRecord, string>;
  settings: Table<SettingsRecord, string>;
  files: Table<FileRecord, string>;
};

/** The name of the database the app uses when none is given. */
export const DEFAULT_DB_NAME = 'triage';

/**
 * Version 1 of the schema (the foundation's): the queue read newest activity first, narrowed
 * by requester, assignee or one status. Kept declared so Dexie can upgrade a v1 database.
 */
export const SCHEMA_V1: Readonly<Record<string, string>> = {
  users: 'uid, createdAt, email',
  credentials: 'email, &uid',
  tickets:
    'id, &number, requesterId, status, assigneeId, lastMessageAt, ' +
    '[requesterId+lastMessageAt], [assigneeId+lastMessageAt], [status+lastMessageAt]',
  messages: '[ticketId+id], ticketId, [ticketId+createdAt]',
  events: 'id, ticketId, [ticketId+at]',
  counters: 'id',
  settings: 'id',
  files: 'path, ticketId',
};

/**
 * The stored-only ticket field that makes "unassigned" indexable: the assignee's uid, or `''`
 * for none. IndexedDB leaves a record out of every index over a missing value, so
 * `assigneeId` alone cannot find unassigned tickets. Added on every write and removed on every
 * read of the `tickets` table (see {@link openTriageDb}): it never crosses the port.
 */
export const QUEUE_ASSIGNEE = 'queueAssignee';

/** The {@link QUEUE_ASSIGNEE} value of a ticket with this assignee (`''` for unassigned). */
export function queueAssigneeKey(assigneeId: string | null | undefined): string {
  return assigneeId ?? '';
}

/**
 * Version 2 (issue 3): a queue page and a view count read an index range, never the table.
 * Per sort field F (updatedAt, lastMessageAt, createdAt):
 * - `[status+F+id]`: a view by statuses — one range per status, merged;
 * - `[queueAssignee+status+F+id]`: Mine and Unassigned — one range per status, merged;
 * - `[requesterId+F+id]`: a requester's own list.
 * The trailing `id` gives the cursor's tie-break (`after` is strictly after `[value, id]`).
 * `[requesterId+status]` counts a requester's tickets by status.
 */
export const SCHEMA_V2: Readonly<Record<string, string>> = {
  ...SCHEMA_V1,
  tickets: [
    'id',
    '&number',
    '[requesterId+status]',
    ...TICKET_SORT_FIELDS.flatMap((field) => [
      `[status+${field}+id]`,
      `[${QUEUE_ASSIGNEE}+status+${field}+id]`,
      `[requesterId+${field}+id]`,
    ]),
  ].join(', '),
};

/** A ticket as stored: the port's ticket plus its {@link QUEUE_ASSIGNEE} key. */
type StoredTicket = Ticket & { [QUEUE_ASSIGNEE]: string };

function toStoredTicket(ticket: Ticket): StoredTicket {
  return { ...ticket, [QUEUE_ASSIGNEE]: queueAssigneeKey(ticket.assigneeId) };
}

function fromStoredTicket(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !(QUEUE_ASSIGNEE in stored)) return stored;
  const { [QUEUE_ASSIGNEE]: _key, ...ticket } = stored as StoredTicket;
  return ticket;
}

/**
 * A DBCore middleware that stamps {@link QUEUE_ASSIGNEE} on every ticket written through any
 * Dexie call (add, put, bulkAdd, update, modify), on copies: the caller's object is untouched.
 * It sits above Dexie's own middlewares, so live queries see the stamped values.
 */
const ticketQueueKeys: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'TriageTicketQueueKeys',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (name !== 'tickets') return table;
      return {
        ...table,
        mutate: (req: DBCoreMutateRequest) =>
          table.mutate(
            req.type === 'add' || req.type === 'put'
              ? { ...req, values: req.values.map((value: Ticket) => toStoredTicket(value)) }
              : req,
          ),
      };
    },
  }),
};

/**
 * Opens (lazily, as Dexie does) the database with this name, at schema version 2. Several
 * instances on one name — two tabs, or two clients in a test — see each other's writes, and
 * `liveQuery` follows them.
 * @param name IndexedDB database name, e.g. {@link DEFAULT_DB_NAME}.
 */
export function openTriageDb(name: string): TriageDb {
  // Dexie adds one property per table from the schema; the cast names their types.
  const db = new Dexie(name) as TriageDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2)
    .stores(SCHEMA_V2)
    .upgrade((tx) =>
      tx
        .table('tickets')
        .toCollection()
        .modify((ticket: StoredTicket) => {
          ticket[QUEUE_ASSIGNEE] = queueAssigneeKey(ticket.assigneeId);
        }),
    );
  db.use(ticketQueueKeys);
  db.tickets.hook('reading', (stored) => fromStoredTicket(stored) as Ticket);
  // Another tab upgrading or deleting the database: step aside as Dexie's default handler
  // does (close, reopen on next use), without its console warning on every occurrence.
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: false });
    return false;
  });
  return db;
}

/**
 * Gives a user a role outside the app's rules — the local counterpart of the Admin SDK
 * command that makes the first admin (DESIGN §1; in local mode the seed already has one).
 * Used by the contract harness's `newPerson`; the app itself changes roles through
 * `users.setRole`, which checks the caller is an admin.
 * @param now the time of the change, ms since the epoch.
 * @throws Error when no user has this uid.
 */
export async function grantRole(db: TriageDb, uid: string, role: Role, now: number = Date.now()): Promise<void> {
  const changed = await db.users.update(uid, { role, updatedAt: new Date(now).toISOString() });
  if (changed === 0) throw new Error(`No local user has the uid ${uid}.`);
}
