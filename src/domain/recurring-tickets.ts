/**
 * Recurring tickets (DESIGN §10 "Recurring tickets"): a ticket trusted code creates on a schedule —
 * daily, weekly or monthly, at a time of day on the desk's clock (its business hours' IANA time
 * zone) — from a template an admin keeps on /admin/automations. The ticket is submitted as the
 * admin who last saved the template would submit it (`planNewTicket`), so the lifecycle, the
 * audit trail, the SLA clocks, the triggers and the emails follow as for any request.
 *
 * Each occurrence has one ticket, with an id made from the template's id and the occurrence's
 * instant (`recurringTicketId`): trusted code creates it only when no ticket has that id, so a
 * retried or concurrent pass — two tabs, two function instances — writes it once. A pass creates
 * the latest occurrence that is due and came after the template was last saved; occurrences
 * missed while nothing ran are not made up (one ticket, not a burst of stale ones).
 *
 * The calendar: a date's occurrence is the schedule's time on that local date. A monthly day past
 * the month's end falls on its last day (31 → 30 April, 28 or 29 February). A time that the
 * clock skips when DST starts runs an hour later (02:30 → 03:30, as RFC 5545 says); a time the
 * clock passes twice when DST ends runs once, at the second (dayjs's `tz`, from Intl's zone data).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod/mini';
import { localDateOf } from '@/domain/sla/business-hours';
import { planNewTicket, type NewTicketPlan } from '@/domain/plans/new-ticket';
import type { ActingUser } from '@/domain/plans/ticket-write';
import { bodySchema, prioritySchema, subjectSchema, tagsSchema } from '@/domain/schemas';
import { PRIORITIES, WEEKDAYS, type Priority, type Weekday } from '@/domain/types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How many recurring tickets a desk keeps (a pass reads each one every 5 minutes). */
export const MAX_RECURRING_TICKETS = 50;

/** How often a recurring ticket comes. */
export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/**
 * When a recurring ticket comes: `time` is `HH:mm` on the desk's clock; a weekly one names its
 * `weekday`, a monthly one its `dayOfMonth` (1–31; past the month's end, its last day).
 */
export interface RecurringSchedule {
  frequency: RecurringFrequency;
  time: string;
  weekday?: Weekday;
  dayOfMonth?: number;
}

/**
 * A recurring ticket's template as an admin saves it. `subject` may hold `{{date}}`, the
 * occurrence's local date (`YYYY-MM-DD`); no other placeholder is known.
 */
export interface RecurringTicketInput {
  /** The store's key: 1–128 letters, digits, `_` or `-`. */
  id: string;
  title: string;
  active: boolean;
  schedule: RecurringSchedule;
  subject: string;
  description: string;
  priority: Priority;
  /** Trimmed; absent when none. */
  category?: string;
  tags: string[];
}

/** A recurring ticket as stored: the template, when it was last saved (ISO-8601 UTC) and by whom (its tickets' requester). */
export interface RecurringTicket extends RecurringTicketInput {
  updatedAt: string;
  updatedBy: string;
}

/** The placeholders a recurring ticket's subject may hold. */
export const RECURRING_PLACEHOLDERS = ['date'] as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A recurring ticket's id: 1–128 letters, digits, `_` or `-` (a Firestore document id). */
export const recurringTicketIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'This is not a recurring ticket id.'));

/** A schedule: a weekly one needs its weekday, a monthly one its day of the month, and neither has the other's. */
export const recurringScheduleSchema = z
  .object({
    frequency: z.enum(RECURRING_FREQUENCIES),
    time: z.string().check(z.regex(TIME_PATTERN, 'Give the time as hours and minutes, 00:00 to 23:59.')),
    weekday: z.optional(z.enum(WEEKDAYS)),
    dayOfMonth: z.optional(
      z
        .number()
        .check(
          z.int('The day of the month is a whole number from 1 to 31.'),
          z.gte(1, 'The day of the month is a whole number from 1 to 31.'),
          z.lte(31, 'The day of the month is a whole number from 1 to 31.'),
        ),
    ),
  })
  .check(
    z.refine(
      (schedule) => schedule.frequency !== 'weekly' || schedule.weekday !== undefined,
      'A weekly ticket needs its day of the week.',
    ),
    z.refine(
      (schedule) => schedule.frequency !== 'monthly' || schedule.dayOfMonth !== undefined,
      'A monthly ticket needs its day of the month.',
    ),
    z.refine(
      (schedule) =>
        (schedule.frequency === 'weekly' || schedule.weekday === undefined) &&
        (schedule.frequency === 'monthly' || schedule.dayOfMonth === undefined),
      'A schedule names only the day its frequency uses.',
    ),
  );

/** The placeholders of a text that are not {@link RECURRING_PLACEHOLDERS}. */
export function unknownRecurringPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !(RECURRING_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** A recurring ticket's template (all but its id and who saved it when). */
export const recurringTicketSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the recurring ticket a name.'),
      z.maxLength(100, 'A recurring ticket’s name has at most 100 characters.'),
    ),
  active: z.boolean(),
  schedule: recurringScheduleSchema,
  subject: subjectSchema.check(
    z.refine(
      (subject: string) => unknownRecurringPlaceholders(subject).length === 0,
      'A subject may hold the date’s placeholder and no other.',
    ),
  ),
  description: bodySchema,
  priority: prioritySchema,
  category: z.optional(z.string().check(z.trim(), z.maxLength(60, 'A category has at most 60 characters.'))),
  tags: tagsSchema,
});

