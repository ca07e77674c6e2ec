/**
 * `scripts/seed-firebase.ts`: the Firestore documents the demo desk is written as, and the
 * emulator hosts the seeding talks to (firebase.json's, the adapter's).
 */
import { NO_FIELD_SORT_VALUE, sortableNumber } from '@/domain/field-sort';
import { fieldRulesSummary } from '@/domain/plans/field-values';
import { personSearchKeysFor } from '@/domain/people';
import { Timestamp } from 'firebase-admin/firestore';
import { emulatorHost } from '@/backend/firebase/core/firebase-services';
import {
  dayStatsFrom,
  statsCounterOf,
  statsEntriesFrom,
  statsEntriesOf,
  type StatsCounter,
} from '@/domain/reports/day-stats';
import { slaStateAfter } from '@/domain/sla/ticket-sla';
import { triggerSchema } from '@/domain/triggers';
import {
  COUNTER_PATH,
  configuredEmulatorHosts,
  deskDayStats,
  deskDocuments,
  emulatorHostsFrom,
  type SeedDocument,
} from '../../../../scripts/ops/seed-firebase';
import { desk, UIDS } from '../../../support/demo-desk';

const documents = deskDocuments(desk);

function under(prefix: RegExp): SeedDocument[] {
  return documents.filter((document) => prefix.test(document.path));
}

function expectTimestamp(value: unknown, iso: string): void {
  expect(value).toBeInstanceOf(Timestamp);
  expect((value as Timestamp).toDate().toISOString()).toBe(iso);
}

/** Paths of every `undefined` inside a value (Firestore refuses them). */
function undefinedPaths(value: unknown, path: string): string[] {
  if (value === undefined) return [path];
  if (value === null || typeof value !== 'object' || value instanceof Timestamp) return [];
  return Object.entries(value).flatMap(([key, inner]) => undefinedPaths(inner, `${path}.${key}`));
}

