/**
 * The demo desk's last {@link HISTORY_DAYS} days (DESIGN §11's reports need them): two or three
 * requests a day — one or two on weekends — each played forward through the app's own plans:
 * submitted, triaged (assigned and tagged, which opens it), answered, sometimes waiting on the
 * requester and answered again, solved, closed by the system actor the desk's close-after days
 * later, often rated. Reply and solve times are drawn against the desk's SLA policy, most within
 * their targets and some past them, so reports over 7, 30 and 90 days show real volumes, times,
 * SLA achievement both ways, agents, categories, priorities and ratings.
 */
import type { LifecycleEvent } from '@/domain/lifecycle';
import { planReply } from '@/domain/plans/reply';
import { planStatusMove } from '@/domain/plans/status-move';
import { planTicketPatch } from '@/domain/plans/ticket-patch';
import { applyTicketWrite, type TicketChangePlan } from '@/domain/plans/ticket-write';
import type { SatisfactionRating } from '@/domain/satisfaction';
import { planAutoClose, SYSTEM_ACTOR_ID } from '@/domain/sla/automation';
import { addBusinessMs } from '@/domain/sla/business-hours';
import { slaStateAfter } from '@/domain/sla/ticket-sla';
import {
  PRIORITIES,
  WEEKDAYS,
  type AuditEvent,
  type DeskSettings,
  type Message,
  type Priority,
  type SlaPolicy,
  type Ticket,
  type UserProfile,
} from '@/domain/types';
import { isoAt } from '@/backend/local/core/context';
import { newId, newSortableId } from '@/backend/local/core/ids';
import { HISTORY_STORIES, type HistoryStory } from '@/backend/local/seed/scenarios';
import { auditEvent, auditEventsOf } from '@/backend/local/tickets/audit-records';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How many days of history the demo desk has, today included. */
export const HISTORY_DAYS = 90;

/** One played ticket: the ticket as it stands now, its conversation, its audit trail, its rating. */
export interface PlayedTicket {
  ticket: Ticket;
  messages: Message[];
  events: AuditEvent[];
  rating?: SatisfactionRating;
}

/** Who takes part in the history. */
export interface HistoryPeople {
  /**
   * The requesters. The first (Dana, whose portal the demo opens first) files one request in
   * twelve, so her list stays within two pages; the others share the rest.
   */
  customers: readonly UserProfile[];
  /** Those who answer: the first two take most tickets, the third (the admin) fewer. */
  staff: readonly UserProfile[];
}

/** Share of tickets without a category. */
const UNCATEGORISED = 0.08;
/** Chances of meeting each target (the rest miss it). */
const MEETS = { firstReply: 0.78, nextReply: 0.75, resolution: 0.8 } as const;
/** Share of solved tickets rated, and of ratings that are bad, with or without a time drawn late. */
const RATED = 0.68;
const BAD_WHEN_LATE = 0.5;
const BAD_OTHERWISE = 0.12;
/** What requesters wrote with their ratings (`''`: no comment). */
const GOOD_COMMENTS = ['Quick and clear, thank you.', '', 'Sorted in minutes — great.', '', 'Very helpful, thanks!'];
const BAD_COMMENTS = ['Took too long to hear back.', '', 'I had to explain it twice.', 'A workaround is not a fix.'];

/** The tickets' priorities, weighted as a desk sees them: mostly normal, few urgent. */
const PRIORITY_WEIGHTS: Record<Priority, number> = { low: 0.25, normal: 0.42, high: 0.22, urgent: 0.11 };

/** A timestamp in whole seconds, rounded up (so a later step never lands before an earlier one). */
const wholeSecond = (ms: number): number => Math.ceil(ms / 1000) * 1000;

/** The instant `ms` of the policy's counted time (business or calendar hours) after `from`. */
function counting(from: number, ms: number, policy: SlaPolicy, desk: DeskSettings): number {
  if (policy.hours === 'calendar') return from + ms;
  return addBusinessMs(from, ms, desk.businessHours) ?? from + ms;
}

