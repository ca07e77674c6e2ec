/**
 * SLA arithmetic and clocks (DESIGN §10), on fixed instants. Every expected time below was worked
 * out by hand from the calendar (2026-03-02 is a Monday; Europe/Berlin springs forward on Sunday
 * 2026-03-29, America/New_York falls back on Sunday 2026-11-01), with the desk's local time in
 * the comment beside it — none is computed by the code under test.
 */
import type { z } from 'zod/mini';
import {
  addBusinessMs,
  businessMsBetween,
  isKnownTimeZone,
  localDateOf,
  opensAtAll,
} from '@/domain/sla/business-hours';
import {
  AT_RISK_MS,
  nextSlaClock,
  PAUSING_STATUSES,
  slaClocks,
  slaDueAtOf,
  targetMinutes,
  urgencyOf,
  type SlaClock,
  type SlaTargetName,
  type SlaTicket,
} from '@/domain/sla/clocks';
import { businessHoursSchema, deskSettingsSchema, slaPolicySchema } from '@/domain/settings-schema';
import {
  NO_SLA_DUE,
  type BusinessHours,
  type DeskSettingsInput,
  type OpeningHours,
  type SlaPolicy,
  type Weekday,
} from '@/domain/types';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** ms since the epoch of an ISO instant. */
const at = (iso: string): number => Date.parse(iso);
/** An ISO instant of ms since the epoch (`undefined` stays so). */
const isoOf = (ms: number | undefined): string | undefined =>
  ms === undefined ? undefined : new Date(ms).toISOString();

const NINE_TO_FIVE: OpeningHours = { open: 9 * 60, close: 17 * 60 };
const ALL_DAY: OpeningHours = { open: 0, close: 24 * 60 };

function weekOf(days: readonly Weekday[], hours: OpeningHours): BusinessHours['week'] {
  return Object.fromEntries(days.map((day) => [day, hours]));
}

const WEEKDAYS_ONLY = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A desk open Monday to Friday, 09:00–17:00 in `timeZone`. */
function nineToFive(timeZone: string, holidays: string[] = []): BusinessHours {
  return { timeZone, week: weekOf(WEEKDAYS_ONLY, NINE_TO_FIVE), holidays };
}

const UTC_DESK = nineToFive('UTC');

