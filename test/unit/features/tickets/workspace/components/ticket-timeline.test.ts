/**
 * The timeline's sentences for what triggers do (DESIGN §10 "Triggers"): a change names its trigger,
 * and the loop guard's entry says which trigger it stopped.
 */
import { createIntl } from 'react-intl';
import { describeAuditEvent, withMacro } from '@/features/tickets/workspace/components/ticket-timeline';
import type { AuditEvent } from '@/domain/types';

const intl = createIntl({ locale: 'en', messages: {} });
const nameOf = (uid: string | null) => (uid === 'system' ? 'Triage' : (uid ?? ''));
const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  ticketId: 't1',
  type: 'priority',
  from: 'normal',
  to: 'high',
  actorId: 'system',
  at: '2026-12-06T10:00:00.000Z',
  ...over,
});

describe('the timeline of a trigger’s change', () => {
  it('names the trigger after the change', () => {
    const change = event({ trigger: 'VIP customers' });
    expect(withMacro(intl, describeAuditEvent(intl, change, nameOf), change)).toBe(
      'Triage set priority Normal → High · trigger “VIP customers”',
    );
  });
  it('says which trigger the loop guard stopped', () => {
    const stopped = event({ type: 'trigger', from: null, to: 'A: lower' });
    expect(describeAuditEvent(intl, stopped, nameOf)).toBe(
      'The triggers stopped “A: lower”: it would have undone another trigger’s change',
    );
  });
});
