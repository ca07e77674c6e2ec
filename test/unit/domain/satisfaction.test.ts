/** Satisfaction ratings' plan (CSAT, DESIGN §10): once, only the requester, only solved or closed. */
import { planRating, ratingInputSchema } from '@/domain/satisfaction';
import { type TICKET_STATUSES } from '@/domain/types';

const AT = '2026-11-24T12:00:00.000Z';
const ticket = (status: (typeof TICKET_STATUSES)[number]) => ({ id: 't1', requesterId: 'carol', status });

describe('planRating', () => {
  it.each(['solved', 'closed'] as const)('stores the requester’s rating of a %s request, comment trimmed', (status) => {
    expect(planRating(ticket(status), { uid: 'carol' }, { score: 'bad', comment: '  Slow.  ' }, null, AT)).toEqual({
      ticketId: 't1',
      requesterId: 'carol',
      score: 'bad',
      comment: 'Slow.',
      createdAt: AT,
    });
    expect(
      planRating(ticket(status), { uid: 'carol' }, { score: 'good', comment: '   ' }, null, AT),
    ).not.toHaveProperty('comment');
  });
  it.each(['new', 'open', 'pending', 'on_hold'] as const)('refuses a %s request as failed-precondition', (status) => {
    expect(() => planRating(ticket(status), { uid: 'carol' }, { score: 'good' }, null, AT)).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
  });
  it('refuses anyone but the requester, and a second rating', () => {
    expect(() => planRating(ticket('solved'), { uid: 'alice' }, { score: 'good' }, null, AT)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    const first = planRating(ticket('solved'), { uid: 'carol' }, { score: 'good' }, null, AT);
    expect(() => planRating(ticket('solved'), { uid: 'carol' }, { score: 'bad' }, first, AT)).toThrow(
      expect.objectContaining({ code: 'already-exists' }),
    );
  });
  it('takes only good or bad, and a comment of at most 1000 characters', () => {
    expect(ratingInputSchema.safeParse({ score: 'meh' }).success).toBe(false);
    expect(ratingInputSchema.safeParse({ score: 'good', comment: 'x'.repeat(1000) }).success).toBe(true);
    expect(ratingInputSchema.safeParse({ score: 'good', comment: 'x'.repeat(1001) }).success).toBe(false);
  });
});
