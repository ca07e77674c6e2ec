/**
 * reCAPTCHA v2 (DESIGN §7) for sign-up, password reset and request submission. Loads
 * react-google-recaptcha only when a site key is configured. If Google's script cannot load
 * (blocked, offline) the field says so with a retry instead of leaving the form hanging.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { FormattedMessage } from 'react-intl';

const ReCAPTCHA = lazy(() => import(/* webpackChunkName: "recaptcha" */ 'react-google-recaptcha'));

/** How long the widget may take to load before the field reports it, in ms. */
export const RECAPTCHA_LOAD_TIMEOUT_MS = 10_000;

/** Props of {@link RecaptchaField}. */
export interface RecaptchaFieldProps {
  siteKey: string;
  /** Called with the token once solved, and with null when it expires or fails. */
  onToken: (token: string | null) => void;
  /** ms before a script that has not loaded counts as failed; defaults to 10 s. */
  loadTimeoutMs?: number;
}

/** The widget, or a clear message with "Try again" when it cannot load. */
export function RecaptchaField({ siteKey, onToken, loadTimeoutMs = RECAPTCHA_LOAD_TIMEOUT_MS }: RecaptchaFieldProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (state !== 'loading') return undefined;
    const timer = window.setTimeout(() => setState('failed'), loadTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [state, attempt, loadTimeoutMs]);

  if (state === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={<FormattedMessage id="app.recaptcha.failed" defaultMessage="The reCAPTCHA check could not load" />}
        description={
          <FormattedMessage
            id="app.recaptcha.failedExplained"
            defaultMessage="It protects this form from abuse, so the form needs it. Your browser may be offline or blocking Google's reCAPTCHA. Your input is kept — check the connection and try again."
          />
        }
        action={
          <Button
            size="small"
            onClick={() => {
              setState('loading');
              setAttempt((n) => n + 1);
            }}
          >
            <FormattedMessage id="app.tryAgain" defaultMessage="Try again" />
          </Button>
        }
      />
    );
  }

  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <ReCAPTCHA
        key={attempt}
        sitekey={siteKey}
        onChange={(token) => onToken(token)}
        onExpired={() => onToken(null)}
        onErrored={() => {
          onToken(null);
          setState('failed');
        }}
        asyncScriptOnLoad={() => {
          // react-async-script reports load and error through this one callback.
          const loaded = typeof window !== 'undefined' && 'grecaptcha' in window;
          setState(loaded ? 'ready' : 'failed');
        }}
      />
    </Suspense>
  );
}
