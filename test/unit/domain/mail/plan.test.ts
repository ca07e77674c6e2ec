/**
 * The pure mail module (DESIGN §9), `plan.ts`: who is emailed about what.
 */
import { mailsForMessage, mailsForTicketWrite, wantsMail, type MailTicketState } from '@/domain/mail/plan';
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

  it('an internal note emails nobody; a public reply the requester; the requester’s reply the assignee', () => {
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
