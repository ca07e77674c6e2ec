/**
 * The language picker (DESIGN §8): each language named in itself, so anyone can find theirs
 * whatever the screen is in now. A native select: light enough for the sign-in page's first JS.
 */
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@/domain/locales';
import { NativeSelect } from '@/components/native-select';
import { useAppDispatch } from '@/lib/store/store-hooks';
import { localeChanged } from '@/features/preferences/slice/preferences-slice';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** Switches the language at once, without a reload; the choice is kept (DESIGN §8). */
export function LanguagePicker() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <NativeSelect
      aria-label={intl.formatMessage({ id: 'preferences.language', defaultMessage: 'Language' })}
      data-testid="language-picker"
      value={intl.locale}
      options={OPTIONS}
      onChange={(value) => isLocale(value) && dispatch(localeChanged(value satisfies Locale))}
      style={{ width: 'auto', minWidth: 104 }}
    />
  );
}
