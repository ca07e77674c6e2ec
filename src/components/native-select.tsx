/**
 * A native `<select>` dressed in the antd theme's tokens. The ticket screen's short pick lists
 * (assignee, category) use it instead of antd `Select`, which would add rc-select and
 * rc-virtual-list to the route (see docs/benchmarks.md); a native list is also keyboard- and
 * screen-reader-friendly on every platform. It looks like the antd controls around it: no
 * native arrow but antd's chevron, the primary colour on hover, and antd's focus ring.
 */
import { useContext, useState, type SelectHTMLAttributes } from 'react';
import { ConfigContext } from 'antd/es/config-provider';
import theme from 'antd/es/theme';

/** One choice of a {@link NativeSelect}. */
export interface NativeSelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (e.g. the current value, which may not be chosen again). */
  disabled?: boolean;
}

/** Whether a `#rrggbb` colour is dark (relative luminance below one half). */
function isDark(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** antd's down chevron as a CSS background in `color` (the production CSP allows `data:` images). */
function chevron(color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="64 64 896 896" fill="${color}">` +
    '<path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 ' +
    '0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z"/></svg>';
  // Parentheses too: a colour such as rgba(…) would otherwise end the url( ) early for some parsers.
  const encoded = encodeURIComponent(svg).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `url("data:image/svg+xml,${encoded}")`;
}

/** Props of {@link NativeSelect}: a native select's, with its options as data. */
export interface NativeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: string;
  options: readonly NativeSelectOption[];
  /** Called with the chosen option's value. */
  onChange: (value: string) => void;
}

/** A themed native select (antd input height, border, radius, colours, chevron, hover and focus; light or dark). */
export function NativeSelect({ value, options, onChange, disabled, style, ...rest }: NativeSelectProps) {
  const { token } = theme.useToken();
  const rtl = useContext(ConfigContext).direction === 'rtl';
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const borderColor = disabled
    ? token.colorBorder
    : focused
      ? token.colorPrimary
      : hovered
        ? token.colorPrimaryHover
        : token.colorBorder;
  return (
    <select
      {...rest}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{
        width: '100%',
        height: token.controlHeight,
        paddingBlock: 0,
        // Room for the chevron at the end of the line (the left in right-to-left languages).
        paddingInlineEnd: token.paddingSM - 1 + token.fontSizeSM + token.paddingXXS,
        paddingInlineStart: token.paddingSM - 1,
        fontSize: token.fontSize,
        fontFamily: 'inherit',
        color: disabled ? token.colorTextDisabled : token.colorText,
        appearance: 'none',
        backgroundColor: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
        backgroundImage: chevron(token.colorTextQuaternary),
        backgroundRepeat: 'no-repeat',
        backgroundPosition: `${rtl ? 'left' : 'right'} ${token.paddingSM - 1}px center`,
        backgroundSize: `${token.fontSizeSM}px ${token.fontSizeSM}px`,
        border: `${token.lineWidth}px solid ${borderColor}`,
        borderRadius: token.borderRadius,
        boxShadow: focused && !disabled ? `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}` : 'none',
        outline: 'none',
        transition: `border-color ${token.motionDurationMid}, box-shadow ${token.motionDurationMid}`,
        colorScheme: isDark(token.colorBgContainer) ? 'dark' : 'light',
        cursor: disabled ? 'not-allowed' : 'pointer',
        textOverflow: 'ellipsis',
        ...style,
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
