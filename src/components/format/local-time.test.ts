import { describe, expect, it } from 'vitest';
import { formatClockSeconds, formatLongDate, formatTimestamp } from './local-date.ts';
import { formatAgo } from './time-ago.ts';

describe('dates in the runtime’s own zone', () => {
  // Built from local parts, so the expectations hold in any zone the tests run in.
  const at = new Date(2026, 10, 3, 19, 4, 37);

  it('prints fixed patterns', () => {
    expect(formatLongDate(at)).toBe('3 November 2026');
    expect(formatClockSeconds(at)).toBe('19:04:37');
    expect(formatTimestamp(at)).toBe('2026-11-03 19:04:37');
  });

  it('says how long ago', () => {
    expect(formatAgo(new Date(Date.now() - 5 * 60_000))).toBe('5 minutes ago');
  });
});
