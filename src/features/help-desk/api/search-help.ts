import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpArticleLink } from '#contract/help-desk.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

export const searchHelp = async (api: ApiCaller, q: string): Promise<HelpArticleLink[]> =>
  (await api<{ items: HelpArticleLink[] }>({ url: '/help/search', params: { q } })).items;

export const helpSearchQueryOptions = (api: ApiCaller, q: string) =>
  queryOptions({ queryKey: helpKeys.search(q), queryFn: () => searchHelp(api, q) });

export function useHelpSearch(q: string) {
  return useSuspenseQuery(helpSearchQueryOptions(useApiCaller(), q));
}
