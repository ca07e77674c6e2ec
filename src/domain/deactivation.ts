/**
 * Deactivating and reactivating people (DESIGN §1 "Deactivated people"): the decisions, made once
 * here; trusted code (the local backend's own code, a Cloud Function on Firebase) applies them —
 * the profile's `deactivated` is never a client's to write.
 */
import { z } from 'zod/mini';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { planTicketPatch } from '@/domain/plans/ticket-patch';
import { principalOf, type ActingUser, type TicketChangePlan } from '@/domain/plans/ticket-write';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import type { Ticket, UserProfile } from '@/domain/types';

/** What happens to the open tickets a deactivated person holds: unassigned, or all to one colleague. */
export type OpenTicketsChoice = { kind: 'unassign' } | { kind: 'reassign'; assigneeId: string };

/** A person's id as the backends store it (Firebase Auth uids are at most 128 characters). */
const uidSchema = z.string().check(z.minLength(1), z.maxLength(128));

/** What an admin asks: `{ uid, deactivated, openTickets? }` (unassign when not said). */
export const deactivationRequestSchema = z.strictObject({
  uid: uidSchema,
  deactivated: z.boolean(),
  openTickets: z.optional(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('unassign') }),
      z.strictObject({ kind: z.literal('reassign'), assigneeId: uidSchema }),
    ]),
  ),
});

/** A parsed {@link deactivationRequestSchema}. */
export type DeactivationRequest = z.infer<typeof deactivationRequestSchema>;

/** How many of a leaver's open tickets one write moves; trusted code repeats until none are left. */
export const DEACTIVATION_TICKETS_PER_WRITE = 200;

/** A person as the planners read them. */
export type PersonOnRecord = Pick<UserProfile, 'uid' | 'role' | 'displayName' | 'deactivated'>;

/** What {@link planDeactivation} needs, read in the write's transaction. */
export interface DeactivationInput {
  /** The admin asking. */
  actor: ActingUser;
  /** The person to deactivate; `null` when there is none. */
  person: PersonOnRecord | null;
  /** How many admins are active now, `person` included when they are one. */
  activeAdmins: number;
  /** The tickets assigned to `person`, whatever their status (the planner keeps the unsolved ones). */
  assigned: readonly Ticket[];
  choice: OpenTicketsChoice;
  /** The profile of `choice.assigneeId` when reassigning; `null` when there is no such person. */
  assignee: PersonOnRecord | null;
}

/** The writes of a deactivation: the profile's mark (with the server's time) and one change per open ticket. */
export interface DeactivationPlan {
  /**
   * False when the person is deactivated already: a repeated request (a retry, or the next page of
   * a leaver's many tickets) only moves the open tickets still assigned to them.
   */
  deactivate: boolean;
  tickets: { ticketId: string; plan: TicketChangePlan }[];
}

/**
 * Plans deactivating `person` and moving their open tickets (new, open, pending, on hold) as
 * `choice` says, each through {@link planTicketPatch} (so each has its audit entry); solved and
 * closed tickets keep their assignee, as history.
 * @throws AppError `permission-denied` when the actor is not an admin or is `person`; `not-found`
 *   for no such person; `failed-precondition` for the last active admin; `invalid-argument` when
 *   the colleague to reassign to is missing, deactivated, the person themselves, or not staff.
 */
export function planDeactivation({
  actor,
  person,
  activeAdmins,
  assigned,
  choice,
  assignee,
}: DeactivationInput): DeactivationPlan {
  assertCan(principalOf(actor), 'users.deactivate');
  if (person === null) throw refusals.userNotFound();
  if (person.uid === actor.uid) throw refusals.deactivateSelf();
  if (!person.deactivated && person.role === 'admin' && activeAdmins <= 1) throw refusals.lastAdmin();
  if (choice.kind === 'reassign' && (assignee === null || assignee.deactivated || assignee.uid === person.uid)) {
    throw refusals.badAssignee();
  }
  const assigneeId = choice.kind === 'reassign' ? choice.assigneeId : null;
  const tickets = assigned
    .filter((ticket) => ticket.assigneeId === person.uid && UNSOLVED_STATUSES.includes(ticket.status))
    .map((ticket) => ({
      ticketId: ticket.id,
      plan: planTicketPatch({
        ticket,
        patch: { assigneeId },
        actor,
        assignee: choice.kind === 'reassign' ? assignee : null,
        expectedUpdatedAt: undefined,
      }),
    }));
  return { deactivate: !person.deactivated, tickets };
}

/**
 * Checks that `actor` may reactivate `person` (their tickets stay where the deactivation put them).
 * @returns false when `person` is active already (nothing to write).
 * @throws AppError `permission-denied` for a non-admin; `not-found` for no such person.
 */
export function planReactivation(actor: ActingUser, person: PersonOnRecord | null): boolean {
  assertCan(principalOf(actor), 'users.deactivate');
  if (person === null) throw refusals.userNotFound();
  return person.deactivated === true;
}
