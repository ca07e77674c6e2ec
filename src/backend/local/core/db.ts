/**
 * The local adapter's IndexedDB database (DESIGN §5 `local/`), through Dexie 4. One table per
 * Firestore collection of DESIGN §3, plus `credentials` (what Firebase Auth would keep) and
 * `files` (what Cloud Storage would keep, DESIGN §4). Only this folder opens it.
 */
import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreTable,
  type Middleware,
  type Table,
  type Transaction,
} from 'dexie';
import type { Role } from '@/domain/roles';
import {
  type AuditEvent,
  type DeskSettings,
  type IsoDateTime,
  type Message,
  type Ticket,
  type UserProfile,
} from '@/domain/types';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import {
  conversationWordsByTicket,
  FIELD_KEY_PREFIX,
  fieldFilterKeys,
  fieldWordKeys,
  searchKeysFor,
  unionKeys,
  withConversationKeys,
  TAG_KEY_PREFIX,
  ORGANISATION_KEY_PREFIX,
  organisationKey,
  withFieldKeys,
  withTagKeys,
} from '@/domain/search-keys';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { personSearchKeysFor } from '@/domain/people';
import { cannedReplySchema, deskSettingsFrom } from '@/domain/settings-schema';
import { macroFromCannedReply, type Macro } from '@/domain/macros';
import { ticketOrganisationOf } from '@/domain/ticket-organisation';
import { slaDueAtOf } from '@/domain/sla/clocks';
import { FIELD_SORT_FIELDS, fieldSortValues, NO_FIELD_SORT_VALUE } from '@/domain/field-sort';
import { slaStateAfter } from '@/domain/sla/ticket-sla';
import type { OutgoingMail } from '@/domain/mail/mail-document';
import type { RuleTrace } from '@/domain/rule-trace';
import type { StoredInvitation } from '@/domain/invitations';
import type { Organisation } from '@/domain/organisations';
import type { Follower } from '@/domain/followers';
import type { SettingsChange } from '@/domain/settings-history';
import type { SatisfactionRating } from '@/domain/satisfaction';
import type { UploadQuota } from '@/domain/upload-quota';
import type { CustomFieldDefinition, CustomFieldValues } from '@/domain/custom-fields';
import {
  applyStatsDeltas,
  dayStatsOfTickets,
  statsDeltas,
  statsEntriesDiff,
  statsEntriesOf,
  type DayStats,
  type StatsDesk,
  type StatsEntry,
  type StatsTicket,
} from '@/domain/reports/day-stats';

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

/** One person's upload window (DESIGN §4 "Uploads are bounded"), keyed by their uid. */
export interface UploadQuotaRecord extends UploadQuota {
  uid: string;
}

/** A secret of the local "server" (DESIGN §9): the reply-token secret and the webhook signing key. */
export interface SecretRecord {
  id: 'replyToken' | 'webhookSigningKey';
  value: string;
}

/** The custom field definitions (DESIGN §3 "Custom fields"), one record: what `settings/fields` holds on Firebase. */
export interface CustomFieldsRecord {
  id: 'fields';
  fields: CustomFieldDefinition[];
  updatedBy: string;
  updatedAt: IsoDateTime;
}

/**
 * A ticket's agents-only custom field values (DESIGN §3 "Custom fields"), apart from the ticket a
 * customer reads: what `tickets/{id}/agentFields/values` holds on Firebase.
 */
export interface AgentFieldsRecord {
  ticketId: string;
  values: CustomFieldValues;
}

/** A macro (DESIGN §3 "Macros"), shared (`ownerId: null`) or personal: what `macros/{id}` holds on Firebase. */
export interface MacroRecord extends Macro {
  updatedBy: string;
}

/**
 * A trigger as stored (DESIGN §10 "Triggers"), what `triggers/{id}` holds on Firebase: the data
 * an admin saved, read back through `triggerFrom` (a malformed one is never run).
 */
export interface TriggerRecord {
  id: string;
  [field: string]: unknown;
  updatedAt: string;
  updatedBy: string;
}

/** `rotas/{triggerId}`: the agent a round-robin trigger gave its last ticket to (DESIGN §10 "Triggers"). */
export interface RotaRecord {
  id: string;
  last: string;
  updatedAt: IsoDateTime;
}

/**
 * A recurring ticket as stored (DESIGN §10 "Recurring tickets"), what `recurringTickets/{id}`
 * holds on Firebase: the template an admin saved, read back through `recurringTicketFrom`.
 */
export interface RecurringTicketRecord {
  id: string;
  [field: string]: unknown;
  updatedAt: string;
  updatedBy: string;
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
  mail: Table<OutgoingMail, string>;
  secrets: Table<SecretRecord, string>;
  settingsHistory: Table<SettingsChange, string>;
  ratings: Table<SatisfactionRating, string>;
  stats: Table<DayStats, string>;
  uploadQuotas: Table<UploadQuotaRecord, string>;
  customFields: Table<CustomFieldsRecord, string>;
  agentFields: Table<AgentFieldsRecord, string>;
  macros: Table<MacroRecord, string>;
  triggers: Table<TriggerRecord, string>;
  ruleTraces: Table<RuleTrace, string>;
  rotas: Table<RotaRecord, string>;
  recurringTickets: Table<RecurringTicketRecord, string>;
  invitations: Table<StoredInvitation, string>;
  organisations: Table<Organisation, string>;
  followers: Table<Follower, [string, string]>;
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
 * Version 2: a queue page and a view count read an index range, never the table.
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
    // Version 2's own sort fields, written out: the ones added later get their indexes in later versions.
    ...(['updatedAt', 'lastMessageAt', 'createdAt'] as const).flatMap((field) => [
      `[status+${field}+id]`,
      `[${QUEUE_ASSIGNEE}+status+${field}+id]`,
      `[requesterId+${field}+id]`,
    ]),
  ].join(', '),
};

