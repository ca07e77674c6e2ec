/**
 * The local adapter's queue reads (`local/tickets/queries.ts`) and the stored-only assignee key
 * of schema v2 (`local/core/db.ts`), on fake-indexeddb: every page walk and count is compared
 * with the same question answered by sorting and filtering the whole table in memory.
 */
import { NO_FIELD_SORT_VALUE } from '@/domain/field-sort';
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import type { TicketFilter, TicketSort } from '@/backend/port/tickets';
import {
  openTriageDb,
  QUEUE_ASSIGNEE,
  SCHEMA_V1,
  SCHEMA_V2,
  SEARCH_KEYS,
  searchLaneField,
  type TriageDb,
  UNSOLVED_LANE,
} from '@/backend/local/core/db';
import {
  compareTickets,
  countTickets,
  laneBounds,
  matchesFilter,
  mergePage,
  planLanes,
  readTicketPage,
  searchKeyOfFilter,
} from '@/backend/local/tickets/queries';
import { fieldFilterKeys, searchKeysFor } from '@/domain/search-keys';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { PRIORITIES, TICKET_STATUSES, type Ticket } from '@/domain/types';

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickFrom<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickFrom needs items.');
  return item;
}

/** Few distinct timestamps, so many tickets tie on the sort field and the id must break them. */
const TIMES = ['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z'];
/** `''` stands for unassigned. */
const AGENTS = ['', 'agentA', 'agentB'];
const REQUESTERS = ['req1', 'req2', 'req3'];
const CATEGORIES = ['', 'Billing', 'Technical'];
const SUBJECT_WORDS = ['printer', 'invoice', 'login', 'refund', 'export'];
const TAGS = [[], ['vip'], ['vip', 'billing'], ['billing']];

function ticket(overrides: Partial<Ticket> & Pick<Ticket, 'id'>): Ticket {
  return {
    number: 1,
    subject: 'A subject',
    status: 'new',
    priority: 'normal',
    tags: [],
    requesterId: 'req1',
    requesterName: 'Requester',
    createdAt: TIMES[0] ?? '',
    updatedAt: TIMES[0] ?? '',
    lastMessageAt: TIMES[0] ?? '',
    lastMessageBy: 'customer',
    ...overrides,
  };
}

function withCategory(category: string | undefined): Partial<Ticket> {
  return category ? { category } : {};
}

/** A dropdown custom field's value (DESIGN §3 "Custom fields"), or none. */
const PRODUCTS = ['web', 'api', ''] as const;
function withProduct(product: string | undefined): Partial<Ticket> {
  return product ? { fields: { product } } : {};
}

/** What a filter matches, answered without any index: the search keys computed afresh. */
function expectedMatch(ticket: Ticket, filter: TicketFilter): boolean {
  const key = searchKeyOfFilter(filter);
  const keys = [...searchKeysFor(ticket), ...fieldFilterKeys(ticket.fields)];
  return matchesFilter(ticket, filter) && (key === null || keys.includes(key));
}

function randomTickets(count: number, random: () => number): Ticket[] {
  return Array.from({ length: count }, (_, i) => {
    const assigneeId = pickFrom(AGENTS, random);
    return ticket({
      id: `t${Math.floor(random() * 1e9).toString(36)}${i}`,
      number: i + 1,
      status: pickFrom(TICKET_STATUSES, random),
      requesterId: pickFrom(REQUESTERS, random),
      createdAt: pickFrom(TIMES, random),
      updatedAt: pickFrom(TIMES, random),
      lastMessageAt: pickFrom(TIMES, random),
      priority: pickFrom(PRIORITIES, random),
      subject: `${pickFrom(SUBJECT_WORDS, random)} and ${pickFrom(SUBJECT_WORDS, random)} trouble`,
      tags: [...pickFrom(TAGS, random)],
      ...(assigneeId ? { assigneeId, assigneeName: assigneeId } : {}),
      ...withCategory(pickFrom(CATEGORIES, random)),
      ...withProduct(pickFrom(PRODUCTS, random)),
    });
  });
}

let dbCount = 0;
function freshDb(): TriageDb {
  dbCount += 1;
  return openTriageDb(`ticket-queries-${process.pid}-${dbCount}-${Date.now().toString(36)}`);
}

