import { describe, expect, it } from 'vitest';
import { decimalAmount, formatMoney, formatPrice, formatPriceFrom } from './money.ts';

describe('prices', () => {
  it('prints minor units in the currency', () => {
    expect(formatMoney(1500, 'GBP')).toBe('£15.00');
    expect(formatMoney(999, 'EUR')).toBe('€9.99');
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
  });

  it('calls a zero price free and prefixes the cheapest with "From"', () => {
    expect(formatPrice(0, 'GBP')).toBe('Free');
    expect(formatPriceFrom(0, 'GBP')).toBe('Free');
    expect(formatPriceFrom(1500, 'GBP')).toBe('From £15.00');
    expect(formatPriceFrom(null, null)).toBeNull();
  });

  it('gives the plain decimal amount structured data expects', () => {
    expect(decimalAmount(1500, 'GBP')).toBe('15.00');
    expect(decimalAmount(5, 'GBP')).toBe('0.05');
    expect(decimalAmount(1500, 'JPY')).toBe('1500');
  });
});
