/**
 * A new request (route `/requests/new`, or `/requests/new?followUpOf=<closed ticket id>` for a
 * follow-up, DESIGN §2): subject, description, category, priority and attachments, with
 * DESIGN §3's limits as messages under each field, reCAPTCHA when configured (DESIGN §7), and
 * the form kept as a persisted draft of the signed-in person so nothing typed is lost — not to a
 * reload, not to a refusal — and a submit retried after a reload reuses the draft's client ids.
 * On success the customer lands on the new request.
 *
 * Plain controlled antd inputs rather than antd `Form` (≈30 KiB gzip), as the bundle budget asks.
 */
import { PageTitle } from '@/components/page-title';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input, { type InputRef } from 'antd/es/input/Input';
import TextArea, { type TextAreaRef } from 'antd/es/input/TextArea';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { recaptchaSiteKey } from '@/config/config';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppDispatch, useAppSelector, useAppStore } from '@/lib/store/store-hooks';
import { RecaptchaField } from '@/components/recaptcha-field';
import type { ErrorShape } from '@/domain/errors/errors';
import { statusLabel } from '@/domain/lifecycle';
import { LIMITS } from '@/domain/limits';
import { bodySchema, firstIssueMessage, subjectSchema } from '@/domain/schemas';
import { PRIORITIES, type Priority, type Ticket, type UserProfile } from '@/domain/types';
import { useCreateTicketMutation, useWatchTicketQuery } from '@/features/tickets/api/ticket-api';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { AttachmentPicker } from '@/features/tickets/conversation/components/attachment-picker';
import { useAttachmentUploads } from '@/features/tickets/conversation/components/attachment-uploads';
import { confirmSendingWithout, leftOutFiles } from '@/features/tickets/conversation/components/left-out-files';
import {
  draftDiscarded,
  newRequestDraftKey,
  requestDraftSaved,
  selectRequestDraft,
  selectDraftsRehydrated,
  type DraftsRootState,
  type RequestDraft,
  type RequestDraftFiles,
} from '@/features/tickets/conversation/slice/drafts-slice';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { friendlyMessage } from '@/lib/error-messages';
import { newClientId } from '@/lib/ids';
import { PRIORITY_LABELS } from '@/features/tickets/ticket-labels';

const EMPTY_REQUEST: RequestDraft = { subject: '', description: '', priority: 'normal', category: '' };

/** Fields with a limit of their own (DESIGN §3). */
type CheckedField = 'subject' | 'description';

/**
 * The first DESIGN §3 message for each checked field, or none when the value is fine.
 * The domain schemas give the sentences, so the form and the backend say the same thing.
 */
function fieldErrors(values: RequestDraft): Partial<Record<CheckedField, string>> {
  const errors: Partial<Record<CheckedField, string>> = {};
  const subject = subjectSchema.safeParse(values.subject);
  if (!subject.success) errors.subject = firstIssueMessage(subject.error);
  const description = bodySchema.safeParse(values.description);
  if (!description.success) errors.description = firstIssueMessage(description.error);
  return errors;
}

