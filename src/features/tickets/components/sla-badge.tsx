/**
 * A ticket's SLA clock in a few words (DESIGN §10): "First reply · in 45 minutes", coloured
 * orange when at risk and red when breached — the colour never alone: the sentence says it,
 * and screen readers get the whole of it ("First reply breached 2 hours ago").
 */
import { defineMessages, useIntl } from 'react-intl';
import { urgencyOf, type SlaClock } from '@/domain/sla/clocks';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { slaTargetLabel } from '@/lib/i18n/sla-target-labels';

export { slaTargetLabel };

const TEXT = defineMessages({
  due: { id: 'sla.badge.due', defaultMessage: '{target} due {relative}' },
  breached: { id: 'sla.badge.breached', defaultMessage: '{target} breached {relative}' },
  paused: { id: 'sla.badge.paused', defaultMessage: '{target} paused' },
  met: { id: 'sla.badge.met', defaultMessage: '{target} met' },
  metLate: { id: 'sla.badge.metLate', defaultMessage: '{target} met late' },
  stopped: { id: 'sla.badge.stopped', defaultMessage: '{target} not needed' },
  shortDue: { id: 'sla.badge.shortDue', defaultMessage: 'due {relative}' },
  shortBreached: { id: 'sla.badge.shortBreached', defaultMessage: 'breached {relative}' },
});

/**
 * The short form for a running clock, under its target's name (the queue's narrow column):
 * "due in an hour", "breached 5 days ago".
 */
export function useSlaShortSentence(): (clock: SlaClock) => string {
  const intl = useIntl();
  const time = useTimeFormat();
  return (clock) =>
    intl.formatMessage(clock.breached ? TEXT.shortBreached : TEXT.shortDue, {
      relative: clock.dueAt ? time.fromNow(clock.dueAt) : '',
    });
}

/** The preset colour of a clock's urgency (`triage-queue-tag-*` / antd presets). */
export function slaColor(clock: SlaClock): 'red' | 'orange' | 'default' | 'green' {
  if (clock.state === 'met') return clock.breached ? 'red' : 'green';
  const urgency = urgencyOf(clock);
  if (urgency === 'breached') return 'red';
  return urgency === 'at-risk' ? 'orange' : 'default';
}

/**
 * The sentence of a clock: due or breached relative to now, paused, met (on time or late).
 * @returns e.g. "Resolution due in 3 hours", "First reply breached 5 minutes ago".
 */
export function useSlaSentence(): (clock: SlaClock) => string {
  const intl = useIntl();
  const time = useTimeFormat();
  return (clock) => {
    const target = slaTargetLabel(intl, clock.target);
    switch (clock.state) {
      case 'running':
        return intl.formatMessage(clock.breached ? TEXT.breached : TEXT.due, {
          target,
          relative: clock.dueAt ? time.fromNow(clock.dueAt) : '',
        });
      case 'paused':
        return intl.formatMessage(TEXT.paused, { target });
      case 'met':
        return intl.formatMessage(clock.breached ? TEXT.metLate : TEXT.met, { target });
      case 'stopped':
        return intl.formatMessage(TEXT.stopped, { target });
    }
  };
}
