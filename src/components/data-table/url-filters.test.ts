import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, sortFilter } from './sort.ts';
import {
  activeFilterCount,
  booleanFilter,
  choiceFilter,
  dayFilter,
  readFilters,
  textFilter,
  writeFilters,
} from './url-filters.ts';

const schema = {
  q: textFilter(10),
  status: choiceFilter(['paid', 'refunded']),
  test: booleanFilter,
  from: dayFilter,
  sort: sortFilter(['date', 'total']),
};

describe('filters in the address', () => {
  it('reads typed values and drops malformed ones', () => {
    const search = new URLSearchParams('q=%20ada%20lovelace%20king&status=lost&test=true&from=2026-13-45&sort=-date');
    expect(readFilters(schema, search)).toEqual({
      q: 'ada lovela',
      status: null,
      test: true,
      from: null,
      sort: { key: 'date', direction: 'desc' },
    });
    expect(readFilters(schema, new URLSearchParams())).toEqual({ q: '', status: null, test: null, from: null, sort: null });
  });

  it('writes changes, leaves defaults out, keeps other parameters and drops the cursor', () => {
    const search = new URLSearchParams('status=paid&cursor=abc&order=R1');
    const next = writeFilters(schema, search, { status: null, test: false, sort: { key: 'total', direction: 'asc' }, q: 'ada' });
    expect(next.toString()).toBe('order=R1&test=false&sort=total&q=ada');
  });

  it('sets or clears the cursor for paging and keeps it when nothing changes', () => {
    const search = new URLSearchParams('status=paid');
    expect(writeFilters(schema, search, {}, 'next-1').toString()).toBe('status=paid&cursor=next-1');
    expect(writeFilters(schema, new URLSearchParams('cursor=a'), {}, null).toString()).toBe('');
    expect(writeFilters(schema, new URLSearchParams('cursor=a'), {}).toString()).toBe('cursor=a');
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount(schema, new URLSearchParams('q=x&sort=name&test=false&cursor=a'))).toBe(2);
  });
});

describe('sort order', () => {
  it('turns a column ascending first, then the other way', () => {
    expect(nextSort(null, 'total')).toEqual({ key: 'total', direction: 'asc' });
    expect(nextSort({ key: 'total', direction: 'asc' }, 'total')).toEqual({ key: 'total', direction: 'desc' });
    expect(nextSort({ key: 'total', direction: 'desc' }, 'total')).toEqual({ key: 'total', direction: 'asc' });
    expect(nextSort({ key: 'total', direction: 'desc' }, 'buyer')).toEqual({ key: 'buyer', direction: 'asc' });
  });

  it('gives aria-sort only to the sorted column', () => {
    expect(ariaSort({ key: 'total', direction: 'desc' }, 'total')).toBe('descending');
    expect(ariaSort({ key: 'total', direction: 'desc' }, 'buyer')).toBeUndefined();
  });

  it('round-trips through one search parameter', () => {
    const codec = sortFilter(['total']);
    expect(codec.format({ key: 'total', direction: 'desc' })).toBe('-total');
    expect(codec.parse('-total')).toEqual({ key: 'total', direction: 'desc' });
    expect(codec.parse('total')).toEqual({ key: 'total', direction: 'asc' });
    expect(codec.parse('buyer')).toBeNull();
    expect(codec.format(null)).toBeNull();
  });
});