/**
 * The stored-only ticket field of the search (`src/domain/search-keys.ts`), under a
 * multiEntry index: a search reads `where(SEARCH_KEYS).equals(key)`. Like {@link QUEUE_ASSIGNEE}
 * it is removed on every read, because it is an index, not data: it holds the requester's email,
 * which the port's ticket does not carry (a customer's own, but an agent's list would leak
 * nothing new either — the point is one shape of `Ticket` across both adapters).
 */
export const SEARCH_KEYS = 'searchKeys';

/**
 * The stored-only words of a ticket's public replies (its description included) and of its
 * internal notes (`conversationKeysOf`, at most `MAX_CONVERSATION_WORDS` each), which the
 * message write adds to: a ticket written with either field has those words added to the stored
 * ones (see {@link toStoredTicket}). Public words are part of {@link SEARCH_KEYS}; note words only
 * of {@link STAFF_SEARCH_KEYS}.
 */
export const PUBLIC_WORDS = 'publicWords';
/** See {@link PUBLIC_WORDS}. */
export const NOTE_WORDS = 'noteWords';

/**
 * The stored-only keys the staff search (DESIGN §3 "Search"): {@link SEARCH_KEYS} and the
 * internal notes' words, under a multiEntry index; the search lanes are made of them. A
 * customer's search reads {@link SEARCH_KEYS} only, so a word of an internal note never finds a
 * ticket for them.
 */
export const STAFF_SEARCH_KEYS = 'staffSearchKeys';
/**
 * The stored-only filter keys of a ticket's agents-only custom field values (`fieldFilterKeys`),
 * written with them (`tickets.ts`) and kept on every other write: they join the staff's search
 * keys only, as on Firebase the staff copy's (DESIGN §3 "Custom fields").
 */
export const AGENT_FIELD_KEYS = 'agentFieldKeys';
/**
 * The stored-only word keys of a ticket's custom field values customers see (`fieldWordKeys`), as
 * last written: they are part of {@link SEARCH_KEYS}, and a change of values takes the old words
 * out of the keys (but those the ticket's own subject, number, requester or tags give).
 */
export const FIELD_WORDS = 'fieldWords';

/**
 * The stand-in status of the search lanes' entries for every unsolved status at once: a tag or
 * field filter over the views' unsolved tickets (All open, Unassigned, Mine) reads one range
 * instead of one per status, as a single status does (version 19). Never a ticket's status.
 */
export const UNSOLVED_LANE = '~unsolved';

/** Whether a search key gets {@link UNSOLVED_LANE} entries: a tag's, a custom field value's or an organisation's filter key. */
export function hasUnsolvedLane(key: string): boolean {
  return key.startsWith(TAG_KEY_PREFIX) || key.startsWith(FIELD_KEY_PREFIX) || key.startsWith(ORGANISATION_KEY_PREFIX);
}

/** The sort fields the desk offers, which get search lanes (see {@link searchLaneField}). */
export const SEARCH_LANE_SORT_FIELDS = ['updatedAt', 'createdAt'] as const;
/** One of {@link SEARCH_LANE_SORT_FIELDS}. */
export type SearchLaneSortField = (typeof SEARCH_LANE_SORT_FIELDS)[number];

/**
 * The stored-only multiEntry field of a search lane ordered by `field`: one entry
 * `[key, status, ticket[field], id]` per staff search key (lanes serve the staff's lists only:
 * a customer's list is always their own few tickets). IndexedDB cannot put a multiEntry field in
 * a compound index, but a multiEntry entry may itself be an array key — so a search page reads
 * `[key, status, …]` ranges in order, `limit + 1` rows each, like the view lanes of v2. An
 * unsolved ticket's tag and field filter keys also get `[key, UNSOLVED_LANE, …]` (version 19).
 */
export function searchLaneField(field: SearchLaneSortField): string {
  return `searchBy${field[0]?.toUpperCase()}${field.slice(1)}`;
}

/**
 * Version 3: `*searchKeys` (multiEntry) for search and the tag filter, the search
 * lanes of {@link searchLaneField} and `[priority+status+F+id]` lanes for the desk's two orders,
 * and `[status+priority]` to count a priority filter from keys. Category and the other filters
 * filter the lanes they read.
 */
export const SCHEMA_V3: Readonly<Record<string, string>> = {
  ...SCHEMA_V2,
  tickets: [
    SCHEMA_V2.tickets,
    `*${SEARCH_KEYS}`,
    ...SEARCH_LANE_SORT_FIELDS.map((field) => `*${searchLaneField(field)}`),
    ...SEARCH_LANE_SORT_FIELDS.map((field) => `[priority+status+${field}+id]`),
    '[status+priority]',
  ].join(', '),
};

