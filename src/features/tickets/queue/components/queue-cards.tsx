/**
 * The agent queue on a phone (DESIGN §8): one card per ticket instead of the table's eight
 * columns, which would only scroll sideways at 390 px. A card reads top to bottom — number,
 * unread dot and subject (the link that opens the ticket), requester and last activity, then
 * status, priority, the next SLA target's countdown and assignee — and has its own box for bulk
 * changes. Without column headers,
 * the order is a select above the list. Same rows, same props as {@link QueueTable}.
 */
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import type { GlobalToken } from 'antd/es/theme/interface';
import { NativeSelect } from '@/components/native-select';
import type { DeskSettings, Ticket } from '@/domain/types';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import { FIELD_SORT_FIELD, maySort } from '@/domain/field-sort';
import { isLocale, type Locale } from '@/domain/locales';
import { useSlaSentence, useSlaShortSentence } from '@/features/tickets/components/sla-badge';
import { useMinuteClock } from '@/lib/use-minute-clock';
import type { QueueLocation } from '@/features/tickets/queue/queue-location';
import {
  deskTicketPath,
  nextSlaOf,
  opensElsewhere,
  RowTag,
  SlaTag,
  tagCss,
  useMinuteTick,
  type QueueListProps,
} from '@/features/tickets/queue/components/queue-table';
import { PRIORITY_COLORS, STATUS_COLORS } from '@/features/tickets/ticket-labels';
import { useLabels } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

const TEXT = defineMessages({
  sort: { id: 'queue.cards.sort', defaultMessage: 'Order' },
  updatedDesc: { id: 'queue.cards.sort.updatedDesc', defaultMessage: 'Last activity, newest first' },
  updatedAsc: { id: 'queue.cards.sort.updatedAsc', defaultMessage: 'Last activity, oldest first' },
  createdDesc: { id: 'queue.cards.sort.createdDesc', defaultMessage: 'Number, newest first' },
  createdAsc: { id: 'queue.cards.sort.createdAsc', defaultMessage: 'Number, oldest first' },
  numberAsc: { id: 'queue.cards.sort.numberAsc', defaultMessage: '{label}, smallest first' },
  numberDesc: { id: 'queue.cards.sort.numberDesc', defaultMessage: '{label}, largest first' },
  dateAsc: { id: 'queue.cards.sort.dateAsc', defaultMessage: '{label}, earliest first' },
  dateDesc: { id: 'queue.cards.sort.dateDesc', defaultMessage: '{label}, latest first' },
  unread: { id: 'queue.table.unread', defaultMessage: 'Unread activity' },
  select: { id: 'queue.table.selectTicket', defaultMessage: 'Select #{number}' },
  loading: { id: 'queue.cards.loading', defaultMessage: 'Loading tickets' },
});

/** The cards' look, from antd's theme tokens (a Card of size small, a List's spacing). */
function cardsCss(token: GlobalToken): string {
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return `
.triage-cards { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.triage-cards.triage-cards-busy { opacity: 0.55; }
.triage-card { position: relative; display: flex; gap: 10px; padding: 12px; border: ${border};
  border-radius: ${token.borderRadiusLG}px; background: ${token.colorBgContainer}; color: ${token.colorText}; }
.triage-card.triage-card-selected { border-color: ${token.colorPrimary}; background: ${token.controlItemBgActive}; }
.triage-card.triage-card-checked { background: ${token.controlItemBgHover}; }
.triage-card input[type="checkbox"] { width: 18px; height: 18px; margin: 2px 0 0; flex: none; accent-color: ${token.colorPrimary}; }
.triage-card-body { min-width: 0; flex: 1; display: flex; flex-direction: column; gap: 6px; }
.triage-card-title { display: flex; align-items: baseline; gap: 6px; }
.triage-card-subject { color: ${token.colorText}; font-weight: ${token.fontWeightStrong}; overflow-wrap: anywhere; }
/* The whole card opens the ticket: the subject link's hit area covers it (the box stays above). */
.triage-card-subject::after { content: ''; position: absolute; inset: 0; border-radius: inherit; }
.triage-card-subject:focus-visible { outline: none; }
.triage-card:has(.triage-card-subject:focus-visible) { outline: 2px solid ${token.colorPrimary}; outline-offset: 2px; }
.triage-card input[type="checkbox"] { position: relative; z-index: 1; }
.triage-card-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; color: ${token.colorTextSecondary};
  font-size: ${token.fontSizeSM}px; }
.triage-card-meta > time::before { content: '·'; margin-inline-end: 8px; }
.triage-card-number { color: ${token.colorTextSecondary}; font-variant-numeric: tabular-nums; flex: none; }
.triage-card-unread { display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: ${token.colorPrimary}; flex: none; }
.triage-cards-bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
.triage-cards-bar label { display: flex; align-items: center; gap: 6px; }
.triage-cards-bar input[type="checkbox"] { width: 18px; height: 18px; accent-color: ${token.colorPrimary}; }
`;
}

