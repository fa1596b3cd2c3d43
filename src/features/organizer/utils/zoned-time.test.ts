import { describe, expect, it } from 'vitest';
import { epochToZonedIso, isoToZonedLocal, offsetLabel, zonedLocalToIso, zoneOffsetMinutes } from './zoned-time.ts';

describe('zoned wall-clock times', () => {
  it('reads the offset of a zone at an instant, with daylight saving', () => {
    expect(zoneOffsetMinutes(Date.parse('2030-06-14T12:00:00Z'), 'Europe/London')).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2030-01-14T12:00:00Z'), 'Europe/London')).toBe(0);
    expect(zoneOffsetMinutes(Date.parse('2030-01-14T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2030-01-14T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('turns a datetime-local value on the venue’s clock into ISO with that zone’s offset', () => {
    expect(zonedLocalToIso('2030-06-14T19:30', 'Europe/London')).toBe('2030-06-14T19:30:00+01:00');
    expect(zonedLocalToIso('2030-12-14T19:30', 'Europe/London')).toBe('2030-12-14T19:30:00+00:00');
    expect(zonedLocalToIso('2030-06-14T19:30', 'America/New_York')).toBe('2030-06-14T19:30:00-04:00');
    expect(zonedLocalToIso('2030-06-14T19:30', 'Asia/Kolkata')).toBe('2030-06-14T19:30:00+05:30');
    expect(zonedLocalToIso('2030-06-14T19:30', 'America/St_Johns')).toBe('2030-06-14T19:30:00-02:30');
  });

  it('names the same instant however it is written', () => {
    const iso = zonedLocalToIso('2030-03-10T08:15', 'Australia/Sydney');
    expect(Date.parse(iso ?? '')).toBe(Date.parse('2030-03-09T21:15:00Z'));
  });

  it('moves a time skipped by the spring clock change forward by the gap', () => {
    // London skips 01:00–02:00 on 31 March 2030.
    expect(zonedLocalToIso('2030-03-31T01:30', 'Europe/London')).toBe('2030-03-31T02:30:00+01:00');
  });

  it('picks one real instant for a time that happens twice in autumn', () => {
    const iso = zonedLocalToIso('2030-10-27T01:30', 'Europe/London') ?? '';
    expect(['2030-10-27T01:30:00+01:00', '2030-10-27T01:30:00+00:00']).toContain(iso);
  });

  it('refuses incomplete or impossible values', () => {
    expect(zonedLocalToIso('', 'Europe/London')).toBeNull();
    expect(zonedLocalToIso('2030-06-14', 'Europe/London')).toBeNull();
    expect(zonedLocalToIso('2030-13-14T10:00', 'Europe/London')).toBeNull();
  });

  it('shows a stored instant on the zone’s clock for the input, and round-trips', () => {
    expect(isoToZonedLocal('2030-06-14T18:30:00.000Z', 'Europe/London')).toBe('2030-06-14T19:30');
    expect(isoToZonedLocal('2030-06-14T18:30:00.000Z', 'Asia/Tokyo')).toBe('2030-06-15T03:30');
    expect(isoToZonedLocal('2030-06-14T00:00:00.000Z', 'UTC')).toBe('2030-06-14T00:00');
    expect(isoToZonedLocal(null, 'UTC')).toBe('');
    const local = '2031-02-02T23:45';
    expect(isoToZonedLocal(zonedLocalToIso(local, 'Pacific/Auckland'), 'Pacific/Auckland')).toBe(local);
  });

  it('prints an instant with a negative half-hour offset correctly', () => {
    expect(epochToZonedIso(Date.parse('2030-01-10T12:00:00Z'), 'America/St_Johns')).toBe('2030-01-10T08:30:00-03:30');
  });

  it('labels a zone with its current offset', () => {
    expect(offsetLabel('Asia/Kolkata', Date.parse('2030-01-01T00:00:00Z'))).toBe('UTC+05:30');
    expect(offsetLabel('America/New_York', Date.parse('2030-01-01T00:00:00Z'))).toBe('UTC-05:00');
  });
});
