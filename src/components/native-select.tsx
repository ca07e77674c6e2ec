/**
 * A native `<select>` dressed in the antd theme's tokens. The ticket screen's short pick lists
 * (assignee, category) use it instead of antd `Select`, which would add ≈ 26 KiB gzip
 * (rc-select, rc-virtual-list) to the route; a native list is also keyboard- and
 * screen-reader-friendly on every platform.
 */
import type { SelectHTMLAttributes } from 'react';
import theme from 'antd/es/theme';

/** One choice of a {@link NativeSelect}. */
export interface NativeSelectOption {
  value: string;
  label: string;
}

/** Whether a `#rrggbb` colour is dark (relative luminance below one half). */
function isDark(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** Props of {@link NativeSelect}: a native select's, with its options as data. */
export interface NativeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: string;
  options: readonly NativeSelectOption[];
  /** Called with the chosen option's value. */
  onChange: (value: string) => void;
}

/** A themed native select (antd input height, border, radius and colours; light or dark). */
export function NativeSelect({ value, options, onChange, disabled, style, ...rest }: NativeSelectProps) {
  const { token } = theme.useToken();
  return (
    <select
      {...rest}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      style={{
        width: '100%',
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        fontSize: token.fontSize,
        fontFamily: 'inherit',
        color: disabled ? token.colorTextDisabled : token.colorText,
        background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
        border: `${token.lineWidth}px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        colorScheme: isDark(token.colorBgContainer) ? 'dark' : 'light',
        cursor: disabled ? 'not-allowed' : 'pointer',
        ...style,
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
