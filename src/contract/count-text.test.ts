import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, groupThousands } from './count-text.ts';

describe('counts', () => {
  it('groups digits in threes', () => {
    expect(groupThousands('7')).toBe('7');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });

  it('writes every whole number exactly as Intl writes it in en-GB', () => {
    const intl = new Intl.NumberFormat('en-GB');
    for (const value of [0, 1, -1, 999, 1000, -1000, 12_345, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(value)).toBe(intl.format(value));
    }
    fc.assert(fc.property(fc.maxSafeInteger(), (value) => formatCount(value) === intl.format(value)));
  });

  it('leaves what is not a safe integer to Intl', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(2 ** 60)).toBe(new Intl.NumberFormat('en-GB').format(2 ** 60));
  });
});
