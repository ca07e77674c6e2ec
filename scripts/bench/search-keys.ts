/**
 * `npm run bench:search-keys`: the size of the ticket search's keys (DESIGN §3 "Search";
 * docs/benchmarks.md "Search keys per ticket") — for the demo desk's tickets as seeded, and for a
 * worst case (a long thread of distinct words): the keys on a ticket (its fields' and its public
 * replies' words, what customers search) and on its staff copy (those and the internal notes'
 * words), their bytes, and the index entries Firestore keeps for them (one per key for the
 * automatic `array-contains` index, one more per composite index that holds `searchKeys`, read
 * from firestore.indexes.json). Figures, not a test.
 */
import { readFileSync } from 'node:fs';
import { buildDemoDesk } from '@/backend/local/seed/demo-desk';
import {
  conversationWordsByTicket,
  conversationWordsOf,
  MAX_CONVERSATION_WORDS,
  searchKeysFor,
  unionKeys,
  type ConversationMessage,
} from '@/domain/search-keys';

interface Sizes {
  ticketKeys: number;
  copyKeys: number;
  ticketBytes: number;
  copyBytes: number;
}

/** Bytes Firestore counts for a list of strings: each string's UTF-8 length plus 1. */
const bytesOf = (keys: readonly string[]): number =>
  keys.reduce((total, key) => total + Buffer.byteLength(key, 'utf8') + 1, 0);

const indexes = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as {
  indexes: { collectionGroup: string; fields: { fieldPath: string }[] }[];
};
/** Index entries per key: the automatic one and each composite index over `searchKeys`. */
const entriesPerKey = (group: string): number =>
  1 +
  indexes.indexes.filter(
    (index) => index.collectionGroup === group && index.fields.some((field) => field.fieldPath === 'searchKeys'),
  ).length;

function sizesOf(
  fieldKeys: readonly string[],
  { publicWords, noteWords }: { publicWords: string[]; noteWords: string[] },
): Sizes {
  const ticket = unionKeys(fieldKeys, publicWords);
  const copy = unionKeys(ticket, noteWords);
  return { ticketKeys: ticket.length, copyKeys: copy.length, ticketBytes: bytesOf(ticket), copyBytes: bytesOf(copy) };
}

function summary(name: string, all: readonly Sizes[]): void {
  const stat = (pick: (sizes: Sizes) => number) => {
    const values = all.map(pick).sort((a, b) => a - b);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return `mean ${mean.toFixed(0)}, median ${values[Math.floor(values.length / 2)]}, max ${values.at(-1)}`;
  };
  console.log(`${name} (${all.length} tickets)`);
  console.log(`  keys on the ticket:       ${stat((s) => s.ticketKeys)}`);
  console.log(`  keys on the staff copy:   ${stat((s) => s.copyKeys)}`);
  console.log(`  bytes of the ticket keys: ${stat((s) => s.ticketBytes)}`);
  console.log(`  bytes of the copy keys:   ${stat((s) => s.copyBytes)}`);
  console.log(
    `  index entries for keys:   ticket ${stat((s) => s.ticketKeys * entriesPerKey('tickets'))}; ` +
      `copy ${stat((s) => s.copyKeys * entriesPerKey('ticketSearch'))}`,
  );
}

const desk = buildDemoDesk(Date.now());
const emails = new Map(desk.users.map((user) => [user.uid, user.email]));
const words = conversationWordsByTicket(desk.messages);
summary(
  'The demo desk',
  desk.tickets.map((ticket) =>
    sizesOf(
      searchKeysFor({ ...ticket, requesterEmail: emails.get(ticket.requesterId) }),
      words.get(ticket.id) ?? { publicWords: [], noteWords: [] },
    ),
  ),
);

// The bound: a subject of 150 characters, and threads of more distinct words than are kept.
const word = (i: number) => `word${i.toString(36).padStart(4, '0')}x${'abcdefghij'.slice(0, i % 10)}`;
const long: ConversationMessage[] = Array.from({ length: 40 }, (_, m) => ({
  body: Array.from({ length: 60 }, (_, w) => word(m * 60 + w)).join(' '),
  internal: m % 2 === 1,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString(),
}));
const worst = sizesOf(
  searchKeysFor({
    number: 123456,
    subject: Array.from({ length: 15 }, (_, i) => `subjectword${i}`).join(' '),
    requesterName: 'Maximiliana Wolfeschlegelsteinhausen',
    requesterEmail: 'maximiliana.wolfeschlegelsteinhausen@subsidiary.example-company.test',
    tags: ['vip', 'billing', 'escalated'],
  }),
  conversationWordsOf(long),
);
summary(`A thread of 40 messages × 60 distinct words (kept: ${MAX_CONVERSATION_WORDS} of each kind)`, [worst]);
