/**
 * Times in the reader's language (DESIGN §8): relative ("3 hours ago", "hace 3 horas") with
 * dayjs's locale, absolute with `Intl.DateTimeFormat`, in the browser's time zone.
 */
import { useIntl } from 'react-intl';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** Formatters bound to the current language. */
export interface TimeFormat {
  /** "3 hours ago" for an ISO-8601 UTC timestamp. */
  fromNow(iso: string): string;
  /** "21 Nov 2026, 23:49" (in the language's own order) for an ISO-8601 UTC timestamp. */
  dateTime(iso: string): string;
}

/**
 * One set of formatters per language, shared by every component: building an
 * `Intl.DateTimeFormat` is slow, and a queue page paid for it once per row.
 */
const FORMATS = new Map<string, TimeFormat>();

function timeFormatFor(locale: string): TimeFormat {
  let format = FORMATS.get(locale);
  if (!format) {
    const absolute = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    format = {
      fromNow: (iso) => dayjs(iso).locale(locale).fromNow(),
      dateTime: (iso) => absolute.format(new Date(iso)),
    };
    FORMATS.set(locale, format);
  }
  return format;
}

/** The current language's time formatters; components using it re-render when the language changes. */
export function useTimeFormat(): TimeFormat {
  return timeFormatFor(useIntl().locale);
}
