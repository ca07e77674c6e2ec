/**
 * The agent queue's ticket table: a semantic, accessible `<table>` drawn with antd's theme
 * tokens so it looks like antd's `Table` in the light and dark themes, at a fraction of its
 * weight (antd `Table` alone would fill the route's whole gzip budget). Sortable columns have
 * header buttons and `aria-sort`; each row opens its ticket (the subject is also a link, for
 * the keyboard and for opening in a new tab).
 */
import { FIELD_SORT_FIELD, FIELD_SORT_FIELDS, maySort } from '@/domain/field-sort';
import { memo, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import CaretDownOutlined from '@ant-design/icons/CaretDownOutlined';
import CaretUpOutlined from '@ant-design/icons/CaretUpOutlined';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import type { GlobalToken } from 'antd/es/theme/interface';
import type { DeskSettings, Ticket } from '@/domain/types';
import { nextSlaClock, slaClocks, type SlaClock } from '@/domain/sla/clocks';
import { slaColor, useSlaSentence, useSlaShortSentence } from '@/features/tickets/components/sla-badge';
import { useMinuteClock } from '@/lib/use-minute-clock';
import { PRIORITY_COLORS, STATUS_COLORS } from '@/features/tickets/ticket-labels';
import { tagTextShade } from '@/components/preset-tag';
import {
  QUEUE_COLUMNS,
  type QueueColumn,
  type QueueLocation,
  type QueueSortField,
} from '@/features/tickets/queue/queue-location';
import { fieldValueText } from '@/components/custom-field-control';
import { isEmptyValue, localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import { useDirection } from '@/lib/i18n/direction';
import { useLabels, type Labels } from '@/lib/i18n/labels';
import { useTimeFormat, type TimeFormat } from '@/lib/i18n/use-time-format';
import { useStableCallback } from '@/lib/use-stable-callback';

/** Whether a click opens its link in another tab or window (Ctrl, ⌘, Shift, or not the main button). */
export function opensElsewhere(event: {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  button: number;
}): boolean {
  return event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0;
}

/** Where a ticket of the queue opens (DESIGN routes: `/desk/tickets/:ticketId`). */
export function deskTicketPath(ticket: Pick<Ticket, 'id'>): string {
  return `/desk/tickets/${encodeURIComponent(ticket.id)}`;
}

/** What a cell needs besides its ticket: the current language's words and times. */
interface CellContext {
  intl: IntlShape;
  labels: Labels;
  time: TimeFormat;
  /** The ticket's next running SLA clock (DESIGN §10), or null when none runs or the desk is not known yet. */
  nextSla: SlaClock | null;
  slaSentence: (clock: SlaClock) => string;
  slaShort: (clock: SlaClock) => string;
}

interface Column {
  key: string;
  /** The heading: a message, or a custom field's label as it is. */
  title: MessageDescriptor | string;
  width?: number;
  /** The sort field behind this column's header button, when it is sortable. */
  sortField?: QueueSortField;
  /** What the column means, as the header's tooltip. */
  hint?: MessageDescriptor;
  /** `auto` for cells that show what people wrote (subjects, names), in whichever direction it reads. */
  dir?: 'auto';
  render: (ticket: Ticket, unread: boolean, context: CellContext) => ReactNode;
}

/** The "Next SLA" cell of a ticket with no clock running, and a field column's empty cell (their accessible names say so). */
const NO_SLA_MARK = '—';

const COLUMN_TEXT = defineMessages({
  number: { id: 'queue.table.column.number', defaultMessage: 'Number' },
  subject: { id: 'queue.table.column.subject', defaultMessage: 'Subject' },
  requester: { id: 'queue.table.column.requester', defaultMessage: 'Requester' },
  status: { id: 'queue.table.column.status', defaultMessage: 'Status' },
  priority: { id: 'queue.table.column.priority', defaultMessage: 'Priority' },
  assignee: { id: 'queue.table.column.assignee', defaultMessage: 'Assignee' },
  updatedAt: { id: 'queue.table.column.lastActivity', defaultMessage: 'Last activity' },
  nextSla: { id: 'queue.table.column.nextSla', defaultMessage: 'Next SLA' },
  nextSlaHint: {
    id: 'queue.table.column.nextSlaHint',
    defaultMessage:
      "The SLA target that falls due first: first reply, next reply or resolution, in the desk's business hours or around the clock as its policy says.",
  },
  noSla: { id: 'queue.table.noSla', defaultMessage: 'No SLA clock running' },
  noValue: { id: 'queue.table.noValue', defaultMessage: 'Not set' },
  updatedAtHint: {
    id: 'queue.table.column.lastActivityHint',
    defaultMessage:
      'The latest change of any kind: a message, a status, or a property such as the assignee, priority or tags.',
  },
  unread: { id: 'queue.table.unread', defaultMessage: 'Unread activity' },
});

/**
 * A status or priority tag drawn like antd's `Tag` of that preset colour, but as a plain span:
 * a page of rows mounts 50 of them, and each antd component instance costs a CSS-in-JS lookup
 * (in bench:queue's profiles, most of the time from a filter change to painted rows went there;
 * see docs/benchmarks.md).
 */
export function RowTag({ color, children }: { color: string; children: ReactNode }) {
  return <span className={`triage-queue-tag triage-queue-tag-${color}`}>{children}</span>;
}

/**
 * A ticket's next SLA clock under the desk's policy (DESIGN §10), or null while the desk's
 * settings load or when no clock runs. Shared by the table's rows and the phone's cards.
 * @param now ms since the epoch (to the minute).
 */
export function nextSlaOf(ticket: Ticket, desk: DeskSettings | undefined, now: number): SlaClock | null {
  if (!desk) return null;
  return (
    nextSlaClock(slaClocks(ticket, { policy: desk.sla[ticket.priority], businessHours: desk.businessHours, now })) ??
    null
  );
}

/**
 * The next SLA as one tag, so a row or card stays one line: the whole sentence (the target's name
 * and its state) for screen readers and in the tooltip.
 * @param sentence `useSlaSentence()`'s for the clock; `short` `useSlaShortSentence()`'s.
 */
export function SlaTag({
  clock,
  sentence,
  short,
  className,
}: {
  clock: SlaClock;
  sentence: string;
  short: string;
  className: string;
}) {
  return (
    <span className={className} title={sentence}>
      <span className="triage-screen-reader-only">{sentence}</span>
      <span aria-hidden>
        <RowTag color={slaColor(clock)}>{short}</RowTag>
      </span>
    </span>
  );
}

/** The preset colours the row tags use (`STATUS_COLORS`, `PRIORITY_COLORS`). */
const TAG_COLORS = [
  ...new Set([...Object.values(STATUS_COLORS), ...Object.values(PRIORITY_COLORS), 'red', 'orange', 'green', 'default']),
];

/** The row tags' look (the phone's cards use them too), from the same tokens antd's `Tag` presets use (colour 1 / 3; the text stronger than antd's 7, `tagTextShade`, for AA contrast). */
export function tagCss(token: GlobalToken): string {
  const palette = token as unknown as Record<string, string>;
  const colours = TAG_COLORS.map((color) =>
    color === 'default'
      ? `.triage-queue-tag-default { color: ${token.colorText}; background: ${token.colorFillQuaternary}; border-color: ${token.colorBorder}; }`
      : `.triage-queue-tag-${color} { color: ${palette[`${color}${tagTextShade(color)}`]}; background: ${palette[`${color}1`]}; border-color: ${palette[`${color}3`]}; }`,
  );
  return `
.triage-queue-sla { display: inline-flex; }
.triage-queue-tag { display: inline-block; height: auto; padding-inline: 7px; font-size: ${token.fontSizeSM}px;
  line-height: ${Math.round(token.lineHeightSM * token.fontSizeSM)}px; white-space: nowrap;
  border: ${token.lineWidth}px ${token.lineType} transparent; border-radius: ${token.borderRadiusSM}px; }
${colours.join('\n')}
`;
}

/** The built-in columns: the number and subject always, then {@link QUEUE_COLUMNS}. */
const COLUMNS: readonly Column[] = [
  {
    key: 'number',
    title: COLUMN_TEXT.number,
    width: 60,
    sortField: 'createdAt',
    render: (ticket, unread, { intl }) => (
      <span className="triage-queue-number">
        {unread && (
          <span className="triage-queue-unread" role="img" aria-label={intl.formatMessage(COLUMN_TEXT.unread)} />
        )}
        <FormattedMessage id="queue.table.number" defaultMessage="#{number}" values={{ number: ticket.number }} />
      </span>
    ),
  },
  {
    key: 'subject',
    title: COLUMN_TEXT.subject,
    dir: 'auto',
    render: (ticket) => (
      <Link className="triage-queue-subject" to={deskTicketPath(ticket)} title={ticket.subject}>
        {ticket.subject}
      </Link>
    ),
  },
  {
    key: 'requester',
    title: COLUMN_TEXT.requester,
    width: 112,
    dir: 'auto',
    render: (ticket) => <span title={ticket.requesterName}>{ticket.requesterName}</span>,
  },
  {
    key: 'status',
    title: COLUMN_TEXT.status,
    width: 84,
    render: (ticket, _unread, { labels }) => (
      <RowTag color={STATUS_COLORS[ticket.status]}>{labels.status(ticket.status)}</RowTag>
    ),
  },
  {
    key: 'priority',
    title: COLUMN_TEXT.priority,
    width: 76,
    render: (ticket, _unread, { labels }) => (
      <RowTag color={PRIORITY_COLORS[ticket.priority]}>{labels.priority(ticket.priority)}</RowTag>
    ),
  },
  {
    key: 'assignee',
    title: COLUMN_TEXT.assignee,
    width: 104,
    dir: 'auto',
    render: (ticket) =>
      ticket.assigneeName ?? (
        <span className="triage-queue-muted">
          <FormattedMessage id="queue.table.unassigned" defaultMessage="Unassigned" />
        </span>
      ),
  },
  {
    key: 'nextSla',
    title: COLUMN_TEXT.nextSla,
    width: 164,
    hint: COLUMN_TEXT.nextSlaHint,
    sortField: 'slaDueAt',
    // One line, so rows stay compact (`SlaTag`).
    render: (_ticket, _unread, { intl, nextSla, slaSentence, slaShort }) =>
      nextSla ? (
        <SlaTag
          className="triage-queue-sla"
          clock={nextSla}
          sentence={slaSentence(nextSla)}
          short={slaShort(nextSla)}
        />
      ) : (
        <span aria-label={intl.formatMessage(COLUMN_TEXT.noSla)}>{NO_SLA_MARK}</span>
      ),
  },
  {
    key: 'updatedAt',
    title: COLUMN_TEXT.updatedAt,
    // "hace unos segundos" (the longest recent time, 130 px) whole; older times fit too; the full time is in the tooltip.
    width: 148,
    // As Zendesk's "Updated", every change is activity, so a bulk tag moves tickets up too.
    hint: COLUMN_TEXT.updatedAtHint,
    sortField: 'updatedAt',
    render: (ticket, _unread, { time }) => (
      <time dateTime={ticket.updatedAt} title={time.dateTime(ticket.updatedAt)}>
        {time.fromNow(ticket.updatedAt)}
      </time>
    ),
  },
];

/** A custom field's column (DESIGN §3 "Custom fields"): its value as the ticket shows it, a dash when empty. */
function fieldColumn(field: CustomFieldDefinition, locale: Locale): Column {
  return {
    key: `field:${field.key}`,
    title: localized(field.label, locale),
    // A field holding a sort slot sorts the queue by its header (DESIGN §3 "Custom fields").
    ...(field.sortSlot && maySort(field) && { sortField: FIELD_SORT_FIELD[field.sortSlot] }),
    width: field.type === 'multiline' || field.type === 'text' ? 160 : 120,
    dir: 'auto',
    render: (ticket, _unread, { intl }) => {
      const value = ticket.fields?.[field.key];
      if (value === undefined || isEmptyValue(value))
        return (
          <span className="triage-queue-muted" aria-label={intl.formatMessage(COLUMN_TEXT.noValue)}>
            {NO_SLA_MARK}
          </span>
        );
      const text = fieldValueText(intl, field, value);
      return <span title={text}>{text}</span>;
    },
  };
}

/**
 * The columns a table shows for a choice (`QueueLocation.columns`; absent: the built-in ones):
 * the number and subject first, the built-in ones chosen in their order, then the field columns
 * in the order chosen — those of fields customers see only, whose values are on the ticket (an
 * agents-only value lives apart from it, DESIGN §3); an unknown field's column is left out.
 */
export function queueColumnsOf(
  chosen: readonly QueueColumn[] | undefined,
  fields: readonly CustomFieldDefinition[],
  locale: Locale,
): readonly Column[] {
  if (!chosen) return COLUMNS;
  const wanted = new Set<string>(chosen);
  const builtIn = COLUMNS.filter(
    (column) => !(QUEUE_COLUMNS as readonly string[]).includes(column.key) || wanted.has(column.key),
  );
  const byKey = new Map(fields.filter((field) => field.visibleTo === 'customers').map((field) => [field.key, field]));
  const custom = chosen.flatMap((column) => {
    const field = column.startsWith('field:') ? byKey.get(column.slice('field:'.length)) : undefined;
    return field ? [fieldColumn(field, locale)] : [];
  });
  return [...builtIn, ...custom];
}

/** The headings of the built-in optional columns, for the column chooser. */
export const QUEUE_COLUMN_TITLES: Readonly<Record<(typeof QUEUE_COLUMNS)[number], MessageDescriptor>> = {
  requester: COLUMN_TEXT.requester,
  status: COLUMN_TEXT.status,
  priority: COLUMN_TEXT.priority,
  assignee: COLUMN_TEXT.assignee,
  nextSla: COLUMN_TEXT.nextSla,
  updatedAt: COLUMN_TEXT.updatedAt,
};

/** A column's heading text. */
function titleOf(column: Column, intl: IntlShape): string {
  return typeof column.title === 'string' ? column.title : intl.formatMessage(column.title);
}

const SKELETON_ROWS = 8;
const NO_FIELDS: readonly CustomFieldDefinition[] = [];
const MINUTE = 60_000;

/**
 * The table's look, from the theme tokens antd's `Table` uses (size "middle").
 * @param direction the text direction: the selected row's bar is on the side rows start from.
 */
function tableCss(token: GlobalToken, direction: 'ltr' | 'rtl'): string {
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  // The sorted column's cells, from the table's `data-sort` (rows need not render again when
  // the order changes); `:where` keeps them below the hover, selected and ticked rows.
  const sortedCells = COLUMNS.filter((column) => column.sortField)
    .map(
      (column) =>
        `.triage-queue-table:where([data-sort="${column.sortField}"]) td:where([data-column="${column.key}"]) { background: ${token.colorFillAlter}; }`,
    )
    .join('\n');
  // A field column sorts by its slot (`data-sorts`): shaded when the table is in that order.
  const sortedFieldCells = FIELD_SORT_FIELDS.map(
    (field) =>
      `.triage-queue-table:where([data-sort="${field}"]) td:where([data-sorts="${field}"]) { background: ${token.colorFillAlter}; }`,
  ).join('\n');
  return `
.triage-queue-scroll { overflow-x: auto; }
.triage-queue-table { width: 100%; min-width: 840px; table-layout: fixed; border-collapse: separate;
  border-spacing: 0; font-size: ${token.fontSize}px; line-height: ${token.lineHeight}; color: ${token.colorText}; }
.triage-queue-table th { position: relative; padding: 8px 8px; text-align: start; font-weight: ${token.fontWeightStrong};
  color: ${token.colorTextHeading}; background: ${token.colorFillAlter}; border-bottom: ${border};
  transition: background ${token.motionDurationMid}; }
.triage-queue-table th:first-child { border-start-start-radius: ${token.borderRadiusLG}px; }
.triage-queue-table th:last-child { border-start-end-radius: ${token.borderRadiusLG}px; }
.triage-queue-table th:not(:last-child)::before { content: ''; position: absolute; top: 50%; inset-inline-end: 0;
  width: 1px; height: 1.6em; background: ${token.colorSplit}; transform: translateY(-50%); }
.triage-queue-table th.triage-queue-sortable { padding: 0; }
.triage-queue-table th.triage-queue-sortable:hover { background: ${token.colorFillSecondary}; }
.triage-queue-table th.triage-queue-sorted { background: ${token.colorFillSecondary}; }
.triage-queue-sort { display: flex; width: 100%; align-items: center; justify-content: space-between; gap: 4px;
  padding: 8px 8px; border: 0; background: none; font: inherit; color: inherit; text-align: start; cursor: pointer; }
.triage-queue-sort:focus-visible { outline: 2px solid ${token.colorPrimaryBorder}; outline-offset: -2px;
  border-radius: ${token.borderRadiusSM}px; }
.triage-queue-carets { display: inline-flex; flex-direction: column; font-size: 11px; line-height: 0;
  color: ${token.colorTextQuaternary}; }
.triage-queue-carets > .triage-queue-caret-on { color: ${token.colorPrimary}; }
.triage-queue-carets > :last-child { margin-top: -0.3em; }
.triage-queue-table td { padding: 6px 8px; border-bottom: ${border}; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; transition: background ${token.motionDurationMid}; }
${sortedCells}
${sortedFieldCells}
.triage-queue-table tbody tr.triage-queue-row { cursor: pointer; }
.triage-queue-table tbody tr.triage-queue-row:hover > td { background: ${token.colorFillSecondary}; }
.triage-queue-table tbody tr.triage-queue-selected > td { background: ${token.controlItemBgActive}; }
.triage-queue-table tbody tr.triage-queue-selected > td:first-child { box-shadow: inset ${direction === 'rtl' ? -3 : 3}px 0 0 ${token.colorPrimary}; }
.triage-queue-table tbody tr.triage-queue-checked > td { background: ${token.controlItemBgHover}; }
.triage-queue-table .triage-queue-check { padding: 0; text-align: center; cursor: default; }
.triage-queue-table .triage-queue-check input { width: 16px; height: 16px; margin: 8px 12px; cursor: pointer;
  accent-color: ${token.colorPrimary}; }
.triage-queue-unread { display: inline-block; width: 8px; height: 8px; margin-inline-end: 6px; border-radius: 50%;
  background: ${token.colorPrimary}; vertical-align: middle; }
.triage-queue-table tbody.triage-queue-busy { opacity: 0.55; }
.triage-queue-number { color: ${token.colorTextSecondary}; font-variant-numeric: tabular-nums; }
.triage-queue-muted { color: ${token.colorTextSecondary}; }
.triage-queue-subject { color: ${token.colorText}; font-weight: ${token.fontWeightStrong}; text-decoration: none; }
.triage-queue-subject:hover, .triage-queue-subject:focus-visible { color: ${token.colorPrimary}; }
.triage-queue-subject:focus-visible { outline: 2px solid ${token.colorPrimary}; outline-offset: 2px;
  border-radius: ${token.borderRadiusSM}px; }
`;
}

/**
 * Re-renders every minute, so "5 minutes ago" stays true on a queue left open.
 * @returns the number of minutes ticked (rows take it as a prop, so memoised rows refresh too).
 */
export function useMinuteTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return tick;
}

function ariaSort(column: Column, sort: QueueLocation['sort']): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.sortField) return undefined;
  if (column.sortField !== sort.field) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * One row of the queue, memoised: while a page loads or a live update arrives, only rows whose
 * ticket, selection, tick or unread dot changed render again (not when the order changes: the
 * sorted column's shade comes from the table's `data-sort`).
 * @param checked the row's tick, or null when the table has no checkbox column.
 * @param minute changes every minute, so the relative time re-renders.
 */
