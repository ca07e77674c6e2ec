/**
 * Business-hours arithmetic (DESIGN §10): how much of a span of time falls in the desk's opening
 * hours, and when a given amount of business time runs out. Local days, opening times and
 * holidays are read in the desk's IANA time zone with dayjs's `timezone` plugin (Intl's zone
 * data), so weekends, holidays and DST changes fall where the desk's clock puts them; nothing here
 * adds hours to a UTC time by hand.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { WEEKDAYS, type BusinessHours, type OpeningHours, type Weekday } from '@/domain/types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How far ahead a due time is looked for: ten years of days (a schedule with no open day has none). */
const MAX_DAYS = 3660;

/** A span of time in ms since the epoch, `from` included, `to` excluded. */
export interface Span {
  from: number;
  to: number;
}

/**
 * Results of the calendar arithmetic below, which dayjs's zone parsing makes slow (tens of µs a
 * call) and every clock repeats day after day: a date's weekday and next date, and a local
 * date and minute's instant in a zone, never change. Bounded so a long-lived tab cannot grow it.
 */
const MEMO_LIMIT = 20_000;
const memo = new Map<string, string | number>();
function remembered<T extends string | number>(key: string, compute: () => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known as T;
  const value = compute();
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/** The weekday of a local date `YYYY-MM-DD` (a date has one weekday whatever the zone). */
function weekdayOf(date: string): Weekday {
  // dayjs: 0 = Sunday; WEEKDAYS starts on Monday.
  return remembered(`w|${date}`, () => WEEKDAYS[(dayjs.utc(date).day() + 6) % 7] as Weekday);
}

function nextDate(date: string): string {
  return remembered(`n|${date}`, () => dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD'));
}

function previousDate(date: string): string {
  return remembered(`p|${date}`, () => dayjs.utc(date).subtract(1, 'day').format('YYYY-MM-DD'));
}

/** The instant of a local date and minute of that day in `timeZone` (1440 = the next midnight). */
function instantOf(date: string, minute: number, timeZone: string): number {
  return remembered(`i|${timeZone}|${date}|${minute}`, () => {
    if (minute >= 24 * 60) return dayjs.tz(nextDate(date), timeZone).valueOf();
    const hh = String(Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    return dayjs.tz(`${date} ${hh}:${mm}`, timeZone).valueOf();
  });
}

/** One date formatter per zone (its parts, not its locale's order, make the date). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date `YYYY-MM-DD` in `timeZone` at an instant (ms). */
export function localDateOf(ms: number, timeZone: string): string {
  // Intl throws on an invalid time; dayjs says "Invalid Date", as this did before.
  if (!Number.isFinite(ms)) return dayjs(ms).tz(timeZone).format('YYYY-MM-DD');
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The opening hours of a local date: none on holidays and on days the week leaves out. */
function openingOn(date: string, hours: BusinessHours): OpeningHours | undefined {
  if (hours.holidays.includes(date)) return undefined;
  return hours.week[weekdayOf(date)];
}

/** Whether the schedule opens at all (some weekday has hours): without it no due time exists. */
export function opensAtAll(hours: BusinessHours): boolean {
  return WEEKDAYS.some((day) => hours.week[day] !== undefined);
}

/**
 * The desk's open spans, in order, from the local day of `from` on, each clipped to start no
 * earlier than `from`; stops after {@link MAX_DAYS} days.
 */
function* openSpansFrom(from: number, hours: BusinessHours): Generator<Span> {
  // The local day before too: a span that opened yesterday may still be open (a zone far from UTC).
  let date = previousDate(localDateOf(from, hours.timeZone));
  for (let day = 0; day < MAX_DAYS; day += 1, date = nextDate(date)) {
    const opening = openingOn(date, hours);
    if (!opening) continue;
    const open = instantOf(date, opening.open, hours.timeZone);
    const close = instantOf(date, opening.close, hours.timeZone);
    if (close <= from) continue;
    yield { from: Math.max(open, from), to: close };
  }
}

/**
 * The business time within a span: the part of `[from, to)` inside the desk's opening hours.
 * @param from ms since the epoch; `to` likewise (a span with `to ≤ from` holds none).
 * @returns milliseconds.
 */
export function businessMsBetween(from: number, to: number, hours: BusinessHours): number {
  if (to <= from || !opensAtAll(hours)) return 0;
  let total = 0;
  for (const span of openSpansFrom(from, hours)) {
    if (span.from >= to) break;
    total += Math.min(span.to, to) - span.from;
  }
  return total;
}

/**
 * The instant at which `ms` of business time, counted from `from`, has passed: the desk's opening
 * hours only, in its time zone, skipping closed days and holidays.
 * @param from ms since the epoch; `ms` ≥ 0.
 * @returns ms since the epoch; `undefined` when the schedule never opens (no weekday has hours).
 */
export function addBusinessMs(from: number, ms: number, hours: BusinessHours): number | undefined {
  if (!opensAtAll(hours)) return undefined;
  let left = ms;
  for (const span of openSpansFrom(from, hours)) {
    const length = span.to - span.from;
    if (left <= length) {
      // A target that runs out exactly at closing is due at closing, not at the next opening.
      return span.from + left;
    }
    left -= length;
  }
  return undefined;
}

/** Whether a string names a time zone the platform's Intl knows (IANA, e.g. `America/New_York`). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
