/**
 * Loads a language's catalogue (DESIGN §8): its messages, antd's locale and dayjs's, each in a
 * chunk of its own that is fetched only when that language is chosen. English needs none: its
 * messages are the defaults written in the code, and antd and dayjs speak English already.
 */
import type { Locale } from '@/domain/locales';
import type { Catalogue } from '@/lib/i18n/catalogue-types';

/** English: nothing to load. */
export const ENGLISH: Catalogue = { messages: {}, antd: undefined };

/**
 * Fetches a locale's catalogue chunk.
 * @throws whatever the chunk load throws (offline before the chunk was ever cached).
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  switch (locale) {
    case 'en':
      return ENGLISH;
    case 'es':
      return (await import(/* webpackChunkName: "locale-es" */ '@/lib/i18n/catalogues/es')).catalogue;
    case 'ar':
      return (await import(/* webpackChunkName: "locale-ar" */ '@/lib/i18n/catalogues/ar')).catalogue;
  }
}
