/** `yyyy-MM-dd` (a date input's value) to Unix seconds at UTC midnight; undefined when empty or not a date. */
export function isoDateToSeconds(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const milliseconds = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(milliseconds) ? undefined : Math.floor(milliseconds / 1000);
}

/** Unix seconds to `yyyy-MM-dd`, read in UTC so the day is the one entered in every time zone. */
export function secondsToIsoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
