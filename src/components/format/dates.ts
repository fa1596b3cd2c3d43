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

/** A zone's offset from UTC at an instant, in minutes east (Europe/London: 0 in winter, 60 in summer). */
export function zoneOffsetMinutes(date: Date | number, timeZone: string): number {
  const wall = formatter('en-US', timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(wall.find((found) => found.type === type)?.value);
  const wallUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wallUtc - Math.floor(new Date(date).getTime() / 60_000) * 60_000) / 60_000);
}

/** The viewer's zone, looked up only when `Date` says their clock is on another offset than `offsetMinutes` at `instant`. */
const viewerZoneWhenOther = (instant: string, offsetMinutes: number) =>
  -new Date(instant).getTimezoneOffset() === offsetMinutes ? null : Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The viewer's time zone when their clock is on another offset than `offsetMinutes` (the event's zone's) at
 * `instant`; null when it is on the same one, on the server and while hydrating (the server cannot know the zone,
 * and text that differs from the server HTML would break hydration). The offsets are compared with `Date`'s own,
 * which loads no zone data: the first `Intl.DateTimeFormat` does, 12–24 ms in Chromium on this kind of machine,
 * and most viewers share the event's clock. A hydrated page compares in a transition after it is interactive.
 */
export function useViewerZoneWhenOther(instant: string, offsetMinutes: number): string | null {
  const [zone, setZone] = useState<string | null>(() =>
    typeof document === 'undefined' || isHydrating() ? null : viewerZoneWhenOther(instant, offsetMinutes),
  );
  // The updater runs when React renders the transition, not in this effect.
  useEffect(() => startTransition(() => setZone(() => viewerZoneWhenOther(instant, offsetMinutes))), [instant, offsetMinutes]);
  return zone;
}

/** Within this of the server's time, the device's clock is taken to agree with it. */
const sameMomentMs = 60_000;

/**
 * The time a page judges "ended" and "sales end" by: the server's (`serverNow`, from the loader) while hydrating
 * and while the device's clock agrees with it to the minute, so the text the server wrote stays and no date is
 * formatted again; the device's own when they differ (a page the device kept and opens later, or a clock that is
 * wrong), read in a transition after hydrating.
 */
export function useClientNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const deviceNow = Date.now();
    // A transition: the page renders again with the time in slices, not in one task right after hydrating.
    startTransition(() => setNow(Math.abs(deviceNow - serverNow) < sameMomentMs ? serverNow : deviceNow));
  }, [serverNow]);
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
