/**
 * The properties panel of a ticket on the desk (DESIGN §1 staff permissions, §3 fields and
 * limits): assignee, priority, category and tags. Each change is one `tickets.update` guarded
 * by the ticket's `updatedAt`, so it never silently overwrites someone else's change.
 */
import { useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import type { TicketPatch } from '@/backend/port/tickets';
import type { ErrorShape } from '@/domain/errors/errors';
import { LIMITS } from '@/domain/limits';
import { tagSchema, tagsSchema } from '@/domain/schemas';
import { PRIORITIES, type Priority, type Ticket, type UserProfile } from '@/domain/types';
import { useUpdateTicketMutation } from '@/features/tickets/api/ticket-api';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { useWatchStaffQuery } from '@/lib/store/people-api';
import { NativeSelect } from '@/components/native-select';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';
import { tagIssueText } from '@/features/tickets/components/tag-problems';

/** Option value standing for "no assignee" / "no category" (a Select option needs a value). */
const NONE = '';

const MESSAGES = defineMessages({
  title: { id: 'workspace.properties.title', defaultMessage: 'Properties' },
  region: { id: 'workspace.properties.region', defaultMessage: 'Ticket properties' },
  you: { id: 'workspace.properties.you', defaultMessage: '{name} (you)' },
  unknownAgent: { id: 'workspace.properties.unknownAgent', defaultMessage: 'Unknown agent' },
  noCategory: { id: 'workspace.properties.noCategory', defaultMessage: 'None' },
  aborted: {
    id: 'workspace.properties.aborted',
    defaultMessage: 'The panel now shows the current values; make your change again.',
  },
  assignee: { id: 'workspace.properties.assignee', defaultMessage: 'Assignee' },
  unassigned: { id: 'workspace.properties.unassigned', defaultMessage: 'Unassigned' },
  priority: { id: 'workspace.properties.priority', defaultMessage: 'Priority' },
  category: { id: 'workspace.properties.category', defaultMessage: 'Category' },
  tags: { id: 'workspace.properties.tags', defaultMessage: 'Tags' },
  removeTag: { id: 'workspace.properties.removeTag', defaultMessage: 'Remove tag {tag}' },
  newTag: { id: 'workspace.properties.newTag', defaultMessage: 'New tag' },
  tagPlaceholder: { id: 'workspace.properties.tagPlaceholder', defaultMessage: 'e.g. refund-request' },
});

const TAG_DUPLICATE = defineMessage({
  id: 'workspace.properties.tagDuplicate',
  defaultMessage: '“{tag}” is already on this ticket.',
});

/** A labelled row of the panel; `htmlFor` ties the label to its control. */
function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      {htmlFor ? (
        <label htmlFor={htmlFor}>
          <Typography.Text type="secondary">{label}</Typography.Text>
        </label>
      ) : (
        <Typography.Text type="secondary">{label}</Typography.Text>
      )}
      {children}
    </Flex>
  );
}

/**
 * The newest `updatedAt` this panel knows: the live ticket's, or the result of its own last
 * write when the live value has not caught up yet — so two quick changes in a row do not
 * refuse each other as `aborted`. ISO-8601 UTC strings compare in time order.
 */
function useExpectedUpdatedAt(ticket: Ticket): [() => string, (written: Ticket) => void] {
  const written = useRef<{ id: string; updatedAt: string } | null>(null);
  const expected = () => {
    const own = written.current;
    return own && own.id === ticket.id && own.updatedAt > ticket.updatedAt ? own.updatedAt : ticket.updatedAt;
  };
  const remember = (next: Ticket) => {
    written.current = { id: next.id, updatedAt: next.updatedAt };
  };
  return [expected, remember];
}

/**
 * Checks a tag about to be added against DESIGN §3 with the domain's schemas.
 * @returns the message to show, in the reader's language, or null when the tag may be added.
 */
export function tagProblem(intl: IntlShape, tags: readonly string[], candidate: string): string | null {
  const tag = tagSchema.safeParse(candidate);
  if (!tag.success) return tagIssueText(intl, tag.error.issues[0]);
  if (tags.includes(candidate)) return intl.formatMessage(TAG_DUPLICATE, { tag: candidate });
  const list = tagsSchema.safeParse([...tags, candidate]);
  return list.success ? null : tagIssueText(intl, list.error.issues[0], true);
}

