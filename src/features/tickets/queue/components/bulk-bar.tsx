/**
 * The queue's bulk bar: shown while rows are ticked, it applies one change to all of
 * them — assign (to me, any agent, or nobody), a status move, a priority, a tag — through the
 * port's `bulk`, then reports what was done and, ticket by ticket, what was refused and why; or a
 * macro, through its preview of each ticket and its per-ticket results (`MacroPreview`).
 * A status move is offered only when the lifecycle table (DESIGN §2) allows it for every ticked
 * ticket; the others say which ticket blocks them. The backend still decides: a ticket someone
 * changed in the meantime is refused and reported, the rest go through.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import DownOutlined from '@ant-design/icons/DownOutlined';
import type { BulkAction, BulkResult } from '@/backend/port/tickets';
import { LIFECYCLE, transition, type Actor, type LifecycleEvent } from '@/domain/lifecycle';
import { tagSchema } from '@/domain/schemas';
import { PRIORITIES, type Priority, type Ticket, type UserProfile } from '@/domain/types';
import { useBulkChangeTicketsMutation } from '@/features/tickets/api/queue-api';
import { labelsFor, useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { tagIssueText, type TagIssue } from '@/features/tickets/components/tag-problems';
import { useWatchMacrosQuery } from '@/features/tickets/api/macros-api';
import { MacroPreview } from '@/features/tickets/macros/components/macro-preview';
import type { Macro } from '@/domain/macros';

/** The status moves a button offers (a customer's reply is not one). */
const STATUS_MOVES = LIFECYCLE.filter((rule) => rule.event !== 'submit' && rule.event !== 'customer_reply');

const TEXT = defineMessages({
  ticketOne: { id: 'queue.bulkBar.ticketList.one', defaultMessage: '#{number}' },
  ticketTwo: { id: 'queue.bulkBar.ticketList.two', defaultMessage: '#{first} and #{second}' },
  ticketMore: { id: 'queue.bulkBar.ticketList.more', defaultMessage: '#{first} and {more} more' },
  blocker: { id: 'queue.bulkBar.moveBlocker', defaultMessage: 'Not possible on {tickets} ({statuses})' },
});

/** "#12", "#12 and #13", "#12 and 3 more". */
function ticketList(intl: IntlShape, tickets: readonly Ticket[]): string {
  const [first, second] = tickets;
  if (!first) return '';
  if (tickets.length === 1) return intl.formatMessage(TEXT.ticketOne, { number: first.number });
  if (tickets.length === 2 && second) {
    return intl.formatMessage(TEXT.ticketTwo, { first: first.number, second: second.number });
  }
  return intl.formatMessage(TEXT.ticketMore, { first: first.number, more: tickets.length - 1 });
}

/**
 * Why a status move cannot be offered for these tickets, or null when it can.
 * @returns e.g. "Not possible on #12 (Solved)", in the language of `intl`.
 */
export function bulkMoveBlocker(
  intl: IntlShape,
  tickets: readonly Ticket[],
  event: LifecycleEvent,
  actor: Actor,
): string | null {
  const blockers = tickets.filter((ticket) => !transition(ticket, event, actor).ok);
  if (blockers.length === 0) return null;
  const labels = labelsFor(intl);
  const statuses = intl.formatList([...new Set(blockers.map((ticket) => labels.status(ticket.status)))], {
    type: 'unit',
    style: 'short',
  });
  return intl.formatMessage(TEXT.blocker, { tickets: ticketList(intl, blockers), statuses });
}

/** What the last bulk change did, as the bar reports it. */
interface Report {
  done: string;
  /** Why the whole change was refused (a bad list), when it was. */
  error?: string;
  refused: { ticket: Pick<Ticket, 'id' | 'number' | 'subject'>; reason: string }[];
}

/**
 * The bar.
 * @param selected the ticked tickets, as the queue shows them now.
 * @param me the signed-in agent or admin.
 * @param staff who can be assigned.
 * @param onSettled called after a change with the ids it was done for (the desk unticks them)
 * @param onClear unticks everything.
 */
