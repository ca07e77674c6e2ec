/**
 * The desks, opening hours and SLA policies the SLA tests share (`test/unit/domain/sla/` and
 * `test/unit/domain/settings-schema.test.ts`), with the instant helpers they read times through.
 */
import type { BusinessHours, OpeningHours, SlaPolicy, Weekday } from '@/domain/types';

/** A minute, in milliseconds. */
export const MIN = 60_000;
/** An hour, in milliseconds. */
export const HOUR = 60 * MIN;

/** ms since the epoch of an ISO instant. */
export const at = (iso: string): number => Date.parse(iso);
/** An ISO instant of ms since the epoch (`undefined` stays so). */
export const isoOf = (ms: number | undefined): string | undefined =>
  ms === undefined ? undefined : new Date(ms).toISOString();

/** Open 09:00–17:00 (minutes after local midnight). */
export const NINE_TO_FIVE: OpeningHours = { open: 9 * 60, close: 17 * 60 };
/** Open the whole day. */
export const ALL_DAY: OpeningHours = { open: 0, close: 24 * 60 };

/** A week open `hours` on each of `days`, closed on the others. */
export function weekOf(days: readonly Weekday[], hours: OpeningHours): BusinessHours['week'] {
  return Object.fromEntries(days.map((day) => [day, hours]));
}

/** Monday to Friday. */
export const WEEKDAYS_ONLY = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
/** Every day of the week. */
export const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A desk open Monday to Friday, 09:00–17:00 in `timeZone`. */
export function nineToFive(timeZone: string, holidays: string[] = []): BusinessHours {
  return { timeZone, week: weekOf(WEEKDAYS_ONLY, NINE_TO_FIVE), holidays };
}

/** The nine-to-five desk in UTC. */
export const UTC_DESK = nineToFive('UTC');

/** 2 h first reply, 4 h next reply, 16 h (two desk days) resolution, in business hours. */
export const POLICY: SlaPolicy = {
  firstReplyMinutes: 120,
  nextReplyMinutes: 240,
  resolutionMinutes: 960,
  hours: 'business',
};
/** 30 min, 1 h, 4 h around the clock. */
export const CALENDAR: SlaPolicy = {
  firstReplyMinutes: 30,
  nextReplyMinutes: 60,
  resolutionMinutes: 240,
  hours: 'calendar',
};
