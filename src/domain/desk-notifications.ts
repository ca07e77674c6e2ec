/**
 * Which changes to an agent's watched tickets deserve a desktop notification: a ticket
 * that arrives in the Unassigned view, and a customer's reply on a ticket assigned to the agent.
 * Pure: the caller keeps the previous snapshot and shows the notices.
 */
import type { Ticket } from '@/domain/types';

/** One desktop notification: `tag` lets the browser replace an older one for the same ticket. */
export interface DeskNotice {
  ticketId: string;
  tag: string;
  title: string;
  body: string;
}

/**
 * Tickets in `next` that were not in `previous` — new arrivals in a live list such as the
 * Unassigned view. The first snapshot (`previous === null`) is the baseline: nothing is new.
 */
export function arrivedTickets(previous: readonly Ticket[] | null, next: readonly Ticket[]): DeskNotice[] {
  if (previous === null) return [];
  const known = new Set(previous.map((ticket) => ticket.id));
  return next
    .filter((ticket) => !known.has(ticket.id))
    .map((ticket) => ({
      ticketId: ticket.id,
      tag: `ticket-${ticket.id}`,
      title: `New ticket #${ticket.number}`,
      body: `${ticket.subject} — ${ticket.requesterName}`,
    }));
}

/**
 * Customer replies on tickets assigned to `agentUid`: a ticket of both snapshots whose public
 * activity (`lastMessageAt`, ISO-8601) moved forward with the customer as its last writer.
 * Replies by agents (the agent's own included) and internal notes never notify.
 */
export function customerReplies(
  previous: readonly Ticket[] | null,
  next: readonly Ticket[],
  agentUid: string,
): DeskNotice[] {
  if (previous === null) return [];
  const before = new Map(previous.map((ticket) => [ticket.id, ticket]));
  return next
    .filter((ticket) => {
      const old = before.get(ticket.id);
      return (
        old !== undefined &&
        ticket.assigneeId === agentUid &&
        ticket.lastMessageBy === 'customer' &&
        Date.parse(ticket.lastMessageAt) > Date.parse(old.lastMessageAt)
      );
    })
    .map((ticket) => ({
      ticketId: ticket.id,
      tag: `ticket-${ticket.id}`,
      title: `${ticket.requesterName} replied on #${ticket.number}`,
      body: ticket.subject,
    }));
}