/**
 * Version 4: `mail` (DESIGN §9's outgoing email, newest first by `createdAt`) and `secrets` (the
 * desk's reply-token and webhook keys, made on first use: what Firebase keeps in its secrets).
 */
export const SCHEMA_V4: Readonly<Record<string, string>> = {
  ...SCHEMA_V3,
  mail: 'id, createdAt, ticketId',
  secrets: 'id',
};

/** The key of the desk settings' record (`local/settings/settings.ts`'s `DESK_SETTINGS_ID`). */
const DESK_SETTINGS_KEY = 'desk';

/**
 * A ticket with its SLA record and `slaDueAt` as trusted code keeps them (DESIGN §10): the
 * record from the write (`slaStateAfter`), the due time from the desk's current policy.
 */
export function withSla<T extends Ticket>(before: Ticket | null, after: T, desk: DeskSettings): T {
  const sla = slaStateAfter(before, after);
  const slaDueAt = slaDueAtOf(
    { ...after, sla },
    { policy: desk.sla[after.priority], businessHours: desk.businessHours, now: Date.parse(after.updatedAt) },
  );
  return { ...after, sla, slaDueAt };
}

/** The stored-only fields of a ticket, removed on every read. */
/**
 * Version 5: the next SLA breach as a sort field (DESIGN §10), with the lanes of version 2; every
 * ticket gets its SLA record and due time on the upgrade.
 */
export const SCHEMA_V5: Readonly<Record<string, string>> = {
  ...SCHEMA_V4,
  settingsHistory: 'id, at',
  tickets: [
    SCHEMA_V4.tickets,
    '[status+slaDueAt+id]',
    `[${QUEUE_ASSIGNEE}+status+slaDueAt+id]`,
    '[requesterId+slaDueAt+id]',
  ].join(', '),
};

/** Version 6: satisfaction ratings, one per ticket (DESIGN §10). */
export const SCHEMA_V6: Readonly<Record<string, string>> = { ...SCHEMA_V5, ratings: 'ticketId, createdAt' };

/**
 * Version 7: per-day statistics for reports (DESIGN §11), kept by the ticket middleware, and the
 * ratings counted by score over a period from index keys.
 */
export const SCHEMA_V7: Readonly<Record<string, string>> = {
  ...SCHEMA_V6,
  stats: 'day',
  ratings: `${SCHEMA_V6.ratings}, [score+createdAt]`,
};

/**
 * Version 8: finding people without reading everyone (DESIGN §3 "Finding people"): the staff by
 * role, the admin's pages by `[displayName+uid]` (with a role, `[role+displayName+uid]`), and a
 * search by the stored-only multiEntry `*searchKeys` (see {@link PERSON_SEARCH_KEYS}). Every
 * stored profile gets its keys on the upgrade.
 */
export const SCHEMA_V8: Readonly<Record<string, string>> = {
  ...SCHEMA_V7,
  users: `${SCHEMA_V7.users}, role, [displayName+uid], [role+displayName+uid], *searchKeys`,
};

/** Version 10: uploads by time, for the clean-up of those whose message was never sent (DESIGN §4). */
export const SCHEMA_V10: Readonly<Record<string, string>> = { ...SCHEMA_V8, files: `${SCHEMA_V8.files}, createdAt` };

/** Version 11: each person's upload window, keyed by uid (DESIGN §4 "Uploads are bounded"). */
export const SCHEMA_V11: Readonly<Record<string, string>> = { ...SCHEMA_V10, uploadQuotas: 'uid' };

/**
 * Gives every stored ticket its organisation — its requester's, as a new ticket gets
 * (`ticketOrganisationOf`, DESIGN §1 "Organisations") — and that organisation's filter key among
 * its search keys (the back-fill of version 27; the middleware derives the lanes on this write).
 */
async function giveTicketsOrganisations(tx: Transaction): Promise<void> {
  const users = (await tx.table('users').toArray()) as UserProfile[];
  const organisations = new Map(users.map((user) => [user.uid, ticketOrganisationOf(user)]));
  await tx
    .table('tickets')
    .toCollection()
    .modify((ticket: StoredTicket) => {
      const organisationId = organisations.get(ticket.requesterId);
      if (organisationId === undefined || ticket.organisationId !== undefined) return;
      ticket.organisationId = organisationId;
      ticket[SEARCH_KEYS] = [...(ticket[SEARCH_KEYS] ?? keysWithoutEmail(ticket)), organisationKey(organisationId)];
    });
}

/**
 * Recomputes every stored ticket's search keys with its requester's email when known — the
 * back-fill of version 3 (keys first written) and version 12 (an address's prefixes from its @).
 * The middleware derives the search lanes from the keys on this write.
 */
async function rekeyTicketsWithEmails(tx: Transaction): Promise<void> {
  const users = (await tx.table('users').toArray()) as UserProfile[];
  const emails = new Map(users.map((user) => [user.uid, user.email]));
  await tx
    .table('tickets')
    .toCollection()
    .modify((ticket: StoredTicket) => {
      ticket[SEARCH_KEYS] = searchKeysFor({
        number: ticket.number,
        subject: ticket.subject,
        requesterName: ticket.requesterName,
        requesterEmail: emails.get(ticket.requesterId),
        tags: ticket.tags,
      });
    });
}

