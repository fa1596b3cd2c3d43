import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { cursorParam, type FilterSchema, readFilters, writeFilters } from './url-filters.ts';

export interface UrlFilters<T> {
  values: T;
  /** The keyset cursor of the page on screen; null on the first page. */
  cursor: string | null;
  /** Changes some filters, back to the first page. Typing in a search box should `replace` rather than add history. */
  set(change: Partial<T>, options?: { replace?: boolean }): void;
  /** Every filter back to its default, first page. */
  reset(): void;
  /** The address of another page under the same filters, for Next/Previous links. */
  pageHref(cursor: string | null): string;
}

/** Typed filters over the address's search parameters (react-router), safe to render on the server. Declare `schema` once, outside the component. */
export function useUrlFilters<T>(schema: FilterSchema<T>): UrlFilters<T> {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const values = useMemo(() => readFilters(schema, search), [schema, search]);
  const set = useCallback(
    (change: Partial<T>, options: { replace?: boolean } = {}) =>
      setSearch((current) => writeFilters(schema, current, change), { replace: options.replace, preventScrollReset: true }),
    [schema, setSearch],
  );
  const reset = useCallback(() => {
    const defaults = readFilters(schema, new URLSearchParams());
    setSearch((current) => writeFilters(schema, current, defaults), { preventScrollReset: true });
  }, [schema, setSearch]);
  const pageHref = useCallback(
    (cursor: string | null) => {
      const text = writeFilters(schema, search, {}, cursor).toString();
      return text ? `${pathname}?${text}` : pathname;
    },
    [schema, search, pathname],
  );
  return { values, cursor: search.get(cursorParam), set, reset, pageHref };
}
