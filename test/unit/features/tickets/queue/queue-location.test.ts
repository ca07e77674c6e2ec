/**
 * Where the queue looks (`queue-location.ts`): a search looks in every ticket, any status and
 * assignee, whatever the view — a number typed in "All open" finds a closed ticket — narrowed only
 * by the bar's own Status and Assignee.
 */
import { queueViewById } from '@/domain/queue-views';
import { TICKET_STATUSES } from '@/domain/types';
import { queueFilterOf } from '@/features/tickets/queue/queue-location';
import { ME } from '../../../../support/queue-agent';

describe('a search looks everywhere', () => {
  it.each(['unassigned', 'mine', 'open', 'pending', 'solved'])('from the %s view: every status, any assignee', (id) => {
    expect(queueFilterOf(queueViewById(id), { q: '#1' }, ME)).toEqual({
      statuses: [...TICKET_STATUSES],
      search: '#1',
    });
  });

  it('is narrowed by the bar’s own Status and Assignee', () => {
    expect(queueFilterOf(queueViewById('open'), { q: 'printer', status: 'closed', assignee: null }, ME)).toEqual({
      statuses: ['closed'],
      assigneeId: null,
      search: 'printer',
    });
  });

  it('leaves a tag filter inside its view (a tag is not a search)', () => {
    expect(queueFilterOf(queueViewById('mine'), { tag: 'vip', q: 'printer' }, ME)).toEqual({
      statuses: ['new', 'open', 'pending', 'on_hold'],
      assigneeId: ME,
      tag: 'vip',
    });
  });
});
