/**
 * Sign in with email and password (and Google on the Firebase backend).
 *
 * A plain `<form>` with antd inputs rather than antd `Form`: this is the first screen most
 * visitors load, and `Form` (with its validator and tooltip machinery) would take a large share
 * of its first-paint gzip budget. The form checks only that both fields are filled; the
 * backend validates the email with the shared zod schema (`signInSchema`) before any network
 * call, and its message (the invalid-email sentence) shows in the alert above the form.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import theme from 'antd/es/theme';
import GoogleOutlined from '@ant-design/icons/GoogleOutlined';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { Panel } from '@/components/panel';
import { AuthErrorAlert } from '@/features/auth/components/auth-error-alert';
import { ThisTabOnly } from '@/features/auth/components/this-tab-only';
import { DemoAccountsCard, type LoadDemoAccounts } from '@/features/auth/components/demo-accounts-card';
import {
  authErrorCleared,
  selectFormError,
  selectOwnTab,
  selectSigningIn,
  signIn,
  signInWithGoogle,
} from '@/features/auth/slice/auth-slice';

const MISSING = defineMessages({
  email: { id: 'auth.signIn.emailMissing', defaultMessage: 'Enter your email.' },
  password: { id: 'auth.signIn.passwordMissing', defaultMessage: 'Enter your password.' },
});

/** What is missing, as messages (put into words when shown, so they follow the language). */
interface FieldErrors {
  email?: MessageDescriptor;
  password?: MessageDescriptor;
}

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim().length === 0) errors.email = MISSING.email;
  if (password.length === 0) errors.password = MISSING.password;
  return errors;
}

/** The sign-in form's values as its fields show them (`held`: the screen's state, for a field not found). */
function shownValues(
  form: HTMLFormElement,
  held: { email: string; password: string; thisTabOnly: boolean },
): { email: string; password: string; thisTabOnly: boolean } {
  const input = (selector: string) => form.querySelector<HTMLInputElement>(selector);
  return {
    email: input('#sign-in-email')?.value ?? held.email,
    password: input('#sign-in-password')?.value ?? held.password,
    thisTabOnly: input('input[type="checkbox"]')?.checked ?? held.thisTabOnly,
  };
}

/** A labelled field with its validation message (ids tie label, input and message together). */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: MessageDescriptor;
  children: React.ReactNode;
}) {
  const { token } = theme.useToken();
  const intl = useIntl();
  return (
    <div style={{ marginBottom: 16 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, color: token.colorText }}>
        {label}
      </label>
      {children}
      {error && (
        <div
          id={`${id}-error`}
          role="alert"
          style={{ color: token.colorErrorText, marginTop: 4, fontSize: token.fontSizeSM }}
        >
          {intl.formatMessage(error)}
        </div>
      )}
    </div>
  );
}

/**
 * The sign-in screen (route `/sign-in`).
 * @param loadDemoAccounts this build's demo accounts, listed under the form (local mode).
 */
export default function SignInScreen({ loadDemoAccounts }: { loadDemoAccounts: LoadDemoAccounts }) {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectFormError);
  const busy = useAppSelector(selectSigningIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [thisTabOnly, setThisTabOnly] = useState(false);
  // A tab set apart ("Sign in someone else in this tab") keeps its next sign-in to itself unless unticked.
  const ownTab = useAppSelector(selectOwnTab);
  useEffect(() => {
    if (ownTab) setThisTabOnly(true);
  }, [ownTab]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (field) => {
    if (field.id === 'sign-in-email') setEmail(field.value);
    else if (field.id === 'sign-in-password') setPassword(field.value);
    else if (field instanceof HTMLInputElement && field.type === 'checkbox') setThisTabOnly(field.checked);
  });

  const edited = () => {
    if (error) dispatch(authErrorCleared());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the fields show is what is sent: typing that landed while the app hydrated can miss
    // both the fields' handlers and the first look (src/lib/use-typed-before-hydration.ts).
    const shown = shownValues(event.currentTarget, { email, password, thisTabOnly });
    if (shown.email !== email) setEmail(shown.email);
    if (shown.password !== password) setPassword(shown.password);
    if (shown.thisTabOnly !== thisTabOnly) setThisTabOnly(shown.thisTabOnly);
    const errors = validate(shown.email, shown.password);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    void dispatch(
      signIn({
        email: shown.email.trim(),
        password: shown.password,
        ...(shown.thisTabOnly ? { thisTabOnly: true } : {}),
      }),
    );
  };

  return (
    <div data-screen="sign-in">
      <Panel title={<FormattedMessage id="auth.signIn.title" defaultMessage="Sign in" />}>
        <AuthErrorAlert />
        <form
          ref={form}
          noValidate
          // Without JavaScript (the pre-rendered page) a submit does nothing: no reload, nothing sent.
          method="dialog"
          onSubmit={submit}
          aria-label={intl.formatMessage({ id: 'auth.signIn.formLabel', defaultMessage: 'Sign in' })}
        >
          <Field
            id="sign-in-email"
            label={intl.formatMessage({ id: 'auth.signIn.emailLabel', defaultMessage: 'Email' })}
            error={fieldErrors.email}
          >
            <Input
              id="sign-in-email"
              type="email"
              dir="auto"
              autoComplete="email"
              autoFocus
              value={email}
              disabled={busy}
              status={fieldErrors.email ? 'error' : undefined}
              aria-invalid={Boolean(fieldErrors.email)}
              aria-describedby={fieldErrors.email ? 'sign-in-email-error' : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                edited();
              }}
            />
          </Field>
          <Field
            id="sign-in-password"
            label={intl.formatMessage({ id: 'auth.signIn.passwordLabel', defaultMessage: 'Password' })}
            error={fieldErrors.password}
          >
            <Password
              id="sign-in-password"
              autoComplete="current-password"
              value={password}
              disabled={busy}
              status={fieldErrors.password ? 'error' : undefined}
              aria-invalid={Boolean(fieldErrors.password)}
              aria-describedby={fieldErrors.password ? 'sign-in-password-error' : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                edited();
              }}
            />
          </Field>
          <ThisTabOnly checked={thisTabOnly} onChange={setThisTabOnly} disabled={busy} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            <FormattedMessage id="auth.signIn.submit" defaultMessage="Sign in" />
          </Button>
        </form>
        {process.env.BACKEND === 'firebase' && (
          <>
            <p className="auth-or">
              <FormattedMessage id="auth.signIn.or" defaultMessage="or" />
            </p>
            <Button block icon={<GoogleOutlined />} disabled={busy} onClick={() => void dispatch(signInWithGoogle())}>
              <FormattedMessage id="auth.signIn.google" defaultMessage="Continue with Google" />
            </Button>
          </>
        )}
        {/* Styled in public/index.html, with the page: no style objects in the sign-in route's JS budget. */}
        <p className="auth-links">
          <Link to="/reset-password">
            <FormattedMessage id="auth.signIn.forgotPassword" defaultMessage="Forgot your password?" />
          </Link>
          <Link to="/sign-up">
            <FormattedMessage id="auth.signIn.createAccount" defaultMessage="Create an account" />
          </Link>
        </p>
      </Panel>
      <DemoAccountsCard
        load={loadDemoAccounts}
        onUse={(account) => {
          setEmail(account.email);
          setPassword(account.password);
          setFieldErrors({});
          edited();
        }}
      />
    </div>
  );
}
