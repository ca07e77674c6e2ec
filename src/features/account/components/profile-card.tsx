/**
 * The account page's profile card (DESIGN §9): the person's picture — uploaded with a preview, a
 * clear sentence for a wrong type or size, and "Try again" when the upload fails — and their
 * display name (what they type stays in the field when it is refused).
 */
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { PageTitle } from '@/components/page-title';
import { PersonAvatar } from '@/components/person-avatar';
import { AVATAR_TYPES } from '@/domain/avatars';
import { avatarFileSchema } from '@/domain/schemas';
import { displayNameSchema } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import {
  useRemoveAvatarMutation,
  useSetOwnDisplayNameMutation,
  useUploadAvatarMutation,
} from '@/features/account/api/account-api';
import { useAuthFieldIssues } from '@/lib/i18n/field-issues';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { zodRule } from '@/lib/zod-rule';

/** The picture: shown large, changed from a file, removed. */
function AvatarPicker({ user }: { user: UserProfile }) {
  const intl = useIntl();
  const friendly = useFriendlyMessage();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadAvatarMutation();
  const [remove, { isLoading: removing }] = useRemoveAvatarMutation();
  const runWithFeedback = useMutationFeedback();
  const [problem, setProblem] = useState<{ text: string; retry: File | null } | null>(null);

  const send = async (file: File) => {
    const checked = avatarFileSchema.safeParse({ size: file.size, contentType: file.type });
    if (!checked.success) {
      const tooBig = file.size > 0 && checked.error.issues.some((issue) => issue.code === 'too_big');
      setProblem({
        text: tooBig
          ? intl.formatMessage({
              id: 'account.avatar.tooBig',
              defaultMessage: 'A picture is at most 2 MB. Choose a smaller image.',
            })
          : intl.formatMessage({
              id: 'account.avatar.badType',
              defaultMessage: 'A picture is a PNG, JPEG, GIF or WebP image.',
            }),
        retry: null,
      });
      return;
    }
    setProblem(null);
    const outcome = await upload({
      uid: user.uid,
      file: { name: file.name, size: file.size, contentType: file.type, data: file },
    });
    if ('error' in outcome)
      setProblem({ text: friendly(outcome.error as { code: string; message: string }), retry: file });
  };

  return (
    <Flex gap="middle" align="center" wrap>
      <PersonAvatar uid={user.uid} name={user.displayName} hasPhoto={Boolean(user.photoPath)} size={72} />
      <Flex vertical gap="small" style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Flex gap="small" wrap>
          <Button onClick={() => input.current?.click()} loading={isLoading}>
            {user.photoPath ? (
              <FormattedMessage id="account.avatar.change" defaultMessage="Change picture" />
            ) : (
              <FormattedMessage id="account.avatar.add" defaultMessage="Add a picture" />
            )}
          </Button>
          {user.photoPath ? (
            <Button
              loading={removing}
              onClick={() =>
                void runWithFeedback(
                  remove({ uid: user.uid }),
                  intl.formatMessage({ id: 'account.avatar.removed', defaultMessage: 'Your picture was removed.' }),
                )
              }
            >
              <FormattedMessage id="account.avatar.remove" defaultMessage="Remove picture" />
            </Button>
          ) : null}
        </Flex>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          aria-label={intl.formatMessage({ id: 'account.avatar.file', defaultMessage: 'Picture file' })}
          data-testid="avatar-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
        {isLoading ? <Progress percent={100} status="active" showInfo={false} size="small" /> : null}
        <Typography.Text type="secondary">
          <FormattedMessage
            id="account.avatar.help"
            defaultMessage="PNG, JPEG, GIF or WebP, up to 2 MB. Everyone on the desk sees it beside your messages."
          />
        </Typography.Text>
        {problem ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={problem.text}
            action={
              problem.retry ? (
                <Button size="small" onClick={() => problem.retry && void send(problem.retry)}>
                  <FormattedMessage id="account.avatar.retry" defaultMessage="Try again" />
                </Button>
              ) : undefined
            }
          />
        ) : null}
      </Flex>
    </Flex>
  );
}

/** The display name, changed in place. */
function DisplayNameForm({ user }: { user: UserProfile }) {
  const intl = useIntl();
  const issues = useAuthFieldIssues();
  const [save, { isLoading }] = useSetOwnDisplayNameMutation();
  const runWithFeedback = useMutationFeedback();
  return (
    <Form<{ displayName: string }>
      layout="inline"
      requiredMark={false}
      initialValues={{ displayName: user.displayName }}
      onFinish={({ displayName }) =>
        void runWithFeedback(
          save(displayName),
          intl.formatMessage({ id: 'account.name.saved', defaultMessage: 'Your name is saved.' }),
        )
      }
      style={{ rowGap: 8 }}
    >
      <Form.Item
        name="displayName"
        label={intl.formatMessage({ id: 'account.name', defaultMessage: 'Name' })}
        rules={[zodRule(displayNameSchema, issues.name)]}
        style={{ flex: '1 1 240px' }}
      >
        <Input autoComplete="name" dir="auto" />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={isLoading}>
          <FormattedMessage id="account.name.save" defaultMessage="Save name" />
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The page's first card: its heading, the picture, the name and the role. */
export function ProfileCard({ user }: { user: UserProfile }) {
  const labels = useLabels();
  const intl = useIntl();
  return (
    <Card
      title={
        <PageTitle>
          <FormattedMessage id="account.title" defaultMessage="Your account" />
        </PageTitle>
      }
    >
      <Flex vertical gap="large">
        <AvatarPicker user={user} />
        <DisplayNameForm user={user} />
        <Descriptions
          column={1}
          items={[
            {
              key: 'role',
              label: intl.formatMessage({ id: 'account.role', defaultMessage: 'Role' }),
              children: labels.role(user.role),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
