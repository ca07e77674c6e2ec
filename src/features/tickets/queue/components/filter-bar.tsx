/**
 * The queue's filter bar: a search box (search as you type, debounced) and
 * status, priority, assignee, category, tag, requester, custom field and organisation choices,
 * combinable with the view.
 * It holds no state of its own beyond the text being typed: the filters live in the URL
 * (`queue-location.ts`), so the parent passes them in and gets each change back.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
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
import { usePersonName } from '@/lib/i18n/person-name';
import { PersonSearchSelect } from '@/components/person-search-select';
import { auditValueText } from '@/components/custom-field-control';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import { useWatchOrganisationsQuery } from '@/lib/store/people-api';

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
  field: { id: 'queue.filterBar.field', defaultMessage: 'Filter by a field' },
  yes: { id: 'queue.filterBar.yes', defaultMessage: 'Yes' },
  no: { id: 'queue.filterBar.no', defaultMessage: 'No' },
  today: { id: 'queue.filterBar.today', defaultMessage: 'Today' },
  tomorrow: { id: 'queue.filterBar.tomorrow', defaultMessage: 'Tomorrow' },
  thisMonth: { id: 'queue.filterBar.thisMonth', defaultMessage: 'This month' },
  nextMonth: { id: 'queue.filterBar.nextMonth', defaultMessage: 'Next month' },
  requester: { id: 'queue.filterBar.requester', defaultMessage: 'Requester' },
  organisation: { id: 'queue.filterBar.organisation', defaultMessage: 'Organisation' },
  organisationValue: { id: 'queue.filterBar.organisationValue', defaultMessage: 'Organisation: {name}' },
  organisationGone: { id: 'queue.filterBar.organisationGone', defaultMessage: 'a deleted organisation' },
  organisationsLoading: { id: 'queue.filterBar.organisationsLoading', defaultMessage: 'Loading organisations…' },
  organisationsNone: { id: 'queue.filterBar.organisationsNone', defaultMessage: 'No organisations yet' },
});

/** The menu key of an organisation's entry (field keys never hold `%`). */
const ORGANISATION_ENTRY = '%organisation';

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

/** The field types the queue filters by (their values have filter keys, `fieldFilterKeys`). */
const FILTERABLE_TYPES: readonly CustomFieldDefinition['type'][] = ['dropdown', 'checkbox', 'date'];

/** One value a field filter can take, as the menu offers it. */
interface FieldChoice {
  value: string;
  label: string;
}

/** A date as the filter keys write it (`YYYY-MM-DD`), in the browser's own calendar. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The values the menu offers for a field: a dropdown's active options, Yes and No for a checkbox,
 * and for a date today, tomorrow, this month and next month (a filter key is a day or a month).
 */
function choicesOf(field: CustomFieldDefinition, intl: IntlShape, now: Date): FieldChoice[] {
  const t = intl.formatMessage;
  if (field.type === 'checkbox')
    return [
      { value: 'true', label: t(TEXT.yes) },
      { value: 'false', label: t(TEXT.no) },
    ];
  if (field.type === 'date') {
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    return [
      { value: dayOf(now), label: t(TEXT.today) },
      { value: dayOf(tomorrow), label: t(TEXT.tomorrow) },
      { value: dayOf(now).slice(0, 7), label: t(TEXT.thisMonth) },
      { value: dayOf(nextMonth).slice(0, 7), label: t(TEXT.nextMonth) },
    ];
  }
  return (field.options ?? [])
    .filter((option) => !option.archived)
    .map((option) => ({ value: option.id, label: localized(option.label, intl.locale as Locale) }));
}

/**
 * The field filter: one small button opening a menu of the active dropdown, checkbox and date
 * fields, each with its values (a submenu), and the desk's organisations by name (DESIGN §1
 * "Organisations", as the port lists them), read only once the menu opens. Small, so the bar stays one row at 1280 px
 * beside the side menu (`e2e/queue-layout.spec.ts`); the active filter is named under the bar.
 */
