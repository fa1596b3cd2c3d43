import { describe, expect, it } from 'vitest';
import { catalogueHref, firstPage, isSearch, parseCatalogue, toCatalogueRequest } from './catalogue-params.ts';

const parse = (category: string | undefined, search: string) => parseCatalogue(category, new URLSearchParams(search));
const key = '2026-12-01T19:00:00.000000Z_0b7e3c1a-57d4-4f0e-9a59-5c1b8a9d2e01';

describe('catalogue addresses', () => {
  it('reads a filter form as the browser sends it, empty fields and all, into one clean address', () => {
    const state = parse(undefined, 'q=+jazz+night+&when=&from=&to=');
    expect(state).toEqual({ q: 'jazz night' });
    expect(catalogueHref(state)).toBe('/events?q=jazz+night');
    expect(catalogueHref(parse('music', ''))).toBe('/events/music');
  });

  it('lets a named day win over dates, and puts dates given backwards in order', () => {
    expect(parse(undefined, 'when=today&from=2026-12-01&to=2026-12-05')).toEqual({ when: 'today' });
    expect(parse(undefined, 'when=dates&from=2026-12-05&to=2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-05' });
    expect(parse(undefined, 'from=2026-12-05')).toEqual({ from: '2026-12-05' });
  });

  it('drops what is not valid rather than failing the page', () => {
    expect(parse('knitting', 'when=tomorrow&from=2026-02-30&to=soon&after=yesterday')).toEqual({});
    expect(parse(undefined, `after=${key.replace('2026-12-01T19', '2026-13-01T19')}`)).toEqual({});
    expect(parse(undefined, `q=${'a'.repeat(150)}`).q).toHaveLength(100);
    // A page is read one way: forwards wins when an edited link has both.
    expect(parse(undefined, `after=${key}&before=${key}`)).toEqual({ after: key });
  });

  it('gives every address a fixed point: the clean address reads back to itself', () => {
    for (const [category, search] of [
      ['music', `q=brass&when=weekend&after=${key}`],
      [undefined, `from=2026-12-01&to=2026-12-24&before=${key}`],
      ['family', 'q=ünïcödé & more'],
      ['music', 'city=Newcastle upon Tyne&when=today'],
    ] as const) {
      const href = catalogueHref(parse(category, search));
      const url = new URL(href, 'https://admit.test');
      const again = parseCatalogue(url.pathname.split('/')[2], url.searchParams);
      expect(catalogueHref(again)).toBe(href);
    }
  });

  it('starts a new filter from the first page, and tells search results from listings', () => {
    expect(firstPage({ category: 'music', q: 'brass', after: key })).toEqual({ category: 'music', q: 'brass' });
    expect(isSearch({ category: 'music' })).toBe(false);
    expect(isSearch({ category: 'music', when: 'today' })).toBe(true);
    expect(toCatalogueRequest({ category: 'music', before: key })).toEqual({ category: 'music', before: key });
  });

  it('keeps a city as a listing of its own, spaces tidied, and drops one too long to be a city', () => {
    expect(parse('music', 'city=+Leeds++West+')).toEqual({ category: 'music', city: 'Leeds West' });
    expect(catalogueHref(parse(undefined, 'city=Leeds&q=jazz'))).toBe('/events?city=Leeds&q=jazz');
    expect(parse(undefined, `city=${'x'.repeat(81)}`)).toEqual({});
    expect(isSearch({ city: 'Leeds' })).toBe(false);
    expect(toCatalogueRequest({ city: 'Leeds', category: 'music' })).toEqual({ category: 'music', city: 'Leeds' });
  });
});
