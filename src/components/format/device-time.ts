/**
 * Times on the device's own clock: what door staff read beside a scan. Only the browser renders these (the door
 * is a client-side screen), so they may use the device's zone; the text is the kit's one style ("Sat 14 Jun,
 * 19:30", 24-hour), never the device's locale, so a phone set to US English reads the door as every other page.
 */
import { formatEventStart, zonedText } from './dates.ts';

const clockOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const clockSecondsOptions: Intl.DateTimeFormatOptions = { ...clockOptions, second: '2-digit' };

/** "19:04" or, with seconds, "19:04:37", on the device's clock. */
export function deviceClock(at: string | number, withSeconds = false): string {
  return zonedText(new Date(at), undefined, withSeconds ? clockSecondsOptions : clockOptions);
}

/** "Sat 19:04": a time within the last days, on the device's clock. */
export function deviceWeekdayTime(at: string | number): string {
  return `${zonedText(new Date(at), undefined, { weekday: 'short' })} ${deviceClock(at)}`;
}

/** "Sat 14 Jun, 19:30" on the clock of the given zone; on the device's clock when the engine does not know the zone. */
export function deviceDateTime(at: string, timeZone: string, now = new Date()): string {
  try {
    return formatEventStart(at, timeZone, now);
  } catch {
    return formatEventStart(at, Intl.DateTimeFormat().resolvedOptions().timeZone, now);
  }
}
