/**
 * The reply box of a ticket. Customers write a public reply; staff switch between a public
 * reply and an internal note (DESIGN §3) and may set the next status in the same step
 * (DESIGN §2). The draft — text, mode and the message's client id — is persisted per person
 * and ticket, so it survives a reload and a retried send after one is the same write; nothing
 * typed is lost on a refusal, and nobody else signed in on the browser ever sees it.
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
import type { Ticket, UserProfile } from '@/domain/types';
import { useAddMessageMutation } from '@/features/tickets/api/ticket-api';
import { AttachmentPicker, useAttachmentUploads } from '@/features/tickets/components/attachment-uploads';
import { ComposerModeSwitch } from '@/features/tickets/components/composer-mode-switch';
import { ComposerSendButton } from '@/features/tickets/components/composer-send-button';
import { draftDiscarded, draftSaved, selectDraft, type Draft } from '@/features/tickets/slice/drafts-slice';
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
 * The composer of one ticket for the signed-in person. Keyed by person and ticket: another
 * ticket or another person starts a fresh message (its own id, uploads and messages), with
 * that person's draft of that ticket. Waits for the persisted drafts, so a saved draft's text,
 * mode and client id are there from the first render.
 * @param ticket the ticket as last seen (its `updatedAt` guards a status change: DESIGN §2,
 *   `aborted` when someone changed it meanwhile).
 * @param staff true on the desk: public reply / internal note switch and "Send and set …".
 * @returns nothing for a closed ticket (screens offer a follow-up request instead), or when
 *   nobody is signed in.
 */
export function Composer({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  const me = useCurrentUser();
  const rehydrated = useAppSelector((state) => state.drafts._persist?.rehydrated ?? true);
  if (!me || !rehydrated) return null;
  return <TicketComposer key={`${me.uid}:${ticket.id}`} ticket={ticket} staff={staff} me={me} />;
}

/**
 * The draft this composer may show and send: the person's own (the selector sees to that), and
 * for a customer only a public one — belt and braces, as a customer never writes a note.
 */
function usableDraft(draft: Draft | undefined, staff: boolean): Draft | undefined {
  return draft && (staff || !draft.internal) ? draft : undefined;
}

function TicketComposer({ ticket, staff, me }: { ticket: Ticket; staff: boolean; me: UserProfile }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const draft = usableDraft(
    useAppSelector((state) => selectDraft(state, me.uid, ticket.id)),
    staff,
  );
  const body = draft?.body ?? '';
  const [internal, setInternal] = useState(() => staff && (draft?.internal ?? false));
  // One id per message (DESIGN §3): the draft's, so a retry — even after a reload — is the
  // same write; kept while the text is edited or emptied (files upload under it); new after a
  // confirmed send.
  const [messageId, setMessageId] = useState(() => draft?.messageId ?? newClientId());
  const uploads = useAttachmentUploads(ticket.id, messageId);
  const [addMessage, { isLoading: sending }] = useAddMessageMutation();
  const [invalid, setInvalid] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const events = useMemo<LifecycleEvent[]>(
    () => (staff ? availableEvents(ticket, { kind: 'user', uid: me.uid, role: me.role }) : []),
    [staff, me, ticket],
  );

  if (ticket.status === 'closed') return null;

  function saveDraft(nextBody: string, nextInternal: boolean) {
    dispatch(
      draftSaved({
        owner: me.uid,
        ticketId: ticket.id,
        body: nextBody,
        internal: nextInternal,
        messageId,
        updatedAt: new Date().toISOString(),
      }),
    );
  }

  function changeBody(next: string) {
    saveDraft(next, internal);
    if (invalid && bodySchema.safeParse(next).success) setInvalid(null);
  }

  function changeMode(nextInternal: boolean) {
    setInternal(nextInternal);
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
      // Confirmed: the draft and its id go; the next message gets a new one.
      dispatch(draftDiscarded({ owner: me.uid, key: ticket.id }));
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
