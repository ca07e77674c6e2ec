/**
 * `src/domain/plans/ticket-scope.ts`: the tickets a person may list and the orders they may ask
 * for (DESIGN §1).
 */
import { assertMayOrder, requesterScope, scopedFilter } from '@/domain/plans/ticket-scope';
import { admin, agent, customer } from '../../../support/plan-fixtures';

describe('ticket scope and order (DESIGN §1)', () => {
  it('leaves a staff filter as it is', () => {
    expect(scopedFilter(agent, { requesterId: 'c2', priority: 'high' })).toEqual({
      requesterId: 'c2',
      priority: 'high',
    });
    expect(requesterScope(admin)).toBeUndefined();
  });

  it('limits a customer to their own requests, and refuses naming anyone else', () => {
    const highOnly: { requesterId?: string; priority: string } = { priority: 'high' };
    expect(scopedFilter(customer, highOnly)).toEqual({ priority: 'high', requesterId: 'c1' });
    expect(scopedFilter(customer, { requesterId: 'c1' })).toEqual({ requesterId: 'c1' });
    expect(requesterScope(customer)).toBe('c1');
    expect(() => scopedFilter(customer, { requesterId: 'c2' })).toThrow(
      expect.objectContaining({ code: 'permission-denied', message: 'You can only list your own requests.' }),
    );
  });

  it('refuses a customer the updatedAt order only', () => {
    expect(() => assertMayOrder(customer, { field: 'updatedAt' })).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => assertMayOrder(customer, { field: 'lastMessageAt' })).not.toThrow();
    expect(() => assertMayOrder(agent, { field: 'updatedAt' })).not.toThrow();
  });
});
