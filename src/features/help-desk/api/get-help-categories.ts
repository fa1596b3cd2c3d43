import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpCategory } from '#contract/help-desk.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

export const getHelpCategories = async (api: ApiCaller): Promise<HelpCategory[]> =>
  (await api<{ items: HelpCategory[] }>({ url: '/help/categories' })).items;

export const helpCategoriesQueryOptions = (api: ApiCaller) =>
  queryOptions({ queryKey: helpKeys.categories(), queryFn: () => getHelpCategories(api) });

export function useHelpCategories() {
  return useSuspenseQuery(helpCategoriesQueryOptions(useApiCaller()));
}