const NO_FIELDS: readonly CustomFieldDefinition[] = [];

const ORDERS: readonly { key: string; sort: QueueLocation['sort']; label: keyof typeof TEXT }[] = [
  { key: 'updatedAt-desc', sort: { field: 'updatedAt', direction: 'desc' }, label: 'updatedDesc' },
  { key: 'updatedAt-asc', sort: { field: 'updatedAt', direction: 'asc' }, label: 'updatedAsc' },
  { key: 'createdAt-desc', sort: { field: 'createdAt', direction: 'desc' }, label: 'createdDesc' },
  { key: 'createdAt-asc', sort: { field: 'createdAt', direction: 'asc' }, label: 'createdAsc' },
];

/** One card (memoised as the table's rows are). */
const QueueCard = memo(function QueueCard({
  ticket,
  selected,
  unread,
  checked,
  desk,
  now,
  onOpen,
  onCheck,
}: {
  ticket: Ticket;
  /** Changes every minute: re-renders the relative time. */
  minute: number;
  /** The desk's settings, for the SLA clock; undefined until they load. */
  desk: DeskSettings | undefined;
  /** The time the clocks are read at (ms, to the minute). */
  now: number;
  selected: boolean;
  unread: boolean;
  checked: boolean | null;
  onOpen?: (ticket: Ticket, inThisTab: boolean) => void;
  onCheck?: (tickets: readonly Ticket[], checked: boolean) => void;
}) {
  const intl = useIntl();
  const labels = useLabels();
  const time = useTimeFormat();
  const slaSentence = useSlaSentence();
  const slaShort = useSlaShortSentence();
  const nextSla = nextSlaOf(ticket, desk, now);
  return (
    <li
      className={`triage-card${selected ? ' triage-card-selected' : ''}${checked ? ' triage-card-checked' : ''}`}
      aria-current={selected || undefined}
      data-ticket-id={ticket.id}
      data-unread={unread || undefined}
    >
      {checked !== null && (
        <input
          type="checkbox"
          aria-label={intl.formatMessage(TEXT.select, { number: ticket.number })}
          checked={checked}
          onChange={(event) => onCheck?.([ticket], event.target.checked)}
        />
      )}
      <div className="triage-card-body">
        <div className="triage-card-title">
          <span className="triage-card-number">
            <FormattedMessage id="queue.table.number" defaultMessage="#{number}" values={{ number: ticket.number }} />
          </span>
          {unread && <span className="triage-card-unread" role="img" aria-label={intl.formatMessage(TEXT.unread)} />}
          <Link
            className="triage-card-subject"
            to={deskTicketPath(ticket)}
            dir="auto"
            onClick={(event) => onOpen?.(ticket, !opensElsewhere(event))}
          >
            {ticket.subject}
          </Link>
        </div>
        <div className="triage-card-meta">
          <span dir="auto">{ticket.requesterName}</span>
          <time dateTime={ticket.updatedAt} title={time.dateTime(ticket.updatedAt)}>
            {time.fromNow(ticket.updatedAt)}
          </time>
        </div>
        <div className="triage-card-meta">
          <RowTag color={STATUS_COLORS[ticket.status]}>{labels.status(ticket.status)}</RowTag>
          <RowTag color={PRIORITY_COLORS[ticket.priority]}>{labels.priority(ticket.priority)}</RowTag>
          {nextSla && (
            <SlaTag
              className="triage-card-sla"
              clock={nextSla}
              sentence={slaSentence(nextSla)}
              short={slaShort(nextSla)}
            />
          )}
          <span dir="auto">
            {ticket.assigneeName ?? <FormattedMessage id="queue.table.unassigned" defaultMessage="Unassigned" />}
          </span>
        </div>
      </div>
    </li>
  );
});

