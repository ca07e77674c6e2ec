/**
 * The account page's security and data cards (DESIGN §9): change the password (the current one
 * first), download "my data" as a JSON file, and delete the account (with the password, after
 * saying what stays and what goes).
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { SectionTitle } from '@/components/page-title';
import { passwordSchema } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import {
  useChangePasswordMutation,
  useDeleteOwnAccountMutation,
  useExportOwnDataMutation,
} from '@/features/account/api/account-api';
import { useAuthFieldIssues } from '@/lib/i18n/field-issues';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { zodRule } from '@/lib/zod-rule';
import { downloadFile } from '@/lib/download-file';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change the password: current, new, new again. A wrong current password changes nothing. */
export function PasswordCard() {
  const intl = useIntl();
  const issues = useAuthFieldIssues();
  const friendly = useFriendlyMessage();
  const [form] = Form.useForm<PasswordValues>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async ({ currentPassword, newPassword }: PasswordValues) => {
    const answer = await change({ currentPassword, newPassword });
    if ('error' in answer) {
      setOutcome({ ok: false, text: friendly(answer.error as { code: string; message: string }) });
      return;
    }
    form.resetFields();
    setOutcome({
      ok: true,
      text: intl.formatMessage({ id: 'account.password.changed', defaultMessage: 'Your password is changed.' }),
    });
  };

  return (
    <Card
      title={
        <SectionTitle>
          <FormattedMessage id="account.password.title" defaultMessage="Password" />
        </SectionTitle>
      }
    >
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="currentPassword"
          label={intl.formatMessage({ id: 'account.password.current', defaultMessage: 'Current password' })}
          rules={[
            {
              required: true,
              message: intl.formatMessage({
                id: 'account.password.currentMissing',
                defaultMessage: 'Enter your current password.',
              }),
            },
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={intl.formatMessage({ id: 'account.password.new', defaultMessage: 'New password' })}
          rules={[zodRule(passwordSchema, issues.password)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={intl.formatMessage({ id: 'account.password.confirm', defaultMessage: 'New password again' })}
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(
                        intl.formatMessage({
                          id: 'account.password.mismatch',
                          defaultMessage: 'The two new passwords differ.',
                        }),
                      ),
                    ),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit" loading={isLoading}>
          <FormattedMessage id="account.password.submit" defaultMessage="Change password" />
        </Button>
      </Form>
      <div aria-live="polite">
        {outcome ? (
          <Alert
            style={{ marginTop: 16, maxWidth: 420 }}
            type={outcome.ok ? 'success' : 'error'}
            showIcon
            message={outcome.text}
          />
        ) : null}
      </div>
    </Card>
  );
}

/** Downloads a JSON document. */
function download(fileName: string, data: unknown): void {
  downloadFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

/** "Export my data" and "Delete my account". */
export function DataCard({ user }: { user: UserProfile }) {
  const intl = useIntl();
  const friendly = useFriendlyMessage();
  const runWithFeedback = useMutationFeedback();
  const [exportData, { isLoading: exporting }] = useExportOwnDataMutation();
  const [deleteAccount, { isLoading: deleting }] = useDeleteOwnAccountMutation();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const exportNow = async () => {
    const outcome = await runWithFeedback(
      exportData(),
      intl.formatMessage({ id: 'account.export.done', defaultMessage: 'Your data is downloaded.' }),
    );
    if (outcome.ok) download(`triage-my-data-${new Date().toISOString().slice(0, 10)}.json`, outcome.data);
  };

  const deleteNow = async () => {
    if (password === '') {
      setRefusal(intl.formatMessage({ id: 'account.delete.passwordMissing', defaultMessage: 'Enter your password.' }));
      return;
    }
    const answer = await deleteAccount(password);
    if ('error' in answer) setRefusal(friendly(answer.error as { code: string; message: string }));
    // On success the session ends and the app shows the sign-in page.
  };

  return (
    <Card
      title={
        <SectionTitle>
          <FormattedMessage id="account.data.title" defaultMessage="Your data" />
        </SectionTitle>
      }
    >
      <Flex vertical gap="middle" align="start">
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage
            id="account.export.help"
            defaultMessage="Download your profile and your requests with their public replies, as a JSON file."
          />
        </Typography.Paragraph>
        <Button loading={exporting} onClick={() => void exportNow()}>
          <FormattedMessage id="account.export.button" defaultMessage="Download my data" />
        </Button>
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage
            id="account.delete.help"
            defaultMessage="Deleting your account removes your sign-in and your profile. Your requests stay with the support team, under “Deleted user”."
          />
        </Typography.Paragraph>
        <Button danger onClick={() => setConfirming(true)}>
          <FormattedMessage id="account.delete.button" defaultMessage="Delete my account" />
        </Button>
      </Flex>
      <Modal
        open={confirming}
        title={intl.formatMessage({ id: 'account.delete.title', defaultMessage: 'Delete your account?' })}
        okText={intl.formatMessage({ id: 'account.delete.confirm', defaultMessage: 'Delete my account' })}
        cancelText={intl.formatMessage({ id: 'account.delete.cancel', defaultMessage: 'Keep my account' })}
        okButtonProps={{ danger: true, loading: deleting }}
        onOk={() => void deleteNow()}
        onCancel={() => {
          setConfirming(false);
          setPassword('');
          setRefusal(null);
        }}
        destroyOnHidden
      >
        <Flex vertical gap="small">
          <Typography.Paragraph style={{ margin: 0 }}>
            <FormattedMessage
              id="account.delete.consequence"
              defaultMessage="You, {email}, can no longer sign in, and this cannot be undone. Enter your password to confirm."
              values={{ email: user.email }}
            />
          </Typography.Paragraph>
          <label htmlFor="delete-password">
            <FormattedMessage id="account.delete.password" defaultMessage="Your password" />
          </label>
          <Input.Password
            id="delete-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onPressEnter={() => void deleteNow()}
            status={refusal ? 'error' : undefined}
            aria-describedby={refusal ? 'delete-refusal' : undefined}
          />
          {refusal ? (
            <Typography.Text id="delete-refusal" type="danger" role="alert">
              {refusal}
            </Typography.Text>
          ) : null}
        </Flex>
      </Modal>
    </Card>
  );
}
