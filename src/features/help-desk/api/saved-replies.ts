import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedReply, SavedReplyInput } from '#contract/help-agents.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

export const savedRepliesQueryOptions = (api: ApiCaller) =>
  queryOptions({
    queryKey: helpKeys.savedReplies(),
    queryFn: async () => (await api<{ items: SavedReply[] }>({ url: '/admin/help/saved-replies', silent: true })).items,
  });

export function useSavedReplies() {
  return useQuery(savedRepliesQueryOptions(useApiCaller()));
}

type SavedReplyChange = { kind: 'save'; id: string | null; input: SavedReplyInput } | { kind: 'delete'; id: string };

/** Adds, changes or deletes a saved reply; every answer is the whole list as it now is. */
export function useSavedReplyChange() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SavedReplyChange) => {
      const url = change.id ? `/admin/help/saved-replies/${encodeURIComponent(change.id)}` : '/admin/help/saved-replies';
      const result =
        change.kind === 'delete'
          ? await api<{ items: SavedReply[] }>({ method: 'DELETE', url, silent: true })
          : await api<{ items: SavedReply[] }>({ method: change.id ? 'PUT' : 'POST', url, data: change.input, silent: true });
      return result.items;
    },
    onSuccess: (items) => queryClient.setQueryData(helpKeys.savedReplies(), items),
  });
}
