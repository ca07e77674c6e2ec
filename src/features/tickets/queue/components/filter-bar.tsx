/**
 * The queue's filter bar: a search box (search as you type, debounced) and
 * status, priority, assignee, category, tag and requester choices, combinable with the view.
 * It holds no state of its own beyond the text being typed: the filters live in the URL
 * (`queue-location.ts`), so the parent passes them in and gets each change back.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { LIMITS } from '@/domain/limits';
import { MAX_SEARCH_TEXT } from '@/domain/schemas';
import { searchKeyOf } from '@/domain/search-keys';
import { PRIORITIES, TICKET_STATUSES, type UserProfile } from '@/domain/types';
import { hasQueueFilters, type QueueFilters } from '@/features/tickets/queue/queue-location';
import { useLabels } from '@/lib/i18n/labels';
import { PersonSearchSelect } from '@/components/person-search-select';
import { auditValueText } from '@/components/custom-field-control';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';

/** How long typing must pause before the search runs (one query per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Select value of "unassigned" (a Select option needs a string). */
const UNASSIGNED = '\u0000unassigned';

const TEXT = defineMessages({
  label: { id: 'queue.filterBar.label', defaultMessage: 'Filter the queue' },
  search: { id: 'queue.filterBar.search', defaultMessage: 'Search tickets' },
  searchPlaceholder: {
    id: 'queue.filterBar.searchPlaceholder',
    defaultMessage: '#number, email or any word',
  },
  status: { id: 'queue.filterBar.status', defaultMessage: 'Status' },
  priority: { id: 'queue.filterBar.priority', defaultMessage: 'Priority' },
  assignee: { id: 'queue.filterBar.assignee', defaultMessage: 'Assignee' },
  unassigned: { id: 'queue.filterBar.unassigned', defaultMessage: 'Unassigned' },
  category: { id: 'queue.filterBar.category', defaultMessage: 'Category' },
  tag: { id: 'queue.filterBar.tag', defaultMessage: 'Tag' },
  fieldValue: { id: 'queue.filterBar.fieldValue', defaultMessage: 'Field: {field} = {value}' },
  requester: { id: 'queue.filterBar.requester', defaultMessage: 'Requester' },
});

const NO_FIELDS: readonly CustomFieldDefinition[] = [];

/**
 * The active field filter as the bar shows it: "Field: Product = Web app" (the value as the
 * ticket's history writes it, `auditValueText`: an option's label, Yes or No, a date as stored).
 */
export function fieldFilterLabel(
  fields: readonly CustomFieldDefinition[],
  filter: { key: string; value: string },
  intl: IntlShape,
): string {
  const field = fields.find((candidate) => candidate.key === filter.key);
  return intl.formatMessage(TEXT.fieldValue, {
    field: field ? localized(field.label, intl.locale as Locale) : filter.key,
    value: auditValueText(intl, field, filter.value),
  });
}

/** The filters without one key (what clearing a Select does). */
function without(filters: QueueFilters, key: keyof QueueFilters): QueueFilters {
  const { [key]: _dropped, ...rest } = filters;
  return rest;
}

/**
 * The filter bar.
 * @param filters the current choices (from the URL); `onChange` receives the next ones, and
 *   `{ fromPause: true }` when the search box's typing pause sent them: that comes from an effect,
 *   where React cannot render synchronously (`flushSync`).
 * @param staff who tickets can be assigned to (the bounded staff list); `categories` the desk's
 *   categories. Either may be empty while loading. The requester is picked by searching
 *   (`PersonSearchSelect`), never from a list of everyone.
 */
