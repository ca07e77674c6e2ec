import {
  dueOccurrence,
  latestOccurrence,
  nextOccurrence,
  planRecurringTicket,
  recurringTicketFrom,
  recurringTicketId,
  recurringTicketSchema,
  unknownRecurringPlaceholders,
  type RecurringSchedule,
  type RecurringTicket,
} from '@/domain/recurring-tickets';
import { AppError } from '@/domain/errors/errors';

const MADRID = 'Europe/Madrid';
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

const template: Omit<RecurringTicket, 'id' | 'updatedAt' | 'updatedBy'> = {
  title: 'Backup check',
  active: true,
  schedule: { frequency: 'weekly', time: '09:00', weekday: 'mon' },
  subject: 'Check the backups of {{date}}',
  description: 'Open the backup report and confirm last night’s run.',
  priority: 'normal',
  tags: ['ops', 'backups'],
};

const admin = { uid: 'ada', role: 'admin' as const, displayName: 'Ada' };

describe('recurring ticket schedules on the desk’s clock (DESIGN §10 "Recurring tickets")', () => {
  it.each<[string, RecurringSchedule, string, string]>([
    ['daily, later today', { frequency: 'daily', time: '09:00' }, '2026-12-07T07:59:00Z', '2026-12-07T08:00:00.000Z'],
    ['daily, tomorrow', { frequency: 'daily', time: '09:00' }, '2026-12-07T08:00:00Z', '2026-12-08T08:00:00.000Z'],
    [
      'weekly on Monday',
      { frequency: 'weekly', time: '09:00', weekday: 'mon' },
      '2026-12-08T00:00:00Z',
      '2026-12-14T08:00:00.000Z',
    ],
    [
      'monthly on the 15th',
      { frequency: 'monthly', time: '08:30', dayOfMonth: 15 },
      '2026-12-15T08:00:00Z',
      '2027-01-15T07:30:00.000Z',
    ],
    [
      'the 31st in April falls on the 30th',
      { frequency: 'monthly', time: '10:00', dayOfMonth: 31 },
      '2027-04-01T00:00:00Z',
      '2027-04-30T08:00:00.000Z',
    ],
    [
      'the 30th in February falls on the 28th',
      { frequency: 'monthly', time: '10:00', dayOfMonth: 30 },
      '2027-02-01T00:00:00Z',
      '2027-02-28T09:00:00.000Z',
    ],
    [
      'the 29th of February in a leap year',
      { frequency: 'monthly', time: '10:00', dayOfMonth: 29 },
      '2028-02-01T00:00:00Z',
      '2028-02-29T09:00:00.000Z',
    ],
    [
      'a time DST skips runs an hour later',
      { frequency: 'daily', time: '02:30' },
      '2026-03-29T00:00:00Z',
      '2026-03-29T01:30:00.000Z',
    ],
    [
      'the day after the DST change, at its own time',
      { frequency: 'daily', time: '02:30' },
      '2026-03-29T01:30:00Z',
      '2026-03-30T00:30:00.000Z',
    ],
    [
      'a time DST repeats runs once, at the second',
      { frequency: 'daily', time: '02:30' },
      '2026-10-25T00:00:00Z',
      '2026-10-25T01:30:00.000Z',
    ],
  ])('%s', (_name, schedule, after, next) => {
    expect(iso(nextOccurrence(schedule, at(after), MADRID))).toBe(next);
    // The latest occurrence at that instant is the same one.
    expect(iso(latestOccurrence(schedule, at(next), MADRID))).toBe(next);
    expect(latestOccurrence(schedule, at(next) - 1, MADRID)).toBeLessThan(at(next));
  });

  it('counts one occurrence a day across both DST changes of a year', () => {
    const schedule: RecurringSchedule = { frequency: 'daily', time: '02:30' };
    let count = 0;
    for (let ms = at('2026-01-01T00:00:00Z'); ms < at('2027-01-01T00:00:00Z'); count += 1) {
      ms = nextOccurrence(schedule, ms, MADRID);
    }
    // 365 days of 2026, the first on 1 January at 02:30 local; the loop's last step passes the year.
    expect(count).toBe(366);
  });

  it('reads the desk’s zone, not UTC: a New York desk’s 09:00', () => {
    const schedule: RecurringSchedule = { frequency: 'daily', time: '09:00' };
    expect(iso(nextOccurrence(schedule, at('2026-12-07T00:00:00Z'), 'America/New_York'))).toBe(
      '2026-12-07T14:00:00.000Z',
    );
    expect(iso(nextOccurrence(schedule, at('2026-12-06T23:59:00Z'), 'Asia/Tokyo'))).toBe('2026-12-07T00:00:00.000Z');
  });
});

