/**
 * Right-to-left helpers (DESIGN §8). Layout uses CSS logical properties (`marginInlineStart`,
 * `textAlign: 'start'`…), which follow `dir` by themselves; what they cannot flip — icons that
 * point a way, such as "back" arrows — reads the direction here.
 */
import { useContext, type ReactNode } from 'react';
import { ConfigContext } from 'antd/es/config-provider';

/** The current text direction (antd's, set from the language). */
export function useDirection(): 'ltr' | 'rtl' {
  return useContext(ConfigContext).direction === 'rtl' ? 'rtl' : 'ltr';
}

/** Wraps an icon that points a way (an arrow, a chevron) so that it points the other way in right-to-left languages. */
export function DirectionalIcon({ children }: { children: ReactNode }) {
  const rtl = useDirection() === 'rtl';
  return <span style={{ display: 'inline-flex', transform: rtl ? 'scaleX(-1)' : undefined }}>{children}</span>;
}
