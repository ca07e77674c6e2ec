/**
 * The queue's bulk bar: shown while rows are ticked, it applies one change to all of
 * them — assign (to me, any agent, or nobody), a status move, a priority, a tag — through the
 * port's `bulk`, then reports what was done and, ticket by ticket, what was refused and why.
 * A status move is offered only when the lifecycle table (DESIGN §2) allows it for every ticked
 * ticket; the others say which ticket blocks them. The backend still decides: a ticket someone
 * changed in the meantime is refused and reported, the rest go through.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import DownOutlined from '@ant-design/icons/DownOutlined';
import type { BulkAction, BulkResult } from '@/backend/port';
import { LIFECYCLE, statusLabel, transition, type Actor, type LifecycleEvent } from '@/domain/lifecycle';
import { firstIssueMessage, tagSchema } from '@/domain/schemas';
import { PRIORITIES, type Priority, type Ticket, type UserProfile } from '@/domain/types';
import { useBulkChangeTicketsMutation } from '@/features/tickets/api/queue-api';
import { friendlyMessage } from '@/lib/error-messages';

/** The status moves a button offers (a customer's reply is not one). */
const STATUS_MOVES = LIFECYCLE.filter((rule) => rule.event !== 'submit' && rule.event !== 'customer_reply');

/** "#12", "#12 and #13", "#12 and 3 more". */
function ticketList(tickets: readonly Ticket[]): string {
  const [first, second] = tickets;
  if (!first) return '';
  if (tickets.length === 1) return `#${first.number}`;
  if (tickets.length === 2 && second) return `#${first.number} and #${second.number}`;
  return `#${first.number} and ${tickets.length - 1} more`;
}

/**
 * Why a status move cannot be offered for these tickets, or null when it can.
 * @returns e.g. "Not possible on #12 (Solved)".
 */
export function bulkMoveBlocker(tickets: readonly Ticket[], event: LifecycleEvent, actor: Actor): string | null {
  const blockers = tickets.filter((ticket) => !transition(ticket, event, actor).ok);
  if (blockers.length === 0) return null;
  const statuses = [...new Set(blockers.map((ticket) => statusLabel(ticket.status)))].join(', ');
  return `Not possible on ${ticketList(blockers)} (${statuses})`;
}

/** What the last bulk change did, as the bar reports it. */
interface Report {
  done: string;
  /** Why the whole change was refused (a bad list), when it was. */
  error?: string;
  refused: { ticket: Pick<Ticket, 'id' | 'number' | 'subject'>; reason: string }[];
}

/** "4 tickets", "1 ticket". */
const tickets = (count: number) => `${count} ticket${count === 1 ? '' : 's'}`;

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
  const [bulkChange, { isLoading: running }] = useBulkChangeTicketsMutation();
  const [report, setReport] = useState<Report | null>(null);
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const actor: Actor = { kind: 'user', uid: me.uid, role: me.role };
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
    const blocker = bulkMoveBlocker(selected, rule.event, actor);
    return {
      key: rule.event,
      disabled: blocker !== null,
      label: (
        <span title={blocker ?? undefined}>
          {rule.label}
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
    modal.confirm({
      title: `${rule.label}: ${tickets(batch.length)}?`,
      content: `${ticketList(batch)} will be set to ${statusLabel(rule.to)}. Each ticket is changed on its own; any that cannot be are listed afterwards.`,
      okText: rule.label,
      cancelText: 'Cancel',
      onOk: () => run({ kind: 'transition', event }, (n) => `${tickets(n)} set to ${statusLabel(rule.to)}.`, batch),
    });
  };

  const others = staff.filter((person) => person.uid !== me.uid);
  const assignItems = [
    { key: me.uid, label: 'Assign to me' },
    ...(others.length > 0 ? [{ type: 'divider' as const }] : []),
    ...others.map((person) => ({ key: person.uid, label: person.displayName })),
    { type: 'divider' as const },
    { key: '', label: 'Unassign' },
  ];
  const assign = (uid: string) => {
    const name = uid === me.uid ? 'you' : (staff.find((person) => person.uid === uid)?.displayName ?? 'them');
    void run({ kind: 'assign', assigneeId: uid || null }, (n) =>
      uid ? `${tickets(n)} assigned to ${name}.` : `${tickets(n)} unassigned.`,
    );
  };

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagSchema.safeParse(tag.trim().toLowerCase());
    if (!parsed.success) {
      setTagError(firstIssueMessage(parsed.error));
      return;
    }
    setTagError(null);
    void run({ kind: 'addTag', tag: parsed.data }, (n) => `Tag “${parsed.data}” added to ${tickets(n)}.`).then(
      (ok) => ok && setTag(''),
    );
  };

  return (
    <Flex vertical gap={8}>
      {selected.length > 0 && (
        <Flex
          role="toolbar"
          aria-label="Bulk actions"
          wrap
          align="center"
          gap={8}
          style={{ padding: '8px 12px', borderRadius: 8, background: 'rgba(22, 119, 255, 0.06)' }}
        >
          <Typography.Text strong aria-live="polite">
            {tickets(selected.length)} selected
          </Typography.Text>
          <Dropdown
            disabled={running}
            trigger={['click']}
            menu={{ items: assignItems, onClick: ({ key }) => assign(key) }}
          >
            <Button>
              Assign <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            disabled={running}
            trigger={['click']}
            menu={{ items: moveItems, onClick: ({ key }) => confirmMove(key as LifecycleEvent) }}
          >
            <Button>
              Set status <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            disabled={running}
            trigger={['click']}
            menu={{
              items: PRIORITIES.map((priority) => ({
                key: priority,
                label: priority[0]?.toUpperCase() + priority.slice(1),
              })),
              onClick: ({ key }) =>
                void run(
                  { kind: 'priority', priority: key as Priority },
                  (n) => `${tickets(n)} set to ${key} priority.`,
                ),
            }}
          >
            <Button>
              Priority <DownOutlined />
            </Button>
          </Dropdown>
          <form onSubmit={addTag} style={{ display: 'flex', gap: 4 }} aria-label="Add a tag to the selected tickets">
            <Input
              aria-label="Tag to add"
              placeholder="tag"
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
              Add tag
            </Button>
          </form>
          <Button type="link" onClick={onClear} disabled={running}>
            Clear selection
          </Button>
          {running && <Typography.Text type="secondary">Applying…</Typography.Text>}
          {tagError && (
            <Typography.Text type="danger" role="alert" style={{ flexBasis: '100%' }}>
              {tagError}
            </Typography.Text>
          )}
        </Flex>
      )}
      {report && (
        <Alert
          role="status"
          aria-label="Bulk change result"
          type={report.error ? 'error' : report.refused.length === 0 ? 'success' : 'warning'}
          showIcon
          closable
          onClose={() => setReport(null)}
          message={
            report.error
              ? `Nothing was changed: ${report.error}`
              : report.refused.length === 0
                ? report.done
                : `${report.done ? `${report.done} ` : ''}${tickets(report.refused.length)} refused:`
          }
          description={
            report.refused.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label="Refused tickets">
                {report.refused.map(({ ticket, reason }) => (
                  <li key={ticket.id}>
                    <strong>{ticket.number ? `#${ticket.number} ${ticket.subject}` : ticket.subject}</strong>
                    {' — '}
                    {reason}
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
