/**
 * The pure mail module (DESIGN §9), `plan.ts`: who is emailed about what.
 */
import {
  followersHearOf,
  mailsForMessage,
  mailsForTicketWrite,
  wantsMail,
  type MailTicketState,
} from '@/domain/mail/plan';
import { DEFAULT_NOTIFICATIONS, notificationsOf } from '@/domain/mail/preferences';

const state = (fields: Partial<MailTicketState> = {}): MailTicketState => ({
  id: 'T1',
  number: 42,
  subject: 'Printer',
  status: 'open',
  requesterId: 'carol',
  requesterName: 'Carol',
  assigneeId: 'priya',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...fields,
});

describe('who is emailed', () => {
  it('a new ticket: the requester, and staff watching Unassigned when nobody has it', () => {
    expect(
      mailsForTicketWrite(null, state({ status: 'new', assigneeId: undefined }), 'carol').map((i) => i.kind),
    ).toEqual(['request-received', 'new-unassigned']);
  });

  it('solved: the requester once; assigned: the new assignee unless they took it themselves', () => {
    expect(mailsForTicketWrite(state(), state({ status: 'solved' }), 'priya').map((i) => i.kind)).toEqual([
      'request-solved',
    ]);
    expect(mailsForTicketWrite(state({ status: 'solved' }), state({ status: 'solved' }), 'priya')).toEqual([]);
    expect(mailsForTicketWrite(state({ assigneeId: undefined }), state({ assigneeId: 'sam' }), 'priya')).toEqual([
      expect.objectContaining({ kind: 'ticket-assigned', audience: { uid: 'sam' } }),
    ]);
    expect(mailsForTicketWrite(state({ assigneeId: undefined }), state(), 'priya')).toEqual([]);
  });

  it('an internal note emails nobody but followers; a public reply the requester; the requester’s reply the assignee', () => {
    expect(mailsForMessage(state(), { id: 'm', authorId: 'priya', internal: true })).toEqual([]);
    expect(mailsForMessage(state(), { id: 'm', authorId: 'priya', internal: false })).toEqual([
      expect.objectContaining({ kind: 'public-reply', audience: { requester: true } }),
    ]);
    expect(mailsForMessage(state(), { id: 'm', authorId: 'carol', internal: false })).toEqual([
      expect.objectContaining({ kind: 'customer-reply', audience: { uid: 'priya' } }),
    ]);
    expect(mailsForMessage(state({ assigneeId: undefined }), { id: 'm', authorId: 'carol', internal: false })).toEqual(
      [],
    );
  });

  it('followers hear of every message, a note too, but never of their own, nor twice for one change', () => {
    const followed = state({ followerIds: ['sam', 'priya', 'olu'] });
    expect(mailsForMessage(followed, { id: 'm', authorId: 'olu', internal: true })).toEqual([
      expect.objectContaining({ kind: 'followed-message', audience: { uid: 'sam' }, actorId: 'olu' }),
      expect.objectContaining({ kind: 'followed-message', audience: { uid: 'priya' }, actorId: 'olu' }),
    ]);
    // The requester replies: the assignee (a follower too) gets "customer replied", not both.
    expect(mailsForMessage(followed, { id: 'm', authorId: 'carol', internal: false })).toEqual([
      expect.objectContaining({ kind: 'customer-reply', audience: { uid: 'priya' } }),
      expect.objectContaining({ kind: 'followed-message', audience: { uid: 'sam' } }),
      expect.objectContaining({ kind: 'followed-message', audience: { uid: 'olu' } }),
    ]);
    expect(mailsForMessage(followed, { id: 'm', authorId: 'sam', internal: false }).map((i) => i.kind)).toEqual([
      'public-reply',
      'followed-message',
      'followed-message',
    ]);
  });

  it('followers hear of a status or assignee change, with what changed, and of nothing else', () => {
    const before = state({ followerIds: ['sam'] });
    expect(mailsForTicketWrite(before, state({ status: 'pending', followerIds: ['sam'] }), 'priya')).toEqual([
      expect.objectContaining({ kind: 'followed-update', audience: { uid: 'sam' }, change: { status: 'pending' } }),
    ]);
    expect(
      mailsForTicketWrite(
        before,
        state({ assigneeId: undefined, assigneeName: undefined, followerIds: ['sam'] }),
        'priya',
      ),
    ).toEqual([expect.objectContaining({ kind: 'followed-update', change: { assigneeName: null } })]);
    // Assigned to a follower: "assigned to you" only.
    expect(
      mailsForTicketWrite(
        before,
        state({ assigneeId: 'sam', assigneeName: 'Sam', followerIds: ['sam', 'olu'] }),
        'priya',
      ),
    ).toEqual([
      expect.objectContaining({ kind: 'ticket-assigned', audience: { uid: 'sam' } }),
      expect.objectContaining({ kind: 'followed-update', audience: { uid: 'olu' }, change: { assigneeName: 'Sam' } }),
    ]);
    expect(mailsForTicketWrite(before, state({ followerIds: ['sam'] }), 'priya')).toEqual([]);
    expect(mailsForTicketWrite(before, state({ status: 'pending', followerIds: ['sam'] }), 'sam')).toEqual([]);
  });

  it('reads the followers only for a write they hear of: a status or an assignee that moved', () => {
    expect(followersHearOf(null, state())).toBe(false);
    expect(followersHearOf(state(), state({ status: 'pending' }))).toBe(true);
    expect(followersHearOf(state(), state({ assigneeId: undefined }))).toBe(true);
    expect(followersHearOf(state(), state({ subject: 'Printer on fire' }))).toBe(false);
  });

  it('followed-ticket emails go to staff only, whatever their switches', () => {
    const off = { ...DEFAULT_NOTIFICATIONS, requestUpdates: false, ticketAssigned: false, customerReplies: false };
    expect(
      wantsMail({ kind: 'followed-message', actorId: 'olu' }, { uid: 'sam', role: 'agent', notifications: off }),
    ).toBe(true);
    expect(
      wantsMail({ kind: 'followed-update', actorId: 'olu' }, { uid: 'sam', role: 'customer', notifications: off }),
    ).toBe(false);
  });

  it('respects the switches, never emails people about their own action, and staff kinds reach staff only', () => {
    const carol = { uid: 'carol', role: 'customer' as const, notifications: DEFAULT_NOTIFICATIONS };
    expect(wantsMail({ kind: 'public-reply', actorId: 'priya' }, carol)).toBe(true);
    expect(wantsMail({ kind: 'request-received', actorId: 'carol' }, carol)).toBe(true);
    expect(
      wantsMail(
        { kind: 'public-reply', actorId: 'priya' },
        { ...carol, notifications: { ...DEFAULT_NOTIFICATIONS, requestUpdates: false } },
      ),
    ).toBe(false);
    expect(
      wantsMail(
        { kind: 'new-unassigned', actorId: 'x' },
        { ...carol, notifications: { ...DEFAULT_NOTIFICATIONS, newUnassigned: true } },
      ),
    ).toBe(false);
    const priya = { uid: 'priya', role: 'agent' as const, notifications: DEFAULT_NOTIFICATIONS };
    expect(wantsMail({ kind: 'new-unassigned', actorId: 'carol' }, priya)).toBe(false);
    expect(wantsMail({ kind: 'customer-reply', actorId: 'carol' }, priya)).toBe(true);
    expect(wantsMail({ kind: 'customer-reply', actorId: 'priya' }, priya)).toBe(false);
  });

  it('reads stored switches leniently', () => {
    expect(notificationsOf({ requestUpdates: false, newUnassigned: 'yes' })).toEqual({
      ...DEFAULT_NOTIFICATIONS,
      requestUpdates: false,
    });
    expect(notificationsOf(null)).toEqual(DEFAULT_NOTIFICATIONS);
  });
});