/**
 * Version 13: words of the conversation are searched (DESIGN §3 "Search"): `*staffSearchKeys`
 * (multiEntry) for the staff's search; every stored ticket gets its words from its messages on
 * the upgrade.
 */
export const SCHEMA_V13: Readonly<Record<string, string>> = {
  ...SCHEMA_V11,
  tickets: `${SCHEMA_V11.tickets}, *${STAFF_SEARCH_KEYS}`,
};

/** Gives every stored ticket the words of its messages (the back-fill of version 13). */
async function addConversationWords(tx: Transaction): Promise<void> {
  const words = conversationWordsByTicket((await tx.table('messages').toArray()) as Message[]);
  await tx
    .table('tickets')
    .toCollection()
    .modify((ticket: StoredTicket) => {
      Object.assign(ticket, words.get(ticket.id));
    });
}

/** Version 14: the custom field definitions (DESIGN §3 "Custom fields"), one record. */
export const SCHEMA_V14: Readonly<Record<string, string>> = { ...SCHEMA_V13, customFields: 'id' };

/** Version 15: each ticket's agents-only custom field values, by ticket id. */
export const SCHEMA_V15: Readonly<Record<string, string>> = { ...SCHEMA_V14, agentFields: 'ticketId' };

/** Version 16: macros (DESIGN §3 "Macros"), by id; the canned replies of the settings record move into it. */
export const SCHEMA_V16: Readonly<Record<string, string>> = { ...SCHEMA_V15, macros: 'id' };

/**
 * Version 20: the queue's order by a field's sort slot (DESIGN §3 "Custom fields",
 * `domain/field-sort.ts`), in the lanes a sort field has — by status, by assignee and status, by
 * requester. Every ticket gets its slots on the upgrade (through the middleware).
 */
export const SCHEMA_V20: Readonly<Record<string, string>> = {
  ...SCHEMA_V16,
  tickets: [
    SCHEMA_V16.tickets,
    ...FIELD_SORT_FIELDS.flatMap((field) => [
      `[status+${field}+id]`,
      `[${QUEUE_ASSIGNEE}+status+${field}+id]`,
      `[requesterId+${field}+id]`,
    ]),
  ].join(', '),
};

/** Version 21: the desk's triggers (DESIGN §10 "Triggers"), by id; a run reads them all. */
export const SCHEMA_V21: Readonly<Record<string, string>> = { ...SCHEMA_V20, triggers: 'id' };

/** Version 22: each ticket's rule trace (DESIGN §10 "Triggers"), read newest first. */
export const SCHEMA_V22: Readonly<Record<string, string>> = { ...SCHEMA_V21, ruleTraces: 'id, [ticketId+at]' };

/** Version 23: the round-robin rotas (DESIGN §10 "Triggers"), by trigger id. */
export const SCHEMA_V23: Readonly<Record<string, string>> = { ...SCHEMA_V22, rotas: 'id' };

/** Version 24: the recurring tickets (DESIGN §10 "Recurring tickets"), by id; a pass reads them all. */
export const SCHEMA_V24: Readonly<Record<string, string>> = { ...SCHEMA_V23, recurringTickets: 'id' };

/**
 * Version 25: the invitations (DESIGN §1 "Invitations"), by id; listed newest first, and looked up
 * by address (a pending one stops a second invitation to it).
 */
export const SCHEMA_V25: Readonly<Record<string, string>> = { ...SCHEMA_V24, invitations: 'id, createdAt, email' };

/**
 * Version 26: the organisations (DESIGN §1 "Organisations"), by id (read whole, at most
 * `ORGANISATION_LIMIT`); people by `organisationId`, so deleting an organisation finds its members.
 */
export const SCHEMA_V26: Readonly<Record<string, string>> = {
  ...SCHEMA_V25,
  organisations: 'id',
  users: `${SCHEMA_V25.users}, organisationId`,
};

/**
 * Version 28: the followers of tickets (DESIGN §1 "Followers"), one record per ticket and staff
 * member; a ticket's are read by `[ticketId+uid]`'s prefix.
 */
export const SCHEMA_V28: Readonly<Record<string, string>> = { ...SCHEMA_V26, followers: '[ticketId+uid]' };

/**
 * Version 29: people by `deactivatedAt` (DESIGN §1 "Deactivated people"), present only on the
 * deactivated, so the people list's "Deactivated" filter reads just them.
 */
export const SCHEMA_V29: Readonly<Record<string, string>> = {
  ...SCHEMA_V28,
  users: `${SCHEMA_V28.users}, deactivatedAt`,
};

/**
 * Version 16's move: every canned reply stored in the settings record becomes a shared, text-only
 * macro with the same id, title and body (`macroFromCannedReply`), and the record loses its list.
 * A reply the schema refuses (never shown before either) is left out; none other is lost.
 */
export async function moveCannedRepliesToMacros(tx: Transaction): Promise<void> {
  const settings = tx.table('settings');
  const record = (await settings.get('desk')) as { value?: Record<string, unknown> } | undefined;
  const stored = record?.value?.cannedReplies;
  if (!record?.value || !Array.isArray(stored)) return;
  const at = new Date().toISOString();
  const macros = tx.table('macros');
  for (const reply of stored) {
    const parsed = cannedReplySchema.safeParse(reply);
    if (!parsed.success || (await macros.get(parsed.data.id))) continue;
    await macros.add({ ...macroFromCannedReply(parsed.data), updatedAt: at, updatedBy: '' });
  }
  const { cannedReplies: _moved, ...rest } = record.value;
  await settings.put({ ...record, value: rest });
}

