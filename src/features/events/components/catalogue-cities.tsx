import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import type { Catalogue } from '#contract/catalogue.ts';
import { type CatalogueState, catalogueHref, firstPage } from '../utils/catalogue-params.ts';

const chipClass = (current: boolean) => `${buttonClass(current ? 'primary' : 'secondary', 'small')} gap-1.5`;

/**
 * The places to browse: "Anywhere" and the cities with the most events for the other filters, each a listing
 * of its own (kept with the category, words and dates). A city chosen from a link stays offered even when
 * nothing is on there now, so it can be left.
 */
export function CatalogueCities({ state, cities }: { state: CatalogueState; cities: Catalogue['cities'] }) {
  const filters = firstPage(state);
  const chosen = state.city?.toLowerCase();
  const listed =
    chosen && !cities.some((city) => city.name.toLowerCase() === chosen)
      ? [{ name: state.city ?? '', events: 0 }, ...cities]
      : cities;
  if (listed.length === 0) return null;
  return (
    <nav aria-label="Cities">
      {/* Relative: the counts' screen-reader text is positioned, and must scroll with the row, not widen the page. */}
      <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li className="shrink-0">
          <Link
            to={catalogueHref({ ...filters, city: undefined })}
            aria-current={chosen ? undefined : 'page'}
            className={chipClass(!chosen)}
          >
            Anywhere
          </Link>
        </li>
        {listed.map((city) => {
          const current = city.name.toLowerCase() === chosen;
          return (
            <li key={city.name} className="shrink-0">
              <Link
                to={catalogueHref({ ...filters, city: city.name })}
                aria-current={current ? 'page' : undefined}
                className={chipClass(current)}
              >
                {city.name}
                <span className={current ? 'opacity-80' : 'text-slate-500'}>
                  <span className="sr-only">, </span>
                  {city.events}
                  <span className="sr-only"> {city.events === 1 ? 'event' : 'events'}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
