/**
 * The reports benchmarks' desk (`npm run bench:reports`, `bench:reports:firebase`): `count`
 * tickets submitted evenly over the last 90 days, in number order, most of them answered, solved
 * and closed, some rated — deterministic (a fixed LCG), so both benchmarks read the same desk.
 */
import type { SatisfactionRating } from '@/domain/satisfaction';
import { PRIORITIES, type Priority, type Ticket, type TicketStatus } from '@/domain/types';

/** A person the desk's tickets name. */
export interface BenchPerson {
  uid: string;
  displayName: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CATEGORIES = ['Billing', 'Technical', 'Account', 'Feature request', 'Other'];

/**
 * The tickets and ratings of the benchmark desk.
 * @param count tickets to make (10 000 in the benchmarks).
 * @param now ms since the epoch: the newest ticket is a few minutes old.
 * @param firstNumber the first ticket number (after the seeded desk's).
 * @returns tickets (ids `bench-{number}`) and one rating for about a third of the solved ones.
 */
export function benchReportDesk(
  count: number,
  now: number,
  firstNumber: number,
  people: { customers: BenchPerson[]; agents: BenchPerson[] },
): { tickets: Ticket[]; ratings: SatisfactionRating[] } {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const iso = (ms: number) => new Date(ms).toISOString();
  const tickets: Ticket[] = [];
  const ratings: SatisfactionRating[] = [];
  const start = now - 90 * DAY;
  for (let i = 0; i < count; i += 1) {
    const number = firstNumber + i;
    const created = Math.floor(start + ((i + rand()) * (90 * DAY - 10 * MINUTE)) / count);
    const requester = pick(people.customers);
    const agent = rand() < 0.9 ? pick(people.agents) : undefined;
    const priority: Priority = pick([...PRIORITIES, 'normal', 'normal']);
    const age = now - created;
    const firstReply = created + Math.floor(MINUTE * (5 + rand() * (rand() < 0.8 ? 240 : 2400)));
    const solved = firstReply + Math.floor(HOUR * (0.5 + rand() * (rand() < 0.7 ? 24 : 120)));
    const roll = rand();
    let status: TicketStatus;
    if (firstReply > now) status = 'new';
    else if (solved > now || roll < 0.06) status = pick(['open', 'pending', 'on_hold'] as const);
    else status = solved + 4 * DAY < now ? 'closed' : 'solved';
    const answered = status !== 'new';
    const done = status === 'solved' || status === 'closed';
    const last = done ? (status === 'closed' ? solved + 4 * DAY : solved) : answered ? firstReply : created;
    const category = rand() < 0.92 ? pick(CATEGORIES) : undefined;
    tickets.push({
      id: `bench-${number}`,
      number,
      subject: `Bench ${number}: ${pick(['export', 'login', 'invoice', 'upload', 'refund'])} ${pick(['fails', 'is slow', 'errors'])}`,
      status,
      priority,
      ...(category && { category }),
      tags: [],
      requesterId: requester.uid,
      requesterName: requester.displayName,
      ...(agent && answered && { assigneeId: agent.uid, assigneeName: agent.displayName }),
      createdAt: iso(created),
      updatedAt: iso(last),
      lastMessageAt: iso(answered ? firstReply : created),
      lastMessageBy: answered ? 'agent' : 'customer',
      ...(answered && { firstResponseAt: iso(firstReply) }),
      ...(done && { solvedAt: iso(solved) }),
      ...(status === 'closed' && { closedAt: iso(solved + 4 * DAY) }),
    });
    if (done && rand() < 0.35 && age > HOUR) {
      ratings.push({
        ticketId: `bench-${number}`,
        requesterId: requester.uid,
        score: rand() < 0.8 ? 'good' : 'bad',
        createdAt: iso(Math.min(now, solved + HOUR)),
      });
    }
  }
  return { tickets, ratings };
}
