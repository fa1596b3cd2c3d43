import { describe, expect, it } from 'vitest';
import { majorTextToMinor, minorToMajorText } from './money-input.ts';

describe('price input', () => {
  it('reads typed major units as integer minor units', () => {
    expect(majorTextToMinor('12', 2)).toBe(1200);
    expect(majorTextToMinor('12.5', 2)).toBe(1250);
    expect(majorTextToMinor(' 12.50 ', 2)).toBe(1250);
    expect(majorTextToMinor('£0.10', 2)).toBe(10);
    expect(majorTextToMinor('1,200.00', 2)).toBe(120000);
    expect(majorTextToMinor('0', 2)).toBe(0);
    // The classic float trap: 0.29 * 100 is 28.999…
    expect(majorTextToMinor('0.29', 2)).toBe(29);
    expect(majorTextToMinor('1000', 0)).toBe(1000);
  });

  it('refuses what is not an amount', () => {
    expect(majorTextToMinor('', 2)).toBeNull();
    expect(majorTextToMinor('abc', 2)).toBeNull();
    expect(majorTextToMinor('-5', 2)).toBeNull();
    expect(majorTextToMinor('1.234', 2)).toBeNull();
    expect(majorTextToMinor('1.5', 0)).toBeNull();
  });

  it('shows minor units as major text', () => {
    expect(minorToMajorText(1250, 2)).toBe('12.50');
    expect(minorToMajorText(5, 2)).toBe('0.05');
    expect(minorToMajorText(0, 2)).toBe('0.00');
    expect(minorToMajorText(700, 0)).toBe('700');
  });
});
