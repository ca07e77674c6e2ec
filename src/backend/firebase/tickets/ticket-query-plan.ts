/**
 * What a ticket list or count asks Firestore, as plain data (no SDK): the collection and the
 * filters of a validated {@link TicketFilter} for a person. `firestore-tickets.ts` turns it into
 * `where(...)` constraints; `test/unit/backend/firebase/tickets/ticket-query-plan.indexes.test.ts` checks every plan the queue can
 * make against `firestore.indexes.json` (Firestore needs a composite index per query shape, the
 * app cannot create one, and the emulator does not enforce them).
 */
import type { TicketFilter } from '@/backend/port/tickets';
import { isStaff } from '@/domain/roles';
import { scopedFilter } from '@/domain/plans/ticket-scope';
import { fieldFilterKey, organisationKey, searchKeyOf, tagKey } from '@/domain/search-keys';
import type { Principal } from '@/domain/policy';

/** One `where(field, op, value)`; a time is ISO-8601 UTC here (the adapter makes it a Timestamp). */
export interface TicketQueryFilter {
  field:
    'requesterId' | 'organisationId' | 'status' | 'assigneeId' | 'priority' | 'category' | 'searchKeys' | 'slaDueAt';
  op: '==' | 'in' | 'array-contains' | '>' | '<=';
  value: unknown;
}

/** The collection and filters of one ticket list or count. */
export interface TicketQueryPlan {
  /**
   * `ticketSearch` for a staff member's typed search (trusted code's staff-only copies, whose keys
   * hold internal notes' words: DESIGN §3 "Search"), else `tickets`.
   */
  collection: 'tickets' | 'ticketSearch';
  filters: TicketQueryFilter[];
}

/**
 * The plan of a validated filter for `actor`: customers always get `requesterId == their uid` (the
 * rules refuse any other query of theirs) — but a member of an organisation that shares its
 * requests, who may ask for `organisationId == theirs`; an empty status list filters nothing (Firestore refuses
 * an empty `in`); `assigneeId: null` matches the stored `null` of unassigned tickets; at most one
 * `array-contains`, on `searchKeys`, for a tag, a field's value, an organisation or a search (the schema refuses
 * two); the SLA views'
 * range on `slaDueAt` (the schema orders such a list by it).
 * @throws AppError `permission-denied` for a customer asking for someone else's tickets.
 */
export function ticketQueryPlan(
  filter: TicketFilter,
  actor: Pick<Principal, 'uid' | 'role' | 'sharedOrganisation'>,
): TicketQueryPlan {
  const filters: TicketQueryFilter[] = [];
  const { requesterId } = scopedFilter(actor, filter);
  if (requesterId !== undefined) filters.push({ field: 'requesterId', op: '==', value: requesterId });
  // A member lists their organisation's requests by the field the rules check (DESIGN §1
  // "Organisations"); staff filter by its search key, which any view and order can take.
  const member = !isStaff(actor.role) && filter.organisationId !== undefined;
  if (member) filters.push({ field: 'organisationId', op: '==', value: filter.organisationId });
  const [only, ...more] = filter.statuses ?? [];
  if (only !== undefined) {
    filters.push(
      more.length === 0
        ? { field: 'status', op: '==', value: only }
        : { field: 'status', op: 'in', value: [only, ...more] },
    );
  }
  if (filter.assigneeId !== undefined) filters.push({ field: 'assigneeId', op: '==', value: filter.assigneeId });
  if (filter.priority !== undefined) filters.push({ field: 'priority', op: '==', value: filter.priority });
  if (filter.category !== undefined) filters.push({ field: 'category', op: '==', value: filter.category });
  const search =
    filter.tag === undefined && filter.field === undefined && filter.organisationId === undefined
      ? searchKeyOf(filter.search)
      : null;
  const field = filter.field ? fieldFilterKey(filter.field.key, filter.field.value) : null;
  const organisation = filter.organisationId !== undefined && !member ? organisationKey(filter.organisationId) : null;
  const key = filter.tag !== undefined ? tagKey(filter.tag) : (field ?? organisation ?? search);
  if (key !== null) filters.push({ field: 'searchKeys', op: 'array-contains', value: key });
  if (filter.slaDueAfter !== undefined) filters.push({ field: 'slaDueAt', op: '>', value: filter.slaDueAfter });
  if (filter.slaDueBefore !== undefined) filters.push({ field: 'slaDueAt', op: '<=', value: filter.slaDueBefore });
  // Staff search and filter by fields in their copies: they hold internal notes' words and
  // agents-only values' keys (DESIGN §3 "Search", "Custom fields").
  const staffCopy = isStaff(actor.role) && (search !== null || field !== null);
  return { collection: staffCopy ? 'ticketSearch' : 'tickets', filters };
}
