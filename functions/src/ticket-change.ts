/**
 * What trusted code writes when a ticket changes (DESIGN §3, §4, §10, §11): the audit trail of the
 * change, the ticket's search keys and SLA fields (in one update), and its per-day statistics. Rules cannot compute
 * them, so clients may write none; this code derives them from the stored ticket with the same
 * domain functions the local backend uses (`auditEntriesBetween`, `searchKeysFor`,
 * `slaStateAfter`).
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { auditEntriesBetween, SUBMITTED_ENTRY, type AuditedTicket } from '@/domain/plans/audit-trail';
import { fieldAuditEntries } from '@/domain/plans/field-values';
import { customFieldValuesFrom } from '@/domain/custom-fields';
import {
  fieldFilterKeys,
  fieldWordKeys,
  searchKeysFor,
  TAG_KEY_PREFIX,
  unionKeys,
  withFieldKeys,
} from '@/domain/search-keys';
import { publicWordsOf } from './staff-search';
import { PRIORITIES, TICKET_STATUSES } from '@/domain/types';
import { oneOf, optionalText, personOf, text, texts } from './snapshot-values';
import { ticketOrganisationOf } from '@/domain/ticket-organisation';
import { readDesk, slaFieldsChange, updateThisVersion } from './sla';
import type { DeskSettings } from '@/domain/types';
import { recordTicketStats } from './stats';
import { fieldSortChange } from './field-sort';
import { writtenByTriggers } from './triggers';

/** gRPC status codes the Admin SDK reports. */
const ALREADY_EXISTS = 6;

/** One ticket write as a trigger sees it. */
export interface TicketChange {
  /** The platform's id of the change (the CloudEvent id): the same on every retry. */
  changeId: string;
  /** The ticket before the write; `null` when the write created it. */
  before: DocumentSnapshot | null;
  /** The ticket after the write; `null` when it was deleted (the rules allow no delete). */
  after: DocumentSnapshot | null;
}

/** The followed fields of a stored ticket, missing and malformed values as DESIGN §3 reads them. */
function audited(snapshot: DocumentSnapshot): AuditedTicket {
  return {
    status: oneOf(snapshot.get('status'), TICKET_STATUSES, 'new'),
    priority: oneOf(snapshot.get('priority'), PRIORITIES, 'normal'),
    tags: texts(snapshot.get('tags')),
    category: optionalText(snapshot.get('category')),
    assigneeId: optionalText(snapshot.get('assigneeId')),
  };
}

/** A document id made of the change id: Firestore ids may not hold `/`. */
function safeId(changeId: string): string {
  return changeId.replace(/[^A-Za-z0-9_-]/g, '_');
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * The title of the macro this version of the ticket was written by (DESIGN §3 "Macros"): its
 * `appliedMacro` stamped at the write's own `updatedAt` (the rules make both the server's time of
 * the write), or `null` — a later write leaves the field as it was, with an older stamp.
 */
function appliedMacroOf(ticket: DocumentSnapshot): string | null {
  const applied: unknown = ticket.get('appliedMacro');
  const updatedAt: unknown = ticket.get('updatedAt');
  if (typeof applied !== 'object' || applied === null || !(updatedAt instanceof Timestamp)) return null;
  const { title, at } = applied as { title?: unknown; at?: unknown };
  return typeof title === 'string' && at instanceof Timestamp && at.isEqual(updatedAt) ? title : null;
}

/**
 * Writes the audit trail of one ticket write: the submission entry (`events/submitted`, by the
 * requester, at `createdAt`) for a new ticket; else one entry per followed field that changed,
 * by the write's `updatedBy` (the rules make it the writer), at its `updatedAt`, with ids
 * `{changeId}-{n}` so that entries of one change sort in order and a retried run writes nothing
 * twice (`create` fails on an existing id; then the trail is already there).
 * @returns how many entries were written.
 */
async function writeAuditTrail(change: TicketChange, after: DocumentSnapshot): Promise<number> {
  const { before } = change;
  const created = before === null;
  // A trigger run's own write: the run wrote its entries, each naming its trigger (`triggers.ts`).
  if (!created && writtenByTriggers(after)) return 0;
  const entries = created
    ? [SUBMITTED_ENTRY]
    : [
        ...auditEntriesBetween(audited(before), audited(after)),
        // Values customers see live on the ticket; agents-only ones are `agentFieldsWritten`'s.
        ...fieldAuditEntries(customFieldValuesFrom(before.get('fields')), customFieldValuesFrom(after.get('fields'))),
      ];
  if (entries.length === 0) return 0;
  const actorId = text(created ? after.get('requesterId') : after.get('updatedBy'));
  const at = created ? after.get('createdAt') : after.get('updatedAt');
  const macro = created ? null : appliedMacroOf(after);
  const events = after.ref.collection('events');
  const batch = after.ref.firestore.batch();
  entries.forEach((entry, index) => {
    const id = created ? 'submitted' : `${safeId(change.changeId)}-${index}`;
    batch.create(events.doc(id), { ...entry, ...(macro ? { macro } : {}), actorId, at });
  });
  try {
    await batch.commit();
    return entries.length;
  } catch (error) {
    if (codeOf(error) === ALREADY_EXISTS) return 0;
    throw error;
  }
}

/** What {@link searchKeysChange} writes: the keys, and the ticket's organisation when first derived. */
interface SearchKeysWrite {
  searchKeys?: string[];
  /** The requester's organisation (`null` for none), when the ticket has no `organisationId` yet. */
  organisationId?: string | null;
}

