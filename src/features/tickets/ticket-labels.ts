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
