/**
 * A customer's requests (or their sharing organisation's), newest public activity first (`lastMessageAt` desc — internal notes
 * never move a customer's list, DESIGN §3), or those a search finds (their number, subject, or a
 * word of their public conversation), live, paged with cursors behind "Load more". Each
 * loaded page is its own live subscription that starts after the previous page's current
 * `nextCursor`, so the pages stay contiguous while tickets move.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import type { GlobalToken } from 'antd/es/theme/interface';
import type { TicketCursor, TicketQuery } from '@/backend/port/tickets';
import type { ErrorShape } from '@/domain/errors/errors';
import type { Ticket } from '@/domain/types';
import { LiveError } from '@/components/live-error';
import { useWatchTicketsQuery } from '@/features/tickets/api/queue-api';
import { StatusTag } from '@/features/tickets/components/status-tag';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

/** Requests per "Load more". */
export const REQUEST_PAGE_SIZE = 20;

/** Where a request opens for its requester. */
export function requestPath(ticket: Pick<Ticket, 'id'>): string {
  return `/requests/${encodeURIComponent(ticket.id)}`;
}

/**
 * Who the request waits on, from its status and who wrote last (DESIGN §2: pending means
 * waiting on the customer); null once it is solved or closed.
 */
export function waitingOn(ticket: Pick<Ticket, 'status' | 'lastMessageBy'>): 'you' | 'support' | null {
  switch (ticket.status) {
    case 'solved':
    case 'closed':
      return null;
    case 'pending':
      return 'you';
    case 'on_hold':
      return 'support';
    case 'new':
    case 'open':
      return ticket.lastMessageBy === 'agent' ? 'you' : 'support';
  }
}

function listCss(token: GlobalToken): string {
  return `
.triage-request-list { list-style: none; margin: 0; padding: 0; }
.triage-request-list > li + li { border-top: ${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}; }
.triage-request-link { display: flex; align-items: center; gap: 16px; padding: 14px 12px; color: ${token.colorText};
  text-decoration: none; border-radius: ${token.borderRadius}px; transition: background ${token.motionDurationMid}; }
.triage-request-link:hover { background: ${token.colorFillAlter}; }
.triage-request-link:focus-visible { outline: 2px solid ${token.colorPrimaryBorder}; outline-offset: -2px; }
.triage-request-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.triage-request-title { display: flex; align-items: center; gap: 8px; min-width: 0; }
.triage-request-title .ant-tag { margin-inline-end: 0; }
.triage-request-number { color: ${token.colorTextSecondary}; font-variant-numeric: tabular-nums; }
.triage-request-subject { font-weight: ${token.fontWeightStrong}; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.triage-request-meta { color: ${token.colorTextSecondary}; font-size: ${token.fontSizeSM}px; }
.triage-request-you { color: ${token.colorWarningText}; font-weight: ${token.fontWeightStrong}; }
.triage-request-time { color: ${token.colorTextSecondary}; font-size: ${token.fontSizeSM}px; white-space: nowrap; }
@media (max-width: 767px) {
  /* Phones: the whole subject, wrapped under status and number; the time under the line. */
  .triage-request-link { flex-direction: column; align-items: stretch; gap: 4px; padding: 12px 4px; }
  .triage-request-title { flex-wrap: wrap; align-items: baseline; }
  .triage-request-subject { white-space: normal; overflow-wrap: anywhere; flex-basis: 100%; }
}
`;
}

/**
 * One request in the list: status, number, subject, who wrote last and when — for a colleague's
 * request (an organisation's list), named by its requester.
 */
function RequestListItem({ ticket, viewerId }: { ticket: Ticket; viewerId: string }) {
  const waiting = waitingOn(ticket);
  const mine = ticket.requesterId === viewerId;
  const requesterName = <span dir="auto">{ticket.requesterName}</span>;
  const { fromNow, dateTime } = useTimeFormat();
  const lastReply =
    ticket.lastMessageBy === 'agent' ? (
      <FormattedMessage id="requests.list.lastReplyBySupport" defaultMessage="Last reply by support" />
    ) : mine ? (
      <FormattedMessage id="requests.list.lastReplyByYou" defaultMessage="Last reply by you" />
    ) : (
      <FormattedMessage
        id="requests.list.lastReplyByRequester"
        defaultMessage="Last reply by {requesterName}"
        values={{ requesterName }}
      />
    );
  const waitingText =
    waiting === 'you' && !mine ? (
      <FormattedMessage
        id="requests.list.waitingOnRequester"
        defaultMessage="Waiting on {requesterName}"
        values={{ requesterName }}
      />
    ) : waiting === 'you' ? (
      <span className="triage-request-you">
        <FormattedMessage id="requests.list.waitingOnYou" defaultMessage="Waiting on you" />
      </span>
    ) : waiting === 'support' ? (
      <FormattedMessage id="requests.list.waitingOnSupport" defaultMessage="Waiting on support" />
    ) : null;
  return (
    <li data-ticket-id={ticket.id}>
      <Link className="triage-request-link" to={requestPath(ticket)}>
        <span className="triage-request-main">
          <span className="triage-request-title">
            <StatusTag status={ticket.status} />
            <span className="triage-request-number">
              <FormattedMessage
                id="requests.list.number"
                defaultMessage="#{number}"
                values={{ number: ticket.number }}
              />
            </span>
            <span className="triage-request-subject" dir="auto">
              {ticket.subject}
            </span>
          </span>
          <span className="triage-request-meta">
            {waitingText ? (
              <FormattedMessage
                id="requests.list.meta"
                defaultMessage="{lastReply} · {waiting}"
                values={{ lastReply, waiting: waitingText }}
              />
            ) : (
              lastReply
            )}
          </span>
        </span>
        <Tooltip title={dateTime(ticket.lastMessageAt)}>
          <time className="triage-request-time" dateTime={ticket.lastMessageAt}>
            {fromNow(ticket.lastMessageAt)}
          </time>
        </Tooltip>
      </Link>
    </li>
  );
}

