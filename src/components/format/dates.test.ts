import { describe, expect, it } from 'vitest';
import { formatEventRange, formatEventStart, formatShortDate, relativeFromNow, zoneOffsetMinutes } from './dates.ts';

describe('event dates', () => {
  it('prints the start in the event’s own zone, not the machine’s', () => {
    // 18:30 UTC is 19:30 in London in summer and 14:30 in New York.
    const now = new Date('2030-06-01T00:00:00Z');
    expect(formatEventStart('2030-06-14T18:30:00Z', 'Europe/London', now)).toBe('Fri 14 Jun, 19:30');
    expect(formatEventStart('2030-06-14T18:30:00Z', 'America/New_York', now)).toBe('Fri 14 Jun, 14:30');
  });

  it('adds the year when the event is not this year', () => {
    expect(formatEventStart('2031-01-03T10:00:00Z', 'Europe/London', new Date('2030-12-01T00:00:00Z'))).toBe(
      'Fri 3 Jan 2031, 10:00',
    );
  });

  it('prints a one-day range with one date and the zone name', () => {
    expect(formatEventRange('2030-06-14T18:30:00Z', '2030-06-14T22:00:00Z', 'Europe/London')).toBe(
      'Fri 14 Jun 2030, 19:30 – 23:00 BST',
    );
  });

  it('prints both dates when the event runs past midnight in its zone', () => {
    expect(formatEventRange('2030-06-14T20:00:00Z', '2030-06-15T01:00:00Z', 'Europe/London')).toBe(
      'Fri 14 Jun 2030, 21:00 – Sat 15 Jun 2030, 02:00 BST',
    );
  });

  it('names zones without a breakable hyphen', () => {
    expect(formatEventRange('2030-12-14T18:30:00Z', '2030-12-14T20:00:00Z', 'America/New_York')).toBe(
      'Sat 14 Dec 2030, 13:30 – 15:00 GMT\u22125',
    );
  });

  it('gives a zone’s offset from UTC at an instant, across summer time and in both directions', () => {
    const summer = new Date('2030-06-14T18:30:00Z');
    const winter = new Date('2030-12-14T18:30:45Z');
    expect(zoneOffsetMinutes(summer, 'Europe/London')).toBe(60);
    expect(zoneOffsetMinutes(winter, 'Europe/London')).toBe(0);
    expect(zoneOffsetMinutes(summer, 'Europe/Jersey')).toBe(zoneOffsetMinutes(summer, 'Europe/London'));
    expect(zoneOffsetMinutes(summer, 'Europe/Paris')).toBe(120);
    expect(zoneOffsetMinutes(winter, 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(winter, 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(winter, 'Asia/Kathmandu')).toBe(345);
    expect(zoneOffsetMinutes(winter, 'UTC')).toBe(0);
    // Across the date line: the wall clock is already tomorrow.
    expect(zoneOffsetMinutes(new Date('2030-12-31T23:30:00Z'), 'Pacific/Kiritimati')).toBe(840);
  });

  it('words how long until a moment', () => {
    const now = Date.parse('2030-06-01T12:00:00Z');
    expect(relativeFromNow(new Date('2030-06-03T12:00:00Z'), now)).toBe('in 2 days');
    expect(relativeFromNow(new Date('2030-06-01T15:00:00Z'), now)).toBe('in 3 hours');
    expect(formatShortDate('2030-12-03T10:00:00Z', 'Europe/London', new Date(now))).toBe('3 Dec');
  });
});
