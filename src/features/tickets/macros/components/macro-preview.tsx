/**
 * A macro's preview and its application (DESIGN §3 "Macros"), for one ticket (from the composer)
 * or many (from the queue's bulk bar). The preview is the backend's own plan of the macro on each
 * ticket (`tickets.applyMacro` with `preview`): the same planners, so what it lists is exactly
 * what "Apply" writes — each ticket guarded by the `updatedAt` the preview saw, so a ticket
 * someone changed in between is refused and reported, not silently changed otherwise. A ticket the
 * macro cannot apply to says why, and is left out.
 */
import { useEffect, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import type { MacroResult } from '@/backend/port/tickets';
import type { Macro } from '@/domain/macros';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import type { Ticket, UserProfile } from '@/domain/types';
import { useApplyMacroMutation } from '@/features/tickets/api/macros-api';
import { describeAuditEvent } from '@/features/tickets/workspace/components/ticket-timeline';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useWatchStaffQuery } from '@/lib/store/people-api';

/** No field definitions (while they load). */
const NONE: readonly CustomFieldDefinition[] = [];

/** Tickets previewed or changed at the same time (each its own transaction). */
const CONCURRENCY = 4;

const TEXT = defineMessages({
  title: { id: 'macros.preview.title', defaultMessage: 'Apply “{title}”' },
  intro: {
    id: 'macros.preview.intro',
    defaultMessage: 'Nothing is written until you apply. This is exactly what will change:',
  },
  introMany: {
    id: 'macros.preview.introMany',
    defaultMessage:
      'Nothing is written until you apply. This is exactly what will change on each of {count, plural, one {# ticket} other {# tickets}}:',
  },
  reply: { id: 'macros.preview.reply', defaultMessage: 'Public reply' },
  note: { id: 'macros.preview.note', defaultMessage: 'Internal note' },
  nothing: { id: 'macros.preview.nothing', defaultMessage: 'Nothing to change on this ticket.' },
  apply: { id: 'macros.preview.apply', defaultMessage: 'Apply' },
  applyMany: {
    id: 'macros.preview.applyMany',
    defaultMessage: 'Apply to {count, plural, one {# ticket} other {# tickets}}',
  },
  cancel: { id: 'macros.preview.cancel', defaultMessage: 'Cancel' },
  close: { id: 'macros.preview.close', defaultMessage: 'Close' },
  ticket: { id: 'macros.preview.ticket', defaultMessage: '#{number} {subject}' },
  applied: { id: 'macros.preview.applied', defaultMessage: 'Applied “{title}”.' },
  appliedMany: {
    id: 'macros.preview.appliedMany',
    defaultMessage: '“{title}” applied to {count, plural, one {# ticket} other {# tickets}}.',
  },
  refusedMany: {
    id: 'macros.preview.refusedMany',
    defaultMessage: 'Not applied to {count, plural, one {# ticket} other {# tickets}}:',
  },
  refusedTicket: { id: 'macros.preview.refusedTicket', defaultMessage: '{ticket}: {reason}' },
  someone: { id: 'macros.preview.someone', defaultMessage: 'someone' },
  results: { id: 'macros.preview.results', defaultMessage: 'Results' },
});

/** One ticket's preview or result: what the plan changes, or why it cannot. */
type Outcome = { ok: true; result: MacroResult } | { ok: false; reason: string };

/** Runs `work` over `items`, {@link CONCURRENCY} at a time, keeping their order. */
async function eachLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

export interface MacroPreviewProps {
  /** The macro to preview; the dialog is open while it is set. */
  macro: Macro | null;
  /** The tickets it applies to (1–100), as the caller shows them. */
  tickets: readonly Pick<Ticket, 'id' | 'number' | 'subject'>[];
  me: Pick<UserProfile, 'uid' | 'displayName'>;
  onClose(): void;
  /** Called after "Apply" with the ids it was applied to. */
  onApplied?(doneIds: string[]): void;
}

