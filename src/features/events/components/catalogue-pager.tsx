import { Link } from 'react-router';
import { buttonClass, linkClass } from '../../../components/button.ts';
import { type CatalogueState, catalogueHref, firstPage } from '../utils/catalogue-params.ts';

interface CataloguePagerProps {
  state: CatalogueState;
  previous: string | null;
  next: string | null;
}

/** Earlier and later events as real links (the page's edge in the address), so paging works without the page's code. */
export function CataloguePager({ state, previous, next }: CataloguePagerProps) {
  if (!previous && !next) return null;
  const filters = firstPage(state);
  const inactive = `${buttonClass('secondary', 'small')} opacity-50`;
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {previous ? (
        <Link to={catalogueHref({ ...filters, before: previous })} rel="prev" className={buttonClass('secondary', 'small')}>
          <span aria-hidden="true">←</span> Previous page
        </Link>
      ) : (
        <span aria-disabled="true" className={inactive}>
          <span aria-hidden="true">←</span> Previous page
        </span>
      )}
      {previous ? (
        <Link to={catalogueHref(filters)} className={`${linkClass} text-sm`}>
          First page
        </Link>
      ) : null}
      {next ? (
        <Link to={catalogueHref({ ...filters, after: next })} rel="next" className={buttonClass('secondary', 'small')}>
          Next page <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={inactive}>
          Next page <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