export function QueueBulkBar({
  selected,
  me,
  staff,
  onSettled,
  onClear,
}: {
  selected: readonly Ticket[];
  me: UserProfile;
  staff: readonly UserProfile[];
  onSettled: (doneIds: string[]) => void;
  onClear: () => void;
}) {
  const { modal } = App.useApp();
  const intl = useIntl();
  const labels = useLabels();
  const friendlyMessage = useFriendlyMessage();
  const [bulkChange, { isLoading: running }] = useBulkChangeTicketsMutation();
  const [report, setReport] = useState<Report | null>(null);
  const [tag, setTag] = useState('');
  /** The code of the first problem with the tag typed (zod's issue code), shown as a sentence. */
  const [tagError, setTagError] = useState<TagIssue | null>(null);
  const actor: Actor = { kind: 'user', uid: me.uid, role: me.role };
  // A macro's preview and per-ticket results (DESIGN §3 "Macros"), for the tickets ticked when it was chosen.
  const macros = useWatchMacrosQuery().data?.value;
  const [previewed, setPreviewed] = useState<Macro | null>(null);
  const [macroBatch, setMacroBatch] = useState<Ticket[]>([]);
  // A result is old news once a ticket is ticked: that starts new work. Unticking (the desk
  // unticks what was done) or a ticket leaving the view keeps it.
  const ticked = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(selected.map((ticket) => ticket.id));
    if ([...now].some((id) => !ticked.current.has(id))) setReport(null);
    ticked.current = now;
  }, [selected]);

  const run = async (action: BulkAction, what: (count: number) => string, batch: readonly Ticket[] = selected) => {
    const byId = new Map(batch.map((ticket) => [ticket.id, ticket]));
    setReport(null);
    const outcome = await bulkChange({ ids: batch.map((ticket) => ticket.id), action });
    if (outcome.error) {
      setReport({ done: '', refused: [], error: friendlyMessage(outcome.error) });
      return false;
    }
    const results: BulkResult[] = outcome.data;
    const done = results.filter((result) => result.ok).map((result) => result.id);
    setReport({
      done: done.length > 0 ? what(done.length) : '',
      refused: results.flatMap((result) =>
        result.ok
          ? []
          : [
              {
                ticket: byId.get(result.id) ?? { id: result.id, number: 0, subject: result.id },
                reason: friendlyMessage(result.error),
              },
            ],
      ),
    });
    onSettled(done);
    return true;
  };

  const moveItems = STATUS_MOVES.map((rule) => {
    const blocker = bulkMoveBlocker(intl, selected, rule.event, actor);
    return {
      key: rule.event,
      disabled: blocker !== null,
      label: (
        <span title={blocker ?? undefined}>
          {labels.move(rule.event)}
          {blocker && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {blocker}
            </Typography.Text>
          )}
        </span>
      ),
    };
  });
  const confirmMove = (event: LifecycleEvent) => {
    const rule = STATUS_MOVES.find((candidate) => candidate.event === event);
    if (!rule) return;
    // The batch is what was ticked when asked: the answer applies to exactly those tickets.
    const batch = [...selected];
    const move = labels.move(rule.event);
    const status = labels.status(rule.to);
    modal.confirm({
      title: intl.formatMessage(
        {
          id: 'queue.bulkBar.confirmMove.title',
          defaultMessage: '{move}: {count, plural, one {# ticket} other {# tickets}}?',
        },
        { move, count: batch.length },
      ),
      content: intl.formatMessage(
        {
          id: 'queue.bulkBar.confirmMove.content',
          defaultMessage:
            '{tickets} will be set to {status}. Each ticket is changed on its own; any that cannot be are listed afterwards.',
        },
        { tickets: ticketList(intl, batch), status },
      ),
      okText: move,
      cancelText: intl.formatMessage({ id: 'queue.bulkBar.confirmMove.cancel', defaultMessage: 'Cancel' }),
      onOk: () =>
        run(
          { kind: 'transition', event },
          (count) =>
            intl.formatMessage(
              {
                id: 'queue.bulkBar.done.moved',
                defaultMessage: '{count, plural, one {# ticket} other {# tickets}} set to {status}.',
              },
              { count, status },
            ),
          batch,
        ),
    });
  };

  // A deactivated colleague cannot be given tickets (DESIGN §1).
  const others = staff.filter((person) => person.uid !== me.uid && !person.deactivated);
  const assignItems = [
    { key: me.uid, label: intl.formatMessage({ id: 'queue.bulkBar.assignToMe', defaultMessage: 'Assign to me' }) },
    ...(others.length > 0 ? [{ type: 'divider' as const }] : []),
    ...others.map((person) => ({ key: person.uid, label: person.displayName })),
    { type: 'divider' as const },
    { key: '', label: intl.formatMessage({ id: 'queue.bulkBar.unassign', defaultMessage: 'Unassign' }) },
  ];
  const assign = (uid: string) => {
    const name = staff.find((person) => person.uid === uid)?.displayName;
    void run({ kind: 'assign', assigneeId: uid || null }, (count) => {
      if (!uid) {
        return intl.formatMessage(
          {
            id: 'queue.bulkBar.done.unassigned',
            defaultMessage: '{count, plural, one {# ticket} other {# tickets}} unassigned.',
          },
          { count },
        );
      }
      if (uid === me.uid) {
        return intl.formatMessage(
          {
            id: 'queue.bulkBar.done.assignedToYou',
            defaultMessage: '{count, plural, one {# ticket} other {# tickets}} assigned to you.',
          },
          { count },
        );
      }
      if (name === undefined) {
        return intl.formatMessage(
          {
            id: 'queue.bulkBar.done.assignedToThem',
            defaultMessage: '{count, plural, one {# ticket} other {# tickets}} assigned to them.',
          },
          { count },
        );
      }
      return intl.formatMessage(
        {
          id: 'queue.bulkBar.done.assignedTo',
          defaultMessage: '{count, plural, one {# ticket} other {# tickets}} assigned to {name}.',
        },
        { count, name },
      );
    });
  };

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagSchema.safeParse(tag.trim().toLowerCase());
    if (!parsed.success) {
      setTagError(parsed.error.issues[0] ?? { code: 'invalid_format', path: [] });
      return;
    }
    setTagError(null);
    void run({ kind: 'addTag', tag: parsed.data }, (count) =>
      intl.formatMessage(
        {
          id: 'queue.bulkBar.done.tagged',
          defaultMessage: 'Tag “{tag}” added to {count, plural, one {# ticket} other {# tickets}}.',
        },
        { tag: parsed.data, count },
      ),
    ).then((ok) => ok && setTag(''));
  };

  return (
    <Flex vertical gap={8}>
      <MacroPreview
        macro={previewed}
        tickets={macroBatch}
        me={me}
        onClose={() => setPreviewed(null)}
        onApplied={(doneIds) => onSettled(doneIds)}
      />
      {selected.length > 0 && (
        <Flex
          role="toolbar"
          aria-label={intl.formatMessage({ id: 'queue.bulkBar.label', defaultMessage: 'Bulk actions' })}
          wrap
          align="center"
          gap={8}
          style={{ padding: '8px 12px', borderRadius: 8, background: 'rgba(22, 119, 255, 0.06)' }}
        >
          <Typography.Text strong aria-live="polite">
            <FormattedMessage
              id="queue.bulkBar.selected"
              defaultMessage="{count, plural, one {# ticket} other {# tickets}} selected"
              values={{ count: selected.length }}
            />
          </Typography.Text>
          <Dropdown
            disabled={running}
            trigger={['click']}
            menu={{ items: assignItems, onClick: ({ key }) => assign(key) }}
          >
            <Button>
              <FormattedMessage id="queue.bulkBar.assign" defaultMessage="Assign" /> <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            disabled={running}
            trigger={['click']}
            menu={{ items: moveItems, onClick: ({ key }) => confirmMove(key as LifecycleEvent) }}
          >
            <Button>
              <FormattedMessage id="queue.bulkBar.setStatus" defaultMessage="Set status" /> <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            disabled={running}
            trigger={['click']}
            menu={{
              items: PRIORITIES.map((priority) => ({
                key: priority,
                label: labels.priority(priority),
              })),
              onClick: ({ key }) =>
                void run({ kind: 'priority', priority: key as Priority }, (count) =>
                  intl.formatMessage(
                    {
                      id: 'queue.bulkBar.done.priority',
                      defaultMessage:
                        '{count, plural, one {# ticket} other {# tickets}} set to {priority, select, low {low} normal {normal} high {high} urgent {urgent} other {{priority}}} priority.',
                    },
                    { count, priority: key },
                  ),
                ),
            }}
          >
            <Button>
              <FormattedMessage id="queue.bulkBar.priority" defaultMessage="Priority" /> <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            disabled={running || (macros ?? []).length === 0}
            trigger={['click']}
            menu={{
              items: (macros ?? []).map((macro) => ({ key: macro.id, label: <span dir="auto">{macro.title}</span> })),
              onClick: ({ key }) => {
                setReport(null);
                setMacroBatch([...selected]);
                setPreviewed((macros ?? []).find((macro) => macro.id === key) ?? null);
              },
            }}
          >
            <Button>
              <FormattedMessage id="queue.bulkBar.macro" defaultMessage="Apply macro" /> <DownOutlined />
            </Button>
          </Dropdown>
          <form
            onSubmit={addTag}
            style={{ display: 'flex', gap: 4 }}
            aria-label={intl.formatMessage({
              id: 'queue.bulkBar.addTagForm',
              defaultMessage: 'Add a tag to the selected tickets',
            })}
          >
            <Input
              aria-label={intl.formatMessage({ id: 'queue.bulkBar.tagToAdd', defaultMessage: 'Tag to add' })}
              placeholder={intl.formatMessage({ id: 'queue.bulkBar.tagPlaceholder', defaultMessage: 'tag' })}
              value={tag}
              status={tagError ? 'error' : undefined}
              onChange={(event) => {
                setTag(event.target.value);
                setTagError(null);
              }}
              style={{ width: 140 }}
              disabled={running}
            />
            <Button htmlType="submit" disabled={running}>
              <FormattedMessage id="queue.bulkBar.addTag" defaultMessage="Add tag" />
            </Button>
          </form>
          <Button type="link" onClick={onClear} disabled={running}>
            <FormattedMessage id="queue.bulkBar.clearSelection" defaultMessage="Clear selection" />
          </Button>
          {running && (
            <Typography.Text type="secondary">
              <FormattedMessage id="queue.bulkBar.applying" defaultMessage="Applying…" />
            </Typography.Text>
          )}
          {tagError && (
            <Typography.Text type="danger" role="alert" style={{ flexBasis: '100%' }}>
              {tagIssueText(intl, tagError)}
            </Typography.Text>
          )}
        </Flex>
      )}
      {report && (
        <Alert
          role="status"
          aria-label={intl.formatMessage({ id: 'queue.bulkBar.result', defaultMessage: 'Bulk change result' })}
          type={report.error ? 'error' : report.refused.length === 0 ? 'success' : 'warning'}
          showIcon
          closable
          onClose={() => setReport(null)}
          message={
            report.error
              ? intl.formatMessage(
                  { id: 'queue.bulkBar.nothingChanged', defaultMessage: 'Nothing was changed: {error}' },
                  { error: report.error },
                )
              : report.refused.length === 0
                ? report.done
                : report.done
                  ? intl.formatMessage(
                      {
                        id: 'queue.bulkBar.doneAndRefused',
                        defaultMessage: '{done} {count, plural, one {# ticket} other {# tickets}} refused:',
                      },
                      { done: report.done, count: report.refused.length },
                    )
                  : intl.formatMessage(
                      {
                        id: 'queue.bulkBar.refused',
                        defaultMessage: '{count, plural, one {# ticket} other {# tickets}} refused:',
                      },
                      { count: report.refused.length },
                    )
          }
          description={
            report.refused.length > 0 && (
              <ul
                style={{ margin: 0, paddingInlineStart: 20 }}
                aria-label={intl.formatMessage({ id: 'queue.bulkBar.refusedList', defaultMessage: 'Refused tickets' })}
              >
                {report.refused.map(({ ticket, reason }) => (
                  <li key={ticket.id}>
                    {ticket.number ? (
                      <FormattedMessage
                        id="queue.bulkBar.refusedTicket"
                        defaultMessage="<b>#{number} {subject}</b> — {reason}"
                        values={{
                          b: (chunks) => <strong>{chunks}</strong>,
                          number: ticket.number,
                          subject: <span dir="auto">{ticket.subject}</span>,
                          reason,
                        }}
                      />
                    ) : (
                      <FormattedMessage
                        id="queue.bulkBar.refusedTicketWithoutNumber"
                        defaultMessage="<b>{subject}</b> — {reason}"
                        values={{
                          b: (chunks) => <strong>{chunks}</strong>,
                          subject: <span dir="auto">{ticket.subject}</span>,
                          reason,
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
    </Flex>
  );
}
