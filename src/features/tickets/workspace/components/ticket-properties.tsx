/**
 * The properties panel of a ticket on the desk (DESIGN §1 staff permissions, §3 fields and
 * limits): assignee, priority, category and tags. Each change is one `tickets.update` guarded
 * by the ticket's `updatedAt`, so it never silently overwrites someone else's change.
 */
import { useRef, useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TicketPatch } from '@/backend/port';
import type { ErrorShape } from '@/domain/errors/errors';
import { LIMITS } from '@/domain/limits';
import { firstIssueMessage, tagSchema, tagsSchema } from '@/domain/schemas';
import { PRIORITIES, type Priority, type Ticket, type UserProfile } from '@/domain/types';
import { useUpdateTicketMutation } from '@/features/tickets/api/ticket-api';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { staffOf, useWatchPeopleQuery } from '@/lib/store/people-api';
import { NativeSelect } from '@/components/native-select';
import { friendlyMessage } from '@/lib/error-messages';
import { PRIORITY_LABELS } from '@/features/tickets/ticket-labels';

/** Option value standing for "no assignee" / "no category" (a Select option needs a value). */
const NONE = '';

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
 * Checks a tag about to be added against DESIGN §3 with the domain's schemas and their messages.
 * @returns the message to show, or null when the tag may be added.
 */
export function tagProblem(tags: readonly string[], candidate: string): string | null {
  const tag = tagSchema.safeParse(candidate);
  if (!tag.success) return firstIssueMessage(tag.error);
  if (tags.includes(candidate)) return `“${candidate}” is already on this ticket.`;
  const list = tagsSchema.safeParse([...tags, candidate]);
  return list.success ? null : firstIssueMessage(list.error);
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
  const { data: peopleData } = useWatchPeopleQuery();
  const { data: settingsData } = useWatchDeskSettingsQuery();
  const [updateTicket, { isLoading: saving }] = useUpdateTicketMutation();
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

  const staff = staffOf(peopleData?.value);
  const assigneeOptions = staff.map((person) => ({
    value: person.uid,
    label: person.uid === me.uid ? `${person.displayName} (you)` : person.displayName,
  }));
  // Someone no longer on the staff list (demoted) still shows by name.
  if (ticket.assigneeId && !staff.some((person) => person.uid === ticket.assigneeId)) {
    assigneeOptions.push({ value: ticket.assigneeId, label: ticket.assigneeName ?? 'Unknown agent' });
  }
  const categories = settingsData?.value?.categories ?? [];
  const categoryOptions = [
    { value: NONE, label: 'None' },
    ...[...categories, ...(ticket.category && !categories.includes(ticket.category) ? [ticket.category] : [])].map(
      (category) => ({ value: category, label: category }),
    ),
  ];

  const addTag = async () => {
    const candidate = tagInput.trim();
    const problem = tagProblem(ticket.tags, candidate);
    setTagError(problem);
    if (problem) return;
    if (await save({ tags: [...ticket.tags, candidate] })) setTagInput('');
  };

  return (
    <Card size="small" title="Properties" aria-label="Ticket properties">
      <Flex vertical gap={16}>
        {refusal && (
          <Alert
            type={refusal.code === 'aborted' ? 'warning' : 'error'}
            showIcon
            closable
            onClose={() => setRefusal(null)}
            message={friendlyMessage(refusal)}
            description={
              refusal.code === 'aborted' ? 'The panel now shows the current values; make your change again.' : undefined
            }
          />
        )}

        <Field label="Assignee" htmlFor={`${idPrefix}-assignee`}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong data-testid="assignee-name">
              {ticket.assigneeName ?? 'Unassigned'}
            </Typography.Text>
            {!readOnly && ticket.assigneeId !== me.uid && (
              <Button size="small" disabled={saving} onClick={() => void save({ assigneeId: me.uid })}>
                Assign to me
              </Button>
            )}
          </Flex>
          <NativeSelect
            id={`${idPrefix}-assignee`}
            aria-label="Assignee"
            value={ticket.assigneeId ?? NONE}
            options={[{ value: NONE, label: 'Unassigned' }, ...assigneeOptions]}
            disabled={readOnly || saving}
            onChange={(value) => void save({ assigneeId: value === NONE ? null : value })}
          />
        </Field>

        <Field label="Priority">
          <Segmented<Priority>
            aria-label="Priority"
            size="small"
            value={ticket.priority}
            disabled={readOnly || saving}
            options={PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
            onChange={(priority) => void save({ priority })}
          />
        </Field>

        <Field label="Category" htmlFor={`${idPrefix}-category`}>
          <NativeSelect
            id={`${idPrefix}-category`}
            aria-label="Category"
            value={ticket.category ?? NONE}
            options={categoryOptions}
            disabled={readOnly || saving}
            onChange={(value) => void save({ category: value === NONE ? null : value })}
          />
        </Field>

        <Field label="Tags" htmlFor={`${idPrefix}-tag`}>
          {ticket.tags.length > 0 ? (
            <Flex gap={4} wrap aria-label="Tags" role="list">
              {ticket.tags.map((tag) => (
                <Tag
                  key={tag}
                  role="listitem"
                  closable={!readOnly && !saving}
                  closeIcon={<span aria-label={`Remove tag ${tag}`}>×</span>}
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
            <Typography.Text type="secondary">No tags</Typography.Text>
          )}
          {!readOnly && (
            <>
              <Flex gap={8}>
                <Input
                  id={`${idPrefix}-tag`}
                  aria-label="New tag"
                  aria-invalid={tagError ? true : undefined}
                  aria-describedby={`${idPrefix}-tag-help`}
                  placeholder="e.g. refund-request"
                  value={tagInput}
                  status={tagError ? 'error' : undefined}
                  onChange={(event) => {
                    setTagInput(event.target.value);
                    if (tagError) setTagError(null);
                  }}
                  onPressEnter={() => void addTag()}
                />
                <Button disabled={saving} onClick={() => void addTag()}>
                  Add tag
                </Button>
              </Flex>
              {tagError ? (
                <Typography.Text type="danger" role="alert" id={`${idPrefix}-tag-help`}>
                  {tagError}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary" id={`${idPrefix}-tag-help`} style={{ fontSize: 12 }}>
                  Up to {LIMITS.tags.maxCount} tags of lowercase letters, digits and hyphens, {LIMITS.tags.maxLength}{' '}
                  characters each.
                </Typography.Text>
              )}
            </>
          )}
        </Field>
      </Flex>
    </Card>
  );
}
