import type { Catalogue, CatalogueQuery } from '../../../src/contract/catalogue.ts';
import { catalogueCityChoices } from '../../../src/contract/catalogue-terms.ts';
import { toEventSummary } from '../../lib/event-card.ts';
import { catalogueCities, catalogueRows, parseCatalogueKey } from './catalogue.repository.ts';
import { prepareSearch } from './event-search.repository.ts';
import type { EventsDeps } from './events.service.ts';

/**
 * The public catalogue: every published event that has not ended, whoever asks (nothing in it
 * depends on the caller), filtered by category, city, days and words, a page at a time, with the cities
 * to browse.
 */
export async function listCatalogue(deps: EventsDeps, query: CatalogueQuery, now = new Date()): Promise<Catalogue> {
  const filter = {
    // Looked up once for the page and the cities alike.
    search: query.q ? await prepareSearch(deps.db, query.q) : undefined,
    category: query.category,
    city: query.city,
    when: query.when,
    fromDay: query.from,
    toDay: query.to,
    now,
  };
  const [page, cities] = await Promise.all([
    catalogueRows(deps.db, filter, {
      after: query.after ? parseCatalogueKey(query.after) : undefined,
      before: query.before ? parseCatalogueKey(query.before) : undefined,
      limit: query.limit,
    }),
    catalogueCities(deps.db, filter, catalogueCityChoices),
  ]);
  return {
    items: page.items.map((row) => toEventSummary(row, deps.images)),
    total: page.total,
    next: page.next,
    previous: page.previous,
    cities,
  };
}
