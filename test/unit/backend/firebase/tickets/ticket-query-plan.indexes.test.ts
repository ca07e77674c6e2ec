/**
 * Every query shape the queue can make on Firebase is served by `firestore.indexes.json`
 * (Firestore needs a composite index per shape, the app cannot create one at run time, and the
 * emulator does not enforce them, so only this test catches a missing one). The shapes come from
 * the adapter's own plan (`ticketQueryPlan`) for every filter the port accepts — each status
 * choice, assignee, priority, category, tag, custom field value or search, requester, SLA range — by a customer and
 * by an agent, in every order they may ask for, as a page (`orderBy(field), orderBy(__name__)`)
 * and as a count (no order).
 *
 * A shape is served when its equality filters (`==`, `in`, `array-contains`) are covered by
 * composite indexes that each end in the query's order — one index holding them all, or several
 * that Firestore merges (each an equality prefix with the same order after it); a range on
 * `slaDueAt` is the order's own field. Equality-only shapes without an order (counts) are always
 * served by the automatic single-field indexes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TicketFilter, TicketSort } from '@/backend/port/tickets';
import { ticketQueryPlan, type TicketQueryPlan } from '@/backend/firebase/tickets/ticket-query-plan';
import { assertMayOrder } from '@/domain/plans/ticket-scope';
import { TICKET_SORT_FIELDS, ticketQuerySchema } from '@/domain/schemas';
import type { Role } from '@/domain/roles';

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
interface CompositeIndex {
  collectionGroup: string;
  fields: IndexField[];
}

const INDEXES = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../../../firestore.indexes.json'), 'utf8')) as {
    indexes: CompositeIndex[];
  }
).indexes;

/** How an index field must be kept to serve a filter: `CONTAINS` for `array-contains`. */
function modeOf(op: string): string {
  return op === 'array-contains' ? 'CONTAINS' : 'EQ';
}

/** An index field's mode as {@link modeOf} names it; orders count as equality for a prefix. */
function indexMode(field: IndexField): string {
  return field.arrayConfig === 'CONTAINS' ? 'CONTAINS' : 'EQ';
}

/**
 * Whether the indexes of `collection` serve equality filters `equal` (field → mode) ordered by
 * `order` (field and direction, then `__name__` the same way): the union of the equality prefixes
 * of the indexes that end in that order and hold only these filters is all of them.
 */
function served(collection: string, equal: Map<string, string>, order: { field: string; direction: string }): boolean {
  if (equal.size === 0) return true;
  const covered = new Set<string>();
  for (const index of INDEXES) {
    if (index.collectionGroup !== collection) continue;
    const fields = index.fields.filter((field) => field.fieldPath !== '__name__');
    const last = fields.at(-1);
    const name = index.fields.find((field) => field.fieldPath === '__name__');
    if (!last || last.fieldPath !== order.field || last.order !== order.direction) continue;
    if (name && name.order !== order.direction) continue;
    const prefix = fields.slice(0, -1);
    if (prefix.length === 0) continue;
    if (prefix.every((field) => equal.get(field.fieldPath) === indexMode(field))) {
      for (const field of prefix) covered.add(field.fieldPath);
    }
  }
  return [...equal.keys()].every((field) => covered.has(field));
}

/** Why a plan cannot run as a page in `sort` (or as a count, when `sort` is null), or null. */
function unserved(
  plan: { collection: string; filters: TicketQueryPlan['filters'] },
  sort: TicketSort | null,
): string | null {
  const equal = new Map(
    plan.filters.filter((filter) => filter.op !== '>' && filter.op !== '<=').map((f) => [f.field, modeOf(f.op)]),
  );
  const ranges = plan.filters.filter((filter) => filter.op === '>' || filter.op === '<=');
  if (sort === null) {
    if (ranges.length === 0) return null;
    // A count with the SLA range: the range's field is the index's order (either direction).
    const field = ranges[0]?.field ?? '';
    return ['ASCENDING', 'DESCENDING'].some((direction) => served(plan.collection, equal, { field, direction }))
      ? null
      : 'count';
  }
  if (ranges.some((range) => range.field !== sort.field)) return 'a range on another field than the order';
  const direction = sort.direction === 'asc' ? 'ASCENDING' : 'DESCENDING';
  return served(plan.collection, equal, { field: sort.field, direction }) ? null : 'page';
}

const PEOPLE: Record<'customer' | 'member' | 'agent', { uid: string; role: Role; sharedOrganisation?: string }> = {
  customer: { uid: 'carol', role: 'customer' },
  // A member of an organisation that shares its requests (DESIGN §1 "Organisations").
  member: { uid: 'dana', role: 'customer', sharedOrganisation: 'acme' },
  agent: { uid: 'alice', role: 'agent' },
};

