import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { type SearchState, toSearchParams } from '../utils/search-params.ts';

interface PaginationProps {
  state: SearchState;
  pages: number;
}

/** Previous and next as real links (`page` in the URL), with "Page 2 of 5" between. */
export function Pagination({ state, pages }: PaginationProps) {
  if (pages <= 1) return null;
  const to = (page: number) => ({ search: `?${toSearchParams({ ...state, page }).toString()}` });
  const { page } = state;
  return (
    <nav aria-label="Result pages" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={to(Math.min(page - 1, pages))} rel="prev" className={buttonClass('secondary', 'small')}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={`${buttonClass('secondary', 'small')} opacity-50`}>
          <span aria-hidden="true">←</span> Previous
        </span>
      )}
      <p className="text-slate-700 text-sm">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next" className={buttonClass('secondary', 'small')}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={`${buttonClass('secondary', 'small')} opacity-50`}>
          Next <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
