/**
 * A person's name as screens show it (DESIGN §1 "Deactivated people"): "Name (deactivated)" for
 * someone deactivated. Apart from `labels.ts`, which the sign-in page loads, so that the first
 * paint does not carry it.
 */
import { useCallback } from 'react';
import { defineMessage, useIntl } from 'react-intl';

const DEACTIVATED_PERSON = defineMessage({
  id: 'person.deactivated',
  defaultMessage: '{name} (deactivated)',
});

/** Names a person in the current language, marking a deactivated one; re-renders the caller when the language changes. */
export function usePersonName(): (person: { displayName: string; deactivated?: true }) => string {
  const intl = useIntl();
  return useCallback(
    (person) =>
      person.deactivated ? intl.formatMessage(DEACTIVATED_PERSON, { name: person.displayName }) : person.displayName,
    [intl],
  );
}