describe('business hours', () => {
  describe('within one desk day (UTC desk, Mon–Fri 09:00–17:00)', () => {
    test('inside a day: the target runs out the same day', () => {
      // Tue 10:00 + 2 h = Tue 12:00.
      expect(isoOf(addBusinessMs(at('2026-03-03T10:00:00Z'), 2 * HOUR, UTC_DESK))).toBe('2026-03-03T12:00:00.000Z');
      // Tue 10:00 → Tue 15:30: 5 h 30 of business time.
      expect(businessMsBetween(at('2026-03-03T10:00:00Z'), at('2026-03-03T15:30:00Z'), UTC_DESK)).toBe(5.5 * HOUR);
    });

    test('starting before opening counts from opening', () => {
      // Tue 07:00 (closed) + 2 h = Tue 09:00 + 2 h = Tue 11:00.
      expect(isoOf(addBusinessMs(at('2026-03-03T07:00:00Z'), 2 * HOUR, UTC_DESK))).toBe('2026-03-03T11:00:00.000Z');
      // Tue 07:00 → Tue 10:00: only 09:00–10:00 counts.
      expect(businessMsBetween(at('2026-03-03T07:00:00Z'), at('2026-03-03T10:00:00Z'), UTC_DESK)).toBe(HOUR);
    });

    test('starting after closing counts from the next open day', () => {
      // Tue 18:00 (closed) + 2 h = Wed 09:00 + 2 h = Wed 11:00.
      expect(isoOf(addBusinessMs(at('2026-03-03T18:00:00Z'), 2 * HOUR, UTC_DESK))).toBe('2026-03-04T11:00:00.000Z');
      // Tue 18:00 → Wed 10:00: only Wed 09:00–10:00 counts.
      expect(businessMsBetween(at('2026-03-03T18:00:00Z'), at('2026-03-04T10:00:00Z'), UTC_DESK)).toBe(HOUR);
    });

    test('a target that ends exactly at closing is due at closing, not at the next opening', () => {
      // Tue 15:00 + 2 h = Tue 17:00 (closing).
      expect(isoOf(addBusinessMs(at('2026-03-03T15:00:00Z'), 2 * HOUR, UTC_DESK))).toBe('2026-03-03T17:00:00.000Z');
      // Tue 09:00 + 8 h = Tue 17:00: a whole day.
      expect(isoOf(addBusinessMs(at('2026-03-03T09:00:00Z'), 8 * HOUR, UTC_DESK))).toBe('2026-03-03T17:00:00.000Z');
      // One minute more spills into Wed 09:01.
      expect(isoOf(addBusinessMs(at('2026-03-03T15:00:00Z'), 2 * HOUR + MIN, UTC_DESK))).toBe(
        '2026-03-04T09:01:00.000Z',
      );
      // Starting at closing: Tue 17:00 + 1 h = Wed 10:00.
      expect(isoOf(addBusinessMs(at('2026-03-03T17:00:00Z'), HOUR, UTC_DESK))).toBe('2026-03-04T10:00:00.000Z');
    });

    test('no business time is zero: from closed time it is the next opening', () => {
      // Sat 12:00 + 0 = Mon 09:00.
      expect(isoOf(addBusinessMs(at('2026-03-07T12:00:00Z'), 0, UTC_DESK))).toBe('2026-03-09T09:00:00.000Z');
      // Tue 10:00 + 0 = Tue 10:00 (open).
      expect(isoOf(addBusinessMs(at('2026-03-03T10:00:00Z'), 0, UTC_DESK))).toBe('2026-03-03T10:00:00.000Z');
    });

    test('a span that ends before it starts holds no business time', () => {
      expect(businessMsBetween(at('2026-03-03T12:00:00Z'), at('2026-03-03T10:00:00Z'), UTC_DESK)).toBe(0);
      expect(businessMsBetween(at('2026-03-03T12:00:00Z'), at('2026-03-03T12:00:00Z'), UTC_DESK)).toBe(0);
    });
  });

  describe('weekends, holidays and whole weeks (UTC desk)', () => {
    test('across a weekend: Friday 16:00 + 2 h = Monday 10:00', () => {
      // Fri 2026-03-06 16:00–17:00 (1 h), Sat and Sun closed, Mon 09:00–10:00 (1 h).
      expect(isoOf(addBusinessMs(at('2026-03-06T16:00:00Z'), 2 * HOUR, UTC_DESK))).toBe('2026-03-09T10:00:00.000Z');
      expect(businessMsBetween(at('2026-03-06T16:00:00Z'), at('2026-03-09T10:00:00Z'), UTC_DESK)).toBe(2 * HOUR);
      // The weekend alone holds none.
      expect(businessMsBetween(at('2026-03-07T00:00:00Z'), at('2026-03-09T00:00:00Z'), UTC_DESK)).toBe(0);
    });

    test('a holiday is skipped like a closed day', () => {
      const desk = nineToFive('UTC', ['2026-03-04']); // Wednesday
      // Tue 16:00–17:00 (1 h), Wed holiday, Thu 09:00–10:00 (1 h).
      expect(isoOf(addBusinessMs(at('2026-03-03T16:00:00Z'), 2 * HOUR, desk))).toBe('2026-03-05T10:00:00.000Z');
      expect(businessMsBetween(at('2026-03-04T00:00:00Z'), at('2026-03-05T00:00:00Z'), desk)).toBe(0);
    });

    test('businessMsBetween over a week: 5 × 8 h, 4 × 8 h with a holiday', () => {
      const monday = at('2026-03-02T00:00:00Z');
      const nextMonday = at('2026-03-09T00:00:00Z');
      expect(businessMsBetween(monday, nextMonday, UTC_DESK)).toBe(40 * HOUR);
      const withHoliday = nineToFive('UTC', ['2026-03-04']);
      expect(businessMsBetween(monday, nextMonday, withHoliday)).toBe(32 * HOUR);
      // Mon 12:00 → Fri 12:00 with Wed off: Mon 5 h + Tue 8 h + Thu 8 h + Fri 3 h.
      expect(businessMsBetween(at('2026-03-02T12:00:00Z'), at('2026-03-06T12:00:00Z'), withHoliday)).toBe(24 * HOUR);
    });

    test('a schedule with no open day has no due time and no business time', () => {
      const never: BusinessHours = { timeZone: 'UTC', week: {}, holidays: [] };
      expect(opensAtAll(never)).toBe(false);
      expect(opensAtAll(UTC_DESK)).toBe(true);
      expect(addBusinessMs(at('2026-03-03T10:00:00Z'), HOUR, never)).toBeUndefined();
      expect(businessMsBetween(at('2026-03-02T00:00:00Z'), at('2026-03-09T00:00:00Z'), never)).toBe(0);
    });
  });

  describe('time zones far from UTC', () => {
    const AUCKLAND = nineToFive('Pacific/Auckland'); // NZDT, UTC+13, in February and March 2026
    const LOS_ANGELES = nineToFive('America/Los_Angeles'); // PST, UTC−8, in February 2026

    test('the local date is the desk’s, not UTC’s', () => {
      // 2026-03-08T21:00Z is Sunday in UTC, Monday 2026-03-09 10:00 in Auckland.
      expect(localDateOf(at('2026-03-08T21:00:00Z'), 'Pacific/Auckland')).toBe('2026-03-09');
      // 2026-02-07T00:30Z is Saturday in UTC, Friday 2026-02-06 16:30 in Los Angeles.
      expect(localDateOf(at('2026-02-07T00:30:00Z'), 'America/Los_Angeles')).toBe('2026-02-06');
      expect(localDateOf(at('2026-02-07T00:30:00Z'), 'UTC')).toBe('2026-02-07');
    });

    test('Auckland: a UTC Sunday that is a local Monday is business time', () => {
      // 2026-03-08T20:00Z–22:00Z = Mon 09:00–11:00 NZDT.
      expect(businessMsBetween(at('2026-03-08T20:00:00Z'), at('2026-03-08T22:00:00Z'), AUCKLAND)).toBe(2 * HOUR);
      // The same UTC hours are Sunday for a UTC desk.
      expect(businessMsBetween(at('2026-03-08T20:00:00Z'), at('2026-03-08T22:00:00Z'), UTC_DESK)).toBe(0);
      // Mon 10:00 NZDT (2026-03-08T21:00Z) + 2 h = Mon 12:00 NZDT = 2026-03-08T23:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-08T21:00:00Z'), 2 * HOUR, AUCKLAND))).toBe('2026-03-08T23:00:00.000Z');
      // Fri 18:00 NZDT (2026-03-06T05:00Z, closed) + 1 h = Mon 10:00 NZDT = 2026-03-08T21:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-06T05:00:00Z'), HOUR, AUCKLAND))).toBe('2026-03-08T21:00:00.000Z');
    });

    test('Auckland: a holiday is a local date', () => {
      const desk = nineToFive('Pacific/Auckland', ['2026-03-09']); // local Monday
      // Fri 18:00 NZDT + 1 h: Mon is a holiday → Tue 2026-03-10 10:00 NZDT = 2026-03-09T21:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-06T05:00:00Z'), HOUR, desk))).toBe('2026-03-09T21:00:00.000Z');
    });

    test('Los Angeles: a local Friday afternoon runs past UTC midnight', () => {
      // Fri 15:00–17:00 PST = 2026-02-06T23:00Z – 2026-02-07T01:00Z; the span runs to 02:00Z (18:00 PST).
      expect(businessMsBetween(at('2026-02-06T23:00:00Z'), at('2026-02-07T02:00:00Z'), LOS_ANGELES)).toBe(2 * HOUR);
      // Fri 16:30 PST (2026-02-07T00:30Z) + 1 h: 30 min on Friday, then Mon 2026-02-09 09:30 PST = 17:30Z.
      expect(isoOf(addBusinessMs(at('2026-02-07T00:30:00Z'), HOUR, LOS_ANGELES))).toBe('2026-02-09T17:30:00.000Z');
    });

    test('one instant, two desks: Friday noon in Los Angeles is Saturday morning in Auckland', () => {
      // 2026-02-06T20:00Z–21:00Z = Fri 12:00–13:00 PST = Sat 2026-02-07 09:00–10:00 NZDT.
      const from = at('2026-02-06T20:00:00Z');
      const to = at('2026-02-06T21:00:00Z');
      expect(businessMsBetween(from, to, LOS_ANGELES)).toBe(HOUR);
      expect(businessMsBetween(from, to, AUCKLAND)).toBe(0);
    });
  });

  describe('daylight saving time', () => {
    const BERLIN = nineToFive('Europe/Berlin');
    const NEW_YORK = nineToFive('America/New_York');

    test('Europe/Berlin spring forward (Sun 2026-03-29): Fri 16:00 + 2 h = Mon 10:00 local = 08:00Z', () => {
      // Fri 2026-03-27 16:00 CET (UTC+1) = 15:00Z; 16:00–17:00 CET (1 h), then
      // Mon 2026-03-30 09:00–10:00 CEST (UTC+2) = 07:00Z–08:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-27T15:00:00Z'), 2 * HOUR, BERLIN))).toBe('2026-03-30T08:00:00.000Z');
      expect(businessMsBetween(at('2026-03-27T15:00:00Z'), at('2026-03-30T08:00:00Z'), BERLIN)).toBe(2 * HOUR);
      // The week before, with no change: Fri 2026-03-20 16:00 CET = 15:00Z → Mon 2026-03-23 10:00 CET = 09:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-20T15:00:00Z'), 2 * HOUR, BERLIN))).toBe('2026-03-23T09:00:00.000Z');
      // Monday opens at 09:00 CEST = 07:00Z after the change (Sat 12:00Z + 0).
      expect(isoOf(addBusinessMs(at('2026-03-28T12:00:00Z'), 0, BERLIN))).toBe('2026-03-30T07:00:00.000Z');
    });

    test('America/New_York fall back (Sun 2026-11-01): Fri 16:00 + 2 h = Mon 10:00 local = 15:00Z', () => {
      // Fri 2026-10-30 16:00 EDT (UTC−4) = 20:00Z; 16:00–17:00 EDT (1 h), then
      // Mon 2026-11-02 09:00–10:00 EST (UTC−5) = 14:00Z–15:00Z.
      expect(isoOf(addBusinessMs(at('2026-10-30T20:00:00Z'), 2 * HOUR, NEW_YORK))).toBe('2026-11-02T15:00:00.000Z');
      // Fri 09:00 EDT (13:00Z) → Mon 17:00 EST (22:00Z): two whole days.
      expect(businessMsBetween(at('2026-10-30T13:00:00Z'), at('2026-11-02T22:00:00Z'), NEW_YORK)).toBe(16 * HOUR);
    });

    test('a desk open every day 00:00–24:00: the Berlin spring-forward Sunday holds 23 h', () => {
      const desk: BusinessHours = { timeZone: 'Europe/Berlin', week: weekOf(EVERY_DAY, ALL_DAY), holidays: [] };
      // Sun 2026-03-29 00:00 CET = 2026-03-28T23:00Z → Mon 00:00 CEST = 2026-03-29T22:00Z.
      expect(businessMsBetween(at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'), desk)).toBe(23 * HOUR);
      // Around the clock, days join with no gap: Sat 23:00 CET (22:00Z) + 24 h = 2026-03-29T22:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-28T22:00:00Z'), 24 * HOUR, desk))).toBe('2026-03-29T22:00:00.000Z');
    });

    test('a desk open every day 00:00–24:00: the New York fall-back Sunday holds 25 h', () => {
      const desk: BusinessHours = { timeZone: 'America/New_York', week: weekOf(EVERY_DAY, ALL_DAY), holidays: [] };
      // Sun 2026-11-01 00:00 EDT = 04:00Z → Mon 00:00 EST = 2026-11-02T05:00Z.
      expect(businessMsBetween(at('2026-11-01T04:00:00Z'), at('2026-11-02T05:00:00Z'), desk)).toBe(25 * HOUR);
    });

    test('a desk open only on Sundays, 00:00–24:00: a week holds 23 h (Berlin) or 25 h (New York)', () => {
      const berlin: BusinessHours = { timeZone: 'Europe/Berlin', week: { sun: ALL_DAY }, holidays: [] };
      const newYork: BusinessHours = { timeZone: 'America/New_York', week: { sun: ALL_DAY }, holidays: [] };
      // Mon 2026-03-23 → Wed 2026-04-01 holds one Sunday, 2026-03-29.
      expect(businessMsBetween(at('2026-03-23T00:00:00Z'), at('2026-04-01T00:00:00Z'), berlin)).toBe(23 * HOUR);
      // Tue 2026-10-27 → Wed 2026-11-04 holds one Sunday, 2026-11-01.
      expect(businessMsBetween(at('2026-10-27T00:00:00Z'), at('2026-11-04T00:00:00Z'), newYork)).toBe(25 * HOUR);
      // Sat 2026-03-28 12:00Z + 23 h: the whole Sunday, due at its close, Mon 00:00 CEST = 2026-03-29T22:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-28T12:00:00Z'), 23 * HOUR, berlin))).toBe('2026-03-29T22:00:00.000Z');
      // + 24 h: 1 h into the next Sunday, 2026-04-05 01:00 CEST = 2026-04-04T23:00Z.
      expect(isoOf(addBusinessMs(at('2026-03-28T12:00:00Z'), 24 * HOUR, berlin))).toBe('2026-04-04T23:00:00.000Z');
    });
  });

  test('isKnownTimeZone knows IANA zones only', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Pacific/Auckland')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

// ── clocks ────────────────────────────────────────────────────────────────────────────────────

/** 2 h first reply, 4 h next reply, 16 h (two desk days) resolution, in business hours. */
const POLICY: SlaPolicy = { firstReplyMinutes: 120, nextReplyMinutes: 240, resolutionMinutes: 960, hours: 'business' };
/** 30 min, 1 h, 4 h around the clock. */
const CALENDAR: SlaPolicy = { firstReplyMinutes: 30, nextReplyMinutes: 60, resolutionMinutes: 240, hours: 'calendar' };

/** Tue 2026-03-03 10:00 UTC: the ticket's submission in most cases below (UTC desk, local = UTC). */
const CREATED = '2026-03-03T10:00:00.000Z';

function ticket(fields: Partial<SlaTicket> = {}): SlaTicket {
  return { status: 'new', createdAt: CREATED, sla: { pauses: [] }, ...fields };
}

function clocksAt(t: SlaTicket, now: string, policy = POLICY, businessHours = UTC_DESK): SlaClock[] {
  return slaClocks(t, { policy, businessHours, now: at(now) });
}

function clockAt(
  t: SlaTicket,
  now: string,
  target: SlaTargetName,
  policy = POLICY,
  businessHours = UTC_DESK,
): SlaClock {
  const clock = clocksAt(t, now, policy, businessHours).find((each) => each.target === target);
  if (!clock) throw new Error(`no ${target} clock`);
  return clock;
}

describe('first reply clock', () => {
  test('running and on track: due 2 business hours after submission', () => {
    // Tue 10:00 + 2 h = Tue 12:00; at 10:30, 90 min left.
    const clock = clockAt(ticket(), '2026-03-03T10:30:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'running',
      targetMs: 2 * HOUR,
      startedAt: CREATED,
      dueAt: '2026-03-03T12:00:00.000Z',
      remainingMs: 90 * MIN,
      elapsedMs: 30 * MIN,
      breached: false,
    });
    expect(clock.metAt).toBeUndefined();
    expect(urgencyOf(clock)).toBe('on-track');
  });

  test('at risk in its last hour (60 min left counts as at risk)', () => {
    const at11 = clockAt(ticket(), '2026-03-03T11:00:00Z', 'firstReply');
    expect(at11).toMatchObject({ state: 'running', remainingMs: 60 * MIN, breached: false });
    expect(urgencyOf(at11)).toBe('at-risk');
    const at1130 = clockAt(ticket(), '2026-03-03T11:30:00Z', 'firstReply');
    expect(at1130.remainingMs).toBe(30 * MIN);
    expect(urgencyOf(at1130)).toBe('at-risk');
    // One minute before the last hour: on track.
    expect(urgencyOf(clockAt(ticket(), '2026-03-03T10:59:00Z', 'firstReply'))).toBe('on-track');
  });

  test('breached once overdue: remainingMs negative', () => {
    const clock = clockAt(ticket(), '2026-03-03T12:30:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'running',
      dueAt: '2026-03-03T12:00:00.000Z',
      remainingMs: -30 * MIN,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('overnight: remainingMs is wall-clock time to the due time', () => {
    // Submitted Tue 16:00: 1 h on Tue, 1 h on Wed → due Wed 10:00. At Wed 08:00 (closed) 2 h remain.
    const clock = clockAt(ticket({ createdAt: '2026-03-03T16:00:00.000Z' }), '2026-03-04T08:00:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'running',
      dueAt: '2026-03-04T10:00:00.000Z',
      remainingMs: 2 * HOUR,
      elapsedMs: HOUR,
      breached: false,
    });
  });

  test('met on time', () => {
    const t = ticket({ status: 'open', firstResponseAt: '2026-03-03T11:00:00.000Z' });
    const clock = clockAt(t, '2026-03-05T12:00:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-03T11:00:00.000Z',
      elapsedMs: HOUR,
      remainingMs: HOUR,
      breached: false,
    });
    expect(urgencyOf(clock)).toBe('on-track');
  });

  test('met late: state met, breached', () => {
    const t = ticket({ status: 'open', firstResponseAt: '2026-03-03T13:00:00.000Z' });
    const clock = clockAt(t, '2026-03-05T12:00:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-03T13:00:00.000Z',
      dueAt: '2026-03-03T12:00:00.000Z',
      elapsedMs: 3 * HOUR,
      remainingMs: -HOUR,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('never pauses while pending', () => {
    const t = ticket({ status: 'pending', sla: { pauses: [{ from: '2026-03-03T10:30:00.000Z' }] } });
    expect(clockAt(t, '2026-03-03T11:30:00Z', 'firstReply')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-03T12:00:00.000Z',
      remainingMs: 30 * MIN,
      elapsedMs: 90 * MIN,
    });
    expect(clockAt(t, '2026-03-03T13:00:00Z', 'firstReply')).toMatchObject({ state: 'running', breached: true });
  });

  test('solved without a reply: stopped, no outcome', () => {
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T11:00:00.000Z' }] },
    });
    const clock = clockAt(t, '2026-03-04T15:00:00Z', 'firstReply');
    expect(clock).toMatchObject({ state: 'stopped', elapsedMs: HOUR, remainingMs: HOUR, breached: false });
    expect(clock.metAt).toBeUndefined();
  });

  test('solved without a reply after the due time: stopped and breached', () => {
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-03T13:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T13:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-04T15:00:00Z', 'firstReply')).toMatchObject({
      state: 'stopped',
      dueAt: '2026-03-03T12:00:00.000Z',
      elapsedMs: 3 * HOUR,
      remainingMs: -HOUR,
      breached: true,
    });
  });
});

describe('resolution clock', () => {
  // 16 h from Tue 10:00: Tue 10–17 (7 h), Wed 09–17 (8 h), Thu 09–10 (1 h) → due Thu 2026-03-05 10:00.
  const DUE = '2026-03-05T10:00:00.000Z';

  test('running from submission', () => {
    expect(clockAt(ticket(), '2026-03-03T12:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      targetMs: 16 * HOUR,
      startedAt: CREATED,
      dueAt: DUE,
      elapsedMs: 2 * HOUR,
      remainingMs: 46 * HOUR, // Tue 12:00 → Thu 10:00
      breached: false,
    });
  });

  test('running at the instant of submission', () => {
    expect(clockAt(ticket(), CREATED, 'resolution')).toMatchObject({
      state: 'running',
      dueAt: DUE,
      elapsedMs: 0,
      remainingMs: 48 * HOUR, // Tue 10:00 → Thu 10:00
      breached: false,
    });
  });

  test.each(['pending', 'on_hold'] as const)('paused while %s: no due time, target minus time counted', (status) => {
    const t = ticket({ status, sla: { pauses: [{ from: '2026-03-03T12:00:00.000Z' }] } });
    const clock = clockAt(t, '2026-03-04T12:00:00Z', 'resolution');
    // Counted Tue 10:00–12:00 only.
    expect(clock).toMatchObject({ state: 'paused', elapsedMs: 2 * HOUR, remainingMs: 14 * HOUR, breached: false });
    expect(clock.dueAt).toBeUndefined();
    expect(urgencyOf(clock)).toBe('on-track');
  });

  test('paused after the due time: breached, due time kept', () => {
    // Pending from Thu 12:00: counted Tue 7 h + Wed 8 h + Thu 09–12 3 h = 18 h.
    const t = ticket({ status: 'pending', sla: { pauses: [{ from: '2026-03-05T12:00:00.000Z' }] } });
    const clock = clockAt(t, '2026-03-06T12:00:00Z', 'resolution');
    expect(clock).toMatchObject({
      state: 'paused',
      dueAt: DUE,
      elapsedMs: 18 * HOUR,
      remainingMs: -2 * HOUR,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('resumed after a pause: the due time moves later by exactly the paused business time', () => {
    // Pending Tue 12:00 → Wed 12:00: 5 h (Tue 12–17) + 3 h (Wed 09–12) = 8 h of business time.
    const pause = { from: '2026-03-03T12:00:00.000Z', to: '2026-03-04T12:00:00.000Z' };
    expect(businessMsBetween(at(pause.from), at(pause.to), UTC_DESK)).toBe(8 * HOUR);
    const t = ticket({ status: 'open', sla: { pauses: [pause] } });
    // Thu 10:00 + 8 h: Thu 10–17 (7 h), Fri 09–10 (1 h) → Fri 2026-03-06 10:00.
    const moved = '2026-03-06T10:00:00.000Z';
    expect(isoOf(addBusinessMs(at(DUE), 8 * HOUR, UTC_DESK))).toBe(moved);
    // Wed 13:00: counted Tue 10–12 (2 h) + Wed 12–13 (1 h).
    expect(clockAt(t, '2026-03-04T13:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      dueAt: moved,
      elapsedMs: 3 * HOUR,
      remainingMs: 45 * HOUR, // Wed 13:00 → Fri 10:00
      breached: false,
    });
  });

  test('resumed after a pause, at the instant it resumes: the due time has already moved', () => {
    const t = ticket({
      status: 'open',
      sla: { pauses: [{ from: '2026-03-03T12:00:00.000Z', to: '2026-03-04T12:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-04T12:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-06T10:00:00.000Z', // Fri 10:00, as one minute later
      elapsedMs: 2 * HOUR,
      remainingMs: 46 * HOUR, // Wed 12:00 → Fri 10:00
      breached: false,
    });
  });

  test('met at solve, on time', () => {
    // Solved Wed 10:00: Tue 10–17 (7 h) + Wed 09–10 (1 h) = 8 h.
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-04T10:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-04T10:00:00.000Z' }] },
    });
    const clock = clockAt(t, '2026-03-06T12:00:00Z', 'resolution');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-04T10:00:00.000Z',
      elapsedMs: 8 * HOUR,
      remainingMs: 8 * HOUR,
      breached: false,
    });
  });

  test('met at solve, not counting an earlier pending period', () => {
    // Pending Tue 12:00 → Wed 12:00, solved Thu 12:00: Tue 10–12 (2 h) + Wed 12–17 (5 h) + Thu 09–12 (3 h).
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-05T12:00:00.000Z',
      sla: {
        pauses: [
          { from: '2026-03-03T12:00:00.000Z', to: '2026-03-04T12:00:00.000Z' },
          { from: '2026-03-05T12:00:00.000Z' },
        ],
      },
    });
    expect(clockAt(t, '2026-03-06T12:00:00Z', 'resolution')).toMatchObject({
      state: 'met',
      elapsedMs: 10 * HOUR,
      remainingMs: 6 * HOUR,
      breached: false,
    });
  });

  test('met at solve, late', () => {
    // Solved Fri 12:00: Tue 7 h + Wed 8 h + Thu 8 h + Fri 09–12 3 h = 26 h.
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-06T12:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-06T12:00:00.000Z' }] },
    });
    const clock = clockAt(t, '2026-03-09T12:00:00Z', 'resolution');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-06T12:00:00.000Z',
      dueAt: DUE,
      elapsedMs: 26 * HOUR,
      remainingMs: -10 * HOUR,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('closed: still met at the solve', () => {
    const t = ticket({
      status: 'closed',
      solvedAt: '2026-03-04T10:00:00.000Z',
      closedAt: '2026-03-09T10:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-04T10:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-10T12:00:00Z', 'resolution')).toMatchObject({
      state: 'met',
      metAt: '2026-03-04T10:00:00.000Z',
      elapsedMs: 8 * HOUR,
    });
  });

  test('reopened after a solve: the solved period is a closed pause and the clock runs on from the time used', () => {
    // Solved Wed 10:00 (8 h used), reopened Thu 10:00: 8 h left from Thu 10:00 → Thu 10–17 (7 h),
    // Fri 09–10 (1 h) → due Fri 2026-03-06 10:00. At Thu 11:00: 9 h counted.
    const t = ticket({
      status: 'open',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-04T10:00:00.000Z', to: '2026-03-05T10:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-05T11:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-06T10:00:00.000Z',
      elapsedMs: 9 * HOUR,
      remainingMs: 23 * HOUR, // Thu 11:00 → Fri 10:00
      breached: false,
    });
  });
});

describe('next reply clock', () => {
  const FIRST_REPLY = '2026-03-03T11:00:00.000Z';
  // The requester writes again Tue 14:00: 4 h → Tue 14–17 (3 h), Wed 09–10 (1 h) → due Wed 2026-03-04 10:00.
  const SINCE = '2026-03-03T14:00:00.000Z';
  const DUE = '2026-03-04T10:00:00.000Z';

  const answeredOnce = (fields: Partial<SlaTicket> = {}): SlaTicket =>
    ticket({ status: 'open', firstResponseAt: FIRST_REPLY, ...fields });

  test('absent until a cycle exists', () => {
    const targets = (t: SlaTicket) => clocksAt(t, '2026-03-03T15:00:00Z').map((clock) => clock.target);
    expect(targets(answeredOnce())).toEqual(['firstReply', 'resolution']);
    expect(targets(answeredOnce({ sla: undefined }))).toEqual(['firstReply', 'resolution']);
    expect(targets(answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE } } }))).toEqual([
      'firstReply',
      'nextReply',
      'resolution',
    ]);
  });

  test('running from `since`', () => {
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE } } });
    const clock = clockAt(t, '2026-03-03T15:00:00Z', 'nextReply');
    expect(clock).toMatchObject({
      state: 'running',
      targetMs: 4 * HOUR,
      startedAt: SINCE,
      dueAt: DUE,
      elapsedMs: HOUR,
      remainingMs: 19 * HOUR, // Tue 15:00 → Wed 10:00
      breached: false,
    });
  });

  test('running at the instant the requester wrote', () => {
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE } } });
    expect(clockAt(t, SINCE, 'nextReply')).toMatchObject({
      state: 'running',
      dueAt: DUE,
      elapsedMs: 0,
      remainingMs: 20 * HOUR, // Tue 14:00 → Wed 10:00
      breached: false,
    });
  });

  test('pauses that ended before `since` do not count', () => {
    const t = answeredOnce({
      sla: {
        pauses: [{ from: '2026-03-03T11:30:00.000Z', to: '2026-03-03T13:00:00.000Z' }],
        nextReply: { since: SINCE },
      },
    });
    expect(clockAt(t, '2026-03-03T15:00:00Z', 'nextReply')).toMatchObject({
      state: 'running',
      dueAt: DUE,
      elapsedMs: HOUR,
    });
  });

  test('met at `repliedAt`, on time', () => {
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE, repliedAt: '2026-03-03T16:00:00.000Z' } } });
    expect(clockAt(t, '2026-03-05T12:00:00Z', 'nextReply')).toMatchObject({
      state: 'met',
      metAt: '2026-03-03T16:00:00.000Z',
      elapsedMs: 2 * HOUR,
      remainingMs: 2 * HOUR,
      breached: false,
    });
  });

  test('met at `repliedAt`, late', () => {
    // Replied Wed 11:00: Tue 14–17 (3 h) + Wed 09–11 (2 h) = 5 h.
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE, repliedAt: '2026-03-04T11:00:00.000Z' } } });
    expect(clockAt(t, '2026-03-05T12:00:00Z', 'nextReply')).toMatchObject({
      state: 'met',
      dueAt: DUE,
      elapsedMs: 5 * HOUR,
      remainingMs: -HOUR,
      breached: true,
    });
  });

  test('paused while pending', () => {
    const t = answeredOnce({
      status: 'pending',
      sla: { pauses: [{ from: '2026-03-03T15:00:00.000Z' }], nextReply: { since: SINCE } },
    });
    const clock = clockAt(t, '2026-03-04T12:00:00Z', 'nextReply');
    expect(clock).toMatchObject({ state: 'paused', elapsedMs: HOUR, remainingMs: 3 * HOUR, breached: false });
    expect(clock.dueAt).toBeUndefined();
  });

  test('resumed after pending: due later by the paused business time', () => {
    // Pending Tue 15:00 → Wed 11:00 = Tue 15–17 (2 h) + Wed 09–11 (2 h) = 4 h; Wed 10:00 + 4 h = Wed 14:00.
    const t = answeredOnce({
      sla: {
        pauses: [{ from: '2026-03-03T15:00:00.000Z', to: '2026-03-04T11:00:00.000Z' }],
        nextReply: { since: SINCE },
      },
    });
    expect(clockAt(t, '2026-03-04T12:00:00Z', 'nextReply')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-04T14:00:00.000Z',
      elapsedMs: 2 * HOUR,
      remainingMs: 2 * HOUR,
    });
  });

  test('solved unanswered: stopped', () => {
    const t = answeredOnce({
      status: 'solved',
      solvedAt: '2026-03-03T16:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T16:00:00.000Z' }], nextReply: { since: SINCE } },
    });
    const clock = clockAt(t, '2026-03-04T12:00:00Z', 'nextReply');
    expect(clock).toMatchObject({ state: 'stopped', elapsedMs: 2 * HOUR, remainingMs: 2 * HOUR, breached: false });
    expect(clock.metAt).toBeUndefined();
  });
});