/** The subject a follow-up starts with: the closed request's, marked as a reply, within the limit. */
function followUpSubject(original: Pick<Ticket, 'subject'>): string {
  const subject = /^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`;
  return subject.slice(0, LIMITS.subject.max);
}

/** A labelled field with its DESIGN §3 message underneath (linked for screen readers). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id} style={{ fontWeight: 500 }}>
        {label}
        {hint && (
          <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
            {' '}
            {hint}
          </Typography.Text>
        )}
      </label>
      {children}
      {error && (
        <Typography.Text type="danger" id={`${id}-error`} role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The closed request a follow-up continues (live), when the form is a follow-up.
 * @returns `original` (null while loading or when unreadable), the read `error`, `loading`,
 *   and `usable`: no follow-up at all, or an original that is closed (DESIGN §2: only a closed
 *   request gets a follow-up; the backend refuses any other).
 */
function useFollowUpOriginal(followUpOf: string | undefined) {
  const { data } = useWatchTicketQuery(followUpOf ?? '', { skip: !followUpOf });
  const original = data?.value ?? null;
  const error = data?.error ?? null;
  const loading = Boolean(followUpOf) && !original && !error;
  const usable = !followUpOf || original?.status === 'closed';
  return { original, error, loading, usable };
}

function FollowUpNotice({ original, error }: { original: Ticket | null; error: ErrorShape | null }) {
  if (error) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message="The request to follow up cannot be opened"
        description={
          <>
            {friendlyMessage(error)} <Link to="/requests/new">Write a new request instead</Link>.
          </>
        }
      />
    );
  }
  if (!original) return <Skeleton.Input active block />;
  if (original.status !== 'closed') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={`Request #${original.number} is ${statusLabel(original.status).toLowerCase()}, not closed`}
        description={
          <>
            Only a closed request gets a follow-up.{' '}
            <Link to={`/requests/${original.id}`}>Reply on #{original.number}</Link> instead, or{' '}
            <Link to="/requests/new">write a new request</Link>.
          </>
        }
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      message={
        <>
          Follow-up to{' '}
          <Link to={`/requests/${original.id}`}>
            #{original.number} {original.subject}
          </Link>
        </>
      }
      description="That request is closed; this new one will be linked to it so the support team sees the history."
    />
  );
}

/**
 * The form itself, for the person `me`; mounted once the persisted drafts are back, so their
 * saved draft fills it.
 */
