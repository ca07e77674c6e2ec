/**
 * A titled surface for the sign-in, sign-up and reset forms — antd `Card` without the tabs
 * machinery it always imports, which the first paint does not need.
 */
import type { ReactNode } from 'react';
import theme from 'antd/es/theme';

/**
 * A bordered, padded panel with an optional heading: the page's `h1` unless `heading` says
 * `h2` (a second panel on the page, such as the demo accounts beside the sign-in form).
 */
export function Panel({
  title,
  heading: Heading = 'h1',
  children,
}: {
  title?: ReactNode;
  heading?: 'h1' | 'h2';
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 24,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      {title && (
        <Heading
          style={{
            marginTop: 0,
            marginBottom: 16,
            color: token.colorText,
            fontSize: token.fontSizeHeading4,
            fontWeight: 600,
          }}
        >
          {title}
        </Heading>
      )}
      {children}
    </section>
  );
}
