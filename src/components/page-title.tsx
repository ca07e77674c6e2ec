/**
 * A page's one `h1`, at antd's level-3 size (and its cards' `h2`s, `SectionTitle`): every screen names itself with one top heading
 * (screen readers jump to it; focus moves to it on navigation), however large it should look.
 */
import type { CSSProperties, ReactNode } from 'react';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';

/**
 * The page heading.
 * @param id for `aria-labelledby` of the region it titles.
 * @param style merged over the default (no margin, level-3 size).
 */
export function PageTitle({ id, style, children }: { id?: string; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title id={id} level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3, ...style }}>
      {children}
    </Typography.Title>
  );
}

/**
 * A card's heading under the page's `h1`: an `h2` at antd's level-4 size, with no margin (the
 * card's title bar spaces it).
 */
export function SectionTitle({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
      {children}
    </Typography.Title>
  );
}