function NewRequestForm({ followUpOf, me }: { followUpOf?: string; me: UserProfile }) {
  const store = useAppStore<DraftsRootState>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message, modal } = AntApp.useApp();
  const draftKey = newRequestDraftKey(followUpOf);
  const [saved] = useState(() => selectRequestDraft(store.getState(), me.uid, draftKey));
  const [values, setValues] = useState<RequestDraft>(saved?.values ?? EMPTY_REQUEST);
  // DESIGN §3: client ids, kept across retries — and, in the draft, across reloads — so a
  // retried submit (after a lost answer) resolves with the same ticket instead of making a
  // second. A sent request's draft goes with its ids; the next form gets new ones.
  const [ids] = useState(() => saved?.ids ?? { ticketId: newClientId(), messageId: newClientId() });
  // Uploaded files are stored under the draft's ids: a reload keeps them. Files not uploaded
  // when the page went are named once, so the person knows to add them again.
  const uploads = useAttachmentUploads(ids.ticketId, ids.messageId, saved?.files.attachments);
  const [notKept, setNotKept] = useState<string[]>(() => saved?.files.unfinished ?? []);
  // A field's message shows once it was edited and left, or after a send. Leaving a field
  // never typed in shows nothing: the message would appear under it on the way to "Send
  // request", push the button down under the pointer, and swallow that click (one error per
  // click on an untouched form).
  const [touched, setTouched] = useState<Partial<Record<CheckedField, boolean>>>({});
  const edited = useRef<Partial<Record<CheckedField, boolean>>>({});
  const leave = (field: CheckedField) => {
    if (edited.current[field]) setTouched((t) => ({ ...t, [field]: true }));
  };
  const [submitTried, setSubmitTried] = useState(false);
  const [submitError, setSubmitError] = useState<ErrorShape | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [createTicket, { isLoading: sending }] = useCreateTicketMutation();
  const { data: settings } = useWatchDeskSettingsQuery();
  const followUp = useFollowUpOriginal(followUpOf);
  const siteKey = recaptchaSiteKey();
  const baseId = useId();
  const subjectRef = useRef<InputRef>(null);
  const descriptionRef = useRef<TextAreaRef>(null);

  const categories = settings?.value?.categories ?? [];
  const errors = fieldErrors(values);
  const shown = (field: CheckedField) => (submitTried || touched[field] ? errors[field] : undefined);

  // A follow-up starts with the closed request's subject, unless something was typed already.
  const prefilled = useRef(false);
  const original = followUp.original;
  useEffect(() => {
    if (prefilled.current || !original || original.status !== 'closed') return;
    prefilled.current = true;
    setValues((current) => (current.subject === '' ? { ...current, subject: followUpSubject(original) } : current));
  }, [original]);

  // Every change is saved as the draft (redux-persist writes it to localStorage), files included.
  const files: RequestDraftFiles = {
    attachments: uploads.attachments,
    unfinished: [
      ...notKept,
      ...uploads.items
        .filter((item) => item.state === 'uploading' || item.state === 'failed' || item.state === 'cancelled')
        .map((item) => item.name),
    ],
  };
  // Upload progress changes the items many times a second; the draft changes only with its files.
  const filesKey = JSON.stringify(files);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    dispatch(
      requestDraftSaved({
        owner: me.uid,
        key: draftKey,
        draft: values,
        ids,
        files: JSON.parse(filesKey) as RequestDraftFiles,
        updatedAt: new Date().toISOString(),
      }),
    );
  }, [dispatch, me.uid, draftKey, values, ids, filesKey]);

  function change(patch: Partial<RequestDraft>) {
    setValues((current) => ({ ...current, ...patch }));
    setSubmitError(null);
  }

  const captchaMissing = siteKey !== null && captchaToken === null;
  const blockedBy = uploads.hasFailures
    ? 'An attachment failed to upload: retry or remove it first.'
    : uploads.busy
      ? 'Wait for the attachments to finish uploading.'
      : captchaMissing
        ? 'Complete the reCAPTCHA check first.'
        : followUp.loading
          ? 'Loading the request this follows up…'
          : !followUp.usable
            ? 'Only a closed request can be followed up.'
            : null;

  async function submit() {
    setSubmitTried(true);
    if (errors.subject) {
      subjectRef.current?.focus();
      return;
    }
    if (errors.description) {
      descriptionRef.current?.focus();
      return;
    }
    if (blockedBy) return;
    // Refused or cancelled files would silently stay behind: ask first.
    const leftOut = leftOutFiles(uploads.items);
    if (leftOut.length > 0 && !(await confirmSendingWithout(modal, leftOut))) return;
    setSubmitError(null);
    const outcome = await outcomeOf(
      createTicket({
        id: ids.ticketId,
        messageId: ids.messageId,
        subject: values.subject,
        description: values.description,
        priority: values.priority,
        ...(values.category ? { category: values.category } : {}),
        ...(followUpOf ? { followUpOf } : {}),
        ...(uploads.attachments.length > 0 ? { attachments: uploads.attachments } : {}),
      }),
    );
    if (!outcome.ok) {
      setSubmitError(outcome.error);
      return;
    }
    dispatch(draftDiscarded({ owner: me.uid, key: draftKey }));
    void message.success(`Request #${outcome.data.number} sent`);
    navigate(`/requests/${outcome.data.id}`);
  }

  const subjectId = `${baseId}-subject`;
  const descriptionId = `${baseId}-description`;
  const subjectError = shown('subject');
  const descriptionError = shown('description');

  return (
    <Card
      title={<PageTitle>{followUpOf ? 'New follow-up request' : 'New request'}</PageTitle>}
      style={{ maxWidth: 820 }}
    >
      <form
        noValidate
        aria-label="New request"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Flex vertical gap={20}>
          {followUpOf && <FollowUpNotice original={followUp.original} error={followUp.error} />}
          <Field id={subjectId} label="Subject" error={subjectError}>
            <Input
              id={subjectId}
              ref={subjectRef}
              value={values.subject}
              onChange={(event) => {
                edited.current.subject = true;
                change({ subject: event.target.value });
              }}
              onBlur={() => leave('subject')}
              status={subjectError ? 'error' : undefined}
              aria-invalid={subjectError ? true : undefined}
              aria-describedby={subjectError ? `${subjectId}-error` : undefined}
              count={{ show: true, max: LIMITS.subject.max }}
              placeholder="In a few words, what do you need help with?"
              autoFocus={!followUpOf}
            />
          </Field>
          <Field id={descriptionId} label="Description" error={descriptionError}>
            <TextArea
              id={descriptionId}
              ref={descriptionRef}
              value={values.description}
              onChange={(event) => {
                edited.current.description = true;
                change({ description: event.target.value });
              }}
              onBlur={() => leave('description')}
              status={descriptionError ? 'error' : undefined}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
              count={{ show: true, max: LIMITS.body.max }}
              // A fixed, resizable height: `autoSize` re-measures the whole form's styles on every keystroke.
              rows={8}
              placeholder="What happened, what did you expect, and what have you tried? Include any error message."
            />
          </Field>
          <Flex gap={32} wrap>
            <Flex vertical gap={4} role="group" aria-labelledby={`${baseId}-category`}>
              <span id={`${baseId}-category`} style={{ fontWeight: 500 }}>
                Category{' '}
                <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                  (optional)
                </Typography.Text>
              </span>
              {settings?.value ? (
                <Radio.Group
                  optionType="button"
                  name={`${baseId}-category`}
                  value={values.category}
                  onChange={(event) => change({ category: String(event.target.value) })}
                  options={[
                    { label: 'Not sure', value: '' },
                    ...categories.map((category) => ({ label: category, value: category })),
                    // A draft may name a category an admin has since removed: keep it visible.
                    ...(values.category && !categories.includes(values.category)
                      ? [{ label: values.category, value: values.category }]
                      : []),
                  ]}
                />
              ) : settings?.error ? (
                <Typography.Text type="secondary">
                  Categories cannot be loaded; you can send without one.
                </Typography.Text>
              ) : (
                <Skeleton.Button active />
              )}
            </Flex>
            <Flex vertical gap={4} role="group" aria-labelledby={`${baseId}-priority`}>
              <span id={`${baseId}-priority`} style={{ fontWeight: 500 }}>
                Priority
              </span>
              <Radio.Group
                optionType="button"
                name={`${baseId}-priority`}
                value={values.priority}
                onChange={(event) => change({ priority: event.target.value as Priority })}
                options={PRIORITIES.map((priority) => ({ label: PRIORITY_LABELS[priority], value: priority }))}
              />
            </Flex>
          </Flex>
          {notKept.length > 0 && (
            <Alert
              type="warning"
              showIcon
              closable
              onClose={() => setNotKept([])}
              message={
                notKept.length === 1
                  ? 'One file was not kept with your draft'
                  : `${notKept.length} files were not kept with your draft`
              }
              description={`${notKept.join(', ')} had not finished uploading when the page was closed. Add ${
                notKept.length === 1 ? 'it' : 'them'
              } again if you still want to send ${notKept.length === 1 ? 'it' : 'them'}.`}
            />
          )}
          <Flex vertical gap={4} role="group" aria-labelledby={`${baseId}-attachments`}>
            <span id={`${baseId}-attachments`} style={{ fontWeight: 500 }}>
              Attachments{' '}
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                (optional)
              </Typography.Text>
            </span>
            <AttachmentPicker uploads={uploads} disabled={sending} />
          </Flex>
          {siteKey && <RecaptchaField siteKey={siteKey} onToken={setCaptchaToken} />}
          {submitError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message="Your request was not sent"
              description={`${friendlyMessage(submitError)} Everything you typed is still here.`}
            />
          )}
          <Flex gap={8} align="center" wrap>
            <Button type="primary" htmlType="submit" loading={sending} disabled={blockedBy !== null}>
              Send request
            </Button>
            <Button htmlType="button" onClick={() => navigate('/requests')}>
              Back to my requests
            </Button>
            {blockedBy && <Typography.Text type="secondary">{blockedBy}</Typography.Text>}
          </Flex>
          <Typography.Text type="secondary">
            Your draft and its uploaded files are kept on this device until you send it, even if you close the page.
          </Typography.Text>
        </Flex>
      </form>
    </Card>
  );
}

/** The new-request screen (route `/requests/new`). */
export default function NewRequestScreen() {
  const [params] = useSearchParams();
  const followUpOf = params.get('followUpOf') || undefined;
  const me = useCurrentUser();
  // Persisted drafts come back asynchronously; wait for them so a saved draft fills the form.
  const rehydrated = useAppSelector(selectDraftsRehydrated);
  if (!rehydrated || !me) return <Skeleton active paragraph={{ rows: 8 }} />;
  // A different person or follow-up is a different form: its own draft and its own client ids.
  return <NewRequestForm key={`${me.uid}:${followUpOf ?? ''}`} followUpOf={followUpOf} me={me} />;
}
