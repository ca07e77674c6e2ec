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
import type { GlobalToken } from 'antd/es/theme/interface';
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
            // Error messages under fields: antd's red reads 4.3:1 on the dark background; red 8 reads 6.6:1.
            colorErrorText: '#f37370',
          }
        : {
            colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
            colorTextDescription: 'rgba(0, 0, 0, 0.57)',
            // antd derives links from its info blue (4.1:1 on white); the brand blue reads 5.9:1.
            colorLink: BASE_TOKENS?.colorPrimary,
            // Error and warning text: antd's red 6 (3.3:1) and gold 7 (2.9:1) on white; red 7 and gold 9.
            colorErrorText: '#cf1322',
            colorWarningText: '#874d00',
            // Danger buttons' text ("Delete") and error borders: red 7 (5.6:1) instead of red 5 (3.3:1).
            colorError: '#cf1322',
          }),
    },
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    components: {
      // The selected menu entry's text, readable on the dark background (AA); solid danger
      // buttons ("Delete my account" in its dialog) on a deeper red than the dark algorithm's,
      // on which white text reads below AA.
      ...(mode === 'dark' ? { Menu: { itemSelectedColor: '#adc6ff' }, Button: { colorError: '#d32029' } } : {}),
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
 * Page-wide rules antd's tokens cannot express (DESIGN §8, WCAG AA):
 * - the page itself in the theme's colours (screens outside the frames, such as "no such page");
 * - links in the current theme's link colour: antd writes its global `a` rule once, in the theme
 *   it first renders with, so after a switch to dark the links kept the light blue (3.1:1);
 * - links in running text underlined, not told apart by colour alone (menus and buttons excepted);
 * - text people wrote (`dir="auto"`) laid out in its own direction even inside antd components,
 *   whose `-rtl` classes set `direction: rtl` over the attribute: an English message in the Arabic
 *   desk kept its full stop on the wrong side;
 * - form errors and outlined/text/link danger buttons ("Delete") in the error *text* colour (antd uses
 *   `colorError`, 4.3:1 on the dark background, and the dark algorithm darkens any seed given).
 */
function globalCss(token: GlobalToken): string {
  return `body { background: ${token.colorBgLayout}; color: ${token.colorText}; }
body a { color: ${token.colorLink}; } body a:hover { color: ${token.colorLinkHover}; }
body a:active { color: ${token.colorLinkActive}; }
body a:not([class]) { text-decoration: underline; text-underline-offset: 2px; }
body :is(.ant-menu, .ant-dropdown-menu) a { text-decoration: none; }
body [dir='auto'] { unicode-bidi: plaintext; }
body .ant-form-item .ant-form-item-explain-error { color: ${token.colorErrorText}; }
body .ant-btn-dangerous:not(.ant-btn-variant-solid):not(:disabled):not(:hover) { color: ${token.colorErrorText}; }`;
}

function GlobalFixes() {
  const { token } = theme.useToken();
  // As markup, not a text child: the server would escape its quotes (`&#x27;`), which a <style>
  // element does not decode, and the pre-rendered page's text would not match on hydration.
  return <style dangerouslySetInnerHTML={{ __html: globalCss(token) }} />;
}

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
      <GlobalFixes />
      <I18nProvider locale={locale} hold={<FullPageSpinner label="" />}>
        {children}
      </I18nProvider>
    </ConfigProvider>
  );
}
