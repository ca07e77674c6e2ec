/**
 * The reply box of a ticket. Customers write a public reply; staff switch between a public
 * reply and an internal note (DESIGN §3) and may set the next status in the same step
 * (DESIGN §2). The draft — text, mode and the message's client id — is persisted per person
 * and ticket, so it survives a reload and a retried send after one is the same write; nothing
 * typed is lost on a refusal, and nobody else signed in on the browser ever sees it.
 *
 * Collision detection: the composer reports when its person is typing (focused and
 * text changed within {@link TYPING_IDLE_MS}), and a "Send and set …" on a ticket that changed
 * since the agent loaded it (or began this message) asks before overwriting status or assignee.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import type { ErrorShape } from '@/domain/errors/errors';
import { LIMITS } from '@/domain/limits';
import { availableEvents, type LifecycleEvent } from '@/domain/lifecycle';
import { bodySchema } from '@/domain/schemas';
import type { Ticket, UserProfile } from '@/domain/types';
import { useLazyCurrentTicketQuery } from '@/features/tickets/api/ticket-api';
import { useAddMessageMutation } from '@/features/tickets/api/conversation-api';
import { MacroPicker, type InsertedReply } from '@/features/tickets/macros/components/macro-picker';
import { MacroPreview } from '@/features/tickets/macros/components/macro-preview';
import { useWatchMacrosQuery } from '@/features/tickets/api/macros-api';
import type { Macro } from '@/domain/macros';
import { AttachmentPicker } from '@/features/tickets/conversation/components/attachment-picker';
import { useAttachmentUploads } from '@/features/tickets/conversation/components/attachment-uploads';
import { confirmSendingWithout, leftOutFiles } from '@/features/tickets/conversation/components/left-out-files';
import { ComposerModeSwitch } from '@/features/tickets/conversation/composer/mode-switch';
import { ComposerSendButton } from '@/features/tickets/conversation/composer/send-button';
import { useConfirmStaleSend } from '@/features/tickets/conversation/composer/stale-confirm';
import {
  draftDiscarded,
  draftSaved,
  selectDraftsRehydrated,
  type DraftsRootState,
  selectDraft,
  type Draft,
} from '@/features/tickets/conversation/slice/drafts-slice';
import { outboxQueued } from '@/features/tickets/conversation/slice/outbox-slice';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { friendlySentence } from '@/lib/i18n/labels';
import { newClientId } from '@/lib/ids';
import { useHotkeys } from '@/lib/use-hotkeys';

/** A refusal from the backend, as shown above the send button. */
interface Refusal {
  code?: string;
  text: string;
}

/** How long after the last keystroke a focused composer still counts as typing, in ms. */
export const TYPING_IDLE_MS = 4000;

/** "1,234 / 10,000" under the text box (DESIGN §3's limit). */
function countText(intl: IntlShape, count: number): string {
  return intl.formatMessage(
    { id: 'conversation.composer.count', defaultMessage: '{count, number} / {max, number}' },
    { count, max: LIMITS.body.max },
  );
}

/**
 * Why a reply's text fails `bodySchema`, in the reader's language: too long, or nothing
 * written (the schema's other checks).
 */
function bodyProblem(intl: IntlShape, body: string): string {
  return body.length > LIMITS.body.max
    ? intl.formatMessage(
        { id: 'conversation.composer.tooLong', defaultMessage: 'A message has at most {max, number} characters.' },
        { max: LIMITS.body.max },
      )
    : intl.formatMessage({ id: 'conversation.composer.empty', defaultMessage: 'Write a message.' });
}

function refusalOf(intl: IntlShape, error: unknown): Refusal {
  const shape: Partial<ErrorShape> = error && typeof error === 'object' ? (error as Partial<ErrorShape>) : {};
  return { code: shape.code, text: friendlySentence(intl, shape) };
}

