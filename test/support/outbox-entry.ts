/**
 * An outbox entry for the outbox tests (`test/unit/features/tickets/conversation/`): `owner`'s
 * unsent public reply `messageId` on `ticketId`, no attachments, queued on a fixed morning (the
 * id's last character picks the second).
 */
export const entry = (owner: string, messageId: string, ticketId = 't1') => ({
  owner,
  ticketId,
  messageId,
  body: `reply ${messageId}`,
  internal: false,
  attachments: [],
  queuedAt: `2026-11-22T10:00:0${messageId.slice(-1)}.000Z`,
});
