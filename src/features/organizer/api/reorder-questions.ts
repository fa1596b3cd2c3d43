import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventQuestions } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { toast } from '#lib/toasts.tsx';

/** `PUT /events/{eventId}/questions-order`: every live question, in the order buyers see them. */
export const reorderQuestions = (api: ApiCaller, eventId: string, questionIds: string[]): Promise<EventQuestions> =>
  api<EventQuestions>({
    method: 'PUT',
    url: `/events/${encodeURIComponent(eventId)}/questions-order`,
    data: { questionIds },
    silent: true,
  });

/** Moves the questions at once on the page; a refusal puts them back and says so. */
export function useReorderQuestions(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  const key = organizerKeys.questions(eventId);
  return useMutation({
    mutationFn: (questionIds: string[]) => reorderQuestions(api, eventId, questionIds),
    onMutate: async (questionIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<EventQuestions>(key);
      if (before) {
        const byId = new Map(before.questions.map((question) => [question.id, question]));
        const questions = questionIds.flatMap((id, position) => {
          const question = byId.get(id);
          return question ? [{ ...question, position }] : [];
        });
        queryClient.setQueryData<EventQuestions>(key, { ...before, questions });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error('The new order was not saved. Please try again.');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
