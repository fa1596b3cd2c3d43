import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  changeSearch,
  clearFilters,
  customRange,
  isStalePreset,
  parseSearch,
  presetRange,
  toEventsQuery,
  toSearchParams,
} from './search-params.ts';

const parse = (search: string) => parseSearch(new URLSearchParams(search));

describe('search URLs', () => {
  it('read every filter the API knows, and write them back unchanged', () => {
    const search =
      'q=jazz&when=custom&from=2026-06-01T00%3A00%3A00%2B01%3A00&to=2026-06-07T23%3A59%3A59%2B01%3A00&category=music&city=Leeds&lat=53.8&lng=-1.55&radiusKm=10&price=paid&online=false&sort=relevance&page=2';
    const state = parse(search);
    expect(state).toEqual({
      q: 'jazz',
      when: 'custom',
      from: '2026-06-01T00:00:00+01:00',
      to: '2026-06-07T23:59:59+01:00',
      category: 'music',
      city: 'Leeds',
      lat: 53.8,
      lng: -1.55,
      radiusKm: 10,
      price: 'paid',
      online: false,
      sort: 'relevance',
      page: 2,
    });
    expect(toSearchParams(state).toString()).toBe(search);
  });

  it('fall back to the default for a value that does not pass, and keep the rest', () => {
    const state = parse('q=folk&category=opera&page=-3&from=yesterday&price=cheap&radiusKm=9000&online=maybe');
    expect(state).toEqual({ q: 'folk', sort: 'date', page: 1 });
  });

  it('ignore what the search page does not offer', () => {
    expect(toEventsQuery(parse('includePast=true&organizationId=7d8f5b9e-1c2a-4e3b-9f00-0a1b2c3d4e5f&pageSize=50'))).toEqual({});
  });

  it('leave out defaults, so the URL and the cache key stay short', () => {
    expect(toEventsQuery(parse('page=1&sort=date&radiusKm=50'))).toEqual({});
    expect(toSearchParams(parse('')).toString()).toBe('');
  });

  it('sort by relevance only with search words', () => {
    expect(parse('sort=relevance').sort).toBe('date');
    expect(parse('q=choir&sort=relevance').sort).toBe('relevance');
    expect(changeSearch(parse('q=choir&sort=relevance'), { q: undefined }).sort).toBe('date');
  });

  it('need both coordinates for "near me", and send a radius with them', () => {
    expect(toEventsQuery(parse('lat=51.45'))).toEqual({});
    expect(toEventsQuery(parse('lat=51.45&lng=-2.59'))).toEqual({ lat: 51.45, lng: -2.59, radiusKm: 50 });
  });

  it('drop a date range that ends before it starts', () => {
    expect(parse('from=2026-06-07T00:00:00Z&to=2026-06-01T00:00:00Z')).toMatchObject({ from: undefined, to: undefined });
  });

  it('go back to page 1 when a filter changes, but not when the page does', () => {
    const onPage3 = parse('category=music&page=3');
    expect(changeSearch(onPage3, { city: 'Bristol' }).page).toBe(1);
    expect(changeSearch(onPage3, { page: 4 }).page).toBe(4);
  });

  it('clear filters but keep the search words', () => {
    const state = parse('q=gig&category=music&city=Leeds&price=free&online=true&when=today&from=2026-06-01T00:00:00Z');
    expect(activeFilterCount(state)).toBe(5);
    const cleared = clearFilters(state);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(toSearchParams(cleared).toString()).toBe('q=gig');
  });
});

describe('date ranges', () => {
  // A Wednesday.
  const wednesday = new Date(2026, 5, 10, 15, 30);

  it('today runs from midnight to the end of the day, with the local offset', () => {
    const { from, to } = presetRange('today', wednesday);
    expect(from).toMatch(/^2026-06-10T00:00:00[+-]\d{2}:\d{2}$/);
    expect(to).toMatch(/^2026-06-10T23:59:59[+-]\d{2}:\d{2}$/);
  });

  it('this weekend is the coming Friday to Sunday, or the rest of it when it has begun', () => {
    expect(presetRange('weekend', wednesday)).toMatchObject({
      from: expect.stringMatching(/^2026-06-12T00:00/),
      to: expect.stringMatching(/^2026-06-14T23:59/),
    });
    expect(presetRange('weekend', new Date(2026, 5, 13, 9))).toMatchObject({
      from: expect.stringMatching(/^2026-06-13T00:00/),
      to: expect.stringMatching(/^2026-06-14T23:59/),
    });
    expect(presetRange('weekend', new Date(2026, 5, 14, 9))).toMatchObject({
      from: expect.stringMatching(/^2026-06-14T00:00/),
      to: expect.stringMatching(/^2026-06-14T23:59/),
    });
  });

  it('the next 7 days include today', () => {
    expect(presetRange('week', wednesday)).toMatchObject({
      from: expect.stringMatching(/^2026-06-10T00:00/),
      to: expect.stringMatching(/^2026-06-16T23:59/),
    });
  });

  it('a custom range covers both whole days and passes the API schema', () => {
    const range = customRange('2026-07-01', '2026-07-03');
    expect(range.from).toMatch(/^2026-07-01T00:00:00/);
    expect(range.to).toMatch(/^2026-07-03T23:59:59/);
    const state = parse(toSearchParams({ ...range, when: 'custom', sort: 'date', page: 1 }).toString());
    expect(state).toMatchObject({ ...range, when: 'custom' });
    expect(customRange('', 'not a date')).toEqual({ from: undefined, to: undefined });
  });

  it('a named range from another day is out of date', () => {
    const today = { ...presetRange('today', wednesday), when: 'today' as const, sort: 'date' as const, page: 1 };
    expect(isStalePreset(today, wednesday)).toBe(false);
    expect(isStalePreset(today, new Date(2026, 5, 11, 8))).toBe(true);
    expect(isStalePreset({ ...today, when: 'custom' }, new Date(2027, 0, 1))).toBe(false);
  });
});
