import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Catalogue } from '#contract/catalogue.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { type CatalogueRequest, catalogueKeys } from '#lib/query-keys/catalogue.ts';

/** One page of the public catalogue (`{ items, total, next, previous }`). */
export const getCatalogue = (api: ApiCaller, query: CatalogueRequest): Promise<Catalogue> =>
  api<Catalogue>({ url: '/catalogue', params: query });

export const catalogueQueryOptions = (api: ApiCaller, query: CatalogueRequest) =>
  queryOptions({ queryKey: catalogueKeys.page(query), queryFn: () => getCatalogue(api, query) });

export function useCatalogue(query: CatalogueRequest) {
  const api = useApiCaller();
  return useQuery(catalogueQueryOptions(api, query));
}