/** Every filter the port accepts, combination by combination (the schema drops the refused ones). */
function* filters(): Generator<TicketFilter> {
  for (const statuses of [undefined, ['open'], ['new', 'open']] as const)
    for (const assigneeId of [undefined, null, 'alice'] as const)
      for (const priority of [undefined, 'high'] as const)
        for (const category of [undefined, 'Billing'] as const)
          for (const match of [
            {},
            { tag: 'vip' },
            { search: 'printer' },
            { field: { key: 'plan', value: 'pro' } },
            { organisationId: 'acme' },
          ] as const)
            for (const requesterId of [undefined, 'carol'] as const)
              for (const sla of [
                {},
                { slaDueAfter: '2026-01-01T00:00:00.000Z' },
                { slaDueBefore: '2026-01-02T00:00:00.000Z' },
              ])
                yield {
                  ...(statuses && { statuses: [...statuses] }),
                  ...(assigneeId !== undefined && { assigneeId }),
                  ...(priority && { priority }),
                  ...(category && { category }),
                  ...match,
                  ...(requesterId && { requesterId }),
                  ...sla,
                };
}

describe('firestore.indexes.json serves every query shape of the queue', () => {
  it('has an index for each page and count a customer or an agent can ask for', () => {
    const missing = new Set<string>();
    let shapes = 0;
    for (const person of Object.values(PEOPLE)) {
      for (const filter of filters()) {
        for (const field of TICKET_SORT_FIELDS) {
          for (const direction of ['asc', 'desc'] as const) {
            const sort = { field, direction };
            if (!ticketQuerySchema.safeParse({ ...filter, limit: 25, sort }).success) continue;
            try {
              assertMayOrder(person, sort);
            } catch {
              continue; // refused before any query (a customer ordering by updatedAt or slaDueAt)
            }
            let plan: TicketQueryPlan;
            try {
              plan = ticketQueryPlan(filter, person);
            } catch {
              continue; // refused before any query (a customer asking for someone else's tickets)
            }
            for (const shape of [sort, null]) {
              shapes += 1;
              const problem = unserved(plan, shape);
              if (problem !== null) {
                const fields = plan.filters.map((f) => `${f.field} ${f.op}`).join(', ');
                missing.add(
                  `${plan.collection}: ${fields || '(none)'} ${shape ? `by ${field} ${direction}` : '(count)'}`,
                );
              }
            }
          }
        }
      }
    }
    expect(shapes).toBeGreaterThan(1000);
    expect([...missing]).toEqual([]);
  });

  it('can fail: a shape no index ends in, or an order no index has', () => {
    const category = { field: 'category', op: '==', value: 'Billing' } as const;
    expect(
      unserved({ collection: 'tickets', filters: [category] }, { field: 'createdAt', direction: 'asc' }),
    ).toBeNull();
    expect(unserved({ collection: 'nowhere', filters: [category] }, { field: 'createdAt', direction: 'asc' })).toBe(
      'page',
    );
    // Category and status by the SLA order: served; a filter no index holds (a custom field's tokens) is not.
    const status = { field: 'status', op: '==', value: 'open' } as const;
    expect(
      unserved({ collection: 'tickets', filters: [category, status] }, { field: 'slaDueAt', direction: 'asc' }),
    ).toBeNull();
    const tokens = { field: 'fieldTokens', op: 'array-contains', value: 'plan=pro' } as unknown as typeof status;
    expect(
      unserved({ collection: 'tickets', filters: [status, tokens] }, { field: 'createdAt', direction: 'desc' }),
    ).toBe('page');
  });
});

describe('a custom field filter reads the key its value is kept under (DESIGN §3 "Custom fields")', () => {
  const field = { key: 'plan', value: 'pro' };
  it('in the staff’s copies for staff (agents-only values are keyed there), on the tickets for a customer', () => {
    expect(ticketQueryPlan({ field }, PEOPLE.agent)).toEqual({
      collection: 'ticketSearch',
      filters: [{ field: 'searchKeys', op: 'array-contains', value: '=plan:pro' }],
    });
    expect(ticketQueryPlan({ field, requesterId: 'carol' }, PEOPLE.customer)).toEqual({
      collection: 'tickets',
      filters: [
        { field: 'requesterId', op: '==', value: 'carol' },
        { field: 'searchKeys', op: 'array-contains', value: '=plan:pro' },
      ],
    });
  });
});
