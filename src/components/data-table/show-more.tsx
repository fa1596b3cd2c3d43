import { buttonClass } from '../button.ts';
import { Spinner } from '../submit-button.tsx';

/** Loads a keyset list's next page below what is shown; absent on its last page. */
export function ShowMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore(): void }) {
  if (!hasMore) return null;
  return (
    <button type="button" className={buttonClass('secondary')} onClick={onMore} disabled={loading}>
      {loading ? <Spinner /> : null}
      {loading ? 'Loading…' : 'Show more'}
    </button>
  );
}
