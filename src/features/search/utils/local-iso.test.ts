import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localIso } from './search-params.ts';

const asDateFns = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm:ssxxx");

describe('an instant with the visitor’s own offset', () => {
  it('reads as date-fns writes it, for any instant from the year 1000 to 9999', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          expect(localIso(date)).toBe(asDateFns(date));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps the local calendar date and the offset, also around midnight', () => {
    const midnight = new Date(2026, 5, 13, 0, 0, 0);
    expect(localIso(midnight).slice(0, 19)).toBe('2026-06-13T00:00:00');
    expect(localIso(midnight)).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(localIso(new Date(2026, 11, 31, 23, 59, 59))).toBe(asDateFns(new Date(2026, 11, 31, 23, 59, 59)));
  });
});
