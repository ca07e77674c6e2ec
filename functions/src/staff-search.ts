/**
 * The words of a ticket's conversation in its search (DESIGN §3 "Search"), kept by trusted code:
 * - a public reply's words (the request's description included) join the ticket's own
 *   `searchKeys`, which everyone who may read the ticket searches;
 * - an internal note's words must never be stored where a customer can read them — the ticket
 *   document is readable by its requester — so they live only in `ticketSearch/{ticketId}`, a
 *   staff-only copy of the ticket (the security rules let staff read it, and no client write it)
 *   whose `searchKeys` are the ticket's and the notes' words. The staff's search reads that copy.
 *
 * The copy also keeps the word lists (`publicWords`, `noteWords`: `conversationKeysOf` of each
 * message, at most `MAX_CONVERSATION_WORDS` each), the one place they are stored. Every write is a
 * transaction that reads what it derives from, so whichever run comes last writes the truth;
 * retried or repeated runs write nothing new.
 */
import {
  FieldPath,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  conversationKeysOf,
  conversationWordsOf,
  unionKeys,
  withConversationKeys,
  withTagKeys,
  agentFieldSearchKeys,
} from '@/domain/search-keys';
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { isoOf, text, texts } from './snapshot-values';

/** The staff-only collection of ticket copies the staff's search reads (same ids as `tickets`). */
export const STAFF_SEARCH_COLLECTION = 'ticketSearch';

/** The staff copy of one ticket. */
function copyRef(db: Firestore, ticketId: string) {
  return db.collection(STAFF_SEARCH_COLLECTION).doc(ticketId);
}

/** The copy a ticket's staff search holds: its fields, its keys with the note words, and both word lists. */
function staffCopyOf(
  ticket: DocumentSnapshot,
  publicWords: string[],
  noteWords: string[],
  agentFieldKeys: string[],
  ticketKeys: string[] = texts(ticket.get('searchKeys')),
): DocumentData {
  return {
    ...ticket.data(),
    searchKeys: unionKeys(unionKeys(ticketKeys, noteWords), agentFieldKeys),
    publicWords,
    noteWords,
    agentFieldKeys,
  };
}

/** Whether two stored values are the same (Timestamps compare by their fields). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Writes the copy when it differs from what is stored; inside the caller's transaction. */
function putCopy(tx: Transaction, copy: DocumentSnapshot, next: DocumentData): boolean {
  const stored = copy.data();
  const keys = new Set([...Object.keys(stored ?? {}), ...Object.keys(next)]);
  if (stored && [...keys].every((key) => same(stored[key], next[key]))) return false;
  tx.set(copy.ref, next);
  return true;
}

/** Words to add to a ticket's search: a public reply's, a note's, or a whole conversation's. */
interface AddedWords {
  publicWords: readonly string[];
  noteWords: readonly string[];
}

/**
 * Adds words to a ticket's search in one transaction: to the copy's word lists; public ones to
 * the ticket's own `searchKeys` too (with its current tags' keys); the copy brought up to the
 * ticket. Idempotent: words already kept change nothing. A ticket not written yet (or gone) keeps
 * its words in the copy, for its own trigger to copy it with them.
 * @returns whether the ticket's own keys were written.
 */
function addWords(db: Firestore, ticketId: string, added: AddedWords): Promise<boolean> {
  const ticketRef = db.collection('tickets').doc(ticketId);
  return db.runTransaction(async (tx) => {
    const [ticket, copy] = await Promise.all([tx.get(ticketRef), tx.get(copyRef(db, ticketId))]);
    const storedPublic = texts(copy.get('publicWords'));
    const storedNotes = texts(copy.get('noteWords'));
    const publicWords = withConversationKeys(storedPublic, added.publicWords);
    const noteWords = withConversationKeys(storedNotes, added.noteWords);
    if (!ticket.exists) {
      if (!copy.exists || !same(publicWords, storedPublic) || !same(noteWords, storedNotes)) {
        tx.set(copy.ref, { publicWords, noteWords }, { merge: true });
      }
      return false;
    }
    const storedKeys = texts(ticket.get('searchKeys'));
    const keys = unionKeys(withTagKeys(storedKeys, texts(ticket.get('tags'))), publicWords);
    const keysChanged = !same(keys, storedKeys);
    if (keysChanged) tx.update(ticketRef, { searchKeys: keys });
    // The copy of the ticket as this transaction leaves it.
    putCopy(tx, copy, staffCopyOf(ticket, publicWords, noteWords, texts(copy.get('agentFieldKeys')), keys));
    return keysChanged;
  });
}

