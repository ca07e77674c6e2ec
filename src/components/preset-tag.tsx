/**
 * An antd preset-colour tag whose text meets WCAG AA contrast (DESIGN §8): antd writes a preset
 * tag's text in shade 7 of its colour, too light for gold, green and orange on their own pale
 * background; these use one or two shades stronger.
 */
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';

/**
 * The palette shade of a preset tag's text (antd uses 7): one or two shades stronger, so that
 * each colour's text meets WCAG AA contrast (4.5:1 at 12 px) on its own tag background.
 */
export function tagTextShade(color: string): number {
  return color === 'gold' ? 9 : 8;
}

/** A preset tag (`green`, `gold`, `geekblue`…, or `default`) with the stronger text. */
export function PresetTag({ color, children }: { color: string; children: string }) {
  const { token } = theme.useToken();
  const text =
    color === 'default' ? undefined : (token as unknown as Record<string, string>)[`${color}${tagTextShade(color)}`];
  return (
    <Tag color={color} style={text ? { color: text } : undefined}>
      {children}
    </Tag>
  );
}
