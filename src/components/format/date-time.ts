import { zonedText } from './dates.ts';

const dayOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateTimeOptions: Intl.DateTimeFormatOptions = { ...dayOptions, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const dateTimeNoYearOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** "3 Nov 2026" in a zone; UTC unless told, so the server and the browser print the same day. */
export function formatDay(iso: string, timeZone = 'UTC'): string {
  return zonedText(new Date(iso), timeZone, dayOptions);
}

/**
 * "3 Nov 2026, 19:30" ("3 Nov, 19:30" without the year) in a zone, or in the runtime's own zone when
 * none is given — text that only the browser renders, since the server's zone is not the viewer's.
 */
export function formatDateTime(
  at: string | number,
  { timeZone, withYear = true }: { timeZone?: string; withYear?: boolean } = {},
): string {
  return zonedText(new Date(at), timeZone, withYear ? dateTimeOptions : dateTimeNoYearOptions);
}
