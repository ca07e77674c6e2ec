/**
 * The languages Triage speaks (DESIGN §8): English (the source, written in the code), Spanish
 * and Arabic (right-to-left). A person's language is a preference kept on their profile
 * (`users/{uid}.locale`), so that trusted code can write to them in it too.
 */

/** The supported locales, as BCP 47 language tags. English first: the default. */
export const LOCALES = ['en', 'es', 'ar'] as const;
/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/** The default when nothing the browser prefers is supported. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself (what a language picker shows, whatever the current language). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

/** True for a supported locale tag. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Text direction of a locale: Arabic is written right to left. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The first supported language among a browser's preferences (`navigator.languages`, best
 * first; `es-MX` counts as `es`), else {@link DEFAULT_LOCALE}.
 */
export function localeFromPreferences(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