describe('pure helpers', () => {
  const a = ticket({ id: 'a', lastMessageAt: TIMES[1] ?? '' });
  const b = ticket({ id: 'b', lastMessageAt: TIMES[1] ?? '' });
  const c = ticket({ id: 'c', lastMessageAt: TIMES[0] ?? '' });

  it('orders by the sort field, then by id in the same direction', () => {
    const desc: TicketSort = { field: 'lastMessageAt', direction: 'desc' };
    const asc: TicketSort = { field: 'lastMessageAt', direction: 'asc' };
    expect([c, a, b].sort((x, y) => compareTickets(x, y, desc)).map((t) => t.id)).toEqual(['b', 'a', 'c']);
    expect([b, a, c].sort((x, y) => compareTickets(x, y, asc)).map((t) => t.id)).toEqual(['c', 'a', 'b']);
  });

  it('merges lanes into one page with the cursor of its last row only when more follow', () => {
    const sort: TicketSort = { field: 'lastMessageAt', direction: 'desc' };
    expect(mergePage([[b, c], [a]], sort, 2)).toEqual({
      tickets: [b, a],
      hasMore: true,
      nextCursor: { value: TIMES[1], id: 'a' },
    });
    expect(mergePage([[b, c], [a]], sort, 3)).toEqual({ tickets: [b, a, c], hasMore: false, nextCursor: null });
  });

  it('starts a lane strictly after the cursor, in the direction of the sort', () => {
    const after = { value: TIMES[1] ?? '', id: 'a' };
    const asc = laneBounds({ prefix: ['open'] }, { field: 'createdAt', direction: 'asc' }, after);
    expect(asc).toMatchObject({ lower: ['open', TIMES[1], 'a'], includeLower: false, includeUpper: true });
    const desc = laneBounds({ prefix: ['open'] }, { field: 'createdAt', direction: 'desc' }, after);
    expect(desc).toMatchObject({ upper: ['open', TIMES[1], 'a'], includeLower: true, includeUpper: false });
  });

  it('reads one lane per status for a view, by assignee when it names one, and one lane for a requester', () => {
    const unassigned = planLanes({ statuses: [...UNSOLVED_STATUSES], assigneeId: null }, 'updatedAt');
    expect(unassigned.map((lane) => [lane.index, lane.prefix])).toEqual(
      UNSOLVED_STATUSES.map((status) => [`[${QUEUE_ASSIGNEE}+status+updatedAt+id]`, ['', status]]),
    );
    expect(planLanes({}, 'createdAt')).toHaveLength(TICKET_STATUSES.length);
    const own = planLanes({ requesterId: 'req1', statuses: ['open'] }, 'lastMessageAt');
    expect(own).toHaveLength(1);
    expect(own[0]?.keep?.(ticket({ id: 'x', requesterId: 'req1', status: 'open' }))).toBe(true);
    expect(own[0]?.keep?.(ticket({ id: 'y', requesterId: 'req1', status: 'new' }))).toBe(false);
  });
});

