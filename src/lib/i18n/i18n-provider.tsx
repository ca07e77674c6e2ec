/**
 * Speaks a language (DESIGN §8): react-intl's provider with the locale's catalogue, antd's
 * locale and text direction, and `lang`/`dir` on the document (so the browser, screen readers
 * and CSS logical properties follow). A catalogue loads in its own chunk; while it does, the
 * screen stays in the language it was in (English at start) rather than going blank, and a
 * catalogue that cannot load leaves English, with a warning in the console.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, type ResolvedIntlConfig } from 'react-intl';
import ConfigProvider from 'antd/es/config-provider';
import { DEFAULT_LOCALE, directionOf, type Locale } from '@/domain/locales';
import type { Catalogue } from '@/lib/i18n/catalogue-types';
import { ENGLISH, loadCatalogue } from '@/lib/i18n/catalogues';
import { registerRefusalTranslations } from '@/lib/i18n/labels';

interface Loaded {
  locale: Locale;
  catalogue: Catalogue;
}

/**
 * Missing translations fall back to the English in the code; tests (`npm run i18n:check`) keep
 * the catalogues complete, so the console stays quiet about them. Anything else (a broken ICU
 * message) is a bug and is logged.
 */
const onIntlError: ResolvedIntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
};

/**
 * Provides `locale`'s messages to everything below.
 * @param locale the language to speak; a change loads its catalogue and re-renders in place
 *   (no reload, nothing typed is lost).
 * @param hold shown instead of the children until a language other than English, asked for at
 *   start, has loaded (so an Arabic speaker does not see English flash first).
 */
export function I18nProvider({ locale, hold, children }: { locale: Locale; hold: ReactNode; children: ReactNode }) {
  const [loaded, setLoaded] = useState<Loaded | null>(
    locale === DEFAULT_LOCALE ? { locale, catalogue: ENGLISH } : null,
  );

  useEffect(() => {
    if (loaded?.locale === locale) return;
    let live = true;
    loadCatalogue(locale).then(
      (catalogue) => live && setLoaded({ locale, catalogue }),
      (error: unknown) => {
        console.warn(`Triage could not load the "${locale}" language; staying in English.`, error);
        if (live) setLoaded({ locale: DEFAULT_LOCALE, catalogue: ENGLISH });
      },
    );
    return () => {
      live = false;
    };
  }, [locale, loaded?.locale]);

  const shown = loaded?.locale;
  useEffect(() => {
    if (!shown) return;
    document.documentElement.lang = shown;
    document.documentElement.dir = directionOf(shown);
  }, [shown]);

  if (!loaded) return hold;
  // (Idempotent: the same function for the same language, for `friendlySentence` outside React too.)
  registerRefusalTranslations(loaded.locale, loaded.catalogue.refusals);
  return (
    <IntlProvider
      locale={loaded.locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={loaded.catalogue.messages}
      onError={onIntlError}
    >
      <ConfigProvider locale={loaded.catalogue.antd} direction={directionOf(loaded.locale)}>
        {children}
      </ConfigProvider>
    </IntlProvider>
  );
}
