/**
 * A new request (route `/requests/new`, or `/requests/new?followUpOf=<closed ticket id>` for a
 * follow-up, DESIGN §2): subject, description, category, priority and attachments, with
 * DESIGN §3's limits as messages under each field, reCAPTCHA when configured (DESIGN §7), and
 * the form kept as a persisted draft of the signed-in person so nothing typed is lost — not to a
 * reload, not to a refusal — and a submit retried after a reload reuses the draft's client ids.
 * On success the customer lands on the new request.
 *
 * Plain controlled antd inputs rather than antd `Form` (too heavy for the route's gzip budget).
 */
import { PageTitle } from '@/components/page-title';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import {
  RequestFields,
  requestFieldProblems,
  requestFieldValues,
  requestFormFields,
} from '@/features/tickets/requests/components/request-fields';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { newClientId } from '@/lib/ids';

/** The "(optional)" after a field's name, quieter than the name. */
function optional(chunks: ReactNode[]) {
  return (
    <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
      {chunks}
    </Typography.Text>
  );
}

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
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id} style={{ fontWeight: 500 }}>
        {label}
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
  const intl = useIntl();
  const labels = useLabels();
  const friendlyMessage = useFriendlyMessage();
  if (error) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={intl.formatMessage({
          id: 'requests.followUp.unreadableTitle',
          defaultMessage: 'The request to follow up cannot be opened',
        })}
        description={
          <FormattedMessage
            id="requests.followUp.unreadableDescription"
            defaultMessage="{error} <link>Write a new request instead</link>."
            values={{
              error: friendlyMessage(error),
              link: (chunks) => <Link to="/requests/new">{chunks}</Link>,
            }}
          />
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
        message={intl.formatMessage(
          {
            id: 'requests.followUp.notClosedTitle',
            defaultMessage: 'Request #{number} is {status}, not closed',
          },
          { number: original.number, status: labels.status(original.status).toLocaleLowerCase(intl.locale) },
        )}
        description={
          <FormattedMessage
            id="requests.followUp.notClosedDescription"
            defaultMessage="Only a closed request gets a follow-up. <reply>Reply on #{number}</reply> instead, or <new>write a new request</new>."
            values={{
              number: original.number,
              reply: (chunks) => <Link to={`/requests/${original.id}`}>{chunks}</Link>,
              new: (chunks) => <Link to="/requests/new">{chunks}</Link>,
            }}
          />
        }
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      message={
        <FormattedMessage
          id="requests.followUp.title"
          defaultMessage="Follow-up to <link>#{number} {subject}</link>"
          values={{
            number: original.number,
            subject: original.subject,
            link: (chunks) => (
              <Link to={`/requests/${original.id}`} dir="auto">
                {chunks}
              </Link>
            ),
          }}
        />
      }
      description={intl.formatMessage({
        id: 'requests.followUp.description',
        defaultMessage:
          'That request is closed; this new one will be linked to it so the support team sees the history.',
      })}
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
  const intl = useIntl();
  const labels = useLabels();
  const friendlyMessage = useFriendlyMessage();
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
  const { data: definitionsData } = useWatchFieldsQuery();
  const formFields = requestFormFields(definitionsData?.value ?? []);
  const fieldDrafts = values.fields ?? {};
  const fieldProblems = requestFieldProblems(formFields, fieldDrafts);
  const [fieldsLeft, setFieldsLeft] = useState<Record<string, boolean>>({});
  const shownFieldProblems = Object.fromEntries(
    Object.entries(fieldProblems).filter(([key]) => submitTried || fieldsLeft[key]),
  );
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
    ? intl.formatMessage({
        id: 'requests.newRequest.blockedByFailedUpload',
        defaultMessage: 'An attachment failed to upload: retry or remove it first.',
      })
    : uploads.busy
      ? intl.formatMessage({
          id: 'requests.newRequest.blockedByUploading',
          defaultMessage: 'Wait for the attachments to finish uploading.',
        })
      : captchaMissing
        ? intl.formatMessage({
            id: 'requests.newRequest.blockedByCaptcha',
            defaultMessage: 'Complete the reCAPTCHA check first.',
          })
        : followUp.loading
          ? intl.formatMessage({
              id: 'requests.newRequest.blockedByLoadingOriginal',
              defaultMessage: 'Loading the request this follows up…',
            })
          : !followUp.usable
            ? intl.formatMessage({
                id: 'requests.newRequest.blockedByNotClosed',
                defaultMessage: 'Only a closed request can be followed up.',
              })
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
    const firstProblem = formFields.find((field) => fieldProblems[field.key] !== undefined);
    if (firstProblem) {
      document.getElementById(`${baseId}-field-${firstProblem.key}`)?.focus();
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
        ...(formFields.length > 0 ? { fields: requestFieldValues(formFields, fieldDrafts) } : {}),
        ...(followUpOf ? { followUpOf } : {}),
        ...(uploads.attachments.length > 0 ? { attachments: uploads.attachments } : {}),
      }),
    );
    if (!outcome.ok) {
      setSubmitError(outcome.error);
      return;
    }
    dispatch(draftDiscarded({ owner: me.uid, key: draftKey }));
    void message.success(
      intl.formatMessage(
        { id: 'requests.newRequest.sent', defaultMessage: 'Request #{number} sent' },
        { number: outcome.data.number },
      ),
    );
    navigate(`/requests/${outcome.data.id}`);
  }

  const subjectId = `${baseId}-subject`;
  const descriptionId = `${baseId}-description`;
  const subjectError = shown('subject');
  const descriptionError = shown('description');

  return (
    <Card
      title={
        <PageTitle>
          {followUpOf ? (
            <FormattedMessage id="requests.newRequest.followUpTitle" defaultMessage="New follow-up request" />
          ) : (
            <FormattedMessage id="requests.newRequest.title" defaultMessage="New request" />
          )}
        </PageTitle>
      }
      style={{ maxWidth: 820 }}
    >
      <form
        noValidate
        aria-label={intl.formatMessage({ id: 'requests.newRequest.formLabel', defaultMessage: 'New request' })}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Flex vertical gap={20}>
          {followUpOf && <FollowUpNotice original={followUp.original} error={followUp.error} />}
          <Field
            id={subjectId}
            label={intl.formatMessage({ id: 'requests.newRequest.subjectLabel', defaultMessage: 'Subject' })}
            error={subjectError}
          >
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
              placeholder={intl.formatMessage({
                id: 'requests.newRequest.subjectPlaceholder',
                defaultMessage: 'In a few words, what do you need help with?',
              })}
              dir="auto"
              autoFocus={!followUpOf}
            />
          </Field>
          <Field
            id={descriptionId}
            label={intl.formatMessage({ id: 'requests.newRequest.descriptionLabel', defaultMessage: 'Description' })}
            error={descriptionError}
          >
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
              placeholder={intl.formatMessage({
                id: 'requests.newRequest.descriptionPlaceholder',
                defaultMessage:
                  'What happened, what did you expect, and what have you tried? Include any error message.',
              })}
              dir="auto"
            />
          </Field>
          <Flex gap={32} wrap>
            <Flex vertical gap={4} role="group" aria-labelledby={`${baseId}-category`}>
              <span id={`${baseId}-category`} style={{ fontWeight: 500 }}>
                <FormattedMessage
                  id="requests.newRequest.categoryLabel"
                  defaultMessage="Category <optional>(optional)</optional>"
                  values={{ optional }}
                />
              </span>
              {settings?.value ? (
                <Radio.Group
                  optionType="button"
                  name={`${baseId}-category`}
                  value={values.category}
                  onChange={(event) => change({ category: String(event.target.value) })}
                  options={[
                    {
                      label: intl.formatMessage({ id: 'requests.newRequest.noCategory', defaultMessage: 'Not sure' }),
                      value: '',
                    },
                    ...categories.map((category) => ({ label: <span dir="auto">{category}</span>, value: category })),
                    // A draft may name a category an admin has since removed: keep it visible.
                    ...(values.category && !categories.includes(values.category)
                      ? [{ label: <span dir="auto">{values.category}</span>, value: values.category }]
                      : []),
                  ]}
                />
              ) : settings?.error ? (
                <Typography.Text type="secondary">
                  <FormattedMessage
                    id="requests.newRequest.categoriesUnavailable"
                    defaultMessage="Categories cannot be loaded; you can send without one."
                  />
                </Typography.Text>
              ) : (
                <Skeleton.Button active />
              )}
            </Flex>
            <Flex vertical gap={4} role="group" aria-labelledby={`${baseId}-priority`}>
              <span id={`${baseId}-priority`} style={{ fontWeight: 500 }}>
                <FormattedMessage id="requests.newRequest.priorityLabel" defaultMessage="Priority" />
              </span>
              <Radio.Group
                optionType="button"
                name={`${baseId}-priority`}
                value={values.priority}
                onChange={(event) => change({ priority: event.target.value as Priority })}
                options={PRIORITIES.map((priority) => ({ label: labels.priority(priority), value: priority }))}
              />
            </Flex>
          </Flex>
          {formFields.length > 0 && (
            <RequestFields
              fields={formFields}
              drafts={fieldDrafts}
              problems={shownFieldProblems}
              idPrefix={baseId}
              disabled={sending}
              onChange={(key, draft) => {
                setFieldsLeft((left) => ({ ...left, [key]: true }));
                setValues((current) => ({ ...current, fields: { ...(current.fields ?? {}), [key]: draft } }));
                setSubmitError(null);
              }}
            />
          )}
          {notKept.length > 0 && (
            <Alert
              type="warning"
              showIcon
              closable
              onClose={() => setNotKept([])}
              message={intl.formatMessage(
                {
                  id: 'requests.newRequest.notKeptTitle',
                  defaultMessage:
                    '{count, plural, one {One file was not kept with your draft} other {# files were not kept with your draft}}',
                },
                { count: notKept.length },
              )}
              description={intl.formatMessage(
                {
                  id: 'requests.newRequest.notKeptDescription',
                  defaultMessage:
                    '{count, plural, one {{files} had not finished uploading when the page was closed. Add it again if you still want to send it.} other {{files} had not finished uploading when the page was closed. Add them again if you still want to send them.}}',
                },
                { count: notKept.length, files: intl.formatList(notKept, { type: 'unit', style: 'short' }) },
              )}
            />
          )}
          <Flex vertical gap={4} role="group" aria-labelledby={`${baseId}-attachments`}>
            <span id={`${baseId}-attachments`} style={{ fontWeight: 500 }}>
              <FormattedMessage
                id="requests.newRequest.attachmentsLabel"
                defaultMessage="Attachments <optional>(optional)</optional>"
                values={{ optional }}
              />
            </span>
            <AttachmentPicker uploads={uploads} disabled={sending} />
          </Flex>
          {siteKey && <RecaptchaField siteKey={siteKey} onToken={setCaptchaToken} />}
          {submitError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={intl.formatMessage({
                id: 'requests.newRequest.submitErrorTitle',
                defaultMessage: 'Your request was not sent',
              })}
              description={intl.formatMessage(
                {
                  id: 'requests.newRequest.submitErrorDescription',
                  defaultMessage: '{error} Everything you typed is still here.',
                },
                { error: friendlyMessage(submitError) },
              )}
            />
          )}
          <Flex gap={8} align="center" wrap>
            <Button type="primary" htmlType="submit" loading={sending} disabled={blockedBy !== null}>
              {intl.formatMessage({ id: 'requests.newRequest.send', defaultMessage: 'Send request' })}
            </Button>
            <Button htmlType="button" onClick={() => navigate('/requests')}>
              {intl.formatMessage({ id: 'requests.newRequest.back', defaultMessage: 'Back to my requests' })}
            </Button>
            {blockedBy && <Typography.Text type="secondary">{blockedBy}</Typography.Text>}
          </Flex>
          <Typography.Text type="secondary">
            <FormattedMessage
              id="requests.newRequest.draftNote"
              defaultMessage="Your draft and its uploaded files are kept on this device until you send it, even if you close the page."
            />
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
