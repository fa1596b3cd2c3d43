import { zonedText } from '#components/format/dates.ts';

/** "Mon 3 Nov" for a UTC day of the daily charts. */
export const dayLabel = (day: string) =>
  zonedText(new Date(`${day}T00:00:00Z`), 'UTC', { weekday: 'short', day: 'numeric', month: 'short' });

/** "19:05" on the event's clock: where an arrivals slot starts. */
export const slotLabel = (at: string, timeZone: string) =>
  zonedText(new Date(at), timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