function FieldFilter({
  fields,
  active,
  onChange,
  onOrganisation,
}: {
  fields: readonly CustomFieldDefinition[];
  active: boolean;
  onChange: (next: { key: string; value: string }) => void;
  onOrganisation: (organisationId: string) => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { data } = useWatchOrganisationsQuery(undefined, { skip: !open });
  const organisations = data?.value;
  const filterable = fields.filter((field) => FILTERABLE_TYPES.includes(field.type) && !field.archived);
  const now = new Date();
  const items = [
    ...filterable.map((field) => ({
      key: field.key,
      label: localized(field.label, intl.locale as Locale),
      children: choicesOf(field, intl, now).map((choice) => ({
        key: `${field.key}:${choice.value}`,
        label: choice.label,
      })),
    })),
    {
      key: ORGANISATION_ENTRY,
      label: intl.formatMessage(TEXT.organisation),
      children:
        organisations === undefined || organisations === null
          ? [{ key: `${ORGANISATION_ENTRY}:`, label: intl.formatMessage(TEXT.organisationsLoading), disabled: true }]
          : organisations.length === 0
            ? [{ key: `${ORGANISATION_ENTRY}:`, label: intl.formatMessage(TEXT.organisationsNone), disabled: true }]
            : organisations.map((organisation) => ({
                key: `${ORGANISATION_ENTRY}:${organisation.id}`,
                label: organisation.name,
              })),
    },
  ];
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(next) => next && setOpen(true)}
      menu={{
        items,
        // A click opens a field's values (a touch screen has no hover).
        triggerSubMenuAction: 'click',
        onClick: ({ key }) => {
          const at = key.indexOf(':');
          if (key.slice(0, at) === ORGANISATION_ENTRY) onOrganisation(key.slice(at + 1));
          else onChange({ key: key.slice(0, at), value: key.slice(at + 1) });
        },
      }}
    >
      <Button
        icon={<FilterOutlined />}
        type={active ? 'primary' : 'default'}
        ghost={active}
        aria-label={intl.formatMessage(TEXT.field)}
        title={intl.formatMessage(TEXT.field)}
      />
    </Dropdown>
  );
}

/** The active organisation filter, named under the bar (the list is read only while it is active). */
function OrganisationFilterLine({ organisationId, onClear }: { organisationId: string; onClear: () => void }) {
  const intl = useIntl();
  const { data } = useWatchOrganisationsQuery();
  const organisations = data?.value;
  const name =
    organisations === undefined || organisations === null
      ? '…'
      : (organisations.find((organisation) => organisation.id === organisationId)?.name ??
        intl.formatMessage(TEXT.organisationGone));
  return (
    <Flex gap={8} align="center" wrap data-testid="organisation-filter">
      <Typography.Text>{intl.formatMessage(TEXT.organisationValue, { name })}</Typography.Text>
      <Button type="link" size="small" onClick={onClear}>
        <FormattedMessage id="queue.filterBar.clearOrganisation" defaultMessage="Clear the organisation filter" />
      </Button>
    </Flex>
  );
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
  /** The desk's custom fields: the field filter's choices, and the name of an active one. */
  fields?: readonly CustomFieldDefinition[];
}) {
  const intl = useIntl();
  const labels = useLabels();
  const personName = usePersonName();
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
  const tagAndSearch = Boolean((filters.tag || filters.field || filters.organisation) && filters.q);

  const staffOptions = [
    { value: UNASSIGNED, label: intl.formatMessage(TEXT.unassigned) },
    // A deactivated colleague stays: their old tickets can still be found (DESIGN §1).
    ...staff.map((person) => ({ value: person.uid, label: personName(person) })),
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
          style={{ flex: '1 1 264px', minWidth: 264, maxWidth: 360 }}
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
          style={{ width: 104 }}
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
          style={{ width: 116 }}
          value={filters.requester}
          onChange={(value) => set('requester', value)}
        />
        <FieldFilter
          fields={fields}
          active={Boolean(filters.field || filters.organisation)}
          onChange={(value) => set('field', value)}
          onOrganisation={(value) => set('organisation', value)}
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
      {filters.q && !filters.tag && !filters.field && !filters.organisation && !tooShort && (
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
      {filters.organisation && (
        <OrganisationFilterLine organisationId={filters.organisation} onClear={() => set('organisation', undefined)} />
      )}
      {tagAndSearch && (
        <Typography.Text type="warning">
          <FormattedMessage
            id="queue.filterBar.tagAndSearch"
            defaultMessage="A tag, a field or an organisation and a search cannot be combined: showing the tag, field or organisation. Clear it to search."
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
