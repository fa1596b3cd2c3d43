import type { CatalogueQuery } from '../../contract/catalogue.ts';

/** The filters and page of `GET /catalogue`; anything left out takes the server's default. */
export type CatalogueRequest = Partial<CatalogueQuery>;

/** The public catalogue's query keys (apart from the listing's, which the home page loads). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  page: (query: CatalogueRequest) => [...catalogueKeys.all, query] as const,
};
