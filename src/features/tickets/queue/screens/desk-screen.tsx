/**
 * The agent desk's queue (`/desk`): the built-in views of
 * `src/domain/queue-views.ts` with live counts, the agent's saved views, a filter bar (search,
 * status, priority, assignee, category, tag, requester), a table of tickets sortable by last
 * activity or number in both directions, cursor pagination (never offsets), live as tickets
 * arrive or change. The view, filters, order, page size and page live in the URL (see
 * `queue-location.ts`), so reload, back and a shared link keep them. A row opens
 * `/desk/tickets/:id`; `j`/`k` move a selection, `Enter` opens it, `x` ticks it, `?` lists the
 * shortcuts. Ticked rows get the bulk bar (assign, status, priority, tag); ticks last while the
 * page's rows update live and are cleared when the view, filters, order or page change.
 * A dot marks rows changed since the agent last opened them (recorded in preferences).
 *
 * Rows are not virtualised: a page is at most 50 rows here (100 at the port), which the
 * browser lays out quickly enough (see bench:queue in docs/benchmarks.md).
 */
import { PageTitle } from '@/components/page-title';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { ShortcutsHelp } from '@/components/shortcuts-help';
import { useHotkeys } from '@/lib/use-hotkeys';
import { useStableCallback } from '@/lib/use-stable-callback';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useWatchStaffQuery } from '@/lib/store/people-api';
import { LiveError } from '@/components/live-error';
import { queueViewById, viewShowsChoices, type QueueViewId } from '@/domain/queue-views';
import type { Ticket } from '@/domain/types';
import { usePrefetchQueue, useWatchTicketCountQuery, useWatchTicketsQuery } from '@/features/tickets/api/queue-api';
import {
  isUnread,
  selectLastSeen,
  type QueuePreferencesRootState,
} from '@/features/tickets/queue/slice/queue-preferences-slice';
import { ticketOpened } from '@/features/tickets/ticket-events';
import { QueueBulkBar } from '@/features/tickets/queue/components/bulk-bar';
import { QueueFilterBar } from '@/features/tickets/queue/components/filter-bar';
import { QueueSavedViews } from '@/features/tickets/queue/components/saved-views';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import {
  isSearching,
  hasQueueFilters,
  parseQueueLocation,
  queueReadsOf,
  queueSortOf,
  queuePagesOf,
  queueSearch,
  type QueueColumn,
  type QueueHistoryState,
  type QueueLocation,
  type QueueSortField,
} from '@/features/tickets/queue/queue-location';
import { QueuePager } from '@/features/tickets/queue/components/pager';
import { QueueArrivalAnnouncement } from '@/features/tickets/queue/components/arrival-announcement';
import { deskTicketPath, QueueTable, type QueueListProps } from '@/features/tickets/queue/components/queue-table';
import { QueueCards } from '@/features/tickets/queue/components/queue-cards';
import { QueueColumnChooser } from '@/features/tickets/queue/components/queue-column-chooser';
import { usePhoneLayout } from '@/lib/use-media-query';
import { QueueViewPicker } from '@/features/tickets/queue/components/view-picker';
import { useLabels } from '@/lib/i18n/labels';
import { useMinuteClock } from '@/lib/use-minute-clock';

/** What an empty view says (after Zendesk's friendly empty views). */
const EMPTY_VIEW_TEXT = defineMessages<QueueViewId>({
  unassigned: { id: 'queue.desk.empty.unassigned', defaultMessage: 'No unassigned tickets — nice.' },
  mine: { id: 'queue.desk.empty.mine', defaultMessage: 'Nothing is assigned to you right now.' },
  open: { id: 'queue.desk.empty.open', defaultMessage: 'No open tickets: the queue is clear.' },
  pending: { id: 'queue.desk.empty.pending', defaultMessage: 'No tickets are waiting on a customer.' },
  on_hold: { id: 'queue.desk.empty.onHold', defaultMessage: 'No tickets are on hold.' },
  solved: { id: 'queue.desk.empty.solved', defaultMessage: 'No solved tickets waiting to close.' },
  closed: { id: 'queue.desk.empty.closed', defaultMessage: 'No closed tickets yet.' },
  breaching: { id: 'queue.desk.empty.breaching', defaultMessage: 'No SLA target falls due in the next hour.' },
  breached: { id: 'queue.desk.empty.breached', defaultMessage: 'No open ticket has missed an SLA target.' },
  all: { id: 'queue.desk.empty.all', defaultMessage: 'No tickets yet.' },
});

