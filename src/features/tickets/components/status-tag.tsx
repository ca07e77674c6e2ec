/** A coloured tag for a ticket status or priority. */
import Tag from 'antd/es/tag';
import { statusLabel } from '@/domain/lifecycle';
import type { Priority, TicketStatus } from '@/domain/types';

/** antd preset colour of each status (also the queue table's lightweight tags). */
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

/** The status as a tag, coloured as agents expect (new = gold, open = red, pending = blue …). */
export function StatusTag({ status }: { status: TicketStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{statusLabel(status)}</Tag>;
}

/** The priority as a tag. */
export function PriorityTag({ priority }: { priority: Priority }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{priorityLabel(priority)}</Tag>;
}

/** "Urgent" for `urgent`. */
export function priorityLabel(priority: Priority): string {
  return priority[0]?.toUpperCase() + priority.slice(1);
}
