/**
 * The demo desk's 90 days of history (`src/backend/local/seed/history.ts`), seeded into
 * fake-indexeddb as the app seeds it: the `stats` days the database middleware writes, and the
 * reports built from them over 7, 30 and 90 days show something real on every chart; the
 * history tickets are ones the app could have produced, closed the desk's close-after days after
 * their solve, with a description, an agent's first public reply and ratings after the solve.
 */
import 'fake-indexeddb/auto';
import { openTriageDb } from '@/backend/local/core/db';
import { buildDemoDesk, seedDemoData } from '@/backend/local/seed/demo-desk';
import { HISTORY_DAYS } from '@/backend/local/seed/history';
import { SEED_CATEGORIES } from '@/backend/local/seed/scenarios';
import { buildReport, reportRange, type Report, type ReportPeriod } from '@/domain/reports/report';
import type { DayStats } from '@/domain/reports/day-stats';
import type { SatisfactionRating } from '@/domain/satisfaction';
import { SLA_TARGETS } from '@/domain/sla/clocks';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import type { Ticket } from '@/domain/types';

const DAY = 86_400_000;
/** A Wednesday afternoon, a Monday just after midnight and a Sunday evening (UTC, the seeded desk's zone). */
const NOWS = ['2026-03-11T15:20:00.000Z', '2026-06-01T00:30:00.000Z', '2026-09-27T21:45:00.000Z'];

interface Seeded {
  now: number;
  days: DayStats[];
  tickets: Ticket[];
  ratings: SatisfactionRating[];
  report: (period: ReportPeriod) => Report;
}

async function seededAt(iso: string): Promise<Seeded> {
  const now = Date.parse(iso);
  const db = openTriageDb(`seed-history-${iso}-${Math.random().toString(36).slice(2)}`);
  try {
    await seedDemoData(db, { iterations: 1000, now });
    const [days, tickets, ratings] = await Promise.all([
      db.stats.toArray(),
      db.tickets.toArray(),
      db.ratings.toArray(),
    ]);
    const report = (period: ReportPeriod) => {
      const range = reportRange(period, now, 'UTC');
      const inRange = ratings.filter((rating) => rating.createdAt >= range.from && rating.createdAt <= range.to);
      const good = inRange.filter((rating) => rating.score === 'good').length;
      return buildReport(range, {
        days,
        backlog: { new: 0, open: 0, pending: 0, on_hold: 0 },
        ratings: { good, bad: inRange.length - good },
        reads: 0,
      });
    };
    return { now, days, tickets, ratings, report };
  } finally {
    db.close();
  }
}

describe.each(NOWS)('the seeded history, seeded at %s', (iso) => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = await seededAt(iso);
  });

  it('has statistics on at least 80 of the last 90 days', () => {
    const range = reportRange(90, seeded.now, 'UTC');
    const stored = new Set(seeded.days.map((day) => day.day));
    expect(range.days.filter((day) => stored.has(day)).length).toBeGreaterThanOrEqual(80);
  });

  it('gives the 90-day report medians every week, SLA outcomes both ways, agents, priorities and ratings', () => {
    const report = seeded.report(90);
    expect(report.totals.created).toBeGreaterThanOrEqual(200);
    // Every whole week (the range's first and last may be a day or two).
    for (const week of report.weeks.slice(1, -1)) {
      expect(week).toEqual(
        expect.objectContaining({ firstReplyMs: expect.any(Number), resolutionMs: expect.any(Number) }),
      );
    }
    const outcomes = (target: (typeof SLA_TARGETS)[number]) =>
      report.sla
        .filter((row) => row.target === target)
        .reduce((sum, row) => ({ met: sum.met + row.met, missed: sum.missed + row.missed }), { met: 0, missed: 0 });
    for (const target of SLA_TARGETS) {
      expect(outcomes(target).met).toBeGreaterThan(0);
      expect(outcomes(target).missed).toBeGreaterThan(0);
    }
    // Most of the first replies and resolutions meet their targets.
    expect(outcomes('firstReply').met).toBeGreaterThan(outcomes('firstReply').missed);
    expect(outcomes('resolution').met).toBeGreaterThan(outcomes('resolution').missed);
    expect(report.agents.filter((agent) => agent.agentId !== null && agent.solved > 0).length).toBeGreaterThanOrEqual(
      3,
    );
    for (const share of report.priorities) expect(share.count).toBeGreaterThan(0);
    const categories = new Map(report.categories.map((share) => [share.key, share.count]));
    for (const category of SEED_CATEGORIES) expect(categories.get(category)).toBeGreaterThan(0);
    expect(categories.get(null)).toBeGreaterThan(0);
    expect(report.csat.good).toBeGreaterThan(report.csat.bad);
    expect(report.csat.bad).toBeGreaterThan(0);
  });

  it.each([7, 30] as const)(
    'gives the %i-day report tickets created and solved on most days, and ratings',
    (period) => {
      const report = seeded.report(period);
      expect(report.volume.filter((day) => day.created > 0).length).toBeGreaterThan(period / 2);
      expect(report.volume.filter((day) => day.solved > 0).length).toBeGreaterThan(period / 2);
      expect(report.weeks.some((week) => week.firstReplyMs !== null && week.resolutionMs !== null)).toBe(true);
      expect(report.csat.good + report.csat.bad).toBeGreaterThan(0);
    },
  );
});

