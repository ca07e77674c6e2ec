/**
 * Create a customer account (DESIGN §3: sign-up always makes a customer): name, email,
 * password with confirmation, and reCAPTCHA when configured.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { recaptchaSiteKey } from '@/config/config';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { displayNameSchema, emailSchema } from '@/domain/schemas';
import { ThisTabOnly } from '@/features/auth/components/this-tab-only';
import { NewPasswordFields, type NewPasswordValues } from '@/features/auth/components/new-password-fields';
import { AuthErrorAlert } from '@/features/auth/components/auth-error-alert';
import { RecaptchaField } from '@/components/recaptcha-field';
import { authErrorCleared, selectFormError, selectSigningIn, signUp } from '@/features/auth/slice/auth-slice';
import { zodRule } from '@/lib/zod-rule';
import { useAuthFieldIssues } from '@/lib/i18n/field-issues';
import { Panel } from '@/components/panel';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';

interface SignUpValues extends NewPasswordValues {
  displayName: string;
  email: string;
}

const SIGN_UP_FIELDS: readonly string[] = [
  'displayName',
  'email',
  'password',
  'confirm',
] satisfies (keyof SignUpValues)[];
const isSignUpField = (id: string): id is keyof SignUpValues => SIGN_UP_FIELDS.includes(id);

/** The sign-up screen (route `/sign-up`). */
export default function SignUpScreen() {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectFormError);
  const busy = useAppSelector(selectSigningIn);
  const siteKey = recaptchaSiteKey();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaMissing = siteKey !== null && captchaToken === null;
  const [thisTabOnly, setThisTabOnly] = useState(false);
  const intl = useIntl();
  const issues = useAuthFieldIssues();
  const [form] = Form.useForm<SignUpValues>();
  const fields = useRef<HTMLDivElement>(null);
  const adoptShown = useTypedBeforeHydration(fields, (field) => {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') setThisTabOnly(field.checked);
    else if (isSignUpField(field.id)) form.setFieldValue(field.id, field.value);
  });

  return (
    <Panel title={<FormattedMessage id="auth.signUp.title" defaultMessage="Create your account" />}>
      <AuthErrorAlert
        extra={(code) =>
          code === 'auth/email-already-in-use' ? (
            <FormattedMessage
              id="auth.signUp.emailInUseWaysOn"
              defaultMessage="<signIn>Sign in</signIn> or <reset>reset your password</reset>."
              values={{
                signIn: (chunks) => <Link to="/sign-in">{chunks}</Link>,
                reset: (chunks) => <Link to="/reset-password">{chunks}</Link>,
              }}
            />
          ) : null
        }
      />
      {/* What the fields show is what is sent (src/lib/use-typed-before-hydration.ts). */}
      <div ref={fields} onSubmitCapture={adoptShown}>
        <Form<SignUpValues>
          form={form}
          // The app's messages, not the browser's bubble over them (its own check of type=email).
          noValidate
          // Without JavaScript (the pre-rendered page) a submit does nothing: no reload, nothing sent.
          method="dialog"
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          onValuesChange={() => error && dispatch(authErrorCleared())}
          onFinish={({ displayName, email, password }) =>
            void dispatch(signUp({ displayName, email, password, ...(thisTabOnly ? { thisTabOnly } : {}) }))
          }
        >
          <Form.Item
            name="displayName"
            label={intl.formatMessage({ id: 'auth.signUp.nameLabel', defaultMessage: 'Your name' })}
            rules={[zodRule(displayNameSchema, issues.name)]}
          >
            <Input autoComplete="name" autoFocus maxLength={80} showCount />
          </Form.Item>
          <Form.Item
            name="email"
            label={intl.formatMessage({ id: 'auth.signUp.emailLabel', defaultMessage: 'Email' })}
            rules={[zodRule(emailSchema, issues.email)]}
          >
            <Input type="email" dir="auto" autoComplete="email" />
          </Form.Item>
          <NewPasswordFields />
          {siteKey && (
            <Form.Item>
              <RecaptchaField siteKey={siteKey} onToken={setCaptchaToken} />
            </Form.Item>
          )}
          <ThisTabOnly checked={thisTabOnly} onChange={setThisTabOnly} disabled={busy} />
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" block loading={busy} disabled={captchaMissing}>
              <FormattedMessage id="auth.signUp.submit" defaultMessage="Create account" />
            </Button>
          </Form.Item>
        </Form>
      </div>
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        <FormattedMessage
          id="auth.signUp.haveAccount"
          defaultMessage="Already have an account? <link>Sign in</link>"
          values={{ link: (chunks) => <Link to="/sign-in">{chunks}</Link> }}
        />
      </p>
    </Panel>
  );
}
