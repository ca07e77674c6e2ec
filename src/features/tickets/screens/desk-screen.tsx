/**
 * The agent desk's queue (`/desk`, issue 3): the built-in views of `src/domain/queue-views.ts`
 * with live counts, a table of tickets sortable by last activity or number in both
 * directions, cursor pagination (never offsets), live as tickets arrive or change. The view,
 * order, page size and page live in the URL (see `queue-location.ts`), so reload and back keep
 * them. A row opens `/desk/tickets/:id`.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { useCurrentUser } from '@/app/hooks';
import type { TicketQuery } from '@/backend/port';
import { LiveError } from '@/components/live-error';
import { queueViewById, type QueueViewId } from '@/domain/queue-views';
import type { Ticket } from '@/domain/types';
import { useWatchTicketCountQuery, useWatchTicketsQuery } from '@/features/tickets/api/tickets-api';
import {
  parseQueueLocation,
  queuePagesOf,
  queueSearch,
  type QueueHistoryState,
  type QueueLocation,
  type QueueSortField,
} from '@/features/tickets/components/queue-location';
import { QueuePager } from '@/features/tickets/components/queue-pager';
import { QueueTable } from '@/features/tickets/components/queue-table';
import { QueueViewPicker } from '@/features/tickets/components/queue-view-picker';

/** What an empty view says (after Zendesk's friendly empty views). */
const EMPTY_VIEW_TEXT: Record<QueueViewId, string> = {
  unassigned: 'No unassigned tickets — nice.',
  mine: 'Nothing is assigned to you right now.',
  open: 'No open tickets: the queue is clear.',
  pending: 'No tickets are waiting on a customer.',
  on_hold: 'No tickets are on hold.',
  solved: 'No solved tickets waiting to close.',
};

/** The queue screen. */
export default function DeskScreen() {
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queue = parseQueueLocation(params);
  const earlierPages = queuePagesOf(location.state);
  const agentUid = user?.uid ?? '';
  const filter = queue.view.filter(agentUid);

  const query: TicketQuery = {
    ...filter,
    limit: queue.size,
    sort: queue.sort,
    ...(queue.after && { after: queue.after }),
  };
  const { data } = useWatchTicketsQuery(query, { skip: !user });
  const { data: count } = useWatchTicketCountQuery(filter, { skip: !user });
  const page = data?.value ?? null;

  // While another page or order of the same view loads, keep showing the rows of the last one
  // (dimmed) rather than flashing skeletons; a different view starts from skeletons.
  const lastRows = useRef<{ view: QueueViewId; tickets: Ticket[] } | null>(null);
  useEffect(() => {
    if (page) lastRows.current = { view: queue.view.id, tickets: page.tickets };
  });
  const stale = !page && lastRows.current?.view === queue.view.id ? lastRows.current.tickets : null;

  const go = (next: QueueLocation, pages: QueueHistoryState['queuePages'] | null) => {
    navigate({ search: `?${queueSearch(next)}` }, { state: pages ? { queuePages: pages } : null });
  };
  const firstPage = ({ after: _after, ...next }: QueueLocation) => go(next, []);
  const sortBy = (field: QueueSortField) =>
    firstPage({
      ...queue,
      sort: {
        field,
        direction: queue.sort.field === field && queue.sort.direction === 'desc' ? 'asc' : 'desc',
      },
    });
  const nextPage = () => {
    if (page?.nextCursor) go({ ...queue, after: page.nextCursor }, [...(earlierPages ?? []), queue.after ?? null]);
  };
  const previousPage = () => {
    // `null` is the first page; opened from a link, the earlier cursors are unknown and
    // "Previous" goes back to the start.
    const previous = earlierPages?.at(-1);
    if (earlierPages && previous) go({ ...queue, after: previous }, earlierPages.slice(0, -1));
    else firstPage(queue);
  };
  // Page numbers are known when the history entry holds every earlier page from the first.
  const pageNumber = !queue.after ? 1 : earlierPages?.[0] === null ? earlierPages.length + 1 : null;

  const surface: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: 24,
  };
  const emptyText = queue.after ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No more tickets past this point.">
      <Button onClick={() => firstPage(queue)}>Back to the first page</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_VIEW_TEXT[queue.view.id]} />
  );

  return (
    <section style={surface} aria-labelledby="queue-title">
      <Flex vertical gap={16}>
        <Typography.Title id="queue-title" level={3} style={{ margin: 0 }}>
          Queue
        </Typography.Title>
        <QueueViewPicker
          value={queue.view.id}
          agentUid={agentUid}
          onChange={(view) => firstPage({ ...queue, view: queueViewById(view) })}
        />
        {data?.error ? (
          <LiveError error={data.error} what="the queue" />
        ) : (
          <QueueTable
            label={`Queue: ${queue.view.label}`}
            tickets={page?.tickets ?? stale}
            busy={!page && stale !== null}
            sort={queue.sort}
            onSort={sortBy}
            empty={emptyText}
          />
        )}
        <QueuePager
          page={pageNumber}
          size={queue.size}
          rows={page?.tickets.length ?? 0}
          total={count?.value ?? null}
          hasPrevious={Boolean(queue.after)}
          hasNext={Boolean(page?.hasMore && page.nextCursor)}
          onPrevious={previousPage}
          onNext={nextPage}
          onSizeChange={(size) => firstPage({ ...queue, size })}
        />
      </Flex>
    </section>
  );
}
