/**
 * Password reset: asks for the email (and reCAPTCHA when configured) and sends a reset link.
 * The answer is the same whether or not the email has an account.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { recaptchaSiteKey } from '@/config/config';
import { useSendPasswordResetMutation } from '@/features/auth/api/auth-api';
import { RecaptchaField } from '@/components/recaptcha-field';
import { emailSchema } from '@/domain/schemas';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { zodRule } from '@/lib/zod-rule';
import { useAuthFieldIssues } from '@/lib/i18n/field-issues';
import { Panel } from '@/components/panel';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';

/** The password-reset screen (route `/reset-password`). */
export default function ResetPasswordScreen() {
  const siteKey = recaptchaSiteKey();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [sendReset, { isLoading, isSuccess, error, data, originalArgs }] = useSendPasswordResetMutation();
  const intl = useIntl();
  const issues = useAuthFieldIssues();
  const friendlyMessage = useFriendlyMessage();
  const [form] = Form.useForm<{ email: string }>();
  const fields = useRef<HTMLDivElement>(null);
  const adoptShown = useTypedBeforeHydration(fields, (field) => {
    if (field.id === 'email') form.setFieldValue('email', field.value);
  });

  if (isSuccess && data) {
    return (
      <Panel>
        <Alert
          type="success"
          showIcon
          message={<FormattedMessage id="auth.resetPassword.sentTitle" defaultMessage="Check your inbox" />}
          description={
            !data.sendsEmail ? (
              <FormattedMessage
                id="auth.resetPassword.localBuild"
                defaultMessage="This is the local demo build: it sends no email. Use a demo account shown on the sign-in page, or create a new account."
              />
            ) : originalArgs ? (
              <FormattedMessage
                id="auth.resetPassword.sent"
                defaultMessage="If {email} has an account, a link to choose a new password is on its way."
                values={{ email: <span dir="auto">{originalArgs}</span> }}
              />
            ) : (
              <FormattedMessage
                id="auth.resetPassword.sentNoAddress"
                defaultMessage="If that address has an account, a link to choose a new password is on its way."
              />
            )
          }
          style={{ marginBottom: 16 }}
        />
        <Link to="/sign-in">
          <Button type="primary">
            <FormattedMessage id="auth.resetPassword.backButton" defaultMessage="Back to sign in" />
          </Button>
        </Link>
      </Panel>
    );
  }

  return (
    <Panel title={<FormattedMessage id="auth.resetPassword.title" defaultMessage="Reset your password" />}>
      {error && (
        <Alert type="error" showIcon role="alert" message={friendlyMessage(error)} style={{ marginBottom: 16 }} />
      )}
      {/* What the fields show is what is sent (src/lib/use-typed-before-hydration.ts). */}
      <div ref={fields} onSubmitCapture={adoptShown}>
        <Form<{ email: string }>
          form={form}
          // The app's messages, not the browser's bubble over them (its own check of type=email).
          noValidate
          // Without JavaScript (the pre-rendered page) a submit does nothing: no reload, nothing sent.
          method="dialog"
          layout="vertical"
          requiredMark={false}
          disabled={isLoading}
          onFinish={({ email }) => void sendReset(email)}
        >
          <Form.Item
            name="email"
            label={intl.formatMessage({ id: 'auth.resetPassword.emailLabel', defaultMessage: 'Email' })}
            rules={[zodRule(emailSchema, issues.email)]}
            extra={intl.formatMessage({
              id: 'auth.resetPassword.emailHelp',
              defaultMessage: 'We will send a link to choose a new password.',
            })}
          >
            <Input type="email" dir="auto" autoComplete="email" autoFocus />
          </Form.Item>
          {siteKey && (
            <Form.Item>
              <RecaptchaField siteKey={siteKey} onToken={setCaptchaToken} />
            </Form.Item>
          )}
          <Form.Item style={{ marginBottom: 8 }}>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={isLoading}
              disabled={siteKey !== null && !captchaToken}
            >
              <FormattedMessage id="auth.resetPassword.submit" defaultMessage="Send reset link" />
            </Button>
          </Form.Item>
        </Form>
      </div>
      <Link to="/sign-in">
        <FormattedMessage id="auth.resetPassword.backLink" defaultMessage="Back to sign in" />
      </Link>
    </Panel>
  );
}
