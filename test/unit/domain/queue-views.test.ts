/**
 * The queue's views (`queue-views.ts`): the "Closed" and "All tickets" views exist, and a view is
 * shown as current only while the list is that view narrowed, never beside a status or a search
 * that contradicts it.
 */
import { queueViewById, viewShowsChoices } from '@/domain/queue-views';
import { TICKET_STATUSES } from '@/domain/types';
import { ME } from '../../support/queue-agent';

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