describe('the history tickets', () => {
  const now = Date.parse(NOWS[0] ?? '');
  const desk = buildDemoDesk(now);
  // The history tickets are those with an SLA record of their own (the scenarios' have none yet).
  const history = desk.tickets.filter((ticket) => ticket.sla !== undefined);
  const messagesOf = (ticket: Ticket) => desk.messages.filter((message) => message.ticketId === ticket.id);
  const closeAfterMs = DEFAULT_DESK_SETTINGS.closeAfterDays * DAY;

  it('are two or three a day over the last 90 days, mostly closed, numbered with the rest in creation order', () => {
    expect(history.length).toBeGreaterThanOrEqual(180);
    expect(history.length).toBeLessThanOrEqual(250);
    expect(Math.min(...history.map((ticket) => Date.parse(ticket.createdAt)))).toBeGreaterThanOrEqual(
      now - HISTORY_DAYS * DAY,
    );
    expect(history.filter((ticket) => ticket.status === 'closed').length / history.length).toBeGreaterThan(0.9);
    expect(history.every((ticket) => ticket.status === 'closed' || ticket.status === 'solved')).toBe(true);
    const byNumber = [...desk.tickets].sort((a, b) => a.number - b.number);
    expect(byNumber.map((ticket) => ticket.number)).toEqual(desk.tickets.map((_, i) => i + 1));
    expect(byNumber.map((ticket) => ticket.createdAt)).toEqual(byNumber.map((ticket) => ticket.createdAt).sort());
    expect(desk.counter.value).toBe(desk.tickets.length);
  });

  it('close the desk’s close-after days after the solve, by the system actor, once that has passed', () => {
    for (const ticket of history) {
      const solved = Date.parse(ticket.solvedAt ?? '');
      expect(solved).toBeLessThan(now);
      if (ticket.status === 'closed') {
        expect(Date.parse(ticket.closedAt ?? '')).toBe(solved + closeAfterMs);
        expect(ticket.updatedAt).toBe(ticket.closedAt);
        expect(desk.events).toContainEqual(
          expect.objectContaining({
            ticketId: ticket.id,
            type: 'status',
            from: 'solved',
            to: 'closed',
            actorId: 'system',
          }),
        );
      } else {
        expect(solved + closeAfterMs).toBeGreaterThan(now);
      }
    }
  });

  it('have their description and an agent’s first public reply, matching firstResponseAt', () => {
    const staff = new Set(desk.users.filter((user) => user.role !== 'customer').map((user) => user.uid));
    for (const ticket of history) {
      const messages = messagesOf(ticket).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      expect(messages[0]).toMatchObject({ authorId: ticket.requesterId, internal: false, createdAt: ticket.createdAt });
      const firstReply = messages.find((message) => !message.internal && staff.has(message.authorId));
      expect(firstReply?.createdAt).toBe(ticket.firstResponseAt);
      expect(ticket.assigneeId).toEqual(expect.any(String));
      expect(ticket.lastMessageAt).toBe(messages.filter((message) => !message.internal).at(-1)?.createdAt);
      expect(Date.parse(ticket.solvedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(ticket.firstResponseAt ?? ''));
      // The status moves of the lifecycle, in order, from submission to the solve.
      const moves = desk.events
        .filter((event) => event.ticketId === ticket.id && event.type === 'status')
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((event) => `${event.from ?? ''}>${event.to ?? ''}`);
      expect(moves.slice(0, 2)).toEqual(['>new', 'new>open']);
      expect(moves).toContain('open>solved');
    }
  });

  it('go to every agent and keep the first customer’s requests within two portal pages', () => {
    const staff = desk.users.filter((user) => user.role !== 'customer');
    for (const person of staff) expect(history.some((ticket) => ticket.assigneeId === person.uid)).toBe(true);
    const [dana] = desk.users.filter((user) => user.role === 'customer');
    expect(desk.tickets.filter((ticket) => ticket.requesterId === dana?.uid).length).toBeLessThanOrEqual(40);
  });

  it('are rated good and bad by their requesters after the solve, once each', () => {
    const byId = new Map(desk.tickets.map((ticket) => [ticket.id, ticket]));
    expect(new Set(desk.ratings.map((rating) => rating.ticketId)).size).toBe(desk.ratings.length);
    for (const rating of desk.ratings) {
      const ticket = byId.get(rating.ticketId);
      expect(ticket?.requesterId).toBe(rating.requesterId);
      expect(['solved', 'closed']).toContain(ticket?.status);
      expect(Date.parse(rating.createdAt)).toBeGreaterThan(Date.parse(ticket?.solvedAt ?? ''));
      expect(Date.parse(rating.createdAt)).toBeLessThan(now);
    }
    const rated = desk.ratings.filter((rating) => history.some((ticket) => ticket.id === rating.ticketId));
    expect(rated.some((rating) => rating.score === 'good')).toBe(true);
    expect(rated.some((rating) => rating.score === 'bad')).toBe(true);
  });

  it('draws the same desk for the same moment', () => {
    const again = buildDemoDesk(now);
    const shape = (tickets: Ticket[]) =>
      tickets.map(
        ({ number, subject, status, priority, category, createdAt, firstResponseAt, solvedAt, closedAt }) => ({
          number,
          subject,
          status,
          priority,
          category,
          createdAt,
          firstResponseAt,
          solvedAt,
          closedAt,
        }),
      );
    expect(shape(again.tickets)).toEqual(shape(desk.tickets));
  });
});
