/**
 * The history of the desk settings (DESIGN §10): who changed which part, when. Written by
 * trusted code from the settings before and after each save — the local backend in the save,
 * the `deskSettingsWritten` Cloud Function on Firebase — and read by admins.
 */
import { PRIORITIES, type DeskSettings, type IsoDateTime } from '@/domain/types';

/** The parts of the settings a change names: top-level fields, and the SLA policy per priority. */
export type SettingsPart =
  | 'deskName'
  | 'categories'
  | 'archivedCategories'
  | 'closeAfterDays'
  | 'businessHours'
  | 'assignOnReply'
  | `sla.${(typeof PRIORITIES)[number]}`;

/** One entry of the history (`settingsHistory/{id}`). */
export interface SettingsChange {
  id: string;
  actorId: string;
  /** The actor's name when the change was made. */
  actorName: string;
  at: IsoDateTime;
  /** What changed, in {@link SettingsPart} order. */
  parts: SettingsPart[];
}

/** How many entries the settings screen shows (newest first). */
export const SETTINGS_HISTORY_SHOWN = 20;

const TOP_LEVEL = [
  'deskName',
  'categories',
  'archivedCategories',
  'closeAfterDays',
  'businessHours',
  'assignOnReply',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The parts that differ between two versions of the settings (canned replies are not part of it).
 * @param before the settings before the save (the defaults when none were stored).
 * @returns the changed parts; empty when the save changed nothing.
 */
export function changedSettingsParts(before: DeskSettings, after: DeskSettings): SettingsPart[] {
  const parts: SettingsPart[] = TOP_LEVEL.filter((field) => !same(before[field], after[field]));
  for (const priority of PRIORITIES) {
    if (!same(before.sla[priority], after.sla[priority])) parts.push(`sla.${priority}`);
  }
  return parts;
}
