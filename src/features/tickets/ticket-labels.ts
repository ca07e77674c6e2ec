/**
 * How statuses and priorities look everywhere a ticket is shown — the one place for their antd
 * preset colours. Screens read the words in the reader's language from `useLabels()`
 * (`@/lib/i18n/labels`, DESIGN §8).
 */
import type { Priority, TicketStatus } from '@/domain/types';

/** antd preset colour of each status (new = gold, open = red, pending = blue …, as agents expect). */
export const STATUS_COLORS: Record<TicketStatus, string> = {
  new: 'gold',
  open: 'red',
  pending: 'blue',
  on_hold: 'default',
  solved: 'green',
  closed: 'default',
};

/** antd preset colour of each priority. */
export const PRIORITY_COLORS: Record<Priority, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

/**
 * The palette shade of a preset tag's text (antd uses 7): one or two shades stronger, so that
 * each colour's text meets WCAG AA contrast (4.5:1 at 12 px) on its own tag background.
 */
export function tagTextShade(color: string): number {
  return color === 'gold' ? 9 : 8;
}
