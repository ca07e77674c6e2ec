/**
 * `src/domain/plans/new-ticket.ts`: the ticket a submission creates, and a retried submission
 * (DESIGN §2–§3).
 */
import { planNewTicket, isRetriedSubmission } from '@/domain/plans/new-ticket';
import { agent, customer, stranger, ticket } from '../../../support/plan-fixtures';

describe('planNewTicket (DESIGN §2–§3)', () => {
  const request = { subject: 'Printer on fire', description: 'Flames.', priority: 'high' as const };

  it('plans a new ticket, its first public message and its status entry', () => {
    expect(planNewTicket({ ...request, category: '  Hardware ' }, customer)).toEqual({
      ticket: {
        subject: 'Printer on fire',
        status: 'new',
        priority: 'high',
        category: 'Hardware',
        tags: [],
        requesterId: 'c1',
        requesterName: 'Dana Whitfield',
        lastMessageBy: 'customer',
      },
      message: {
        authorId: 'c1',
        authorName: 'Dana Whitfield',
        authorRole: 'customer',
        body: 'Flames.',
        internal: false,
      },
      events: [{ type: 'status', from: null, to: 'new' }],
    });
  });

  it('leaves an empty category out, and marks a staff submission as the agent’s', () => {
    const plan = planNewTicket({ ...request, category: '  ' }, agent);
    expect(plan.ticket).not.toHaveProperty('category');
    expect(plan.ticket.lastMessageBy).toBe('agent');
  });

  it('follows up only a closed ticket the person may read', () => {
    const withFollowUp = { ...request, followUpOf: 't1' };
    expect(planNewTicket(withFollowUp, customer, ticket({ status: 'closed' })).ticket.followUpOf).toBe('t1');
    expect(() => planNewTicket(withFollowUp, customer, null)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => planNewTicket(withFollowUp, stranger, ticket({ status: 'closed' }))).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => planNewTicket(withFollowUp, customer, ticket())).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
  });

  it('accepts a retried submission of one’s own ticket and refuses an id in use', () => {
    expect(isRetriedSubmission(null, customer)).toBe(false);
    expect(isRetriedSubmission({ requesterId: 'c1' }, customer)).toBe(true);
    expect(() => isRetriedSubmission({ requesterId: 'c2' }, customer)).toThrow(
      expect.objectContaining({ code: 'already-exists', message: 'Another request already has this id.' }),
    );
  });
});