/**
 * Adds one new message's words to its ticket's search (see {@link addWords}): a public reply's
 * to the ticket's keys and its copy's, an internal note's to the copy's only.
 * @returns whether the ticket's own keys were written.
 */
export function addMessageWords(
  db: Firestore,
  ticketId: string,
  message: { body: string; internal: boolean },
): Promise<boolean> {
  const words = conversationKeysOf(message.body);
  return addWords(
    db,
    ticketId,
    message.internal ? { publicWords: [], noteWords: words } : { publicWords: words, noteWords: [] },
  );
}

/**
 * Brings a ticket's staff copy up to the ticket as stored now (read in a transaction, so the
 * last run for a burst of writes copies the last version).
 * @returns whether the copy was written.
 */
export async function copyForStaffSearch(db: Firestore, ticketId: string): Promise<boolean> {
  const ticketRef = db.collection('tickets').doc(ticketId);
  return db.runTransaction(async (tx) => {
    const [ticket, copy, agentFields] = await Promise.all([
      tx.get(ticketRef),
      tx.get(copyRef(db, ticketId)),
      tx.get(ticketRef.collection('agentFields').doc('values')),
    ]);
    if (!ticket.exists) return false;
    // Agents-only values are filtered on and searched here only (the staff's copy): DESIGN §3 "Custom fields".
    const agentKeys = agentFieldSearchKeys(customFieldValuesFrom(agentFields.get('values')));
    return putCopy(
      tx,
      copy,
      staffCopyOf(ticket, texts(copy.get('publicWords')), texts(copy.get('noteWords')), agentKeys),
    );
  });
}

/**
 * The public replies' words kept for a ticket (the copy's), which the ticket's own keys hold
 * beside those of its fields; `[]` when none are kept yet.
 */
export async function publicWordsOf(db: Firestore, ticketId: string): Promise<string[]> {
  return texts((await copyRef(db, ticketId).get()).get('publicWords'));
}

/** Where the back-fill stands: `counters/ticketSearch` (no client rule reaches it). */
const BACKFILL_DOC = 'counters/ticketSearch';

/** The version of the copies' shape; a new one makes the back-fill run over every ticket again. */
export const STAFF_SEARCH_VERSION = 1;

/** Tickets read per back-fill page, and pages per scheduled run. */
const BACKFILL_PAGE = 50;
const BACKFILL_PAGES_PER_RUN = 4;

/**
 * One step of the back-fill for tickets stored before the conversation was searched: up to
 * {@link BACKFILL_PAGES_PER_RUN} pages of tickets in id order from where the last step stopped;
 * each one without a copy gets its messages' words (`conversationWordsOf`) and its copy. The
 * position is kept in `counters/ticketSearch` and the version recorded once every ticket is done.
 * Costs, per ticket without a copy, one read per message; once done, one read per run.
 * @returns how many tickets were given their words.
 */
export async function backfillStaffSearch(db: Firestore): Promise<number> {
  const marker = db.doc(BACKFILL_DOC);
  const state = (await marker.get()).data() ?? {};
  if (state.version === STAFF_SEARCH_VERSION) return 0;
  let after = state.pendingVersion === STAFF_SEARCH_VERSION && typeof state.after === 'string' ? state.after : '';
  let written = 0;
  for (let page = 0; page < BACKFILL_PAGES_PER_RUN; page += 1) {
    let next = db.collection('tickets').orderBy(FieldPath.documentId()).limit(BACKFILL_PAGE);
    if (after) next = next.startAfter(after);
    const rows = (await next.get()).docs;
    const copies = rows.length > 0 ? await db.getAll(...rows.map((row) => copyRef(db, row.id))) : [];
    for (const [index, row] of rows.entries()) {
      if (copies[index]?.exists) continue;
      const messages = await row.ref.collection('messages').get();
      const words = conversationWordsOf(
        messages.docs.map((message) => ({
          body: text(message.get('body')),
          internal: message.get('internal') === true,
          createdAt: isoOf(message.get('createdAt')) ?? '',
        })),
      );
      await addWords(db, row.id, words);
      written += 1;
    }
    if (rows.length < BACKFILL_PAGE) {
      await marker.set({ version: STAFF_SEARCH_VERSION });
      return written;
    }
    after = rows[rows.length - 1]?.id ?? after;
    await marker.set({ pendingVersion: STAFF_SEARCH_VERSION, after });
  }
  return written;
}
