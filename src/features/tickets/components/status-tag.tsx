/** A coloured tag for a ticket status or priority. */
import Tag from 'antd/es/tag';
import { statusLabel } from '@/domain/lifecycle';
import type { Priority, TicketStatus } from '@/domain/types';
import { PRIORITY_COLORS, priorityLabel, STATUS_COLORS } from '@/features/tickets/ticket-labels';

/** The status as a tag, coloured as agents expect (new = gold, open = red, pending = blue …). */
export function StatusTag({ status }: { status: TicketStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{statusLabel(status)}</Tag>;
}

/** The priority as a tag. */
export function PriorityTag({ priority }: { priority: Priority }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{priorityLabel(priority)}</Tag>;
}