/** Calendar time per counted time under the policy: 1 in calendar hours, else the week over its open time. */
function calendarPerCounted(policy: SlaPolicy, desk: DeskSettings): number {
  if (policy.hours === 'calendar') return 1;
  const open = WEEKDAYS.reduce((sum, day) => {
    const hours = desk.businessHours.week[day];
    return sum + (hours ? hours.close - hours.open : 0);
  }, 0);
  return open > 0 ? (7 * 24 * 60) / open : 1;
}

/** What one history ticket is drawn to be, before it is played. */
interface HistoryDraw {
  story: HistoryStory;
  requester: UserProfile;
  agent: UserProfile;
  priority: Priority;
  category: string | undefined;
  createdMs: number;
}

/**
 * Plays one history ticket forward. Each change goes through the plan the app itself makes
 * (`planTicketPatch`, `planReply`, `planStatusMove`, `planAutoClose`), and the SLA record follows
 * every write as trusted code keeps it (`slaStateAfter`) — but for the pause of the final status,
 * which the write that stores the ticket opens (the local middleware, `ticketWritten`).
 * @returns `null` when the story would not be over by `now`.
 */
function playHistoryTicket(
  draw: HistoryDraw,
  desk: DeskSettings,
  now: number,
  random: () => number,
): PlayedTicket | null {
  const { story, requester, agent, priority, createdMs } = draw;
  const policy = desk.sla[priority];
  const between = (low: number, high: number) => low + (high - low) * random();
  /** Whether a time was drawn past its target. */
  let late = false;
  /**
   * A fraction of a target: within it with the chance `meets` — most well within (the higher
   * `skew`, the sooner) — else up to `most` times it.
   */
  const fraction = (meets: number, most = 2, skew = 2): number => {
    if (random() < meets) return 0.05 + 0.85 * random() ** skew;
    late = true;
    return between(1.1, most);
  };

  // The times, drawn first: the first reply, the requester's answer and the reply to it (when
  // the story has them and the ticket waits on the requester), and the solve.
  const firstReplyMs = wholeSecond(
    Math.max(
      createdMs + 2 * MINUTE,
      counting(createdMs, fraction(MEETS.firstReply, 1.8, 3) * policy.firstReplyMinutes * MINUTE, policy, desk),
    ),
  );
  const triageMs = wholeSecond(Math.max(createdMs + MINUTE, firstReplyMs - between(1, 20) * MINUTE));
  const waits = story.answer !== undefined && story.followUp !== undefined && random() < 0.8;
  const answerMs = waits ? wholeSecond(firstReplyMs + between(1, 30) * HOUR) : undefined;
  const followUpMs =
    answerMs === undefined
      ? undefined
      : wholeSecond(
          Math.max(
            answerMs + 2 * MINUTE,
            counting(answerMs, fraction(MEETS.nextReply) * policy.nextReplyMinutes * MINUTE, policy, desk),
          ),
        );
  // Resolution counts from submission, less the wait on the requester. Its targets run to weeks
  // of business time: the solve is placed by the policy's average pace (calendar time per counted
  // time) and then at the next open moment, which is close enough to land on the drawn side of the
  // target nearly always — and keeps the seed fast (business-hours arithmetic walks day by day).
  const resolutionMs = fraction(MEETS.resolution, 1.4, 4) * policy.resolutionMinutes * MINUTE;
  const lastReplyMs = followUpMs ?? firstReplyMs;
  const pace = calendarPerCounted(policy, desk);
  const used = answerMs === undefined ? 0 : (firstReplyMs - createdMs) / pace;
  const resumedMs = answerMs ?? createdMs;
  const planned = counting(resumedMs + Math.max(0, resolutionMs - used) * pace, between(0, 30) * MINUTE, policy, desk);
  // Simple questions are often answered and solved in one go, as is a reply to the requester's answer.
  const solvesWithReply = random() < (waits ? 0.5 : 0.35);
  const solvedMs = solvesWithReply ? lastReplyMs : wholeSecond(Math.max(lastReplyMs + 10 * MINUTE, planned));
  if (solvedMs > now - 10 * MINUTE) return null;

  let ticket: Ticket = {
    id: newId(),
    number: 0,
    subject: story.subject,
    status: 'new',
    priority,
    ...(draw.category === undefined ? {} : { category: draw.category }),
    tags: [],
    requesterId: requester.uid,
    requesterName: requester.displayName,
    createdAt: isoAt(createdMs),
    updatedAt: isoAt(createdMs),
    lastMessageAt: isoAt(createdMs),
    lastMessageBy: 'customer',
  };
  ticket.sla = slaStateAfter(null, ticket);
  const messages: Message[] = [];
  const events: AuditEvent[] = [];

  const apply = (plan: TicketChangePlan, actorId: string, ms: number): void => {
    const next = applyTicketWrite(ticket, plan.write, isoAt(ms));
    next.sla = slaStateAfter(ticket, next);
    ticket = next;
    events.push(...auditEventsOf(ticket.id, plan.events, actorId, ms));
  };
  /** A message, with the lifecycle event it fires (`planReply`: "reply and set pending", "reply and solve"). */
  const say = (
    author: UserProfile,
    body: string,
    ms: number,
    options: { internal?: boolean; event?: LifecycleEvent },
  ) => {
    const internal = options.internal ?? false;
    const plan = planReply({
      ticket,
      actor: author,
      internal,
      attachmentCount: 0,
      event: options.event,
      expectedUpdatedAt: ticket.updatedAt,
      assignOnReply: desk.assignOnReply,
      // The demo's history fills its required fields before it solves (demo-desk.ts).
      fields: null,
    });
    messages.push({
      id: newSortableId(ms),
      ticketId: ticket.id,
      ...plan.author,
      body,
      attachments: [],
      createdAt: isoAt(ms),
    });
    apply(plan, author.uid, ms);
  };

  // Submitted by the requester.
  messages.push({
    id: newSortableId(createdMs),
    ticketId: ticket.id,
    authorId: requester.uid,
    authorName: requester.displayName,
    authorRole: requester.role,
    body: story.description,
    internal: false,
    attachments: [],
    createdAt: isoAt(createdMs),
  });
  events.push(auditEvent(ticket.id, 'status', null, 'new', requester.uid, createdMs));
  // Triaged: assigned (which opens it) and tagged, with a note when the story has one.
  apply(
    planTicketPatch({
      ticket,
      patch: { assigneeId: agent.uid, tags: story.tags },
      actor: agent,
      assignee: agent,
      expectedUpdatedAt: undefined,
    }),
    agent.uid,
    triageMs,
  );
  if (story.note && random() < 0.6) say(agent, story.note, triageMs, { internal: true });
  // Answered; a question leaves it pending until the requester answers, which reopens it.
  const solveWith = solvesWithReply ? 'solve' : undefined;
  if (answerMs !== undefined && followUpMs !== undefined) {
    say(agent, story.reply, firstReplyMs, { event: 'await_customer' });
    say(requester, story.answer ?? '', answerMs, {});
    say(agent, story.followUp ?? '', followUpMs, { event: solveWith });
  } else {
    say(agent, story.reply, firstReplyMs, { event: solveWith });
  }
  if (!solvesWithReply) apply(planStatusMove(ticket, 'solve', agent, null), agent.uid, solvedMs);

  // Closed by the system actor the desk's close-after days after the solve, once that has passed.
  const closeMs = solvedMs + desk.closeAfterDays * DAY;
  const close = planAutoClose(ticket, desk.closeAfterDays, closeMs);
  if (close && closeMs <= now) apply(close, SYSTEM_ACTOR_ID, closeMs);

  // The pause of the final status is opened by the write that stores the ticket.
  const last = ticket.sla?.pauses.at(-1);
  if (ticket.sla && last && last.to === undefined) {
    ticket.sla = { ...ticket.sla, pauses: ticket.sla.pauses.slice(0, -1) };
  }

  let rating: SatisfactionRating | undefined;
  if (random() < RATED) {
    const bad = random() < (late ? BAD_WHEN_LATE : BAD_OTHERWISE);
    const comments = bad ? BAD_COMMENTS : GOOD_COMMENTS;
    const comment = comments[Math.floor(random() * comments.length)] ?? '';
    const ratedMs = wholeSecond(solvedMs + between(20 * MINUTE, 30 * HOUR));
    if (ratedMs < now) {
      rating = {
        ticketId: ticket.id,
        requesterId: requester.uid,
        score: bad ? 'bad' : 'good',
        ...(comment ? { comment } : {}),
        createdAt: isoAt(ratedMs),
      };
    }
  }
  return { ticket, messages, events, ...(rating ? { rating } : {}) };
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`The history refers to a missing item ${index}.`);
  return item;
}

