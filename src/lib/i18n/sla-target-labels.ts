/**
 * The SLA targets' names in every language (DESIGN §10): the queue's badge, the ticket's SLA card
 * and the reports read them here. Outside `labels.ts`, so the first paint does not carry them.
 */
import { defineMessages, type IntlShape } from 'react-intl';
import type { SlaTargetName } from '@/domain/sla/clocks';

const SLA_TARGET = defineMessages<SlaTargetName>({
  firstReply: { id: 'sla.target.firstReply', defaultMessage: 'First reply' },
  nextReply: { id: 'sla.target.nextReply', defaultMessage: 'Next reply' },
  resolution: { id: 'sla.target.resolution', defaultMessage: 'Resolution' },
});

/** An SLA target's name (DESIGN §10): "First reply", "Next reply", "Resolution". */
export function slaTargetLabel(intl: IntlShape, target: SlaTargetName): string {
  return intl.formatMessage(SLA_TARGET[target]);
}
