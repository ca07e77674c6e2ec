/**
 * Password reset: asks for the email (and reCAPTCHA when configured) and sends a reset link.
 * The answer is the same whether or not the email has an account.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { recaptchaSiteKey } from '@/config/config';
import { useSendPasswordResetMutation } from '@/features/auth/api/auth-api';
import { RecaptchaField } from '@/components/recaptcha-field';
import { emailSchema } from '@/domain/schemas';
import { friendlyMessage } from '@/lib/error-messages';
import { zodRule } from '@/lib/zod-rule';
import { Panel } from '@/components/panel';

/** The password-reset screen (route `/reset-password`). */
export default function ResetPasswordScreen() {
  const siteKey = recaptchaSiteKey();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [sendReset, { isLoading, isSuccess, error, data, originalArgs }] = useSendPasswordResetMutation();

  if (isSuccess && data) {
    return (
      <Panel>
        <Alert
          type="success"
          showIcon
          message="Check your inbox"
          description={
            data.sendsEmail
              ? `If ${originalArgs ?? 'that address'} has an account, a link to choose a new password is on its way.`
              : 'This is the local demo build: it sends no email. Use a demo account shown on the sign-in page, or create a new account.'
          }
          style={{ marginBottom: 16 }}
        />
        <Link to="/sign-in">
          <Button type="primary">Back to sign in</Button>
        </Link>
      </Panel>
    );
  }

  return (
    <Panel title="Reset your password">
      {error && (
        <Alert type="error" showIcon role="alert" message={friendlyMessage(error)} style={{ marginBottom: 16 }} />
      )}
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        onFinish={({ email }) => void sendReset(email)}
      >
        <Form.Item
          name="email"
          label="Email"
          rules={[zodRule(emailSchema)]}
          extra="We will send a link to choose a new password."
        >
          <Input type="email" autoComplete="email" autoFocus />
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
            Send reset link
          </Button>
        </Form.Item>
      </Form>
      <Link to="/sign-in">Back to sign in</Link>
    </Panel>
  );
}
