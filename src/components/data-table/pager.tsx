import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../button.ts';

const pagerLink = buttonClass('secondary', 'small');
const pagerOff = `${pagerLink} opacity-50`;

interface PagerProps {
  /** The address of the previous page, or null on the first. */
  previous: string | null;
  /** The address of the next page, or null on the last. */
  next: string | null;
  /** Names the navigation: "Order pages". */
  label: string;
  /** Between the two links: "Page 2 of 5". */
  children?: ReactNode;
}

/** Paging as links (a page number or keyset cursor in the address): works before the page's script runs, and with Back. */
export function Pager({ previous, next, label, children }: PagerProps) {
  if (previous === null && next === null) return null;
  const previousText = (
    <>
      <span aria-hidden="true">←</span> Previous
    </>
  );
  const nextText = (
    <>
      Next <span aria-hidden="true">→</span>
    </>
  );
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {previous === null ? (
        <span aria-disabled="true" className={pagerOff}>
          {previousText}
        </span>
      ) : (
        <Link to={previous} rel="prev" className={pagerLink}>
          {previousText}
        </Link>
      )}
      {children}
      {next === null ? (
        <span aria-disabled="true" className={pagerOff}>
          {nextText}
        </span>
      ) : (
        <Link to={next} rel="next" className={pagerLink}>
          {nextText}
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
