/**
 * A titled surface for the sign-in, sign-up and reset forms — antd `Card` without the tabs
 * machinery it always imports, which the first paint does not need.
 */
import type { ReactNode } from 'react';
import theme from 'antd/es/theme';

/** A bordered, padded panel with an optional heading. */
export function Panel({ title, children }: { title?: ReactNode; children: ReactNode }) {
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
        <h2
          style={{
            marginTop: 0,
            marginBottom: 16,
            color: token.colorText,
            fontSize: token.fontSizeHeading4,
            fontWeight: 600,
          }}
        >
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