const QueueRow = memo(function QueueRow({
  ticket,
  selected,
  unread,
  checked,
  desk,
  now,
  onRowClick,
  onCheck,
  columns,
}: {
  ticket: Ticket;
  /** The columns shown, in order (`queueColumnsOf`). */
  columns: readonly Column[];
  /** Changes every minute: re-renders the relative time. */
  minute: number;
  /** The desk's settings, for the SLA clock; undefined until they load. */
  desk: DeskSettings | undefined;
  /** The time the clocks are read at (ms, to the minute). */
  now: number;
  selected: boolean;
  unread: boolean;
  checked: boolean | null;
  onRowClick: (event: MouseEvent<HTMLTableRowElement>, ticket: Ticket) => void;
  onCheck: (ticket: Ticket, checked: boolean) => void;
}) {
  const intl = useIntl();
  const labels = useLabels();
  const time = useTimeFormat();
  const slaSentence = useSlaSentence();
  const slaShort = useSlaShortSentence();
  const nextSla = nextSlaOf(ticket, desk, now);
  const context: CellContext = { intl, labels, time, nextSla, slaSentence, slaShort };
  const row = useRef<HTMLTableRowElement | null>(null);
  // The keyboard's row stays in view.
  useEffect(() => {
    if (selected) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <tr
      ref={row}
      className={`triage-queue-row${selected ? ' triage-queue-selected' : ''}${checked ? ' triage-queue-checked' : ''}`}
      aria-current={selected || undefined}
      aria-selected={checked ?? undefined}
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      data-unread={unread || undefined}
      onClick={(event) => onRowClick(event, ticket)}
    >
      {checked !== null && (
        // Ticking a row is not opening it.
        <td className="triage-queue-check" onClick={(event) => event.stopPropagation()}>
          <input
            type="checkbox"
            aria-label={intl.formatMessage(
              { id: 'queue.table.selectTicket', defaultMessage: 'Select #{number}' },
              { number: ticket.number },
            )}
            checked={checked}
            onChange={(event) => onCheck(ticket, event.target.checked)}
          />
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.key}
          data-column={column.key}
          data-sorts={column.key.startsWith('field:') ? column.sortField : undefined}
          dir={column.dir}
        >
          {column.render(ticket, unread, context)}
        </td>
      ))}
    </tr>
  );
});

