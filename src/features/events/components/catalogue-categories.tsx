import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { categoryLabel, eventCategories } from '../../../contract/event-categories.ts';
import { type CatalogueState, catalogueHref, firstPage } from '../utils/catalogue-params.ts';

/** "All" and every category as links to their listing, keeping the words and dates; the current one is marked. */
export function CatalogueCategories({ state }: { state: CatalogueState }) {
  const filters = firstPage(state);
  const choices = [undefined, ...eventCategories];
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {choices.map((category) => {
          const current = category === state.category;
          return (
            <li key={category ?? 'all'}>
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
