/**
 * The status buttons of a ticket (DESIGN §2): one per lifecycle event the person may fire on
 * it now, generated from the domain's table with {@link availableEvents} — never a list of its
 * own. Works for any role: the agent desk shows "Open", "Set pending", "Put on hold", "Solve",
 * "Reopen", "Close"; a customer's own request shows "Mark as solved" and "Reopen".
 */
import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { defineMessages, useIntl } from 'react-intl';
import type { ErrorShape } from '@/domain/errors/errors';
import { availableEvents, type LifecycleEvent } from '@/domain/lifecycle';
import { isStaff, type Role } from '@/domain/roles';
import type { Ticket } from '@/domain/types';
import { useTransitionTicketMutation } from '@/features/tickets/api/ticket-api';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';

/** Who is looking at the ticket: their uid and role decide which events they may fire. */
export interface StatusActor {
  uid: string;
  role: Role;
}

const MESSAGES = defineMessages({
  moved: { id: 'tickets.statusActions.moved', defaultMessage: 'Ticket #{number} is now {status}.' },
  closeTitle: { id: 'tickets.statusActions.closeTitle', defaultMessage: 'Close ticket #{number}?' },
  closeContent: {
    id: 'tickets.statusActions.closeContent',
    defaultMessage: 'A closed ticket can no longer change or take replies; the requester can only open a follow-up.',
  },
  closeOk: { id: 'tickets.statusActions.closeOk', defaultMessage: 'Close ticket' },
  closeCancel: { id: 'tickets.statusActions.closeCancel', defaultMessage: 'Keep it solved' },
  group: { id: 'tickets.statusActions.group', defaultMessage: 'Status actions' },
  aborted: {
    id: 'tickets.statusActions.aborted',
    defaultMessage: 'The ticket now shows its current state ({status}). Nothing was lost: check it and try again.',
  },
});

/** Props of {@link TicketStatusActions}. */
export interface TicketStatusActionsProps {
  /** The ticket as last seen (live); its `updatedAt` guards the write against someone else's change. */
  ticket: Ticket;
  /** The signed-in person. */
  actor: StatusActor;
}

/**
 * One button per event the actor may fire on the ticket. Clicking fires it with
 * `expectedUpdatedAt = ticket.updatedAt`; "Close" asks first (a closed ticket is read-only).
 * A refusal — not allowed, not possible any more, or `aborted` because someone else changed the
 * ticket meanwhile — shows as an alert under the buttons; the live ticket shows its current
 * state and nothing the person typed elsewhere is touched. Renders nothing when no event applies.
 */
export function TicketStatusActions({ ticket, actor }: TicketStatusActionsProps) {
  const { message, modal } = App.useApp();
  const intl = useIntl();
  const labels = useLabels();
  const friendlyMessage = useFriendlyMessage();
  /** A status as it reads inside a sentence ("is now on hold"). */
  const statusInSentence = (status: Ticket['status']) => labels.status(status).toLocaleLowerCase(intl.locale);
  const [transitionTicket, { isLoading }] = useTransitionTicketMutation();
  const [firing, setFiring] = useState<LifecycleEvent | null>(null);
  const [refusal, setRefusal] = useState<ErrorShape | null>(null);
  const events = availableEvents(ticket, { kind: 'user', uid: actor.uid, role: actor.role });

  const fire = async (event: LifecycleEvent) => {
    setRefusal(null);
    setFiring(event);
    const outcome = await outcomeOf(transitionTicket({ id: ticket.id, event, expectedUpdatedAt: ticket.updatedAt }));
    setFiring(null);
    if (outcome.ok) {
      void message.success(
        intl.formatMessage(MESSAGES.moved, {
          number: String(outcome.data.number),
          status: statusInSentence(outcome.data.status),
        }),
      );
    } else {
      setRefusal(outcome.error);
    }
  };

  const onClick = (event: LifecycleEvent) => {
    if (event !== 'close') {
      void fire(event);
      return;
    }
    modal.confirm({
      title: intl.formatMessage(MESSAGES.closeTitle, { number: String(ticket.number) }),
      content: intl.formatMessage(MESSAGES.closeContent),
      okText: intl.formatMessage(MESSAGES.closeOk),
      cancelText: intl.formatMessage(MESSAGES.closeCancel),
      onOk: () => fire(event),
    });
  };

  if (events.length === 0 && !refusal) return null;
  return (
    <Flex vertical gap={8}>
      {events.length > 0 && (
        <Flex gap={8} wrap role="group" aria-label={intl.formatMessage(MESSAGES.group)}>
          {events.map((event) => (
            <Button
              key={event}
              type={event === 'solve' ? 'primary' : 'default'}
              loading={firing === event}
              disabled={isLoading && firing !== event}
              onClick={() => onClick(event)}
            >
              {labels.move(event, isStaff(actor.role))}
            </Button>
          ))}
        </Flex>
      )}
      {refusal && (
        <Alert
          type={refusal.code === 'aborted' ? 'warning' : 'error'}
          showIcon
          closable
          onClose={() => setRefusal(null)}
          message={friendlyMessage(refusal)}
          description={
            refusal.code === 'aborted'
              ? intl.formatMessage(MESSAGES.aborted, { status: statusInSentence(ticket.status) })
              : undefined
          }
        />
      )}
    </Flex>
  );
}