describe('which occurrence a pass creates', () => {
  const saved = { ...template, id: 'backups', updatedAt: '2026-12-01T12:00:00.000Z', updatedBy: 'ada' };

  it('is the latest one at or before now, when it came after the last save', () => {
    expect(dueOccurrence(saved, at('2026-12-07T08:05:00Z'), MADRID)).toBe(at('2026-12-07T08:00:00Z'));
    // Missed weeks are not made up: three weeks on, only the latest Monday.
    expect(dueOccurrence(saved, at('2026-12-23T08:05:00Z'), MADRID)).toBe(at('2026-12-21T08:00:00Z'));
  });

  it('is none before the first occurrence after a save, and none while switched off', () => {
    expect(dueOccurrence(saved, at('2026-12-06T08:05:00Z'), MADRID)).toBeNull();
    expect(
      dueOccurrence({ ...saved, updatedAt: '2026-12-07T08:01:00.000Z' }, at('2026-12-07T08:05:00Z'), MADRID),
    ).toBeNull();
    expect(dueOccurrence({ ...saved, active: false }, at('2026-12-07T08:05:00Z'), MADRID)).toBeNull();
  });

  it('gives each occurrence one fixed ticket id', () => {
    const occurrence = at('2026-12-07T08:00:00Z');
    expect(recurringTicketId('backups', occurrence)).toBe(recurringTicketId('backups', occurrence));
    expect(recurringTicketId('backups', occurrence)).not.toBe(
      recurringTicketId('backups', occurrence + 7 * 86_400_000),
    );
    expect(recurringTicketId('b'.repeat(128), occurrence).length).toBeLessThanOrEqual(150);
  });
});

describe('the ticket of an occurrence', () => {
  it('is submitted as the admin who saved it, with the date in the subject and the template’s tags', () => {
    const recurring = {
      ...template,
      category: 'Operations',
      id: 'backups',
      updatedAt: '2026-12-01T12:00:00.000Z',
      updatedBy: 'ada',
    };
    const plan = planRecurringTicket(recurring, at('2026-12-06T23:30:00Z'), MADRID, admin);
    expect(plan.ticket).toMatchObject({
      subject: 'Check the backups of 2026-12-07',
      status: 'new',
      priority: 'normal',
      category: 'Operations',
      tags: ['backups', 'ops'],
      requesterId: 'ada',
      lastMessageBy: 'agent',
    });
    expect(plan.message).toMatchObject({ authorId: 'ada', body: template.description, internal: false });
    expect(plan.events).toEqual([{ type: 'status', from: null, to: 'new' }]);
  });
});

describe('a template as an admin saves it', () => {
  const refusal = (value: unknown) => {
    const result = recurringTicketSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('accepts each frequency with its own day', () => {
    expect(refusal(template)).toBeNull();
    expect(refusal({ ...template, schedule: { frequency: 'daily', time: '00:00' } })).toBeNull();
    expect(refusal({ ...template, schedule: { frequency: 'monthly', time: '23:59', dayOfMonth: 31 } })).toBeNull();
  });

  it.each<[string, unknown, string]>([
    [
      'a time past midnight',
      { frequency: 'daily', time: '24:00' },
      'Give the time as hours and minutes, 00:00 to 23:59.',
    ],
    [
      'a time without its zero',
      { frequency: 'daily', time: '9:00' },
      'Give the time as hours and minutes, 00:00 to 23:59.',
    ],
    [
      'a weekly one without its day',
      { frequency: 'weekly', time: '09:00' },
      'A weekly ticket needs its day of the week.',
    ],
    [
      'a monthly one without its day',
      { frequency: 'monthly', time: '09:00' },
      'A monthly ticket needs its day of the month.',
    ],
    [
      'a day of the month of 32',
      { frequency: 'monthly', time: '09:00', dayOfMonth: 32 },
      'The day of the month is a whole number from 1 to 31.',
    ],
    [
      'a day of the month of 0',
      { frequency: 'monthly', time: '09:00', dayOfMonth: 0 },
      'The day of the month is a whole number from 1 to 31.',
    ],
    [
      'a weekly one with a day of the month',
      { frequency: 'weekly', time: '09:00', weekday: 'mon', dayOfMonth: 3 },
      'A schedule names only the day its frequency uses.',
    ],
  ])('refuses %s', (_name, schedule, message) => {
    expect(refusal({ ...template, schedule })).toBe(message);
  });

  it('refuses an unknown placeholder, an empty name and more tags than a ticket holds', () => {
    expect(refusal({ ...template, subject: 'Report for {{requester.name}}' })).toBe(
      'A subject may hold the date’s placeholder and no other.',
    );
    expect(unknownRecurringPlaceholders('{{ date }} {{week}} {{week}}')).toEqual(['week']);
    expect(refusal({ ...template, title: '  ' })).toBe('Give the recurring ticket a name.');
    expect(refusal({ ...template, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).toBe('At most 10 tags.');
  });

  it('reads back only a well-formed stored template', () => {
    const saved = { updatedAt: '2026-12-01T12:00:00.000Z', updatedBy: 'ada' };
    expect(recurringTicketFrom('backups', template, saved)).toEqual({ ...template, id: 'backups', ...saved });
    expect(recurringTicketFrom('back.ups', template, saved)).toBeNull();
    expect(recurringTicketFrom('backups', { ...template, priority: 'whenever' }, saved)).toBeNull();
  });

  it('is planned only for a requester who may submit', () => {
    const recurring = { ...template, id: 'backups', updatedAt: '2026-12-01T12:00:00.000Z', updatedBy: 'ada' };
    expect(() =>
      planRecurringTicket(recurring, at('2026-12-07T08:00:00Z'), MADRID, { ...admin, role: 'nobody' as never }),
    ).toThrow(AppError);
  });
});