/** What the table and the phone's cards (`queue-cards.tsx`) both take: one queue page and its selection. */
export interface QueueListProps {
  tickets: readonly Ticket[] | null;
  busy?: boolean;
  sort: QueueLocation['sort'];
  empty: ReactNode;
  label: string;
  selectedId?: string | null;
  isUnread?: (ticket: Ticket) => boolean;
  /** `inThisTab` false for a click that opens it elsewhere (Ctrl, ⌘, Shift or the middle button). */
  onOpen?: (ticket: Ticket, inThisTab: boolean) => void;
  checkedIds?: ReadonlySet<string>;
  onCheck?: (tickets: readonly Ticket[], checked: boolean) => void;
  /** The desk's settings, for the SLA clocks (DESIGN §10); undefined until they load. */
  desk?: DeskSettings;
  /** The columns chosen (`QueueLocation.columns`; absent: the default ones). The phone's cards show none. */
  columns?: readonly QueueColumn[];
  /** The desk's custom fields, for their columns' headings and values. */
  fields?: readonly CustomFieldDefinition[];
}

/**
 * The table of one queue page.
 * @param tickets the page's rows in order; null while the first page loads (skeleton rows).
 * @param busy the rows shown are the previous page's while the next one loads (dimmed).
 * @param sort the current order; `onSort` is called with a column's field when its header is pressed.
 * @param empty what to say when the view has no tickets.
 * @param label the table's accessible name.
 * @param selectedId the row the keyboard selection is on (`j`/`k`), kept in view.
 * @param isUnread whether a row gets the unread dot.
 * @param onOpen called when a row is opened (click, its link, or `Enter` in the parent).
 * @param checkedIds the rows ticked for a bulk change; with `onCheck`, a checkbox column shows.
 * @param onCheck called with the tickets whose box was toggled and whether they are now ticked
 *   (one row, or every row of the page from the header box).
 */
