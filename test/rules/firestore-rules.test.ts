/**
 * firestore.rules against the Firestore emulator (DESIGN §1–§3 on the server): every cell of
 * the role table, every lifecycle pair for every role, field whitelists, limits, server
 * timestamps, customer isolation, internal-note privacy, self-promotion, closed tickets and
 * ticket numbers. Skips with its reason where the emulator cannot start (it needs Java 21).
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  FieldPath,
  Timestamp,
  collection,
  deleteDoc,
  deleteField,
  doc,
  documentId,
  getCountFromServer,
  getDoc,
  getDocs,
  arrayUnion,
  increment,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { LIFECYCLE } from '@/domain/lifecycle';
import {
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_CHANGES,
  MAX_FIELD_OPTIONS,
  MAX_MULTILINE_VALUE,
  MAX_REQUEST_FIELDS,
  type CustomFieldDefinition,
} from '@/domain/custom-fields';
import { changedKeysByType, fieldRulesSummary } from '@/domain/plans/field-values';
import { searchKeysFor } from '@/domain/search-keys';
import { MAX_PEOPLE_QUERY } from '@/domain/people';
import { NO_SLA_DUE } from '@/domain/types';
import { TICKET_STATUSES, type TicketStatus } from '@/domain/types';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { UPLOAD_QUOTA } from '@/domain/upload-quota';
import { NOT_ATTACHMENT_PATHS } from '../support/upload-paths';
import {
  PAST,
  PEOPLE,
  as,
  type PersonId,
  firestoreOf,
  firestoreSkipReason,
  rulesEnvironment,
  seedDocs,
  seedPeople,
  storedMessage,
  storedTicket,
} from './rules-env';

const skipReason = firestoreSkipReason;
if (skipReason) {
  describe('firestore.rules', () => {
    it.skip(skipReason, () => undefined);
  });
}
/** The suite, registered only where the emulators run (else the one skipped reason above). */
const describeWithEmulators: (name: string, suite: () => void) => void = skipReason ? () => undefined : describe;

let env: RulesTestEnvironment;
let sequence = 0;
/** A fresh document id per test, so tests never share a ticket. */
const freshId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

const dbOf = (uid: string): Firestore => firestoreOf(as(env, uid));
const signedOut = (): Firestore => firestoreOf(env.unauthenticatedContext());

/** `settings/desk` as the adapter writes it. */
function deskDoc(by = 'ada'): DocumentData {
  const desk = JSON.parse(JSON.stringify(DEFAULT_DESK_SETTINGS)) as typeof DEFAULT_DESK_SETTINGS;
  return { ...desk, updatedBy: by, updatedAt: serverTimestamp() };
}

/**
 * Seeds one ticket of Carol's (assigned to Alice, last changed by Carol, unless overridden) and
 * returns its id.
 */
async function seedTicket(overrides: DocumentData = {}, messages: Record<string, DocumentData> = {}): Promise<string> {
  const id = freshId('t');
  const docs: Record<string, DocumentData> = { [`tickets/${id}`]: storedTicket({ updatedBy: 'carol', ...overrides }) };
  for (const [messageId, message] of Object.entries(messages)) docs[`tickets/${id}/messages/${messageId}`] = message;
  await seedDocs(env, docs);
  return id;
}

/** The stamps of every ticket write: the server's time, and its author `uid` (`updatedBy`). */
function stamped(uid: string): DocumentData {
  return { updatedAt: serverTimestamp(), updatedBy: uid };
}

/** An audit event as trusted code writes it (functions/), by `uid`. */
function auditEvent(uid: string, type: string, from: string | null, to: string | null): DocumentData {
  return { type, from, to, actorId: uid, at: serverTimestamp() };
}

/** The fields a status move by `uid` writes (DESIGN §2 effects), as the adapters write them. */
function movePatch(uid: string, from: TicketStatus, to: TicketStatus): DocumentData {
  const patch: DocumentData = { status: to, ...stamped(uid) };
  if (to === 'solved') patch.solvedAt = serverTimestamp();
  if (from === 'solved' && to !== 'closed') patch.solvedAt = deleteField();
  if (to === 'closed') patch.closedAt = serverTimestamp();
  return patch;
}

/** A status move, as `uid` (its audit event is trusted code's to write). */
function move(db: Firestore, uid: PersonId, ticketId: string, from: TicketStatus, to: TicketStatus): Promise<void> {
  return updateDoc(doc(db, 'tickets', ticketId), movePatch(uid, from, to));
}

/** A public reply that carries a status move, in one batch, as `uid`. */
function replyAndMove(db: Firestore, uid: PersonId, ticketId: string, from: TicketStatus, to: TicketStatus) {
  const batch = writeBatch(db);
  const messageId = freshId('m');
  const person = PEOPLE[uid];
  batch.set(doc(db, 'tickets', ticketId, 'messages', messageId), {
    authorId: uid,
    authorName: person.displayName,
    authorRole: person.role,
    body: 'Here is the answer you asked for.',
    internal: false,
    attachments: [],
    createdAt: serverTimestamp(),
  });
  batch.update(doc(db, 'tickets', ticketId), {
    ...movePatch(uid, from, to),
    lastMessageAt: serverTimestamp(),
    lastMessageBy: person.role === 'customer' ? 'customer' : 'agent',
    lastMessageId: messageId,
  });
  return batch.commit();
}

/** A reply or note with the ticket's stamps, in one batch, as `uid`. */
function reply(
  db: Firestore,
  uid: PersonId,
  ticketId: string,
  options: { internal?: boolean; message?: DocumentData; ticket?: DocumentData; messageId?: string } = {},
): Promise<void> {
  const person = PEOPLE[uid];
  const internal = options.internal ?? false;
  const messageId = options.messageId ?? freshId('m');
  const batch = writeBatch(db);
  batch.set(doc(db, 'tickets', ticketId, 'messages', messageId), {
    authorId: uid,
    authorName: person.displayName,
    authorRole: person.role,
    body: 'Thanks, looking into it.',
    internal,
    attachments: [],
    createdAt: serverTimestamp(),
    ...options.message,
  });
  const stamps: DocumentData = internal
    ? stamped(uid)
    : {
        ...stamped(uid),
        lastMessageAt: serverTimestamp(),
        lastMessageBy: person.role === 'customer' ? 'customer' : 'agent',
        lastMessageId: messageId,
      };
  batch.update(doc(db, 'tickets', ticketId), { ...stamps, ...options.ticket });
  return batch.commit();
}

/** Reads the counter past the rules. */
async function lastNumber(): Promise<number> {
  let value = 0;
  await env.withSecurityRulesDisabled(async (context) => {
    const snapshot = await getDoc(doc(firestoreOf(context), 'counters', 'tickets'));
    value = Number(snapshot.get('lastNumber'));
  });
  return value;
}

/**
 * A new request as the adapters submit it: counter +1, the number's claim, the ticket and its
 * description. A `ticket` override of `undefined` leaves that field out; `withEvent` adds the
 * submission event (`events/submitted`) the adapters used to write, which no client may now.
 */
async function submit(
  db: Firestore,
  uid: PersonId,
  options: {
    ticket?: DocumentData;
    message?: DocumentData;
    number?: number;
    bumpCounter?: boolean;
    claimNumber?: boolean;
    withDescription?: boolean;
    withEvent?: boolean;
  } = {},
): Promise<void> {
  const id = freshId('t');
  const messageId = freshId('m');
  const number = options.number ?? (await lastNumber()) + 1;
  const person = PEOPLE[uid];
  const batch = writeBatch(db);
  if (options.bumpCounter !== false) batch.set(doc(db, 'counters', 'tickets'), { lastNumber: number });
  if (options.claimNumber !== false) batch.set(doc(db, 'ticketNumbers', String(number)), { ticketId: id });
  const ticket: DocumentData = {
    number,
    subject: 'The VPN drops every hour',
    status: 'new',
    priority: 'normal',
    category: null,
    tags: [],
    requesterId: uid,
    requesterName: person.displayName,
    assigneeId: null,
    assigneeName: null,
    createdAt: serverTimestamp(),
    ...stamped(uid),
    lastMessageAt: serverTimestamp(),
    lastMessageBy: person.role === 'customer' ? 'customer' : 'agent',
    lastMessageId: messageId,
    ...options.ticket,
  };
  for (const [field, value] of Object.entries(ticket)) if (value === undefined) delete ticket[field];
  batch.set(doc(db, 'tickets', id), ticket);
  if (options.withDescription !== false)
    batch.set(doc(db, 'tickets', id, 'messages', messageId), {
      authorId: uid,
      authorName: person.displayName,
      authorRole: person.role,
      body: 'Since Monday.',
      internal: false,
      attachments: [],
      createdAt: serverTimestamp(),
      ...options.message,
    });
  if (options.withEvent)
    batch.set(doc(db, 'tickets', id, 'events', 'submitted'), auditEvent(uid, 'status', null, 'new'));
  return batch.commit();
}

