/**
 * The people and the ticket the planner tests work on (`test/unit/domain/plans/`,
 * including `audit-trail.test.ts`): plain domain values, no backend.
 */
import type { Ticket } from '@/domain/types';

/** A write's time in the plan tests (ISO-8601 UTC). */
export const AT = '2026-03-01T10:00:00.000Z';
export const agent = { uid: 'a1', role: 'agent' as const, displayName: 'Priya Shah' };
export const otherAgent = { uid: 'a2', role: 'agent' as const, displayName: 'Ken Ito' };
export const admin = { uid: 'ad', role: 'admin' as const, displayName: 'Ada Admin' };
export const customer = { uid: 'c1', role: 'customer' as const, displayName: 'Dana Whitfield' };
export const stranger = { uid: 'c2', role: 'customer' as const, displayName: 'Sam Stranger' };

/** An open ticket #7 of {@link customer}'s, with `fields` over it. */
export function ticket(fields: Partial<Ticket> = {}): Ticket {
  return {
    id: 't1',
    number: 7,
    subject: 'Printer on fire',
    status: 'open',
    priority: 'normal',
    tags: [],
    requesterId: customer.uid,
    requesterName: customer.displayName,
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-02T09:00:00.000Z',
    lastMessageAt: '2026-02-01T09:00:00.000Z',
    lastMessageBy: 'customer',
    ...fields,
  };
}
