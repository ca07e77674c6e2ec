/**
 * The audit trail read off a change (DESIGN §3): given a ticket before and after one write,
 * the entries that say what the write changed, in the order the planners write them. Trusted
 * code that sees only the stored ticket (the Cloud Function on Firebase) writes the trail with
 * this; the planners' own `events` are the same entries (a unit test holds the two together).
 */
import { auditValue, sameTags, type AuditEntry } from '@/domain/plans/ticket-write';
import type { Ticket } from '@/domain/types';

/** The fields the audit trail follows; a missing optional field is `null` (DESIGN §3 storage). */
export type AuditedTicket = Pick<Ticket, 'status' | 'priority' | 'tags'> & {
  category?: string | null;
  assigneeId?: string | null;
};

/** The entry of a ticket's submission: none → new (DESIGN §2 `submit`). */
export const SUBMITTED_ENTRY: AuditEntry = Object.freeze({ type: 'status', from: null, to: 'new' });

/**
 * The audit entries for one write, from the ticket before and after it.
 * Order: priority, category, tags, then assignee and status — an assignment that opens a new
 * ticket is written assignee first (the assignment caused the move), a solve that makes the
 * solver the assignee status first (the move caused the assignment), as the planners do.
 * @param before the ticket as stored before the write; `after` as the write left it.
 * @returns the entries (empty when none of the followed fields changed).
 */
export function auditEntriesBetween(before: AuditedTicket, after: AuditedTicket): AuditEntry[] {
  const entries: AuditEntry[] = [];
  const record = (type: AuditEntry['type'], from: string | readonly string[] | null | undefined, to: typeof from) => {
    entries.push({ type, from: auditValue(from), to: auditValue(to) });
  };
  if (before.priority !== after.priority) record('priority', before.priority, after.priority);
  if (auditValue(before.category) !== auditValue(after.category)) record('category', before.category, after.category);
  if (!sameTags(before.tags ?? [], after.tags ?? [])) record('tags', before.tags, after.tags);

  const assigneeChanged = auditValue(before.assigneeId) !== auditValue(after.assigneeId);
  const statusChanged = before.status !== after.status;
  const status = () => record('status', before.status, after.status);
  const assignee = () => record('assignee', before.assigneeId, after.assigneeId);
  if (statusChanged && after.status === 'solved') {
    status();
    if (assigneeChanged) assignee();
  } else {
    if (assigneeChanged) assignee();
    if (statusChanged) status();
  }
  return entries;
}
