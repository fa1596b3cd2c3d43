import type { FilterCodec } from './url-filters.ts';

/** A list's order: the column's sort key and its direction. */
export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

/** The order after pressing a column's header: that column ascending, or the other way when it is already the order. */
export function nextSort(current: SortState | null, key: string): SortState {
  return current?.key === key && current.direction === 'asc' ? { key, direction: 'desc' } : { key, direction: 'asc' };
}

/** The header's aria-sort: only the column the list is ordered by carries one. */
export function ariaSort(current: SortState | null, key: string): 'ascending' | 'descending' | undefined {
  if (current?.key !== key) return undefined;
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/** A sort held in the address as one parameter, "date" ascending or "-date" descending; only the given keys. */
export function sortFilter(keys: readonly string[]): FilterCodec<SortState | null> {
  return {
    parse(raw) {
      if (!raw) return null;
      const direction = raw.startsWith('-') ? 'desc' : 'asc';
      const key = direction === 'desc' ? raw.slice(1) : raw;
      return keys.includes(key) ? { key, direction } : null;
    },
    format: (sort) => (sort === null ? null : sort.direction === 'desc' ? `-${sort.key}` : sort.key),
  };
}