/** A draw from {@link PRIORITY_WEIGHTS} among the story's priorities. */
function drawPriority(story: HistoryStory, random: () => number): Priority {
  const options = PRIORITIES.filter((priority) => story.priorities.includes(priority));
  const total = options.reduce((sum, priority) => sum + PRIORITY_WEIGHTS[priority], 0);
  let left = random() * total;
  for (const priority of options) {
    left -= PRIORITY_WEIGHTS[priority];
    if (left < 0) return priority;
  }
  return options.at(-1) ?? 'normal';
}

/** When a request of that day comes in: mostly in office hours on weekdays, any time at weekends. */
function drawCreatedMs(dayStart: number, weekend: boolean, random: () => number): number {
  const hours = !weekend && random() < 0.75 ? 8 + 10 * random() : 24 * random();
  return wholeSecond(dayStart + hours * HOUR);
}

/**
 * The desk's history: requests created on each of the last {@link HISTORY_DAYS} days (days of
 * the desk's zone as UTC dates: the seeded desk keeps UTC), each played to its end — closed when
 * solved more than the desk's close-after days ago, else solved; those not over by `now` are left
 * out. Deterministic for one `now` and `random` (but for ids). Unnumbered (`number: 0`).
 * @param now ms since the epoch; every timestamp lies before it.
 * @param desk the desk settings the story is played under (SLA policy, business hours, close-after days).
 * @param random a seeded PRNG returning [0, 1).
 * @returns about 210 tickets, oldest first.
 */
