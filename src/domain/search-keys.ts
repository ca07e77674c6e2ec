/**
 * The ticket search key: Firestore has no full-text search, so every ticket carries
 * `searchKeys`, a bounded list of lowercase, diacritic-free strings written with the ticket,
 * and a search is one `array-contains` on it (one IndexedDB multiEntry index in the local
 * adapter). Pure functions, shared by both adapters, the security rules' size check and the
 * benchmark; no imports so that scripts can load it on its own.
 *
 * What a ticket is found by:
 * - its number (`42`; a query `#42` works too);
 * - every word of its subject and of the requester's name, by any prefix of 2 or more
 *   characters (search as you type), up to {@link MAX_PREFIX} characters;
 * - the requester's email, whole, its local part, the prefixes of the local part's words, and
 *   every prefix of it from its `@` on (`luis@`, `luis@e` … `luis@example.test`, the domain's
 *   first {@link MAX_EMAIL_DOMAIN_PREFIX} characters), so a half-typed address finds it too;
 * - its tags, as `#tag` (the tag filter of the queue; never produced by a typed query);
 * - its organisation, as `%` and the organisation's id (the queue's organisation filter, DESIGN §1
 *   "Organisations"; never produced by a typed query either);
 * - the words of its conversation, whole ({@link conversationKeysOf}): those of public replies
 *   (the request's description included) in the keys everyone who may see the ticket searches,
 *   those of internal notes only in the staff's keys, which trusted code keeps where customers
 *   cannot read them (DESIGN §3 "Search").
 *
 * A query is reduced to ONE key, its most specific token ({@link searchKeyOf}): Firestore
 * allows a single `array-contains` per query, and both adapters follow the same rule so they
 * return the same rows. That is also why a tag filter and a search do not combine.
 */

/** Longest prefix of a word kept as a key; longer query tokens are cut to it. */
export const MAX_PREFIX = 15;

/** Shortest prefix kept as a key (one letter would match nearly everything). */
export const MIN_PREFIX = 2;

/** Most keys a ticket carries (tags and the number come first and are never dropped). */
export const MAX_SEARCH_KEYS = 400;

/** Longest key: a whole email address (RFC 5321's 254) or `#` and a 30-character tag. */
export const MAX_SEARCH_KEY_LENGTH = 254;

/** Most characters of an email's domain its `local@domain` prefixes run to (the whole address is kept too). */
export const MAX_EMAIL_DOMAIN_PREFIX = 40;

/** Marks a tag's key so it can never collide with a typed word. */
export const TAG_KEY_PREFIX = '#';

/**
 * Most distinct words of one kind of a ticket's conversation kept as keys — public replies, and
 * internal notes, each: the first ones written are kept, later new words are not (a long thread
 * repeats its words; an order number is written early).
 */
export const MAX_CONVERSATION_WORDS = 500;

/** Fewest digits a number in a message needs to be a key (an order number, not "2 days"). */
export const MIN_CONVERSATION_NUMBER = 4;

/** Marks an organisation's key so it can never collide with a typed word or a tag. */
export const ORGANISATION_KEY_PREFIX = '%';

/** What a ticket's search keys are made of. */
export interface SearchKeySource {
  number: number;
  subject: string;
  requesterName: string;
  /** The requester's email at creation; absent when unknown (it is not part of the ticket). */
  requesterEmail?: string;
  tags?: readonly string[];
  /** The ticket's `organisationId`; absent or `null` for none. */
  organisationId?: string | null;
}

/** Lowercase with diacritics folded (`Zoë Ångström` → `zoe angstrom`), NFKD-decomposed. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text after {@link foldText}: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A word's keys: its prefixes from {@link MIN_PREFIX} to {@link MAX_PREFIX} characters. */
export function prefixesOf(word: string): string[] {
  const keys: string[] = [];
  const top = Math.min(word.length, MAX_PREFIX);
  for (let length = MIN_PREFIX; length <= top; length += 1) keys.push(word.slice(0, length));
  return keys;
}

/** The key of a tag, as the tag filter looks it up. */
export function tagKey(tag: string): string {
  return `${TAG_KEY_PREFIX}${tag}`;
}

/** The key of an organisation, as the queue's organisation filter looks it up (`%` and its id). */
export function organisationKey(organisationId: string): string {
  return `${ORGANISATION_KEY_PREFIX}${organisationId}`;
}

/**
 * The search keys of a ticket: unique, at most {@link MAX_SEARCH_KEYS}, each at most
 * {@link MAX_SEARCH_KEY_LENGTH} characters. Tags, the organisation and the number are always
 * kept; when a very long subject would exceed the bound, its last words' prefixes are dropped.
 * @returns the keys, in a stable order (tags, organisation, number, email, name, subject).
 */
