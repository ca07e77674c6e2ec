/**
 * The desk settings screen's form model (DESIGN §10): the settings as the form edits them
 * (times as `HH:mm`, categories as rows with an archived switch) and back, and where each of
 * the schema's problems shows. Pure, so the mapping is tested without a screen.
 */
import {
  WEEKDAYS,
  type DeskSettings,
  type DeskSettingsInput,
  type Priority,
  type SlaPolicy,
  type Weekday,
} from '@/domain/types';

/** One category row: its name, whether it is archived, and the name it is stored under (for its count). */
export interface CategoryRow {
  name: string;
  archived: boolean;
  /** The stored name this row started from; absent for a row added on the screen. */
  storedName?: string;
}

/** One weekday as the form edits it. */
export interface DayRow {
  open: boolean;
  /** `HH:mm`. */
  from: string;
  /** `HH:mm`; `24:00` is midnight at the day's end. */
  to: string;
}

/** The form's values. */
export interface SettingsFormValues {
  deskName: string;
  categories: CategoryRow[];
  timeZone: string;
  week: Record<Weekday, DayRow>;
  holidays: string[];
  sla: Record<Priority, SlaPolicy>;
}

/** `HH:mm` of a minute of the day (1440 → `24:00`). */
export function timeOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The minute of the day of `HH:mm`, or NaN when it is not a time. */
export function minuteOfTime(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The form's values for stored settings. */
export function formValuesOf(settings: DeskSettings): SettingsFormValues {
  return {
    deskName: settings.deskName,
    categories: [
      ...settings.categories.map((name) => ({ name, archived: false, storedName: name })),
      ...settings.archivedCategories.map((name) => ({ name, archived: true, storedName: name })),
    ],
    timeZone: settings.businessHours.timeZone,
    week: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const hours = settings.businessHours.week[day];
        return [
          day,
          hours
            ? { open: true, from: timeOfMinute(hours.open), to: timeOfMinute(hours.close) }
            : { open: false, from: '09:00', to: '17:00' },
        ];
      }),
    ) as Record<Weekday, DayRow>,
    holidays: [...settings.businessHours.holidays].sort(),
    sla: structuredClone(settings.sla),
  };
}

/**
 * The settings to save from the form's values (the schema checks them), keeping what the form
 * does not show: `assignOnReply`, and `closeAfterDays` (the automatic close is a time rule on
 * /admin/automations; the setting only seeds that rule for a desk that has none, DESIGN §10).
 */
export function settingsOfForm(
  values: SettingsFormValues,
  kept: Pick<DeskSettings, 'assignOnReply' | 'closeAfterDays'>,
): DeskSettingsInput {
  const week: DeskSettingsInput['businessHours']['week'] = {};
  for (const day of WEEKDAYS) {
    const row = values.week[day];
    if (row.open) week[day] = { open: minuteOfTime(row.from), close: minuteOfTime(row.to) };
  }
  const named = values.categories.map((row) => ({ ...row, name: row.name.trim() }));
  return {
    deskName: values.deskName,
    categories: named.filter((row) => !row.archived).map((row) => row.name),
    archivedCategories: named.filter((row) => row.archived).map((row) => row.name),
    closeAfterDays: kept.closeAfterDays,
    businessHours: { timeZone: values.timeZone, week, holidays: values.holidays },
    sla: values.sla,
    assignOnReply: kept.assignOnReply,
  };
}

/**
 * The form field a schema problem belongs to, from the issue's path in {@link DeskSettingsInput}
 * (antd Form's name path), or `null` for a problem of the whole form.
 */
export function fieldOfIssue(path: readonly PropertyKey[]): (string | number)[] | null {
  const [first, second, third] = path;
  switch (first) {
    case 'deskName':
      return [first];
    case 'businessHours':
      if (second === 'timeZone') return ['timeZone'];
      if (second === 'holidays') return ['holidays'];
      if (second === 'week' && typeof third === 'string') return ['week', third, 'to'];
      return second === 'week' ? ['week', 'mon', 'open'] : null;
    case 'sla':
      return typeof second === 'string' && typeof third === 'string' ? ['sla', second, third] : null;
    case 'categories':
    case 'archivedCategories':
      return ['categories'];
    default:
      return null;
  }
}