/** The empty list the filter bar gets until a live list arrives (one object, for `memo`). */
const NONE: readonly never[] = [];
const NO_FIELDS: readonly CustomFieldDefinition[] = [];

/** The queue screen. */
export default function DeskScreen() {
  const { token } = theme.useToken();
  const intl = useIntl();
  const labels = useLabels();
  const user = useCurrentUser();
  const phone = usePhoneLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // One parse per URL, so the memoised parts below see the same objects until it changes.
  const queue = useMemo(() => parseQueueLocation(params), [params]);
  const earlierPages = queuePagesOf(location.state);
  const agentUid = user?.uid ?? '';
  const dispatch = useAppDispatch();
  // The SLA views' window moves with the clock: read again each minute (DESIGN §10).
  const minute = useMinuteClock();
  const { filter, query } = useMemo(() => queueReadsOf(queue, agentUid, minute), [queue, agentUid, minute]);
  const sort = queueSortOf(queue);
  const { data: staffData } = useWatchStaffQuery(undefined, { skip: !user });
  const staff = staffData?.value ?? NONE;
  const { data: settingsData } = useWatchDeskSettingsQuery(undefined, { skip: !user });
  // The field filter's choices, the field columns' headings and values (DESIGN §3 "Custom fields").
  const { data: fieldsData } = useWatchFieldsQuery(undefined, { skip: !user });
  const fields = fieldsData?.value ?? NO_FIELDS;
  const lastSeen = useAppSelector((state: QueuePreferencesRootState) => selectLastSeen(state, agentUid));

  // `currentData`, not `data`: while another page, order or filter loads, RTK Query's `data` is
  // still the previous one's, which would stand undimmed under the new address.
  const { currentData: data } = useWatchTicketsQuery(query, { skip: !user });
  const { currentData: count } = useWatchTicketCountQuery(filter, { skip: !user });
  const page = data?.value ?? null;

  // While another page or order of the same view loads, keep showing the rows of the last one
  // (dimmed) rather than flashing skeletons; a different view starts from skeletons.
  const lastRows = useRef<{ view: QueueViewId; tickets: Ticket[] } | null>(null);
  useEffect(() => {
    if (page) lastRows.current = { view: queue.view.id, tickets: page.tickets };
  });
  const stale = !page && lastRows.current?.view === queue.view.id ? lastRows.current.tickets : null;

  // Set when a ticket is opened in this tab; the queue stays on screen until its screen has loaded.
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = false;
  }, [location.key]);
  // A new address's page and count are read from the moment it is chosen, while the screen
  // renders it, rather than from the screen's effects after its first paint; and the queue's
  // own controls render it at once (`flushSync`) instead of as an interruptible transition,
  // which the arriving rows would interrupt and restart.
  const prefetchQueue = usePrefetchQueue();
  const prefetch = useStableCallback((search: string) => {
    if (!user) return;
    const reads = queueReadsOf(parseQueueLocation(new URLSearchParams(search)), agentUid, minute);
    prefetchQueue(reads.query, reads.filter);
  });
  // Back and forward, to another address of this screen (its own path, whatever route mounts it).
  const screenPath = location.pathname;
  useEffect(() => {
    const onPopState = () => {
      if (window.location.pathname === screenPath) prefetch(window.location.search);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [prefetch, screenPath]);
  // `fromEffect`: the change comes from an effect (the search box's typing pause), where React
  // cannot render synchronously; it is rendered as usual.
  const go = (next: QueueLocation, pages: QueueHistoryState['queuePages'] | null, fromEffect = false) => {
    // A change the controls make late (the search box's typing pause) once the agent has left
    // for a ticket whose screen is still loading must not bring them back, nor follow them there.
    if (leaving.current) return;
    const search = queueSearch(next);
    prefetch(search);
    navigate(
      { pathname: location.pathname, search: `?${search}` },
      { state: pages ? { queuePages: pages } : null, flushSync: !fromEffect },
    );
  };
  const firstPage = ({ after: _after, ...next }: QueueLocation, fromEffect = false) => go(next, [], fromEffect);
  const { after: _after, ...withoutPage } = queue;
  const currentSearch = queueSearch(withoutPage);

  // Keyboard: a selection that j/k move over the visible rows, Enter opens, ? lists them all.
  const rows = page?.tickets ?? stale ?? [];

  // Ticked rows for a bulk change, cleared when the rows shown are another set.
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const pageKey = `${currentSearch}|${queue.after ? `${queue.after.value}~${queue.after.id}` : ''}`;
  // (Keeping the same empty set when nothing is ticked spares the whole table a re-render.)
  useEffect(() => setChecked((current) => (current.size === 0 ? current : new Set())), [pageKey]);
  const checkedTickets = rows.filter((ticket) => checked.has(ticket.id));
  const check = (tickets: readonly Ticket[], on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      for (const ticket of tickets) {
        if (on) next.add(ticket.id);
        else next.delete(ticket.id);
      }
      return next;
    });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const selectedIndex = rows.findIndex((ticket) => ticket.id === selectedId);
  const open = (ticket: Ticket, inThisTab = true) => {
    if (inThisTab) leaving.current = true;
    dispatch(ticketOpened({ uid: agentUid, ticketId: ticket.id, updatedAt: ticket.updatedAt }));
  };
  const move = (step: 1 | -1) => {
    if (rows.length === 0) return;
    const next = selectedIndex < 0 ? (step === 1 ? 0 : rows.length - 1) : selectedIndex + step;
    const ticket = rows[Math.min(rows.length - 1, Math.max(0, next))];
    if (ticket) setSelectedId(ticket.id);
  };
  useHotkeys(
    {
      j: () => move(1),
      k: () => move(-1),
      Enter: () => {
        const ticket = rows[selectedIndex];
        if (!ticket) return;
        open(ticket);
        navigate(deskTicketPath(ticket));
      },
      x: () => {
        const ticket = rows[selectedIndex];
        if (ticket) check([ticket], !checked.has(ticket.id));
      },
      '?': () => setHelpOpen(true),
    },
    !helpOpen,
  );
  // A header pressed again turns its order round; a field's first order is ascending (the earliest
  // date, the smallest number: tickets without a value come last), the others' newest first.
  const sortBy = (field: QueueSortField) => {
    const firstDirection = field === 'fieldSortA' || field === 'fieldSortB' ? 'asc' : 'desc';
    const again = queue.sort.field === field;
    const flipped = queue.sort.direction === 'asc' ? 'desc' : 'asc';
    firstPage({ ...queue, sort: { field, direction: again ? flipped : firstDirection } });
  };
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

  // Stable handlers, so the memoised filter bar, view picker, saved views, table and pager
  // re-render only when what they show changes (not on every live update of the page).
  // Picking a view goes to that list: a search (which looks everywhere) ends; other filters stay.
  const changeView = useStableCallback((view: QueueViewId) => {
    const { q: _search, ...filters } = queue.filters;
    firstPage({ ...queue, view: queueViewById(view), filters });
  });
  const openSavedView = useStableCallback((search: string) =>
    navigate({ search: `?${search}` }, { state: { queuePages: [] } }),
  );
  const changeFilters = useStableCallback((filters: QueueLocation['filters'], how?: { fromPause: true }) =>
    firstPage({ ...queue, filters }, how?.fromPause),
  );
  const changeSize = useStableCallback((size: number) => firstPage({ ...queue, size }));
  // Columns change no read: the same page, another table.
  const changeColumns = useStableCallback((columns?: QueueColumn[]) => {
    const { columns: _old, ...rest } = queue;
    go({ ...rest, ...(columns && { columns }) }, earlierPages);
  });
  const stableSortBy = useStableCallback(sortBy);
  const sortTo = useStableCallback((sort: QueueLocation['sort']) => firstPage({ ...queue, sort }));
  const stableOpen = useStableCallback(open);
  const stableCheck = useStableCallback(check);
  const stablePrevious = useStableCallback(previousPage);
  const stableNext = useStableCallback(nextPage);
  const rowUnread = useCallback((ticket: Ticket) => isUnread(ticket, lastSeen), [lastSeen]);

  const surface: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: phone ? 12 : 24,
  };
  const listLabel = intl.formatMessage(
    { id: 'queue.desk.tableLabel', defaultMessage: 'Queue: {view}' },
    { view: labels.view(queue.view.id) },
  );
  const emptyText = queue.after ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<FormattedMessage id="queue.desk.empty.pastEnd" defaultMessage="No more tickets past this point." />}
    >
      <Button onClick={() => firstPage(queue)}>
        <FormattedMessage id="queue.desk.firstPage" defaultMessage="Back to the first page" />
      </Button>
    </Empty>
  ) : hasQueueFilters(queue.filters) ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<FormattedMessage id="queue.desk.empty.filtered" defaultMessage="No tickets match these filters." />}
    >
      <Button onClick={() => firstPage({ ...queue, filters: {} })}>
        <FormattedMessage id="queue.desk.clearFilters" defaultMessage="Clear filters" />
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage(EMPTY_VIEW_TEXT[queue.view.id])} />
  );

  // On a phone the filters are folded until asked for; the button counts those in use.
  const activeFilters = Object.keys(queue.filters).length;
  const filtersShown = !phone || filtersOpen;

  // The page as the table (or, on a phone, the cards) shows it.
  const list: QueueListProps = {
    label: listLabel,
    tickets: page?.tickets ?? stale,
    busy: !page && stale !== null,
    sort,
    desk: settingsData?.value ?? undefined,
    empty: emptyText,
    selectedId: selectedIndex >= 0 ? selectedId : null,
    isUnread: rowUnread,
    onOpen: stableOpen,
    checkedIds: checked,
    onCheck: stableCheck,
  };

  return (
    <section style={surface} aria-labelledby="queue-title">
      <Flex vertical gap={12}>
        {/* The saved views beside the title: the rows below it are the queue's. */}
        <Flex wrap gap={8} align="center" justify="space-between">
          <PageTitle id="queue-title">
            <FormattedMessage id="queue.desk.title" defaultMessage="Queue" />
          </PageTitle>
          <Flex wrap gap={8} align="center">
            <QueueSavedViews uid={agentUid} current={currentSearch} onOpen={openSavedView} />
            {/* The table's columns, kept with a saved view; a phone's cards have none. */}
            {!phone && <QueueColumnChooser columns={queue.columns} fields={fields} onChange={changeColumns} />}
          </Flex>
        </Flex>
        <QueueViewPicker
          value={
            viewShowsChoices(queue.view, agentUid, {
              status: queue.filters.status,
              assignee: queue.filters.assignee,
              searching: isSearching(queue.filters),
            })
              ? queue.view.id
              : null
          }
          agentUid={agentUid}
          onChange={changeView}
        />
        {phone && (
          // On a phone the filters fold behind one button, so the first ticket stays on screen.
          <Button
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={filtersShown}
            aria-controls="queue-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FormattedMessage
              id="queue.desk.filters"
              defaultMessage="{count, plural, =0 {Filters} other {Filters ({count})}}"
              values={{ count: activeFilters }}
            />
          </Button>
        )}
        {filtersShown && (
          <div id="queue-filters">
            <QueueFilterBar
              filters={queue.filters}
              onChange={changeFilters}
              staff={staff}
              categories={settingsData?.value?.categories ?? NONE}
              fields={fields}
            />
          </div>
        )}
        {user && (
          <QueueBulkBar
            // A result belongs to the view it was done in: another view starts a fresh bar.
            key={queue.view.id}
            selected={checkedTickets}
            me={user}
            staff={staff}
            onSettled={(doneIds) =>
              setChecked((current) => new Set([...current].filter((id) => !doneIds.includes(id))))
            }
            onClear={() => setChecked(new Set())}
          />
        )}
        {data?.error ? (
          <LiveError
            error={data.error}
            what={intl.formatMessage({ id: 'queue.desk.loadError.what', defaultMessage: 'the queue' })}
          />
        ) : phone ? (
          <QueueCards {...list} onSortChange={sortTo} fields={fields} />
        ) : (
          <QueueTable {...list} onSort={stableSortBy} columns={queue.columns} fields={fields} />
        )}
        {/* Not before the screen's first rows: below the skeleton it was pushed down when they
            came (the queue's one layout shift on a first visit, Lighthouse CLS 0.08). */}
        {(page || lastRows.current) && (
          <QueuePager
            page={pageNumber}
            size={queue.size}
            rows={page?.tickets.length ?? 0}
            total={count?.value ?? null}
            hasPrevious={Boolean(queue.after)}
            hasNext={Boolean(page?.hasMore && page.nextCursor)}
            onPrevious={stablePrevious}
            onNext={stableNext}
            onSizeChange={changeSize}
          />
        )}
      </Flex>
      <QueueArrivalAnnouncement tickets={page?.tickets} listKey={pageKey} />
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