describe('calendar-hours policies', () => {
  test('due = start + target, across a weekend', () => {
    // Sat 2026-03-07 23:50 (desk closed): first reply 30 min → Sun 00:20; resolution 4 h → Sun 03:50.
    const t = ticket({ createdAt: '2026-03-07T23:50:00.000Z' });
    const clocks = clocksAt(t, '2026-03-08T00:00:00Z', CALENDAR);
    expect(clocks.find((c) => c.target === 'firstReply')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-08T00:20:00.000Z',
      remainingMs: 20 * MIN,
      elapsedMs: 10 * MIN,
    });
    expect(clocks.find((c) => c.target === 'resolution')).toMatchObject({ dueAt: '2026-03-08T03:50:00.000Z' });
  });

  test('due = start + target, across the Berlin spring-forward night', () => {
    // 2026-03-29T00:30Z = 01:30 CET; + 4 h = 04:30Z = 06:30 CEST (5 h later on the wall clock).
    const t = ticket({ createdAt: '2026-03-29T00:30:00.000Z' });
    expect(clockAt(t, '2026-03-29T01:00:00Z', 'resolution', CALENDAR, nineToFive('Europe/Berlin'))).toMatchObject({
      dueAt: '2026-03-29T04:30:00.000Z',
      remainingMs: 210 * MIN,
    });
  });

  test('a pause moves the due time by its calendar length', () => {
    // Created Sat 23:50, pending Sun 00:00 → 01:00: 10 min used, 230 min left from 01:00 → 04:50.
    const t = ticket({
      status: 'open',
      createdAt: '2026-03-07T23:50:00.000Z',
      sla: { pauses: [{ from: '2026-03-08T00:00:00.000Z', to: '2026-03-08T01:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-08T01:30:00Z', 'resolution', CALENDAR)).toMatchObject({
      state: 'running',
      dueAt: '2026-03-08T04:50:00.000Z',
      elapsedMs: 40 * MIN,
      remainingMs: 200 * MIN,
    });
  });

  test('targetMinutes reads the policy per target', () => {
    expect(targetMinutes(POLICY, 'firstReply')).toBe(120);
    expect(targetMinutes(POLICY, 'nextReply')).toBe(240);
    expect(targetMinutes(POLICY, 'resolution')).toBe(960);
  });
});

describe('next SLA clock and slaDueAt', () => {
  test('picks the running clock that falls due first, whatever the order given', () => {
    // First reply due Tue 12:00, resolution Thu 10:00.
    const clocks = clocksAt(ticket(), '2026-03-03T10:30:00Z');
    expect(nextSlaClock(clocks)?.target).toBe('firstReply');
    expect(nextSlaClock([...clocks].reverse())?.target).toBe('firstReply');
    expect(slaDueAtOf(ticket(), { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-03T10:30:00Z') })).toBe(
      '2026-03-03T12:00:00.000Z',
    );
  });

  test('an overdue clock comes first', () => {
    const clock = nextSlaClock(clocksAt(ticket(), '2026-03-04T12:00:00Z'));
    expect(clock).toMatchObject({ target: 'firstReply', breached: true, dueAt: '2026-03-03T12:00:00.000Z' });
  });

  test('next reply before resolution, and resolution before next reply', () => {
    const t = ticket({
      status: 'open',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [], nextReply: { since: '2026-03-03T14:00:00.000Z' } },
    });
    // Next reply due Wed 10:00, resolution Thu 10:00.
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-03T15:00:00Z') })).toBe(
      '2026-03-04T10:00:00.000Z',
    );
    // An 8 h resolution (due Wed 10:00) beats a cycle from Tue 16:00 (1 h Tue + 3 h Wed → Wed 12:00).
    const short: SlaPolicy = { ...POLICY, resolutionMinutes: 480 };
    const late = { ...t, sla: { pauses: [], nextReply: { since: '2026-03-03T16:00:00.000Z' } } };
    const clocks = clocksAt(late, '2026-03-03T16:30:00Z', short);
    expect(clocks.find((c) => c.target === 'nextReply')?.dueAt).toBe('2026-03-04T12:00:00.000Z');
    expect(nextSlaClock(clocks)).toMatchObject({ target: 'resolution', dueAt: '2026-03-04T10:00:00.000Z' });
  });

  test('slaDueAt at the instant the requester writes counts the new next-reply cycle', () => {
    // The write that starts the cycle (Tue 14:00): next reply due Wed 10:00, before resolution's Thu 10:00.
    const t = ticket({
      status: 'open',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [], nextReply: { since: '2026-03-03T14:00:00.000Z' } },
    });
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-03T14:00:00Z') })).toBe(
      '2026-03-04T10:00:00.000Z',
    );
  });

  test('none when everything is paused or met: NO_SLA_DUE', () => {
    const t = ticket({
      status: 'pending',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: {
        pauses: [{ from: '2026-03-03T16:00:00.000Z' }],
        nextReply: { since: '2026-03-03T14:00:00.000Z', repliedAt: '2026-03-03T15:00:00.000Z' },
      },
    });
    const clocks = clocksAt(t, '2026-03-04T12:00:00Z');
    expect(clocks.map((clock) => clock.state)).toEqual(['met', 'met', 'paused']);
    expect(nextSlaClock(clocks)).toBeUndefined();
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-04T12:00:00Z') })).toBe(
      NO_SLA_DUE,
    );
  });

  test('none on a solved ticket: NO_SLA_DUE', () => {
    const t = ticket({
      status: 'solved',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      solvedAt: '2026-03-03T12:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T12:00:00.000Z' }] },
    });
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-04T12:00:00Z') })).toBe(
      NO_SLA_DUE,
    );
  });

  test('a schedule with no open day: clocks run with no due time, nothing falls due', () => {
    const never: BusinessHours = { timeZone: 'UTC', week: {}, holidays: [] };
    const clock = clockAt(ticket(), '2026-03-03T12:00:00Z', 'firstReply', POLICY, never);
    expect(clock).toMatchObject({ state: 'running', remainingMs: Infinity, breached: false, elapsedMs: 0 });
    expect(clock.dueAt).toBeUndefined();
    expect(slaDueAtOf(ticket(), { policy: POLICY, businessHours: never, now: at('2026-03-03T12:00:00Z') })).toBe(
      NO_SLA_DUE,
    );
  });

  test('NO_SLA_DUE sorts after every real time', () => {
    expect(NO_SLA_DUE > '2026-03-03T12:00:00.000Z').toBe(true);
    expect(Date.parse(NO_SLA_DUE)).toBeGreaterThan(at('9999-01-01T00:00:00Z'));
  });

  test('urgencyOf: only a running clock is at risk; breached wins', () => {
    expect(AT_RISK_MS).toBe(HOUR);
    expect(urgencyOf({ state: 'paused', remainingMs: 10 * MIN, breached: false })).toBe('on-track');
    expect(urgencyOf({ state: 'running', remainingMs: HOUR + 1, breached: false })).toBe('on-track');
    expect(urgencyOf({ state: 'running', remainingMs: HOUR, breached: false })).toBe('at-risk');
    expect(urgencyOf({ state: 'running', remainingMs: 0, breached: false })).toBe('at-risk');
    expect(urgencyOf({ state: 'paused', remainingMs: -MIN, breached: true })).toBe('breached');
    expect(urgencyOf({ state: 'met', remainingMs: -MIN, breached: true })).toBe('breached');
  });
});

