import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpCategory } from '#contract/help-desk.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

/** Silent: an unknown category becomes the 404 page, not a toast. */
export const getHelpCategory = (api: ApiCaller, slug: string): Promise<HelpCategory> =>
  api<HelpCategory>({ url: `/help/categories/${encodeURIComponent(slug)}`, silent: true });

export const helpCategoryQueryOptions = (api: ApiCaller, slug: string) =>
  queryOptions({ queryKey: helpKeys.category(slug), queryFn: () => getHelpCategory(api, slug) });

export function useHelpCategory(slug: string) {
  return useSuspenseQuery(helpCategoryQueryOptions(useApiCaller(), slug));
}
