import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, sortFromParam, sortToParam } from './sort.ts';
import {
  activeFilterCount,
  booleanFilter,
  choiceFilter,
  choiceWithDefault,
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
  sort: choiceWithDefault(['newest', 'oldest'], 'newest'),
};

describe('filters in the address', () => {
  it('reads typed values and drops malformed ones', () => {
    const search = new URLSearchParams('q=%20ada%20lovelace%20king&status=lost&test=true&from=2026-13-45&sort=oldest');
    expect(readFilters(schema, search)).toEqual({ q: 'ada lovela', status: null, test: true, from: null, sort: 'oldest' });
    expect(readFilters(schema, new URLSearchParams())).toEqual({ q: '', status: null, test: null, from: null, sort: 'newest' });
  });

  it('writes changes, leaves defaults out, keeps other parameters and drops the cursor', () => {
    const search = new URLSearchParams('status=paid&cursor=abc&order=R1');
    const next = writeFilters(schema, search, { status: null, test: false, sort: 'newest', q: 'ada' });
    expect(next.toString()).toBe('order=R1&test=false&q=ada');
  });

  it('sets or clears the cursor for paging and keeps it when nothing changes', () => {
    const search = new URLSearchParams('status=paid');
    expect(writeFilters(schema, search, {}, 'next-1').toString()).toBe('status=paid&cursor=next-1');
    expect(writeFilters(schema, new URLSearchParams('cursor=a'), {}, null).toString()).toBe('');
    expect(writeFilters(schema, new URLSearchParams('cursor=a'), {}).toString()).toBe('cursor=a');
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount(schema, new URLSearchParams('q=x&sort=newest&test=false&cursor=a'))).toBe(2);
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
    expect(sortToParam({ key: 'total', direction: 'desc' })).toBe('-total');
    expect(sortFromParam('-total', ['total'])).toEqual({ key: 'total', direction: 'desc' });
    expect(sortFromParam('buyer', ['total'])).toBeNull();
  });
});