/**
 * The stored-only field of a profile's search keys (`personSearchKeysFor`), kept by the
 * middleware below on every write of `users` and removed on every read: an index, not data,
 * as on Firebase where only trusted code writes it.
 */
export const PERSON_SEARCH_KEYS = 'searchKeys';

const STORED_ONLY = [
  QUEUE_ASSIGNEE,
  SEARCH_KEYS,
  STAFF_SEARCH_KEYS,
  PUBLIC_WORDS,
  NOTE_WORDS,
  AGENT_FIELD_KEYS,
  FIELD_WORDS,
  ...SEARCH_LANE_SORT_FIELDS.map(searchLaneField),
];

/** The search fields a ticket write may carry (see {@link toStoredTicket}). */
export interface TicketSearchFields {
  [SEARCH_KEYS]?: string[];
  [PUBLIC_WORDS]?: string[];
  [NOTE_WORDS]?: string[];
  [AGENT_FIELD_KEYS]?: string[];
  [FIELD_WORDS]?: string[];
}

/**
 * A ticket as stored: the port's ticket plus its {@link QUEUE_ASSIGNEE}, search keys, conversation
 * words and search lanes.
 */
type StoredTicket = Ticket & { [QUEUE_ASSIGNEE]: string } & TicketSearchFields & Record<string, unknown>;

/** A ticket's search keys with no email known (the back-fill and writes that bypass `create`). */
function keysWithoutEmail(ticket: Ticket): string[] {
  return searchKeysFor({
    number: ticket.number,
    subject: ticket.subject,
    requesterName: ticket.requesterName,
    tags: ticket.tags,
    organisationId: ticket.organisationId,
  });
}

/**
 * The stored form of a written ticket: its queue key; its conversation words — the stored
 * ticket's with those the write carries added (`withConversationKeys`); its search keys — those
 * it carries (a new ticket's, computed with the requester's email; or the raw record in a
 * `modify`), else the stored ticket's (subject, number and requester never change), else computed
 * afresh, in every case with the tag keys of its current tags and its public words; its staff
 * search keys (those and the note words) and the staff's search lanes. Exported for the queue
 * benchmark, which writes tickets with the raw IndexedDB API.
 * @param before the stored ticket this write replaces, if any (read raw, with its keys).
 */
export function toStoredTicket(ticket: Ticket & TicketSearchFields, before: StoredTicket | undefined): StoredTicket {
  const publicWords = withConversationKeys(before?.[PUBLIC_WORDS] ?? [], ticket[PUBLIC_WORDS] ?? []);
  const noteWords = withConversationKeys(before?.[NOTE_WORDS] ?? [], ticket[NOTE_WORDS] ?? []);
  const known = ticket[SEARCH_KEYS] ?? before?.[SEARCH_KEYS];
  // The values' words replace those of the values last written (DESIGN §3 "Custom fields").
  const fieldWords = fieldWordKeys(ticket.fields);
  const own = keysWithoutEmail(ticket);
  const stale = new Set((before?.[FIELD_WORDS] ?? []).filter((key) => !own.includes(key)));
  const base = known ? withTagKeys(known, ticket.tags).filter((key) => !stale.has(key)) : own;
  const keys = withFieldKeys(unionKeys(base, publicWords, fieldWords), fieldFilterKeys(ticket.fields));
  const agentFieldKeys = ticket[AGENT_FIELD_KEYS] ?? before?.[AGENT_FIELD_KEYS] ?? [];
  const staffKeys = unionKeys(unionKeys(keys, noteWords), agentFieldKeys);
  const unsolvedKeys = UNSOLVED_STATUSES.includes(ticket.status) ? staffKeys.filter(hasUnsolvedLane) : [];
  const lanes = Object.fromEntries(
    SEARCH_LANE_SORT_FIELDS.map((field) => [
      searchLaneField(field),
      [
        ...staffKeys.map((key) => [key, ticket.status, ticket[field], ticket.id]),
        ...unsolvedKeys.map((key) => [key, UNSOLVED_LANE, ticket[field], ticket.id]),
      ],
    ]),
  );
  return {
    ...ticket,
    ...lanes,
    [QUEUE_ASSIGNEE]: queueAssigneeKey(ticket.assigneeId),
    [SEARCH_KEYS]: keys,
    [STAFF_SEARCH_KEYS]: staffKeys,
    [PUBLIC_WORDS]: publicWords,
    [NOTE_WORDS]: noteWords,
    [AGENT_FIELD_KEYS]: agentFieldKeys,
    [FIELD_WORDS]: fieldWords,
  };
}

function fromStoredTicket(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !STORED_ONLY.some((field) => field in stored)) return stored;
  const ticket: Record<string, unknown> = { ...stored };
  for (const field of STORED_ONLY) delete ticket[field];
  return ticket;
}