describe('deskDocuments', () => {
  it('has unique paths, the counter last', () => {
    expect(new Set(documents.map((document) => document.path)).size).toBe(documents.length);
    expect(documents.at(-1)).toEqual({ path: COUNTER_PATH, data: { lastNumber: desk.tickets.length } });
    expect(Math.max(...desk.tickets.map((ticket) => ticket.number))).toBe(desk.tickets.length);
  });

  it('writes no undefined field anywhere', () => {
    expect(documents.flatMap((document) => undefinedPaths(document.data, document.path))).toEqual([]);
  });

  it('writes profiles at users/{uid} with Timestamps and their search keys', () => {
    const users = under(/^users\//);
    expect(users.map((document) => document.path)).toEqual(UIDS.map((uid) => `users/${uid}`));
    desk.users.forEach((user, i) => {
      const data = users[i]?.data ?? {};
      expect(Object.keys(data).sort()).toEqual([
        // The demo agents take round-robin tickets (DESIGN §10 "Triggers").
        ...(user.role === 'agent' ? ['available'] : []),
        'createdAt',
        'displayName',
        'email',
        'role',
        'searchKeys',
        'updatedAt',
      ]);
      expect(data).toMatchObject({ displayName: user.displayName, email: user.email, role: user.role });
      // As the `userWritten` trigger keeps them (DESIGN §3 "Finding people").
      expect(data.searchKeys).toEqual(personSearchKeysFor(user));
      expectTimestamp(data.createdAt, user.createdAt);
      expectTimestamp(data.updatedAt, user.updatedAt);
    });
  });

  it('writes the desk’s triggers as an admin saves them, after every ticket and before the counter', () => {
    const triggers = under(/^triggers\//);
    expect(triggers.map((document) => document.path)).toEqual(desk.triggers.map((trigger) => `triggers/${trigger.id}`));
    for (const { data } of triggers) {
      const { updatedAt, updatedBy: _by, ...trigger } = data as Record<string, unknown>;
      expect(updatedAt).toBeInstanceOf(Timestamp);
      expect(triggerSchema.safeParse(trigger).success).toBe(true);
    }
    const paths = documents.map((document) => document.path);
    const lastTicket = Math.max(...paths.flatMap((path, i) => (path.startsWith('tickets/') ? [i] : [])));
    expect(paths.indexOf(triggers[0]?.path ?? '')).toBeGreaterThan(lastTicket);
    expect(paths.at(-1)).toBe(COUNTER_PATH);
  });

  it('writes tickets as the adapter does: null when unassigned, Timestamps, no id field', () => {
    const tickets = under(/^tickets\/[^/]+$/);
    expect(tickets).toHaveLength(desk.tickets.length);
    desk.tickets.forEach((ticket, i) => {
      const { path, data } = tickets[i] ?? { path: '', data: {} };
      expect(path).toBe(`tickets/${ticket.id}`);
      expect(data.id).toBeUndefined();
      expect(data).toMatchObject({
        number: ticket.number,
        subject: ticket.subject,
        status: ticket.status,
        priority: ticket.priority,
        category: ticket.category ?? null,
        tags: ticket.tags,
        requesterId: ticket.requesterId,
        requesterName: ticket.requesterName,
        assigneeId: ticket.assigneeId ?? null,
        assigneeName: ticket.assigneeName ?? null,
        lastMessageBy: ticket.lastMessageBy,
        // The fields' sort slots, as trusted code keeps them: the demo's Seats holds slot a.
        fieldSortA:
          typeof ticket.fields?.seats === 'number' ? sortableNumber(ticket.fields.seats) : NO_FIELD_SORT_VALUE,
        fieldSortB: NO_FIELD_SORT_VALUE,
      });
      expectTimestamp(data.createdAt, ticket.createdAt);
      expectTimestamp(data.updatedAt, ticket.updatedAt);
      expectTimestamp(data.lastMessageAt, ticket.lastMessageAt);
      for (const field of ['firstResponseAt', 'solvedAt', 'closedAt'] as const) {
        const iso = ticket[field];
        if (iso) expectTimestamp(data[field], iso);
        else expect(field in data).toBe(false);
      }
    });
    const unassigned = tickets.filter((ticket) => ticket.data.assigneeId === null);
    expect(unassigned.length).toBe(desk.tickets.filter((ticket) => ticket.status === 'new').length);
    expect(unassigned.every((ticket) => ticket.data.assigneeName === null)).toBe(true);
  });

  it('writes messages and audit events under their ticket, with Timestamps', () => {
    const messages = under(/^tickets\/[^/]+\/messages\//);
    expect(messages).toHaveLength(desk.messages.length);
    desk.messages.forEach((message, i) => {
      const { path, data } = messages[i] ?? { path: '', data: {} };
      expect(path).toBe(`tickets/${message.ticketId}/messages/${message.id}`);
      expect(Object.keys(data).sort()).toEqual([
        'attachments',
        'authorId',
        'authorName',
        'authorRole',
        'body',
        'createdAt',
        'internal',
      ]);
      expect(data).toMatchObject({ authorId: message.authorId, body: message.body, internal: message.internal });
      expectTimestamp(data.createdAt, message.createdAt);
    });
    const events = under(/^tickets\/[^/]+\/events\//);
    expect(events).toHaveLength(desk.events.length);
    expect(events.filter(({ path }) => path.endsWith('/events/submitted'))).toHaveLength(desk.tickets.length);
    desk.events.forEach((event, i) => {
      const { path, data } = events[i] ?? { path: '', data: {} };
      // A submission under the id the Cloud Function gives it, so the trigger does not add a second.
      const id = event.from === null && event.to === 'new' ? 'submitted' : event.id;
      expect(path).toBe(`tickets/${event.ticketId}/events/${id}`);
      expect(data).toMatchObject({ type: event.type, from: event.from, to: event.to, actorId: event.actorId });
      expectTimestamp(data.at, event.at);
    });
  });

  it('writes a history ticket’s SLA record as it stood before its last write, for ticketWritten to complete', () => {
    const tickets = new Map(under(/^tickets\/[^/]+$/).map((document) => [document.path, document.data]));
    const history = desk.tickets.filter((ticket) => ticket.sla !== undefined);
    expect(history.length).toBeGreaterThan(150);
    for (const ticket of history) expect(tickets.get(`tickets/${ticket.id}`)?.sla).toEqual(ticket.sla);
    for (const ticket of desk.tickets.filter((candidate) => candidate.sla === undefined)) {
      expect('sla' in (tickets.get(`tickets/${ticket.id}`) ?? {})).toBe(false);
    }
  });

  it('writes ratings at ratings/{ticketId} as rateTicket does, with Timestamps', () => {
    const ratings = under(/^ratings\//);
    expect(ratings).toHaveLength(desk.ratings.length);
    expect(desk.ratings.some((rating) => rating.score === 'bad')).toBe(true);
    desk.ratings.forEach((rating, i) => {
      const { path, data } = ratings[i] ?? { path: '', data: {} };
      expect(path).toBe(`ratings/${rating.ticketId}`);
      expect(data).toEqual({
        ticketId: rating.ticketId,
        requesterId: rating.requesterId,
        score: rating.score,
        ...(rating.comment ? { comment: rating.comment } : {}),
        createdAt: expect.any(Timestamp),
      });
      expectTimestamp(data.createdAt, rating.createdAt);
    });
  });

  it('writes stats/{day} and statsLedger/{ticketId} as ticketWritten keeps them: every ticket counted once', () => {
    const stats = under(/^stats\//);
    expect(stats.length).toBeGreaterThanOrEqual(80);
    const read = stats.map(({ path, data }) => dayStatsFrom(path.slice('stats/'.length), data));
    // What the reports read is what was computed, nothing left out as malformed.
    expect(read).toEqual(deskDayStats(desk));
    const ledgers = new Map(
      under(/^statsLedger\//).map(({ path, data }) => [
        path.slice('statsLedger/'.length),
        statsEntriesFrom(data.entries),
      ]),
    );
    expect(ledgers.size).toBe(desk.tickets.length);
    // Counted as the trigger counts them: the agents-only values beside the ticket's own, by the definitions.
    const agents = new Map(desk.agentFields.map((record) => [record.ticketId, record.values]));
    const statsDesk = { ...desk.settings.value, fieldDefinitions: desk.customFields.fields };
    for (const ticket of desk.tickets) {
      const counted = {
        ...ticket,
        sla: slaStateAfter(null, ticket),
        fields: { ...ticket.fields, ...agents.get(ticket.id) },
      };
      expect(ledgers.get(ticket.id)).toEqual(statsEntriesOf(counted, statsDesk));
    }
    const count = (kind: StatsCounter['kind'], match: (counter: StatsCounter) => boolean = () => true) =>
      read
        .flatMap((day) => Object.entries(day.counts))
        .reduce((sum, [key, n]) => {
          const counter = statsCounterOf(key);
          return counter?.kind === kind && match(counter) ? sum + n : sum;
        }, 0);
    expect(count('created.priority')).toBe(desk.tickets.length);
    // The demo's dropdowns are counted: most tickets name a product, most carry a plan.
    expect(count('created.field', (counter) => counter.kind === 'created.field' && counter.key === 'product')).toBe(
      desk.tickets.filter((ticket) => ticket.fields?.product).length,
    );
    expect(count('created.field', (counter) => counter.kind === 'created.field' && counter.key === 'plan')).toBe(
      desk.agentFields.filter((record) => record.values.plan).length,
    );
    expect(count('solved.ms')).toBe(desk.tickets.filter((ticket) => ticket.solvedAt).length);
    expect(
      count('solved.sla', (counter) => counter.kind === 'solved.sla' && counter.outcome === 'missed'),
    ).toBeGreaterThan(0);
  });

  it('writes the desk settings as settings/desk, each macro as macros/{id}, and the ticket fields', () => {
    expect(desk.macros.length).toBeGreaterThan(0);
    expect(under(/^macros\//)).toEqual(
      desk.macros.map(({ id, updatedAt, ...macro }) => ({
        path: `macros/${id}`,
        data: { ...macro, updatedAt: Timestamp.fromMillis(Date.parse(updatedAt ?? '')) },
      })),
    );
    expect(under(/^settings\//)).toEqual([
      { path: 'settings/desk', data: desk.settings.value },
      {
        path: 'settings/fields',
        data: {
          fields: desk.customFields.fields,
          // What the rules check ticket values against (firestore.rules "fieldRules").
          summary: fieldRulesSummary(desk.customFields.fields),
          updatedBy: desk.customFields.updatedBy,
          updatedAt: Timestamp.fromMillis(Date.parse(desk.customFields.updatedAt)),
        },
      },
      {
        path: 'settings/customer-fields',
        data: {
          // The fields customers see: never the agents-only plan.
          fields: desk.customFields.fields.filter((field) => field.key !== 'plan'),
          updatedAt: Timestamp.fromMillis(Date.parse(desk.customFields.updatedAt)),
        },
      },
    ]);
    expect(desk.customFields.fields.map((field) => field.key)).toEqual(['order_number', 'product', 'plan', 'seats']);
    expect(desk.customFields.updatedBy).toBe(desk.users.find((user) => user.role === 'admin')?.uid);
  });
});

describe('emulator hosts', () => {
  it('reads host:port of each configured emulator, defaulting the host and skipping a disabled UI', () => {
    expect(
      emulatorHostsFrom({
        emulators: { auth: { port: 9099 }, firestore: { host: '0.0.0.0', port: 8080 }, ui: { enabled: false } },
      }),
    ).toEqual({ auth: '127.0.0.1:9099', firestore: '0.0.0.0:8080' });
    expect(emulatorHostsFrom({})).toEqual({});
    expect(emulatorHostsFrom(null)).toEqual({});
  });

  it('starts the emulators where the app looks for them (firebase.json = the adapter’s fixed ports)', () => {
    const saved = { ...process.env };
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
    try {
      const hosts = configuredEmulatorHosts();
      for (const service of ['auth', 'firestore', 'storage'] as const) {
        const { host, port } = emulatorHost(service);
        expect(hosts[service]).toBe(`${host}:${port}`);
      }
    } finally {
      process.env = saved;
    }
  });
});
