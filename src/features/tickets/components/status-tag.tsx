/** A coloured tag for a ticket status or priority. */
import type { Priority, TicketStatus } from '@/domain/types';
import { PRIORITY_COLORS, STATUS_COLORS } from '@/features/tickets/ticket-labels';
import { PresetTag } from '@/components/preset-tag';
import { useLabels } from '@/lib/i18n/labels';

/** The status as a tag, coloured as agents expect (new = gold, open = red, pending = blue …). */
export function StatusTag({ status }: { status: TicketStatus }) {
  const labels = useLabels();
  return <PresetTag color={STATUS_COLORS[status]}>{labels.status(status)}</PresetTag>;
}

/** The priority as a tag. */
export function PriorityTag({ priority }: { priority: Priority }) {
  const labels = useLabels();
  return <PresetTag color={PRIORITY_COLORS[priority]}>{labels.priority(priority)}</PresetTag>;
}