/**
 * The tables every transaction that writes tickets includes: `tickets`, what the middleware
 * below uses in the write's own transaction — the desk settings (the SLA policy, DESIGN §10) and
 * the per-day statistics it updates (DESIGN §11) — and the custom fields' definitions and
 * agents-only values, which a solve or a field change reads (DESIGN §3 "Custom fields").
 */
export function ticketWriteTables(db: TriageDb): Table[] {
  return [db.tickets, db.settings, db.stats, db.customFields, db.agentFields];
}

/**
 * Applies a write's statistics to the `stats` days it touches (DESIGN §11), in the write's own
 * transaction: the counters of the entries removed go down, those added go up. The transaction
 * holds the ticket before and after, so no ledger is needed here (Firebase keeps one, its trigger
 * being retried and reordered). The backend's ticket writes include {@link ticketWriteTables}; a
 * bare write outside one (a test's fixture) leaves the statistics as they are.
 */
async function writeStats(
  down: DBCore,
  trans: DBCoreMutateRequest['trans'],
  removed: StatsEntry[],
  added: StatsEntry[],
): Promise<void> {
  const deltas = statsDeltas(removed, added);
  if (deltas.length === 0) return;
  const table = down.table('stats');
  const keys = deltas.map((delta) => delta.day);
  let found: (DayStats | undefined)[];
  try {
    found = (await table.getMany({ trans, keys })) as (DayStats | undefined)[];
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError') return;
    throw error;
  }
  const days = new Map(found.filter((day): day is DayStats => day !== undefined).map((day) => [day.day, day]));
  const values = [...applyStatsDeltas(days, deltas).values()];
  await table.mutate({ type: 'put', trans, values });
}

/** Rebuilds every day's statistics from the stored tickets (the schema upgrades that change them). */
async function rebuildStats(tx: Transaction): Promise<void> {
  const desk = deskSettingsFrom(((await tx.table('settings').get(DESK_SETTINGS_KEY)) as { value?: unknown })?.value);
  const tickets = (await tx.table('tickets').toArray()) as Ticket[];
  // From version 14 on, the field definitions and (v15) the agents-only values count too.
  const orNone = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof Error && error.name === 'NotFoundError') return undefined;
      throw error;
    }
  };
  const definitions = (await orNone(() => tx.table('customFields').get('fields') as Promise<CustomFieldsRecord>))
    ?.fields;
  const agents = new Map(
    ((await orNone(() => tx.table('agentFields').toArray() as Promise<AgentFieldsRecord[]>)) ?? []).map((r) => [
      r.ticketId,
      r.values,
    ]),
  );
  await tx.table('stats').clear();
  await tx.table('stats').bulkPut(
    dayStatsOfTickets(
      tickets.map((ticket) => statsTicketOf(ticket, agents.get(ticket.id))),
      { ...desk, ...(definitions && { fieldDefinitions: definitions }) },
    ),
  );
}

/**
 * A ticket as its statistics see it: its own custom field values and its agents-only ones merged
 * (DESIGN §11 "Tickets by field").
 */
function statsTicketOf(ticket: Ticket, agentValues: CustomFieldValues | undefined): StatsTicket {
  return agentValues ? { ...ticket, fields: { ...ticket.fields, ...agentValues } } : ticket;
}

/**
 * Reads records of a table in a write's transaction; `undefined` for each when it is not there,
 * the table is not in the transaction (a bare write, e.g. a test's fixture) or not in the schema.
 * A Dexie promise, never a native one: awaited in a middleware, it keeps the transaction's zone
 * (after a native promise, Dexie's next call in the same write no longer finds its transaction).
 */
function getInWrite<T>(
  down: DBCore,
  trans: DBCoreMutateRequest['trans'],
  name: string,
  keys: unknown[],
): Promise<(T | undefined)[]> {
  const none = () => keys.map((): T | undefined => undefined);
  const missing = (error: unknown) => error instanceof Error && error.name === 'NotFoundError';
  // A database still upgrading from before the table existed has none.
  if (!down.schema.tables.some((table) => table.name === name)) return Dexie.Promise.resolve(none());
  try {
    return down
      .table(name)
      .getMany({ trans, keys })
      .catch((error: unknown) => {
        if (missing(error)) return none();
        throw error;
      }) as Promise<(T | undefined)[]>;
  } catch (error) {
    if (missing(error)) return Dexie.Promise.resolve(none());
    throw error;
  }
}

/** The custom field definitions a write's statistics count dropdowns by (`undefined`: not in the write). */
function fieldDefinitionsInWrite(
  down: DBCore,
  trans: DBCoreMutateRequest['trans'],
): Promise<CustomFieldDefinition[] | undefined> {
  return getInWrite<CustomFieldsRecord>(down, trans, 'customFields', ['fields']).then(([record]) => record?.fields);
}

/**
 * The `agentFields` table with every write's statistics (DESIGN §11 "Tickets by field"): an
 * agents-only dropdown changed moves its ticket's submission entry, as a ticket write does.
 */
