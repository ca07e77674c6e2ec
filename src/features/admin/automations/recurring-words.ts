/**
 * A recurring ticket's schedule in words, in the reader's language (DESIGN §10 "Recurring
 * tickets"): "Every Monday at 09:00", "Monthly on day 31 at 08:30 (the last day in shorter
 * months)"; and an instant on the desk's clock, for its next occurrence. Times are the desk's
 * 24-hour clock, as the schedule is typed; weekdays and digits come from Intl.
 */
import { defineMessages, type IntlShape } from 'react-intl';
import type { RecurringSchedule } from '@/domain/recurring-tickets';
import { WEEKDAYS, type Weekday } from '@/domain/types';

const TEXT = defineMessages({
  daily: { id: 'automations.recurring.schedule.daily', defaultMessage: 'Every day at {time}' },
  weekly: { id: 'automations.recurring.schedule.weekly', defaultMessage: 'Every {weekday} at {time}' },
  monthly: { id: 'automations.recurring.schedule.monthly', defaultMessage: 'Monthly on day {day, number} at {time}' },
  monthlyLast: {
    id: 'automations.recurring.schedule.monthlyLast',
    defaultMessage: 'Monthly on day {day, number} at {time} (the last day in shorter months)',
  },
});

/** The first day of a month that some month lacks (February's 29th in a common year). */
const FIRST_MISSING_DAY = 29;

/** A weekday's name in the reader's language (from Intl: 1 January 2024 was a Monday). */
export function weekdayName(intl: IntlShape, weekday: Weekday): string {
  return intl.formatDate(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(weekday)), { weekday: 'long', timeZone: 'UTC' });
}

/** A schedule's `HH:mm` in the reader's digits, on a 24-hour clock ("09:00", "٠٩:٠٠"). */
export function clockTime(intl: IntlShape, time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return intl.formatTime(Date.UTC(2000, 0, 1, hours, minutes), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
}

/** When a schedule comes, in a sentence. */
export function scheduleWords(intl: IntlShape, schedule: RecurringSchedule): string {
  const time = clockTime(intl, schedule.time);
  switch (schedule.frequency) {
    case 'daily':
      return intl.formatMessage(TEXT.daily, { time });
    case 'weekly':
      return intl.formatMessage(TEXT.weekly, { time, weekday: weekdayName(intl, schedule.weekday ?? 'mon') });
    case 'monthly': {
      const day = schedule.dayOfMonth ?? 1;
      return intl.formatMessage(day >= FIRST_MISSING_DAY ? TEXT.monthlyLast : TEXT.monthly, { day, time });
    }
    default: {
      const never: never = schedule.frequency;
      return String(never);
    }
  }
}

/** An instant (ms) as a date and time on the desk's clock: "Mon, Jan 5, 2026, 09:00". */
export function deskDateTime(intl: IntlShape, at: number, timeZone: string): string {
  return intl.formatDate(at, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
}