/**
 * The composer of one ticket for the signed-in person. Keyed by person and ticket: another
 * ticket or another person starts a fresh message (its own id, uploads and messages), with
 * that person's draft of that ticket. Waits for the persisted drafts, so a saved draft's text,
 * mode and client id are there from the first render.
 * @param ticket the ticket as last seen (its `updatedAt` guards a status change: DESIGN §2,
 *   `aborted` when someone changed it meanwhile).
 * @param staff true on the desk: public reply / internal note switch and "Send and set …".
 * @param onTypingChange told `true` when the person starts typing, `false` when they stop
 *   (idle for {@link TYPING_IDLE_MS}, left the box, sent, or the composer went away).
 * @returns nothing for a closed ticket (screens offer a follow-up request instead), or when
 *   nobody is signed in.
 */
export function Composer({
  ticket,
  staff,
  onTypingChange,
}: {
  ticket: Ticket;
  staff: boolean;
  onTypingChange?: (typing: boolean) => void;
}) {
  const me = useCurrentUser();
  const rehydrated = useAppSelector(selectDraftsRehydrated);
  if (!me || !rehydrated) return null;
  return (
    <TicketComposer
      key={`${me.uid}:${ticket.id}`}
      ticket={ticket}
      staff={staff}
      me={me}
      onTypingChange={onTypingChange}
    />
  );
}

/**
 * Whether the person is typing: {@link TypingReporter.changed} on each edit starts it, and it
 * stops after {@link TYPING_IDLE_MS} without one, on {@link TypingReporter.stopped}, or on unmount.
 * `report` hears only the transitions.
 */
function useTypingReporter(report: ((typing: boolean) => void) | undefined) {
  const reportRef = useRef(report);
  reportRef.current = report;
  const typing = useRef(false);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const set = (next: boolean) => {
    if (typing.current === next) return;
    typing.current = next;
    reportRef.current?.(next);
  };
  const stopped = () => {
    clearTimeout(idle.current);
    set(false);
  };
  useEffect(
    () => () => {
      clearTimeout(idle.current);
      if (typing.current) reportRef.current?.(false);
    },
    [],
  );
  return {
    changed() {
      set(true);
      clearTimeout(idle.current);
      idle.current = setTimeout(() => set(false), TYPING_IDLE_MS);
    },
    stopped,
  };
}

/**
 * The draft this composer may show and send: the person's own (the selector sees to that), and
 * for a customer only a public one — belt and braces, as a customer never writes a note.
 */
function usableDraft(draft: Draft | undefined, staff: boolean): Draft | undefined {
  return draft && (staff || !draft.internal) ? draft : undefined;
}

