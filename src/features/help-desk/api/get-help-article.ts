import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpArticle } from '#contract/help-desk.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

/** Silent: an unknown or draft article becomes the 404 page, not a toast. */
export const getHelpArticle = (api: ApiCaller, slug: string): Promise<HelpArticle> =>
  api<HelpArticle>({ url: `/help/articles/${encodeURIComponent(slug)}`, silent: true });

export const helpArticleQueryOptions = (api: ApiCaller, slug: string) =>
  queryOptions({ queryKey: helpKeys.article(slug), queryFn: () => getHelpArticle(api, slug) });

export function useHelpArticle(slug: string) {
  return useSuspenseQuery(helpArticleQueryOptions(useApiCaller(), slug));
}
