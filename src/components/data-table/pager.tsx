import { Link } from 'react-router';

const pagerLink =
  'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50';
const pagerOff =
  'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-200 px-4 font-semibold text-slate-400';

interface PagerProps {
  /** The address of the previous page, or null on the first. */
  previous: string | null;
  /** The address of the next page, or null on the last. */
  next: string | null;
  /** Names the navigation: "Orders pages". */
  label: string;
}

/** Keyset paging as links (the cursor in the address): works before the page's script runs, and with Back. */
export function Pager({ previous, next, label }: PagerProps) {
  if (previous === null && next === null) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {previous === null ? (
        <span aria-disabled="true" className={pagerOff}>
          Previous
        </span>
      ) : (
        <Link to={previous} preventScrollReset className={pagerLink}>
          Previous
        </Link>
      )}
      {next === null ? (
        <span aria-disabled="true" className={pagerOff}>
          Next
        </span>
      ) : (
        <Link to={next} preventScrollReset className={pagerLink}>
          Next
        </Link>
      )}
    </nav>
  );
}

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
}

/** "Load more" under a list that grows in place (an infinite query's next cursor). */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center">
      <button
        type="button"
        onClick={onLoadMore}
        disabled={loading}
        aria-busy={loading}
        className={`${pagerLink} disabled:cursor-wait`}
      >
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
