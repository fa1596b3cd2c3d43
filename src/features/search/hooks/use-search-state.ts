import { useCallback, useMemo } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { changeSearch, parseSearch, type SearchState, toSearchParams } from '../utils/search-params.ts';

interface UpdateOptions {
  /** Replace the history entry instead of adding one (corrections the visitor did not ask for). */
  replace?: boolean;
}

/**
 * The search as the URL says, so a search can be shared and the back button steps through it.
 * While a change is on its way the controls already show it.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location.search : null;
  const search = pending ?? `?${params.toString()}`;
  const state = useMemo(() => parseSearch(new URLSearchParams(search)), [search]);

  const show = useCallback(
    (next: SearchState, { replace = false }: UpdateOptions = {}) =>
      setParams(toSearchParams(next), { preventScrollReset: true, replace }),
    [setParams],
  );
  /** Changes some of the search (back to page 1 unless the page is what changes). */
  const update = useCallback(
    (patch: Partial<SearchState>, options?: UpdateOptions) => show(changeSearch(state, patch), options),
    [show, state],
  );
  return { state, update, show };
}
