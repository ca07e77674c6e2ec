/**
 * SLA arithmetic (DESIGN §10), `business-hours.ts`, on fixed instants. Every expected time below
 * was worked out by hand from the calendar (2026-03-02 is a Monday; Europe/Berlin springs forward on
 * Sunday 2026-03-29, America/New_York falls back on Sunday 2026-11-01), with the desk's local time
 * in the comment beside it — none is computed by the code under test.
 */
import {
  addBusinessMs,
  businessMsBetween,
  isKnownTimeZone,
  localDateOf,
  opensAtAll,
} from '@/domain/sla/business-hours';
import { type BusinessHours } from '@/domain/types';
import { MIN, HOUR, at, isoOf, ALL_DAY, weekOf, EVERY_DAY, nineToFive, UTC_DESK } from '../../../support/sla-desks';

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
