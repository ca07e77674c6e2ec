/**
 * Which tickets a person's lists and counts may cover, and in which order (DESIGN §1): staff
 * see every ticket in any order; a customer sees only their own requests, never ordered by
 * `updatedAt` (internal notes move it, so that order would tell them a note was written).
 */
import { can } from '@/domain/policy';
import { assertCan, refusals } from '@/domain/errors/refusals';
import type { Principal } from '@/domain/policy';
import type { UserProfile } from '@/domain/types';
import { principalOf } from '@/domain/plans/ticket-write';

/** What a customer's list of their organisation's requests takes besides the organisation: a page. */
const LISTED_WITH_ORGANISATION: readonly string[] = ['organisationId', 'limit', 'sort', 'after'];

/** The refusal of a customer's organisation list narrowed further (translated in `refusal-sentences.ts`). */
export const ORGANISATION_LIST_ALONE = 'Your organisation’s requests are listed without other filters.';

/** Orders only staff may ask for. */
const STAFF_ORDERS: readonly string[] = ['updatedAt', 'slaDueAt', 'fieldSortA', 'fieldSortB'];

/** The order a list that names none gets: last public reply first. */
export const DEFAULT_TICKET_ORDER = { field: 'lastMessageAt', direction: 'desc' } as const;

/**
 * A filter as `who` may ask for it: a customer's names themselves as requester — or, for a member
 * of an organisation that shares its requests (`who.sharedOrganisation`, DESIGN §1
 * "Organisations"), names that organisation instead.
 * @returns the filter, with `requesterId` set for a customer (but in their shared organisation).
 * @throws AppError `permission-denied` when a customer names another requester, or an
 *   organisation whose requests they do not read.
 */
export function scopedFilter<F extends { requesterId?: string; organisationId?: string }>(
  who: Pick<Principal, 'uid' | 'role' | 'sharedOrganisation'>,
  filter: F,
): F {
  const person = principalOf(who);
  if (can(person, 'tickets.listAnyone')) return filter;
  if (filter.requesterId !== undefined && filter.requesterId !== who.uid) assertCan(person, 'tickets.listAnyone');
  if (filter.organisationId !== undefined) {
    if (filter.organisationId !== who.sharedOrganisation) assertCan(person, 'tickets.listAnyone');
    // Listed whole, newest activity first: the rules' one check, and indexes for just that.
    const narrowed = Object.entries(filter).some(
      ([key, value]) => !LISTED_WITH_ORGANISATION.includes(key) && value !== undefined,
    );
    if (narrowed) throw refusals.badInput(ORGANISATION_LIST_ALONE);
    return filter;
  }
  return { ...filter, requesterId: who.uid };
}

/**
 * The requester every list of `who` is limited to: none for staff, themselves for a customer
 * (what a count's change trigger watches).
 */
export function requesterScope(who: Pick<UserProfile, 'uid' | 'role'>): string | undefined {
  return scopedFilter<{ requesterId?: string }>(who, {}).requesterId;
}

/**
 * Checks the order of a list (see the file's comment).
 * @throws AppError `permission-denied` for a customer ordering by `updatedAt` (internal notes move it),
 *   `slaDueAt` (the desk's SLA is staff business) or a field's sort slot (the queue's own order).
 */
export function assertMayOrder(who: Pick<UserProfile, 'uid' | 'role'>, sort: { field: string }): void {
  if (STAFF_ORDERS.includes(sort.field)) assertCan(principalOf(who), 'tickets.orderByUpdatedAt');
}