/** What the last loaded page tells the list: whether there is more, or why it failed. */
interface Tail {
  loading: boolean;
  hasMore: boolean;
  error: ErrorShape | null;
  /** The first page is loaded and holds no request at all. */
  empty: boolean;
}

/**
 * One page of the list, then (when more pages were asked for) the next one, starting after
 * this page's live `nextCursor`. The last page reports its state with `onTail`.
 */
function RequestListPage({
  scope,
  viewerId,
  search,
  after,
  more,
  onTail,
}: {
  scope: RequestListScope;
  viewerId: string;
  search?: string;
  after?: TicketCursor;
  /** How many further pages to show after this one. */
  more: number;
  onTail: (tail: Tail) => void;
}) {
  const query: TicketQuery = {
    ...scope,
    limit: REQUEST_PAGE_SIZE,
    sort: { field: 'lastMessageAt', direction: 'desc' },
    ...(search && { search }),
    ...(after && { after }),
  };
  const { data } = useWatchTicketsQuery(query);
  const page = data?.value ?? null;
  const error = data?.error ?? null;
  const last = more === 0 || !page?.hasMore || !page.nextCursor;
  const hasMore = Boolean(page?.hasMore && page.nextCursor);
  const loading = !page && !error;
  const empty = after === undefined && page?.tickets.length === 0;

  // Before the paint: told in an effect, the list's rows were painted once above the loading
  // skeleton, which they pushed down (a layout shift of 0.13 on a phone) before it went.
  useLayoutEffect(() => {
    if (last) onTail({ loading, hasMore, error, empty });
  }, [last, loading, hasMore, error, empty, onTail]);

  return (
    <>
      {page?.tickets.map((ticket) => (
        <RequestListItem key={ticket.id} ticket={ticket} viewerId={viewerId} />
      ))}
      {!last && page?.nextCursor && (
        <RequestListPage
          scope={scope}
          viewerId={viewerId}
          search={search}
          after={page.nextCursor}
          more={more - 1}
          onTail={onTail}
        />
      )}
    </>
  );
}

/**
 * Whose requests a list shows: the person's own (`requesterId`, their uid), or those of the
 * organisation they belong to when it shares them (`organisationId`, DESIGN §1 "Organisations":
 * listed whole, no search).
 */
export type RequestListScope = { requesterId: string } | { organisationId: string };

/**
 * The signed-in person's requests, or their organisation's, live, with "Load more".
 * @param scope whose requests (customers may list only their own, or their sharing organisation's).
 * @param viewerId the signed-in person's uid (a colleague's request is named by its requester).
 * @param search a search's text (the port looks it up by its one key, DESIGN §3 "Search"); absent: every request.
 * @param empty shown instead of the list when it has no request (none at all, or none the search finds).
 */
export function RequestList({
  scope,
  viewerId,
  search,
  empty,
}: {
  scope: RequestListScope;
  viewerId: string;
  search?: string;
  empty: ReactNode;
}) {
  const { token } = theme.useToken();
  const intl = useIntl();
  const [more, setMore] = useState(0);
  const [tail, setTail] = useState<Tail>({ loading: true, hasMore: false, error: null, empty: false });

  // With no request at all the (empty) first page stays subscribed, so the list appears as
  // soon as one is submitted.
  return (
    <Flex vertical gap={16}>
      <style>{listCss(token)}</style>
      {tail.empty && empty}
      <ul
        hidden={tail.empty}
        className="triage-request-list"
        aria-label={
          'organisationId' in scope
            ? intl.formatMessage({
                id: 'requests.list.organisationLabel',
                defaultMessage: 'Your organisation’s requests',
              })
            : intl.formatMessage({ id: 'requests.list.ariaLabel', defaultMessage: 'Your requests' })
        }
        aria-busy={tail.loading}
      >
        <RequestListPage scope={scope} viewerId={viewerId} search={search} more={more} onTail={setTail} />
      </ul>
      {tail.loading && <Skeleton active title={false} paragraph={{ rows: more === 0 ? 4 : 2 }} />}
      {tail.error && (
        <LiveError
          error={tail.error}
          what={intl.formatMessage({ id: 'requests.list.loadErrorWhat', defaultMessage: 'your requests' })}
        />
      )}
      {tail.hasMore && (
        <Flex justify="center">
          <Button onClick={() => setMore((count) => count + 1)}>
            {intl.formatMessage({ id: 'requests.list.loadMore', defaultMessage: 'Load more' })}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