/** The preview dialog: previews on open, applies on "Apply", reports per ticket. */
export function MacroPreview({ macro, tickets, me, onClose, onApplied }: MacroPreviewProps) {
  const intl = useIntl();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const friendlyMessage = useFriendlyMessage();
  const [applyMacro] = useApplyMacroMutation();
  const fieldsData = useWatchFieldsQuery(undefined, { skip: !macro }).data?.value;
  const staffData = useWatchStaffQuery(undefined, { skip: !macro }).data?.value;
  const fields = fieldsData ?? NONE;
  const [previews, setPreviews] = useState<Map<string, Outcome> | null>(null);
  const [results, setResults] = useState<Map<string, Outcome> | null>(null);
  const [applying, setApplying] = useState(false);
  const many = tickets.length > 1;
  const ids = tickets.map((ticket) => ticket.id).join(',');

  const outcomeOf = async (ticketId: string, preview: boolean, expectedUpdatedAt?: string): Promise<Outcome> => {
    if (!macro) return { ok: false, reason: '' };
    const answer = await applyMacro({ ticketId, macroId: macro.id, preview, expectedUpdatedAt });
    return answer.error ? { ok: false, reason: friendlyMessage(answer.error) } : { ok: true, result: answer.data };
  };

  useEffect(() => {
    setPreviews(null);
    setResults(null);
    if (!macro) return;
    let current = true;
    void eachLimited(tickets, (ticket) => outcomeOf(ticket.id, true)).then((outcomes) => {
      if (current) setPreviews(new Map(tickets.map((ticket, index) => [ticket.id, outcomes[index] as Outcome])));
    });
    return () => {
      current = false;
    };
    // The tickets' ids and the macro decide the preview; a new array of the same tickets does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [macro, ids]);

  const nameOf = useMemo(() => {
    const names = new Map((staffData ?? []).map((person) => [person.uid, person.displayName]));
    names.set(me.uid, me.displayName);
    return (uid: string | null) => (uid && names.get(uid)) || intl.formatMessage(TEXT.someone);
  }, [staffData, me, intl]);

  const applicable = tickets.filter((ticket) => {
    const outcome = previews?.get(ticket.id);
    return outcome?.ok === true && (outcome.result.changes.length > 0 || outcome.result.reply || outcome.result.note);
  });

  const apply = async () => {
    if (!macro || !previews) return;
    setApplying(true);
    const outcomes = await eachLimited(applicable, (ticket) => {
      const seen = previews.get(ticket.id);
      return outcomeOf(ticket.id, false, seen?.ok ? seen.result.ticket.updatedAt : undefined);
    });
    setApplying(false);
    const byId = new Map(applicable.map((ticket, index) => [ticket.id, outcomes[index] as Outcome]));
    const done = applicable.filter((ticket) => byId.get(ticket.id)?.ok).map((ticket) => ticket.id);
    if (done.length > 0) onApplied?.(done);
    if (!many && done.length === 1) {
      void message.success(intl.formatMessage(TEXT.applied, { title: macro.title }));
      onClose();
      return;
    }
    setResults(byId);
  };

  const changesOf = (ticket: Pick<Ticket, 'id'>, outcome: Outcome | undefined) => {
    if (!outcome) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
    if (!outcome.ok) return <Alert type="warning" showIcon message={outcome.reason} />;
    const { changes, reply, note } = outcome.result;
    if (changes.length === 0 && !reply && !note) {
      return <Typography.Text type="secondary">{intl.formatMessage(TEXT.nothing)}</Typography.Text>;
    }
    return (
      <Flex vertical gap={8}>
        {changes.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {changes.map((entry, index) => (
              <li key={index}>
                {describeAuditEvent(
                  intl,
                  { ...entry, id: String(index), ticketId: ticket.id, actorId: me.uid, at: '' },
                  nameOf,
                  fields,
                )}
              </li>
            ))}
          </ul>
        )}
        {[
          [reply, TEXT.reply, token.colorBorderSecondary, 'transparent'] as const,
          [note, TEXT.note, token.colorWarningBorder, token.colorWarningBg] as const,
        ].map(([text, label, border, background]) =>
          text ? (
            <div key={label.id}>
              <Typography.Text strong>{intl.formatMessage(label)}</Typography.Text>
              <Typography.Paragraph
                dir="auto"
                style={{
                  whiteSpace: 'pre-wrap',
                  margin: '4px 0 0',
                  padding: '8px 12px',
                  border: `1px ${label === TEXT.note ? 'dashed' : 'solid'} ${border}`,
                  borderRadius: token.borderRadius,
                  background,
                  maxHeight: 200,
                  overflowY: 'auto',
                }}
              >
                {text}
              </Typography.Paragraph>
            </div>
          ) : null,
        )}
      </Flex>
    );
  };

  const finished = results !== null;
  const refused = finished ? tickets.filter((ticket) => results.get(ticket.id)?.ok === false) : [];
  const doneCount = finished ? [...results.values()].filter((outcome) => outcome.ok).length : 0;

  return (
    <Modal
      open={macro !== null}
      title={macro ? intl.formatMessage(TEXT.title, { title: macro.title }) : undefined}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      okText={
        finished
          ? intl.formatMessage(TEXT.close)
          : many
            ? intl.formatMessage(TEXT.applyMany, { count: applicable.length })
            : intl.formatMessage(TEXT.apply)
      }
      cancelText={intl.formatMessage(TEXT.cancel)}
      cancelButtonProps={{ style: finished ? { display: 'none' } : undefined }}
      okButtonProps={{ disabled: !finished && (previews === null || applicable.length === 0), loading: applying }}
      onOk={() => (finished ? onClose() : void apply())}
    >
      {finished ? (
        <Flex vertical gap={8} role="status" aria-label={intl.formatMessage(TEXT.results)}>
          {doneCount > 0 && macro && (
            <Alert
              type="success"
              showIcon
              message={intl.formatMessage(TEXT.appliedMany, { title: macro.title, count: doneCount })}
            />
          )}
          {refused.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={intl.formatMessage(TEXT.refusedMany, { count: refused.length })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {refused.map((ticket) => {
                    const outcome = results.get(ticket.id);
                    return (
                      <li key={ticket.id}>
                        {intl.formatMessage(TEXT.refusedTicket, {
                          ticket: intl.formatMessage(TEXT.ticket, { number: ticket.number, subject: ticket.subject }),
                          reason: outcome && !outcome.ok ? outcome.reason : '',
                        })}
                      </li>
                    );
                  })}
                </ul>
              }
            />
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12} data-testid="macro-preview">
          <Typography.Paragraph style={{ margin: 0 }}>
            {many ? intl.formatMessage(TEXT.introMany, { count: tickets.length }) : intl.formatMessage(TEXT.intro)}
          </Typography.Paragraph>
          {many ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '55vh', overflowY: 'auto' }}>
              {tickets.map((ticket) => (
                <li key={ticket.id} style={{ padding: '8px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
                  <Typography.Text strong dir="auto" style={{ display: 'block', marginBottom: 4 }}>
                    {intl.formatMessage(TEXT.ticket, { number: ticket.number, subject: ticket.subject })}
                  </Typography.Text>
                  {changesOf(ticket, previews?.get(ticket.id))}
                </li>
              ))}
            </ul>
          ) : (
            tickets[0] && changesOf(tickets[0], previews?.get(tickets[0].id))
          )}
        </Flex>
      )}
    </Modal>
  );
}
