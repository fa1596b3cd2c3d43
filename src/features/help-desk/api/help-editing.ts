import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpAdminArticle, HelpAdminCategory, HelpArticleInput, HelpCategoryInput } from '#contract/help-desk.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

export const adminArticlesQueryOptions = (api: ApiCaller) =>
  queryOptions({
    queryKey: helpKeys.adminArticles(),
    queryFn: async () => (await api<{ items: HelpAdminArticle[] }>({ url: '/admin/help/articles', silent: true })).items,
  });

export const adminCategoriesQueryOptions = (api: ApiCaller) =>
  queryOptions({
    queryKey: helpKeys.adminCategories(),
    queryFn: async () => (await api<{ items: HelpAdminCategory[] }>({ url: '/admin/help/categories', silent: true })).items,
  });

export const useAdminArticles = () => useQuery(adminArticlesQueryOptions(useApiCaller()));
export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions(useApiCaller()));

/** Any change refreshes the agents' lists and the public answers, which it may have changed. */
function useHelpChange<Input, Output>(call: (api: ApiCaller, input: Input) => Promise<Output>) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: helpKeys.all }),
  });
}

export const useSaveArticle = () =>
  useHelpChange((api, { id, input }: { id: string | null; input: HelpArticleInput }) =>
    api<HelpAdminArticle>({
      method: id ? 'PUT' : 'POST',
      url: id ? `/admin/help/articles/${encodeURIComponent(id)}` : '/admin/help/articles',
      data: input,
      silent: true,
    }),
  );

export const useSaveCategory = () =>
  useHelpChange((api, input: HelpCategoryInput) =>
    api<Record<string, never>>({ method: 'PUT', url: '/admin/help/categories', data: input, silent: true }),
  );