export function playHistory(
  now: number,
  people: HistoryPeople,
  desk: DeskSettings,
  random: () => number,
): PlayedTicket[] {
  const [firstCustomer, ...otherCustomers] = people.customers;
  if (!firstCustomer || people.staff.length === 0) throw new Error('The history needs customers and staff.');
  const today = Math.floor(now / DAY) * DAY;
  const played: PlayedTicket[] = [];
  let index = 0;
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = today - daysAgo * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const count = weekend ? (random() < 0.7 ? 1 : 2) : 2 + (random() < 0.65 ? 1 : 0) + (random() < 0.15 ? 1 : 0);
    for (let k = 0; k < count; k += 1) {
      const story = pick(HISTORY_STORIES, Math.floor(random() * HISTORY_STORIES.length));
      const staffRoll = random();
      const agent = pick(
        people.staff,
        Math.min(people.staff.length - 1, staffRoll < 0.42 ? 0 : staffRoll < 0.82 ? 1 : 2),
      );
      const requester =
        index % 12 === 5 || otherCustomers.length === 0
          ? firstCustomer
          : pick(otherCustomers, index % otherCustomers.length);
      const draw: HistoryDraw = {
        story,
        requester,
        agent,
        priority: drawPriority(story, random),
        category: random() < UNCATEGORISED ? undefined : story.category,
        createdMs: drawCreatedMs(dayStart, weekend, random),
      };
      index += 1;
      if (draw.createdMs > now - 2 * HOUR) continue;
      const ticket = playHistoryTicket(draw, desk, now, random);
      if (ticket) played.push(ticket);
    }
  }
  return played;
}