/**
 * The pause rule, so that a mutant fails: PAUSING_STATUSES without 'pending' or without
 * 'on_hold' makes these clocks run instead of pause, and activeSpans that ignored the recorded
 * pauses would count the paused hours (scripts/mutation-check-sla.mjs proves it).
 */
describe('the pause rule (mutation-sensitive)', () => {
  const FIRST_REPLY = '2026-03-03T11:00:00.000Z';
  const SINCE = '2026-03-03T11:30:00.000Z';
  const PAUSED_AT = '2026-03-03T12:00:00.000Z';

  test('pending, on hold, solved and closed pause; new and open do not', () => {
    expect([...PAUSING_STATUSES].sort()).toEqual(['closed', 'on_hold', 'pending', 'solved']);
  });

  test.each(['pending', 'on_hold'] as const)(
    '%s stops next reply and resolution where the pause began; nothing falls due',
    (status) => {
      const t = ticket({
        status,
        firstResponseAt: FIRST_REPLY,
        sla: { pauses: [{ from: PAUSED_AT }], nextReply: { since: SINCE } },
      });
      const now = '2026-03-05T12:00:00Z'; // two days later
      const byTarget = Object.fromEntries(clocksAt(t, now).map((clock) => [clock.target, clock]));
      expect(byTarget.firstReply).toMatchObject({ state: 'met' });
      // Next reply: Tue 11:30–12:00 only; resolution: Tue 10:00–12:00 only.
      expect(byTarget.nextReply).toMatchObject({ state: 'paused', elapsedMs: 30 * MIN, remainingMs: 210 * MIN });
      expect(byTarget.resolution).toMatchObject({ state: 'paused', elapsedMs: 2 * HOUR, remainingMs: 14 * HOUR });
      expect(byTarget.nextReply?.dueAt).toBeUndefined();
      expect(byTarget.resolution?.dueAt).toBeUndefined();
      expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at(now) })).toBe(NO_SLA_DUE);
    },
  );

  test.each(['new', 'open'] as const)('%s does not pause', (status) => {
    const t = ticket({ status, firstResponseAt: FIRST_REPLY, sla: { pauses: [], nextReply: { since: SINCE } } });
    const states = clocksAt(t, '2026-03-03T13:00:00Z').map((clock) => clock.state);
    expect(states).toEqual(['met', 'running', 'running']);
  });

  test('time inside a recorded pause is never counted', () => {
    // Pending Tue 12:00 → Wed 12:00 (8 business hours); at Wed 13:00, 3 h counted, not 11 h.
    const t = ticket({
      status: 'open',
      firstResponseAt: FIRST_REPLY,
      sla: { pauses: [{ from: PAUSED_AT, to: '2026-03-04T12:00:00.000Z' }], nextReply: { since: SINCE } },
    });
    const byTarget = Object.fromEntries(clocksAt(t, '2026-03-04T13:00:00Z').map((clock) => [clock.target, clock]));
    expect(byTarget.resolution).toMatchObject({ elapsedMs: 3 * HOUR, dueAt: '2026-03-06T10:00:00.000Z' });
    // Next reply: Tue 11:30–12:00 + Wed 12:00–13:00 = 90 min; 150 min left from Wed 13:00 → Wed 15:30.
    expect(byTarget.nextReply).toMatchObject({ elapsedMs: 90 * MIN, dueAt: '2026-03-04T15:30:00.000Z' });
  });
});