function withAgentFieldStats(down: DBCore, table: DBCoreTable, lastDesk: () => DeskSettings): DBCoreTable {
  return {
    ...table,
    mutate: async (req: DBCoreMutateRequest) => {
      if (req.type !== 'add' && req.type !== 'put' && req.type !== 'delete') return table.mutate(req);
      const written = req.type === 'delete' ? [] : (req.values as AgentFieldsRecord[]);
      const ids = req.type === 'delete' ? (req.keys as string[]) : written.map((record) => record.ticketId);
      // Dexie promises awaited one after another (see `getInWrite`).
      const beforeValues = (await table.getMany({ trans: req.trans, keys: ids })) as (AgentFieldsRecord | undefined)[];
      const tickets = await getInWrite<StoredTicket>(down, req.trans, 'tickets', ids);
      const definitions = await fieldDefinitionsInWrite(down, req.trans);
      const [settings] = await getInWrite<{ value?: unknown }>(down, req.trans, 'settings', [DESK_SETTINGS_KEY]);
      const result = await table.mutate(req);
      if (!definitions) return result;
      const desk = { ...(settings ? deskSettingsFrom(settings.value) : lastDesk()), fieldDefinitions: definitions };
      const after = new Map(written.map((record) => [record.ticketId, record.values]));
      const removed: StatsEntry[] = [];
      const added: StatsEntry[] = [];
      ids.forEach((id, i) => {
        const stored = tickets[i];
        if (!stored) return;
        const ticket = fromStoredTicket(stored) as Ticket;
        const diff = statsEntriesDiff(
          statsEntriesOf(statsTicketOf(ticket, beforeValues[i]?.values), desk),
          statsEntriesOf(statsTicketOf(ticket, after.get(id)), desk),
        );
        removed.push(...diff.removed);
        added.push(...diff.added);
      });
      await writeStats(down, req.trans, removed, added);
      return result;
    },
  };
}

/** A profile as stored: the port's profile and its {@link PERSON_SEARCH_KEYS}. */
type StoredProfile = UserProfile & { [PERSON_SEARCH_KEYS]?: string[] };

/** The `users` table with every written profile given its search keys (on copies). */
function withPersonSearchKeys(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate: (req: DBCoreMutateRequest) => {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      const values = (req.values as StoredProfile[]).map((profile) => ({
        ...profile,
        [PERSON_SEARCH_KEYS]: personSearchKeysFor(profile),
      }));
      return table.mutate({ ...req, values });
    },
  };
}

/**
 * A stored profile without its stored-only keys (what crosses the port). Dexie's reading hook
 * also sees the `undefined` of a `get` that found nothing: passed through.
 */
function fromStoredProfile(stored: StoredProfile): UserProfile {
  if (typeof stored !== 'object' || stored === null || !(PERSON_SEARCH_KEYS in stored)) return stored;
  const { [PERSON_SEARCH_KEYS]: _keys, ...profile } = stored;
  return profile;
}

/**
 * A DBCore middleware that stamps {@link QUEUE_ASSIGNEE} and {@link SEARCH_KEYS} on every ticket
 * written through any Dexie call (add, put, bulkAdd, update, modify), on copies: the caller's
 * object is untouched. A write without search keys reads the stored ticket first (in the same
 * transaction) to keep its email keys. It sits above Dexie's own middlewares, so live queries
 * see the stamped values.
 */
const ticketQueueKeys: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'TriageTicketQueueKeys',
  create: (down) => {
    // The desk settings this database's writes last read (the defaults until one reads them).
    let lastDesk: DeskSettings = DEFAULT_DESK_SETTINGS;
    return {
      ...down,
      table(name) {
        const table = down.table(name);
        if (name === 'users') return withPersonSearchKeys(table);
        if (name === 'agentFields') return withAgentFieldStats(down, table, () => lastDesk);
        if (name !== 'tickets') return table;
        return {
          ...table,
          mutate: async (req: DBCoreMutateRequest) => {
            if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
            const values = req.values as (Ticket & { [SEARCH_KEYS]?: string[] })[];
            const stored = new Map<string, StoredTicket>();
            const found = (await table.getMany({ trans: req.trans, keys: values.map((value) => value.id) })) as (
              StoredTicket | undefined
            )[];
            for (const ticket of found) if (ticket) stored.set(ticket.id, ticket);
            // The SLA record and due time are derived here, on every ticket write (DESIGN §10), so
            // every write path takes part; the backend's writes include `settings` in their transaction.
            // A bare write outside one (a test's or a bench's fixture) uses the last settings read.
            try {
              const record = (await down.table('settings').get({ trans: req.trans, key: DESK_SETTINGS_KEY })) as
                { value?: unknown } | undefined;
              lastDesk = deskSettingsFrom(record?.value);
            } catch (error) {
              if (!(error instanceof Error && error.name === 'NotFoundError')) throw error;
            }
            const desk = lastDesk;
            // Dropdown values count in the statistics, the agents-only ones too (DESIGN §11).
            const ids = values.map((value) => value.id);
            // Dexie promises awaited one after another (`getInWrite`): a native one, even
            // `Promise.all` of theirs, left the transaction's zone (a macro's apply failed with
            // "Transaction committed too early").
            const definitions = await fieldDefinitionsInWrite(down, req.trans);
            const agentValues = await getInWrite<AgentFieldsRecord>(down, req.trans, 'agentFields', ids);
            const statsDesk: StatsDesk = { ...desk, ...(definitions && { fieldDefinitions: definitions }) };
            const removed: StatsEntry[] = [];
            const added: StatsEntry[] = [];
            const written = values.map((value, i) => {
              const raw = stored.get(value.id);
              const before = raw ? (fromStoredTicket(raw) as Ticket) : null;
              // The sort slots (DESIGN §3 "Custom fields"): from the definitions in the write; a bare
              // write outside one keeps the stored ones.
              const slots = definitions
                ? fieldSortValues(definitions, value.fields ?? {})
                : {
                    fieldSortA: raw?.fieldSortA ?? NO_FIELD_SORT_VALUE,
                    fieldSortB: raw?.fieldSortB ?? NO_FIELD_SORT_VALUE,
                  };
              const after = withSla(before, { ...value, ...slots }, desk);
              const agents = agentValues[i]?.values;
              const diff = statsEntriesDiff(
                statsEntriesOf(before && statsTicketOf(before, agents), statsDesk),
                statsEntriesOf(statsTicketOf(after, agents), statsDesk),
              );
              removed.push(...diff.removed);
              added.push(...diff.added);
              return toStoredTicket(after, raw);
            });
            const result = await table.mutate({ ...req, values: written });
            await writeStats(down, req.trans, removed, added);
            return result;
          },
        };
      },
    };
  },
};

