import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isOffsetDateTime, readEventListSearch } from './event-list-terms.ts';
import { eventListQuerySchema } from './events.ts';

/** What the API's schema makes of one value alone: the parsed value, or `dropped` when it refuses it. */
function schemaReading(key: string, value: string): unknown {
  const parsed = eventListQuerySchema.safeParse({ [key]: value });
  return parsed.success ? (parsed.data as Record<string, unknown>)[key] : 'dropped';
}

/** What the page's reader makes of it: the value, or `dropped` when it keeps the default or nothing. */
function readerReading(key: string, value: string): unknown {
  const read = readEventListSearch({ [key]: value }) as unknown as Record<string, unknown>;
  const untouched = readEventListSearch({}) as unknown as Record<string, unknown>;
  if (read[key] === untouched[key] && schemaReading(key, value) !== untouched[key]) return 'dropped';
  return read[key];
}

const dateTimes = [
  '2026-06-13T00:00:00+01:00',
  '2026-06-13T23:59:59Z',
  '2026-06-13T00:00:00.123Z',
  '2026-06-13T00:00:00.123456789-12:00',
  '2024-02-29T12:00:00Z',
  '2000-02-29T12:00:00Z',
  '0000-02-29T12:00:00Z',
  '2023-02-29T12:00:00Z',
  '1900-02-29T12:00:00Z',
  '2026-04-31T12:00:00Z',
  '2026-06-13T00:00+01:00',
  '2026-06-13T00:00:00+0100',
  '2026-06-13T00:00:00+01',
  '2026-06-13T24:00:00Z',
  '2026-06-13T00:60:00Z',
  '2026-06-13T00:00:60Z',
  '2026-06-13T00:00:00+24:00',
  '2026-06-13T00:00:00+14:60',
  '2026-06-13 00:00:00Z',
  '2026-06-13t00:00:00Z',
  '2026-06-13T00:00:00z',
  '2026-06-13T00:00:00',
  '2026-06-13T00:00:00.Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-06-00T00:00:00Z',
  '+2026-06-13T00:00:00Z',
  '2026-06-13',
  'today',
];

const byKey: Record<string, string[]> = {
  q: ['jazz', ` ${'x'.repeat(100)} `, 'x'.repeat(101), 'Harbour  Lights'],
  city: ['Leeds', 'x'.repeat(80), 'x'.repeat(81)],
  category: ['music', 'family', 'Music', 'opera', ''],
  lat: ['53.8', '-90', '90', '90.01', '-91', 'abc', '1e1', '0x10', 'Infinity', 'NaN'],
  lng: ['-1.5', '180', '-180.5', '181', '12,5'],
  radiusKm: ['1', '500', '0.5', '501', '25.5', 'far'],
  price: ['free', 'paid', 'Free', 'cheap'],
  online: ['true', 'false', 'yes', '1', 'TRUE'],
  sort: ['date', 'relevance', 'price'],
  page: ['1', '1000', '1001', '0', '-1', '2.5', '1e2', 'two'],
  from: dateTimes,
  to: dateTimes,
};

describe('the search page reads its URL as the API reads a search', () => {
  it.each(Object.entries(byKey))('%s: keeps what the schema keeps, with the same value, and drops the rest', (key, values) => {
    for (const value of values) {
      expect(readerReading(key, value), `${key}=${value}`).toEqual(schemaReading(key, value));
    }
  });

  it('gives the schema’s defaults for an empty search', () => {
    const { includePast: _past, pageSize: _size, ...defaults } = eventListQuerySchema.parse({});
    expect(readEventListSearch({})).toEqual(defaults);
  });

  it('tells a date and time with an offset exactly as the schema does', () => {
    const schema = z.iso.datetime({ offset: true });
    for (const text of dateTimes) expect(isOffsetDateTime(text), text).toBe(schema.safeParse(text).success);
    // Every day of a leap year and of a common one, at midnight and the last second.
    for (const year of [2023, 2024, 2100, 2000]) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 28; day <= 32; day += 1) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T23:59:59+05:30`;
          expect(isOffsetDateTime(text), text).toBe(schema.safeParse(text).success);
        }
      }
    }
  });
});
