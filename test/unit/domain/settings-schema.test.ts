/**
 * The desk settings' schemas (DESIGN §10), `settings-schema.ts`: what a desk's opening hours, SLA
 * policies and settings refuse.
 */
import type { z } from 'zod/mini';
import { businessHoursSchema, deskSettingsSchema, slaPolicySchema } from '@/domain/settings-schema';
import { type DeskSettingsInput } from '@/domain/types';
import { DEFAULT_DESK_SETTINGS } from '@/domain/settings-schema';
import { ALL_DAY, nineToFive, POLICY, CALENDAR } from '../../support/sla-desks';

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
      'An SLA target is 1 to 525600 minutes.',
    ]);
    const desk = validDesk();
    desk.sla.high = { ...desk.sla.high, resolutionMinutes: 0 };
    expect(refusals(deskSettingsSchema, desk)).toEqual(['An SLA target is 1 to 525600 minutes.']);
  });
});
