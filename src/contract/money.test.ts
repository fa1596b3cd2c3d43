import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalAmount, formatMoney, formatPrice, formatPriceFrom, minorUnitDigits } from './money.ts';

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

  it('writes every currency exactly as Intl writes it in en-GB, the common ones without making a formatter', () => {
    const currencies = 'GBP EUR USD CAD AUD NZD INR JPY CHF SEK NOK DKK PLN ZAR KWD BHD MXN'.split(' ');
    const amounts = [0, 1, -1, 5, 99, 100, 999, 1000, 100_000, 123_456_789, -98_765_432, 99_999_999_999];
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.oneof(fc.constantFrom(...amounts), fc.integer({ min: -1e12, max: 1e12 })),
        (currency, minor) => {
          const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
          const digits = intl.resolvedOptions().maximumFractionDigits ?? 2;
          expect(minorUnitDigits(currency)).toBe(digits);
          expect(formatMoney(minor, currency)).toBe(intl.format(minor / 10 ** digits));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
