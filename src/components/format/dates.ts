/**
 * Display text for dates and times. The kit's formatting lives in this folder: dates.ts (an event's own
 * zone, same text on the server and in the browser), date-time.ts (workspace lists), device-time.ts (the
 * door's clock), local-date.ts and time-ago.ts (the viewer's own zone). Money text is `formatMoney` and
 * `formatPrice` in src/contract/money.ts, since the server's mails print it too.
 */
import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from '../../lib/hydration.ts';

/** One locale for dates, so the server and the browser print the same text. */
const locale = 'en-GB';

const dayMs = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter per locale, zone and options, made once: building an `Intl.DateTimeFormat` costs far
 * more than using one, and a page of event cards formats dozens of dates.
 */
function formatter(formatLocale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${formatLocale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(formatLocale, { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** An instant as en-GB text in a zone (undefined: the runtime's own zone), through the shared formatter cache. */
export function zonedText(date: Date | number, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): string {
  return formatter(locale, timeZone, options).format(date);
}

const timeOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const dayOptions: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const dayWithYearOptions: Intl.DateTimeFormatOptions = { ...dayOptions, year: 'numeric' };

/**
 * "Sat 14 Jun" or "Sat 14 Jun 2025", assembled from parts: engines disagree on the comma after
 * the weekday, and the server and the browser must print the same text.
 */
function dayText(date: Date, timeZone: string, withYear: boolean): string {
  const found = formatter(locale, timeZone, withYear ? dayWithYearOptions : dayOptions).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => found.find((candidate) => candidate.type === type)?.value ?? '';
  return [part('weekday'), part('day'), part('month'), withYear ? part('year') : ''].filter(Boolean).join(' ');
}

/** The calendar day of an instant in a zone, as YYYY-MM-DD (comparable text). */
export function zonedDay(date: Date | number, timeZone: string): string {
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

function zonedYear(date: Date, timeZone: string): string {
  return zonedText(date, timeZone, { year: 'numeric' });
}

/** The short zone name of an instant, e.g. "BST", "GMT+2". */
export function zoneLabel(date: Date, timeZone: string): string {
  const named = formatter(locale, timeZone, { timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName');
  // A real minus sign: lines do not break inside "GMT−5" as they would at a hyphen.
  return (named?.value ?? timeZone).replace('-', '\u2212');
}

/** "Sat 14 Jun, 19:30" in the event's zone (the year is added when it is not the current one). */
export function formatEventStart(startsAt: string, timeZone: string, now = new Date()): string {
  const start = new Date(startsAt);
  const withYear = zonedYear(start, timeZone) !== zonedYear(now, timeZone);
  return `${dayText(start, timeZone, withYear)}, ${zonedText(start, timeZone, timeOptions)}`;
}

/**
 * A start–end range in one zone: "Sat 14 Jun 2025, 19:30 – 23:00 BST" on one day,
 * "Sat 14 Jun 2025, 10:00 – Sun 15 Jun 2025, 18:00 BST" across days.
 */
export function formatEventRange(startsAt: string, endsAt: string, timeZone: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const startText = `${dayText(start, timeZone, true)}, ${zonedText(start, timeZone, timeOptions)}`;
  const sameDay = zonedDay(start, timeZone) === zonedDay(end, timeZone);
  const endText = sameDay
    ? zonedText(end, timeZone, timeOptions)
    : `${dayText(end, timeZone, true)}, ${zonedText(end, timeZone, timeOptions)}`;
  return `${startText} – ${endText} ${zoneLabel(start, timeZone)}`;
}

/** Whether two zones show the same wall-clock time at an instant (Europe/London and Europe/Jersey do). */
export function sameOffset(date: Date, zoneA: string, zoneB: string): boolean {
  const text = (zone: string) =>
    zonedText(date, zone, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
  return zoneA === zoneB || text(zoneA) === text(zoneB);
}

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The viewer's time zone, but null on the server and while hydrating: the server cannot know it, and text that
 * differs from the server HTML would break hydration. A hydrated page reads it in a transition after it is
 * interactive (the first `Intl.DateTimeFormat` loads the zone data, about 14 ms on a desktop); a page rendered in
 * the browser reads it at once.
 */
export function useViewerTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(() => (typeof document === 'undefined' || isHydrating() ? null : viewerZone()));
  // The updater runs when React renders the transition, not in this effect.
  useEffect(() => startTransition(() => setZone((known) => known ?? viewerZone())), []);
  return zone;
}

/** The current time after hydration, null before (relative phrases like "in 2 days" would not match the server). */
export function useClientNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  // A transition: the page renders again with the time in slices, not in one task right after hydrating.
  useEffect(() => startTransition(() => setNow(Date.now())), []);
  return now;
}

/** "in 2 days", "in 3 hours", "tomorrow" for a future instant. */
export function relativeFromNow(target: Date, now: number): string {
  const formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const diff = target.getTime() - now;
  const abs = Math.abs(diff);
  if (abs < 60 * 60 * 1000) return formatter.format(Math.round(diff / 60_000), 'minute');
  if (abs < dayMs) return formatter.format(Math.round(diff / (60 * 60 * 1000)), 'hour');
  return formatter.format(Math.round(diff / dayMs), 'day');
}

/** "3 Dec" (with the year when it is not the current one) in a zone. */
export function formatShortDate(iso: string, timeZone: string, now = new Date()): string {
  const date = new Date(iso);
  const withYear = zonedYear(date, timeZone) !== zonedYear(now, timeZone);
  return zonedText(date, timeZone, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) });
}