/**
 * The ticket's `searchKeys` as `searchKeysFor` its number, subject, requester (name, and email
 * from their profile), tags and organisation say, with its public replies' words
 * (`staff-search.ts`), when one of those fields changed or the keys are missing; and its
 * `organisationId`, its requester's (`ticketOrganisationOf`), when the ticket has none yet — a new
 * ticket, or one from before organisations (DESIGN §1 "Organisations"). `null` when the stored
 * keys and organisation are those already.
 */
async function searchKeysChange(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
): Promise<SearchKeysWrite | null> {
  // Most writes (status, priority, assignee, messages, this code's own key write) change none of
  // the keys' sources: nothing to read or write then — unless the stored keys are not those of
  // the sources, which happens when the run for the write that changed them lost the version race
  // to a later write (this one): its keys were never written, and this run must write them.
  const sources = ['number', 'subject', 'requesterName', 'requesterId', 'tags', 'fields', 'organisationId'];
  const same = (field: string) => JSON.stringify(before?.get(field)) === JSON.stringify(after.get(field));
  const stored: unknown = after.get('organisationId');
  const derived = stored !== undefined;
  if (before && derived && sources.every(same) && keysFollowSources(after)) return null;
  const [requester, publicWords] = await Promise.all([
    db
      .collection('users')
      .doc(text(after.get('requesterId')))
      .get(),
    publicWordsOf(db, after.id),
  ]);
  const organisationId = derived ? optionalText(stored) : (ticketOrganisationOf(personOf(requester)) ?? null);
  const fieldKeys = searchKeysFor({
    number: Number(after.get('number')),
    subject: text(after.get('subject')),
    requesterName: text(after.get('requesterName')),
    requesterEmail: optionalText(requester.get('email')) ?? undefined,
    tags: texts(after.get('tags')),
    organisationId,
  });
  // The values customers see are filtered on by their keys and searched by their words (DESIGN §3
  // "Custom fields").
  const values = customFieldValuesFrom(after.get('fields'));
  const keys = withFieldKeys(unionKeys(fieldKeys, publicWords, fieldWordKeys(values)), fieldFilterKeys(values));
  const storedKeys = after.get('searchKeys');
  const sameKeys =
    Array.isArray(storedKeys) && storedKeys.length === keys.length && storedKeys.every((key, i) => key === keys[i]);
  if (sameKeys && derived) return null;
  return { ...(!sameKeys && { searchKeys: keys }), ...(!derived && { organisationId }) };
}

/**
 * Whether the stored `searchKeys` of `ticket` follow its own fields, as far as they can be told
 * without reading the requester's profile: exactly its tags' keys, every key of its number,
 * subject and requester name, and the `local@` prefix of an address it holds (so a ticket keyed
 * before half-typed addresses were found gets its keys again on its next write).
 */
function keysFollowSources(ticket: DocumentSnapshot): boolean {
  const stored = ticket.get('searchKeys');
  if (!Array.isArray(stored)) return false;
  const expected = searchKeysFor({
    number: Number(ticket.get('number')),
    subject: text(ticket.get('subject')),
    requesterName: text(ticket.get('requesterName')),
    tags: texts(ticket.get('tags')),
    organisationId: optionalText(ticket.get('organisationId')),
  });
  const have = new Set(stored);
  const isTagKey = (key: unknown) => typeof key === 'string' && key.startsWith(TAG_KEY_PREFIX);
  // Keys written before addresses were found half-typed hold the whole address but not its `local@`.
  const address = stored.find((key): key is string => typeof key === 'string' && /^[^@#]+@.+$/.test(key));
  const addressPrefixed = !address || have.has(address.slice(0, address.indexOf('@') + 1));
  return (
    addressPrefixed &&
    stored.filter(isTagKey).length === expected.filter(isTagKey).length &&
    expected.every((key) => have.has(key))
  );
}

/**
 * Writes the derived fields of one ticket write in one update, only over this very version (a
 * later write's run writes them for that one): the search keys and organisation, the SLA record and due time
 * (DESIGN §10) and the fields' sort slots (DESIGN §3, `field-sort.ts`) — one write, so none can
 * lose the version race to another.
 * @returns whether the search keys were among what was written.
 */
async function writeDerivedFields(
  db: Firestore,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
  desk: DeskSettings,
): Promise<boolean> {
  const [keys, sla, slots] = await Promise.all([
    searchKeysChange(db, before, after),
    slaFieldsChange(db, before, after, desk),
    fieldSortChange(db, before, after),
  ]);
  if (keys === null && sla === null && slots === null) return false;
  const written = await updateThisVersion(after, { ...keys, ...sla, ...slots });
  return written && keys?.searchKeys !== undefined;
}

/**
 * Records one ticket write: its audit trail, its search keys with its SLA fields, and its
 * statistics (`stats.ts`) — three independent writes: each runs to its end whatever the others do
 * (a statistics day Firestore refuses to grow must not cost the audit trail).
 * Idempotent: a retried run, or the run for the trigger's own write, writes nothing.
 * @returns what was written: the number of audit entries, and whether the search keys were.
 * @throws the first of the three writes' errors, once all three have settled.
 */
export async function recordTicketChange(
  db: Firestore,
  change: TicketChange,
): Promise<{ events: number; searchKeys: boolean }> {
  const { after } = change;
  if (!after) return { events: 0, searchKeys: false };
  // The desk settings, read once for the SLA fields and the statistics.
  const desk = await readDesk(db);
  const [events, searchKeys, stats] = await Promise.allSettled([
    writeAuditTrail(change, after),
    writeDerivedFields(db, change.before, after, desk),
    recordTicketStats(db, change.before, after, desk),
  ]);
  for (const outcome of [events, searchKeys, stats]) if (outcome.status === 'rejected') throw outcome.reason;
  return {
    events: events.status === 'fulfilled' ? events.value : 0,
    searchKeys: searchKeys.status === 'fulfilled' && searchKeys.value,
  };
}
