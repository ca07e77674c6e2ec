/**
 * Canned replies (`/canned-replies`): the desk's shared answers, written and kept
 * up to date by any agent or admin, with placeholders filled when inserted into a reply.
 * Changes are saved as the whole list (a stale list is refused, nothing is lost from the form).
 */
import { PageCard } from '@/components/page-card';
import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { LiveError } from '@/components/live-error';
import { PLACEHOLDERS } from '@/domain/canned-replies';
import { LIMITS } from '@/domain/limits';
import type { CannedReply } from '@/domain/types';
import { useSaveCannedRepliesMutation } from '@/features/tickets/api/canned-replies-api';
import { useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { newClientId } from '@/lib/ids';

/** The longest title a canned reply may have (`deskSettingsSchema`). */
const TITLE_MAX = 100;

interface Draft {
  /** The reply being edited, or `null` for a new one. */
  id: string | null;
  title: string;
  body: string;
}

const PROBLEMS = defineMessages({
  noTitle: { id: 'cannedReplies.editor.noTitle', defaultMessage: 'A canned reply needs a title.' },
  longTitle: { id: 'cannedReplies.editor.longTitle', defaultMessage: 'A title has at most {max, number} characters.' },
  noText: { id: 'cannedReplies.editor.noText', defaultMessage: 'A canned reply needs some text.' },
  longText: { id: 'cannedReplies.editor.longText', defaultMessage: 'The text has at most {max, number} characters.' },
});

/** What each placeholder stands for (the words of `PLACEHOLDERS`), shown as its tooltip. */
const PLACEHOLDER_MEANINGS: Record<string, MessageDescriptor | undefined> = defineMessages({
  '{{requester.name}}': { id: 'cannedReplies.placeholder.requesterName', defaultMessage: 'the requester’s name' },
  '{{requester.firstName}}': {
    id: 'cannedReplies.placeholder.requesterFirstName',
    defaultMessage: 'the requester’s first name',
  },
  '{{ticket.number}}': { id: 'cannedReplies.placeholder.ticketNumber', defaultMessage: 'the ticket number' },
  '{{ticket.subject}}': { id: 'cannedReplies.placeholder.ticketSubject', defaultMessage: 'the ticket subject' },
  '{{agent.name}}': { id: 'cannedReplies.placeholder.agentName', defaultMessage: 'your name' },
  '{{agent.firstName}}': { id: 'cannedReplies.placeholder.agentFirstName', defaultMessage: 'your first name' },
});

const NEW_REPLY = defineMessage({ id: 'cannedReplies.screen.newReply', defaultMessage: 'New canned reply' });
const DELETE = defineMessage({ id: 'cannedReplies.screen.delete', defaultMessage: 'Delete' });

/** The first problem with a draft: which field, and the sentence saying so. */
interface Problem {
  field: 'title' | 'text';
  message: MessageDescriptor;
  values?: Record<string, number>;
}

/** The first problem with a draft, or `null`. */
function problemWith(draft: Draft): Problem | null {
  const title = draft.title.trim();
  if (title === '') return { field: 'title', message: PROBLEMS.noTitle };
  if (title.length > TITLE_MAX) return { field: 'title', message: PROBLEMS.longTitle, values: { max: TITLE_MAX } };
  if (draft.body.trim() === '') return { field: 'text', message: PROBLEMS.noText };
  if (draft.body.length > LIMITS.body.max) {
    return { field: 'text', message: PROBLEMS.longText, values: { max: LIMITS.body.max } };
  }
  return null;
}

/** The editor of one canned reply. */
function ReplyEditor({
  draft,
  saving,
  onChange,
  onSave,
  onCancel,
}: {
  draft: Draft;
  saving: boolean;
  onChange(draft: Draft): void;
  onSave(): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const [tried, setTried] = useState(false);
  const problem = tried ? problemWith(draft) : null;
  return (
    <form
      aria-label={
        draft.id
          ? intl.formatMessage({ id: 'cannedReplies.editor.editLabel', defaultMessage: 'Edit canned reply' })
          : intl.formatMessage(NEW_REPLY)
      }
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!problemWith(draft)) onSave();
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <label>
          <FormattedMessage id="cannedReplies.editor.title" defaultMessage="Title" />
          <Input
            dir="auto"
            value={draft.title}
            maxLength={TITLE_MAX + 20}
            onChange={(event) => onChange({ ...draft, title: event.target.value })}
            status={problem?.field === 'title' ? 'error' : undefined}
          />
        </label>
        <label>
          <FormattedMessage id="cannedReplies.editor.text" defaultMessage="Text" />
          <Input.TextArea
            dir="auto"
            value={draft.body}
            rows={6}
            onChange={(event) => onChange({ ...draft, body: event.target.value })}
            status={problem?.field === 'text' ? 'error' : undefined}
          />
        </label>
        <Typography.Text type="secondary">
          <FormattedMessage
            id="cannedReplies.editor.placeholders"
            defaultMessage="Placeholders: {tokens}"
            values={{
              tokens: PLACEHOLDERS.map(({ token, meaning }) => {
                const translated = PLACEHOLDER_MEANINGS[token];
                return (
                  <span
                    key={token}
                    title={translated ? intl.formatMessage(translated) : meaning}
                    style={{ marginInlineEnd: 8 }}
                  >
                    <Typography.Text code>{token}</Typography.Text>
                  </span>
                );
              }),
            }}
          />
        </Typography.Text>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {intl.formatMessage(problem.message, problem.values)}
          </Typography.Text>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            <FormattedMessage id="cannedReplies.editor.save" defaultMessage="Save" />
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            <FormattedMessage id="cannedReplies.editor.cancel" defaultMessage="Cancel" />
          </Button>
        </Space>
      </Space>
    </form>
  );
}

/** The canned replies screen. */
export default function CannedRepliesScreen() {
  const { data } = useWatchDeskSettingsQuery();
  const [save, { isLoading: saving }] = useSaveCannedRepliesMutation();
  const { token } = theme.useToken();
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft | null>(null);
  const replies = data?.value?.cannedReplies ?? [];

  const runWithFeedback = useMutationFeedback();

  const store = async (next: CannedReply[], done: string): Promise<boolean> =>
    (await runWithFeedback(save(next), done)).ok;

  const saveDraft = async (current: Draft) => {
    const reply: CannedReply = { id: current.id ?? newClientId(), title: current.title.trim(), body: current.body };
    const next = current.id
      ? replies.map((existing) => (existing.id === current.id ? reply : existing))
      : [...replies, reply];
    const done = intl.formatMessage(
      { id: 'cannedReplies.screen.saved', defaultMessage: 'Saved “{title}”.' },
      { title: reply.title },
    );
    if (await store(next, done)) setDraft(null);
  };

  const editorFor = (current: Draft) => (
    <ReplyEditor
      draft={current}
      saving={saving}
      onChange={setDraft}
      onSave={() => void saveDraft(current)}
      onCancel={() => setDraft(null)}
    />
  );

  return (
    <PageCard
      title={<FormattedMessage id="cannedReplies.screen.title" defaultMessage="Canned replies" />}
      action={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={draft !== null || !data?.value}
          onClick={() => setDraft({ id: null, title: '', body: '' })}
        >
          <FormattedMessage {...NEW_REPLY} />
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="cannedReplies.screen.intro"
          defaultMessage="Shared by every agent. In a ticket, “Canned reply” inserts one into the composer with its placeholders filled in."
        />
      </Typography.Paragraph>
      {data?.error && (
        <LiveError
          error={data.error}
          what={intl.formatMessage({ id: 'cannedReplies.screen.loadWhat', defaultMessage: 'the canned replies' })}
        />
      )}
      {draft && draft.id === null && <div style={{ marginBottom: 16 }}>{editorFor(draft)}</div>}
      {data?.value && replies.length === 0 && !draft && (
        <Typography.Paragraph>
          <FormattedMessage id="cannedReplies.screen.empty" defaultMessage="No canned replies yet." />
        </Typography.Paragraph>
      )}
      <ul
        aria-label={intl.formatMessage({ id: 'cannedReplies.screen.list', defaultMessage: 'Canned replies' })}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {replies.map((reply) => (
          <li key={reply.id} style={{ padding: '12px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            {draft?.id === reply.id ? (
              editorFor(draft)
            ) : (
              <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong dir="auto">
                    {reply.title}
                  </Typography.Text>
                  <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                    {reply.body}
                  </Typography.Paragraph>
                </div>
                <Space>
                  <Button
                    disabled={draft !== null}
                    aria-label={intl.formatMessage(
                      { id: 'cannedReplies.screen.editLabel', defaultMessage: 'Edit {title}' },
                      { title: reply.title },
                    )}
                    onClick={() => setDraft({ id: reply.id, title: reply.title, body: reply.body })}
                  >
                    <FormattedMessage id="cannedReplies.screen.edit" defaultMessage="Edit" />
                  </Button>
                  <Popconfirm
                    title={intl.formatMessage(
                      { id: 'cannedReplies.screen.deleteConfirm', defaultMessage: 'Delete “{title}”?' },
                      { title: reply.title },
                    )}
                    okText={intl.formatMessage(DELETE)}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      store(
                        replies.filter((existing) => existing.id !== reply.id),
                        intl.formatMessage(
                          { id: 'cannedReplies.screen.deleted', defaultMessage: 'Deleted “{title}”.' },
                          { title: reply.title },
                        ),
                      )
                    }
                  >
                    <Button
                      danger
                      disabled={draft !== null}
                      aria-label={intl.formatMessage(
                        { id: 'cannedReplies.screen.deleteLabel', defaultMessage: 'Delete {title}' },
                        { title: reply.title },
                      )}
                    >
                      <FormattedMessage {...DELETE} />
                    </Button>
                  </Popconfirm>
                </Space>
              </div>
            )}
          </li>
        ))}
      </ul>
    </PageCard>
  );
}