/** Props of {@link TicketProperties}. */
export interface TicketPropertiesProps {
  /** The live ticket. */
  ticket: Ticket;
  /** The signed-in agent or admin. */
  me: UserProfile;
}

/**
 * Assignee ("Assign to me", or any agent from the live staff list), priority, category (from
 * the desk settings, or none) and tags. A closed ticket shows them read-only. A refusal
 * (`aborted` when someone else changed the ticket meanwhile) shows as an alert in the panel;
 * a tag being typed stays in its box until it is saved.
 */
export function TicketProperties({ ticket, me }: TicketPropertiesProps) {
  const { data: staffData } = useWatchStaffQuery();
  const { data: settingsData } = useWatchDeskSettingsQuery();
  const [updateTicket, { isLoading: saving }] = useUpdateTicketMutation();
  const intl = useIntl();
  const labels = useLabels();
  const personName = usePersonName();
  const friendlyMessage = useFriendlyMessage();
  const [expectedUpdatedAt, rememberWrite] = useExpectedUpdatedAt(ticket);
  const [refusal, setRefusal] = useState<ErrorShape | null>(null);
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const readOnly = ticket.status === 'closed';
  const idPrefix = `ticket-${ticket.id}`;

  /** Saves a change; resolves true when it was written. */
  const save = async (patch: TicketPatch): Promise<boolean> => {
    setRefusal(null);
    const outcome = await outcomeOf(updateTicket({ id: ticket.id, patch, expectedUpdatedAt: expectedUpdatedAt() }));
    if (outcome.ok) rememberWrite(outcome.data);
    else setRefusal(outcome.error);
    return outcome.ok;
  };

  const staff = staffData?.value ?? [];
  // A deactivated colleague cannot be given tickets (DESIGN §1); one who still holds this
  // (closed) ticket shows by name, marked, and cannot be picked again.
  const assigneeOptions = staff
    .filter((person) => !person.deactivated || person.uid === ticket.assigneeId)
    .map((person) => ({
      value: person.uid,
      label:
        person.uid === me.uid ? intl.formatMessage(MESSAGES.you, { name: person.displayName }) : personName(person),
      disabled: person.deactivated === true,
    }));
  // Someone no longer on the staff list (demoted) still shows by name.
  if (ticket.assigneeId && !staff.some((person) => person.uid === ticket.assigneeId)) {
    assigneeOptions.push({
      value: ticket.assigneeId,
      label: ticket.assigneeName ?? intl.formatMessage(MESSAGES.unknownAgent),
      disabled: false,
    });
  }
  const categories = settingsData?.value?.categories ?? [];
  const categoryOptions = [
    { value: NONE, label: intl.formatMessage(MESSAGES.noCategory) },
    ...[...categories, ...(ticket.category && !categories.includes(ticket.category) ? [ticket.category] : [])].map(
      (category) => ({ value: category, label: category }),
    ),
  ];

  const addTag = async () => {
    const candidate = tagInput.trim();
    const problem = tagProblem(intl, ticket.tags, candidate);
    setTagError(problem);
    if (problem) return;
    if (await save({ tags: [...ticket.tags, candidate] })) setTagInput('');
  };

  return (
    <Card
      size="small"
      title={intl.formatMessage(MESSAGES.title)}
      role="region"
      aria-label={intl.formatMessage(MESSAGES.region)}
    >
      <Flex vertical gap={16}>
        {refusal && (
          <Alert
            type={refusal.code === 'aborted' ? 'warning' : 'error'}
            showIcon
            closable
            onClose={() => setRefusal(null)}
            message={friendlyMessage(refusal)}
            description={refusal.code === 'aborted' ? intl.formatMessage(MESSAGES.aborted) : undefined}
          />
        )}

        <Field label={intl.formatMessage(MESSAGES.assignee)} htmlFor={`${idPrefix}-assignee`}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong data-testid="assignee-name" dir={ticket.assigneeName ? 'auto' : undefined}>
              {ticket.assigneeName ?? intl.formatMessage(MESSAGES.unassigned)}
            </Typography.Text>
            {!readOnly && ticket.assigneeId !== me.uid && (
              <Button size="small" disabled={saving} onClick={() => void save({ assigneeId: me.uid })}>
                <FormattedMessage id="workspace.properties.assignToMe" defaultMessage="Assign to me" />
              </Button>
            )}
          </Flex>
          <NativeSelect
            id={`${idPrefix}-assignee`}
            aria-label={intl.formatMessage(MESSAGES.assignee)}
            value={ticket.assigneeId ?? NONE}
            options={[{ value: NONE, label: intl.formatMessage(MESSAGES.unassigned) }, ...assigneeOptions]}
            disabled={readOnly || saving}
            onChange={(value) => void save({ assigneeId: value === NONE ? null : value })}
          />
        </Field>

        <Field label={intl.formatMessage(MESSAGES.priority)}>
          <Segmented<Priority>
            aria-label={intl.formatMessage(MESSAGES.priority)}
            size="small"
            value={ticket.priority}
            disabled={readOnly || saving}
            options={PRIORITIES.map((priority) => ({ value: priority, label: labels.priority(priority) }))}
            onChange={(priority) => void save({ priority })}
          />
        </Field>

        <Field label={intl.formatMessage(MESSAGES.category)} htmlFor={`${idPrefix}-category`}>
          <NativeSelect
            id={`${idPrefix}-category`}
            aria-label={intl.formatMessage(MESSAGES.category)}
            value={ticket.category ?? NONE}
            options={categoryOptions}
            disabled={readOnly || saving}
            onChange={(value) => void save({ category: value === NONE ? null : value })}
          />
        </Field>

        <Field label={intl.formatMessage(MESSAGES.tags)} htmlFor={`${idPrefix}-tag`}>
          {ticket.tags.length > 0 ? (
            <Flex gap={4} wrap aria-label={intl.formatMessage(MESSAGES.tags)} role="list">
              {ticket.tags.map((tag) => (
                <Tag
                  key={tag}
                  role="listitem"
                  dir="auto"
                  closable={!readOnly && !saving}
                  closeIcon={
                    // A button by role and keyboard too (antd's close icon answers only clicks): a
                    // named span without a role is not allowed an aria-label.
                    <span
                      role="button"
                      tabIndex={0}
                      aria-label={intl.formatMessage(MESSAGES.removeTag, { tag })}
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter' && event.key !== ' ') return;
                        event.preventDefault();
                        void save({ tags: ticket.tags.filter((other) => other !== tag) });
                      }}
                    >
                      <CloseOutlined aria-hidden />
                    </span>
                  }
                  onClose={(event) => {
                    event.preventDefault();
                    void save({ tags: ticket.tags.filter((other) => other !== tag) });
                  }}
                >
                  {tag}
                </Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">
              <FormattedMessage id="workspace.properties.noTags" defaultMessage="No tags" />
            </Typography.Text>
          )}
          {!readOnly && (
            <>
              <Flex gap={8}>
                <Input
                  id={`${idPrefix}-tag`}
                  aria-label={intl.formatMessage(MESSAGES.newTag)}
                  aria-invalid={tagError ? true : undefined}
                  aria-describedby={`${idPrefix}-tag-help`}
                  placeholder={intl.formatMessage(MESSAGES.tagPlaceholder)}
                  value={tagInput}
                  status={tagError ? 'error' : undefined}
                  onChange={(event) => {
                    setTagInput(event.target.value);
                    if (tagError) setTagError(null);
                  }}
                  onPressEnter={() => void addTag()}
                />
                <Button disabled={saving} onClick={() => void addTag()}>
                  <FormattedMessage id="workspace.properties.addTag" defaultMessage="Add tag" />
                </Button>
              </Flex>
              {tagError ? (
                <Typography.Text type="danger" role="alert" id={`${idPrefix}-tag-help`}>
                  {tagError}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary" id={`${idPrefix}-tag-help`} style={{ fontSize: 12 }}>
                  <FormattedMessage
                    id="workspace.properties.tagHelp"
                    defaultMessage="Up to {maxCount} tags of lowercase letters, digits and hyphens, {maxLength} characters each."
                    values={{ maxCount: LIMITS.tags.maxCount, maxLength: LIMITS.tags.maxLength }}
                  />
                </Typography.Text>
              )}
            </>
          )}
        </Field>
      </Flex>
    </Card>
  );
}
