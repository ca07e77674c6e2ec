/** Time formatting with dayjs (relative times in lists, absolute in tooltips). */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "3 hours ago" for an ISO-8601 timestamp. */
export function fromNow(iso: string): string {
  return dayjs(iso).fromNow();
}

/** "21 Nov 2026, 23:49" for an ISO-8601 timestamp, in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('D MMM YYYY, HH:mm');
}
