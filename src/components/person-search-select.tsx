/**
 * A person picker that searches as you type (DESIGN §3 "Finding people"): what is typed is sent,
 * after a pause, as one `users.list` search of at most `PEOPLE_SEARCH_LIMIT` people — never a
 * list of everyone. The chosen person is named from their own profile (`users.get`, cached), so
 * a choice that came from the URL shows its name before anything is typed.
 */
import { useState, type CSSProperties } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { defineMessages, useIntl } from 'react-intl';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { PEOPLE_SEARCH_LIMIT } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';
import type { UserProfile } from '@/domain/types';
import { useGetPersonQuery, useListPeopleQuery } from '@/lib/store/people-api';

/** How long typing must pause before the search runs, in ms. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

const MESSAGES = defineMessages({
  typeMore: { id: 'people.picker.typeMore', defaultMessage: 'Type 2 letters of a name or email' },
  nobody: { id: 'people.picker.nobody', defaultMessage: 'Nobody found' },
  unknown: { id: 'people.picker.unknown', defaultMessage: 'Unknown person' },
});

/** How a person reads in the picker: their name and email. */
function labelOf(person: UserProfile): string {
  return `${person.displayName} (${person.email})`;
}

/** Props of {@link PersonSearchSelect}. */
export interface PersonSearchSelectProps {
  /** The chosen person's uid, or undefined for none. */
  value: string | undefined;
  /** Called with the chosen uid, or undefined when cleared. */
  onChange: (uid: string | undefined) => void;
  /** The field's accessible name and placeholder. */
  label: string;
  style?: CSSProperties;
}

/**
 * The picker: antd `Select` with `showSearch` and `filterOption={false}`, options from the
 * backend's search for the typed text (debounced); the chosen person is shown by name from
 * their own profile (`labelRender`), whether or not the current options hold them.
 */
export function PersonSearchSelect({ value, onChange, label, style }: PersonSearchSelectProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const searchable = searchKeyOf(search) !== null;
  const found = useListPeopleQuery({ search, limit: PEOPLE_SEARCH_LIMIT }, { skip: !searchable });
  const chosen = useGetPersonQuery(value ?? '', { skip: !value });

  const options = (searchable ? (found.data?.people ?? []) : []).map((person) => ({
    value: person.uid,
    label: labelOf(person),
  }));
  // The chosen person is named from their profile, whatever the options are now.
  const chosenLabel = chosen.data ? labelOf(chosen.data) : chosen.isError ? intl.formatMessage(MESSAGES.unknown) : '…';
  const waiting = searchable && (found.isFetching || text.trim() !== search);

  return (
    <Select
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch
      filterOption={false}
      // As wide as a name and email need (the field itself may be narrower, e.g. in the filter bar).
      popupMatchSelectWidth={false}
      searchValue={text}
      onSearch={setText}
      style={style}
      value={value}
      onChange={(next?: string) => {
        setText('');
        onChange(next);
      }}
      options={options}
      labelRender={() => chosenLabel}
      notFoundContent={
        waiting ? (
          <Spin size="small" />
        ) : searchable ? (
          intl.formatMessage(MESSAGES.nobody)
        ) : (
          intl.formatMessage(MESSAGES.typeMore)
        )
      }
    />
  );
}