/** The orders of the fields holding a sort slot (DESIGN §3 "Custom fields"), each both ways. */
function fieldOrders(
  fields: readonly CustomFieldDefinition[],
  locale: Locale,
): { key: string; sort: QueueLocation['sort']; text: MessageDescriptor; label: string }[] {
  return fields.flatMap((field) => {
    if (!field.sortSlot || !maySort(field)) return [];
    const sortField = FIELD_SORT_FIELD[field.sortSlot];
    const label = localized(field.label, locale);
    const date = field.type === 'date';
    return (['asc', 'desc'] as const).map((direction) => ({
      key: `${sortField}-${direction}`,
      sort: { field: sortField, direction },
      text: TEXT[
        date ? (direction === 'asc' ? 'dateAsc' : 'dateDesc') : direction === 'asc' ? 'numberAsc' : 'numberDesc'
      ],
      label,
    }));
  });
}

/**
 * The queue page as cards (phone-sized windows).
 * @param tickets the page's tickets in order; null while the first page loads.
 * @param sort the current order, shown in the select; `onSortChange` gets the one chosen.
 * @param fields the desk's field definitions: those holding a sort slot add their orders.
 * The other props are {@link QueueTable}'s.
 */
export function QueueCards({
  tickets,
  busy = false,
  sort,
  onSortChange,
  empty,
  label,
  selectedId = null,
  isUnread = () => false,
  onOpen,
  checkedIds,
  onCheck,
  desk,
  fields = NO_FIELDS,
}: QueueListProps & {
  /** Called with the chosen order. */
  onSortChange: (sort: QueueLocation['sort']) => void;
  fields?: readonly CustomFieldDefinition[];
}) {
  const { token } = theme.useToken();
  const intl = useIntl();
  const minute = useMinuteTick();
  const now = useMinuteClock();
  const selectable = Boolean(checkedIds && onCheck);
  const rows = tickets ?? [];
  const checkedOnPage = rows.filter((ticket) => checkedIds?.has(ticket.id)).length;
  const locale: Locale = isLocale(intl.locale) ? intl.locale : 'en';
  const orders = [
    ...ORDERS.map((candidate) => ({ ...candidate, text: TEXT[candidate.label], label: '' })),
    ...fieldOrders(fields, locale),
  ];
  const order = orders.find(
    (candidate) => candidate.sort.field === sort.field && candidate.sort.direction === sort.direction,
  );

  let list: ReactNode;
  if (tickets === null) {
    list = (
      <div role="status" aria-busy="true" aria-label={intl.formatMessage(TEXT.loading)}>
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (tickets.length === 0) {
    list = <div style={{ padding: '24px 0' }}>{empty}</div>;
  } else {
    list = (
      <ul className={`triage-cards${busy ? ' triage-cards-busy' : ''}`} aria-label={label} aria-busy={busy}>
        {tickets.map((ticket) => (
          <QueueCard
            key={ticket.id}
            ticket={ticket}
            minute={minute}
            selected={ticket.id === selectedId}
            unread={isUnread(ticket)}
            checked={selectable ? (checkedIds?.has(ticket.id) ?? false) : null}
            desk={desk}
            now={now}
            onOpen={onOpen}
            onCheck={onCheck}
          />
        ))}
      </ul>
    );
  }

  return (
    <div data-testid="queue-cards">
      <style>{cardsCss(token) + tagCss(token)}</style>
      <div className="triage-cards-bar">
        {selectable ? (
          <label>
            <input
              type="checkbox"
              disabled={rows.length === 0}
              checked={rows.length > 0 && checkedOnPage === rows.length}
              ref={(box) => {
                if (box) box.indeterminate = checkedOnPage > 0 && checkedOnPage < rows.length;
              }}
              onChange={(event) => onCheck?.(rows, event.target.checked)}
            />
            <FormattedMessage id="queue.cards.selectAll" defaultMessage="Select all" />
          </label>
        ) : (
          <span />
        )}
        <NativeSelect
          aria-label={intl.formatMessage(TEXT.sort)}
          value={order?.key ?? 'updatedAt-desc'}
          options={orders.map((candidate) => ({
            value: candidate.key,
            label: intl.formatMessage(candidate.text, { label: candidate.label }),
          }))}
          onChange={(key) => {
            const chosen = orders.find((candidate) => candidate.key === key);
            if (chosen) onSortChange(chosen.sort);
          }}
          style={{ width: 'auto', maxWidth: '70%' }}
        />
      </div>
      {list}
    </div>
  );
}
