/**
 * `settings/desk` (DESIGN §3, §10) as an admin may save it. Both adapters validate with this one
 * schema, so stored settings are well-formed for every reader, whichever backend wrote them.
 */
import { z } from 'zod/mini';
import { bodySchema } from '@/domain/schemas';
import { isKnownTimeZone } from '@/domain/sla/business-hours';
import { PRIORITIES, WEEKDAYS, type DeskSettings, type Priority, type Weekday } from '@/domain/types';

/**
 * The desk settings a new desk starts with (kept out of `types.ts`, which the sign-in route
 * carries: nothing before sign-in needs them).
 */
export const DEFAULT_DESK_SETTINGS: DeskSettings = {
  deskName: 'Triage',
  categories: ['Billing', 'Technical', 'Account', 'Other'],
  archivedCategories: [],
  closeAfterDays: 4,
  businessHours: {
    timeZone: 'UTC',
    week: Object.fromEntries(
      (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, { open: 9 * 60, close: 17 * 60 }]),
    ),
    holidays: [],
  },
  sla: {
    low: { firstReplyMinutes: 24 * 60, nextReplyMinutes: 24 * 60, resolutionMinutes: 5 * 24 * 60, hours: 'business' },
    normal: { firstReplyMinutes: 8 * 60, nextReplyMinutes: 8 * 60, resolutionMinutes: 3 * 24 * 60, hours: 'business' },
    high: { firstReplyMinutes: 2 * 60, nextReplyMinutes: 4 * 60, resolutionMinutes: 24 * 60, hours: 'business' },
    urgent: { firstReplyMinutes: 30, nextReplyMinutes: 60, resolutionMinutes: 4 * 60, hours: 'calendar' },
  },
  assignOnReply: true,
};

/** The longest SLA target: a year, in minutes. */
export const MAX_SLA_MINUTES = 365 * 24 * 60;
/** The most holidays a desk keeps. */
export const MAX_HOLIDAYS = 100;
/** The most categories, active and archived together. */
export const MAX_CATEGORIES = 50;

/** The refusal of an SLA target out of range (or missing): it names the range, never clamps (guide §7). */
const SLA_RANGE = `An SLA target is 1 to ${MAX_SLA_MINUTES} minutes.`;
const minutes = z
  .number({ error: SLA_RANGE })
  .check(z.int('SLA targets are whole minutes.'), z.gte(1, SLA_RANGE), z.lte(MAX_SLA_MINUTES, SLA_RANGE));

/** One priority's SLA policy (DESIGN §10). */
export const slaPolicySchema = z.object({
  firstReplyMinutes: minutes,
  nextReplyMinutes: minutes,
  resolutionMinutes: minutes,
  hours: z.enum(['business', 'calendar']),
});

const minuteOfDay = z.number().check(z.int(), z.gte(0), z.lte(24 * 60));

/** One day's opening hours: whole minutes after midnight, opening before closing. */
export const openingHoursSchema = z
  .object({ open: minuteOfDay, close: minuteOfDay })
  .check(z.refine((hours) => hours.open < hours.close, 'A day closes after it opens.'));

/** A local date `YYYY-MM-DD` that exists in the calendar. */
const localDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A holiday is a date (YYYY-MM-DD).'),
  z.refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'A holiday is a date that exists.',
  ),
);

/** The desk's business hours (DESIGN §10): a known IANA zone, a week with at least one open day, holidays. */
export const businessHoursSchema = z.object({
  timeZone: z.string().check(
    z.maxLength(60),
    z.refine((zone) => isKnownTimeZone(zone), 'Choose a time zone from the list.'),
  ),
  week: z
    .object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, z.optional(openingHoursSchema)])) as Record<
        Weekday,
        z.ZodMiniOptional<typeof openingHoursSchema>
      >,
    )
    .check(
      z.refine(
        (week) => WEEKDAYS.some((day) => week[day] !== undefined),
        'Open the desk on at least one day of the week.',
      ),
    ),
  holidays: z.array(localDate).check(
    z.maxLength(MAX_HOLIDAYS, 'At most 100 holidays.'),
    z.refine((days) => new Set(days).size === days.length, 'Each holiday once.'),
  ),
});

/** One canned reply: an id, a title of 1–100 characters (trimmed) and a message body. */
export const cannedReplySchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'A canned reply needs a title.'),
      z.maxLength(100, 'A title has at most 100 characters.'),
    ),
  body: bodySchema,
});

const categoryName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A category needs a name.'),
    z.maxLength(60, 'A category has at most 60 characters.'),
  );

const deskNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'The desk needs a name.'), z.maxLength(60, 'A desk name has at most 60 characters.'));

const CLOSE_RANGE = 'Close after 1 to 365 days.';
const closeAfterDaysSchema = z
  .number({ error: CLOSE_RANGE })
  .check(z.int('Close after a whole number of days.'), z.gte(1, CLOSE_RANGE), z.lte(365, CLOSE_RANGE));

/**
 * `settings/desk` as an admin saves it: name, categories (active and archived, each name once),
 * close-after days, business hours, the SLA policy per priority and assign-on-reply. Canned
 * replies are not part of it: they change only through their own save (agents may change them
 * too), so saving the desk never writes back a stale copy of them.
 */
export const deskSettingsSchema = z
  .object({
    deskName: deskNameSchema,
    categories: z.array(categoryName),
    archivedCategories: z.array(categoryName),
    closeAfterDays: closeAfterDaysSchema,
    businessHours: businessHoursSchema,
    sla: z.object(
      Object.fromEntries(PRIORITIES.map((priority) => [priority, slaPolicySchema])) as Record<
        Priority,
        typeof slaPolicySchema
      >,
    ),
    assignOnReply: z.boolean(),
  })
  .check(
    z.refine(
      (desk) => desk.categories.length + desk.archivedCategories.length <= MAX_CATEGORIES,
      'At most 50 categories.',
    ),
    z.refine((desk) => {
      const names = [...desk.categories, ...desk.archivedCategories].map((name) => name.toLowerCase());
      return new Set(names).size === names.length;
    }, 'Each category name once.'),
  );

/**
 * The desk settings from a stored `settings/desk` (any shape, e.g. written before a field
 * existed): each field that is missing or malformed is taken from {@link DEFAULT_DESK_SETTINGS},
 * field by field (one bad SLA row does not reset the others). Canned replies are not read here.
 * @returns settings every reader may trust.
 */
export function deskSettingsFrom(stored: unknown): DeskSettings {
  const data = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const defaults = DEFAULT_DESK_SETTINGS;
  const pick = <T>(schema: z.ZodMiniType<T>, value: unknown, fallback: T): T => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : structuredClone(fallback);
  };
  const slaData = typeof data.sla === 'object' && data.sla !== null ? (data.sla as Record<string, unknown>) : {};
  return {
    deskName: pick(deskNameSchema, data.deskName, defaults.deskName),
    categories: pick(z.array(categoryName), data.categories, defaults.categories),
    archivedCategories: pick(z.array(categoryName), data.archivedCategories, defaults.archivedCategories),
    closeAfterDays: pick(closeAfterDaysSchema, data.closeAfterDays, defaults.closeAfterDays),
    businessHours: pick(businessHoursSchema, data.businessHours, defaults.businessHours),
    sla: Object.fromEntries(
      PRIORITIES.map((priority) => [priority, pick(slaPolicySchema, slaData[priority], defaults.sla[priority])]),
    ) as DeskSettings['sla'],
    assignOnReply: typeof data.assignOnReply === 'boolean' ? data.assignOnReply : defaults.assignOnReply,
  };
}
