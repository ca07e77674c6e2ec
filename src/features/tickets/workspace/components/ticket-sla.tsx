/**
 * The ticket's SLA targets (DESIGN §10): first reply, next reply (once the requester is waiting
 * again) and resolution, each with its state — due, breached, paused, met — and when it falls
 * (or fell) due, live to the minute, from the desk's policy for the ticket's priority.
 */
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { slaClocks } from '@/domain/sla/clocks';
import type { Ticket } from '@/domain/types';
import { PresetTag } from '@/components/preset-tag';
import { slaColor, useSlaSentence } from '@/features/tickets/components/sla-badge';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useLabels } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { useMinuteClock } from '@/lib/use-minute-clock';

const TEXT = defineMessages({
  title: { id: 'workspace.sla.title', defaultMessage: 'SLA' },
  due: { id: 'workspace.sla.dueAt', defaultMessage: 'Due {time}' },
  met: { id: 'workspace.sla.metAt', defaultMessage: 'Met {time}' },
  hours: {
    id: 'workspace.sla.hours',
    defaultMessage: '{priority} priority · {hours, select, business {business hours} other {calendar hours}}',
  },
});

/** The SLA card of the agent's ticket workspace. */
export function TicketSla({ ticket }: { ticket: Ticket }) {
  const intl = useIntl();
  const labels = useLabels();
  const time = useTimeFormat();
  const sentence = useSlaSentence();
  const now = useMinuteClock();
  const { data } = useWatchDeskSettingsQuery();
  const desk = data?.value;
  const title = intl.formatMessage(TEXT.title);

  if (!desk) {
    return (
      <Card size="small" title={title}>
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </Card>
    );
  }
  const policy = desk.sla[ticket.priority];
  const clocks = slaClocks(ticket, { policy, businessHours: desk.businessHours, now });
  return (
    <Card size="small" title={title} data-testid="ticket-sla">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {intl.formatMessage(TEXT.hours, { priority: labels.priority(ticket.priority), hours: policy.hours })}
      </Typography.Text>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {clocks.map((clock) => (
          <li key={clock.target} data-testid={`sla-${clock.target}`}>
            <PresetTag color={slaColor(clock)}>{sentence(clock)}</PresetTag>
            <div>
              <Typography.Text type="secondary">
                {clock.metAt ? (
                  <FormattedMessage {...TEXT.met} values={{ time: time.dateTime(clock.metAt) }} />
                ) : clock.dueAt ? (
                  <FormattedMessage {...TEXT.due} values={{ time: time.dateTime(clock.dueAt) }} />
                ) : null}
              </Typography.Text>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