describeWithEmulators('firestore.rules', () => {
  beforeAll(async () => {
    env = await rulesEnvironment('demo-triage-rules', false);
    await env.clearFirestore();
    await seedPeople(env);
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  describe('signed-out visitors get nothing', () => {
    it('refuses reading a ticket, a profile, the settings and listing tickets', async () => {
      const id = await seedTicket();
      await assertFails(getDoc(doc(signedOut(), 'tickets', id)));
      await assertFails(getDoc(doc(signedOut(), 'users', 'carol')));
      await assertFails(getDoc(doc(signedOut(), 'settings', 'desk')));
      await assertFails(getDocs(collection(signedOut(), 'tickets')));
    });
    it('refuses creating a profile or a request', async () => {
      await assertFails(
        setDoc(doc(signedOut(), 'users', 'ghost'), {
          displayName: 'Ghost',
          email: 'ghost@example.com',
          role: 'customer',
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(setDoc(doc(signedOut(), 'counters', 'tickets'), { lastNumber: 1000 }));
    });
  });

  describe('DESIGN §1 role table: customer', () => {
    it('creates a request with the next number', async () => {
      await assertSucceeds(submit(dbOf('carol'), 'carol'));
    });
    it('reads their own request and its public replies', async () => {
      const id = await seedTicket({}, { m1: storedMessage() });
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'tickets', id)));
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'tickets', id, 'messages', 'm1')));
    });
    it('replies on their own request', async () => {
      const id = await seedTicket();
      await assertSucceeds(reply(dbOf('carol'), 'carol', id));
    });
    it('may not reply on someone else’s request', async () => {
      const id = await seedTicket();
      await assertFails(reply(dbOf('outsider'), 'outsider', id));
    });
    it('marks their own request solved and reopens it', async () => {
      const id = await seedTicket({ assigneeId: null, assigneeName: null });
      await assertSucceeds(move(dbOf('carol'), 'carol', id, 'open', 'solved'));
      await assertSucceeds(move(dbOf('carol'), 'carol', id, 'solved', 'open'));
    });
    it('may not write an internal note', async () => {
      const id = await seedTicket();
      await assertFails(reply(dbOf('carol'), 'carol', id, { internal: true }));
    });
    it('may not assign, or change priority, category or tags', async () => {
      const id = await seedTicket({ assigneeId: null, assigneeName: null });
      const carol = dbOf('carol');
      const ticket = doc(carol, 'tickets', id);
      await assertFails(updateDoc(ticket, { assigneeId: 'alice', assigneeName: 'Alice Agent', ...stamped('carol') }));
      await assertFails(updateDoc(ticket, { priority: 'urgent', ...stamped('carol') }));
      await assertFails(updateDoc(ticket, { category: 'Billing', ...stamped('carol') }));
      await assertFails(updateDoc(ticket, { tags: ['vip'], ...stamped('carol') }));
    });
    it('may not read the audit trail, list people or read another’s profile', async () => {
      const id = await seedTicket();
      await seedDocs(env, {
        [`tickets/${id}/events/e1`]: { type: 'status', from: 'new', to: 'open', actorId: 'alice', at: PAST },
      });
      await assertFails(getDoc(doc(dbOf('carol'), 'tickets', id, 'events', 'e1')));
      await assertFails(getDocs(collection(dbOf('carol'), 'users')));
      // Not even a bounded list: a search or a page of people is for staff.
      await assertFails(getDocs(query(collection(dbOf('carol'), 'users'), limit(1))));
      await assertFails(
        getDocs(query(collection(dbOf('carol'), 'users'), where('searchKeys', 'array-contains', 'al'), limit(20))),
      );
      await assertFails(getDoc(doc(dbOf('carol'), 'users', 'alice')));
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'users', 'carol')));
    });
    it('may not change the desk settings', async () => {
      await assertFails(setDoc(doc(dbOf('carol'), 'settings', 'desk'), deskDoc()));
    });
    it('reads the desk settings (categories for the request form)', async () => {
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'settings', 'desk')));
    });
  });

  describe('DESIGN §1 role table: agent', () => {
    it('reads any ticket, its internal notes and its audit trail', async () => {
      const id = await seedTicket(
        {},
        { note: storedMessage({ internal: true, authorId: 'bob', authorRole: 'agent' }) },
      );
      await assertSucceeds(getDoc(doc(dbOf('alice'), 'tickets', id)));
      await assertSucceeds(getDocs(query(collection(dbOf('alice'), 'tickets', id, 'messages'), orderBy('createdAt'))));
      await assertSucceeds(getDocs(collection(dbOf('alice'), 'tickets', id, 'events')));
    });
    it('lists every ticket, and people only in bounded queries', async () => {
      await assertSucceeds(getDocs(query(collection(dbOf('alice'), 'tickets'), where('status', '==', 'open'))));
      const users = collection(dbOf('alice'), 'users');
      // The staff list, a search, a page: each with a limit up to the rules' bound.
      await assertSucceeds(
        getDocs(query(users, where('role', 'in', ['agent', 'admin']), orderBy('displayName'), limit(MAX_PEOPLE_QUERY))),
      );
      await assertSucceeds(getDocs(query(users, where('searchKeys', 'array-contains', 'ca'), limit(20))));
      await assertSucceeds(getDocs(query(users, orderBy('displayName'), limit(26))));
    });
    it('may not list the whole users collection: no limit, or one over the bound, is refused', async () => {
      const users = collection(dbOf('alice'), 'users');
      await assertFails(getDocs(users));
      await assertFails(getDocs(query(users, orderBy('displayName'))));
      await assertFails(getDocs(query(users, where('role', '==', 'customer'))));
      await assertFails(getDocs(query(users, limit(MAX_PEOPLE_QUERY + 1))));
      await assertFails(getDocs(query(users, orderBy('displayName'), limit(MAX_PEOPLE_QUERY + 1))));
      // An admin is bound the same way.
      await assertFails(getDocs(collection(dbOf('ada'), 'users')));
      await assertSucceeds(getDocs(query(collection(dbOf('ada'), 'users'), limit(MAX_PEOPLE_QUERY))));
    });
    it('writes internal notes and public replies on any ticket', async () => {
      const id = await seedTicket();
      await assertSucceeds(reply(dbOf('alice'), 'alice', id, { internal: true }));
      await assertSucceeds(reply(dbOf('bob'), 'bob', id));
    });
    it('assigns to an agent under their own name, and unassigns', async () => {
      const id = await seedTicket();
      const ticket = doc(dbOf('alice'), 'tickets', id);
      await assertSucceeds(updateDoc(ticket, { assigneeId: 'bob', assigneeName: 'Bob Agent', ...stamped('alice') }));
      await assertSucceeds(updateDoc(ticket, { assigneeId: null, assigneeName: null, ...stamped('alice') }));
    });
    it('may not assign to a customer, or under another name', async () => {
      const id = await seedTicket();
      const ticket = doc(dbOf('alice'), 'tickets', id);
      await assertFails(
        updateDoc(ticket, { assigneeId: 'carol', assigneeName: 'Carol Customer', ...stamped('alice') }),
      );
      await assertFails(updateDoc(ticket, { assigneeId: 'bob', assigneeName: 'The Boss', ...stamped('alice') }));
    });
    it('changes priority, category and tags', async () => {
      const id = await seedTicket();
      await assertSucceeds(
        updateDoc(doc(dbOf('alice'), 'tickets', id), {
          priority: 'urgent',
          category: 'Hardware',
          tags: ['printer', 'fire-hazard'],
          ...stamped('alice'),
        }),
      );
    });
    it('may not change roles or the desk settings', async () => {
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'users', 'carol'), { role: 'agent', updatedAt: serverTimestamp() }),
      );
      await assertFails(setDoc(doc(dbOf('alice'), 'settings', 'desk'), deskDoc()));
    });
  });

  describe('DESIGN §1 role table: admin', () => {
    it('changes another person’s role', async () => {
      await seedDocs(env, {
        'users/promoted': {
          displayName: 'Pat',
          email: 'promoted@example.com',
          role: 'customer',
          createdAt: PAST,
          updatedAt: PAST,
        },
      });
      await assertSucceeds(
        updateDoc(doc(dbOf('ada'), 'users', 'promoted'), { role: 'agent', updatedAt: serverTimestamp() }),
      );
    });
    it('may not change their own role', async () => {
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'ada'), { role: 'customer', updatedAt: serverTimestamp() }),
      );
    });
    it('may not give an unknown role, or change anything else of another person', async () => {
      await assertFails(updateDoc(doc(dbOf('ada'), 'users', 'bob'), { role: 'owner', updatedAt: serverTimestamp() }));
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'bob'), { displayName: 'Robert', updatedAt: serverTimestamp() }),
      );
    });
    it('saves valid desk settings and is refused invalid ones', async () => {
      const settings = doc(dbOf('ada'), 'settings', 'desk');
      await assertSucceeds(setDoc(settings, deskDoc()));
      await assertFails(setDoc(settings, { ...deskDoc(), closeAfterDays: 0 }));
      await assertFails(setDoc(settings, { ...deskDoc(), theme: 'dark' }));
      await assertFails(setDoc(settings, { ...deskDoc(), cannedReplies: [] }));
    });
    // DESIGN §10: business hours and SLA policies, typed and bounded; the writer named.
    it.each([
      ['another admin named as the writer', () => deskDoc('zed')],
      ['a client time', () => ({ ...deskDoc(), updatedAt: new Date() })],
      [
        'no business hours',
        () => {
          const { businessHours: _hours, ...rest } = deskDoc();
          return rest;
        },
      ],
      ['an empty week', () => ({ ...deskDoc(), businessHours: { timeZone: 'UTC', week: {}, holidays: [] } })],
      [
        'a day that closes before it opens',
        () => ({
          ...deskDoc(),
          businessHours: { timeZone: 'UTC', week: { mon: { open: 600, close: 540 } }, holidays: [] },
        }),
      ],
      [
        'a day past midnight',
        () => ({
          ...deskDoc(),
          businessHours: { timeZone: 'UTC', week: { mon: { open: 0, close: 1441 } }, holidays: [] },
        }),
      ],
      [
        'an unknown weekday',
        () => ({
          ...deskDoc(),
          businessHours: { timeZone: 'UTC', week: { funday: { open: 0, close: 60 } }, holidays: [] },
        }),
      ],
      [
        'hours as text',
        () => ({
          ...deskDoc(),
          businessHours: { timeZone: 'UTC', week: { mon: { open: '9', close: 60 } }, holidays: [] },
        }),
      ],
      [
        'a holiday that is not a date',
        () => ({ ...deskDoc(), businessHours: { ...deskDoc().businessHours, holidays: ['soon'] } }),
      ],
      [
        '101 holidays',
        () => ({
          ...deskDoc(),
          businessHours: {
            ...deskDoc().businessHours,
            holidays: Array.from({ length: 101 }, (_, i) => `2027-01-${String((i % 28) + 1).padStart(2, '0')}`),
          },
        }),
      ],
      [
        'a zone with a space',
        () => ({ ...deskDoc(), businessHours: { ...deskDoc().businessHours, timeZone: 'Europe/ Madrid' } }),
      ],
      [
        'a zero-minute target',
        () => ({ ...deskDoc(), sla: { ...deskDoc().sla, high: { ...deskDoc().sla.high, firstReplyMinutes: 0 } } }),
      ],
      [
        'a fractional target',
        () => ({ ...deskDoc(), sla: { ...deskDoc().sla, high: { ...deskDoc().sla.high, nextReplyMinutes: 1.5 } } }),
      ],
      [
        'a target over a year',
        () => ({ ...deskDoc(), sla: { ...deskDoc().sla, low: { ...deskDoc().sla.low, resolutionMinutes: 525601 } } }),
      ],
      [
        'unknown hours',
        () => ({ ...deskDoc(), sla: { ...deskDoc().sla, low: { ...deskDoc().sla.low, hours: 'weekends' } } }),
      ],
      [
        'a policy with an extra field',
        () => ({ ...deskDoc(), sla: { ...deskDoc().sla, low: { ...deskDoc().sla.low, pause: false } } }),
      ],
      [
        'a priority missing',
        () => {
          const { urgent: _u, ...sla } = deskDoc().sla;
          return { ...deskDoc(), sla };
        },
      ],
      ['an empty desk name', () => ({ ...deskDoc(), deskName: '' })],
      [
        '51 categories in all',
        () => ({
          ...deskDoc(),
          categories: Array.from({ length: 26 }, (_, i) => `C${i}`),
          archivedCategories: Array.from({ length: 25 }, (_, i) => `A${i}`),
        }),
      ],
    ])('refuses desk settings with %s', async (_what, make) => {
      await assertFails(setDoc(doc(dbOf('ada'), 'settings', 'desk'), make()));
    });
    it('may not write the settings history; only admins read it', async () => {
      await assertFails(setDoc(doc(dbOf('ada'), 'settingsHistory', 'forged'), { actorId: 'ada', parts: [] }));
      await assertSucceeds(getDocs(collection(dbOf('ada'), 'settingsHistory')));
      await assertFails(getDocs(collection(dbOf('alice'), 'settingsHistory')));
      await assertFails(getDocs(collection(dbOf('carol'), 'settingsHistory')));
    });
    it("may not write a ticket's SLA record or due time (trusted code keeps them)", async () => {
      const id = await seedTicket();
      const write = (fields: DocumentData) =>
        updateDoc(doc(dbOf('ada'), 'tickets', id), { ...fields, updatedAt: serverTimestamp(), updatedBy: 'ada' });
      await assertFails(write({ slaDueAt: Timestamp.fromMillis(Date.parse(NO_SLA_DUE)) }));
      await assertFails(write({ sla: { pauses: [] } }));
      await assertSucceeds(write({ priority: 'low' }));
    });
    it('reads a ticket’s rule trace; agents and customers do not, and no client writes one', async () => {
      const id = await seedTicket();
      await seedDocs(env, {
        [`tickets/${id}/ruleTraces/c1`]: { event: 'created', by: 'customer', fired: [], entries: [], at: PAST },
      });
      await assertSucceeds(getDocs(collection(dbOf('ada'), 'tickets', id, 'ruleTraces')));
      // The trace names every trigger and what it tested: the desk's rules, not the team's or the requester's to read.
      await assertFails(getDocs(collection(dbOf('alice'), 'tickets', id, 'ruleTraces')));
      await assertFails(getDoc(doc(dbOf('carol'), 'tickets', id, 'ruleTraces', 'c1')));
      for (const uid of ['ada', 'alice', 'carol'] as const) {
        const trace = doc(dbOf(uid), 'tickets', id, 'ruleTraces', 'c1');
        // A forged trace would tell an admin a rule fired (or did not) when it did not.
        await assertFails(setDoc(doc(dbOf(uid), 'tickets', id, 'ruleTraces', 'c2'), { fired: ['VIP'], at: PAST }));
        await assertFails(updateDoc(trace, { fired: ['VIP'] }));
        await assertFails(deleteDoc(trace));
      }
    });
    it('followers: staff follow and leave as themselves only; customers neither follow nor see who does', async () => {
      const id = await seedTicket();
      const follow = (uid: PersonId, as: PersonId = uid, data: DocumentData = {}) =>
        setDoc(doc(dbOf(as), 'tickets', id, 'followers', uid), {
          uid,
          displayName: PEOPLE[as].displayName,
          since: serverTimestamp(),
          ...data,
        });
      await assertSucceeds(follow('alice'));
      await assertSucceeds(follow('ada'));
      await assertSucceeds(getDocs(collection(dbOf('bob'), 'tickets', id, 'followers')));
      // A follower is emailed internal notes: a customer may not make themselves one, nor read the list.
      await assertFails(follow('carol'));
      await assertFails(getDocs(collection(dbOf('carol'), 'tickets', id, 'followers')));
      await assertFails(getDoc(doc(dbOf('carol'), 'tickets', id, 'followers', 'alice')));
      // Not for someone else, not under another name, not back-dated, nothing extra, not rewritten.
      await assertFails(follow('bob', 'alice', { displayName: 'Alice Agent' }));
      await assertFails(follow('bob', 'alice'));
      await assertFails(follow('bob', 'bob', { displayName: 'Ada Admin' }));
      await assertFails(follow('bob', 'bob', { since: PAST }));
      await assertFails(follow('bob', 'bob', { muted: false }));
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'tickets', id, 'followers', 'alice'), { since: serverTimestamp() }),
      );
      // Not on a ticket that does not exist; leaving is one's own only.
      await assertFails(
        setDoc(doc(dbOf('bob'), 'tickets', 'no-such-ticket', 'followers', 'bob'), {
          uid: 'bob',
          displayName: PEOPLE.bob.displayName,
          since: serverTimestamp(),
        }),
      );
      await assertFails(deleteDoc(doc(dbOf('bob'), 'tickets', id, 'followers', 'alice')));
      await assertFails(deleteDoc(doc(dbOf('carol'), 'tickets', id, 'followers', 'alice')));
      await assertSucceeds(deleteDoc(doc(dbOf('alice'), 'tickets', id, 'followers', 'alice')));
    });
    it("may not write a ticket's sort slots or trigger mark, by update or on submit (trusted code keeps them)", async () => {
      const id = await seedTicket({ fieldSortA: '~', fieldSortB: '~' });
      for (const uid of ['ada', 'alice', 'carol'] as const) {
        const write = (fields: DocumentData) =>
          updateDoc(doc(dbOf(uid), 'tickets', id), { ...fields, ...stamped(uid) });
        // A forged slot would lift a ticket to the top of a queue sorted by that field.
        await assertFails(write({ fieldSortA: '0000000000000000' }));
        await assertFails(write({ fieldSortB: '2000-01-01' }));
        // Nor the trigger run's mark, which would hide the write's audit entries (DESIGN §10 "Triggers").
        await assertFails(write({ triggeredAt: serverTimestamp(), priority: 'low' }));
        // Nor a time rule's marks: a forged one would keep a rule (a reminder, a close) from ever acting.
        await assertFails(write({ timeRuleMarks: ['remind-pending'] }));
      }
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { fieldSortA: '0000000000000000' } }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { triggeredAt: serverTimestamp() } }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { timeRuleMarks: ['remind-pending'] } }));
      await assertSucceeds(submit(dbOf('carol'), 'carol'));
    });
    it("may not write a ticket's organisation, by update or on submit (trusted code gives the requester's)", async () => {
      const id = await seedTicket({ organisationId: 'acme' });
      for (const uid of ['ada', 'alice', 'carol'] as const) {
        const write = (fields: DocumentData) =>
          updateDoc(doc(dbOf(uid), 'tickets', id), { ...fields, ...stamped(uid) });
        // A forged organisation would file a ticket under a company its requester is not part of.
        await assertFails(write({ organisationId: 'globex' }));
        await assertFails(write({ organisationId: null, priority: 'low' }));
        await assertFails(write({ organisationId: deleteField() }));
      }
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { organisationId: 'acme' } }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { organisationId: null } }));
    });
    it.each([
      ['a number and a map', [42, { x: 1 }]],
      ['null', ['Billing', null]],
      ['an empty name', ['']],
      ['a 61-character name', ['x'.repeat(61)]],
      ['a name with a line break', ['Billing\nRefunds']],
    ])('refuses categories holding %s', async (_what, categories) => {
      await assertFails(setDoc(doc(dbOf('ada'), 'settings', 'desk'), { ...deskDoc(), categories }));
    });
    it('does what an agent does: internal notes and priority', async () => {
      const id = await seedTicket();
      await assertSucceeds(reply(dbOf('ada'), 'ada', id, { internal: true }));
      await assertSucceeds(updateDoc(doc(dbOf('ada'), 'tickets', id), { priority: 'high', ...stamped('ada') }));
    });
  });

  describe('DESIGN §2 lifecycle: every pair for every role', () => {
    const allowed = (from: TicketStatus, to: TicketStatus, kind: 'staff' | 'requester') =>
      LIFECYCLE.some(
        (rule) =>
          rule.to === to &&
          (rule.from as readonly TicketStatus[]).includes(from) &&
          rule.who.some((who) => who === kind || (who === 'system' && kind === 'staff')),
      );
    const pairs = TICKET_STATUSES.flatMap((from) =>
      TICKET_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const),
    );
    const actors = [
      ['carol', 'requester'],
      ['outsider', null],
      ['alice', 'staff'],
      ['ada', 'staff'],
    ] as const;
    const cases = actors.flatMap(([uid, kind]) =>
      pairs.map(([from, to]) => ({ uid, from, to, ok: kind !== null && allowed(from, to, kind) })),
    );
    // A customer opens a pending or on-hold ticket by replying (customer_reply), so their move
    // is tried as a reply carrying the move; everyone else's as the move alone.
    const byReply = (uid: PersonId, from: TicketStatus, to: TicketStatus) =>
      PEOPLE[uid].role === 'customer' && to === 'open' && (from === 'pending' || from === 'on_hold');
    it.each(cases)('$uid: $from → $to is allowed: $ok', async ({ uid, from, to, ok }) => {
      const id = await seedTicket({
        status: from,
        ...(from === 'solved' ? { solvedAt: PAST } : {}),
        ...(from === 'closed' ? { solvedAt: PAST, closedAt: PAST } : {}),
      });
      const attempt = byReply(uid, from, to)
        ? replyAndMove(dbOf(uid), uid, id, from, to)
        : move(dbOf(uid), uid, id, from, to);
      await (ok ? assertSucceeds(attempt) : assertFails(attempt));
    });
    it.each(['pending', 'on_hold'] as const)(
      'refuses the requester opening a %s ticket by the status alone, without a reply',
      async (from) => {
        const id = await seedTicket({ status: from });
        await assertFails(move(dbOf('carol'), 'carol', id, from, 'open'));
        await assertSucceeds(replyAndMove(dbOf('carol'), 'carol', id, from, 'open'));
      },
    );
    it('refuses stamping lastMessageAt/By without writing that message (jumping the queue)', async () => {
      const id = await seedTicket();
      const ticket = doc(dbOf('carol'), 'tickets', id);
      await assertFails(
        updateDoc(ticket, {
          lastMessageAt: serverTimestamp(),
          lastMessageBy: 'customer',
          ...stamped('carol'),
        }),
      );
      await assertFails(
        updateDoc(ticket, {
          lastMessageAt: serverTimestamp(),
          lastMessageBy: 'customer',
          lastMessageId: freshId('m'),
          ...stamped('carol'),
        }),
      );
      // …nor by naming an internal note, or a message that was already there.
      const note = freshId('m');
      await assertSucceeds(reply(dbOf('alice'), 'alice', id, { internal: true, messageId: note }));
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'tickets', id), {
          lastMessageAt: serverTimestamp(),
          lastMessageBy: 'agent',
          lastMessageId: note,
          ...stamped('alice'),
        }),
      );
      await assertSucceeds(reply(dbOf('carol'), 'carol', id));
    });

    it('refuses a move without its timestamp (solved without solvedAt)', async () => {
      const id = await seedTicket();
      await assertFails(updateDoc(doc(dbOf('alice'), 'tickets', id), { status: 'solved', ...stamped('alice') }));
    });
    it('refuses an agent solving an unassigned ticket without becoming its assignee', async () => {
      const id = await seedTicket({ assigneeId: null, assigneeName: null });
      const db = dbOf('alice');
      await assertFails(move(db, 'alice', id, 'open', 'solved'));
      const batch = writeBatch(db);
      batch.update(doc(db, 'tickets', id), {
        ...movePatch('alice', 'open', 'solved'),
        assigneeId: 'alice',
        assigneeName: 'Alice Agent',
      });
      await assertSucceeds(batch.commit());
    });
    it('refuses an agent making another agent the assignee while solving an unassigned ticket', async () => {
      const id = await seedTicket({ assigneeId: null, assigneeName: null });
      const db = dbOf('alice');
      const batch = writeBatch(db);
      batch.update(doc(db, 'tickets', id), {
        ...movePatch('alice', 'open', 'solved'),
        assigneeId: 'bob',
        assigneeName: PEOPLE.bob.displayName,
      });
      await assertFails(batch.commit());
    });
  });

  describe('DESIGN §2 a public reply moves its ticket (REPLY_MOVES, assignsOnReply)', () => {
    const unassignedNew = { status: 'new', assigneeId: null, assigneeName: null };
    const takeIt = (uid: PersonId) => ({ status: 'open', assigneeId: uid, assigneeName: PEOPLE[uid].displayName });

    it('refuses a staff public reply that leaves a new ticket new (the customer would read “waiting on you”)', async () => {
      const id = await seedTicket({ status: 'new' });
      await assertFails(reply(dbOf('alice'), 'alice', id));
      await assertSucceeds(reply(dbOf('alice'), 'alice', id, { ticket: { status: 'open' } }));
    });

    it('refuses a staff reply on a new, unassigned ticket that does not make the replier its assignee', async () => {
      const id = await seedTicket(unassignedNew);
      await assertFails(reply(dbOf('alice'), 'alice', id, { ticket: { status: 'open' } }));
      await assertFails(reply(dbOf('alice'), 'alice', id, { ticket: { ...takeIt('bob') } }));
      await assertSucceeds(reply(dbOf('alice'), 'alice', id, { ticket: takeIt('alice') }));
    });

    it('refuses a staff reply that takes a new ticket but leaves it New', async () => {
      const id = await seedTicket(unassignedNew);
      await assertFails(
        reply(dbOf('alice'), 'alice', id, { ticket: { assigneeId: 'alice', assigneeName: PEOPLE.alice.displayName } }),
      );
    });

    it('refuses an admin turning assignOnReply off in the same batch as a reply that skips it', async () => {
      const id = await seedTicket(unassignedNew);
      const db = dbOf('ada');
      /** The setting off and a public reply that opens the ticket, with `ticket` fields over it, in one batch. */
      const offAndReply = (ticket: DocumentData) => {
        const batch = writeBatch(db);
        batch.set(doc(db, 'settings', 'desk'), { ...deskDoc(), assignOnReply: false });
        const messageId = freshId('m');
        batch.set(doc(db, 'tickets', id, 'messages', messageId), {
          authorId: 'ada',
          authorName: PEOPLE.ada.displayName,
          authorRole: PEOPLE.ada.role,
          body: 'Opening it for whoever comes next.',
          internal: false,
          attachments: [],
          createdAt: serverTimestamp(),
        });
        batch.update(doc(db, 'tickets', id), {
          ...movePatch('ada', 'new', 'open'),
          lastMessageAt: serverTimestamp(),
          lastMessageBy: 'agent',
          lastMessageId: messageId,
          ...ticket,
        });
        return batch.commit();
      };
      try {
        // The setting the reply is held to is the one stored before the write…
        await assertFails(offAndReply({}));
        // …and the same batch taking the ticket is a valid write.
        await assertSucceeds(offAndReply({ assigneeId: 'ada', assigneeName: PEOPLE.ada.displayName }));
      } finally {
        await seedDocs(env, { 'settings/desk': deskDoc() });
      }
    });

    it('lets the reply open without taking it once an admin turned assignOnReply off', async () => {
      await seedDocs(env, { 'settings/desk': { ...deskDoc(), assignOnReply: false } });
      try {
        const id = await seedTicket(unassignedNew);
        await assertSucceeds(reply(dbOf('alice'), 'alice', id, { ticket: { status: 'open' } }));
      } finally {
        await seedDocs(env, { 'settings/desk': deskDoc() });
      }
    });

    it('lets an internal note leave a new ticket as it is', async () => {
      const id = await seedTicket(unassignedNew);
      await assertSucceeds(reply(dbOf('alice'), 'alice', id, { internal: true }));
    });

    it.each(['pending', 'on_hold', 'solved'] as const)(
      'refuses a requester’s reply that leaves a %s ticket where it was',
      async (status) => {
        const id = await seedTicket({ status, ...(status === 'solved' ? { solvedAt: PAST } : {}) });
        await assertFails(reply(dbOf('carol'), 'carol', id));
      },
    );

    it('refuses an admin’s settings with an assignOnReply that is not a boolean', async () => {
      await assertFails(setDoc(doc(dbOf('ada'), 'settings', 'desk'), { ...deskDoc(), assignOnReply: 'yes' }));
      await assertSucceeds(setDoc(doc(dbOf('ada'), 'settings', 'desk'), { ...deskDoc(), assignOnReply: false }));
      await assertSucceeds(setDoc(doc(dbOf('ada'), 'settings', 'desk'), deskDoc()));
    });
  });

  describe('field whitelists', () => {
    it('refuses a request with a field outside DESIGN §3', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { internalScore: 9 } }));
    });
    it('refuses a request that sets its own assignee, status or tags', async () => {
      await assertFails(
        submit(dbOf('carol'), 'carol', { ticket: { assigneeId: 'alice', assigneeName: 'Alice Agent' } }),
      );
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { status: 'open' } }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { tags: ['vip'] } }));
    });
    it('refuses a request filed in someone else’s name', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { requesterId: 'outsider' } }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { requesterName: 'Someone Else' } }));
    });
    it('refuses anyone changing a ticket’s number, subject, requester or creation time', async () => {
      const id = await seedTicket();
      const ticket = doc(dbOf('alice'), 'tickets', id);
      await assertFails(updateDoc(ticket, { number: 1, ...stamped('alice') }));
      await assertFails(updateDoc(ticket, { subject: 'Renamed by agent', ...stamped('alice') }));
      await assertFails(updateDoc(ticket, { requesterId: 'outsider', ...stamped('alice') }));
      await assertFails(updateDoc(ticket, { createdAt: serverTimestamp(), ...stamped('alice') }));
    });
    it('refuses a message with an extra field or written in another’s name or role', async () => {
      const id = await seedTicket();
      await assertFails(reply(dbOf('carol'), 'carol', id, { message: { pinned: true } }));
      await assertFails(reply(dbOf('carol'), 'carol', id, { message: { authorName: 'Alice Agent' } }));
      await assertFails(reply(dbOf('carol'), 'carol', id, { message: { authorRole: 'agent' } }));
      await assertFails(reply(dbOf('carol'), 'carol', id, { message: { authorId: 'alice' } }));
    });
    it('refuses a profile with an extra field, and a name change with another field', async () => {
      await assertFails(
        setDoc(doc(dbOf('newcomer'), 'users', 'newcomer'), {
          displayName: 'New',
          email: 'newcomer@example.com',
          role: 'customer',
          vip: true,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), {
          displayName: 'C',
          email: 'x@example.com',
          updatedAt: serverTimestamp(),
        }),
      );
      const carol = doc(dbOf('carol'), 'users', 'carol');
      await assertSucceeds(updateDoc(carol, { displayName: 'Carol C.', updatedAt: serverTimestamp() }));
      await assertSucceeds(updateDoc(carol, { displayName: PEOPLE.carol.displayName, updatedAt: serverTimestamp() }));
    });
    it('refuses search keys written by anyone but trusted code (a forged key on one’s own profile)', async () => {
      const carol = doc(dbOf('carol'), 'users', 'carol');
      await assertFails(updateDoc(carol, { searchKeys: ['ceo', 'ada'], updatedAt: serverTimestamp() }));
      await assertFails(
        updateDoc(carol, { displayName: 'Carol C.', searchKeys: ['carol', 'ca'], updatedAt: serverTimestamp() }),
      );
      await assertFails(
        setDoc(doc(dbOf('keyed'), 'users', 'keyed'), {
          displayName: 'Keyed',
          email: 'keyed@example.com',
          role: 'customer',
          searchKeys: ['alice'],
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
      // Nor an admin on someone else's profile, with or without a role change.
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'carol'), { searchKeys: ['vip'], updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'carol'), {
          role: 'agent',
          searchKeys: ['vip'],
          updatedAt: serverTimestamp(),
        }),
      );
    });
    it('refuses editing or deleting a sent message', async () => {
      const id = await seedTicket({}, { m1: storedMessage() });
      await assertFails(updateDoc(doc(dbOf('carol'), 'tickets', id, 'messages', 'm1'), { body: 'Edited' }));
      await assertFails(deleteDoc(doc(dbOf('alice'), 'tickets', id, 'messages', 'm1')));
    });
    it('refuses deleting a ticket, even by an admin', async () => {
      const id = await seedTicket();
      await assertFails(deleteDoc(doc(dbOf('ada'), 'tickets', id)));
    });
  });

  describe('types and sizes (DESIGN §3 limits)', () => {
    it.each([
      ['a 2-character subject', { subject: 'Hi' }],
      ['a 151-character subject', { subject: 'x'.repeat(151) }],
      ['a subject that is not a string', { subject: 42 }],
      ['an unknown priority', { priority: 'critical' }],
      ['a 61-character category', { category: 'c'.repeat(61) }],
    ])('refuses a request with %s', async (_, ticket) => {
      await assertFails(submit(dbOf('carol'), 'carol', { ticket }));
    });
    it('accepts a 150-character subject and a category', async () => {
      await assertSucceeds(
        submit(dbOf('carol'), 'carol', { ticket: { subject: 's'.repeat(150), category: 'Billing' } }),
      );
    });
    it.each([
      ['an empty body', { body: '' }],
      ['a 10 001-character body', { body: 'b'.repeat(10_001) }],
      ['internal that is not a boolean', { internal: 'no' }],
    ])('refuses a reply with %s', async (_, message) => {
      const id = await seedTicket();
      await assertFails(reply(dbOf('carol'), 'carol', id, { message }));
    });
    it('accepts a 10 000-character body', async () => {
      const id = await seedTicket();
      await assertSucceeds(reply(dbOf('carol'), 'carol', id, { message: { body: 'b'.repeat(10_000) } }));
    });
    it.each([
      ['an uppercase tag', ['Printer']],
      ['a 31-character tag', ['t'.repeat(31)]],
      ['11 tags', Array.from({ length: 11 }, (_, index) => `tag-${index}`)],
      ['the same tag twice', ['printer', 'printer']],
      ['a tag with a comma', ['a,b']],
      ['tags that are not a list', 'printer'],
    ])('refuses %s', async (_, tags) => {
      const id = await seedTicket();
      await assertFails(updateDoc(doc(dbOf('alice'), 'tickets', id), { tags, ...stamped('alice') }));
    });
    it('accepts 10 tags of 30 characters', async () => {
      const id = await seedTicket();
      const tags = Array.from({ length: 10 }, (_, index) => `${index}`.padEnd(30, 'x'));
      await assertSucceeds(updateDoc(doc(dbOf('alice'), 'tickets', id), { tags, ...stamped('alice') }));
    });

    const file = (ticketId: string, messageId: string, overrides: DocumentData = {}) => ({
      path: `tickets/${ticketId}/${messageId}/report.pdf`,
      name: 'report.pdf',
      size: 1024,
      contentType: 'application/pdf',
      ...overrides,
    });
    it('accepts five attachments in the message’s own folder', async () => {
      const id = await seedTicket();
      const messageId = freshId('m');
      const attachments = Array.from({ length: 5 }, (_, index) =>
        file(id, messageId, {
          name: `f${index}.png`,
          path: `tickets/${id}/${messageId}/f${index}.png`,
          contentType: 'image/png',
        }),
      );
      await assertSucceeds(reply(dbOf('carol'), 'carol', id, { messageId, message: { attachments } }));
    });
    it.each([
      ['six attachments', (t: string, m: string) => Array.from({ length: 6 }, () => file(t, m))],
      ['a file over 10 MB', (t: string, m: string) => [file(t, m, { size: 10 * 1024 * 1024 + 1 })]],
      ['an SVG', (t: string, m: string) => [file(t, m, { contentType: 'image/svg+xml' })]],
      ['an HTML file', (t: string, m: string) => [file(t, m, { contentType: 'text/html' })]],
      ['a file of another message', (t: string) => [file(t, 'other-message')]],
      ['a file of another ticket', (_: string, m: string) => [file('other-ticket', m)]],
      ['an attachment with an extra field', (t: string, m: string) => [file(t, m, { url: 'https://evil.example' })]],
    ])('refuses a message with %s', async (_, attachments) => {
      const id = await seedTicket();
      const messageId = freshId('m');
      await assertFails(
        reply(dbOf('carol'), 'carol', id, { messageId, message: { attachments: attachments(id, messageId) } }),
      );
    });
    it('refuses a display name over 80 characters', async () => {
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), { displayName: 'n'.repeat(81), updatedAt: serverTimestamp() }),
      );
    });
  });

  describe('server timestamps', () => {
    const clientTime = Timestamp.fromDate(new Date('2030-01-01T00:00:00Z'));
    it('refuses a request with a client-chosen createdAt or updatedAt', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { createdAt: clientTime } }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { updatedAt: clientTime } }));
    });
    it('refuses a message with a client-chosen createdAt', async () => {
      const id = await seedTicket();
      await assertFails(reply(dbOf('carol'), 'carol', id, { message: { createdAt: clientTime } }));
    });
    it('refuses a ticket change that does not stamp updatedAt with the server time', async () => {
      const id = await seedTicket();
      const ticket = doc(dbOf('alice'), 'tickets', id);
      await assertFails(updateDoc(ticket, { priority: 'high', updatedBy: 'alice' }));
      await assertFails(updateDoc(ticket, { priority: 'high', updatedAt: clientTime, updatedBy: 'alice' }));
      await assertSucceeds(updateDoc(ticket, { priority: 'high', ...stamped('alice') }));
    });
    it('refuses a message that does not touch its ticket in the same write', async () => {
      const id = await seedTicket();
      await assertFails(
        setDoc(doc(dbOf('carol'), 'tickets', id, 'messages', freshId('m')), {
          ...storedMessage(),
          createdAt: serverTimestamp(),
        }),
      );
    });
    it('refuses an internal note that moves the public lastMessageAt', async () => {
      const id = await seedTicket();
      await assertFails(
        reply(dbOf('alice'), 'alice', id, {
          internal: true,
          ticket: { lastMessageAt: serverTimestamp(), lastMessageBy: 'agent' },
        }),
      );
    });
    it('refuses firstResponseAt without a public reply in the same write: alone, or with an internal note', async () => {
      // The first-reply SLA is met by a reply the requester can read (DESIGN §10), nothing less.
      const id = await seedTicket();
      const db = dbOf('alice');
      await assertFails(updateDoc(doc(db, 'tickets', id), { firstResponseAt: serverTimestamp(), ...stamped('alice') }));
      await assertFails(reply(db, 'alice', id, { internal: true, ticket: { firstResponseAt: serverTimestamp() } }));
      await assertSucceeds(reply(db, 'alice', id, { ticket: { firstResponseAt: serverTimestamp() } }));
    });
    it('refuses a profile with a client-chosen createdAt', async () => {
      await assertFails(
        setDoc(doc(dbOf('late'), 'users', 'late'), {
          displayName: 'Late',
          email: 'late@example.com',
          role: 'customer',
          createdAt: clientTime,
          updatedAt: serverTimestamp(),
        }),
      );
    });
  });

  describe('customer isolation on get and list', () => {
    it('refuses reading someone else’s ticket', async () => {
      const id = await seedTicket();
      await assertFails(getDoc(doc(dbOf('outsider'), 'tickets', id)));
    });
    it('refuses a list that does not ask for their own tickets', async () => {
      await seedTicket();
      await assertFails(getDocs(query(collection(dbOf('carol'), 'tickets'), where('status', '==', 'open'))));
      await assertFails(getDocs(query(collection(dbOf('outsider'), 'tickets'), where('requesterId', '==', 'carol'))));
    });
    it('allows a list of their own tickets, and its count', async () => {
      await seedTicket();
      const mine = query(collection(dbOf('carol'), 'tickets'), where('requesterId', '==', 'carol'));
      const snapshot = await assertSucceeds(getDocs(mine));
      expect(snapshot.docs.every((row) => row.get('requesterId') === 'carol')).toBe(true);
      await assertSucceeds(getCountFromServer(mine));
      await assertFails(getCountFromServer(collection(dbOf('carol'), 'tickets')));
    });
    it('refuses reading someone else’s messages', async () => {
      const id = await seedTicket({}, { m1: storedMessage() });
      await assertFails(getDoc(doc(dbOf('outsider'), 'tickets', id, 'messages', 'm1')));
      await assertFails(
        getDocs(query(collection(dbOf('outsider'), 'tickets', id, 'messages'), where('internal', '==', false))),
      );
    });
    it('refuses a follow-up of someone else’s closed ticket', async () => {
      const closed = await seedTicket({ status: 'closed', solvedAt: PAST, closedAt: PAST });
      await assertFails(submit(dbOf('outsider'), 'outsider', { ticket: { followUpOf: closed } }));
      await assertSucceeds(submit(dbOf('carol'), 'carol', { ticket: { followUpOf: closed } }));
    });
    it('refuses a follow-up of a ticket that is not closed', async () => {
      const open = await seedTicket();
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { followUpOf: open } }));
    });
  });

  describe('internal notes are for staff only', () => {
    it('refuses the requester reading an internal note', async () => {
      const id = await seedTicket(
        {},
        { note: storedMessage({ internal: true, authorId: 'alice', authorRole: 'agent' }) },
      );
      await assertFails(getDoc(doc(dbOf('carol'), 'tickets', id, 'messages', 'note')));
    });
    it('refuses the requester listing the conversation without internal == false', async () => {
      const id = await seedTicket({}, { m1: storedMessage() });
      await assertFails(getDocs(query(collection(dbOf('carol'), 'tickets', id, 'messages'), orderBy('createdAt'))));
    });
    it('gives the requester the public messages when asked for internal == false', async () => {
      const id = await seedTicket(
        {},
        { m1: storedMessage(), note: storedMessage({ internal: true, authorRole: 'agent' }) },
      );
      const snapshot = await assertSucceeds(
        getDocs(query(collection(dbOf('carol'), 'tickets', id, 'messages'), where('internal', '==', false))),
      );
      expect(snapshot.docs.map((row) => row.id)).toEqual(['m1']);
    });
    it('refuses a first message of a new request that is internal', async () => {
      await assertFails(submit(dbOf('alice'), 'alice', { message: { internal: true } }));
    });
  });

  describe('self-promotion', () => {
    const profile = (uid: string, role: string) => ({
      displayName: 'Mallory',
      email: `${uid}@example.com`,
      role,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    });
    it('signs up as a customer, and only with their own uid and email', async () => {
      await assertSucceeds(setDoc(doc(dbOf('signup1'), 'users', 'signup1'), profile('signup1', 'customer')));
      await assertFails(setDoc(doc(dbOf('signup2'), 'users', 'signup3'), profile('signup3', 'customer')));
      await assertFails(
        setDoc(doc(dbOf('signup4'), 'users', 'signup4'), {
          ...profile('signup4', 'customer'),
          email: 'ceo@example.com',
        }),
      );
    });
    it.each(['agent', 'admin'])('refuses signing up as %s', async (role) => {
      await assertFails(setDoc(doc(dbOf('mallory'), 'users', 'mallory'), profile('mallory', role)));
    });
    it.each(['agent', 'admin'])('refuses a customer making themselves %s', async (role) => {
      await assertFails(updateDoc(doc(dbOf('carol'), 'users', 'carol'), { role, updatedAt: serverTimestamp() }));
    });
    it('refuses an agent making themselves admin', async () => {
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'users', 'alice'), { role: 'admin', updatedAt: serverTimestamp() }),
      );
    });
    it('keeps a person’s own language (DESIGN §8), one Triage speaks, and nobody else’s', async () => {
      await assertSucceeds(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), { locale: 'ar', updatedAt: serverTimestamp() }),
      );
      // Forged: an unsupported language, a non-string, a client clock, a role smuggled beside it.
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), { locale: 'xx', updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), { locale: ['es'], updatedAt: serverTimestamp() }),
      );
      await assertFails(updateDoc(doc(dbOf('carol'), 'users', 'carol'), { locale: 'es', updatedAt: PAST }));
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), { locale: 'es', role: 'admin', updatedAt: serverTimestamp() }),
      );
      // Someone else's: not even an admin.
      await assertFails(updateDoc(doc(dbOf('ada'), 'users', 'carol'), { locale: 'es', updatedAt: serverTimestamp() }));
      // Oversized: a tag that starts like a supported one.
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), {
          locale: `es${'-x'.repeat(5000)}`,
          updatedAt: serverTimestamp(),
        }),
      );
      // Batched: one's own language with someone else's rides on it — the whole batch is refused.
      const carol = dbOf('carol');
      const batch = writeBatch(carol);
      batch.update(doc(carol, 'users', 'carol'), { locale: 'es', updatedAt: serverTimestamp() });
      batch.update(doc(carol, 'users', 'alice'), { locale: 'es', updatedAt: serverTimestamp() });
      await assertFails(batch.commit());
      expect((await getDoc(doc(dbOf('carol'), 'users', 'carol'))).get('locale')).toBe('ar');
    });
    it('keeps a person’s own email switches (DESIGN §9): exactly the four booleans, and nobody else’s', async () => {
      const switches = { requestUpdates: false, ticketAssigned: true, customerReplies: true, newUnassigned: true };
      await assertSucceeds(
        updateDoc(doc(dbOf('alice'), 'users', 'alice'), { notifications: switches, updatedAt: serverTimestamp() }),
      );
      const forged: unknown[] = [
        { ...switches, newUnassigned: 'yes' },
        { requestUpdates: false },
        { ...switches, role: 'admin' },
        { ...switches, extra: 'x'.repeat(5000) },
        'off',
      ];
      for (const notifications of forged) {
        await assertFails(
          updateDoc(doc(dbOf('alice'), 'users', 'alice'), { notifications, updatedAt: serverTimestamp() }),
        );
      }
      // Someone else's: an agent turning off a customer's emails, an admin too.
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'users', 'carol'), { notifications: switches, updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'carol'), { notifications: switches, updatedAt: serverTimestamp() }),
      );
      // Batched beside one's own: the whole batch is refused.
      const alice = dbOf('alice');
      const batch = writeBatch(alice);
      batch.update(doc(alice, 'users', 'alice'), {
        notifications: { ...switches, requestUpdates: true },
        updatedAt: serverTimestamp(),
      });
      batch.update(doc(alice, 'users', 'carol'), { notifications: switches, updatedAt: serverTimestamp() });
      await assertFails(batch.commit());
      expect((await getDoc(doc(dbOf('alice'), 'users', 'alice'))).get('notifications')).toEqual(switches);
    });
    it('refuses deleting a profile (and so re-creating it with another role)', async () => {
      await assertFails(deleteDoc(doc(dbOf('carol'), 'users', 'carol')));
      await assertFails(setDoc(doc(dbOf('carol'), 'users', 'carol'), profile('carol', 'admin')));
    });
  });

  describe('a deactivated person is refused on their very next request, the ID token still valid (DESIGN §1 "Deactivated people")', () => {
    /** Writes `uid`'s profile as trusted code does when an admin deactivates (or reactivates) them. */
    async function markDeactivated(uid: PersonId, deactivated: boolean): Promise<void> {
      const profile: DocumentData = { ...PEOPLE[uid], email: `${uid}@example.com`, createdAt: PAST, updatedAt: PAST };
      if (deactivated) Object.assign(profile, { deactivated: true, deactivatedAt: PAST, deactivatedBy: 'ada' });
      await seedDocs(env, { [`users/${uid}`]: profile });
    }
    afterEach(async () => {
      for (const uid of ['carol', 'alice', 'ada'] as const) await markDeactivated(uid, false);
    });

    it('a customer: reading, listing, replying, submitting, solving and their own profile are refused', async () => {
      const id = await seedTicket({}, { m1: storedMessage() });
      const carol = dbOf('carol');
      // The same context (the same token) a moment before: allowed.
      await assertSucceeds(getDoc(doc(carol, 'tickets', id)));
      await markDeactivated('carol', true);
      await assertFails(getDoc(doc(carol, 'tickets', id)));
      await assertFails(getDoc(doc(carol, 'tickets', id, 'messages', 'm1')));
      await assertFails(getDocs(query(collection(carol, 'tickets'), where('requesterId', '==', 'carol'))));
      await assertFails(getDocs(query(collection(carol, 'tickets', id, 'messages'), where('internal', '==', false))));
      await assertFails(reply(carol, 'carol', id));
      await assertFails(submit(carol, 'carol'));
      await assertFails(move(carol, 'carol', id, 'open', 'solved'));
      await assertFails(getDoc(doc(carol, 'ratings', id)));
      await assertFails(getDoc(doc(carol, 'uploadQuotas', 'carol')));
      await assertFails(
        updateDoc(doc(carol, 'users', 'carol'), { displayName: 'Carol Again', updatedAt: serverTimestamp() }),
      );
      // Their own profile stays readable: the app says why it is refused, then signs them out.
      await assertSucceeds(getDoc(doc(carol, 'users', 'carol')));
    });
    it('an agent: reading, listing, assigning, internal notes and people are refused', async () => {
      const id = await seedTicket({ assigneeId: null, assigneeName: null });
      const alice = dbOf('alice');
      await assertSucceeds(getDoc(doc(alice, 'tickets', id)));
      await markDeactivated('alice', true);
      await assertFails(getDoc(doc(alice, 'tickets', id)));
      await assertFails(getDocs(query(collection(alice, 'tickets'), limit(10))));
      await assertFails(
        updateDoc(doc(alice, 'tickets', id), { assigneeId: 'alice', assigneeName: 'Alice Agent', ...stamped('alice') }),
      );
      await assertFails(reply(alice, 'alice', id, { internal: true }));
      await assertFails(getDoc(doc(alice, 'users', 'carol')));
      await assertFails(getDocs(query(collection(alice, 'users'), limit(20))));
      await assertFails(
        setDoc(doc(alice, 'tickets', id, 'followers', 'alice'), {
          uid: 'alice',
          displayName: PEOPLE.alice.displayName,
          since: serverTimestamp(),
        }),
      );
      await assertFails(getDocs(collection(alice, 'tickets', id, 'followers')));
    });
    it('an admin: a role change, the desk settings and the triggers are refused', async () => {
      const ada = dbOf('ada');
      await markDeactivated('ada', true);
      await assertFails(updateDoc(doc(ada, 'users', 'bob'), { role: 'admin', updatedAt: serverTimestamp() }));
      await assertFails(setDoc(doc(ada, 'settings', 'desk'), deskDoc()));
      await assertFails(getDocs(collection(ada, 'triggers')));
    });
    it('nobody writes `deactivated` from a client: not the person, not an admin — it is trusted code’s', async () => {
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'users', 'carol'), { deactivated: true, updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'alice'), { deactivated: true, updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'alice'), {
          role: 'customer',
          deactivated: true,
          updatedAt: serverTimestamp(),
        }),
      );
      await markDeactivated('alice', true);
      // Neither an admin's write nor the person's own brings them back.
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'alice'), { deactivated: deleteField(), updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'users', 'alice'), { deactivated: false, updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'users', 'alice'), { deactivated: deleteField(), updatedAt: serverTimestamp() }),
      );
      // A fresh sign-up cannot carry the field either.
      await assertFails(
        setDoc(doc(dbOf('newcomer'), 'users', 'newcomer'), {
          displayName: 'New Comer',
          email: 'newcomer@example.com',
          role: 'customer',
          deactivated: false,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
    });
    it('reactivated by trusted code, the same token works again', async () => {
      const id = await seedTicket();
      const carol = dbOf('carol');
      await markDeactivated('carol', true);
      await assertFails(getDoc(doc(carol, 'tickets', id)));
      await markDeactivated('carol', false);
      await assertSucceeds(getDoc(doc(carol, 'tickets', id)));
      await assertSucceeds(reply(carol, 'carol', id));
    });
  });

  describe('closed tickets are read-only', () => {
    const closed = () => seedTicket({ status: 'closed', solvedAt: PAST, closedAt: PAST });
    it('refuses a reply by the requester and a note by an agent', async () => {
      const id = await closed();
      await assertFails(reply(dbOf('carol'), 'carol', id));
      await assertFails(reply(dbOf('alice'), 'alice', id, { internal: true }));
    });
    it('refuses any change by an admin', async () => {
      const id = await closed();
      await assertFails(updateDoc(doc(dbOf('ada'), 'tickets', id), { priority: 'low', ...stamped('ada') }));
      await assertFails(updateDoc(doc(dbOf('ada'), 'tickets', id), { tags: [], ...stamped('ada') }));
    });
    it('is still readable by its requester', async () => {
      const id = await closed();
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'tickets', id)));
    });
  });

  describe('ticket numbers come only from the counter transaction', () => {
    it('refuses a request without its description (its submission event is trusted code’s)', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { withDescription: false }));
      await assertSucceeds(submit(dbOf('carol'), 'carol'));
    });
    it('refuses a number that is not the counter’s next', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { number: (await lastNumber()) + 5 }));
    });
    it('refuses a request that does not take its number from the counter', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { bumpCounter: false }));
    });
    it('refuses moving the counter by anything but one', async () => {
      const next = (await lastNumber()) + 2;
      await assertFails(setDoc(doc(dbOf('carol'), 'counters', 'tickets'), { lastNumber: next }));
      await assertFails(setDoc(doc(dbOf('ada'), 'counters', 'tickets'), { lastNumber: 1 }));
    });
    it('starts the counter only with ticket number 1 and its claim', async () => {
      const saved = await lastNumber();
      await env.withSecurityRulesDisabled(async (context) => {
        await deleteDoc(doc(firestoreOf(context), 'counters', 'tickets'));
        await deleteDoc(doc(firestoreOf(context), 'ticketNumbers', '1'));
      });
      try {
        await assertFails(setDoc(doc(dbOf('carol'), 'counters', 'tickets'), { lastNumber: 1 }));
        await assertFails(submit(dbOf('carol'), 'carol', { number: 1, claimNumber: false }));
        await assertSucceeds(submit(dbOf('carol'), 'carol', { number: 1 }));
      } finally {
        await env.withSecurityRulesDisabled((context) =>
          setDoc(doc(firestoreOf(context), 'counters', 'tickets'), { lastNumber: Math.max(saved, 1) }),
        );
      }
    });
    it('refuses bumping the counter by one without creating a ticket (skipped numbers)', async () => {
      const next = (await lastNumber()) + 1;
      await assertFails(setDoc(doc(dbOf('carol'), 'counters', 'tickets'), { lastNumber: next }));
      // …nor with a claim that points at no ticket.
      const db = dbOf('carol');
      const batch = writeBatch(db);
      batch.set(doc(db, 'counters', 'tickets'), { lastNumber: next });
      batch.set(doc(db, 'ticketNumbers', String(next)), { ticketId: freshId('t') });
      await assertFails(batch.commit());
      expect(await lastNumber()).toBe(next - 1);
    });
    it.each([2, 5, 20])(
      'refuses one batch that bumps the counter once and creates %i tickets with the same number',
      async (copies) => {
        // With no claim of the number, and with one that names the first of the copies.
        for (const claimed of [false, true]) {
          const db = dbOf('carol');
          const number = (await lastNumber()) + 1;
          const batch = writeBatch(db);
          batch.set(doc(db, 'counters', 'tickets'), { lastNumber: number });
          const ids = Array.from({ length: copies }, () => freshId('t'));
          if (claimed) batch.set(doc(db, 'ticketNumbers', String(number)), { ticketId: ids[0] });
          for (const id of ids) {
            batch.set(doc(db, 'tickets', id), {
              number,
              subject: 'Duplicate number attempt',
              status: 'new',
              priority: 'normal',
              category: null,
              tags: [],
              requesterId: 'carol',
              requesterName: PEOPLE.carol.displayName,
              assigneeId: null,
              assigneeName: null,
              createdAt: serverTimestamp(),
              updatedAt: serverTimestamp(),
              updatedBy: 'carol',
              lastMessageAt: serverTimestamp(),
              lastMessageBy: 'customer',
            });
          }
          await assertFails(batch.commit());
          expect(await lastNumber()).toBe(number - 1);
        }
      },
    );
    it('refuses a request whose number nobody claims, or that another ticket claims', async () => {
      await assertFails(submit(dbOf('carol'), 'carol', { claimNumber: false }));
      const number = (await lastNumber()) + 1;
      const db = dbOf('carol');
      const batch = writeBatch(db);
      batch.set(doc(db, 'ticketNumbers', String(number)), { ticketId: freshId('t') });
      batch.set(doc(db, 'counters', 'tickets'), { lastNumber: number });
      await assertFails(batch.commit());
    });
    it('keeps a number’s claim forever: no second claim, no change, no delete', async () => {
      await assertSucceeds(submit(dbOf('carol'), 'carol'));
      const taken = String(await lastNumber());
      await assertFails(setDoc(doc(dbOf('carol'), 'ticketNumbers', taken), { ticketId: freshId('t') }));
      await assertFails(updateDoc(doc(dbOf('ada'), 'ticketNumbers', taken), { ticketId: 'x' }));
      await assertFails(deleteDoc(doc(dbOf('ada'), 'ticketNumbers', taken)));
    });
  });

  describe('presence (who is on a ticket)', () => {
    const inSeconds = (seconds: number) => Timestamp.fromMillis(Date.now() + seconds * 1000);
    const entry = (uid: PersonId, overrides: DocumentData = {}) => ({
      displayName: PEOPLE[uid].displayName,
      typing: false,
      expiresAt: inSeconds(30),
      updatedAt: serverTimestamp(),
      ...overrides,
    });
    it('lets an agent announce themselves and other staff see it', async () => {
      const id = await seedTicket();
      await assertSucceeds(
        setDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'alice'), entry('alice', { typing: true })),
      );
      await assertSucceeds(getDocs(collection(dbOf('bob'), 'tickets', id, 'presence')));
      await assertSucceeds(deleteDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'alice')));
    });
    it('refuses customers reading or writing presence', async () => {
      const id = await seedTicket();
      await assertFails(getDocs(collection(dbOf('carol'), 'tickets', id, 'presence')));
      await assertFails(setDoc(doc(dbOf('carol'), 'tickets', id, 'presence', 'carol'), entry('carol')));
    });
    it('refuses announcing someone else, under another name, or for longer than two minutes', async () => {
      const id = await seedTicket();
      await assertFails(setDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'bob'), entry('bob')));
      await assertFails(
        setDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'alice'), entry('alice', { displayName: 'Bob Agent' })),
      );
      await assertFails(
        setDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'alice'), entry('alice', { expiresAt: inSeconds(600) })),
      );
      await assertFails(
        setDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'alice'), entry('alice', { expiresAt: inSeconds(-5) })),
      );
      await assertFails(setDoc(doc(dbOf('alice'), 'tickets', id, 'presence', 'alice'), entry('alice', { note: 'hi' })));
    });
  });

  describe('canned replies before macros: staff read what is left, nobody writes it any more', () => {
    it('lets staff read the old document and refuses every client write (trusted code moves it)', async () => {
      await seedDocs(env, { 'settings/canned-replies': { replies: [], updatedAt: PAST } });
      await assertSucceeds(getDoc(doc(dbOf('bob'), 'settings', 'canned-replies')));
      await assertFails(getDoc(doc(dbOf('carol'), 'settings', 'canned-replies')));
      const replies = { replies: [{ id: 'r1', title: 'Thanks', body: 'Hi!' }], updatedAt: serverTimestamp() };
      await assertFails(setDoc(doc(dbOf('alice'), 'settings', 'canned-replies'), replies));
      await assertFails(setDoc(doc(dbOf('ada'), 'settings', 'canned-replies'), replies));
    });
  });

  describe('triggers, as an attacker writes them (DESIGN §10 "Triggers")', () => {
    /** A trigger as the adapters write it, by `by`. */
    const triggerDoc = (by: string, overrides: DocumentData = {}): DocumentData => ({
      title: 'VIP customers',
      active: true,
      order: 1,
      on: ['created', 'updated'],
      all: [{ property: 'tags', operator: 'includes', value: 'vip' }],
      any: [],
      actions: { priority: 'high', addTags: ['escalated'], assignee: { kind: 'agent', uid: 'alice' } },
      updatedAt: serverTimestamp(),
      updatedBy: by,
      ...overrides,
    });
    const triggerRef = (uid: PersonId, id: string) => doc(dbOf(uid), 'triggers', id);
    /** A trigger's email as the domain saves it. */
    const MAIL = { to: 'requester', address: '', subject: 'About #{{ticket.number}}', body: 'We are on it.' };

    it('lets admins alone read and write triggers', async () => {
      const id = freshId('trigger');
      await assertFails(setDoc(triggerRef('alice', id), triggerDoc('alice')));
      await assertFails(setDoc(triggerRef('carol', id), triggerDoc('carol')));
      await assertSucceeds(setDoc(triggerRef('ada', id), triggerDoc('ada')));
      await assertFails(getDoc(triggerRef('alice', id)));
      await assertFails(getDocs(collection(dbOf('carol'), 'triggers')));
      await assertSucceeds(getDocs(collection(dbOf('ada'), 'triggers')));
      await assertFails(deleteDoc(triggerRef('bob', id)));
      await assertSucceeds(deleteDoc(triggerRef('ada', id)));
    });

    it('lets an admin change and switch off the automatic close, never delete it (DESIGN §10 "The automatic close")', async () => {
      const close = {
        title: 'Close solved tickets after 4 days',
        on: ['time'],
        all: [
          { property: 'status', operator: 'is', value: 'solved' },
          { property: 'hoursSinceSolved', operator: 'atLeast', value: '96' },
        ],
        actions: { status: 'close' },
      };
      await assertSucceeds(setDoc(triggerRef('ada', 'auto-close'), triggerDoc('ada', close)));
      await assertSucceeds(setDoc(triggerRef('ada', 'auto-close'), triggerDoc('ada', { ...close, active: false })));
      await assertFails(deleteDoc(triggerRef('ada', 'auto-close')));
      await assertFails(deleteDoc(triggerRef('bob', 'auto-close')));
    });

    it.each([
      ['an extra key', { secret: true }],
      ['another writer named', { updatedBy: 'alice' }],
      ['a client time', { updatedAt: Timestamp.fromMillis(Date.parse('2026-01-01T00:00:00.000Z')) }],
      ['an empty title', { title: '' }],
      ['a title of 101 characters', { title: 'x'.repeat(101) }],
      ['no event', { on: [] }],
      ['an unknown event', { on: ['deleted'] }],
      ['a time rule that also runs on updates', { on: ['time', 'updated'] }],
      ['three events', { on: ['created', 'updated', 'time'] }],
      ['no condition', { all: [], any: [] }],
      [
        '21 conditions',
        { all: Array.from({ length: 21 }, () => ({ property: 'tags', operator: 'includes', value: 'x' })) },
      ],
      ['"active" as text', { active: 'yes' }],
      ['a fractional order', { order: 1.5 }],
      ['a reply action', { actions: { body: 'Hi' } }],
      ['"assign to me" (a trigger acts for the desk)', { actions: { assignee: { kind: 'me' } } }],
      ['an unknown status event', { actions: { status: 'delete' } }],
      ['a bad tag', { actions: { addTags: ['Not a tag'] } }],
      [
        '11 field values',
        { actions: { fields: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x'])) } },
      ],
      ['a note of 10 001 characters', { actions: { note: 'x'.repeat(10_001) } }],
      ['a round-robin over no agent', { actions: { assignee: { kind: 'roundRobin', agents: [], cap: 5 } } }],
      [
        'a round-robin over 51 agents',
        {
          actions: { assignee: { kind: 'roundRobin', agents: Array.from({ length: 51 }, (_, i) => `u${i}`), cap: 5 } },
        },
      ],
      ['a round-robin with no cap', { actions: { assignee: { kind: 'roundRobin', agents: ['alice'] } } }],
      ['a round-robin cap of 0', { actions: { assignee: { kind: 'roundRobin', agents: ['alice'], cap: 0 } } }],
      ['a round-robin cap of 1001', { actions: { assignee: { kind: 'roundRobin', agents: ['alice'], cap: 1001 } } }],
      [
        'a round-robin with its own "last" (the rota is trusted code’s)',
        { actions: { assignee: { kind: 'roundRobin', agents: ['alice'], cap: 5, last: 'alice' } } },
      ],
      ['four emails', { actions: { emails: [MAIL, MAIL, MAIL, MAIL] } }],
      ['an email to everyone', { actions: { emails: [{ ...MAIL, to: 'everyone' }] } }],
      ['an email with a forged sender', { actions: { emails: [{ ...MAIL, from: 'ceo@example.com' }] } }],
      ['an email with extra headers', { actions: { emails: [{ ...MAIL, headers: { Bcc: 'x@example.com' } }] } }],
      ['an email without a subject', { actions: { emails: [{ ...MAIL, subject: '' }] } }],
      ['an email text of 5 001 characters', { actions: { emails: [{ ...MAIL, body: 'x'.repeat(5_001) }] } }],
      [
        'an email address of 255 characters',
        { actions: { emails: [{ ...MAIL, address: `${'x'.repeat(243)}@example.com` }] } },
      ],
      [
        'an email in an unknown language',
        { actions: { emails: [{ ...MAIL, translations: { fr: { subject: 'S', body: 'B' } } }] } },
      ],
      [
        'an email translation with an empty text',
        { actions: { emails: [{ ...MAIL, translations: { es: { subject: 'S', body: '' } } }] } },
      ],
      ['emails as one map', { actions: { emails: MAIL } }],
    ])('refuses a trigger with %s', async (_what, overrides) => {
      await assertFails(setDoc(triggerRef('ada', freshId('trigger')), triggerDoc('ada', overrides)));
    });

    it('keeps the clock override of the emulators out of every client’s reach', async () => {
      for (const uid of ['ada', 'alice', 'carol'] as const) {
        await assertFails(getDoc(doc(dbOf(uid), 'testing', 'clock')));
        await assertFails(setDoc(doc(dbOf(uid), 'testing', 'clock'), { offsetMs: 86_400_000 }));
      }
    });

    it('takes a time rule, on the schedule alone', async () => {
      const all = [{ property: 'hoursSinceUpdated', operator: 'atLeast', value: '72' }];
      await assertSucceeds(setDoc(triggerRef('ada', freshId('trigger')), triggerDoc('ada', { on: ['time'], all })));
    });

    it('takes up to three emails, to the requester, the assignee or an address, with Spanish and Arabic versions', async () => {
      const emails = [
        { ...MAIL, translations: { es: { subject: 'Hola', body: 'Texto' }, ar: { subject: 'مرحبا', body: 'نص' } } },
        { ...MAIL, to: 'assignee' },
        { ...MAIL, to: 'address', address: 'ops@example.com' },
      ];
      await assertSucceeds(setDoc(triggerRef('ada', freshId('trigger')), triggerDoc('ada', { actions: { emails } })));
    });

    it('takes a round-robin over 1–50 agents with a cap of 1–1000', async () => {
      const assignee = { kind: 'roundRobin', agents: ['alice', 'bob'], cap: 1000 };
      await assertSucceeds(setDoc(triggerRef('ada', freshId('trigger')), triggerDoc('ada', { actions: { assignee } })));
    });

    it('keeps the round-robin rotas trusted code’s: nobody reads, writes or resets one', async () => {
      await seedDocs(env, { 'rotas/rr': { last: 'alice', updatedAt: PAST } });
      for (const uid of ['ada', 'alice', 'carol'] as const) {
        await assertFails(getDoc(doc(dbOf(uid), 'rotas', 'rr')));
        // Moving "last" would skip the next agent, or give one every ticket.
        await assertFails(setDoc(doc(dbOf(uid), 'rotas', 'rr'), { last: 'bob', updatedAt: serverTimestamp() }));
        await assertFails(deleteDoc(doc(dbOf(uid), 'rotas', 'rr')));
      }
    });

    it('lets staff alone say they take round-robin tickets, as a boolean, on their own profile', async () => {
      const own = (uid: PersonId, available: unknown) =>
        updateDoc(doc(dbOf(uid), 'users', uid), { available, updatedAt: serverTimestamp() });
      await assertSucceeds(own('alice', true));
      await assertSucceeds(own('ada', false));
      // A customer in a set would get tickets to work: only staff say they are available.
      await assertFails(own('carol', true));
      await assertFails(own('alice', 'yes'));
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'users', 'alice'), { available: false, updatedAt: serverTimestamp() }),
      );
    });
  });

  describe('recurring tickets, as an attacker writes them (DESIGN §10 "Recurring tickets")', () => {
    /** A recurring ticket as the admin client writes it, by `by`; an override of `undefined` leaves its key out. */
    const recurringDoc = (by: string, overrides: DocumentData = {}): DocumentData =>
      Object.fromEntries(
        Object.entries({
          title: 'Weekly backup check',
          active: true,
          schedule: { frequency: 'weekly', time: '09:30', weekday: 'mon' },
          subject: 'Backup check for {{date}}',
          description: 'Check that last night’s backups ran.',
          priority: 'normal',
          category: 'Operations',
          tags: ['ops', 'backup'],
          updatedAt: serverTimestamp(),
          updatedBy: by,
          ...overrides,
        }).filter(([, value]) => value !== undefined),
      );
    const recurringRef = (db: Firestore, id: string) => doc(db, 'recurringTickets', id);
    const PEOPLE_BUT_ADMINS = ['alice', 'bob', 'carol', 'outsider'] as const;

    it('lets an admin create, read, list, update and delete one', async () => {
      const id = freshId('recurring');
      const ref = recurringRef(dbOf('ada'), id);
      await assertSucceeds(setDoc(ref, recurringDoc('ada')));
      await assertSucceeds(getDoc(ref));
      await assertSucceeds(getDocs(collection(dbOf('ada'), 'recurringTickets')));
      await assertSucceeds(setDoc(ref, recurringDoc('ada', { active: false, category: undefined })));
      await assertSucceeds(deleteDoc(ref));
    });

    it('refuses agents, customers and signed-out visitors every read and write', async () => {
      const id = freshId('recurring');
      await assertSucceeds(setDoc(recurringRef(dbOf('ada'), id), recurringDoc('ada')));
      const others: [string, Firestore][] = [
        ...PEOPLE_BUT_ADMINS.map((uid): [string, Firestore] => [uid, dbOf(uid)]),
        ['', signedOut()],
      ];
      for (const [uid, db] of others) {
        await assertFails(getDoc(recurringRef(db, id)));
        await assertFails(getDocs(collection(db, 'recurringTickets')));
        await assertFails(setDoc(recurringRef(db, id), recurringDoc(uid, { active: false })));
        await assertFails(setDoc(recurringRef(db, freshId('recurring')), recurringDoc(uid)));
        await assertFails(deleteDoc(recurringRef(db, id)));
      }
      // The template is still there, as the admin saved it.
      const stored = await getDoc(recurringRef(dbOf('ada'), id));
      expect(stored.data()?.active).toBe(true);
    });

    it('takes each frequency and every bound at its limit', async () => {
      const valid: DocumentData[] = [
        { schedule: { frequency: 'daily', time: '00:00' } },
        { schedule: { frequency: 'weekly', time: '23:59', weekday: 'sun' } },
        { schedule: { frequency: 'monthly', time: '12:00', dayOfMonth: 1 } },
        { schedule: { frequency: 'monthly', time: '19:45', dayOfMonth: 31 } },
        {
          title: 'x'.repeat(100),
          subject: 'x'.repeat(150),
          description: 'x'.repeat(10_000),
          category: 'x'.repeat(60),
          tags: Array.from({ length: 10 }, (_, i) => `tag-${i}`),
        },
        { title: 'x', subject: 'abc', description: 'x', priority: 'urgent', category: undefined, tags: [] },
      ];
      for (const overrides of valid)
        await assertSucceeds(setDoc(recurringRef(dbOf('ada'), freshId('recurring')), recurringDoc('ada', overrides)));
    });

    it.each([
      ['a forged last run', { lastRunAt: Timestamp.fromMillis(Date.parse('2026-01-01T00:00:00.000Z')) }],
      ['a forged requester', { requesterId: 'carol' }],
      ...['title', 'active', 'schedule', 'subject', 'description', 'priority', 'tags', 'updatedAt', 'updatedBy'].map(
        (key): [string, DocumentData] => [`no ${key}`, { [key]: undefined }],
      ),
      ['a title as a number', { title: 42 }],
      ['"active" as text', { active: 'yes' }],
      ['a schedule as text', { schedule: 'daily' }],
      ['a subject as a number', { subject: 12345 }],
      ['a description as a list', { description: ['Check the backups.'] }],
      ['tags as text', { tags: 'ops' }],
      ['a category as a number', { category: 7 }],
      ['a null category (absent when none)', { category: null }],
      ['a category of 61 characters', { category: 'x'.repeat(61) }],
      ['an empty title', { title: '' }],
      ['a title of 101 characters', { title: 'x'.repeat(101) }],
      ['a subject of 2 characters', { subject: 'ab' }],
      ['a subject of 151 characters', { subject: 'x'.repeat(151) }],
      ['an empty description', { description: '' }],
      ['a description of 10 001 characters', { description: 'x'.repeat(10_001) }],
      ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `tag-${i}`) }],
      ['a bad tag', { tags: ['Not a tag'] }],
      ['a tag twice', { tags: ['ops', 'ops'] }],
      ['an unknown priority', { priority: 'critical' }],
      ['an unknown frequency', { schedule: { frequency: 'hourly', time: '09:30' } }],
      ['no frequency', { schedule: { time: '09:30' } }],
      ['no time', { schedule: { frequency: 'daily' } }],
      ['the time 24:00', { schedule: { frequency: 'daily', time: '24:00' } }],
      ['the time 9:00', { schedule: { frequency: 'daily', time: '9:00' } }],
      ['the time 09:60', { schedule: { frequency: 'daily', time: '09:60' } }],
      ['a time with seconds', { schedule: { frequency: 'daily', time: '09:30:00' } }],
      ['a time as a number', { schedule: { frequency: 'daily', time: 930 } }],
      ['a schedule with its own time zone', { schedule: { frequency: 'daily', time: '09:30', timeZone: 'UTC' } }],
      ['a weekly schedule without a weekday', { schedule: { frequency: 'weekly', time: '09:30' } }],
      ['an unknown weekday', { schedule: { frequency: 'weekly', time: '09:30', weekday: 'monday' } }],
      [
        'a weekly schedule with a day of the month',
        { schedule: { frequency: 'weekly', time: '09:30', weekday: 'mon', dayOfMonth: 1 } },
      ],
      ['a monthly schedule without a day of the month', { schedule: { frequency: 'monthly', time: '09:30' } }],
      [
        'a monthly schedule with a weekday',
        { schedule: { frequency: 'monthly', time: '09:30', dayOfMonth: 1, weekday: 'mon' } },
      ],
      ['a daily schedule with a weekday', { schedule: { frequency: 'daily', time: '09:30', weekday: 'mon' } }],
      ['a daily schedule with a day of the month', { schedule: { frequency: 'daily', time: '09:30', dayOfMonth: 1 } }],
      ['day 0 of the month', { schedule: { frequency: 'monthly', time: '09:30', dayOfMonth: 0 } }],
      ['day 32 of the month', { schedule: { frequency: 'monthly', time: '09:30', dayOfMonth: 32 } }],
      ['day 1.5 of the month', { schedule: { frequency: 'monthly', time: '09:30', dayOfMonth: 1.5 } }],
      ['a day of the month as text', { schedule: { frequency: 'monthly', time: '09:30', dayOfMonth: '1' } }],
      ['another writer named', { updatedBy: 'alice' }],
      ['a client time', { updatedAt: Timestamp.fromMillis(Date.parse('2026-01-01T00:00:00.000Z')) }],
    ])('refuses a recurring ticket with %s', async (_what, overrides: DocumentData) => {
      await assertFails(setDoc(recurringRef(dbOf('ada'), freshId('recurring')), recurringDoc('ada', overrides)));
    });

    it('refuses an update that keeps the old time or forges a key', async () => {
      const ref = recurringRef(dbOf('ada'), freshId('recurring'));
      await assertSucceeds(setDoc(ref, recurringDoc('ada')));
      await assertFails(updateDoc(ref, { active: false }));
      await assertFails(updateDoc(ref, { lastRunAt: serverTimestamp(), updatedAt: serverTimestamp() }));
      await assertSucceeds(updateDoc(ref, { active: false, updatedAt: serverTimestamp() }));
    });

    it.each([
      ['a dot', 'weekly.backup'],
      ['a space', 'weekly backup'],
      ['129 characters', 'x'.repeat(129)],
    ])('refuses an id with %s', async (_what, id) => {
      await assertFails(setDoc(recurringRef(dbOf('ada'), id), recurringDoc('ada')));
    });
  });

  describe('macros, as an attacker writes them (DESIGN §3 "Macros")', () => {
    /** A macro as the adapters write it, by `by`, owned by `ownerId` (null: shared). */
    const macroDoc = (ownerId: string | null, by: string, overrides: DocumentData = {}): DocumentData => ({
      title: 'Refund sent',
      body: 'Hi {{requester.firstName}}, we refunded you.',
      actions: { status: 'solve', priority: 'high', addTags: ['refund'], note: 'Refunded by card.' },
      ownerId,
      updatedAt: serverTimestamp(),
      updatedBy: by,
      ...overrides,
    });
    const macroRef = (uid: PersonId, id: string) => doc(dbOf(uid), 'macros', id);

    it('lets an admin write a shared macro and every agent read it; refuses agents and customers writing one', async () => {
      const id = freshId('macro');
      await assertFails(setDoc(macroRef('alice', id), macroDoc(null, 'alice')));
      await assertFails(setDoc(macroRef('carol', id), macroDoc(null, 'carol')));
      await assertSucceeds(setDoc(macroRef('ada', id), macroDoc(null, 'ada')));
      await assertSucceeds(getDoc(macroRef('alice', id)));
      await assertFails(getDoc(macroRef('carol', id)));
      await assertFails(updateDoc(macroRef('alice', id), { title: 'Mine now', ...stamped('alice') }));
      await assertFails(deleteDoc(macroRef('bob', id)));
      await assertSucceeds(deleteDoc(macroRef('ada', id)));
    });

    it('keeps a personal macro its owner’s alone: nobody else reads, writes, takes or deletes it', async () => {
      const id = freshId('macro');
      await assertFails(setDoc(macroRef('alice', id), macroDoc('bob', 'alice')));
      await assertFails(setDoc(macroRef('carol', id), macroDoc('carol', 'carol')));
      await assertSucceeds(setDoc(macroRef('alice', id), macroDoc('alice', 'alice')));
      await assertSucceeds(getDoc(macroRef('alice', id)));
      await assertFails(getDoc(macroRef('bob', id)));
      await assertFails(getDoc(macroRef('ada', id)));
      await assertFails(setDoc(macroRef('bob', id), macroDoc('bob', 'bob')));
      await assertFails(deleteDoc(macroRef('ada', id)));
      // Its owner cannot make it shared (nor an admin take it over).
      await assertFails(setDoc(macroRef('alice', id), macroDoc(null, 'alice')));
      await assertFails(setDoc(macroRef('ada', id), macroDoc(null, 'ada')));
      await assertSucceeds(deleteDoc(macroRef('alice', id)));
    });

    it('answers a list only when it asks for the shared ones or the caller’s own', async () => {
      const macros = collection(dbOf('alice'), 'macros');
      await assertSucceeds(getDocs(query(macros, where('ownerId', '==', null))));
      await assertSucceeds(getDocs(query(macros, where('ownerId', '==', 'alice'))));
      await assertFails(getDocs(query(macros, where('ownerId', '==', 'bob'))));
      await assertFails(getDocs(macros));
      await assertFails(getDocs(query(collection(dbOf('carol'), 'macros'), where('ownerId', '==', null))));
    });

    it.each([
      ['an unknown key', { colour: 'red' }],
      ['a title of 101 characters', { title: 'x'.repeat(101) }],
      ['an empty title', { title: '' }],
      ['a reply of 10 001 characters', { body: 'x'.repeat(10_001) }],
      ['an unknown action', { actions: { delete: true } }],
      ['a move a macro may not fire', { actions: { status: 'submit' } }],
      ['an unknown priority', { actions: { priority: 'asap' } }],
      ['11 tags to add', { actions: { addTags: Array.from({ length: 11 }, (_, i) => `t${i}`) } }],
      ['a tag of capitals', { actions: { removeTags: ['VIP'] } }],
      [
        '11 field values',
        { actions: { fields: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x'])) } },
      ],
      ['an assignee of another kind', { actions: { assignee: { kind: 'everyone' } } }],
      ['a note of 10 001 characters', { actions: { note: 'x'.repeat(10_001) } }],
      ['a time of the client’s', { updatedAt: Timestamp.now() }],
      ['someone else as its writer', { updatedBy: 'bob' }],
    ])('refuses a macro with %s', async (_what, overrides) => {
      await assertFails(setDoc(macroRef('ada', freshId('macro')), macroDoc(null, 'ada', overrides)));
    });

    describe('applied to a ticket: the write names a macro the writer may apply, as it is stored', () => {
      const shared = 'macro-refund';
      const personal = 'macro-bobs';
      beforeEach(() =>
        seedDocs(env, {
          [`macros/${shared}`]: { ...macroDoc(null, 'ada'), updatedAt: PAST },
          [`macros/${personal}`]: { ...macroDoc('bob', 'bob'), title: 'Bob’s own', updatedAt: PAST },
        }),
      );
      const applied = (id: string, title: string, at: unknown = serverTimestamp()) => ({
        appliedMacro: { id, title, at },
      });

      it('lets staff name a shared macro by its stored title; refuses a forged title, a stranger’s or a missing macro, a client time', async () => {
        const id = await seedTicket({ status: 'open' });
        const patch = { priority: 'high', ...stamped('alice') };
        await assertSucceeds(
          updateDoc(doc(dbOf('alice'), 'tickets', id), { ...patch, ...applied(shared, 'Refund sent') }),
        );
        await assertFails(
          updateDoc(doc(dbOf('alice'), 'tickets', id), { ...patch, ...applied(shared, 'Approved by legal') }),
        );
        await assertFails(
          updateDoc(doc(dbOf('alice'), 'tickets', id), { ...patch, ...applied(personal, 'Bob’s own') }),
        );
        await assertSucceeds(
          updateDoc(doc(dbOf('bob'), 'tickets', id), {
            ...patch,
            ...stamped('bob'),
            ...applied(personal, 'Bob’s own'),
          }),
        );
        await assertFails(
          updateDoc(doc(dbOf('alice'), 'tickets', id), { ...patch, ...applied('macro-none', 'Ghost') }),
        );
        await assertFails(
          updateDoc(doc(dbOf('alice'), 'tickets', id), {
            ...patch,
            ...applied(shared, 'Refund sent', Timestamp.now()),
          }),
        );
        await assertFails(
          updateDoc(doc(dbOf('alice'), 'tickets', id), {
            ...patch,
            appliedMacro: { id: shared, title: 'Refund sent', at: serverTimestamp(), by: 'ada' },
          }),
        );
        // A customer never writes one, even on their own request.
        await assertFails(
          updateDoc(doc(dbOf('carol'), 'tickets', id), { ...stamped('carol'), ...applied(shared, 'Refund sent') }),
        );
      });

      it('takes a macro’s reply, its note and its solve in one write; refuses a note posing as the reply', async () => {
        const id = await seedTicket({ status: 'open', assigneeId: 'alice', assigneeName: 'Alice Agent' });
        const db = dbOf('alice');
        const author = { authorId: 'alice', authorName: 'Alice Agent', authorRole: 'agent', attachments: [] };
        const write = (noteIsReply: boolean) => {
          const batch = writeBatch(db);
          const replyId = freshId('m');
          const noteId = freshId('m');
          batch.set(doc(db, 'tickets', id, 'messages', replyId), {
            ...author,
            body: 'We refunded you.',
            internal: false,
            createdAt: serverTimestamp(),
          });
          batch.set(doc(db, 'tickets', id, 'messages', noteId), {
            ...author,
            body: 'Refunded by card.',
            internal: true,
            createdAt: serverTimestamp(),
          });
          batch.update(doc(db, 'tickets', id), {
            ...movePatch('alice', 'open', 'solved'),
            lastMessageAt: serverTimestamp(),
            lastMessageBy: 'agent',
            lastMessageId: noteIsReply ? noteId : replyId,
            firstResponseAt: serverTimestamp(),
            ...applied(shared, 'Refund sent'),
          });
          return batch.commit();
        };
        await assertFails(write(true));
        await assertSucceeds(write(false));
      });
    });
  });

  describe('custom field definitions: admins write both documents together (DESIGN §3 "Custom fields")', () => {
    const field = (key: string, visibleTo: 'agents' | 'customers') => ({
      key,
      type: 'text',
      label: { en: key },
      visibleTo,
      filledBy: visibleTo,
      requiredOnSubmit: false,
      requiredToSolve: false,
      archived: false,
    });
    const all = [field('order_number', 'customers'), field('risk', 'agents')];
    /** Both documents as the adapters write them, in one batch, as `uid`. */
    function saveBoth(uid: PersonId, fields = all, customerFields = all.slice(0, 1), extra: DocumentData = {}) {
      const db = dbOf(uid);
      const batch = writeBatch(db);
      batch.set(doc(db, 'settings', 'fields'), {
        fields,
        summary: fieldRulesSummary(fields as CustomFieldDefinition[]),
        updatedBy: uid,
        updatedAt: serverTimestamp(),
        ...extra,
      });
      batch.set(doc(db, 'settings', 'customer-fields'), { fields: customerFields, updatedAt: serverTimestamp() });
      return batch.commit();
    }

    it('lets an admin save them; staff read every field, customers only theirs', async () => {
      await assertSucceeds(saveBoth('ada'));
      await assertSucceeds(getDoc(doc(dbOf('alice'), 'settings', 'fields')));
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'settings', 'customer-fields')));
      await assertFails(getDoc(doc(dbOf('carol'), 'settings', 'fields')));
      await assertFails(getDoc(doc(signedOut(), 'settings', 'customer-fields')));
    });
    it.each(['alice', 'carol'] as const)('refuses %s saving them', async (uid) => {
      await assertFails(saveBoth(uid));
    });
    it('refuses one document without the other, a forged writer, a client time, extra keys or 51 fields', async () => {
      const ada = dbOf('ada');
      await assertFails(
        setDoc(doc(ada, 'settings', 'fields'), {
          fields: all,
          summary: fieldRulesSummary(all as CustomFieldDefinition[]),
          updatedBy: 'ada',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(setDoc(doc(ada, 'settings', 'customer-fields'), { fields: [], updatedAt: serverTimestamp() }));
      await assertFails(saveBoth('ada', all, all.slice(0, 1), { updatedBy: 'alice' }));
      await assertFails(saveBoth('ada', all, all.slice(0, 1), { updatedAt: Timestamp.now() }));
      await assertFails(saveBoth('ada', all, all.slice(0, 1), { summary: {} }));
      await assertFails(saveBoth('ada', all, all.slice(0, 1), { summary: null }));
      await assertFails(saveBoth('ada', all, all.slice(0, 1), { extra: true }));
      const many = Array.from({ length: 51 }, (_, i) => field(`f${i}`, 'agents'));
      await assertFails(saveBoth('ada', many, []));
      // Customers' document never holds more than the whole list.
      await assertFails(saveBoth('ada', all.slice(0, 1), all));
      await assertSucceeds(
        saveBoth(
          'ada',
          Array.from({ length: 50 }, (_, i) => field(`f${i}`, 'agents')),
          [],
        ),
      );
    });
  });

  describe('custom field values on tickets, as an attacker writes them (DESIGN §3 "Custom fields")', () => {
    const option = (id: string, archived = false) => ({ id, label: { en: id }, archived });
    const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false };
    const DEFINITIONS = [
      {
        ...base,
        key: 'order_number',
        type: 'text',
        label: { en: 'Order number' },
        visibleTo: 'customers',
        filledBy: 'customers',
      },
      {
        ...base,
        key: 'product',
        type: 'dropdown',
        label: { en: 'Product' },
        visibleTo: 'customers',
        filledBy: 'customers',
        options: [option('web'), option('api'), option('fax', true)],
      },
      {
        ...base,
        key: 'severity',
        type: 'dropdown',
        label: { en: 'Severity' },
        visibleTo: 'customers',
        filledBy: 'agents',
        requiredToSolve: true,
        options: [option('minor'), option('major')],
      },
      {
        ...base,
        key: 'plan',
        type: 'dropdown',
        label: { en: 'Plan' },
        visibleTo: 'agents',
        filledBy: 'agents',
        requiredToSolve: true,
        options: [option('free'), option('team')],
      },
      {
        ...base,
        key: 'seats',
        type: 'number',
        label: { en: 'Seats' },
        visibleTo: 'agents',
        filledBy: 'agents',
        integer: true,
        min: 1,
        max: 500,
      },
      { ...base, key: 'vip', type: 'checkbox', label: { en: 'VIP' }, visibleTo: 'agents', filledBy: 'agents' },
      {
        ...base,
        key: 'old',
        type: 'text',
        label: { en: 'Old' },
        visibleTo: 'customers',
        filledBy: 'customers',
        archived: true,
      },
    ] as CustomFieldDefinition[];

    /** The definitions the rules hold now (each test's own, else {@link DEFINITIONS}). */
    let current = DEFINITIONS;
    /** `settings/fields` with its rules summary, written past the rules. */
    const seedDefinitions = (definitions: CustomFieldDefinition[]) => {
      current = definitions;
      return seedDocs(env, {
        'settings/fields': {
          fields: definitions,
          summary: fieldRulesSummary(definitions),
          updatedBy: 'ada',
          updatedAt: PAST,
        },
      });
    };
    beforeEach(() => seedDefinitions(DEFINITIONS));
    // The other suites' tickets take no field: leave no definitions behind.
    afterAll(() =>
      env.withSecurityRulesDisabled(async (context) => {
        await deleteDoc(doc(firestoreOf(context), 'settings', 'fields'));
      }),
    );

    /** Keys by their field's type, as the adapters name a write's changed keys (`changedKeysByType`). */
    const byType = (keys: string[]) =>
      changedKeysByType(current, {}, Object.fromEntries(keys.map((key) => [key, 'changed'])));
    /** A request's values as the adapters submit them: the map and its keys by type. */
    const withValues = (fields: DocumentData) => ({ fields, fieldsChanged: byType(Object.keys(fields)) });
    /** Sets the ticket's values as the adapter does: the whole map and the keys it changes by type. */
    const setFields = (uid: PersonId, id: string, fields: DocumentData, changed = Object.keys(fields)) =>
      updateDoc(doc(dbOf(uid), 'tickets', id), { fields, fieldsChanged: byType(changed), ...stamped(uid) });
    /** The agents-only document with the ticket's stamps, in one batch, as `uid`. */
    function setAgentFields(
      uid: PersonId,
      id: string,
      values: DocumentData,
      options: { stampTicket?: boolean; changed?: string[] } = {},
    ) {
      const db = dbOf(uid);
      const batch = writeBatch(db);
      const changed = byType(options.changed ?? Object.keys(values));
      batch.set(doc(db, 'tickets', id, 'agentFields', 'values'), { values, changed, ...stamped(uid) });
      if (options.stampTicket !== false) batch.update(doc(db, 'tickets', id), stamped(uid));
      return batch.commit();
    }

    it('lets staff set values customers see; refuses an unknown key, a wrong type, an oversized text, an archived field or option', async () => {
      const id = await seedTicket();
      await assertSucceeds(setFields('alice', id, { order_number: 'ORD-1', product: 'web', severity: 'minor' }));
      await assertFails(setFields('alice', id, { colour: 'red' }));
      await assertFails(setFields('alice', id, { product: 5 }));
      await assertFails(setFields('alice', id, { product: 'tv' }));
      await assertFails(setFields('alice', id, { product: 'fax' }));
      await assertFails(setFields('alice', id, { order_number: 'x'.repeat(501) }));
      await assertFails(setFields('alice', id, { order_number: 'x'.repeat(10_000) }));
      await assertFails(setFields('alice', id, { order_number: '' }));
      await assertFails(setFields('alice', id, { old: 'new value' }));
      // Agents-only keys never go on the ticket a customer reads.
      await assertFails(setFields('alice', id, { plan: 'team' }));
      await assertFails(setFields('alice', id, 'not a map' as unknown as DocumentData));
    });

    it('keeps an archived option or field a ticket already holds', async () => {
      const id = await seedTicket({ fields: { product: 'fax', old: 'kept' } });
      await assertSucceeds(
        setFields('alice', id, { product: 'fax', old: 'kept', order_number: 'ORD-2' }, ['order_number']),
      );
      // Naming fewer keys than the write changes, to skip the check of one, is refused.
      await assertFails(
        setFields('alice', id, { product: 'tv', old: 'kept', order_number: 'ORD-3' }, ['order_number']),
      );
      await assertFails(setAgentFields('alice', id, { plan: 'gold', seats: 3 }, { changed: ['seats'] }));
    });

    it('lets the requester fill only fields customers fill, on their own request', async () => {
      const id = await seedTicket();
      await assertSucceeds(setFields('carol', id, { order_number: 'ORD-3', product: 'api' }));
      await assertFails(setFields('carol', id, { order_number: 'ORD-3', product: 'api', severity: 'major' }));
      await assertFails(setFields('outsider', id, { order_number: 'ORD-4' }));
      await assertFails(setFields('carol', id, { order_number: 42 }));
      // A batch that also writes the agents-only record, or a forged key list without a change.
      const carol = dbOf('carol');
      const batch = writeBatch(carol);
      batch.update(doc(carol, 'tickets', id), {
        fields: { order_number: 'ORD-5' },
        fieldsChanged: byType(['order_number']),
        ...stamped('carol'),
      });
      batch.set(doc(carol, 'tickets', id, 'agentFields', 'values'), {
        values: { plan: 'team' },
        changed: byType(['plan']),
        ...stamped('carol'),
      });
      await assertFails(batch.commit());
      await assertFails(
        updateDoc(doc(carol, 'tickets', id), { fieldsChanged: byType(['product']), ...stamped('carol') }),
      );
    });

    it('keeps agents-only values in a staff-only document, written with the ticket', async () => {
      const id = await seedTicket();
      await assertSucceeds(setAgentFields('alice', id, { plan: 'team', seats: 12, vip: true }));
      await assertSucceeds(getDoc(doc(dbOf('bob'), 'tickets', id, 'agentFields', 'values')));
      await assertFails(getDoc(doc(dbOf('carol'), 'tickets', id, 'agentFields', 'values')));
      await assertFails(setAgentFields('carol', id, { plan: 'free' }));
      await assertFails(setAgentFields('alice', id, { plan: 'gold' }));
      await assertFails(setAgentFields('alice', id, { seats: 12.5 }));
      await assertFails(setAgentFields('alice', id, { seats: 501 }));
      await assertFails(setAgentFields('alice', id, { seats: '12' }));
      await assertFails(setAgentFields('alice', id, { vip: 'yes' }));
      await assertFails(setAgentFields('alice', id, { order_number: 'ORD-5' }));
      await assertFails(setAgentFields('alice', id, { plan: 'free' }, { stampTicket: false }));
      const closed = await seedTicket({ status: 'closed' });
      await assertFails(setAgentFields('alice', closed, { plan: 'free' }));
    });

    it('refuses a staff solve while a required-to-solve field is empty; the requester may mark theirs solved', async () => {
      const id = await seedTicket();
      await assertFails(move(dbOf('alice'), 'alice', id, 'open', 'solved'));
      await assertSucceeds(setFields('alice', id, { severity: 'major' }));
      await assertFails(move(dbOf('alice'), 'alice', id, 'open', 'solved'));
      await assertFails(replyAndMove(dbOf('alice'), 'alice', id, 'open', 'solved'));
      await assertSucceeds(setAgentFields('alice', id, { plan: 'free' }));
      await assertSucceeds(move(dbOf('alice'), 'alice', id, 'open', 'solved'));

      // The plan set in the same write as the solve counts.
      const other = await seedTicket({ fields: { severity: 'minor' } });
      const db = dbOf('alice');
      const batch = writeBatch(db);
      batch.set(doc(db, 'tickets', other, 'agentFields', 'values'), {
        values: { plan: 'team' },
        changed: byType(['plan']),
        ...stamped('alice'),
      });
      batch.update(doc(db, 'tickets', other), movePatch('alice', 'open', 'solved'));
      await assertSucceeds(batch.commit());

      const carols = await seedTicket();
      await assertSucceeds(move(dbOf('carol'), 'carol', carols, 'open', 'solved'));
    });

    it('takes a macro’s values in a write of their own naming it, then its reply, note, tags and solve (DESIGN §3 "Macros")', async () => {
      await seedDocs(env, {
        'macros/macro-solve': {
          title: 'Solve it',
          body: 'Done.',
          actions: {},
          ownerId: null,
          updatedAt: PAST,
          updatedBy: 'ada',
        },
      });
      const id = await seedTicket({ status: 'new', assigneeId: null, assigneeName: null });
      const db = dbOf('alice');
      const applied = { appliedMacro: { id: 'macro-solve', title: 'Solve it', at: serverTimestamp() } };
      // The values: on the ticket and in the agents-only record, both naming the macro.
      const values = writeBatch(db);
      values.set(doc(db, 'tickets', id, 'agentFields', 'values'), {
        values: { plan: 'team' },
        changed: byType(['plan']),
        macro: 'Solve it',
        ...stamped('alice'),
      });
      values.update(doc(db, 'tickets', id), { ...withValues({ severity: 'major' }), ...stamped('alice'), ...applied });
      await assertSucceeds(values.commit());
      // A customer's values write naming a macro, or a forged name on the record, is refused.
      await assertFails(
        updateDoc(doc(dbOf('carol'), 'tickets', id), {
          ...withValues({ order_number: 'X' }),
          ...stamped('carol'),
          ...applied,
        }),
      );
      const forged = writeBatch(db);
      forged.set(doc(db, 'tickets', id, 'agentFields', 'values'), {
        values: { plan: 'free' },
        changed: byType(['plan']),
        macro: 'Approved by legal',
        ...stamped('alice'),
      });
      forged.update(doc(db, 'tickets', id), stamped('alice'));
      await assertFails(forged.commit());

      // The rest: the reply, the note, tags, priority and the solve the values allow.
      const author = { authorId: 'alice', authorName: 'Alice Agent', authorRole: 'agent', attachments: [] };
      const rest = writeBatch(db);
      const replyId = freshId('m');
      rest.set(doc(db, 'tickets', id, 'messages', replyId), {
        ...author,
        body: 'Done.',
        internal: false,
        createdAt: serverTimestamp(),
      });
      rest.set(doc(db, 'tickets', id, 'messages', freshId('m')), {
        ...author,
        body: 'Checked.',
        internal: true,
        createdAt: serverTimestamp(),
      });
      rest.update(doc(db, 'tickets', id), {
        ...movePatch('alice', 'new', 'solved'),
        priority: 'high',
        tags: ['refund'],
        assigneeId: 'alice',
        assigneeName: 'Alice Agent',
        lastMessageAt: serverTimestamp(),
        lastMessageBy: 'agent',
        lastMessageId: replyId,
        firstResponseAt: serverTimestamp(),
        ...applied,
      });
      await assertSucceeds(rest.commit());
    });

    it('lets a request carry the fields customers fill, and refuses others or a required one left out', async () => {
      await assertSucceeds(
        submit(dbOf('carol'), 'carol', { ticket: withValues({ order_number: 'ORD-6', product: 'web' }) }),
      );
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: withValues({ severity: 'major' }) }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: withValues({ plan: 'team' }) }));
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: withValues({ product: ['web'] }) }));
      await seedDefinitions(
        DEFINITIONS.map((field) => (field.key === 'order_number' ? { ...field, requiredOnSubmit: true } : field)),
      );
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: withValues({ product: 'web' }) }));
      await assertFails(submit(dbOf('carol'), 'carol'));
      await assertSucceeds(submit(dbOf('carol'), 'carol', { ticket: withValues({ order_number: 'ORD-7' }) }));
    });

    it(`updates a ticket carrying all ${MAX_CUSTOM_FIELDS} fields at their largest, ${MAX_FIELD_CHANGES} changes at once, no more`, async () => {
      const many = Array.from({ length: MAX_CUSTOM_FIELDS }, (_, i) => ({
        ...base,
        key: `f${i}`,
        type: 'multiline',
        label: { en: `Field ${i}` },
        visibleTo: 'customers',
        filledBy: 'agents',
      })) as CustomFieldDefinition[];
      await seedDefinitions(many);
      const full = Object.fromEntries(many.map((field) => [field.key, 'x'.repeat(MAX_MULTILINE_VALUE)]));
      const id = await seedTicket({ fields: full });
      // A status change beside 50 stored values, then one value changed among them.
      await assertSucceeds(move(dbOf('alice'), 'alice', id, 'open', 'pending'));
      await assertSucceeds(setFields('alice', id, { ...full, f49: 'y'.repeat(MAX_MULTILINE_VALUE) }, ['f49']));
      await assertSucceeds(setFields('alice', id, full, ['f49']));
      const tenChanged = Object.fromEntries(
        many.slice(0, MAX_FIELD_CHANGES).map((field) => [field.key, 'z'.repeat(MAX_MULTILINE_VALUE)]),
      );
      const tenKeys = Object.keys(tenChanged);
      await assertSucceeds(setFields('alice', id, { ...full, ...tenChanged }, tenKeys));
      const elevenChanged = {
        ...full,
        ...Object.fromEntries(many.slice(0, MAX_FIELD_CHANGES + 1).map((field) => [field.key, 'w'])),
      };
      await assertFails(
        setFields('alice', id, elevenChanged, Object.keys(elevenChanged).slice(0, MAX_FIELD_CHANGES + 1)),
      );
      // Naming ten of eleven changed keys is refused too: the list must be exactly the changes.
      await assertFails(setFields('alice', id, elevenChanged, Object.keys(elevenChanged).slice(0, MAX_FIELD_CHANGES)));
      await assertFails(setFields('alice', id, { ...full, f50: 'x' }, ['f50']));
      await assertFails(setFields('alice', id, { ...full, f0: 'x'.repeat(MAX_MULTILINE_VALUE + 1) }, ['f0']));
    });

    it(`checks multi-select values (the costliest): ${MAX_REQUEST_FIELDS} on a request, ${MAX_FIELD_CHANGES} in a change`, async () => {
      const options = Array.from({ length: MAX_FIELD_OPTIONS }, (_, j) => option(`o${j}`));
      const multiselect = (key: string, visibleTo: 'customers' | 'agents') => ({
        ...base,
        key,
        type: 'multiselect',
        label: { en: key },
        visibleTo,
        filledBy: visibleTo,
        options,
      });
      const shared = Array.from({ length: MAX_FIELD_CHANGES + 1 }, (_, i) => multiselect(`m${i}`, 'customers'));
      const internal = Array.from({ length: MAX_FIELD_CHANGES + 1 }, (_, i) => multiselect(`a${i}`, 'agents'));
      await seedDefinitions([...shared, ...internal] as CustomFieldDefinition[]);
      const everything = options.map((choice) => choice.id);
      const valuesOf = (fields: { key: string }[]) =>
        Object.fromEntries(fields.map((field) => [field.key, everything]));

      await assertSucceeds(
        submit(dbOf('carol'), 'carol', { ticket: withValues(valuesOf(shared.slice(0, MAX_REQUEST_FIELDS))) }),
      );
      await assertFails(
        submit(dbOf('carol'), 'carol', { ticket: withValues(valuesOf(shared.slice(0, MAX_REQUEST_FIELDS + 1))) }),
      );
      await assertFails(
        submit(dbOf('carol'), 'carol', {
          ticket: withValues({ m0: [...everything, 'o0'].slice(1), m1: ['o1', 'o999'] }),
        }),
      );
      // Values without their keys named, or named under another type, are refused.
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { fields: { m0: ['o1'] } } }));
      await assertFails(
        submit(dbOf('carol'), 'carol', {
          ticket: { fields: { m0: ['o1'] }, fieldsChanged: { ...byType([]), text: ['m0'] } },
        }),
      );

      const id = await seedTicket();
      await assertSucceeds(setFields('alice', id, valuesOf(shared.slice(0, MAX_FIELD_CHANGES))));
      const other = await seedTicket();
      await assertFails(setFields('alice', other, valuesOf(shared)));
      await assertSucceeds(setAgentFields('alice', id, valuesOf(internal.slice(0, MAX_FIELD_CHANGES))));
      await assertFails(setAgentFields('alice', other, valuesOf(internal)));
    });
  });

  describe('the audit trail is written only by trusted code (functions/)', () => {
    const actors = ['carol', 'alice', 'ada'] as const;
    /**
     * A change `uid` may really make to Carol's open, unassigned ticket of normal priority (the
     * requester solves it, staff raise its priority), and the event that states it exactly.
     */
    const changeBy = (uid: PersonId): { patch: DocumentData; event: DocumentData } =>
      PEOPLE[uid].role === 'customer'
        ? { patch: movePatch(uid, 'open', 'solved'), event: auditEvent(uid, 'status', 'open', 'solved') }
        : { patch: { priority: 'high', ...stamped(uid) }, event: auditEvent(uid, 'priority', 'normal', 'high') };
    const seedUnassigned = () => seedTicket({ assigneeId: null, assigneeName: null, priority: 'normal' });
    /** The ids of a ticket's audit events, read past the rules. */
    async function eventIds(ticketId: string): Promise<string[]> {
      let ids: string[] = [];
      await env.withSecurityRulesDisabled(async (context) => {
        const snapshot = await getDocs(collection(firestoreOf(context), 'tickets', ticketId, 'events'));
        ids = snapshot.docs.map((row) => row.id);
      });
      return ids;
    }

    it.each(actors)('refuses %s creating an audit event alone', async (uid) => {
      const id = await seedUnassigned();
      const db = dbOf(uid);
      await assertFails(setDoc(doc(db, 'tickets', id, 'events', freshId('e')), changeBy(uid).event));
      await assertFails(setDoc(doc(db, 'tickets', id, 'events', 'submitted'), auditEvent(uid, 'status', null, 'new')));
      expect(await eventIds(id)).toEqual([]);
    });
    it.each(actors)('refuses %s adding an event that states their change exactly to that change', async (uid) => {
      const id = await seedUnassigned();
      const db = dbOf(uid);
      const batch = writeBatch(db);
      batch.update(doc(db, 'tickets', id), changeBy(uid).patch);
      batch.set(doc(db, 'tickets', id, 'events', freshId('e')), changeBy(uid).event);
      await assertFails(batch.commit());
      expect(await eventIds(id)).toEqual([]);
      // The change alone is theirs to make: the event was what the rules refused.
      await assertSucceeds(updateDoc(doc(db, 'tickets', id), changeBy(uid).patch));
    });
    it.each(actors)('refuses %s adding an event to a reply', async (uid) => {
      const id = await seedUnassigned();
      const db = dbOf(uid);
      const messageId = freshId('m');
      const batch = writeBatch(db);
      batch.set(doc(db, 'tickets', id, 'messages', messageId), {
        authorId: uid,
        authorName: PEOPLE[uid].displayName,
        authorRole: PEOPLE[uid].role,
        body: 'Any news?',
        internal: false,
        attachments: [],
        createdAt: serverTimestamp(),
      });
      batch.update(doc(db, 'tickets', id), {
        ...stamped(uid),
        lastMessageAt: serverTimestamp(),
        lastMessageBy: PEOPLE[uid].role === 'customer' ? 'customer' : 'agent',
        lastMessageId: messageId,
      });
      batch.set(doc(db, 'tickets', id, 'events', freshId('e')), changeBy(uid).event);
      await assertFails(batch.commit());
      await assertSucceeds(reply(db, uid, id));
    });
    it.each(actors)('refuses %s writing events/submitted with their new request', async (uid) => {
      await assertFails(submit(dbOf(uid), uid, { withEvent: true }));
      await assertSucceeds(submit(dbOf(uid), uid));
    });
    it('refuses rewriting, deleting or overwriting a recorded event, even by an admin', async () => {
      const id = await seedUnassigned();
      await seedDocs(env, {
        [`tickets/${id}/events/submitted`]: { type: 'status', from: null, to: 'new', actorId: 'carol', at: PAST },
        [`tickets/${id}/events/e1`]: { type: 'priority', from: 'normal', to: 'high', actorId: 'alice', at: PAST },
      });
      for (const uid of ['alice', 'ada'] as const) {
        const events = (eventId: string) => doc(dbOf(uid), 'tickets', id, 'events', eventId);
        await assertFails(updateDoc(events('e1'), { actorId: 'bob' }));
        await assertFails(setDoc(events('e1'), auditEvent(uid, 'priority', 'normal', 'low')));
        await assertFails(setDoc(events('submitted'), auditEvent(uid, 'status', null, 'new')));
        await assertFails(deleteDoc(events('e1')));
      }
      await assertFails(deleteDoc(doc(dbOf('carol'), 'tickets', id, 'events', 'submitted')));
      expect((await eventIds(id)).sort()).toEqual(['e1', 'submitted']);
    });
    it('lets agents and admins read and list the trail, and refuses customers and visitors', async () => {
      const id = await seedTicket();
      await seedDocs(env, {
        [`tickets/${id}/events/submitted`]: { type: 'status', from: null, to: 'new', actorId: 'carol', at: PAST },
      });
      for (const uid of ['alice', 'ada'] as const) {
        await assertSucceeds(getDoc(doc(dbOf(uid), 'tickets', id, 'events', 'submitted')));
        const trail = await assertSucceeds(getDocs(collection(dbOf(uid), 'tickets', id, 'events')));
        expect(trail.docs.map((row) => row.id)).toEqual(['submitted']);
      }
      for (const db of [dbOf('carol'), dbOf('outsider'), signedOut()]) {
        await assertFails(getDoc(doc(db, 'tickets', id, 'events', 'submitted')));
        await assertFails(getDocs(collection(db, 'tickets', id, 'events')));
      }
    });
    it('refuses a signed-out visitor writing an event', async () => {
      const id = await seedTicket();
      await assertFails(
        setDoc(
          doc(signedOut(), 'tickets', id, 'events', freshId('e')),
          auditEvent('carol', 'status', 'open', 'solved'),
        ),
      );
    });
  });

  describe('search keys are written only by trusted code (functions/)', () => {
    /** The keys trusted code computes for Carol's seeded ticket with these tags. */
    const keysFor = (tags: string[]) =>
      searchKeysFor({
        number: 7,
        subject: 'Printer on fire',
        requesterName: PEOPLE.carol.displayName,
        requesterEmail: 'carol@example.com',
        tags,
      });
    /** Seeds Carol's ticket tagged `printer` with the keys trusted code wrote for it; returns its id. */
    const seedIndexed = () => seedTicket({ tags: ['printer'], searchKeys: keysFor(['printer']) });
    /** A ticket's stored search keys, read past the rules. */
    async function storedKeys(ticketId: string): Promise<unknown> {
      let keys: unknown;
      await env.withSecurityRulesDisabled(async (context) => {
        keys = (await getDoc(doc(firestoreOf(context), 'tickets', ticketId))).get('searchKeys');
      });
      return keys;
    }

    it.each([
      ['a valid-looking list', ['vpn', 'drops', 'carol@example.com']],
      ['a tag key (#vip)', ['#vip']],
      ['an empty list', []],
      ['a string', 'vpn'],
      ['a 2 000-character key', ['x'.repeat(2000)]],
    ])('refuses a request carrying search keys: %s', async (_what, searchKeys) => {
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { searchKeys } }));
    });
    it.each(['alice', 'ada'] as const)('refuses %s filing a request with search keys', async (uid) => {
      await assertFails(submit(dbOf(uid), uid, { ticket: { searchKeys: ['vpn'] } }));
      await assertSucceeds(submit(dbOf(uid), uid));
    });
    it('refuses the requester setting or removing their ticket’s keys, alone or with a move of theirs', async () => {
      const id = await seedIndexed();
      const ticket = doc(dbOf('carol'), 'tickets', id);
      await assertFails(updateDoc(ticket, { searchKeys: [...keysFor(['printer']), '#vip'], ...stamped('carol') }));
      await assertFails(updateDoc(ticket, { ...movePatch('carol', 'open', 'solved'), searchKeys: ['urgent'] }));
      await assertFails(updateDoc(ticket, { ...movePatch('carol', 'open', 'solved'), searchKeys: deleteField() }));
      expect(await storedKeys(id)).toEqual(keysFor(['printer']));
      await assertSucceeds(updateDoc(ticket, movePatch('carol', 'open', 'solved')));
    });
    it.each(['alice', 'ada'] as const)(
      'refuses %s setting, changing or removing search keys, even the right ones for a tag change',
      async (uid) => {
        const id = await seedIndexed();
        const ticket = doc(dbOf(uid), 'tickets', id);
        const retag = () => ({ tags: ['printer', 'vip'], ...stamped(uid) });
        await assertFails(updateDoc(ticket, { searchKeys: ['#vip'], ...stamped(uid) }));
        await assertFails(updateDoc(ticket, { ...retag(), searchKeys: keysFor(['printer', 'vip']) }));
        await assertFails(updateDoc(ticket, { ...retag(), searchKeys: [...keysFor(['printer']), '#vip', '#urgent'] }));
        await assertFails(updateDoc(ticket, { ...retag(), searchKeys: 'vip' }));
        await assertFails(updateDoc(ticket, { searchKeys: deleteField(), ...stamped(uid) }));
        // The tag change alone is theirs to make; the keys stay as trusted code wrote them.
        await assertSucceeds(updateDoc(ticket, retag()));
        expect(await storedKeys(id)).toEqual(keysFor(['printer']));
      },
    );
    it('refuses an agent giving search keys to a ticket that has none', async () => {
      const id = await seedTicket({ tags: ['printer'] });
      const ticket = doc(dbOf('alice'), 'tickets', id);
      await assertFails(
        updateDoc(ticket, { tags: ['printer', 'vip'], searchKeys: keysFor(['printer', 'vip']), ...stamped('alice') }),
      );
      await assertSucceeds(updateDoc(ticket, { tags: ['printer', 'vip'], ...stamped('alice') }));
      expect(await storedKeys(id)).toBeUndefined();
    });
    it('refuses tags that are not strings, even when they read like tags (42, null)', async () => {
      const ticket = doc(dbOf('alice'), 'tickets', await seedTicket());
      await assertFails(updateDoc(ticket, { tags: [42], ...stamped('alice') }));
      await assertFails(updateDoc(ticket, { tags: ['vpn', null], ...stamped('alice') }));
      await assertSucceeds(updateDoc(ticket, { tags: ['vpn', '42'], ...stamped('alice') }));
    });
  });

  describe('ticketSearch/{id}: the staff’s search copies, with internal notes’ words (DESIGN §3 "Search")', () => {
    /** Seeds Carol's ticket and its staff copy, whose keys hold a note's word; returns its id. */
    async function seedCopy(): Promise<string> {
      const id = await seedTicket({ searchKeys: ['printer'] });
      await seedDocs(env, {
        [`ticketSearch/${id}`]: {
          ...storedTicket({ updatedBy: 'carol' }),
          searchKeys: ['printer', 'refundcode'],
          publicWords: [],
          noteWords: ['refundcode'],
        },
      });
      return id;
    }
    const copies = (db: Firestore) => collection(db, 'ticketSearch');

    it.each(['alice', 'ada'] as const)('lets %s read a copy and search the copies', async (uid) => {
      const id = await seedCopy();
      await assertSucceeds(getDoc(doc(dbOf(uid), 'ticketSearch', id)));
      await assertSucceeds(getDocs(query(copies(dbOf(uid)), where('searchKeys', 'array-contains', 'refundcode'))));
    });
    it('refuses the requester their own ticket’s copy, by get, by list, by search or scoped to them', async () => {
      const id = await seedCopy();
      const carol = dbOf('carol');
      await assertFails(getDoc(doc(carol, 'ticketSearch', id)));
      await assertFails(getDocs(copies(carol)));
      await assertFails(getDocs(query(copies(carol), where('searchKeys', 'array-contains', 'refundcode'))));
      await assertFails(getDocs(query(copies(carol), where('requesterId', '==', 'carol'))));
      // What they may read of their ticket holds no word of a note.
      const ticket = await assertSucceeds(getDoc(doc(carol, 'tickets', id)));
      expect(ticket.get('searchKeys')).toEqual(['printer']);
    });
    it('refuses signed-out visitors', async () => {
      const id = await seedCopy();
      await assertFails(getDoc(doc(signedOut(), 'ticketSearch', id)));
    });
    it.each(['carol', 'alice', 'ada'] as const)('refuses %s creating, changing or deleting a copy', async (uid) => {
      const id = await seedCopy();
      const db = dbOf(uid);
      await assertFails(setDoc(doc(db, 'ticketSearch', freshId('t')), { searchKeys: ['x'] }));
      await assertFails(updateDoc(doc(db, 'ticketSearch', id), { searchKeys: ['printer'] }));
      await assertFails(setDoc(doc(db, 'ticketSearch', id), { noteWords: [] }, { merge: true }));
      await assertFails(deleteDoc(doc(db, 'ticketSearch', id)));
    });
  });

  describe('every ticket write names its author (updatedBy)', () => {
    it.each([
      ['without updatedBy', undefined],
      ['in an agent’s name', 'alice'],
      ['in another customer’s name', 'outsider'],
      ['with a null author', null],
    ])('refuses a customer’s request %s', async (_what, updatedBy) => {
      await assertFails(submit(dbOf('carol'), 'carol', { ticket: { updatedBy } }));
    });
    it('refuses an agent filing a request in another agent’s name', async () => {
      await assertFails(submit(dbOf('alice'), 'alice', { ticket: { updatedBy: 'bob' } }));
      await assertSucceeds(submit(dbOf('alice'), 'alice'));
    });
    it('refuses a change that leaves someone else’s updatedBy in place', async () => {
      const id = await seedTicket({ updatedBy: 'bob', assigneeId: null, assigneeName: null });
      const { updatedBy: _author, ...unsignedSolve } = movePatch('carol', 'open', 'solved');
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'tickets', id), { priority: 'high', updatedAt: serverTimestamp() }),
      );
      await assertFails(updateDoc(doc(dbOf('carol'), 'tickets', id), unsignedSolve));
      await assertFails(reply(dbOf('ada'), 'ada', id, { internal: true, ticket: { updatedBy: 'bob' } }));
      await assertFails(reply(dbOf('carol'), 'carol', id, { ticket: { updatedBy: 'bob' } }));
      await assertSucceeds(updateDoc(doc(dbOf('alice'), 'tickets', id), { priority: 'high', ...stamped('alice') }));
    });
    it('refuses a change that removes updatedBy', async () => {
      const id = await seedTicket();
      const ticket = doc(dbOf('alice'), 'tickets', id);
      await assertFails(
        updateDoc(ticket, { priority: 'high', updatedAt: serverTimestamp(), updatedBy: deleteField() }),
      );
      await assertSucceeds(updateDoc(ticket, { priority: 'high', ...stamped('alice') }));
    });
    it('refuses an agent or admin signing their change as another agent', async () => {
      const id = await seedTicket();
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'tickets', id), { priority: 'high', ...stamped('alice'), updatedBy: 'bob' }),
      );
      await assertFails(updateDoc(doc(dbOf('alice'), 'tickets', id), { ...stamped('alice'), updatedBy: 'bob' }));
      await assertFails(
        updateDoc(doc(dbOf('ada'), 'tickets', id), { tags: [], ...stamped('ada'), updatedBy: 'alice' }),
      );
      await assertFails(reply(dbOf('alice'), 'alice', id, { ticket: { updatedBy: 'bob' } }));
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'tickets', id), { ...movePatch('alice', 'open', 'pending'), updatedBy: 'bob' }),
      );
      await assertSucceeds(move(dbOf('alice'), 'alice', id, 'open', 'pending'));
    });
    it('refuses a customer signing their change as an agent', async () => {
      const id = await seedTicket({ assigneeId: null, assigneeName: null });
      const ticket = doc(dbOf('carol'), 'tickets', id);
      await assertFails(updateDoc(ticket, { ...movePatch('carol', 'open', 'solved'), updatedBy: 'alice' }));
      await assertFails(reply(dbOf('carol'), 'carol', id, { ticket: { updatedBy: 'alice' } }));
      await assertSucceeds(updateDoc(ticket, movePatch('carol', 'open', 'solved')));
    });
    it('accepts a change by the last author that leaves their own updatedBy as it is', async () => {
      const id = await seedTicket({ updatedBy: 'alice' });
      await assertSucceeds(
        updateDoc(doc(dbOf('alice'), 'tickets', id), { priority: 'high', updatedAt: serverTimestamp() }),
      );
    });
  });

  describe('outgoing mail is written only by trusted code (DESIGN §9)', () => {
    const mail = {
      to: ['carol@example.com'],
      headers: {},
      message: {
        subject: 'Your password',
        text: 'Click here',
        html: '<a href="https://evil.example">here</a>',
        messageId: '<x@y>',
      },
      kind: 'public-reply',
      createdAt: '2026-11-24T10:00:00.000Z',
    };
    it('refuses every client write, an admin’s included: a phishing email from the desk’s own address', async () => {
      for (const uid of ['carol', 'alice', 'ada']) {
        await assertFails(setDoc(doc(dbOf(uid), 'mail', `forged-${uid}`), mail));
      }
    });
    it('lets admins read the outgoing mail, and nobody else', async () => {
      await env.withSecurityRulesDisabled((context) => setDoc(doc(context.firestore(), 'mail', 'sent-1'), mail));
      await assertSucceeds(getDoc(doc(dbOf('ada'), 'mail', 'sent-1')));
      await assertSucceeds(getDocs(query(collection(dbOf('ada'), 'mail'), orderBy('createdAt', 'desc'), limit(10))));
      await assertFails(getDoc(doc(dbOf('carol'), 'mail', 'sent-1')));
      await assertFails(getDoc(doc(dbOf('alice'), 'mail', 'sent-1')));
      await assertFails(
        getDocs(query(collection(dbOf('alice'), 'mail'), where('to', 'array-contains', 'carol@example.com'))),
      );
    });
    it('refuses every client reading or writing the inbound webhook’s seen tokens (trusted code only)', async () => {
      // Pre-seeding a token would make Mailgun's genuine post look replayed; reading one tells
      // which emails arrived.
      await env.withSecurityRulesDisabled((context) =>
        setDoc(doc(context.firestore(), 'inboundTokens', 'seen-1'), { emailKey: '<a@b>', expireAt: new Date() }),
      );
      for (const uid of ['carol', 'alice', 'ada']) {
        await assertFails(setDoc(doc(dbOf(uid), 'inboundTokens', `planted-${uid}`), { emailKey: '<x@y>' }));
        await assertFails(getDoc(doc(dbOf(uid), 'inboundTokens', 'seen-1')));
        await assertFails(deleteDoc(doc(dbOf(uid), 'inboundTokens', 'seen-1')));
      }
    });
    it('refuses an admin changing or deleting a stored email (its delivery state is the sender’s)', async () => {
      await env.withSecurityRulesDisabled((context) => setDoc(doc(context.firestore(), 'mail', 'sent-2'), mail));
      await assertFails(updateDoc(doc(dbOf('ada'), 'mail', 'sent-2'), { 'delivery.state': 'SUCCESS' }));
      await assertFails(deleteDoc(doc(dbOf('ada'), 'mail', 'sent-2')));
    });
  });

  describe('invitations, as an attacker reads and writes them (DESIGN §1 "Invitations")', () => {
    /** An invitation as trusted code stores it (functions/ `invitePeople`), with its secret's hash. */
    const invitation = (email: string, role = 'agent'): DocumentData => ({
      email,
      role,
      state: 'pending',
      invitedBy: 'ada',
      invitedByName: 'Ada Admin',
      createdAt: PAST,
      sentAt: PAST,
      expiresAt: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')),
      sends: 1,
      tokenHash: 'a'.repeat(64),
    });
    /** Seeds one pending invitation past the rules and returns its id. */
    async function seedInvitation(overrides: DocumentData = {}): Promise<string> {
      const id = freshId('inv');
      await seedDocs(env, { [`invitations/${id}`]: { ...invitation(`${id}@example.com`), ...overrides } });
      return id;
    }
    const newest = (db: Firestore, count?: number) =>
      getDocs(
        count === undefined
          ? query(collection(db, 'invitations'), orderBy('createdAt', 'desc'))
          : query(collection(db, 'invitations'), orderBy('createdAt', 'desc'), limit(count)),
      );

    it('refuses a customer, an agent and a signed-out visitor reading one, its secret’s hash with it', async () => {
      const id = await seedInvitation();
      for (const db of [dbOf('carol'), dbOf('alice'), signedOut()]) {
        await assertFails(getDoc(doc(db, 'invitations', id)));
      }
    });

    it('refuses a customer, an agent and a signed-out visitor listing them, bounded or by address', async () => {
      await seedInvitation({ email: 'target@example.com' });
      for (const db of [dbOf('carol'), dbOf('alice'), signedOut()]) {
        await assertFails(newest(db, 10));
        await assertFails(getDocs(query(collection(db, 'invitations'), where('email', '==', 'target@example.com'))));
      }
    });

    it('refuses every client creating one, an admin’s included: a self-made link to an admin account', async () => {
      for (const uid of ['carol', 'alice', 'ada']) {
        await assertFails(
          setDoc(doc(dbOf(uid), 'invitations', `forged-${uid}`), invitation(`${uid}-x@example.com`, 'admin')),
        );
      }
      await assertFails(
        setDoc(doc(signedOut(), 'invitations', 'forged-anon'), invitation('anon@example.com', 'admin')),
      );
    });

    it('refuses every client changing or deleting one: a known secret planted, a role raised, a revoke undone', async () => {
      const id = await seedInvitation({ state: 'revoked', revokedAt: PAST });
      for (const uid of ['carol', 'alice', 'ada']) {
        const db = dbOf(uid);
        await assertFails(updateDoc(doc(db, 'invitations', id), { tokenHash: 'b'.repeat(64) }));
        await assertFails(updateDoc(doc(db, 'invitations', id), { role: 'admin' }));
        await assertFails(updateDoc(doc(db, 'invitations', id), { state: 'pending', revokedAt: deleteField() }));
        await assertFails(deleteDoc(doc(db, 'invitations', id)));
      }
      await assertFails(updateDoc(doc(signedOut(), 'invitations', id), { state: 'pending' }));
    });

    it('lets an admin read one and list them with a limit of at most 200, newest first', async () => {
      const id = await seedInvitation();
      const ada = dbOf('ada');
      await assertSucceeds(getDoc(doc(ada, 'invitations', id)));
      await assertSucceeds(newest(ada, 10));
      await assertSucceeds(newest(ada, 200));
    });

    it('refuses an admin an unbounded list, or one above 200', async () => {
      await seedInvitation();
      const ada = dbOf('ada');
      await assertFails(newest(ada));
      await assertFails(newest(ada, 201));
    });

    it('refuses a deactivated admin, the ID token still valid', async () => {
      const id = await seedInvitation();
      const ada = dbOf('ada');
      await assertSucceeds(getDoc(doc(ada, 'invitations', id)));
      const profile = { ...PEOPLE.ada, email: 'ada@example.com', createdAt: PAST, updatedAt: PAST };
      await seedDocs(env, {
        'users/ada': { ...profile, deactivated: true, deactivatedAt: PAST, deactivatedBy: 'ada' },
      });
      try {
        await assertFails(getDoc(doc(ada, 'invitations', id)));
        await assertFails(newest(ada, 10));
      } finally {
        await seedDocs(env, { 'users/ada': profile });
      }
    });
  });

  describe('organisations, as an attacker reads and writes them (DESIGN §1 "Organisations")', () => {
    /** An organisation as trusted code stores it (functions/ `saveOrganisation`). */
    const organisation = (name: string, domains: string[] = ['acme.example']): DocumentData => ({
      name,
      domains,
      notes: 'Pays late; call Dana first.',
      createdAt: PAST,
      updatedAt: PAST,
    });
    /** Seeds one organisation past the rules and returns its id. */
    async function seedOrganisation(overrides: DocumentData = {}): Promise<string> {
      const id = freshId('org');
      await seedDocs(env, { [`organisations/${id}`]: { ...organisation(`Acme ${id}`), ...overrides } });
      return id;
    }
    const byName = (db: Firestore, count?: number) =>
      getDocs(
        count === undefined
          ? query(collection(db, 'organisations'), orderBy('name'))
          : query(collection(db, 'organisations'), orderBy('name'), limit(count)),
      );
    /** A person's stored `organisationId`, read past the rules. */
    async function storedMembership(uid: string): Promise<unknown> {
      let value: unknown;
      await env.withSecurityRulesDisabled(async (context) => {
        value = (await getDoc(doc(firestoreOf(context), 'users', uid))).get('organisationId');
      });
      return value;
    }

    it('lets an agent and an admin read one, notes included, and list them with a limit of at most 500', async () => {
      const id = await seedOrganisation();
      for (const uid of ['alice', 'ada']) {
        const db = dbOf(uid);
        const read = await assertSucceeds(getDoc(doc(db, 'organisations', id)));
        expect(read.get('notes')).toBe('Pays late; call Dana first.');
        await assertSucceeds(byName(db, 10));
        await assertSucceeds(byName(db, 500));
      }
    });

    it('refuses a customer and a signed-out visitor reading one or listing them, bounded or not', async () => {
      const id = await seedOrganisation();
      for (const db of [dbOf('carol'), signedOut()]) {
        await assertFails(getDoc(doc(db, 'organisations', id)));
        await assertFails(byName(db, 10));
        await assertFails(byName(db));
        await assertFails(
          getDocs(query(collection(db, 'organisations'), where('domains', 'array-contains', 'acme.example'), limit(1))),
        );
      }
    });

    it('refuses staff an unbounded list, or one above 500', async () => {
      await seedOrganisation();
      for (const uid of ['alice', 'ada']) {
        await assertFails(byName(dbOf(uid)));
        await assertFails(byName(dbOf(uid), 501));
      }
    });

    it('refuses every client creating one, an admin’s included: a domain claimed past the transaction', async () => {
      for (const uid of ['carol', 'alice', 'ada']) {
        await assertFails(setDoc(doc(dbOf(uid), 'organisations', `forged-${uid}`), organisation(`Forged ${uid}`)));
      }
      await assertFails(setDoc(doc(signedOut(), 'organisations', 'forged-anon'), organisation('Forged anon')));
    });

    it('refuses every client changing or deleting one, an admin’s included', async () => {
      const id = await seedOrganisation();
      for (const uid of ['carol', 'alice', 'ada']) {
        const db = dbOf(uid);
        await assertFails(updateDoc(doc(db, 'organisations', id), { domains: ['acme.example', 'rival.example'] }));
        await assertFails(updateDoc(doc(db, 'organisations', id), { notes: 'Rewritten' }));
        await assertFails(setDoc(doc(db, 'organisations', id), organisation('Replaced')));
        await assertFails(deleteDoc(doc(db, 'organisations', id)));
      }
      await assertFails(deleteDoc(doc(signedOut(), 'organisations', id)));
    });

    it('refuses a deactivated agent, the ID token still valid', async () => {
      const id = await seedOrganisation();
      const alice = dbOf('alice');
      await assertSucceeds(getDoc(doc(alice, 'organisations', id)));
      const profile = { ...PEOPLE.alice, email: 'alice@example.com', createdAt: PAST, updatedAt: PAST };
      await seedDocs(env, {
        'users/alice': { ...profile, deactivated: true, deactivatedAt: PAST, deactivatedBy: 'ada' },
      });
      try {
        await assertFails(getDoc(doc(alice, 'organisations', id)));
        await assertFails(byName(alice, 10));
      } finally {
        await seedDocs(env, { 'users/alice': profile });
      }
    });

    it('refuses a customer joining an organisation on sign-up or on an update of their own profile', async () => {
      const id = await seedOrganisation();
      const uid = freshId('joiner');
      const db = dbOf(uid);
      const signUp = {
        displayName: 'Jo Joiner',
        email: `${uid}@example.com`,
        role: 'customer',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      };
      await assertFails(setDoc(doc(db, 'users', uid), { ...signUp, organisationId: id }));
      await assertSucceeds(setDoc(doc(db, 'users', uid), signUp));
      await assertFails(updateDoc(doc(db, 'users', uid), { organisationId: id, updatedAt: serverTimestamp() }));
      await assertFails(
        updateDoc(doc(db, 'users', uid), { displayName: 'Jo J', organisationId: id, updatedAt: serverTimestamp() }),
      );
      expect(await storedMembership(uid)).toBeUndefined();
      // Reading one's own profile, membership included, stays theirs.
      await seedDocs(env, { [`users/${uid}`]: { ...signUp, createdAt: PAST, updatedAt: PAST, organisationId: id } });
      expect((await assertSucceeds(getDoc(doc(db, 'users', uid)))).get('organisationId')).toBe(id);
      // Nor leave it, or move to another.
      await assertFails(
        updateDoc(doc(db, 'users', uid), { organisationId: deleteField(), updatedAt: serverTimestamp() }),
      );
      await assertFails(updateDoc(doc(db, 'users', uid), { organisationId: 'other', updatedAt: serverTimestamp() }));
      expect(await storedMembership(uid)).toBe(id);
    });

    it('refuses an admin setting someone’s organisation directly, alone or beside a role change', async () => {
      const id = await seedOrganisation();
      const ada = dbOf('ada');
      await assertFails(updateDoc(doc(ada, 'users', 'carol'), { organisationId: id, updatedAt: serverTimestamp() }));
      await assertFails(
        updateDoc(doc(ada, 'users', 'outsider'), {
          role: 'customer',
          organisationId: id,
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(
        updateDoc(doc(dbOf('alice'), 'users', 'carol'), { organisationId: id, updatedAt: serverTimestamp() }),
      );
      await assertFails(updateDoc(doc(ada, 'users', 'ada'), { organisationId: id, updatedAt: serverTimestamp() }));
      expect(await storedMembership('carol')).toBeUndefined();
      expect(await storedMembership('outsider')).toBeUndefined();
      // The role change alone stays the admin's to make.
      await assertSucceeds(
        updateDoc(doc(ada, 'users', 'outsider'), { role: 'customer', updatedAt: serverTimestamp() }),
      );
    });
  });

  describe('a sharing organisation\'s tickets, as an attacker reads them (DESIGN §1 "Organisations")', () => {
    /**
     * An organisation's view (as trusted code writes it), its members `dana` (the requester) and a
     * colleague, a customer of another organisation that shares too, and Dana's ticket filed under it
     * with a public reply and an internal note.
     */
    async function seedShared(shareTickets: boolean) {
      const org = freshId('org');
      const other = freshId('org');
      const [dana, colleague, stranger] = [freshId('dana'), freshId('col'), freshId('str')];
      const profile = (uid: string, organisationId: string) => ({
        role: 'customer',
        displayName: uid,
        email: `${uid}@example.com`,
        organisationId,
        createdAt: PAST,
        updatedAt: PAST,
      });
      await seedDocs(env, {
        [`organisationViews/${org}`]: { name: 'Acme', shareTickets },
        [`organisationViews/${other}`]: { name: 'Globex', shareTickets: true },
        [`users/${dana}`]: profile(dana, org),
        [`users/${colleague}`]: profile(colleague, org),
        [`users/${stranger}`]: profile(stranger, other),
      });
      const ticket = await seedTicket(
        { requesterId: dana, requesterName: dana, organisationId: org, updatedBy: dana },
        {
          m1: {
            authorId: dana,
            authorName: dana,
            authorRole: 'customer',
            body: 'Hi',
            internal: false,
            attachments: [],
            createdAt: PAST,
          },
          n1: {
            authorId: 'alice',
            authorName: 'Alice',
            authorRole: 'agent',
            body: 'Note',
            internal: true,
            attachments: [],
            createdAt: PAST,
          },
        },
      );
      return { org, other, dana, colleague, stranger, ticket };
    }
    const ofOrganisation = (db: Firestore, org: string) =>
      getDocs(
        query(
          collection(db, 'tickets'),
          where('organisationId', '==', org),
          orderBy('lastMessageAt', 'desc'),
          limit(20),
        ),
      );

    it('lets a colleague read the ticket, its list and its public messages while the organisation shares', async () => {
      const { org, colleague, ticket } = await seedShared(true);
      const db = dbOf(colleague);
      await assertSucceeds(getDoc(doc(db, 'organisationViews', org)));
      await assertSucceeds(getDoc(doc(db, 'tickets', ticket)));
      await assertSucceeds(ofOrganisation(db, org));
      await assertSucceeds(getDoc(doc(db, 'tickets', ticket, 'messages', 'm1')));
      await assertSucceeds(
        getDocs(query(collection(db, 'tickets', ticket, 'messages'), where('internal', '==', false))),
      );
      // Never the note, nor the whole thread, nor an unused message id (they write none).
      await assertFails(getDoc(doc(db, 'tickets', ticket, 'messages', 'n1')));
      await assertFails(getDocs(collection(db, 'tickets', ticket, 'messages')));
      await assertFails(getDoc(doc(db, 'tickets', ticket, 'messages', 'unused')));
    });

    it('refuses a colleague every write to it: a reply, a status, a field, the organisation', async () => {
      const { colleague, ticket } = await seedShared(true);
      const db = dbOf(colleague);
      const now = { updatedAt: serverTimestamp(), updatedBy: colleague };
      await assertFails(
        updateDoc(doc(db, 'tickets', ticket), { status: 'solved', solvedAt: serverTimestamp(), ...now }),
      );
      await assertFails(updateDoc(doc(db, 'tickets', ticket), { priority: 'urgent', ...now }));
      await assertFails(updateDoc(doc(db, 'tickets', ticket), { fields: {}, fieldsChanged: [], ...now }));
      const reply = {
        authorId: colleague,
        authorName: colleague,
        authorRole: 'customer',
        body: 'Me too',
        internal: false,
        attachments: [],
        createdAt: serverTimestamp(),
      };
      const batch = writeBatch(db);
      batch.set(doc(db, 'tickets', ticket, 'messages', freshId('m')), reply);
      batch.update(doc(db, 'tickets', ticket), { lastMessageAt: serverTimestamp(), lastMessageBy: 'customer', ...now });
      await assertFails(batch.commit());
    });

    it('refuses it all when the organisation does not share, to another organisation and to a deactivated colleague', async () => {
      const closed = await seedShared(false);
      const db = dbOf(closed.colleague);
      await assertSucceeds(getDoc(doc(db, 'organisationViews', closed.org)));
      await assertFails(getDoc(doc(db, 'tickets', closed.ticket)));
      await assertFails(ofOrganisation(db, closed.org));
      await assertFails(
        getDocs(query(collection(db, 'tickets', closed.ticket, 'messages'), where('internal', '==', false))),
      );

      const open = await seedShared(true);
      const stranger = dbOf(open.stranger);
      // Their own organisation shares, but not this one: its view, ticket and list are closed to them.
      await assertFails(getDoc(doc(stranger, 'organisationViews', open.org)));
      await assertFails(getDoc(doc(stranger, 'tickets', open.ticket)));
      await assertFails(ofOrganisation(stranger, open.org));
      await assertFails(getDocs(query(collection(stranger, 'tickets'), orderBy('lastMessageAt', 'desc'), limit(20))));
      await assertFails(getDoc(doc(dbOf('carol'), 'tickets', open.ticket)));
      await assertFails(ofOrganisation(dbOf('carol'), open.org));

      await seedDocs(env, {
        [`users/${open.colleague}`]: {
          role: 'customer',
          displayName: open.colleague,
          email: `${open.colleague}@example.com`,
          organisationId: open.org,
          deactivated: true,
          createdAt: PAST,
          updatedAt: PAST,
        },
      });
      await assertFails(getDoc(doc(dbOf(open.colleague), 'tickets', open.ticket)));
      await assertFails(ofOrganisation(dbOf(open.colleague), open.org));
    });

    it('refuses every client writing an organisation view, an admin included', async () => {
      const { org, colleague } = await seedShared(false);
      for (const uid of [colleague, 'alice', 'ada']) {
        await assertFails(setDoc(doc(dbOf(uid), 'organisationViews', org), { name: 'Acme', shareTickets: true }));
        await assertFails(updateDoc(doc(dbOf(uid), 'organisationViews', org), { shareTickets: true }));
        await assertFails(deleteDoc(doc(dbOf(uid), 'organisationViews', org)));
      }
      await assertFails(setDoc(doc(dbOf(colleague), 'organisationViews', freshId('org')), { shareTickets: true }));
    });
  });

  describe('stats/{day}: per-day statistics, written by trusted code only, read by staff (DESIGN §11)', () => {
    const DAY = '2026-03-02';
    /** A day as trusted code keeps it: counters (DESIGN §11), one for the ticket's submission. */
    const stats = (): DocumentData => ({ day: DAY, counts: { 'created|priority|normal': 1 }, names: {} });
    /** A counter trusted code moves on a solve, here forged: an SLA met that was not. */
    const forgedSolve = new FieldPath('counts', 'solved|sla|urgent|firstReply|met');
    /** `stats/{day}` as stored, read past the rules. */
    async function storedStats(day: string): Promise<DocumentData | undefined> {
      let data: DocumentData | undefined;
      await env.withSecurityRulesDisabled(async (context) => {
        data = (await getDoc(doc(firestoreOf(context), 'stats', day))).data();
      });
      return data;
    }
    /** A day of each writer's own, so that the tests share no document. */
    const DAY_OF = { carol: '2026-03-03', alice: '2026-03-04', ada: '2026-03-05' } as const;
    /** A day nobody has statistics for yet. */
    const NEW_DAY_OF = { carol: '2030-01-01', alice: '2030-01-02', ada: '2030-01-03' } as const;
    const listDays = (db: Firestore) =>
      getDocs(query(collection(db, 'stats'), where(documentId(), '>=', '2026-02-24'), where(documentId(), '<=', DAY)));

    it('lets agents and admins get and list the days; customers and visitors read none', async () => {
      await seedDocs(env, { [`stats/${DAY}`]: stats() });
      for (const uid of ['alice', 'bob', 'ada']) {
        const snapshot = await assertSucceeds(getDoc(doc(dbOf(uid), 'stats', DAY)));
        expect(snapshot.get(new FieldPath('counts', 'created|priority|normal'))).toBe(1);
        const days = await assertSucceeds(listDays(dbOf(uid)));
        expect(days.docs.map((row) => row.id)).toContain(DAY);
      }
      for (const db of [dbOf('carol'), dbOf('outsider'), signedOut()]) {
        await assertFails(getDoc(doc(db, 'stats', DAY)));
        await assertFails(listDays(db));
        await assertFails(getDocs(collection(db, 'stats')));
      }
    });

    it.each(['carol', 'alice', 'ada'] as const)(
      'refuses %s creating, updating (a forged solve) or deleting a day',
      async (uid) => {
        await seedTicket({ status: 'solved', solvedAt: PAST });
        const day = DAY_OF[uid];
        await seedDocs(env, { [`stats/${day}`]: { ...stats(), day } });
        const db = dbOf(uid);
        await assertFails(setDoc(doc(db, 'stats', NEW_DAY_OF[uid]), stats()));
        await assertFails(updateDoc(doc(db, 'stats', day), forgedSolve, increment(1)));
        await assertFails(
          setDoc(doc(db, 'stats', day), { counts: { 'solved|sla|urgent|firstReply|met': 1 } }, { merge: true }),
        );
        await assertFails(
          updateDoc(doc(db, 'stats', day), new FieldPath('counts', 'created|priority|normal'), deleteField()),
        );
        await assertFails(deleteDoc(doc(db, 'stats', day)));
        expect(await storedStats(day)).toEqual({ ...stats(), day });
        expect(await storedStats(NEW_DAY_OF[uid])).toBeUndefined();
      },
    );

    it.each(['carol', 'alice', 'ada'] as const)(
      'refuses %s a statistics write in one batch with a ticket write of theirs',
      async (uid) => {
        // Carol solves her own open request; staff raise its priority: each allowed alone.
        const ticketId = await seedTicket({ assigneeId: null, assigneeName: null });
        const patch =
          PEOPLE[uid].role === 'customer' ? movePatch(uid, 'open', 'solved') : { priority: 'urgent', ...stamped(uid) };
        const day = DAY_OF[uid];
        await seedDocs(env, { [`stats/${day}`]: { ...stats(), day } });
        const db = dbOf(uid);
        const batch = writeBatch(db);
        batch.update(doc(db, 'tickets', ticketId), patch);
        batch.update(doc(db, 'stats', day), forgedSolve, increment(1));
        await assertFails(batch.commit());
        const creating = writeBatch(db);
        creating.update(doc(db, 'tickets', ticketId), patch);
        creating.set(doc(db, 'stats', NEW_DAY_OF[uid]), stats());
        await assertFails(creating.commit());
        expect(await storedStats(day)).toEqual({ ...stats(), day });
        expect(await storedStats(NEW_DAY_OF[uid])).toBeUndefined();
        // The ticket write alone goes through: the statistics were what the rules refused.
        await assertSucceeds(updateDoc(doc(db, 'tickets', ticketId), patch));
      },
    );
    it('refuses every client the records of uploads trusted code cleans up (uploads)', async () => {
      const record = { path: 'tickets/t1/m1/a.txt', ticketId: 't1', messageId: 'm1', uploadedAt: new Date() };
      await seedDocs(env, { 'uploads/record-1': record });
      // Deleting one would keep an orphan for ever; backdating one would delete a file being written.
      for (const uid of ['carol', 'alice', 'ada']) {
        await assertFails(getDoc(doc(dbOf(uid), 'uploads', 'record-1')));
        await assertFails(setDoc(doc(dbOf(uid), 'uploads', 'record-1'), { ...record, uploadedAt: new Date(0) }));
        await assertFails(deleteDoc(doc(dbOf(uid), 'uploads', 'record-1')));
        await assertFails(getDocs(collection(dbOf(uid), 'uploads')));
      }
    });

    it('refuses every client the ledger of what trusted code counted per ticket (statsLedger)', async () => {
      const ticketId = await seedTicket();
      const counted = {
        entries: [{ day: DAY, section: 'created', ticketId, entry: { priority: 'normal', category: null } }],
      };
      await seedDocs(env, { [`statsLedger/${ticketId}`]: counted });
      // Emptying it would make the next run count the ticket again; reading it tells nothing staff may not see.
      for (const uid of ['carol', 'alice', 'ada']) {
        await assertFails(getDoc(doc(dbOf(uid), 'statsLedger', ticketId)));
        await assertFails(setDoc(doc(dbOf(uid), 'statsLedger', ticketId), { entries: [] }));
        await assertFails(deleteDoc(doc(dbOf(uid), 'statsLedger', ticketId)));
        await assertFails(getDocs(collection(dbOf(uid), 'statsLedger')));
      }
    });
  });

  describe('satisfaction ratings: once, by the requester, while solved or closed (DESIGN §10)', () => {
    const rating = (by: string, ticketId: string, fields: DocumentData = {}) =>
      setDoc(doc(dbOf(by), 'ratings', ticketId), {
        ticketId,
        requesterId: by,
        score: 'good',
        createdAt: serverTimestamp(),
        ...fields,
      });

    it('lets the requester rate a solved or closed request, once, and staff and they read it', async () => {
      const solved = await seedTicket({ status: 'solved' });
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'ratings', solved)));
      await assertSucceeds(rating('carol', solved, { score: 'bad', comment: 'Took three days.' }));
      await assertSucceeds(getDoc(doc(dbOf('carol'), 'ratings', solved)));
      await assertSucceeds(getDoc(doc(dbOf('alice'), 'ratings', solved)));
      await assertFails(getDoc(doc(dbOf('outsider'), 'ratings', solved)));
      // Once: no second create, no change, no delete.
      await assertFails(rating('carol', solved, { score: 'good' }));
      await assertFails(updateDoc(doc(dbOf('carol'), 'ratings', solved), { score: 'good' }));
      await assertFails(deleteDoc(doc(dbOf('carol'), 'ratings', solved)));
      const closed = await seedTicket({ status: 'closed' });
      await assertSucceeds(rating('carol', closed));
    });

    it.each(['new', 'open', 'pending', 'on_hold'])('refuses a rating while the request is %s', async (status) => {
      const id = await seedTicket({ status });
      await assertFails(rating('carol', id));
    });

    it('refuses ratings by anyone else, forged or malformed', async () => {
      const id = await seedTicket({ status: 'solved' });
      await assertFails(rating('outsider', id));
      await assertFails(rating('alice', id));
      await assertFails(rating('ada', id));
      // Carol's name on someone else's write, or hers on another ticket id.
      await assertFails(rating('outsider', id, { requesterId: 'carol' }));
      await assertFails(rating('carol', id, { ticketId: 'another' }));
      await assertFails(rating('carol', id, { score: 'meh' }));
      await assertFails(rating('carol', id, { score: 5 }));
      await assertFails(rating('carol', id, { comment: 'x'.repeat(1001) }));
      await assertFails(rating('carol', id, { comment: 42 }));
      await assertFails(rating('carol', id, { createdAt: new Date() }));
      await assertFails(rating('carol', id, { weight: 10 }));
      await assertFails(rating('carol', 'no-such-ticket'));
      // Nor in one batch with a status change: the rule reads the ticket as stored, not as written.
      const open = await seedTicket({ status: 'open' });
      const carol = dbOf('carol');
      const batch = writeBatch(carol);
      batch.update(doc(carol, 'tickets', open), { status: 'solved', solvedAt: serverTimestamp(), ...stamped('carol') });
      batch.set(doc(carol, 'ratings', open), {
        ticketId: open,
        requesterId: 'carol',
        score: 'good',
        createdAt: serverTimestamp(),
      });
      await assertFails(batch.commit());
    });
  });
  describe('uploadQuotas/{uid}: the paths one person may upload to, at most 100 a day (DESIGN §4)', () => {
    const pathOf = (n: number) => `tickets/t-quota/m${n}/file-${n}.pdf`;
    const quotaOf = (db: Firestore, uid: string) => doc(db, 'uploadQuotas', uid);
    /** Stores a window past the rules: `paths` listed, begun `hoursAgo` hours ago. */
    async function seedQuota(uid: string, paths: string[], hoursAgo: number): Promise<void> {
      await seedDocs(env, {
        [`uploadQuotas/${uid}`]: { windowStart: Timestamp.fromMillis(Date.now() - hoursAgo * 3_600_000), paths },
      });
    }
    const full = () => Array.from({ length: UPLOAD_QUOTA.maxPaths }, (_, n) => pathOf(n));
    const fresh = (uid: string) => `q-${uid}-${freshId('u')}`;
    // Each test writes the quota of a person of its own: the rules only look at `request.auth.uid`.
    const person = async (role: 'customer' | 'agent' = 'customer'): Promise<string> => {
      const uid = fresh(role);
      await seedDocs(env, {
        [`users/${uid}`]: { displayName: uid, email: `${uid}@example.com`, role, createdAt: PAST, updatedAt: PAST },
      });
      return uid;
    };

    it('lets the owner open a window with one path at the request’s time, and read it; nobody else', async () => {
      const uid = await person();
      await assertSucceeds(setDoc(quotaOf(dbOf(uid), uid), { windowStart: serverTimestamp(), paths: [pathOf(1)] }));
      await assertSucceeds(getDoc(quotaOf(dbOf(uid), uid)));
      await assertFails(getDoc(quotaOf(dbOf('alice'), uid)));
      await assertFails(getDoc(quotaOf(dbOf('ada'), uid)));
      await assertFails(getDoc(quotaOf(signedOut(), uid)));
      await assertFails(getDocs(collection(dbOf('ada'), 'uploadQuotas')));
    });

    it('refuses a window begun in the past (to skip the day), of many paths, or of a path that is not an attachment’s', async () => {
      const uid = await person();
      const db = dbOf(uid);
      await assertFails(
        setDoc(quotaOf(db, uid), { windowStart: Timestamp.fromMillis(Date.now() - 86_400_000), paths: [pathOf(1)] }),
      );
      await assertFails(setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [pathOf(1), pathOf(2)] }));
      await assertFails(setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [] }));
      for (const path of [...NOT_ATTACHMENT_PATHS, 7]) {
        await assertFails(setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [path] }));
      }
      await assertFails(setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [pathOf(1)], extra: true }));
    });

    it('refuses writing someone else’s quota, signed out, or deleting one’s own (to start over)', async () => {
      const uid = await person();
      const other = await person();
      await assertFails(setDoc(quotaOf(dbOf(uid), other), { windowStart: serverTimestamp(), paths: [pathOf(1)] }));
      await assertFails(setDoc(quotaOf(signedOut(), other), { windowStart: serverTimestamp(), paths: [pathOf(1)] }));
      await seedQuota(uid, [pathOf(1)], 1);
      await assertFails(deleteDoc(quotaOf(dbOf(uid), uid)));
      await assertFails(updateDoc(quotaOf(dbOf(other), uid), { paths: arrayUnion(pathOf(2)) }));
    });

    it('lets the owner append exactly one path, keeping the window and the earlier paths', async () => {
      const uid = await person('agent');
      await seedQuota(uid, [pathOf(1), pathOf(2)], 3);
      const db = dbOf(uid);
      await assertSucceeds(updateDoc(quotaOf(db, uid), { paths: arrayUnion(pathOf(3)) }));
      // Two at once, a replaced or dropped path, a moved window: refused.
      await assertFails(updateDoc(quotaOf(db, uid), { paths: arrayUnion(pathOf(4), pathOf(5)) }));
      await assertFails(updateDoc(quotaOf(db, uid), { paths: [pathOf(9), pathOf(2), pathOf(3), pathOf(4)] }));
      await assertFails(updateDoc(quotaOf(db, uid), { paths: [pathOf(2), pathOf(3), pathOf(4)] }));
      await assertFails(updateDoc(quotaOf(db, uid), { paths: [pathOf(4)] }));
      await assertFails(
        updateDoc(quotaOf(db, uid), {
          paths: arrayUnion(pathOf(4)),
          windowStart: Timestamp.fromMillis(Date.now() - 3_600_000),
        }),
      );
      await assertFails(updateDoc(quotaOf(db, uid), { paths: arrayUnion('avatars/x/avatar') }));
    });

    it('refuses two appends batched into one write', async () => {
      const uid = await person();
      await seedQuota(uid, [pathOf(1)], 1);
      const db = dbOf(uid);
      const batch = writeBatch(db);
      batch.update(quotaOf(db, uid), { paths: arrayUnion(pathOf(2)) });
      batch.update(quotaOf(db, uid), { paths: arrayUnion(pathOf(3)) });
      await assertFails(batch.commit());
    });

    it('refuses the 101st path within a day, and opens a new window once the full one is a day old', async () => {
      const uid = await person();
      const db = dbOf(uid);
      await seedQuota(uid, full(), 23);
      await assertFails(updateDoc(quotaOf(db, uid), { paths: arrayUnion(pathOf(500)) }));
      await assertFails(setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [pathOf(500)] }));
      await seedQuota(uid, full(), 24.1);
      await assertFails(updateDoc(quotaOf(db, uid), { paths: arrayUnion(pathOf(500)) }));
      await assertFails(
        setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [pathOf(500), pathOf(501)] }),
      );
      await assertSucceeds(setDoc(quotaOf(db, uid), { windowStart: serverTimestamp(), paths: [pathOf(500)] }));
    });

    it('refuses opening a new window over one with room that is less than a day old (to drop its count)', async () => {
      const uid = await person();
      await seedQuota(uid, [pathOf(1)], 23);
      await assertFails(setDoc(quotaOf(dbOf(uid), uid), { windowStart: serverTimestamp(), paths: [pathOf(2)] }));
    });
  });
});
