/**
 * Which tickets a person's lists and counts may cover, and in which order (DESIGN §1): staff
 * see every ticket in any order; a customer sees only their own requests, never ordered by
 * `updatedAt` (internal notes move it, so that order would tell them a note was written).
 */
import { can } from '@/domain/policy';
import { assertCan } from '@/domain/errors/refusals';
import type { UserProfile } from '@/domain/types';
import { principalOf } from '@/domain/plans/ticket-write';

/** Orders only staff may ask for. */
const STAFF_ORDERS: readonly string[] = ['updatedAt', 'slaDueAt', 'fieldSortA', 'fieldSortB'];

/** The order a list that names none gets: last public reply first. */
export const DEFAULT_TICKET_ORDER = { field: 'lastMessageAt', direction: 'desc' } as const;

/**
 * A filter as `who` may ask for it: a customer's always names themselves as requester.
 * @returns the filter, with `requesterId` set for a customer.
 * @throws AppError `permission-denied` when a customer names another requester.
 */
export function scopedFilter<F extends { requesterId?: string }>(who: Pick<UserProfile, 'uid' | 'role'>, filter: F): F {
  if (can(principalOf(who), 'tickets.listAnyone')) return filter;
  if (filter.requesterId !== undefined && filter.requesterId !== who.uid)
    assertCan(principalOf(who), 'tickets.listAnyone');
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
