import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { questionsUrl } from './get-questions.ts';

/** `DELETE /events/{eventId}/questions/{questionId}`: a question with answers is archived. Silent: the dialog says why not. */
export const deleteQuestion = (api: ApiCaller, eventId: string, questionId: string): Promise<unknown> =>
  api<unknown>({ method: 'DELETE', url: `${questionsUrl(eventId)}/${encodeURIComponent(questionId)}`, silent: true });

export function useDeleteQuestion(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => deleteQuestion(api, eventId, questionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.questions(eventId) }),
  });
}