function TicketComposer({
  ticket,
  staff,
  me,
  onTypingChange,
}: {
  ticket: Ticket;
  staff: boolean;
  me: UserProfile;
  onTypingChange?: (typing: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { token } = theme.useToken();
  const { modal } = AntApp.useApp();
  const draft = usableDraft(
    useAppSelector((state: DraftsRootState) => selectDraft(state, me.uid, ticket.id)),
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
  // Placeholders an inserted canned reply could not fill; warned about only while the text still
  // holds them (rewritten, cleared or sent: the warning goes with them).
  const [inserted, setUnfilled] = useState<string[]>([]);
  const unfilled = inserted.filter((placeholder) => body.includes(placeholder));
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const macros = useWatchMacrosQuery(undefined, { skip: !staff }).data?.value;
  // The macro whose preview is open (a macro that acts: applied as one write, DESIGN §3 "Macros").
  const [previewed, setPreviewed] = useState<Macro | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const typing = useTypingReporter(onTypingChange);
  const confirmStaleSend = useConfirmStaleSend();
  const [readCurrentTicket] = useLazyCurrentTicketQuery();
  // The ticket as the agent knew it when this composer loaded or this message was begun: a
  // status set with the reply must not silently overwrite what changed since.
  const known = useRef(ticket);

  const events = useMemo<LifecycleEvent[]>(
    () => (staff ? availableEvents(ticket, { kind: 'user', uid: me.uid, role: me.role }) : []),
    [staff, me, ticket],
  );

  // `r` / `n`: start a public reply or an internal note from anywhere on the ticket.
  useHotkeys(
    { r: () => startWriting(false), n: () => startWriting(true) },
    staff && !sending && ticket.status !== 'closed',
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
    if (body === '' && next !== '') known.current = ticket;
    typing.changed();
    saveDraft(next, internal);
    if (invalid && bodySchema.safeParse(next).success) setInvalid(null);
  }

  function changeMode(nextInternal: boolean) {
    setInternal(nextInternal);
    saveDraft(body, nextInternal);
  }

  /** Puts a filled reply-only macro at the caret (or after the text), and the caret after it. */
  function insertCanned({ text, unknown }: InsertedReply) {
    const box = textArea.current;
    const start = box?.selectionStart ?? body.length;
    const end = box?.selectionEnd ?? body.length;
    const next = body.slice(0, start) + text + body.slice(end);
    changeBody(next);
    setUnfilled(unknown);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  /** Switches to a public reply or an internal note and puts the caret in the box. */
  function startWriting(nextInternal: boolean) {
    if (staff && nextInternal !== internal) changeMode(nextInternal);
    textArea.current?.focus();
  }

  /**
   * After a "Send and set …" refused as `aborted`: reads the ticket as it is now, says what
   * changed since {@link known}, and sends again on "Send anyway" (guarded by the fresh
   * `updatedAt`, so a further change asks again). "Review" keeps the text and sends nothing.
   */
  async function askAboutChange(event: LifecycleEvent) {
    let current: Ticket;
    try {
      current = await readCurrentTicket(ticket.id, false).unwrap();
    } catch (error) {
      setRefusal(refusalOf(intl, error));
      return;
    }
    const before = known.current;
    known.current = current;
    if (await confirmStaleSend(before, current, event)) await send(event);
  }

  async function send(event?: LifecycleEvent) {
    const checked = bodySchema.safeParse(body);
    if (!checked.success) {
      setInvalid(bodyProblem(intl, body));
      return;
    }
    if (uploads.busy || sending) return;
    // Refused or cancelled files would silently stay behind: ask first.
    const leftOut = leftOutFiles(uploads.items);
    if (leftOut.length > 0 && !(await confirmSendingWithout(modal, leftOut))) return;
    setInvalid(null);
    setRefusal(null);
    const outcome = await outcomeOf(
      addMessage({
        ticketId: ticket.id,
        input: {
          id: messageId,
          body,
          internal,
          attachments: uploads.attachments,
          event,
          expectedUpdatedAt: event ? known.current.updatedAt : undefined,
        },
      }),
    );
    if (outcome.ok) {
      // Confirmed: the draft and its id go; the next message gets a new one.
      clearAfterSend();
    } else {
      const shape = refusalOf(intl, outcome.error);
      if (shape.code === 'unavailable' && !uploads.busy && !uploads.hasFailures) {
        // Offline or the backend unreachable: the message waits in the outbox, with
        // this id, and goes out exactly once when it can; the composer is free for the next one.
        dispatch(
          outboxQueued({
            owner: me.uid,
            ticketId: ticket.id,
            messageId,
            body,
            internal,
            attachments: uploads.attachments,
            ...(event && { event, expectedUpdatedAt: known.current.updatedAt }),
            queuedAt: new Date().toISOString(),
          }),
        );
        clearAfterSend();
      } else if (event && shape.code === 'aborted') await askAboutChange(event);
      else setRefusal(shape);
    }
  }

  /** After a send (or its hand-over to the outbox): the draft and its id go; the next message gets a new one. */
  function clearAfterSend() {
    dispatch(draftDiscarded({ owner: me.uid, key: ticket.id }));
    uploads.reset();
    setMessageId(newClientId());
    typing.stopped();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  const label = internal
    ? intl.formatMessage({ id: 'conversation.composer.noteLabel', defaultMessage: 'Internal note' })
    : staff
      ? intl.formatMessage({ id: 'conversation.composer.publicReplyLabel', defaultMessage: 'Public reply' })
      : intl.formatMessage({ id: 'conversation.composer.yourReplyLabel', defaultMessage: 'Your reply' });
  const uploadHint = uploads.hasFailures ? (
    <FormattedMessage
      id="conversation.composer.uploadsFailed"
      defaultMessage="Retry or remove the files that failed to upload before sending."
    />
  ) : uploads.busy ? (
    <FormattedMessage
      id="conversation.composer.uploadsBusy"
      defaultMessage="Sending waits until the files have uploaded."
    />
  ) : null;

  return (
    <section
      aria-label={
        internal
          ? intl.formatMessage({ id: 'conversation.composer.writeNote', defaultMessage: 'Write an internal note' })
          : intl.formatMessage({ id: 'conversation.composer.writeReply', defaultMessage: 'Write a reply' })
      }
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
            <MacroPicker
              macros={macros ?? []}
              context={{
                requester: { name: ticket.requesterName },
                ticket: { number: ticket.number, subject: ticket.subject },
                agent: { name: me.displayName },
              }}
              onInsert={insertCanned}
              onChoose={setPreviewed}
              disabled={sending || !macros}
            />
            <MacroPreview macro={previewed} tickets={[ticket]} me={me} onClose={() => setPreviewed(null)} />
            {internal && (
              <Typography.Text style={{ color: token.colorWarningText }}>
                <LockOutlined aria-hidden style={{ marginInlineEnd: '0.3em' }} />
                <FormattedMessage
                  id="conversation.composer.noteHint"
                  defaultMessage="Only agents and admins see internal notes."
                />
              </Typography.Text>
            )}
          </Flex>
        )}
        <Input.TextArea
          ref={(instance) => {
            textArea.current = instance?.resizableTextArea?.textArea ?? null;
          }}
          aria-label={label}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `composer-${ticket.id}-error` : undefined}
          placeholder={
            internal
              ? intl.formatMessage({
                  id: 'conversation.composer.notePlaceholder',
                  defaultMessage: 'Write a note for the team…',
                })
              : intl.formatMessage({
                  id: 'conversation.composer.replyPlaceholder',
                  defaultMessage: 'Write your reply…',
                })
          }
          dir="auto"
          value={body}
          onChange={(event) => changeBody(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={typing.stopped}
          // Read-only while sending: text typed then would be discarded with the sent draft.
          readOnly={sending}
          rows={5}
          status={invalid ? 'error' : undefined}
          count={{ show: ({ count }) => countText(intl, count), max: LIMITS.body.max }}
          style={internal ? { background: token.colorWarningBgHover } : undefined}
        />
        {unfilled.length > 0 && (
          <Typography.Text type="warning" role="status">
            <FormattedMessage
              id="conversation.composer.unfilled"
              defaultMessage="Not filled in: {placeholders} — edit before sending."
              values={{ placeholders: intl.formatList(unfilled, { type: 'unit', style: 'short' }) }}
            />
          </Typography.Text>
        )}
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
            message={refusal.text}
            description={
              <FormattedMessage
                id="conversation.composer.refusalKept"
                defaultMessage="Your text is kept; send it again when ready."
              />
            }
          />
        )}
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Typography.Text type="secondary">
            {uploadHint ?? (
              <FormattedMessage
                id="conversation.composer.shortcutHint"
                defaultMessage="Ctrl+Enter (⌘+Enter) sends. Your draft is saved on this device."
              />
            )}
          </Typography.Text>
          <ComposerSendButton
            label={
              staff
                ? intl.formatMessage({ id: 'conversation.composer.send', defaultMessage: 'Send' })
                : intl.formatMessage({ id: 'conversation.composer.sendReply', defaultMessage: 'Send reply' })
            }
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
