import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './date-time.ts';

describe('workspace dates', () => {
  it('prints a day in UTC unless told another zone', () => {
    expect(formatDay('2026-11-03T23:30:00Z')).toBe('3 Nov 2026');
    expect(formatDay('2026-11-03T23:30:00Z', 'Europe/Berlin')).toBe('4 Nov 2026');
  });

  it('prints a date and a 24-hour time, with or without the year', () => {
    expect(formatDateTime('2026-06-08T11:00:00Z', { timeZone: 'Europe/London' })).toBe('8 Jun 2026, 12:00');
    expect(formatDateTime(Date.parse('2026-06-08T11:00:00Z'), { timeZone: 'UTC', withYear: false })).toBe('8 Jun, 11:00');
  });
});
