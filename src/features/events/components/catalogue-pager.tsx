import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
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
    <nav aria-label="Pages" className="mt-8 grid grid-cols-[1fr_auto_1fr] items-center gap-2">
      {previous ? (
        <Link
          to={catalogueHref({ ...filters, before: previous })}
          rel="prev"
          className={`${buttonClass('secondary', 'small')} justify-self-start`}
        >
          <span aria-hidden="true">←</span> Previous<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={`${inactive} justify-self-start`}>
          <span aria-hidden="true">←</span> Previous<span className="sr-only"> page</span>
        </span>
      )}
      {previous ? (
        <Link to={catalogueHref(filters)} className={`${linkClass} text-sm`}>
          First page
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link
          to={catalogueHref({ ...filters, after: next })}
          rel="next"
          className={`${buttonClass('secondary', 'small')} justify-self-end`}
        >
          Next<span className="sr-only"> page</span> <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={`${inactive} justify-self-end`}>
          Next<span className="sr-only"> page</span> <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