export function QueueTable({
  tickets,
  busy = false,
  sort,
  onSort,
  empty,
  label,
  selectedId = null,
  isUnread = () => false,
  onOpen,
  checkedIds,
  onCheck,
  desk,
  columns: chosen,
  fields = NO_FIELDS,
}: QueueListProps & { onSort: (field: QueueSortField) => void }) {
  const { token } = theme.useToken();
  const intl = useIntl();
  const columns = useMemo(() => queueColumnsOf(chosen, fields, intl.locale as Locale), [chosen, fields, intl.locale]);
  const direction = useDirection();
  const navigate = useNavigate();
  const minute = useMinuteTick();
  const now = useMinuteClock();
  // Built once per theme and direction: the tags' palette alone showed in every render's profile.
  const css = useMemo(() => tableCss(token, direction) + tagCss(token), [token, direction]);

  const openRow = useStableCallback((event: MouseEvent<HTMLTableRowElement>, ticket: Ticket) => {
    if (window.getSelection()?.toString()) return; // selecting text is not a click on the row
    onOpen?.(ticket, !opensElsewhere(event));
    // The subject link navigates by itself.
    if (!(event.target as Element).closest('a')) navigate(deskTicketPath(ticket));
  });
  const checkRow = useStableCallback((ticket: Ticket, on: boolean) => onCheck?.([ticket], on));

  const selectable = Boolean(checkedIds && onCheck);
  const columnCount = columns.length + (selectable ? 1 : 0);
  // Past the default's width, each field column widens the table (it scrolls sideways in its box).
  const minWidth = 840 + columns.filter((column) => column.key.startsWith('field:')).length * 120;
  const pageRows = tickets ?? [];
  const checkedOnPage = pageRows.filter((ticket) => checkedIds?.has(ticket.id)).length;

  let body: ReactNode;
  if (tickets === null) {
    body = Array.from({ length: SKELETON_ROWS }, (_, row) => (
      <tr key={row} aria-hidden>
        {selectable && <td />}
        {columns.map((column) => (
          <td key={column.key}>
            <Skeleton.Input active size="small" block />
          </td>
        ))}
      </tr>
    ));
  } else if (tickets.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} style={{ whiteSpace: 'normal', padding: '32px 8px' }}>
          {empty}
        </td>
      </tr>
    );
  } else {
    body = tickets.map((ticket) => (
      <QueueRow
        key={ticket.id}
        ticket={ticket}
        selected={ticket.id === selectedId}
        unread={isUnread(ticket)}
        checked={selectable ? (checkedIds?.has(ticket.id) ?? false) : null}
        minute={minute}
        desk={desk}
        now={now}
        onRowClick={openRow}
        onCheck={checkRow}
        columns={columns}
      />
    ));
  }

  return (
    <div className="triage-queue-scroll">
      <style>{css}</style>
      <table
        role="table"
        aria-label={label}
        aria-busy={tickets === null || busy}
        className="triage-queue-table"
        data-sort={sort.field}
        style={minWidth > 840 ? { minWidth } : undefined}
      >
        <colgroup>
          {selectable && <col style={{ width: 40 }} />}
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="triage-queue-check">
                <input
                  type="checkbox"
                  aria-label={intl.formatMessage({
                    id: 'queue.table.selectPage',
                    defaultMessage: 'Select every ticket on this page',
                  })}
                  disabled={pageRows.length === 0}
                  checked={pageRows.length > 0 && checkedOnPage === pageRows.length}
                  ref={(box) => {
                    if (box) box.indeterminate = checkedOnPage > 0 && checkedOnPage < pageRows.length;
                  }}
                  onChange={(event) => onCheck?.(pageRows, event.target.checked)}
                />
              </th>
            )}
            {columns.map((column) => {
              const sorted = column.sortField === sort.field;
              return (
                <th
                  key={column.key}
                  scope="col"
                  title={column.hint && intl.formatMessage(column.hint)}
                  dir={typeof column.title === 'string' ? 'auto' : undefined}
                  aria-sort={ariaSort(column, sort)}
                  className={
                    column.sortField ? `triage-queue-sortable${sorted ? ' triage-queue-sorted' : ''}` : undefined
                  }
                >
                  {column.sortField ? (
                    <button
                      type="button"
                      className="triage-queue-sort"
                      onClick={() => column.sortField && onSort(column.sortField)}
                    >
                      <span>{titleOf(column, intl)}</span>
                      <span className="triage-queue-carets" aria-hidden>
                        <CaretUpOutlined
                          className={sorted && sort.direction === 'asc' ? 'triage-queue-caret-on' : ''}
                        />
                        <CaretDownOutlined
                          className={sorted && sort.direction === 'desc' ? 'triage-queue-caret-on' : ''}
                        />
                      </span>
                    </button>
                  ) : (
                    titleOf(column, intl)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={busy ? 'triage-queue-busy' : undefined}>{body}</tbody>
      </table>
    </div>
  );
}
