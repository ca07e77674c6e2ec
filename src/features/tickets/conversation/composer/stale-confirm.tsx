/**
 * "This ticket changed since you loaded it" (collision detection): before a reply that
 * also sets a status overwrites someone else's change, the agent is told what changed — status
 * and assignee, from → to — and chooses "Send anyway" or "Review".
 */
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import { ruleFor, statusLabel, type LifecycleEvent } from '@/domain/lifecycle';
import type { Ticket } from '@/domain/types';

/** One line of what changed between two readings of a ticket, e.g. "Status: Open → Pending". */
export interface TicketChange {
  field: 'Status' | 'Assignee';
  from: string;
  to: string;
}

function assigneeLabel(ticket: Ticket): string {
  return ticket.assigneeId ? (ticket.assigneeName ?? 'someone') : 'Unassigned';
}

/**
 * The status and assignee changes from `before` to `after` (what a status set with a reply
 * would overwrite). Empty when only other details changed (priority, tags, a new message).
 */
export function ticketChanges(before: Ticket, after: Ticket): TicketChange[] {
  const changes: TicketChange[] = [];
  if (before.status !== after.status) {
    changes.push({ field: 'Status', from: statusLabel(before.status), to: statusLabel(after.status) });
  }
  if (before.assigneeId !== after.assigneeId) {
    changes.push({ field: 'Assignee', from: assigneeLabel(before), to: assigneeLabel(after) });
  }
  return changes;
}

/**
 * A function that asks the agent whether to send anyway, in antd's themed modal
 * (`App.useApp()`, so it needs antd's `<App>` above).
 * @returns `ask(before, after, event)`, resolving true for "Send anyway", false for "Review"
 *   (or the dialog dismissed).
 */
export function useConfirmStaleSend(): (before: Ticket, after: Ticket, event: LifecycleEvent) => Promise<boolean> {
  const { modal } = App.useApp();
  return (before, after, event) =>
    new Promise<boolean>((resolve) => {
      const changes = ticketChanges(before, after);
      const to = statusLabel(ruleFor(event).to).toLowerCase();
      modal.confirm({
        title: `Ticket #${after.number} changed since you loaded it`,
        content: (
          <>
            {changes.length > 0 ? (
              <ul aria-label="What changed" style={{ paddingInlineStart: 20, margin: '8px 0' }}>
                {changes.map((change) => (
                  <li key={change.field}>
                    {change.field}: {change.from} → {change.to}
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Paragraph>
                Someone else changed other details (priority, tags or the conversation).
              </Typography.Paragraph>
            )}
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              Send anyway to post your reply and set the ticket to {to}, or review the ticket first. Your text is kept
              either way.
            </Typography.Paragraph>
          </>
        ),
        okText: 'Send anyway',
        cancelText: 'Review',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
