/**
 * Canned replies (`/canned-replies`): the desk's shared answers, written and kept
 * up to date by any agent or admin, with placeholders filled when inserted into a reply.
 * Changes are saved as the whole list (a stale list is refused, nothing is lost from the form).
 */
import { PageTitle } from '@/components/page-title';
import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
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

/** The first problem with a draft, as a sentence, or `null`. */
function problemWith(draft: Draft): string | null {
  const title = draft.title.trim();
  if (title === '') return 'A canned reply needs a title.';
  if (title.length > TITLE_MAX) return `A title has at most ${TITLE_MAX} characters.`;
  if (draft.body.trim() === '') return 'A canned reply needs some text.';
  if (draft.body.length > LIMITS.body.max)
    return `The text has at most ${LIMITS.body.max.toLocaleString('en')} characters.`;
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
  const [tried, setTried] = useState(false);
  const problem = tried ? problemWith(draft) : null;
  return (
    <form
      aria-label={draft.id ? 'Edit canned reply' : 'New canned reply'}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!problemWith(draft)) onSave();
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <label>
          Title
          <Input
            value={draft.title}
            maxLength={TITLE_MAX + 20}
            onChange={(event) => onChange({ ...draft, title: event.target.value })}
            status={problem && problem.includes('title') ? 'error' : undefined}
          />
        </label>
        <label>
          Text
          <Input.TextArea
            value={draft.body}
            rows={6}
            onChange={(event) => onChange({ ...draft, body: event.target.value })}
            status={problem && problem.includes('text') ? 'error' : undefined}
          />
        </label>
        <Typography.Text type="secondary">
          Placeholders:{' '}
          {PLACEHOLDERS.map(({ token, meaning }) => (
            <span key={token} title={meaning} style={{ marginInlineEnd: 8 }}>
              <Typography.Text code>{token}</Typography.Text>
            </span>
          ))}
        </Typography.Text>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
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
    if (await store(next, `Saved “${reply.title}”.`)) setDraft(null);
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
    <Card
      title={<PageTitle>Canned replies</PageTitle>}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={draft !== null || !data?.value}
          onClick={() => setDraft({ id: null, title: '', body: '' })}
        >
          New canned reply
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Shared by every agent. In a ticket, “Canned reply” inserts one into the composer with its placeholders filled
        in.
      </Typography.Paragraph>
      {data?.error && <LiveError error={data.error} what="the canned replies" />}
      {draft && draft.id === null && <div style={{ marginBottom: 16 }}>{editorFor(draft)}</div>}
      {data?.value && replies.length === 0 && !draft && (
        <Typography.Paragraph>No canned replies yet.</Typography.Paragraph>
      )}
      <ul aria-label="Canned replies" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {replies.map((reply) => (
          <li key={reply.id} style={{ padding: '12px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            {draft?.id === reply.id ? (
              editorFor(draft)
            ) : (
              <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong>{reply.title}</Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                    {reply.body}
                  </Typography.Paragraph>
                </div>
                <Space>
                  <Button
                    disabled={draft !== null}
                    aria-label={`Edit ${reply.title}`}
                    onClick={() => setDraft({ id: reply.id, title: reply.title, body: reply.body })}
                  >
                    Edit
                  </Button>
                  <Popconfirm
                    title={`Delete “${reply.title}”?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      store(
                        replies.filter((existing) => existing.id !== reply.id),
                        `Deleted “${reply.title}”.`,
                      )
                    }
                  >
                    <Button danger disabled={draft !== null} aria-label={`Delete ${reply.title}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                </Space>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
