/**
 * How the app looks and speaks: one antd `ConfigProvider` with a typed theme (light/dark from
 * preferences), and the language (DESIGN §8: the one chosen, else the browser's). antd's `<App>`
 * (themed `message`/`notification`/`modal` through `App.useApp()`) wraps the signed-in frame
 * in `app-layout.tsx`: the sign-in page needs none of them, so they stay out of its first JS.
 */
import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { useAppSelector } from '@/app/hooks';
import { localeFromPreferences } from '@/domain/locales';
import { FullPageSpinner } from '@/components/full-page-state';
import { selectChosenLocale, selectTheme, type ThemeMode } from '@/features/preferences/slice/preferences-slice';
import { I18nProvider } from '@/lib/i18n/i18n-provider';

/** The brand tokens shared by both themes. */
const BASE_TOKENS: ThemeConfig['token'] = {
  colorPrimary: '#2f54eb',
  borderRadius: 8,
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/** The antd theme for a mode. */
export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    // Secondary text (descriptions, counts, hints) one step stronger than antd's 45 % so that it
    // meets WCAG AA contrast (4.5:1) on the page background too, in both themes (DESIGN §8).
    token: {
      ...BASE_TOKENS,
      ...(mode === 'dark'
        ? {
            colorTextTertiary: 'rgba(255, 255, 255, 0.57)',
            colorTextDescription: 'rgba(255, 255, 255, 0.57)',
            // The brand blue is too dark to read on the dark background (3.3:1): a lighter one for links.
            colorLink: '#85a5ff',
          }
        : {
            colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
            colorTextDescription: 'rgba(0, 0, 0, 0.57)',
            // antd derives links from its info blue (4.1:1 on white); the brand blue reads 5.9:1.
            colorLink: BASE_TOKENS?.colorPrimary,
          }),
    },
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    components: {
      // The selected menu entry's text, readable on the dark background (AA).
      ...(mode === 'dark' ? { Menu: { itemSelectedColor: '#adc6ff' } } : {}),
      Layout:
        mode === 'dark'
          ? { siderBg: '#141414', headerBg: '#141414', triggerBg: '#1f1f1f' }
          : { siderBg: '#ffffff', headerBg: '#ffffff', triggerBg: '#fafafa', triggerColor: 'rgba(0, 0, 0, 0.65)' },
    },
  };
}

// Built once: a new theme object on every render would make antd recompute its tokens.
const THEMES: Record<ThemeMode, ThemeConfig> = { light: themeFor('light'), dark: themeFor('dark') };

/**
 * Wraps the app in the themed provider and the language's; follows the persisted theme and
 * language preferences. Before a language other than English has loaded at start, a spinner.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectTheme);
  const chosen = useAppSelector(selectChosenLocale);
  const locale = chosen ?? localeFromPreferences(typeof navigator === 'undefined' ? [] : navigator.languages);
  return (
    <ConfigProvider theme={THEMES[mode]}>
      <I18nProvider locale={locale} hold={<FullPageSpinner label="" />}>
        {children}
      </I18nProvider>
    </ConfigProvider>
  );
}
