import { arrivedTickets, customerReplies } from '@/domain/desk-notifications';
import type { Ticket } from '@/domain/types';

const ticket = (id: string, overrides: Partial<Ticket> = {}): Ticket => ({
  id,
  number: Number(id.replace(/\D/g, '')) || 1,
  subject: `Subject ${id}`,
  status: 'open',
  priority: 'normal',
  tags: [],
  requesterId: 'dana',
  requesterName: 'Dana Whitfield',
  assigneeId: 'priya',
  assigneeName: 'Priya Shah',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  lastMessageBy: 'customer',
  ...overrides,
});

describe('arrivedTickets', () => {
  it('takes the first snapshot as the baseline', () => {
    expect(arrivedTickets(null, [ticket('t1')])).toEqual([]);
  });
  it('announces a ticket that was not in the previous snapshot, with number, subject and requester', () => {
    expect(arrivedTickets([ticket('t1')], [ticket('t2'), ticket('t1')])).toEqual([
      { ticketId: 't2', tag: 'ticket-t2', title: 'New ticket #2', body: 'Subject t2 — Dana Whitfield' },
    ]);
  });
  it('says nothing when a ticket leaves or the same tickets change', () => {
    expect(arrivedTickets([ticket('t1'), ticket('t2')], [ticket('t1', { subject: 'Changed' })])).toEqual([]);
  });
});

describe('customerReplies', () => {
  const later = '2026-11-20T11:00:00.000Z';
  it('announces a customer reply on a ticket assigned to me', () => {
    expect(customerReplies([ticket('t1')], [ticket('t1', { lastMessageAt: later })], 'priya')).toEqual([
      { ticketId: 't1', tag: 'ticket-t1', title: 'Dana Whitfield replied on #1', body: 'Subject t1' },
    ]);
  });
  it('ignores agents’ replies, other agents’ tickets, unchanged activity and the baseline', () => {
    expect(
      customerReplies([ticket('t1')], [ticket('t1', { lastMessageAt: later, lastMessageBy: 'agent' })], 'priya'),
    ).toEqual([]);
    expect(customerReplies([ticket('t1')], [ticket('t1', { lastMessageAt: later })], 'sam')).toEqual([]);
    expect(customerReplies([ticket('t1')], [ticket('t1', { updatedAt: later })], 'priya')).toEqual([]);
    expect(customerReplies(null, [ticket('t1', { lastMessageAt: later })], 'priya')).toEqual([]);
  });
  it('ignores a ticket that only now appears in my list (assigned to me meanwhile)', () => {
    expect(customerReplies([], [ticket('t1', { lastMessageAt: later })], 'priya')).toEqual([]);
  });
});
