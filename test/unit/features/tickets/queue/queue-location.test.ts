/**
 * Where the queue looks (src/features/tickets/queue/queue-location.ts, src/domain/queue-views.ts):
 * a search looks in every ticket, any status and assignee, whatever the view — a number typed in
 * "All open" finds a closed ticket — narrowed only by the bar's own Status and Assignee; the
 * "Closed" and "All tickets" views exist; and a view is shown as current only while the list
 * is that view narrowed, never beside a status or a search that contradicts it.
 */
import { queueViewById, viewShowsChoices } from '@/domain/queue-views';
import { TICKET_STATUSES } from '@/domain/types';
import { queueFilterOf } from '@/features/tickets/queue/queue-location';

const ME = 'agent-1';

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

describe('views for closed and all tickets', () => {
  it('has Closed and All tickets', () => {
    expect(queueViewById('closed').filter(ME)).toEqual({ statuses: ['closed'] });
    expect(queueViewById('all').filter(ME)).toEqual({ statuses: [...TICKET_STATUSES] });
  });
});

describe('the current view is never shown beside a list it is not', () => {
  const open = queueViewById('open');
  const mine = queueViewById('mine');
  it('shows the view while the bar narrows it', () => {
    expect(viewShowsChoices(open, ME, { searching: false })).toBe(true);
    expect(viewShowsChoices(open, ME, { status: 'pending', searching: false })).toBe(true);
    expect(viewShowsChoices(mine, ME, { assignee: ME, searching: false })).toBe(true);
  });
  it('shows none for a status outside it, another assignee, or a search', () => {
    expect(viewShowsChoices(open, ME, { status: 'closed', searching: false })).toBe(false);
    expect(viewShowsChoices(mine, ME, { assignee: 'someone-else', searching: false })).toBe(false);
    expect(viewShowsChoices(queueViewById('unassigned'), ME, { assignee: ME, searching: false })).toBe(false);
    expect(viewShowsChoices(open, ME, { searching: true })).toBe(false);
  });
});
