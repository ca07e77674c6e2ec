/**
 * Bulk changes from the queue, written once for both adapters on top of their own
 * `get`, `update` and `transition`: every rule of a single change (DESIGN §1–§3, the Firestore
 * rules, audit events) holds for each ticket, because each ticket is exactly that single change.
 */
import type { BulkAction, BulkResult, TicketsPort } from '@/backend/port/tickets';
import { toErrorShape } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import { LIFECYCLE_EVENTS } from '@/domain/lifecycle';
import { LIMITS } from '@/domain/limits';
import { firstIssueMessage, tagSchema } from '@/domain/schemas';
import { PRIORITIES, type Ticket } from '@/domain/types';

/** The most tickets one bulk change takes: the port's page limit. */
export const BULK_MAX_TICKETS = 100;
/** Tickets changed at the same time (each its own transaction). */
const CONCURRENCY = 4;
/** Attempts to add a tag when someone else keeps changing the ticket in between. */
const TAG_ATTEMPTS = 3;

type SingleWrites = Pick<TicketsPort, 'get' | 'update' | 'transition'>;

/**
 * Checks a bulk change before anything is written.
 * @returns the action, its tag trimmed and lowercased.
 * @throws AppError `invalid-argument` for no ids, more than {@link BULK_MAX_TICKETS}, a repeated
 *   or empty id, or an action outside the port's shapes and DESIGN §3 limits.
 */
export function checkBulk(ids: readonly string[], action: BulkAction): BulkAction {
  if (!Array.isArray(ids) || ids.length === 0) throw refusals.bulkEmpty();
  if (ids.length > BULK_MAX_TICKETS) {
    throw refusals.bulkTooMany(BULK_MAX_TICKETS);
  }
  if (ids.some((id) => typeof id !== 'string' || id.length === 0)) {
    throw refusals.bulkMissingId();
  }
  if (new Set(ids).size !== ids.length) throw refusals.bulkDuplicate();
  switch (action?.kind) {
    case 'assign':
      if (action.assigneeId !== null && (typeof action.assigneeId !== 'string' || !action.assigneeId)) break;
      return action;
    case 'transition':
      if (!LIFECYCLE_EVENTS.includes(action.event)) break;
      return action;
    case 'priority':
      if (!PRIORITIES.includes(action.priority)) break;
      return action;
    case 'addTag': {
      const parsed = tagSchema.safeParse(typeof action.tag === 'string' ? action.tag.trim().toLowerCase() : action.tag);
      if (!parsed.success) throw refusals.badInput(firstIssueMessage(parsed.error));
      return { kind: 'addTag', tag: parsed.data };
    }
    default:
      break;
  }
  throw refusals.bulkUnknown();
}

/** Adds a tag with the single-ticket `update`, retrying when the ticket changed in between. */
async function addTag(tickets: SingleWrites, id: string, tag: string): Promise<Ticket> {
  for (let attempt = 1; ; attempt += 1) {
    const ticket = await tickets.get(id);
    if (ticket.tags.includes(tag)) return ticket;
    if (ticket.tags.length >= LIMITS.tags.maxCount) {
      throw refusals.tooManyTags(LIMITS.tags.maxCount);
    }
    try {
      return await tickets.update(id, { tags: [...ticket.tags, tag] }, { expectedUpdatedAt: ticket.updatedAt });
    } catch (error) {
      if (toErrorShape(error).code !== 'aborted' || attempt >= TAG_ATTEMPTS) throw error;
    }
  }
}

/** One ticket's share of a bulk change. */
function applyOne(tickets: SingleWrites, id: string, action: BulkAction): Promise<Ticket> {
  switch (action.kind) {
    case 'assign':
      return tickets.update(id, { assigneeId: action.assigneeId });
    case 'priority':
      return tickets.update(id, { priority: action.priority });
    case 'transition':
      return tickets.transition(id, action.event);
    case 'addTag':
      return addTag(tickets, id, action.tag);
  }
}

/**
 * `TicketsPort.bulk` over an adapter's single-ticket writes: checks the change, then applies it
 * to each ticket, {@link CONCURRENCY} at a time, collecting a result per ticket.
 * @returns one {@link BulkResult} per id, in the order given.
 * @throws AppError `invalid-argument` from {@link checkBulk}; nothing is written then.
 */
export async function bulkChange(
  tickets: SingleWrites,
  ids: readonly string[],
  action: BulkAction,
): Promise<BulkResult[]> {
  const checked = checkBulk(ids, action);
  const results: BulkResult[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next;
      next += 1;
      const id = ids[index] as string;
      try {
        results[index] = { id, ok: true, ticket: await applyOne(tickets, id, checked) };
      } catch (error) {
        results[index] = { id, ok: false, error: toErrorShape(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  return results;
}

/**
 * An adapter's tickets port completed with `bulk` ({@link bulkChange} over its own writes).
 * @param tickets every other `TicketsPort` method of the adapter.
 */
export function withBulk(tickets: Omit<TicketsPort, 'bulk'>): TicketsPort {
  return { ...tickets, bulk: (ids, action) => bulkChange(tickets, ids, action) };
}
