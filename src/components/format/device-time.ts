/**
 * Times on the device's own clock, in its own locale: what door staff read beside a scan. Only the
 * browser renders these (the door is a client-side screen), so the server's locale never shows.
 */

/** "19:04" or, with seconds, "19:04:37". */
export function deviceClock(at: string | number, withSeconds = false): string {
  return new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}

/** "Sat 19:04": a time within the last days. */
export function deviceWeekdayTime(at: string | number): string {
  return new Date(at).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

/** "Sat 14 Jun, 19:30" on the clock of the given zone; the device's zone and default text when the zone is unknown. */
export function deviceDateTime(at: string, timeZone: string): string {
  try {
    return new Date(at).toLocaleString(undefined, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return new Date(at).toLocaleString();
  }
}
