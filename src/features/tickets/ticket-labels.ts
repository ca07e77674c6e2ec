/**
 * How statuses and priorities read and look everywhere a ticket is shown — the one place for
 * their labels and antd preset colours (the status labels themselves come from the lifecycle
 * table, DESIGN §2).
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

/** The label of each priority (DESIGN §3 `low` `normal` `high` `urgent`). */
export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** "Urgent" for `urgent`. */
export function priorityLabel(priority: Priority): string {
  return PRIORITY_LABELS[priority];
}
