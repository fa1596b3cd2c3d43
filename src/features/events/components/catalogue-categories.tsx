import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { categoryLabel, eventCategories } from '#contract/event-categories.ts';
import { type CatalogueState, catalogueHref, firstPage } from '../utils/catalogue-params.ts';

/** "All" and every category as links to their listing, keeping the words and dates; the current one is marked. */
export function CatalogueCategories({ state }: { state: CatalogueState }) {
  const filters = firstPage(state);
  const choices = [undefined, ...eventCategories];
  return (
    <nav aria-label="Categories">
      {/* One scrolling row on phones, so the events stay near the top; every chip in view on wider screens. */}
      <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {choices.map((category) => {
          const current = category === state.category;
          return (
            <li key={category ?? 'all'} className="shrink-0">
              <Link
                to={catalogueHref({ ...filters, category })}
                aria-current={current ? 'page' : undefined}
                className={buttonClass(current ? 'primary' : 'secondary', 'small')}
              >
                {category ? categoryLabel(category) : 'All events'}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
