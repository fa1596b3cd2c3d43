/**
 * Wall-clock times in an event's own time zone, for `datetime-local` inputs: the organiser types
 * the time on the venue's clock, the API gets an ISO 8601 instant with that zone's offset. Offsets
 * come from `Intl.DateTimeFormat`, so daylight saving follows the browser's time-zone database.
 */

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(epochMs: number, timeZone: string): WallClock {
  const found: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') found[part.type] = Number(part.value);
  }
  return {
    year: found.year ?? 1970,
    month: found.month ?? 1,
    day: found.day ?? 1,
    // Some engines print midnight as hour 24.
    hour: (found.hour ?? 0) % 24,
    minute: found.minute ?? 0,
    second: found.second ?? 0,
  };
}

const clockAsUtc = (clock: WallClock) => Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** The zone's offset from UTC at an instant, in minutes (London in summer: 60; New York in winter: -300). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  return Math.round((clockAsUtc(wallClock(wholeSeconds, timeZone)) - wholeSeconds) / 60_000);
}

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

/**
 * The instant a `datetime-local` value names in a zone, or null when the text is not a date and
 * time. A time skipped by a clock change (01:30 on the spring-forward night) moves forward by the
 * gap; a time that happens twice picks the later one.
 */
export function zonedLocalToEpoch(local: string, timeZone: string): number | null {
  const match = localPattern.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const clock = { year, month, day, hour, minute, second: second || 0 } as WallClock;
  if (clock.month < 1 || clock.month > 12 || clock.day < 1 || clock.day > 31 || clock.hour > 23 || clock.minute > 59) return null;
  const asUtc = clockAsUtc(clock);
  const firstGuess = asUtc - zoneOffsetMinutes(asUtc, timeZone) * 60_000;
  return asUtc - zoneOffsetMinutes(firstGuess, timeZone) * 60_000;
}

/** An instant as ISO 8601 on the zone's clock with its offset: `2030-06-14T19:30:00+01:00`. */
export function epochToZonedIso(epochMs: number, timeZone: string): string {
  const clock = wallClock(epochMs, timeZone);
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const date = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
  const time = `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
  return `${date}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** A `datetime-local` value read on the zone's clock, as ISO 8601 with the right offset; null when incomplete. */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const epoch = zonedLocalToEpoch(local, timeZone);
  return epoch === null ? null : epochToZonedIso(epoch, timeZone);
}

/** An ISO instant as a `datetime-local` value on the zone's clock (`2030-06-14T19:30`); '' for none. */
export function isoToZonedLocal(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return '';
  const clock = wallClock(epoch, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** Whether the engine knows a zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone this browser runs in; UTC when the engine cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let knownZones: string[] | null = null;

/** Every zone the engine knows, plus any given ones it lists under another name (such as UTC), sorted. */
export function timeZoneNames(extra: readonly string[] = []): string[] {
  knownZones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return [...new Set([...knownZones, 'UTC', ...extra.filter(Boolean)])].sort((a, b) => a.localeCompare(b));
}

/** "UTC+01:00" for a zone now: the offset organisers recognise beside the zone's name. */
export function offsetLabel(timeZone: string, at = Date.now()): string {
  const offset = zoneOffsetMinutes(at, timeZone);
  return `UTC${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
