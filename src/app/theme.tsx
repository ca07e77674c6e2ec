/**
 * One antd `ConfigProvider` with a typed theme (light/dark from preferences) and antd's
 * `<App>`, so screens get themed `message`/`notification`/`modal` through `App.useApp()`.
 */
import type { ReactNode } from 'react';
import AntApp from 'antd/es/app';
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
    components: { Layout: mode === 'dark' ? {} : { siderBg: '#ffffff', headerBg: '#ffffff' } },
  };
}

/** Wraps the app in the themed providers; follows the persisted theme preference. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectTheme);
  return (
    <ConfigProvider theme={themeFor(mode)}>
      <AntApp style={{ minHeight: '100vh' }}>{children}</AntApp>
    </ConfigProvider>
  );
}
