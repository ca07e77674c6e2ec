/**
 * One antd `ConfigProvider` with a typed theme (light/dark from preferences). antd's `<App>`
 * (themed `message`/`notification`/`modal` through `App.useApp()`) wraps the signed-in frame
 * in `app-layout.tsx`: the sign-in page needs none of them, so they stay out of its first JS.
 */
import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { useAppSelector } from '@/app/hooks';
import { selectTheme, type ThemeMode } from '@/features/preferences/slice/preferences-slice';

/** The brand tokens shared by both themes. */
const BASE_TOKENS: ThemeConfig['token'] = {
  colorPrimary: '#2f54eb',
  borderRadius: 8,
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/** The antd theme for a mode. */
export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    token: BASE_TOKENS,
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    components: {
      Layout:
        mode === 'dark'
          ? { siderBg: '#141414', headerBg: '#141414', triggerBg: '#1f1f1f' }
          : { siderBg: '#ffffff', headerBg: '#ffffff', triggerBg: '#fafafa', triggerColor: 'rgba(0, 0, 0, 0.65)' },
    },
  };
}

// Built once: a new theme object on every render would make antd recompute its tokens.
const THEMES: Record<ThemeMode, ThemeConfig> = { light: themeFor('light'), dark: themeFor('dark') };

/** Wraps the app in the themed provider; follows the persisted theme preference. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectTheme);
  return <ConfigProvider theme={THEMES[mode]}>{children}</ConfigProvider>;
}