describe('queue pages and counts on IndexedDB', () => {
  const random = seededRandom(42);
  const tickets = randomTickets(240, random);
  let db: TriageDb;

  beforeAll(async () => {
    db = freshDb();
    await db.tickets.bulkAdd(tickets);
  });
  afterAll(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  const filters: TicketFilter[] = [
    {},
    { statuses: [...UNSOLVED_STATUSES], assigneeId: null },
    { statuses: [...UNSOLVED_STATUSES], assigneeId: 'agentA' },
    { statuses: [...UNSOLVED_STATUSES] },
    { statuses: ['pending'] },
    { statuses: ['solved', 'solved'] },
    { assigneeId: null },
    { requesterId: 'req2' },
    { requesterId: 'req2', statuses: ['new', 'open'] },
    { requesterId: 'req3', assigneeId: null, statuses: [...UNSOLVED_STATUSES] },
    { requesterId: 'nobody' },
    { priority: 'urgent' },
    { priority: 'low', category: 'Technical', statuses: ['open', 'new'] },
    { statuses: [...UNSOLVED_STATUSES], assigneeId: null, priority: 'high' },
    { category: 'Billing', statuses: ['open', 'pending'] },
    { requesterId: 'req1', category: 'Technical' },
    { tag: 'vip' },
    { tag: 'billing', statuses: ['new'], assigneeId: 'agentB' },
    // The unsolved lanes of tag and field filter keys: the views' statuses in one range.
    { tag: 'vip', statuses: [...UNSOLVED_STATUSES] },
    { tag: 'billing', statuses: ['on_hold', 'pending', 'open', 'new'], assigneeId: null },
    { field: { key: 'product', value: 'web' }, statuses: [...UNSOLVED_STATUSES] },
    { field: { key: 'product', value: 'api' }, statuses: [...UNSOLVED_STATUSES], priority: 'high' },
    { field: { key: 'product', value: 'api' }, statuses: ['new', 'open', 'pending'] },
    { field: { key: 'product', value: 'web' } },
    { search: 'print' },
    { search: 'INVOICE trouble' },
    { search: 'ref', priority: 'low', assigneeId: null },
    { search: 'login', requesterId: 'req2' },
    { search: '#7' },
    { search: 'x' },
  ];
  const sorts: TicketSort[] = (['updatedAt', 'lastMessageAt', 'createdAt'] as const).flatMap((field) =>
    (['asc', 'desc'] as const).map((direction) => ({ field, direction })),
  );

  it.each(filters)('walks every page of %j in every order without repeating or skipping a ticket', async (filter) => {
    for (const sort of sorts) {
      const expected = tickets.filter((t) => expectedMatch(t, filter)).sort((x, y) => compareTickets(x, y, sort));
      const seen: Ticket[] = [];
      let page = await readTicketPage(db, { ...filter, limit: 10, sort }, 'staff');
      seen.push(...page.tickets);
      while (page.nextCursor) {
        expect(page.hasMore).toBe(true);
        page = await readTicketPage(db, { ...filter, limit: 10, sort, after: page.nextCursor }, 'staff');
        seen.push(...page.tickets);
      }
      expect(page.hasMore).toBe(false);
      expect(seen.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    }
  });

  it.each(filters)('counts %j as the whole table filtered in memory would', async (filter) => {
    const expected = tickets.filter((t) => expectedMatch(t, filter)).length;
    await expect(countTickets(db, filter, 'staff')).resolves.toBe(expected);
  });

  it('counts the SLA views’ windows (statuses and a due range, from `[status+slaDueAt+id]` keys) as filtering in memory would', async () => {
    // The due times as the middleware stored them; windows cut at stored values (bounds exclusive and inclusive).
    const stored = await db.tickets.toArray();
    const dues = [...new Set(stored.map((t) => t.slaDueAt ?? ''))].filter((due) => due < '9999').sort();
    const cut = (q: number) => dues[Math.floor(q * (dues.length - 1))] ?? '';
    const windows: TicketFilter[] = [
      { statuses: [...UNSOLVED_STATUSES], slaDueBefore: cut(0.5) },
      { statuses: [...UNSOLVED_STATUSES], slaDueAfter: cut(0.25), slaDueBefore: cut(0.75) },
      { statuses: ['open', 'pending'], slaDueAfter: cut(0.5) },
      { slaDueBefore: cut(1) },
    ];
    for (const filter of windows) {
      const expected = stored.filter((t) => matchesFilter(t, filter)).length;
      expect(expected).toBeGreaterThan(0);
      await expect(countTickets(db, filter, 'staff')).resolves.toBe(expected);
    }
  });

  it('finds some tickets for each search, tag and field filter (the cases above are not vacuous)', () => {
    for (const filter of filters.filter((f) => f.search !== undefined || f.tag !== undefined || f.field)) {
      if (filter.search === 'x') continue;
      expect({ filter, some: tickets.some((t) => expectedMatch(t, filter)) }).toEqual({ filter, some: true });
    }
  });

  it('returns tickets without the stored-only assignee key, from every kind of read', async () => {
    const [first] = tickets;
    if (!first) throw new Error('No tickets generated.');
    const reads = [
      await db.tickets.get(first.id),
      ...(await db.tickets.bulkGet([first.id])),
      await db.tickets.where('id').equals(first.id).first(),
      ...(await readTicketPage(db, { limit: 5, sort: { field: 'createdAt', direction: 'asc' } }, 'staff')).tickets,
    ];
    for (const read of reads) {
      expect(read).not.toHaveProperty(QUEUE_ASSIGNEE);
      expect(read).not.toHaveProperty(SEARCH_KEYS);
    }
    // What the middleware derives on every write is part of the ticket (DESIGN §10), not stored-only.
    expect(await db.tickets.get(first.id)).toEqual({
      ...first,
      sla: expect.any(Object),
      slaDueAt: expect.any(String),
      fieldSortA: NO_FIELD_SORT_VALUE,
      fieldSortB: NO_FIELD_SORT_VALUE,
    });
  });
});

describe('the stored-only assignee key', () => {
  let db: TriageDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  const unassignedNew = (): Promise<number> => countTickets(db, { statuses: ['new'], assigneeId: null }, 'staff');
  const assignedTo = (uid: string): Promise<number> => countTickets(db, { assigneeId: uid }, 'staff');

  it('follows assignment through put, update and modify, without touching the caller’s object', async () => {
    const original = ticket({ id: 'k1' });
    await db.tickets.add(original);
    expect(original).not.toHaveProperty(QUEUE_ASSIGNEE);
    await expect(unassignedNew()).resolves.toBe(1);

    await db.tickets.put({ ...original, assigneeId: 'agentA', assigneeName: 'A' });
    expect([await unassignedNew(), await assignedTo('agentA')]).toEqual([0, 1]);

    await db.tickets.update('k1', { assigneeId: 'agentB' });
    expect([await assignedTo('agentA'), await assignedTo('agentB')]).toEqual([0, 1]);

    await db.tickets
      .where('id')
      .equals('k1')
      .modify((stored) => {
        delete stored.assigneeId;
        delete stored.assigneeName;
      });
    expect([await assignedTo('agentB'), await unassignedNew()]).toEqual([0, 1]);
  });

  it('is added to the tickets of a version 1 database on upgrade', async () => {
    const name = `ticket-queries-v1-${process.pid}-${Date.now().toString(36)}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1
      .table('tickets')
      .bulkAdd([
        ticket({ id: 'old1', number: 1, status: 'open' }),
        ticket({ id: 'old2', number: 2, status: 'open', assigneeId: 'agentA', assigneeName: 'A' }),
        ticket({ id: 'old3', number: 3, status: 'solved' }),
      ]);
    v1.close();

    const upgraded = openTriageDb(name);
    try {
      await expect(countTickets(upgraded, { statuses: ['open'], assigneeId: null }, 'staff')).resolves.toBe(1);
      await expect(countTickets(upgraded, { assigneeId: 'agentA' }, 'staff')).resolves.toBe(1);
      const page = await readTicketPage(
        upgraded,
        {
          assigneeId: null,
          limit: 10,
          sort: { field: 'createdAt', direction: 'asc' },
        },
        'staff',
      );
      expect(page.tickets.map((t) => t.id)).toEqual(['old1', 'old3']);
      expect(upgraded.verno).toBe(29);
    } finally {
      upgraded.close();
      await Dexie.delete(name);
    }
  });
});

describe('the stored-only search keys (schema v3)', () => {
  let db: TriageDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  const found = async (search: string): Promise<string[]> =>
    (
      await readTicketPage(db, { search, limit: 10, sort: { field: 'createdAt', direction: 'asc' } }, 'staff')
    ).tickets.map((t) => t.id);

  it('gives an unsolved ticket’s tag and field filter keys one unsolved lane entry, and takes it away on a solve', async () => {
    const original = ticket({ id: 'lane1', status: 'open', tags: ['vip'], fields: { product: 'web' } });
    await db.tickets.add(original);
    const inLane = (key: string, lane: string) =>
      db.tickets
        .where(searchLaneField('updatedAt'))
        .between([key, lane, Dexie.minKey], [key, lane, Dexie.maxKey])
        .count();
    expect(await inLane('#vip', UNSOLVED_LANE)).toBe(1);
    expect(await inLane('=product:web', UNSOLVED_LANE)).toBe(1);
    // Every other key (the subject's words, the number) only per status.
    const word = searchKeysFor(original).find((key) => !key.startsWith('#') && !key.startsWith('=')) ?? '';
    expect(word).not.toBe('');
    expect(await inLane(word, UNSOLVED_LANE)).toBe(0);
    expect(await inLane(word, 'open')).toBe(1);
    await db.tickets.update('lane1', { status: 'solved' });
    expect(await inLane('#vip', UNSOLVED_LANE)).toBe(0);
    expect(await inLane('=product:web', UNSOLVED_LANE)).toBe(0);
    expect(await inLane('=product:web', 'solved')).toBe(1);
  });

  it('keeps the keys given at creation (the email) through put, update and modify, and follows tag changes', async () => {
    const original = ticket({ id: 's1', subject: 'Scanner offline' });
    const keys = searchKeysFor({ ...original, requesterEmail: 'ada.l@example.test' });
    await db.tickets.add({ ...original, [SEARCH_KEYS]: keys } as Ticket);
    await expect(found('ada.l@example.test')).resolves.toEqual(['s1']);

    const read = await db.tickets.get('s1');
    expect(read).toEqual({
      ...original,
      sla: { pauses: [] },
      slaDueAt: expect.any(String),
      fieldSortA: NO_FIELD_SORT_VALUE,
      fieldSortB: NO_FIELD_SORT_VALUE,
    });
    await db.tickets.put({ ...original, tags: ['vip'] });
    await expect(found('ada.l@example.test')).resolves.toEqual(['s1']);
    await expect(countTickets(db, { tag: 'vip' }, 'staff')).resolves.toBe(1);

    await db.tickets.update('s1', { tags: ['billing'] });
    await db.tickets
      .where('id')
      .equals('s1')
      .modify((stored) => {
        stored.priority = 'high';
      });
    await expect(countTickets(db, { tag: 'vip' }, 'staff')).resolves.toBe(0);
    await expect(countTickets(db, { tag: 'billing', priority: 'high' }, 'staff')).resolves.toBe(1);
    await expect(found('scan')).resolves.toEqual(['s1']);
    await expect(found('ada')).resolves.toEqual(['s1']);
  });

  it('computes keys for a ticket written without them (no email known)', async () => {
    await db.tickets.add(ticket({ id: 's2', number: 42, subject: 'Über wichtig', requesterName: 'Zoë Ångström' }));
    await expect(found('uber')).resolves.toEqual(['s2']);
    await expect(found('ANGS')).resolves.toEqual(['s2']);
    await expect(found('#42')).resolves.toEqual(['s2']);
    await expect(found('zoe@example.test')).resolves.toEqual([]);
  });

  it('back-fills the keys of a version 2 database on upgrade, with the requesters’ emails', async () => {
    const name = `ticket-queries-v2-${process.pid}-${Date.now().toString(36)}`;
    const v2 = new Dexie(name);
    v2.version(1).stores(SCHEMA_V1);
    v2.version(2).stores(SCHEMA_V2);
    await v2.table('users').add({ uid: 'req1', email: 'grace@example.test', displayName: 'Grace', role: 'customer' });
    await v2.table('tickets').bulkAdd([
      { ...ticket({ id: 'v2a', number: 1, subject: 'Billing mixup', tags: ['vip'] }), [QUEUE_ASSIGNEE]: '' },
      { ...ticket({ id: 'v2b', number: 2, subject: 'Login loop', requesterId: 'req2' }), [QUEUE_ASSIGNEE]: '' },
    ]);
    const message = { ticketId: 'v2a', authorId: 'req1', authorName: 'Grace', authorRole: 'customer', attachments: [] };
    await v2.table('messages').bulkAdd([
      { ...message, id: 'm1', body: 'The zeppelin invoice', internal: false, createdAt: TIMES[0] },
      { ...message, id: 'm2', body: 'Quokka refund approved', internal: true, createdAt: TIMES[1] },
    ]);
    v2.close();

    const upgraded = openTriageDb(name);
    try {
      const search = (text: string) =>
        readTicketPage(upgraded, { search: text, limit: 10, sort: { field: 'createdAt', direction: 'asc' } }, 'staff');
      await expect(search('grace@example.test')).resolves.toMatchObject({ tickets: [{ id: 'v2a' }] });
      // Version 12's keys: a half-typed address finds it too.
      await expect(search('grace@exam')).resolves.toMatchObject({ tickets: [{ id: 'v2a' }] });
      await expect(search('logi')).resolves.toMatchObject({ tickets: [{ id: 'v2b' }] });
      await expect(countTickets(upgraded, { tag: 'vip' }, 'staff')).resolves.toBe(1);
      // Version 13's: the conversation's words — a note's for the staff only.
      await expect(search('zeppelin')).resolves.toMatchObject({ tickets: [{ id: 'v2a' }] });
      await expect(search('quokka')).resolves.toMatchObject({ tickets: [{ id: 'v2a' }] });
      const customerSearch = (text: string) =>
        readTicketPage(
          upgraded,
          { search: text, requesterId: 'req1', limit: 10, sort: { field: 'createdAt', direction: 'asc' } },
          'customer',
        );
      await expect(customerSearch('zeppelin')).resolves.toMatchObject({ tickets: [{ id: 'v2a' }] });
      await expect(customerSearch('quokka')).resolves.toMatchObject({ tickets: [] });
      await expect(countTickets(upgraded, { search: 'quokka', requesterId: 'req1' }, 'customer')).resolves.toBe(0);
      expect(upgraded.verno).toBe(29);
    } finally {
      upgraded.close();
      await Dexie.delete(name);
    }
  });
});
