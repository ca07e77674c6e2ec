/**
 * "This ticket changed since you loaded it" (collision detection): before a reply that
 * also sets a status overwrites someone else's change, the agent is told what changed — status
 * and assignee, from → to — and chooses "Send anyway" or "Review".
 */
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import { useIntl, type IntlShape } from 'react-intl';
import { ruleFor, type LifecycleEvent } from '@/domain/lifecycle';
import type { Ticket } from '@/domain/types';
import { labelsFor } from '@/lib/i18n/labels';

/** One line of what changed between two readings of a ticket, e.g. "Status: Open → Pending". */
export interface TicketChange {
  field: 'status' | 'assignee';
  /** The value before and after, in the reader's language. */
  from: string;
  to: string;
}

function assigneeLabel(intl: IntlShape, ticket: Ticket): string {
  if (!ticket.assigneeId) {
    return intl.formatMessage({ id: 'conversation.staleConfirm.unassigned', defaultMessage: 'Unassigned' });
  }
  return (
    ticket.assigneeName ?? intl.formatMessage({ id: 'conversation.staleConfirm.someone', defaultMessage: 'someone' })
  );
}

/**
 * The status and assignee changes from `before` to `after` (what a status set with a reply
 * would overwrite). Empty when only other details changed (priority, tags, a new message).
 * @param intl the reader's language, for the values.
 */
export function ticketChanges(intl: IntlShape, before: Ticket, after: Ticket): TicketChange[] {
  const labels = labelsFor(intl);
  const changes: TicketChange[] = [];
  if (before.status !== after.status) {
    changes.push({ field: 'status', from: labels.status(before.status), to: labels.status(after.status) });
  }
  if (before.assigneeId !== after.assigneeId) {
    changes.push({ field: 'assignee', from: assigneeLabel(intl, before), to: assigneeLabel(intl, after) });
  }
  return changes;
}

/** A change as its line: "Status: Open → Pending" (the arrow follows the language's direction). */
function changeLine(intl: IntlShape, { field, from, to }: TicketChange): string {
  return field === 'status'
    ? intl.formatMessage(
        { id: 'conversation.staleConfirm.status', defaultMessage: 'Status: {from} → {to}' },
        { from, to },
      )
    : intl.formatMessage(
        { id: 'conversation.staleConfirm.assignee', defaultMessage: 'Assignee: {from} → {to}' },
        { from, to },
      );
}

/**
 * A function that asks the agent whether to send anyway, in antd's themed modal
 * (`App.useApp()`, so it needs antd's `<App>` above).
 * @returns `ask(before, after, event)`, resolving true for "Send anyway", false for "Review"
 *   (or the dialog dismissed).
 */
export function useConfirmStaleSend(): (before: Ticket, after: Ticket, event: LifecycleEvent) => Promise<boolean> {
  const { modal } = App.useApp();
  const intl = useIntl();
  return (before, after, event) =>
    new Promise<boolean>((resolve) => {
      const changes = ticketChanges(intl, before, after);
      const status = labelsFor(intl).status(ruleFor(event).to).toLocaleLowerCase(intl.locale);
      modal.confirm({
        title: intl.formatMessage(
          { id: 'conversation.staleConfirm.title', defaultMessage: 'Ticket #{number} changed since you loaded it' },
          { number: String(after.number) },
        ),
        content: (
          <>
            {changes.length > 0 ? (
              <ul
                aria-label={intl.formatMessage({
                  id: 'conversation.staleConfirm.whatChanged',
                  defaultMessage: 'What changed',
                })}
                style={{ paddingInlineStart: 20, margin: '8px 0' }}
              >
                {changes.map((change) => (
                  <li key={change.field}>{changeLine(intl, change)}</li>
                ))}
              </ul>
            ) : (
              <Typography.Paragraph>
                {intl.formatMessage({
                  id: 'conversation.staleConfirm.otherDetails',
                  defaultMessage: 'Someone else changed other details (priority, tags or the conversation).',
                })}
              </Typography.Paragraph>
            )}
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {intl.formatMessage(
                {
                  id: 'conversation.staleConfirm.explain',
                  defaultMessage:
                    'Send anyway to post your reply and set the ticket to {status}, or review the ticket first. Your text is kept either way.',
                },
                { status },
              )}
            </Typography.Paragraph>
          </>
        ),
        okText: intl.formatMessage({ id: 'conversation.staleConfirm.sendAnyway', defaultMessage: 'Send anyway' }),
        cancelText: intl.formatMessage({ id: 'conversation.staleConfirm.review', defaultMessage: 'Review' }),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
