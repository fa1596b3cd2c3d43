import { useMutation } from '@tanstack/react-query';
import { useApiCaller } from '#lib/api-caller.tsx';

/** Says whether an article answered the visitor's question; voting again replaces the vote. */
export function useVoteHelpArticle(slug: string) {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (helpful: boolean) =>
      api<{ helpful: boolean }>({ method: 'PUT', url: `/help/articles/${encodeURIComponent(slug)}/vote`, data: { helpful } }),
  });
}
