/**
 * Where the queue looks (`queue-location.ts`): a search looks in every ticket, any status and
 * assignee, whatever the view — a number typed in "All open" finds a closed ticket — narrowed only
 * by the bar's own Status and Assignee.
 */
import { queueViewById } from '@/domain/queue-views';
import { TICKET_STATUSES } from '@/domain/types';
import {
  MAX_FIELD_COLUMNS,
  parseQueueColumns,
  parseQueueFilters,
  parseQueueLocation,
  queueFilterOf,
  queueSearch,
} from '@/features/tickets/queue/queue-location';
import { ME } from '../../../../support/queue-agent';

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

describe('a custom field filter (DESIGN §3 "Custom fields")', () => {
  const field = { key: 'product', value: 'web_app' };
  it('stays inside its view, wins over a search, and yields to a tag', () => {
    expect(queueFilterOf(queueViewById('mine'), { field, q: 'printer' }, ME)).toEqual({
      statuses: ['new', 'open', 'pending', 'on_hold'],
      assigneeId: ME,
      field,
    });
    expect(queueFilterOf(queueViewById('mine'), { field, tag: 'vip' }, ME)).not.toHaveProperty('field');
  });
  it('travels in the URL as key:value, and anything malformed is dropped', () => {
    expect(parseQueueFilters(new URLSearchParams('field=product:web_app'))).toEqual({ field });
    expect(parseQueueFilters(new URLSearchParams('field=due:2026-12'))).toEqual({
      field: { key: 'due', value: '2026-12' },
    });
    for (const raw of ['product', 'Product:web', 'product:', 'product:a b', ':web']) {
      expect(parseQueueFilters(new URLSearchParams({ field: raw }))).toEqual({});
    }
    const location = parseQueueLocation(new URLSearchParams('view=mine&field=product:web_app'));
    expect(new URLSearchParams(queueSearch(location)).get('field')).toBe('product:web_app');
  });
});

describe('an organisation filter (DESIGN §1 "Organisations")', () => {
  it('stays inside its view, wins over a search, yields to a tag and a field, and travels as org=', () => {
    expect(queueFilterOf(queueViewById('open'), { organisation: 'Acme1', q: 'printer' }, ME)).toEqual({
      statuses: ['new', 'open', 'pending', 'on_hold'],
      organisationId: 'Acme1',
    });
    expect(queueFilterOf(queueViewById('open'), { organisation: 'Acme1', tag: 'vip' }, ME)).not.toHaveProperty(
      'organisationId',
    );
    const location = parseQueueLocation(new URLSearchParams('view=open&org=Acme1'));
    expect(location.filters).toEqual({ organisation: 'Acme1' });
    expect(new URLSearchParams(queueSearch(location)).get('org')).toBe('Acme1');
    for (const raw of ['', 'a/b', 'x'.repeat(129), '%acme']) {
      expect(parseQueueFilters(new URLSearchParams({ org: raw }))).toEqual({});
    }
  });
});

describe('the columns chosen (DESIGN §3 "Custom fields": the column chooser)', () => {
  it('travel in the URL as cols=, built-in ones in their own order, field columns in the order given', () => {
    const location = parseQueueLocation(
      new URLSearchParams('view=open&cols=updatedAt,field:plan,status,field:product,field:plan'),
    );
    expect(location.columns).toEqual(['status', 'updatedAt', 'field:plan', 'field:product']);
    expect(new URLSearchParams(queueSearch(location)).get('cols')).toBe('status,updatedAt,field:plan,field:product');
  });

  it('are the default without cols=, and none of the optional ones with an empty cols=', () => {
    expect(parseQueueLocation(new URLSearchParams('view=open')).columns).toBeUndefined();
    expect(new URLSearchParams(queueSearch(parseQueueLocation(new URLSearchParams('view=open')))).has('cols')).toBe(
      false,
    );
    expect(parseQueueColumns('')).toEqual([]);
  });

  it('drop unknown and malformed columns, and keep at most five field columns', () => {
    expect(parseQueueColumns('number,subject,colour,field:,field:Bad,field:a b,requester')).toEqual(['requester']);
    expect(parseQueueColumns('field:a,field:b,field:c,field:d,field:e,field:f')).toEqual([
      'field:a',
      'field:b',
      'field:c',
      'field:d',
      'field:e',
    ]);
    expect(MAX_FIELD_COLUMNS).toBe(5);
  });
});
