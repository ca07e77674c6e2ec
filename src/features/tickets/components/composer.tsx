/**
 * The reply box of a ticket. Customers write a public reply; staff switch between a public
 * reply and an internal note (DESIGN §3) and may set the next status in the same step
 * (DESIGN §2). The draft is persisted per ticket, so it survives a reload; nothing typed is
 * lost on a refusal.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/app/hooks';
import type { ErrorShape } from '@/domain/errors';
import { LIMITS } from '@/domain/limits';
import { availableEvents, type LifecycleEvent } from '@/domain/lifecycle';
import { bodySchema, firstIssueMessage } from '@/domain/schemas';
import type { Ticket } from '@/domain/types';
import { useAddMessageMutation } from '@/features/tickets/api/ticket-api';
import { AttachmentPicker, useAttachmentUploads } from '@/features/tickets/components/attachment-uploads';
import { ComposerModeSwitch } from '@/features/tickets/components/composer-mode-switch';
import { ComposerSendButton } from '@/features/tickets/components/composer-send-button';
import { draftDiscarded, draftSaved, selectDraft } from '@/features/tickets/slice/drafts-slice';
import { friendlyMessage } from '@/lib/error-messages';
import { newClientId } from '@/lib/ids';

/** A refusal from the backend, as shown above the send button. */
interface Refusal {
  code?: string;
  text: string;
}

const MAX_TEXT = LIMITS.body.max.toLocaleString('en-US');

/** "1,234 / 10,000" under the text box (DESIGN §3's limit). */
function countText({ count }: { count: number }): string {
  return `${count.toLocaleString('en-US')} / ${MAX_TEXT}`;
}

function refusalOf(error: unknown): Refusal {
  const shape: Partial<ErrorShape> = error && typeof error === 'object' ? (error as Partial<ErrorShape>) : {};
  return { code: shape.code, text: friendlyMessage(shape) };
}

/**
 * The composer of one ticket. Keyed by the ticket: moving to another ticket starts a fresh
 * message (its own id, uploads and messages), with that ticket's draft.
 * @param ticket the ticket as last seen (its `updatedAt` guards a status change: DESIGN §2,
 *   `aborted` when someone changed it meanwhile).
 * @param staff true on the desk: public reply / internal note switch and "Send and set …".
 * @returns nothing for a closed ticket (screens offer a follow-up request instead).
 */
export function Composer({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  return <TicketComposer key={ticket.id} ticket={ticket} staff={staff} />;
}

function TicketComposer({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const { token } = theme.useToken();
  const draft = useAppSelector((state) => selectDraft(state, ticket.id));
  const body = draft?.body ?? '';
  // The mode chosen here wins; otherwise the draft's (it may rehydrate after the first render).
  const [modeChoice, setModeChoice] = useState<boolean | null>(null);
  const internal = staff && (modeChoice ?? draft?.internal ?? false);
  // One id per message: kept across retries (idempotent), new after a successful send.
  const [messageId, setMessageId] = useState(newClientId);
  const uploads = useAttachmentUploads(ticket.id, messageId);
  const [addMessage, { isLoading: sending }] = useAddMessageMutation();
  const [invalid, setInvalid] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const events = useMemo<LifecycleEvent[]>(
    () => (staff && me ? availableEvents(ticket, { kind: 'user', uid: me.uid, role: me.role }) : []),
    [staff, me, ticket],
  );

  if (ticket.status === 'closed') return null;

  function saveDraft(nextBody: string, nextInternal: boolean) {
    dispatch(
      draftSaved({ ticketId: ticket.id, body: nextBody, internal: nextInternal, updatedAt: new Date().toISOString() }),
    );
  }

  function changeBody(next: string) {
    saveDraft(next, internal);
    if (invalid && bodySchema.safeParse(next).success) setInvalid(null);
  }

  function changeMode(nextInternal: boolean) {
    setModeChoice(nextInternal);
    saveDraft(body, nextInternal);
  }

  async function send(event?: LifecycleEvent) {
    const checked = bodySchema.safeParse(body);
    if (!checked.success) {
      setInvalid(firstIssueMessage(checked.error));
      return;
    }
    if (uploads.busy || sending) return;
    setInvalid(null);
    setRefusal(null);
    try {
      await addMessage({
        ticketId: ticket.id,
        input: {
          id: messageId,
          body,
          internal,
          attachments: uploads.attachments,
          event,
          expectedUpdatedAt: event ? ticket.updatedAt : undefined,
        },
      }).unwrap();
      dispatch(draftDiscarded(ticket.id));
      uploads.reset();
      setMessageId(newClientId());
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  const label = internal ? 'Internal note' : staff ? 'Public reply' : 'Your reply';
  const uploadHint = uploads.hasFailures
    ? 'Retry or remove the files that failed to upload before sending.'
    : uploads.busy
      ? 'Sending waits until the files have uploaded.'
      : null;

  return (
    <section
      aria-label={internal ? 'Write an internal note' : 'Write a reply'}
      data-testid="composer"
      data-mode={internal ? 'internal' : 'public'}
      style={{
        padding: 12,
        borderRadius: token.borderRadiusLG,
        border: `1px ${internal ? 'dashed' : 'solid'} ${internal ? token.colorWarningBorder : token.colorBorderSecondary}`,
        background: internal ? token.colorWarningBg : token.colorBgContainer,
      }}
    >
      <Flex vertical gap={10}>
        {staff && (
          <Flex align="center" gap={8} wrap>
            <ComposerModeSwitch internal={internal} onChange={changeMode} />
            {internal && (
              <Typography.Text style={{ color: token.colorWarningText }}>
                <LockOutlined aria-hidden /> Only agents and admins see internal notes.
              </Typography.Text>
            )}
          </Flex>
        )}
        <Input.TextArea
          aria-label={label}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `composer-${ticket.id}-error` : undefined}
          placeholder={internal ? 'Write a note for the team…' : 'Write your reply…'}
          value={body}
          onChange={(event) => changeBody(event.target.value)}
          onKeyDown={onKeyDown}
          // Read-only while sending: text typed then would be discarded with the sent draft.
          readOnly={sending}
          rows={5}
          status={invalid ? 'error' : undefined}
          count={{ show: countText, max: LIMITS.body.max }}
          style={internal ? { background: token.colorWarningBgHover } : undefined}
        />
        {invalid && (
          <Typography.Text type="danger" role="alert" id={`composer-${ticket.id}-error`}>
            {invalid}
          </Typography.Text>
        )}
        <AttachmentPicker uploads={uploads} disabled={sending} />
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setRefusal(null)}
            message={refusal.code === 'aborted' ? 'This ticket changed while you were writing.' : refusal.text}
            description={
              refusal.code === 'aborted'
                ? `${refusal.text} Your text is kept.`
                : 'Your text is kept; send it again when ready.'
            }
          />
        )}
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Typography.Text type="secondary">
            {uploadHint ?? 'Ctrl+Enter (⌘+Enter) sends. Your draft is saved on this device.'}
          </Typography.Text>
          <ComposerSendButton
            label={staff ? 'Send' : 'Send reply'}
            events={events}
            disabled={uploads.busy}
            loading={sending}
            onSend={(event) => void send(event)}
          />
        </Flex>
      </Flex>
    </section>
  );
}