/**
 * A stored recurring ticket as read (a document an admin client wrote): the template, or `null`
 * when it is malformed — trusted code never runs one, and the admin screen does not list it.
 */
export function recurringTicketFrom(
  id: string,
  stored: unknown,
  saved: { updatedAt: string; updatedBy: string },
): RecurringTicket | null {
  if (!recurringTicketIdSchema.safeParse(id).success) return null;
  const parsed = recurringTicketSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { category, ...template } = parsed.data as Omit<RecurringTicketInput, 'id'>;
  return { id, ...template, ...(category ? { category } : {}), ...saved };
}

/** The number of days of a local date's month. */
function daysInMonth(date: string): number {
  return dayjs.utc(date).daysInMonth();
}

/** Whether a local date `YYYY-MM-DD` has an occurrence of the schedule. */
function occursOn(schedule: RecurringSchedule, date: string): boolean {
  if (schedule.frequency === 'daily') return true;
  if (schedule.frequency === 'weekly') return WEEKDAYS[(dayjs.utc(date).day() + 6) % 7] === schedule.weekday;
  const day = Number(date.slice(8, 10));
  return day === Math.min(schedule.dayOfMonth ?? 1, daysInMonth(date));
}

/** The instant (ms) of the schedule's time on a local date in `timeZone`. */
function instantOn(schedule: RecurringSchedule, date: string, timeZone: string): number {
  return dayjs.tz(`${date} ${schedule.time}`, timeZone).valueOf();
}

/** How many local days a search for an occurrence walks: a monthly one is at most 31 days apart. */
const SEARCH_DAYS = 64;

/**
 * The latest occurrence of a schedule at or before `now`.
 * @param now ms since the epoch; `timeZone` an IANA zone (the desk's business hours').
 * @returns its instant in ms.
 */
export function latestOccurrence(schedule: RecurringSchedule, now: number, timeZone: string): number {
  // From the local day after today's (a zone's today can be tomorrow's instant after a DST shift) back.
  let date = dayjs.utc(localDateOf(now, timeZone)).add(1, 'day');
  for (let day = 0; day < SEARCH_DAYS; day += 1, date = date.subtract(1, 'day')) {
    const local = date.format('YYYY-MM-DD');
    if (!occursOn(schedule, local)) continue;
    const at = instantOn(schedule, local, timeZone);
    if (at <= now) return at;
  }
  throw new RangeError('A schedule has an occurrence every 31 days.');
}

/**
 * The first occurrence of a schedule after `after` (what the admin screen shows as "Next").
 * @param after ms since the epoch; `timeZone` an IANA zone.
 * @returns its instant in ms.
 */
export function nextOccurrence(schedule: RecurringSchedule, after: number, timeZone: string): number {
  let date = dayjs.utc(localDateOf(after, timeZone)).subtract(1, 'day');
  for (let day = 0; day < SEARCH_DAYS; day += 1, date = date.add(1, 'day')) {
    const local = date.format('YYYY-MM-DD');
    if (!occursOn(schedule, local)) continue;
    const at = instantOn(schedule, local, timeZone);
    if (at > after) return at;
  }
  throw new RangeError('A schedule has an occurrence every 31 days.');
}

/**
 * The occurrence a pass at `now` creates a ticket for: the latest one at or before `now`, when
 * the template is active and was saved before it (saving never back-fills a missed occurrence).
 * @returns its instant in ms, or `null` when none is due.
 */
export function dueOccurrence(
  recurring: Pick<RecurringTicket, 'active' | 'schedule' | 'updatedAt'>,
  now: number,
  timeZone: string,
): number | null {
  if (!recurring.active) return null;
  const at = latestOccurrence(recurring.schedule, now, timeZone);
  return at > Date.parse(recurring.updatedAt) ? at : null;
}

/**
 * The id of an occurrence's ticket: `recurring-<template id>-<instant in base 36>` (at most 150
 * characters, a Firestore document id). The same occurrence always gets the same id.
 */
export function recurringTicketId(recurringId: string, occurrence: number): string {
  return `recurring-${recurringId}-${occurrence.toString(36)}`;
}

/**
 * Plans an occurrence's ticket, as its requester (the admin who last saved the template) would
 * submit it: the subject with `{{date}}` as the occurrence's local date, the description, the
 * priority and category, and the template's tags.
 * @param requester the profile of `recurring.updatedBy`, as read by trusted code.
 * @throws AppError as `planNewTicket` does (`permission-denied` for a requester who may not submit).
 */
export function planRecurringTicket(
  recurring: RecurringTicket,
  occurrence: number,
  timeZone: string,
  requester: ActingUser,
): NewTicketPlan {
  const date = localDateOf(occurrence, timeZone);
  const subject = recurring.subject.replace(/\{\{\s*date\s*\}\}/g, date).slice(0, 150);
  const plan = planNewTicket(
    {
      subject,
      description: recurring.description,
      priority: recurring.priority,
      ...(recurring.category ? { category: recurring.category } : {}),
    },
    requester,
  );
  return { ...plan, ticket: { ...plan.ticket, tags: [...new Set(recurring.tags)].sort() } };
}

/** The priorities a template may name (the editor offers these). */
export const RECURRING_PRIORITIES = PRIORITIES;
