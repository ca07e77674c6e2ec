/** A coloured tag for a ticket status or priority. */
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import type { Priority, TicketStatus } from '@/domain/types';
import { PRIORITY_COLORS, STATUS_COLORS, tagTextShade } from '@/features/tickets/ticket-labels';
import { useLabels } from '@/lib/i18n/labels';

/**
 * An antd preset tag whose text is stronger than antd's (`tagTextShade`): antd's gold, green
 * and orange text misses WCAG AA contrast on its own background (DESIGN §8).
 */
export function PresetTag({ color, children }: { color: string; children: string }) {
  const { token } = theme.useToken();
  const text =
    color === 'default' ? undefined : (token as unknown as Record<string, string>)[`${color}${tagTextShade(color)}`];
  return (
    <Tag color={color} style={text ? { color: text } : undefined}>
      {children}
    </Tag>
  );
}

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