/**
 * Opens (lazily, as Dexie does) the database with this name, at schema version 21. Several
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
  // Back-fill: every existing ticket gets its keys, with its requester's email when known.
  db.version(3).stores(SCHEMA_V3).upgrade(rekeyTicketsWithEmails);
  db.version(4).stores(SCHEMA_V4);
  db.version(5)
    .stores(SCHEMA_V5)
    // Rewriting each ticket runs it through the middleware, which derives its SLA fields.
    .upgrade((tx) =>
      tx
        .table('tickets')
        .toCollection()
        .modify(() => undefined),
    );
  db.version(6).stores(SCHEMA_V6);
  db.version(7)
    .stores(SCHEMA_V7)
    // Back-fill: every stored ticket's statistics (a rewrite would change nothing in them).
    .upgrade(rebuildStats);
  db.version(8)
    .stores(SCHEMA_V8)
    // Back-fill: rewriting each profile runs it through the middleware, which gives it its keys.
    .upgrade((tx) =>
      tx
        .table('users')
        .toCollection()
        .modify(() => undefined),
    );
  // Version 9: the days hold counters, no longer one entry per ticket (DESIGN §11): rebuilt.
  db.version(9).stores(SCHEMA_V8).upgrade(rebuildStats);
  db.version(10).stores(SCHEMA_V10);
  db.version(11).stores(SCHEMA_V11);
  // Version 12: a ticket is found by every prefix of its requester's email from the @ on (DESIGN §3):
  // every stored ticket's keys again, with the requester's email from their profile.
  db.version(12).stores(SCHEMA_V11).upgrade(rekeyTicketsWithEmails);
  db.version(13).stores(SCHEMA_V13).upgrade(addConversationWords);
  db.version(14).stores(SCHEMA_V14);
  db.version(15).stores(SCHEMA_V15);
  db.version(16).stores(SCHEMA_V16).upgrade(moveCannedRepliesToMacros);
  // Version 17: text fields are searched by word (DESIGN §3 "Custom fields"): every stored ticket's
  // keys again, through the middleware, with its values' words.
  db.version(17)
    .stores(SCHEMA_V16)
    .upgrade((tx) =>
      tx
        .table('tickets')
        .toCollection()
        .modify(() => undefined),
    );
  // Version 18: tickets are counted by their dropdown values (DESIGN §11 "Tickets by field").
  db.version(18).stores(SCHEMA_V16).upgrade(rebuildStats);
  // Version 19: the unsolved lanes of tag and field filter keys (UNSOLVED_LANE), through the middleware.
  db.version(19)
    .stores(SCHEMA_V16)
    .upgrade((tx) =>
      tx
        .table('tickets')
        .toCollection()
        .modify(() => undefined),
    );
  // Version 20: the fields' sort slots, their lanes, and every stored ticket's slots through the middleware.
  db.version(20)
    .stores(SCHEMA_V20)
    .upgrade((tx) =>
      tx
        .table('tickets')
        .toCollection()
        .modify(() => undefined),
    );
  // Version 21: the desk's triggers (DESIGN §10 "Triggers").
  db.version(21).stores(SCHEMA_V21);
  // Version 22: the rule traces of the trigger runs.
  db.version(22).stores(SCHEMA_V22);
  // Version 23: the round-robin rotas.
  db.version(23).stores(SCHEMA_V23);
  // Version 24: the recurring tickets.
  db.version(24).stores(SCHEMA_V24);
  // Version 25: the invitations.
  db.version(25).stores(SCHEMA_V25);
  // Version 26: the organisations, and people by organisation.
  db.version(26).stores(SCHEMA_V26);
  // Version 27: every ticket belongs to its requester's organisation, and is found by its key.
  db.version(27).stores(SCHEMA_V26).upgrade(giveTicketsOrganisations);
  // Version 28: the followers of tickets.
  db.version(28).stores(SCHEMA_V28);
  // Version 29: people by when they were deactivated.
  db.version(29).stores(SCHEMA_V29);
  db.use(ticketQueueKeys);
  db.tickets.hook('reading', (stored) => fromStoredTicket(stored) as Ticket);
  db.users.hook('reading', (stored: StoredProfile) => fromStoredProfile(stored));
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
