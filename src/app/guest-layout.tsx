/**
 * The frame around sign-in, sign-up and password reset: a centred column with the brand and
 * the language picker.
 * Kept free of heavy components: it is part of the first paint for every visitor.
 */
import { Suspense, useRef, type ReactNode } from 'react';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import { FormattedMessage } from 'react-intl';
import { ErrorBoundary } from '@/components/error-boundary';
import { PRODUCT_NAME } from '@/lib/i18n/product-name';
import { LanguagePicker } from '@/features/preferences/components/language-picker';
import { useHeadingFocusOnNavigation } from '@/app/heading-focus';

/** Centres the guest screens under the brand. */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const main = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigation(main);
  return (
    <main
      ref={main}
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        display: 'flex',
        justifyContent: 'center',
        padding: '48px 16px',
        boxSizing: 'border-box',
      }}
    >
      <div style={{ width: '100%', maxWidth: 440 }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
          <LanguagePicker />
        </div>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          {/* The product's name, not the page's: each form's panel title is the page's h1. */}
          <p style={{ margin: 0, color: token.colorLink, fontSize: token.fontSizeHeading2, fontWeight: 600 }}>
            {PRODUCT_NAME}
          </p>
          <span style={{ color: token.colorTextSecondary }}>
            <FormattedMessage id="app.tagline" defaultMessage="The support desk that keeps up with you." />
          </span>
        </div>
        <ErrorBoundary>
          <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{children}</Suspense>
        </ErrorBoundary>
      </div>
    </main>
  );
}
