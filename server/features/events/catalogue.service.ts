import type { Catalogue, CatalogueQuery } from '../../../src/contract/catalogue.ts';
import { catalogueRows, parseCatalogueKey } from './catalogue.repository.ts';
import { toEventSummary } from './event-view.ts';
import type { EventsDeps } from './events.service.ts';

/**
 * The public catalogue: every published event that has not ended, whoever asks (nothing in it
 * depends on the caller), filtered by category, days and words, a page at a time.
 */
export async function listCatalogue(deps: EventsDeps, query: CatalogueQuery, now = new Date()): Promise<Catalogue> {
  const page = await catalogueRows(
    deps.db,
    {
      words: query.q || undefined,
      category: query.category,
      when: query.when,
      fromDay: query.from,
      toDay: query.to,
      now,
    },
    {
      after: query.after ? parseCatalogueKey(query.after) : undefined,
      before: query.before ? parseCatalogueKey(query.before) : undefined,
      limit: query.limit,
    },
  );
  return {
    items: page.items.map((row) => toEventSummary(row, deps.imageUrl)),
    total: page.total,
    next: page.next,
    previous: page.previous,
  };
}