export const QueueFilterBar = memo(function QueueFilterBar({
  filters,
  onChange,
  staff,
  categories,
  fields = NO_FIELDS,
}: {
  filters: QueueFilters;
  onChange: (next: QueueFilters, how?: { fromPause: true }) => void;
  staff: readonly UserProfile[];
  categories: readonly string[];
  /** The desk's custom fields, to name an active field filter (set from a ticket's Fields card). */
  fields?: readonly CustomFieldDefinition[];
}) {
  const intl = useIntl();
  const labels = useLabels();
  const [text, setText] = useState(filters.q ?? '');
  // The URL changed under the box (back button, a saved view): show its search.
  const lastSent = useRef(filters.q ?? '');
  // Whether the box holds typing not yet sent: only typing is sent when it pauses, never a search
  // the address put in the box (whose pause may end in the very render where the address moves on).
  const typed = useRef(false);
  useEffect(() => {
    if ((filters.q ?? '') !== lastSent.current) {
      lastSent.current = filters.q ?? '';
      typed.current = false;
      setText(filters.q ?? '');
    }
  }, [filters.q]);
  // Debounced: the search runs once typing pauses.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!typed.current) return;
    const { filters: now, onChange: send } = latest.current;
    // Already the URL's: the box was set from it, or Enter searched for it (a second, identical
    // history entry would make Back do nothing once).
    if (q === (now.q ?? '')) return;
    lastSent.current = q;
    send(q ? { ...now, q } : without(now, 'q'), { fromPause: true });
  }, [q]);

  const set = <K extends keyof QueueFilters>(key: K, value: QueueFilters[K] | undefined) =>
    onChange(value === undefined ? without(filters, key) : { ...filters, [key]: value });

  const tooShort = text.trim() !== '' && searchKeyOf(text) === null;
  const tagAndSearch = Boolean((filters.tag || filters.field) && filters.q);

  const staffOptions = [
    { value: UNASSIGNED, label: intl.formatMessage(TEXT.unassigned) },
    ...staff.map((person) => ({ value: person.uid, label: person.displayName })),
  ];
  const selectStyle = { width: 96 };

  return (
    <Flex vertical gap={4}>
      <Flex wrap gap={8} align="center" role="search" aria-label={intl.formatMessage(TEXT.label)}>
        <Input.Search
          aria-label={intl.formatMessage(TEXT.search)}
          placeholder={intl.formatMessage(TEXT.searchPlaceholder)}
          allowClear
          value={text}
          maxLength={MAX_SEARCH_TEXT}
          onChange={(event) => {
            typed.current = true;
            setText(event.target.value);
          }}
          onSearch={(value) => {
            // Enter or the button: search now, without waiting for the pause.
            const q = value.trim();
            lastSent.current = q;
            typed.current = false;
            onChange(q ? { ...filters, q } : without(filters, 'q'));
          }}
          // Room for the placeholder, and the rest of the filters beside it on a laptop's row.
          style={{ flex: '1 1 288px', minWidth: 288, maxWidth: 360 }}
        />
        <Select
          aria-label={intl.formatMessage(TEXT.status)}
          placeholder={intl.formatMessage(TEXT.status)}
          allowClear
          style={selectStyle}
          value={filters.status}
          onChange={(value) => set('status', value)}
          options={TICKET_STATUSES.map((status) => ({ value: status, label: labels.status(status) }))}
        />
        <Select
          aria-label={intl.formatMessage(TEXT.priority)}
          placeholder={intl.formatMessage(TEXT.priority)}
          allowClear
          style={selectStyle}
          value={filters.priority}
          onChange={(value) => set('priority', value)}
          options={PRIORITIES.map((priority) => ({ value: priority, label: labels.priority(priority) }))}
        />
        <Select
          aria-label={intl.formatMessage(TEXT.assignee)}
          placeholder={intl.formatMessage(TEXT.assignee)}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 120 }}
          popupMatchSelectWidth={false}
          value={filters.assignee === null ? UNASSIGNED : filters.assignee}
          onChange={(value?: string) =>
            set('assignee', value === undefined ? undefined : value === UNASSIGNED ? null : value)
          }
          options={staffOptions}
        />
        <Select
          aria-label={intl.formatMessage(TEXT.category)}
          placeholder={intl.formatMessage(TEXT.category)}
          allowClear
          style={{ width: 104 }}
          value={filters.category}
          onChange={(value) => set('category', value)}
          options={categories.map((category) => ({ value: category, label: category }))}
        />
        <Input
          aria-label={intl.formatMessage(TEXT.tag)}
          placeholder={intl.formatMessage(TEXT.tag)}
          allowClear
          style={{ width: 80 }}
          // Uncontrolled per tag in the URL, so typing is free and a valid tag applies on Enter or blur.
          key={filters.tag ?? ''}
          defaultValue={filters.tag}
          maxLength={LIMITS.tags.maxLength}
          onPressEnter={(event) => applyTag(event.currentTarget.value)}
          onBlur={(event) => applyTag(event.currentTarget.value)}
        />
        <PersonSearchSelect
          label={intl.formatMessage(TEXT.requester)}
          style={{ width: 124 }}
          value={filters.requester}
          onChange={(value) => set('requester', value)}
        />
        {hasQueueFilters(filters) && (
          <Button type="link" onClick={() => onChange({})}>
            <FormattedMessage id="queue.filterBar.clear" defaultMessage="Clear filters" />
          </Button>
        )}
      </Flex>
      {tooShort && (
        <Typography.Text type="secondary">
          <FormattedMessage
            id="queue.filterBar.tooShort"
            defaultMessage="Type at least 2 letters, or a ticket number."
          />
        </Typography.Text>
      )}
      {filters.q && !filters.tag && !filters.field && !tooShort && (
        <Typography.Text type="secondary" data-testid="search-scope">
          {filters.status || filters.assignee !== undefined ? (
            <FormattedMessage
              id="queue.filterBar.searchScopeNarrowed"
              defaultMessage="Searching every ticket, whatever its status or assignee, within the Status and Assignee chosen here."
            />
          ) : (
            <FormattedMessage
              id="queue.filterBar.searchScope"
              defaultMessage="Searching every ticket, whatever its status or assignee."
            />
          )}
        </Typography.Text>
      )}
      {filters.field && (
        <Flex gap={8} align="center" wrap data-testid="field-filter">
          <Typography.Text>{fieldFilterLabel(fields, filters.field, intl)}</Typography.Text>
          <Button type="link" size="small" onClick={() => set('field', undefined)}>
            <FormattedMessage id="queue.filterBar.clearField" defaultMessage="Clear the field filter" />
          </Button>
        </Flex>
      )}
      {tagAndSearch && (
        <Typography.Text type="warning">
          <FormattedMessage
            id="queue.filterBar.tagAndSearch"
            defaultMessage="A tag or a field and a search cannot be combined: showing the tag or field. Clear it to search."
          />
        </Typography.Text>
      )}
    </Flex>
  );

  function applyTag(raw: string) {
    const tag = raw.trim().toLowerCase();
    if (tag === (filters.tag ?? '')) return;
    if (!tag) set('tag', undefined);
    else if (LIMITS.tags.pattern.test(tag)) set('tag', tag);
  }
});
