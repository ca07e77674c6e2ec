/**
 * A staff change to a ticket's fields as a plan (DESIGN §1–§3): priority, category, tags and
 * assignee, one audit entry per changed field, and the move a new ticket makes when it is
 * assigned ("open (incl. assign)", DESIGN §2).
 */
import { can, PATCH_PERMISSIONS } from '@/domain/policy';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { isStaff } from '@/domain/roles';
import { planFieldValues, type FieldChanges, type FieldsContext } from '@/domain/plans/field-values';
import type { Priority, Ticket, UserProfile } from '@/domain/types';
import { planStatusMove } from '@/domain/plans/status-move';
import {
  assertUnchangedSince,
  auditValue,
  emptyWrite,
  mergeWrites,
  principalOf,
  sameTags,
  type ActingUser,
  type AuditEntry,
  type TicketChangePlan,
} from '@/domain/plans/ticket-write';

/** A ticket patch as the schema leaves it (`ticketPatchSchema`): absent keys change nothing. */
export interface CheckedTicketPatch {
  priority?: Priority;
  /** `null` or `''` removes the category. */
  category?: string | null;
  tags?: string[];
  /** `null` unassigns. */
  assigneeId?: string | null;
  /** Custom field values to change by key, `null` to empty one (DESIGN §3 "Custom fields"). */
  fields?: FieldChanges;
}

/**
 * Checks that `actor` may change every property the patch names (DESIGN §1: staff only; custom
 * field values also the requester, checked with the ticket by {@link planTicketPatch}). Adapters
 * call it before reading the ticket, so a customer learns nothing about tickets by patching.
 * @throws AppError `permission-denied`.
 */
export function assertMayPatch(actor: Pick<UserProfile, 'uid' | 'role'>, patch: CheckedTicketPatch): void {
  for (const field of Object.keys(patch) as (keyof CheckedTicketPatch)[]) {
    if (field !== 'fields') assertCan(principalOf(actor), PATCH_PERMISSIONS[field]);
  }
}

/** What {@link planTicketPatch} needs. */
export interface TicketPatchInput {
  /** The ticket as read in the write's transaction. */
  ticket: Ticket;
  patch: CheckedTicketPatch;
  actor: ActingUser;
  /** The profile of `patch.assigneeId` when it names someone, `null` when there is no such person. */
  assignee: (Pick<UserProfile, 'uid' | 'role' | 'displayName'> & Pick<Partial<UserProfile>, 'deactivated'>) | null;
  /** The port's `WriteOptions.expectedUpdatedAt`. */
  expectedUpdatedAt: string | undefined;
  /** The desk's field definitions and the ticket's stored values; needed when `patch.fields` is given. */
  fields?: FieldsContext;
}

/**
 * Plans a staff change to a ticket: only fields that really change are written, each with an
 * audit entry (priority, category, tags, assignee, in that order); tags lose duplicates;
 * assigning a `new` ticket also opens it, its status entry after the assignee's. A patch that
 * changes nothing plans an empty write and no entries. Custom field values (`planFieldValues`)
 * come last: the ticket's visible values in `write.set.fields`, agents-only ones in
 * `agentFields`, one `field` entry per changed key.
 * @throws AppError `permission-denied` for customers (but on their own request's fields customers
 *   fill), `aborted` when the ticket changed since `expectedUpdatedAt`, `failed-precondition` on
 *   a closed ticket, `invalid-argument` for an assignee who is not an agent or admin (or is
 *   deactivated) or for a value its field refuses.
 */
export function planTicketPatch({
  ticket,
  patch,
  actor,
  assignee,
  expectedUpdatedAt,
  fields,
}: TicketPatchInput): TicketChangePlan {
  assertMayPatch(actor, patch);
  if (patch.fields !== undefined) assertCan(principalOf(actor), 'ticket.fillFields', ticket);
  assertUnchangedSince(ticket, expectedUpdatedAt);
  if (ticket.status === 'closed') throw refusals.ticketClosed();

  let write = emptyWrite();
  const events: AuditEntry[] = [];
  const record = (type: AuditEntry['type'], from: string | readonly string[] | null | undefined, to: typeof from) =>
    events.push({ type, from: auditValue(from), to: auditValue(to) });

  if (patch.priority !== undefined && patch.priority !== ticket.priority) {
    write.set.priority = patch.priority;
    record('priority', ticket.priority, patch.priority);
  }
  if (patch.category !== undefined) {
    const category = patch.category || null;
    if (category !== (ticket.category ?? null)) {
      if (category === null) write.clear.push('category');
      else write.set.category = category;
      record('category', ticket.category, category);
    }
  }
  if (patch.tags !== undefined) {
    const tags = [...new Set(patch.tags)];
    if (!sameTags(tags, ticket.tags)) {
      write.set.tags = tags;
      record('tags', ticket.tags, tags);
    }
  }
  if (patch.assigneeId !== undefined && patch.assigneeId !== (ticket.assigneeId ?? null)) {
    if (patch.assigneeId === null) {
      write.clear.push('assigneeId', 'assigneeName');
    } else {
      const holder = assignee?.uid === patch.assigneeId ? assignee : null;
      // A deactivated person holds no new ticket (DESIGN §1 "Deactivated people").
      if (!holder || holder.deactivated || !can(principalOf(holder), 'ticket.beAssigned')) throw refusals.badAssignee();
      write.set.assigneeId = holder.uid;
      write.set.assigneeName = holder.displayName;
    }
    record('assignee', ticket.assigneeId, patch.assigneeId);
    // DESIGN §2 "open (incl. assign)": taking a new ticket starts work on it.
    if (patch.assigneeId !== null && ticket.status === 'new') {
      const open = planStatusMove(ticket, 'open', actor, null);
      write = mergeWrites(write, open.write);
      events.push(...open.events);
    }
  }
  let agentFields: TicketChangePlan['agentFields'];
  if (patch.fields !== undefined && Object.keys(patch.fields).length > 0) {
    if (!fields) throw new Error('planTicketPatch: fields context missing for a field change');
    const planned = planFieldValues(
      fields.definitions,
      fields.values,
      patch.fields,
      isStaff(actor.role) ? 'staff' : 'customer',
    );
    if (planned.visible) write.set.fields = planned.visible;
    agentFields = planned.agents;
    events.push(...planned.events);
  }
  if (events.length > 0 && !write.stamp.includes('updatedAt')) write.stamp.push('updatedAt');
  return agentFields ? { write, events, agentFields } : { write, events };
}
