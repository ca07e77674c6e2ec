/**
 * The custom fields of a ticket on the desk (DESIGN §3 "Custom fields"): every active field, the
 * values customers see and the agents-only ones, edited together and saved as one
 * `tickets.update` guarded by the ticket's `updatedAt`. Archived fields that hold a value show
 * read-only. A refusal names the field and keeps what was typed.
 */
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import type { ErrorShape } from '@/domain/errors/errors';
import {
  localized,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type CustomFieldValues,
} from '@/domain/custom-fields';
import { Link } from 'react-router-dom';
import type { FieldChanges } from '@/domain/plans/field-values';
import type { Locale } from '@/domain/locales';
import type { Ticket } from '@/domain/types';
import { useUpdateTicketMutation, useWatchAgentFieldsQuery } from '@/features/tickets/api/ticket-api';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import {
  changeOf,
  CustomFieldControl,
  draftOf,
  fieldValueText,
  sameDraft,
  type FieldDraft,
} from '@/components/custom-field-control';

const MESSAGES = defineMessages({
  title: { id: 'workspace.fields.title', defaultMessage: 'Fields' },
  region: { id: 'workspace.fields.region', defaultMessage: 'Ticket fields' },
  requiredToSolve: { id: 'workspace.fields.requiredToSolve', defaultMessage: 'Required to solve' },
  agentsOnly: { id: 'workspace.fields.agentsOnly', defaultMessage: 'Agents only' },
  saved: { id: 'workspace.fields.saved', defaultMessage: 'Fields saved.' },
  sameValue: { id: 'workspace.fields.sameValue', defaultMessage: 'Open tickets with this {field}' },
});

/**
 * The queue of open tickets whose field holds the same stored value (the queue's field filter,
 * `field=key:value`): for a dropdown's option and a checkbox; `null` for other types or no value.
 */
export function queueLinkOf(field: CustomFieldDefinition, value: CustomFieldValue | undefined): string | null {
  const filterable =
    (field.type === 'dropdown' && typeof value === 'string') ||
    (field.type === 'checkbox' && typeof value === 'boolean');
  return filterable ? `/desk?view=open&field=${encodeURIComponent(`${field.key}:${String(value)}`)}` : null;
}

/** Props of {@link TicketFields}. */
export interface TicketFieldsProps {
  /** The live ticket. */
  ticket: Ticket;
}

/** The ticket's values by key: customers' on the ticket, agents-only ones from their own record. */
function valuesOf(ticket: Ticket, agents: CustomFieldValues | null | undefined): CustomFieldValues {
  return { ...(agents ?? {}), ...(ticket.fields ?? {}) };
}

/**
 * The fields card, or nothing while the desk defines no field. Drafts start from the stored
 * values; "Save fields" sends only the fields whose draft differs, and on success the drafts
 * follow the stored values again.
 */
export function TicketFields({ ticket }: TicketFieldsProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const friendlyMessage = useFriendlyMessage();
  const { data: definitionsData } = useWatchFieldsQuery();
  // The agents-only record is followed only where the desk has an agents-only field.
  const agentsOnly = (definitionsData?.value ?? []).some((field) => field.visibleTo === 'agents');
  const { data: agentsData } = useWatchAgentFieldsQuery(ticket.id, { skip: !agentsOnly });
  const [updateTicket, { isLoading: saving }] = useUpdateTicketMutation();
  const [drafts, setDrafts] = useState<Record<string, FieldDraft>>({});
  const [refusal, setRefusal] = useState<ErrorShape | null>(null);
  const [saved, setSaved] = useState(false);

  const definitions = definitionsData?.value ?? [];
  const values = valuesOf(ticket, agentsData?.value);
  const shown = definitions.filter((field) => !field.archived || values[field.key] !== undefined);
  if (shown.length === 0) return null;
  const readOnly = ticket.status === 'closed';
  const draftFor = (field: CustomFieldDefinition) => drafts[field.key] ?? draftOf(field, values[field.key]);
  const changes: FieldChanges = {};
  for (const field of shown) {
    if (field.archived || !(field.key in drafts)) continue;
    if (!sameDraft(drafts[field.key] as FieldDraft, draftOf(field, values[field.key]))) {
      changes[field.key] = changeOf(field, drafts[field.key] as FieldDraft);
    }
  }
  const dirty = Object.keys(changes).length > 0;

  const save = async () => {
    setRefusal(null);
    setSaved(false);
    const outcome = await outcomeOf(
      updateTicket({ id: ticket.id, patch: { fields: changes }, expectedUpdatedAt: ticket.updatedAt }),
    );
    if (outcome.ok) {
      setDrafts({});
      setSaved(true);
    } else setRefusal(outcome.error);
  };

  return (
    <Card
      size="small"
      title={intl.formatMessage(MESSAGES.title)}
      role="region"
      aria-label={intl.formatMessage(MESSAGES.region)}
    >
      <Flex vertical gap={12}>
        {refusal && (
          <Alert type="error" showIcon closable onClose={() => setRefusal(null)} message={friendlyMessage(refusal)} />
        )}
        {shown.map((field) => {
          const id = `ticket-${ticket.id}-field-${field.key}`;
          // The stored value's queue, under the control (a draft not saved yet leads nowhere new).
          const queueLink = queueLinkOf(field, values[field.key]);
          const label = localized(field.label, locale);
          const notes = [
            field.requiredToSolve && !field.archived ? intl.formatMessage(MESSAGES.requiredToSolve) : '',
            field.visibleTo === 'agents' ? intl.formatMessage(MESSAGES.agentsOnly) : '',
          ].filter((note) => note !== '');
          return (
            <Flex vertical gap={4} key={field.key} data-field={field.key}>
              {field.type !== 'checkbox' && (
                <label htmlFor={id} id={`${id}-label`}>
                  <Typography.Text type="secondary">{label}</Typography.Text>
                  {notes.length > 0 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
                      {notes.join(' · ')}
                    </Typography.Text>
                  )}
                </label>
              )}
              {field.archived || readOnly ? (
                <Typography.Text id={id}>{fieldValueText(intl, field, values[field.key])}</Typography.Text>
              ) : (
                <CustomFieldControl
                  field={field}
                  id={id}
                  draft={draftFor(field)}
                  onChange={(draft) => {
                    setSaved(false);
                    setDrafts((current) => ({ ...current, [field.key]: draft }));
                  }}
                  disabled={saving}
                />
              )}
              {queueLink && (
                <Link to={queueLink} style={{ fontSize: 12 }}>
                  {intl.formatMessage(MESSAGES.sameValue, { field: label })}
                </Link>
              )}
            </Flex>
          );
        })}
        {!readOnly && (
          <Flex gap={8} align="center" wrap>
            <Button type="primary" onClick={() => void save()} disabled={!dirty} loading={saving}>
              <FormattedMessage id="workspace.fields.save" defaultMessage="Save fields" />
            </Button>
            {saved && !dirty && (
              <Typography.Text type="success" role="status">
                {intl.formatMessage(MESSAGES.saved)}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