// ── settings schema ───────────────────────────────────────────────────────────────────────────

function refusals(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function validDesk(): DeskSettingsInput {
  return {
    deskName: 'Triage',
    categories: ['Billing', 'Technical'],
    archivedCategories: ['Legacy'],
    closeAfterDays: 4,
    businessHours: nineToFive('Europe/Berlin', ['2026-12-25', '2026-12-26']),
    sla: {
      low: { firstReplyMinutes: 1440, nextReplyMinutes: 1440, resolutionMinutes: 7200, hours: 'business' },
      normal: POLICY,
      high: { firstReplyMinutes: 60, nextReplyMinutes: 120, resolutionMinutes: 480, hours: 'business' },
      urgent: CALENDAR,
    },
    assignOnReply: true,
  };
}

describe('settings schema', () => {
  test('a valid desk passes, and so do the defaults', () => {
    expect(refusals(deskSettingsSchema, validDesk())).toEqual([]);
    expect(refusals(deskSettingsSchema, { ...DEFAULT_DESK_SETTINGS, cannedReplies: undefined })).toEqual([]);
  });

  test('an unknown time zone: "Choose a time zone from the list."', () => {
    const desk = validDesk();
    desk.businessHours.timeZone = 'Europe/Atlantis';
    expect(refusals(deskSettingsSchema, desk)).toContain('Choose a time zone from the list.');
    expect(refusals(businessHoursSchema, { ...desk.businessHours })).toEqual(['Choose a time zone from the list.']);
  });

  test('a week with no open day: "Open the desk on at least one day of the week."', () => {
    const desk = validDesk();
    desk.businessHours.week = {};
    expect(refusals(deskSettingsSchema, desk)).toEqual(['Open the desk on at least one day of the week.']);
  });

  test.each([
    ['equal', { open: 600, close: 600 }],
    ['reversed', { open: 720, close: 600 }],
  ])('opening ≥ closing (%s): "A day closes after it opens."', (_name, hours) => {
    const desk = validDesk();
    desk.businessHours.week = { ...desk.businessHours.week, wed: hours };
    expect(refusals(deskSettingsSchema, desk)).toEqual(['A day closes after it opens.']);
  });

  test('a day may open at midnight and close at the next', () => {
    const desk = validDesk();
    desk.businessHours.week = { sun: ALL_DAY };
    expect(refusals(deskSettingsSchema, desk)).toEqual([]);
  });

  test('a holiday that does not exist (2026-02-30) is refused', () => {
    const desk = validDesk();
    desk.businessHours.holidays = ['2026-02-30'];
    expect(refusals(deskSettingsSchema, desk)).toEqual(['A holiday is a date that exists.']);
    desk.businessHours.holidays = ['2026-02-28'];
    expect(refusals(deskSettingsSchema, desk)).toEqual([]);
  });

  test('a category in both the active and the archived list (any case): "Each category name once."', () => {
    const desk = validDesk();
    desk.archivedCategories = ['billing'];
    expect(refusals(deskSettingsSchema, desk)).toEqual(['Each category name once.']);
  });

  test('an SLA target of 0 minutes is refused', () => {
    expect(refusals(slaPolicySchema, { ...POLICY, firstReplyMinutes: 0 })).toEqual([
      'An SLA target is at least one minute.',
    ]);
    const desk = validDesk();
    desk.sla.high = { ...desk.sla.high, resolutionMinutes: 0 };
    expect(refusals(deskSettingsSchema, desk)).toEqual(['An SLA target is at least one minute.']);
  });
});