export function searchKeysFor(source: SearchKeySource): string[] {
  const keys = new Set<string>();
  for (const tag of source.tags ?? []) keys.add(tagKey(tag));
  if (source.organisationId) keys.add(organisationKey(source.organisationId));
  keys.add(String(source.number));
  const email = source.requesterEmail ? foldText(source.requesterEmail.trim()) : '';
  if (email.includes('@') && email.length <= MAX_SEARCH_KEY_LENGTH) {
    keys.add(email);
    const at = email.indexOf('@');
    const local = email.slice(0, at);
    if (local.length >= MIN_PREFIX) keys.add(local);
    for (const word of wordsOf(local)) for (const key of prefixesOf(word)) keys.add(key);
    const domainTop = Math.min(email.length, at + 1 + MAX_EMAIL_DOMAIN_PREFIX);
    for (let end = at + 1; end <= domainTop; end += 1) keys.add(email.slice(0, end));
  }
  for (const word of [...wordsOf(source.requesterName), ...wordsOf(source.subject)]) {
    for (const key of prefixesOf(word)) {
      if (keys.size >= MAX_SEARCH_KEYS) return [...keys];
      keys.add(key);
    }
  }
  return [...keys];
}

/** The first character of a custom field's filter key among a ticket's search keys (DESIGN §3 "Custom fields"). */
export const FIELD_KEY_PREFIX = '=';

/** The filter key of one custom field value: `=product:web`, `=vip:true`, `=due:2026-12-01`. */
export function fieldFilterKey(field: string, value: string): string {
  return `${FIELD_KEY_PREFIX}${field}:${value}`;
}

/**
 * The filter keys of a ticket's custom field values (the queue's field filters, DESIGN §3
 * "Custom fields"): a dropdown's option id, a checkbox's `true`/`false`, a date's day and month
 * (`2026-12-01`, `2026-12`). Told apart by the value's shape, so trusted code needs no
 * definitions: a text value shaped like an option id (a lowercase letter, then up to 39 letters,
 * digits or `_`) gets one too; numbers, lists and other texts get none. At most one key per value
 * (two for a date), so at most 100.
 */
export function fieldFilterKeys(values: Readonly<Record<string, unknown>> | undefined): string[] {
  const keys: string[] = [];
  for (const [field, value] of Object.entries(values ?? {})) {
    if (typeof value === 'boolean') keys.push(fieldFilterKey(field, String(value)));
    else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      keys.push(fieldFilterKey(field, value), fieldFilterKey(field, value.slice(0, 7)));
    } else if (typeof value === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(value)) {
      keys.push(fieldFilterKey(field, value));
    }
  }
  return keys;
}

/** Most search keys a ticket's custom field values give as words ({@link fieldWordKeys}). */
export const MAX_FIELD_WORD_KEYS = 150;

/**
 * The word keys of a ticket's custom field values (DESIGN §3 "Custom fields": text fields are
 * searched by word prefix, as subjects are): the prefixes of every word of each text value —
 * every string but a date (so a dropdown's option id, `web_app`, is found by `web` too; a
 * multi-select's options are not) — at most {@link MAX_FIELD_WORD_KEYS}, in key order of the
 * values. Told apart by shape, as {@link fieldFilterKeys} are, so trusted code needs no definitions.
 */
export function fieldWordKeys(values: Readonly<Record<string, unknown>> | undefined): string[] {
  const keys = new Set<string>();
  for (const field of Object.keys(values ?? {}).sort()) {
    const value = values?.[field];
    if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
    for (const word of wordsOf(value)) {
      for (const key of prefixesOf(word)) {
        if (keys.size >= MAX_FIELD_WORD_KEYS) return [...keys];
        keys.add(key);
      }
    }
  }
  return [...keys];
}

/**
 * The search keys of a ticket's agents-only values, which only the staff's search holds: their
 * filter keys and their words (DESIGN §3 "Custom fields").
 */
export function agentFieldSearchKeys(values: Readonly<Record<string, unknown>> | undefined): string[] {
  return unionKeys(fieldFilterKeys(values), fieldWordKeys(values));
}

/** A ticket's keys with its field filter keys replaced by `fieldKeys` (a change of values). */
export function withFieldKeys(keys: readonly string[], fieldKeys: readonly string[]): string[] {
  return [...new Set([...keys.filter((key) => !key.startsWith(FIELD_KEY_PREFIX)), ...fieldKeys])];
}

/**
 * A ticket's keys with its tag keys replaced by those of `tags` — of the ticket's own fields, the
 * only one that changes after creation (the subject never does, nor the denormalised requester
 * name). Used on a tag change, so the requester's email, which is not on the ticket, and the
 * conversation's words are kept.
 */
export function withTagKeys(keys: readonly string[], tags: readonly string[]): string[] {
  return [...new Set([...tags.map(tagKey), ...keys.filter((key) => !key.startsWith(TAG_KEY_PREFIX))])];
}

