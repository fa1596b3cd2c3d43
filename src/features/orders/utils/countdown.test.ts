import { describe, expect, it } from 'vitest';
import { countdownInWords, formatCountdown, timeLeft } from './countdown.ts';

describe('countdown', () => {
  it('is the time left until the deadline, never below zero', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(timeLeft('2026-06-01T12:15:00Z', now)).toBe(15 * 60_000);
    expect(timeLeft('2026-06-01T11:00:00Z', now)).toBe(0);
    expect(timeLeft(null, now)).toBeNull();
  });

  it('reads like a clock and rounds up, so 0:00 means the time is up', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(4_200)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('says the time in words for screen readers', () => {
    expect(countdownInWords(14 * 60_000 + 10_000)).toBe('14 minutes');
    expect(countdownInWords(65_000)).toBe('1 minute 5 seconds');
    expect(countdownInWords(120_000)).toBe('2 minutes');
    expect(countdownInWords(1_000)).toBe('1 second');
  });
});
