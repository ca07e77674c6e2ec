/**
 * The organisation a customer belongs to, in the admin's people list (DESIGN §1 "Organisations"):
 * its own small module, so the people list does not load the organisations section's code.
 */
import { defineMessages, useIntl } from 'react-intl';
import Select from 'antd/es/select';
import type { Organisation } from '@/domain/organisations';
import type { UserProfile } from '@/domain/types';
import { useSetOrganisationMutation } from '@/features/admin/api/users-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';

const TEXT = defineMessages({
  membershipLabel: { id: 'admin.organisations.membershipLabel', defaultMessage: 'Organisation of {name}' },
  noOrganisation: { id: 'admin.organisations.noOrganisation', defaultMessage: 'No organisation' },
  joined: { id: 'admin.organisations.joined', defaultMessage: '{name} now belongs to {organisation}.' },
  left: { id: 'admin.organisations.left', defaultMessage: '{name} now belongs to no organisation.' },
});

/**
 * The organisation a customer belongs to, in the people list: a select of the organisations,
 * cleared for none; the change is made by trusted code and said in a message.
 */
export function MembershipSelect({
  person,
  organisations,
}: {
  person: Pick<UserProfile, 'uid' | 'displayName' | 'organisationId'>;
  organisations: readonly Organisation[] | undefined;
}) {
  const intl = useIntl();
  const runWithFeedback = useMutationFeedback();
  const [setOrganisation, { isLoading }] = useSetOrganisationMutation();
  const name = person.displayName;
  return (
    <Select<string>
      aria-label={intl.formatMessage(TEXT.membershipLabel, { name })}
      placeholder={intl.formatMessage(TEXT.noOrganisation)}
      // An id no organisation has (one deleted while its members were being cleared) reads as none.
      value={
        organisations?.some((organisation) => organisation.id === person.organisationId)
          ? person.organisationId
          : undefined
      }
      allowClear
      showSearch
      optionFilterProp="label"
      virtual={false}
      loading={!organisations}
      disabled={isLoading}
      style={{ width: 180 }}
      options={(organisations ?? []).map((organisation) => ({ value: organisation.id, label: organisation.name }))}
      onChange={(organisationId: string | undefined) => {
        const chosen = organisations?.find((organisation) => organisation.id === organisationId);
        void runWithFeedback(
          setOrganisation({ uid: person.uid, organisationId: chosen?.id ?? null }),
          chosen
            ? intl.formatMessage(TEXT.joined, { name, organisation: chosen.name })
            : intl.formatMessage(TEXT.left, { name }),
        );
      }}
    />
  );
}