/**
 * The key a word of a message is kept as, as {@link searchTokens} would type it: a number as its
 * digits without leading zeros (at least {@link MIN_CONVERSATION_NUMBER} of them), other words
 * of {@link MIN_PREFIX} characters or more cut to {@link MAX_PREFIX}; `null` for neither.
 */
function conversationKeyOf(word: string): string | null {
  if (/^\d+$/.test(word)) {
    const digits = String(Number(word));
    return digits.length >= MIN_CONVERSATION_NUMBER && /^\d+$/.test(digits) ? digits : null;
  }
  return word.length >= MIN_PREFIX ? word.slice(0, MAX_PREFIX) : null;
}

/**
 * The keys of a message's text: each word whole (not its prefixes — those of every word of
 * every reply would multiply a ticket's keys about sixfold), as a typed word of that length is
 * looked up; unique, in order of first use. An email address written in a message is found by
 * its words (`luis`, `example`, `test`).
 */
export function conversationKeysOf(text: string): string[] {
  const keys = new Set<string>();
  for (const word of wordsOf(text)) {
    const key = conversationKeyOf(word);
    if (key !== null) keys.add(key);
  }
  return [...keys];
}

/**
 * A ticket's kept conversation words with those of a new message added: unique, the stored ones
 * first, at most {@link MAX_CONVERSATION_WORDS} (new words past the bound are dropped).
 * Idempotent: adding the same message twice changes nothing.
 */
export function withConversationKeys(stored: readonly string[], added: readonly string[]): string[] {
  const keys = new Set(stored.slice(0, MAX_CONVERSATION_WORDS));
  for (const key of added) {
    if (keys.size >= MAX_CONVERSATION_WORDS) break;
    keys.add(key);
  }
  return [...keys];
}

/** What {@link conversationWordsOf} reads of a message. */
export interface ConversationMessage {
  body: string;
  internal: boolean;
  /** ISO-8601 UTC; the words are added in this order. */
  createdAt: string;
}

/**
 * The kept words of a whole conversation, public replies and internal notes apart, as adding its
 * messages one by one in the order they were written would keep them (the back-fills' use).
 */
export function conversationWordsOf(messages: readonly ConversationMessage[]): {
  publicWords: string[];
  noteWords: string[];
} {
  let publicWords: string[] = [];
  let noteWords: string[] = [];
  const ordered = [...messages].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  for (const message of ordered) {
    const words = conversationKeysOf(message.body);
    if (message.internal) noteWords = withConversationKeys(noteWords, words);
    else publicWords = withConversationKeys(publicWords, words);
  }
  return { publicWords, noteWords };
}

/**
 * The kept words of every ticket's conversation, by ticket id ({@link conversationWordsOf} of each
 * ticket's messages): what the back-fills and the demo seeds give stored tickets.
 */
export function conversationWordsByTicket(
  messages: readonly (ConversationMessage & { ticketId: string })[],
): Map<string, { publicWords: string[]; noteWords: string[] }> {
  const byTicket = new Map<string, ConversationMessage[]>();
  for (const message of messages) {
    const own = byTicket.get(message.ticketId);
    if (own) own.push(message);
    else byTicket.set(message.ticketId, [message]);
  }
  return new Map([...byTicket].map(([ticketId, own]) => [ticketId, conversationWordsOf(own)]));
}

/** The union of key lists, unique, in order of first appearance (a ticket's keys and its conversation's). */
export function unionKeys(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/**
 * The tokens of a typed query, as keys could hold them: an email address (or its start up to and
 * past its `@`) stays whole, a
 * number (`#42` or `42`) is its digits, other words are folded and cut to {@link MAX_PREFIX};
 * words under {@link MIN_PREFIX} characters (but not numbers) are dropped. Unique, in order.
 */
export function searchTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const part of foldText(text).trim().split(/\s+/)) {
    // An address, whole or half-typed (`luis@`, `luis@exam`): one token, as its keys hold it.
    if (part.includes('@') && /^[^@]+@[^@]*$/.test(part)) {
      if (part.length <= MAX_SEARCH_KEY_LENGTH) tokens.add(part);
      continue;
    }
    for (const word of wordsOf(part)) {
      if (/^\d+$/.test(word)) tokens.add(String(Number(word)));
      else if (word.length >= MIN_PREFIX) tokens.add(word.slice(0, MAX_PREFIX));
    }
  }
  return [...tokens];
}

/**
 * The one key a query is looked up by: its longest token (the most specific; the first of
 * equals), or `null` when the text has none (empty, or single letters only), which means
 * "no search". One key because Firestore allows a single `array-contains` per query.
 */
export function searchKeyOf(text: string | undefined): string | null {
  if (text === undefined) return null;
  let best: string | null = null;
  for (const token of searchTokens(text)) if (best === null || token.length > best.length) best = token;
  return best;
}
